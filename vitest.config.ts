import { readdirSync, readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// The projects: pure domain rules, the server through its HTTP interface (PGlite by default,
// PostgreSQL when DATABASE_URL is set), the server and CLIs as processes, and browser components
// under jsdom with msw (two projects that differ only in per-file isolation; run both with
// `--project 'components*'`).
const components = (test: { name: string; include?: string[]; exclude?: string[]; isolate: boolean }): TestProjectInlineConfiguration => ({
  extends: true,
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["tests/components/**/*.test.tsx", "tests/components/**/*.test.ts"],
    setupFiles: ["tests/components/setup.ts"],
    testTimeout: 20_000,
    ...test,
  },
});
/**
 * The component tests that use vi.mock (see the `components-mocked` project), found by reading
 * them: a new one joins that project by itself, never the shared registry where its mock breaks.
 */
const MODULE_MOCK_FILES = readdirSync("tests/components")
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `tests/components/${name}`)
  .filter((file) => readFileSync(file, "utf8").includes("vi.mock("));

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify("test") },
  test: {
    // Both cores: most of a file's time is importing the app, which runs in parallel well (the
    // default leaves one core idle on a 2-core machine).
    maxWorkers: 2,
    projects: [
      {
        // Pure functions: the files share one module registry per worker (isolate: false), which
        // saves importing the domain again for every file.
        extends: true,
        // A generated demo season or a property test's hundreds of cases take 1–3 s alone; on a
        // busy 2-core machine (CI runs the process tests' servers beside it) more than Vitest's
        // 5-second default. The limit catches a hang; it asserts nothing about speed.
        test: {
          name: "domain",
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module registry per worker (isolate: false): each file still gets its own server
          // and its own copy of the template database (harness.ts); the server's caches are keyed
          // by that database, so nothing a file does reaches the next one.
          isolate: false,
        },
      },
      {
        // Slotdesk as separate processes: the bundled server killed at failpoints, the CLIs
        // through the embedded database's owner. Slow by nature: few, whole-flow tests.
        extends: true,
        test: {
          name: "process",
          environment: "node",
          include: ["tests/process/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      // One module registry and one jsdom window per worker, not per file: importing the app was
      // most of each file's time. tests/components/setup.ts resets what the app keeps in module
      // memory after every test.
      components({ name: "components", exclude: [...configDefaults.exclude, ...MODULE_MOCK_FILES], isolate: false }),
      // The files that replace a module with vi.mock keep a registry of their own: a module mock is
      // scoped to one file only because Vitest resets the registry per file; in a shared registry
      // it misses the modules other files already loaded for real and reaches into the files that
      // run after it (vitest-dev/vitest#11152).
      components({ name: "components-mocked", include: MODULE_MOCK_FILES, isolate: true }),
    ],
  },
});
