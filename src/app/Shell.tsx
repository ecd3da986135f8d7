import { CssBaseline } from "@mui/material";
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Notification,
  useLogin,
} from "react-admin";
import { Navigate, Route } from "react-router-dom";
import { SetPasswordPage } from "./account/SetPasswordPage";
import { authProvider } from "./auth/authProvider";
import { LoginPage } from "./auth/LoginPage";
import { HOME_PATH, LOGIN_PATH, SET_PASSWORD_PATH } from "../client/auth/session";
import { dataProvider } from "./dataProvider";
import { i18nProvider, translate } from "../client/i18n/i18nProvider";
import { TranslateContext } from "../client/i18n/translate";
import { AppLayout } from "./layout/AppLayout";
import { NotFoundPage } from "./layout/NotFoundPage";
import { ViewRoute } from "./layout/ViewRoute";
import { theme } from "./theme";
import { VIEWS } from "./views";

/** Toasts at the bottom left for 5 s (seed 000 §9). */
const AppNotification = () => (
  <Notification anchorOrigin={{ vertical: "bottom", horizontal: "left" }} autoHideDuration={5000} />
);

/** What react-admin keeps between visits (list parameters and the like), as <Admin> keeps it. */
const store = localStorageStore();

/** `/` opens the default view, Entrega de turno. */
const HomeRedirect = () => <Navigate to={HOME_PATH} replace />;

/**
 * The login page once the shell is loaded (after a sign-out or an expired session): it signs in
 * through react-admin, which also clears the shell's toasts and cached permissions.
 */
const ShellLoginPage = () => {
  const login = useLogin();
  return (
    <LoginPage
      signIn={async (email, password) => {
        await login({ username: email, password }, HOME_PATH);
      }}
    />
  );
};

/**
 * The signed-in application: react-admin with the shell layout and every view (each
 * lazy-loaded). App.tsx loads it only for a browser that has, or had, a session; the public pages
 * stay here too, so a sign-out or an expired session keeps the shell (and its toasts) mounted.
 *
 * What <Admin> would render, composed from its parts (AdminContext, then AdminUI's baseline,
 * routes and notification), so that react-admin's defaults this app replaces (its login page and
 * form, its layout, its English messages) are not part of the shell's JavaScript.
 */
const Shell = () => (
  // The pages shared with the public side translate through this context: the whole catalog here.
  <TranslateContext.Provider value={translate}>
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Slotdesk"
          layout={AppLayout}
          loginPage={false}
          dashboard={HomeRedirect}
          catchAll={NotFoundPage}
          error={ErrorPage}
          loading={LoadingPage}
          disableTelemetry
        >
          <CustomRoutes noLayout>
            <Route path={LOGIN_PATH} element={<ShellLoginPage />} />
            {/* The e-mailed invitation and reset links: public, like the login page. */}
            <Route path={SET_PASSWORD_PATH} element={<SetPasswordPage />} />
          </CustomRoutes>
          <CustomRoutes>
            {VIEWS.map((view) => (
              <Route key={view.id} path={`${view.path}/*`} element={<ViewRoute view={view} />} />
            ))}
          </CustomRoutes>
        </CoreAdminUI>
        <AppNotification />
      </CssBaseline>
    </AdminContext>
  </TranslateContext.Provider>
);

export default Shell;
