import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserNavigation } from "./navigation";
import { hadSession, isPublicPath, PublicApp } from "./PublicApp";

console.info(`Slotdesk ${__APP_VERSION__}`);

const container = document.getElementById("root");
if (!container) throw new Error("Slotdesk: the page has no #root element");
const root = createRoot(container);

let appCode: Promise<typeof import("./AppRouter")> | null = null;

/** The whole app's code: the data router around App, and the shell it will ask for, fetched together. */
const loadApp = (): Promise<typeof import("./AppRouter")> => {
  appCode ??= Promise.all([import("./AppRouter"), import("./Shell")]).then(([router]) => router);
  return appCode;
};

/** Fetches the whole app's code without showing it (signing in waits for it). */
const prepareApp = async (): Promise<void> => {
  await loadApp();
};

let appShown = false;

/** Renders the whole app at the current URL, once. */
const showApp = (): void => {
  if (appShown) return;
  appShown = true;
  loadApp().then(
    ({ AppRouter }) => {
      root.render(
        <StrictMode>
          <AppRouter />
        </StrictMode>,
      );
    },
    () => {
      // A chunk that did not arrive (a new version was deployed, the network failed): load the
      // page again, with the index.html of the version the server has now.
      window.location.reload();
    },
  );
};

if (isPublicPath(window.location.pathname) || !hadSession()) {
  // A visitor with no session, or anyone on the sign-in or set-password page: only those pages
  // load (no react-admin, no react-router) until signing in leads elsewhere.
  root.render(
    <StrictMode>
      <BrowserNavigation>
        <PublicApp prepareApp={prepareApp} onLeave={showApp} />
      </BrowserNavigation>
    </StrictMode>,
  );
} else {
  showApp();
}
