/// <reference types="vite/client" />

/** The package version, injected by Vite's `define` (see vite.config.ts and vitest.config.ts). */
declare const __APP_VERSION__: string;

/** Runtime configuration written by the server's `/config.js`, loaded before the app. */
interface SlotdeskRuntimeConfig {
  /** Base URL of the main API (`/api/...`); empty means the page's own origin. */
  apiBaseUrl?: string;
  /** Base URL of the task service (`/references/...`, `/tasks/...`); empty means the page's own origin. */
  taskBaseUrl?: string;
}

interface Window {
  __SLOTDESK_CONFIG__?: SlotdeskRuntimeConfig;
}
