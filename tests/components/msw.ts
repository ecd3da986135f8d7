import { setupServer } from "msw/node";
import { createOpenApiHttp } from "openapi-msw";
import type { paths } from "../../src/generated/openapi";

/** Request handlers typed from the contract: paths, parameters, bodies and responses. */
export const http = createOpenApiHttp<paths>({ baseUrl: window.location.origin });

/** The one mock server of the component tests; each test adds its handlers with `server.use`. */
export const server = setupServer();
