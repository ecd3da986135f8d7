import "@testing-library/jest-dom/vitest";
import { resetOwnWrites } from "../../src/client/api/ownWrites";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { forgetSessionVerification } from "../../src/app/auth/signIn";
import { forgetCsrfToken } from "../../src/client/api/client";
import { server } from "./msw";

// A view or dialog the app loads lazily is compiled on its first open in a test file; on a busy
// CI machine that takes more than Testing Library's default second. Waits end as soon as what
// they wait for shows, so a longer limit changes no assertion and costs nothing when it passes.
configure({ asyncUtilTimeout: 5_000 });

/** The width of the laptops the team uses; a test narrows it on purpose. */
const DESKTOP_WIDTH = 1366;

const setWindowWidth = (width: number) => {
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
};

// jsdom has no matchMedia: answer width queries from window.innerWidth, everything else "no".
if (typeof window.matchMedia !== "function") {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const width = window.innerWidth;
      const matches =
        (min !== null || max !== null) &&
        (min === null || width >= Number(min[1])) &&
        (max === null || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  });
}

// jsdom has no ResizeObserver either; nothing in these tests depends on sizes changing.
if (typeof globalThis.ResizeObserver !== "function") {
  class NoopResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = NoopResizeObserver;
}

const clearCookies = () => {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
};

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));

beforeEach(() => {
  setWindowWidth(DESKTOP_WIDTH);
});

// The project runs without per-file isolation (vitest.config.ts): the files of a worker share one
// module registry and one jsdom window, so what the app keeps in module memory outlives a file.
// This setup file is evaluated again for every test file (a helper module is not: its hooks would
// register once per worker), so every reset lives here. Each test is a new page load: no CSRF
// token in memory, a session not yet verified with the server (each render is a new react-admin
// QueryClient, so no query — the delay codes among them — is kept from the last test).
afterEach(() => {
  cleanup();
  forgetCsrfToken();
  forgetSessionVerification();
  resetOwnWrites();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
  clearCookies();
  document.title = "";
});

afterAll(() => server.close());
