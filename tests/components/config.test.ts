import { afterEach, describe, expect, it } from "vitest";

type ConfigModule = typeof import("../../src/client/api/config");

// The module reads window.__SLOTDESK_CONFIG__ once, when it is evaluated, as a page load does.
// Each case evaluates a copy of its own (a distinct query makes a distinct module), so nothing
// else in the worker's shared module registry is reloaded (the project runs with isolate: false).
let copies = 0;
const loadConfig = async (config: unknown): Promise<ConfigModule> => {
  Object.defineProperty(window, "__SLOTDESK_CONFIG__", { configurable: true, writable: true, value: config });
  copies += 1;
  return (await import(/* @vite-ignore */ `../../src/client/api/config.ts?case=${copies}`)) as ConfigModule;
};

afterEach(() => {
  Reflect.deleteProperty(window, "__SLOTDESK_CONFIG__");
});

describe("runtime configuration (/config.js)", () => {
  it("uses the page's origin when the values are empty or missing", async () => {
    expect(await loadConfig({ apiBaseUrl: "", taskBaseUrl: "" })).toMatchObject({
      apiBaseUrl: window.location.origin,
      taskBaseUrl: window.location.origin,
    });
    expect(await loadConfig(undefined)).toMatchObject({
      apiBaseUrl: window.location.origin,
      taskBaseUrl: window.location.origin,
    });
    expect(await loadConfig({ apiBaseUrl: 42, taskBaseUrl: null })).toMatchObject({
      apiBaseUrl: window.location.origin,
      taskBaseUrl: window.location.origin,
    });
  });

  it("takes configured services, absolute or relative to the page, without a trailing slash", async () => {
    expect(await loadConfig({ apiBaseUrl: "/backend/", taskBaseUrl: "https://tareas.example.com/" })).toMatchObject({
      apiBaseUrl: `${window.location.origin}/backend`,
      taskBaseUrl: "https://tareas.example.com",
    });
  });
});
