import { afterEach, describe, expect, it, vi } from "vitest";

const loadConfig = async (config: unknown) => {
  Object.defineProperty(window, "__SLOTDESK_CONFIG__", { configurable: true, writable: true, value: config });
  vi.resetModules();
  return import("../../src/client/api/config");
};

afterEach(() => {
  Reflect.deleteProperty(window, "__SLOTDESK_CONFIG__");
  vi.resetModules();
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
