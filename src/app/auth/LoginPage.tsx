import { Alert, Button, Stack } from "@mui/material";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { AuthCard } from "../account/AuthCard";
import { AuthField } from "../account/AuthField";
import { AuthSubmitButton } from "../account/AuthSubmitButton";
import { isPasswordSavedState } from "../account/loginNotice";
import { useTranslate } from "../../client/i18n/translate";
import { Redirect, useNavigation } from "../navigation";
import { usePageTitle } from "../../client/ui/usePageTitle";
import { EXPIRED_FLAG, getStoredUser, HOME_PATH } from "../../client/auth/session";
import { signIn } from "./signIn";

/** '¿Olvidó su contraseña?' is loaded when first asked for: the sign-in page shows without it. */
const ForgotPasswordDialog = lazy(() =>
  import("../account/ForgotPasswordDialog").then((module) => ({ default: module.ForgotPasswordDialog })),
);

/** Signs in and leads to the first view; rejects with the Spanish sentence to show. */
export type SignIn = (email: string, password: string) => Promise<void>;

export interface LoginPageProps {
  /**
   * How to sign in. Alone (before the shell is loaded) the page signs in and goes to
   * Entrega de turno itself; inside the shell it is react-admin's login, which also resets the
   * shell's notifications and cached permissions.
   */
  signIn?: SignIn;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

/**
 * The login page at /auth/login (outside the shell). Shows the server's Spanish message when
 * signing in fails, and the "session expired" notice when a 401 sent the user here, or the
 * "password saved" notice after the set-password page. '¿Olvidó su contraseña?' asks for a reset link.
 */
export const LoginPage = ({ signIn: signInWith }: LoginPageProps) => {
  const translate = useTranslate();
  const { search, state, navigate } = useNavigation();
  usePageTitle("slotdesk.auth.title");

  const [alreadySignedIn] = useState(() => getStoredUser() !== null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotAsked, setForgotAsked] = useState(false);

  if (alreadySignedIn) return <Redirect to={HOME_PATH} />;

  const expired = new URLSearchParams(search).get(EXPIRED_FLAG) === "1" && failure === null;
  const passwordSaved = isPasswordSavedState(state) && failure === null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors: FieldErrors = {};
    if (email.trim() === "") errors.email = translate("slotdesk.auth.required_email");
    if (password === "") errors.password = translate("slotdesk.auth.required_password");
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setSubmitting(true);
    setFailure(null);
    try {
      if (signInWith) {
        await signInWith(email.trim(), password);
      } else {
        await signIn(email.trim(), password);
        navigate(HOME_PATH);
      }
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : translate("slotdesk.errors.generic"));
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthCard titleKey="slotdesk.auth.title" titleId="login-title" width={380}>
        <Stack spacing={2} component="form" noValidate onSubmit={submit} aria-labelledby="login-title">
          {expired ? <Alert severity="warning">{translate("slotdesk.auth.expired")}</Alert> : null}
          {passwordSaved ? <Alert severity="success">{translate("slotdesk.account.password_saved")}</Alert> : null}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <AuthField
            label={translate("slotdesk.auth.email")}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            variant="outlined"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            disabled={submitting}
            maxLength={256}
          />
          <AuthField
            label={translate("slotdesk.auth.password")}
            type="password"
            name="password"
            autoComplete="current-password"
            variant="outlined"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
            disabled={submitting}
          />
          <AuthSubmitButton labelKey="slotdesk.auth.submit" busyKey="slotdesk.auth.submitting" busy={submitting} />
          <Button
            type="button"
            variant="text"
            size="small"
            onClick={() => {
              setForgotAsked(true);
              setForgotOpen(true);
            }}
            disabled={submitting}
            sx={{ alignSelf: "center" }}
          >
            {translate("slotdesk.account.forgot_link")}
          </Button>
        </Stack>
      </AuthCard>
      {forgotAsked ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email.trim()} />
        </Suspense>
      ) : null}
    </>
  );
};
