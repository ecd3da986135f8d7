/**
 * Runtime configuration. The server serves `/config.js`, which sets `window.__SLOTDESK_CONFIG__`
 * before the app loads. Anything missing, empty or malformed falls back to the page's own origin,
 * which is how the server runs by default (one process serving the app, the API and the tasks).
 */

const readBaseUrl = (value: unknown): string => {
  const origin = window.location.origin;
  if (typeof value !== "string" || value.trim() === "") return origin;
  try {
    // Resolve relative values ("/backend") against the page and drop any trailing slash, because
    // openapi-fetch joins the base URL with paths that already start with "/".
    return new URL(value.trim(), origin).toString().replace(/\/+$/, "");
  } catch {
    return origin;
  }
};

const readConfig = (): SlotdeskRuntimeConfig => {
  const raw: unknown = window.__SLOTDESK_CONFIG__;
  if (typeof raw !== "object" || raw === null) return {};
  const config: SlotdeskRuntimeConfig = {};
  if ("apiBaseUrl" in raw && typeof raw.apiBaseUrl === "string") config.apiBaseUrl = raw.apiBaseUrl;
  if ("taskBaseUrl" in raw && typeof raw.taskBaseUrl === "string") config.taskBaseUrl = raw.taskBaseUrl;
  return config;
};

const config = readConfig();

/** Absolute base URL of the main API. */
export const apiBaseUrl: string = readBaseUrl(config.apiBaseUrl);

/** Absolute base URL of the task service. */
export const taskBaseUrl: string = readBaseUrl(config.taskBaseUrl);
