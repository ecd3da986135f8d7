import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { App } from "./App";

console.info(`Slotdesk ${__APP_VERSION__}`);

const container = document.getElementById("root");
if (!container) throw new Error("Slotdesk: the page has no #root element");

// A data router, so react-admin can block navigation when a form has unsaved changes.
const router = createBrowserRouter([{ path: "*", element: <App /> }]);

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
