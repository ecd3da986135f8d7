import { Admin, CustomRoutes, Notification } from "react-admin";
import { Navigate, Route } from "react-router-dom";
import { SetPasswordPage } from "./account/SetPasswordPage";
import { authProvider } from "./auth/authProvider";
import { LoginPage } from "./auth/LoginPage";
import { LOGIN_PATH } from "./auth/session";
import { dataProvider } from "./dataProvider";
import { i18nProvider } from "./i18n/i18nProvider";
import { AppLayout } from "./layout/AppLayout";
import { NotFoundPage } from "./layout/NotFoundPage";
import { ResolutionGuard } from "./layout/ResolutionGuard";
import { ViewRoute } from "./layout/ViewRoute";
import { theme } from "./theme";
import { HOME_PATH, VIEWS } from "./views";

/** Toasts at the bottom left for 5 s (seed 000 §9). */
const AppNotification = () => (
  <Notification anchorOrigin={{ vertical: "bottom", horizontal: "left" }} autoHideDuration={5000} />
);

/** `/` opens the default view, Entrega de turno. */
const HomeRedirect = () => <Navigate to={HOME_PATH} replace />;

/**
 * The application. It expects to be rendered inside a router (a browser router in main.tsx, a
 * memory router in tests), so the URLs are real paths such as /auth/login and /turnover.
 */
export const App = () => (
  <ResolutionGuard>
    <Admin
      title="Slotdesk"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={AppLayout}
      notification={AppNotification}
      loginPage={false}
      dashboard={HomeRedirect}
      catchAll={NotFoundPage}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        {/* The e-mailed invitation and reset links: public, like the login page. */}
        <Route path="/auth/set-password" element={<SetPasswordPage />} />
      </CustomRoutes>
      <CustomRoutes>
        {VIEWS.map((view) => (
          <Route key={view.id} path={`${view.path}/*`} element={<ViewRoute view={view} />} />
        ))}
      </CustomRoutes>
    </Admin>
  </ResolutionGuard>
);
