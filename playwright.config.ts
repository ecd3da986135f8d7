import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests in Debian's Chromium (never a downloaded browser) against the production build.
const port = Number(process.env.E2E_PORT ?? 8391);
export const E2E_USERS_FILE = join(tmpdir(), `slotdesk-e2e-users-${port}.json`);
process.env.E2E_USERS_FILE = E2E_USERS_FILE;
export const E2E_MAIL_FILE = join(tmpdir(), `slotdesk-e2e-mail-${port}.jsonl`);
process.env.E2E_MAIL_FILE = E2E_MAIL_FILE;
// A second server as a fresh install runs: no SMTP, no demo season (tests/e2e/no-smtp.spec.ts).
const noSmtpPort = port + 1;
export const E2E_NO_SMTP_URL = `http://127.0.0.1:${noSmtpPort}`;
process.env.E2E_NO_SMTP_URL = E2E_NO_SMTP_URL;
export const E2E_NO_SMTP_USERS_FILE = join(tmpdir(), `slotdesk-e2e-users-${noSmtpPort}.json`);
process.env.E2E_NO_SMTP_USERS_FILE = E2E_NO_SMTP_USERS_FILE;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      command: "node_modules/.bin/tsx scripts/e2e-server.ts",
      url: `http://127.0.0.1:${port}/api/health/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: { E2E_PORT: String(port), E2E_USERS_FILE, E2E_MAIL_FILE },
    },
    {
      command: "node_modules/.bin/tsx scripts/e2e-server.ts",
      url: `${E2E_NO_SMTP_URL}/api/health/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: { E2E_PORT: String(noSmtpPort), E2E_USERS_FILE: E2E_NO_SMTP_USERS_FILE, E2E_SMTP: "off", E2E_DEMO: "0" },
    },
  ],
});
