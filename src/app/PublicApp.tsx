import { Box, CircularProgress, CssBaseline, Typography } from "@mui/material";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { lazy, Suspense, useCallback, useEffect } from "react";
import { LoginPage, type SignIn } from "./auth/LoginPage";
import { getStoredRole, getStoredUser, HOME_PATH, LOGIN_PATH, SET_PASSWORD_PATH } from "../client/auth/session";
import { signIn } from "./auth/signIn";
import { useTranslate } from "../client/i18n/translate";
import { ResolutionGuard } from "./layout/ResolutionGuard";
import { Redirect, useNavigation } from "./navigation";
import { theme } from "./theme";

/** The e-mailed link's page, with its query cache, loaded only when a link is opened. */
const SetPasswordPage = lazy(() => import("./account/SetPasswordPage").then((module) => ({ default: module.SetPasswordPage })));

/**
 * The pages outside the shell, and what a page load that starts on them shows (main.tsx): no
 * react-admin, no react-router, a small set of MUI components. Their JavaScript is what the
 * sign-in page loads before it can be used.
 */

/** The public pages: sign-in and the e-mailed links' page. */
const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, SET_PASSWORD_PATH];

/** Trailing slashes aside, as react-router matches them. */
const normalise = (pathname: string): string => pathname.replace(/\/+$/, "") || "/";

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.includes(normalise(pathname));

/**
 * Whether this browser has, or had, a session: the shell's session check starts from the same
 * two values (seed 000 §6) and sends a browser with neither to the login page without asking the
 * server. Such a visitor goes there without loading the shell at all.
 */
export const hadSession = (): boolean => getStoredUser() !== null || getStoredRole() !== null;

/** The shell's own theme, so the public pages look the same before and after it loads. */
const publicTheme = createTheme(theme);

/** While the shell loads. */
export const ShellLoading = () => {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", gap: 2 }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">{translate("slotdesk.app.loading")}</Typography>
    </Box>
  );
};

/**
 * The public page of the current path (the caller routes only public paths here). `signIn`: how
 * the login page signs in (by default it signs in and goes to Entrega de turno).
 */
export const PublicPages = ({ signIn: signInWith }: { signIn?: SignIn }) => {
  const { pathname } = useNavigation();
  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline enableColorScheme />
      {normalise(pathname) === SET_PASSWORD_PATH ? (
        <Suspense fallback={<ShellLoading />}>
          <SetPasswordPage />
        </Suspense>
      ) : (
        <LoginPage signIn={signInWith} />
      )}
    </ThemeProvider>
  );
};

/** Hands over to the whole app once, showing the shell's loading state meanwhile. */
const Leave = ({ onLeave }: { onLeave: () => void }) => {
  useEffect(onLeave, [onLeave]);
  return <ShellLoading />;
};

export interface PublicAppProps {
  /** Fetches the whole app's code; signing in waits for it, so the shell shows as the URL changes. */
  prepareApp: () => Promise<void>;
  /** Renders the whole app, at the current URL. */
  onLeave: () => void;
}

/**
 * The public pages on their own, for a page load that starts on them or has no session
 * (main.tsx). Any other path leads to the login page, or, once signed in, to `onLeave`: main.tsx
 * then renders the whole app, under react-router, at the URL the login page went to.
 */
export const PublicApp = ({ prepareApp, onLeave }: PublicAppProps) => {
  const { pathname, navigate } = useNavigation();
  // Signing in keeps the form busy until the shell's code is here too (a failure to fetch it is
  // handled by onLeave), then goes to Entrega de turno.
  const signInHere = useCallback<SignIn>(
    async (email, password) => {
      await signIn(email, password);
      await prepareApp().catch(() => undefined);
      navigate(HOME_PATH);
    },
    [prepareApp, navigate],
  );
  let content;
  if (isPublicPath(pathname)) content = <PublicPages signIn={signInHere} />;
  else if (hadSession()) content = <Leave onLeave={onLeave} />;
  else content = <Redirect to={LOGIN_PATH} />;
  return <ResolutionGuard>{content}</ResolutionGuard>;
};
