/**
 * What the browser benches share: the app as the browser tests run it (scripts/e2e-server.ts: the
 * production build on a fresh embedded database with the demo season and one user per role) and
 * Debian's Chromium with the flags this machine needs (see playwright.config.ts).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";

export type BenchUsers = Record<string, { email: string; password: string }>;

/** Resolves once `url` answers 200, asking every `everyMs`; throws after the deadline (epoch ms). */
export async function waitForHealth(url: string, deadline: number, everyMs = 100): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`no answer from ${url}`);
}

export interface BenchApp {
  baseUrl: string;
  users: BenchUsers;
  browser: Browser;
  stop(): Promise<void>;
}

export async function startBenchApp(port: number): Promise<BenchApp> {
  const usersFile = join(tmpdir(), `slotdesk-bench-users-${port}.json`);
  const server = spawn(join("node_modules", ".bin", "tsx"), ["scripts/e2e-server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      E2E_PORT: String(port),
      E2E_USERS_FILE: usersFile,
      E2E_MAIL_FILE: join(tmpdir(), `slotdesk-bench-mail-${port}.jsonl`),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((r) => server.once("exit", r));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const stop = async () => {
    await browser.close();
    server.kill("SIGTERM");
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health/`, Date.now() + 120_000);
    return { baseUrl, users: JSON.parse(readFileSync(usersFile, "utf8")) as BenchUsers, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs in the page: `count` frames with nothing to do, the machine's baseline for a scroll bench. */
export const IDLE_FRAMES = (count: number) => `new Promise((resolve) => {
  const durations = [];
  let last = performance.now();
  const step = (now) => {
    durations.push(now - last);
    last = now;
    if (durations.length > ${count}) resolve(durations.slice(1));
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;
