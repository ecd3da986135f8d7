import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { App } from "./App";

/**
 * App under a data router, so react-admin can block navigation when a form has unsaved changes.
 * Its own chunk: the sign-in page runs under a plain router (see main.tsx). The router is made
 * when this module loads, at the URL the page is at by then.
 */
const router = createBrowserRouter([{ path: "*", element: <App /> }]);

export const AppRouter = () => <RouterProvider router={router} />;
