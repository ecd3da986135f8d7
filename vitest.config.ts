import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Four projects: pure domain rules, the server through its HTTP interface (PGlite by default,
// PostgreSQL when DATABASE_URL is set), the server and CLIs as processes, and browser components
// under jsdom with msw.
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify("test") },
  test: {
    // Both cores: most of a file's time is importing the app, which runs in parallel well (the
    // default leaves one core idle on a 2-core machine).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "domain", environment: "node", include: ["tests/unit/**/*.test.ts"] },
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
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "components",
          environment: "jsdom",
          include: ["tests/components/**/*.test.tsx", "tests/components/**/*.test.ts"],
          setupFiles: ["tests/components/setup.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
