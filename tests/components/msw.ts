import { setupServer } from "msw/node";
import { createOpenApiHttp } from "openapi-msw";
import type { paths } from "../../src/generated/openapi";

/** Request handlers typed from the contract: paths, parameters, bodies and responses. */
export const http = createOpenApiHttp<paths>({ baseUrl: window.location.origin });

/**
 * The one mock server of the component tests; each test adds its handlers with `server.use`,
 * which take precedence over these defaults: the default view (Entrega de turno) loads rows and
 * a CSRF token whenever the shell renders, and most tests are about something else.
 */
export const server = setupServer(
  http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
  http.post("/api/turnover/", ({ response }) => response(200).json([])),
  http.get("/api/user-list/", ({ response }) => response(200).json([])),
  http.get("/api/roles/", ({ response }) => response(200).json([])),
);
