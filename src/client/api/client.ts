import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../../generated/openapi";
import { clearTabSession } from "../auth/session";
import { apiBaseUrl, taskBaseUrl } from "./config";
import { translate } from "../i18n/translate";
import { ownWritesMiddleware } from "./ownWrites";
import { notifySessionExpired } from "./sessionExpiry";

const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "X-CSRFToken";
const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * 401s these operations answer are handled by their callers: a failed login is shown on the
 * form, a failed logout is ignored, and the session check on load (`/api/auth/me/`) is owned by
 * the authProvider, which sends the user to the login page with the same "expired" notice.
 */
const SELF_HANDLED_401 = new Set(["/api/auth/login/", "/api/auth/logout/", "/api/auth/me/"]);

/** The token returned by the last `GET /api/auth/csrf/` (used when the cookie is not readable). */
let lastCsrfToken: string | null = null;
let pendingCsrfToken: Promise<string> | null = null;

const readCookie = (name: string): string | null => {
  for (const part of document.cookie.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = decodeURIComponent(part.slice(separator + 1).trim());
    return value === "" ? null : value;
  }
  return null;
};

/** The page can read the API's cookies only when the API is served from the page's origin. */
const apiSharesOrigin = (): boolean => new URL(apiBaseUrl).origin === window.location.origin;

/** Forget the token kept in memory (after logout, or when the server rejected it). */
export const forgetCsrfToken = (): void => {
  lastCsrfToken = null;
};

const requestCsrfToken = async (): Promise<string> => {
  const { data, error } = await apiClient.GET("/api/auth/csrf/");
  if (!data) throw new Error(apiErrorMessage(error));
  lastCsrfToken = data.csrftoken;
  return data.csrftoken;
};

/** The CSRF token to send: the cookie's value, else the last one returned, else a fresh one. */
export const getCsrfToken = async (): Promise<string> => {
  const fromCookie = apiSharesOrigin() ? readCookie(CSRF_COOKIE) : null;
  if (fromCookie) return fromCookie;
  if (lastCsrfToken) return lastCsrfToken;
  pendingCsrfToken ??= requestCsrfToken().finally(() => {
    pendingCsrfToken = null;
  });
  return pendingCsrfToken;
};

const csrfMiddleware: Middleware = {
  async onRequest({ request }) {
    if (!MUTATING_METHODS.has(request.method.toUpperCase())) return undefined;
    request.headers.set(CSRF_HEADER, await getCsrfToken());
    return request;
  },
  onResponse({ request, response }) {
    // A rejected token (or a forbidden action: the answer does not say which) is not reused.
    if (response.status === 403 && MUTATING_METHODS.has(request.method.toUpperCase())) forgetCsrfToken();
    return undefined;
  },
};

const sessionMiddleware: Middleware = {
  onResponse({ schemaPath, response }) {
    if (response.status === 401 && !SELF_HANDLED_401.has(schemaPath)) {
      clearTabSession();
      notifySessionExpired();
    }
    return undefined;
  },
};

const createApiClient = <P extends object>(baseUrl: string) => {
  const client = createClient<P>({
    baseUrl,
    credentials: "include",
    // Resolve `fetch` at call time, so request interception (msw in tests) sees every call.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use(csrfMiddleware, sessionMiddleware, ownWritesMiddleware);
  return client;
};

/** The main API (`/api/...`). */
export const apiClient = createApiClient<paths>(apiBaseUrl);

/**
 * The contract's resource operations as the generic data provider calls them, by the paths and
 * methods of src/generated/resources.ts: a body is what a form generated from the operation's
 * request schema holds (validated against that schema before it leaves), and an answer is read
 * by the resource's record schema.
 */
interface ResourceCall {
  parameters: { query?: Record<string, unknown>; path?: Record<string, number> };
  requestBody?: { content: { "application/json": Record<string, unknown> } };
  responses: {
    200: { content: { "application/json": unknown } };
    201: { content: { "application/json": unknown } };
    default: { content: { "application/json": unknown } };
  };
}
export type ResourcePaths = Record<string, { get: ResourceCall; post: ResourceCall; put: ResourceCall; delete: ResourceCall }>;
export const resourceClient = createApiClient<ResourcePaths>(apiBaseUrl);

/** The task service (`/references/...`, `/tasks/...`); same session and CSRF rules. */
export const taskClient = createApiClient<paths>(taskBaseUrl);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The Spanish sentence to show for a failed call: the server's `message` (every error body is
 * `{ message, errors? }`), or the generic notice when there is none (network failure, a proxy's
 * HTML page, a JavaScript error whose text is not meant for people).
 */
export const apiErrorMessage = (error: unknown): string => {
  if (!(error instanceof Error) && isRecord(error) && typeof error.message === "string" && error.message.trim()) {
    return error.message;
  }
  return translate("slotdesk.errors.generic");
};
