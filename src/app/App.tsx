import { lazy, Suspense, useState } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { LOGIN_PATH } from "../client/auth/session";
import { ResolutionGuard } from "./layout/ResolutionGuard";
import { hadSession, isPublicPath, PublicPages, ShellLoading } from "./PublicApp";
import { RouterNavigation } from "./RouterNavigation";

/**
 * The signed-in application (react-admin, the shell, the views), loaded only once it is needed:
 * the public pages are usable long before, with a fraction of the JavaScript.
 */
const Shell = lazy(() => import("./Shell"));

/**
 * The application. It expects to be rendered inside a router (the data router of AppRouter.tsx,
 * a memory router in tests), so the URLs are real paths such as /auth/login and /turnover.
 *
 * Until the shell is needed, the public pages render on their own. Once a signed-in (or
 * formerly signed-in) browser asks for any other path, the shell loads and stays: it serves the
 * public pages too from then on, so signing out or an expired session keeps its toasts.
 */
export const App = () => {
  const { pathname } = useLocation();
  const isPublic = isPublicPath(pathname);
  const [shellStarted, setShellStarted] = useState(false);
  const startShell = !shellStarted && !isPublic && hadSession();
  // Adjusting state while rendering: the shell starts in this very render, without a flash.
  if (startShell) setShellStarted(true);

  let content;
  if (shellStarted || startShell) {
    content = (
      <Suspense fallback={<ShellLoading />}>
        <Shell />
      </Suspense>
    );
  } else if (isPublic) {
    content = <PublicPages />;
  } else {
    content = <Navigate to={LOGIN_PATH} replace />;
  }
  return (
    <RouterNavigation>
      <ResolutionGuard>{content}</ResolutionGuard>
    </RouterNavigation>
  );
};
