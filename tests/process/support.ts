/**
 * Slotdesk as separate processes, the way people run it: the bundled server (`npm start`'s
 * dist-server/main.js, built here into dist-server/process-tests/), the CLIs through tsx, and an
 * HTTP client with a cookie jar that signs in like the browser. Each test gets its own data directory
 * or its own PostgreSQL database (when DATABASE_URL is set).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";
import { queryRows } from "../../src/server/db/sql";
import { acquireDataDir } from "../../src/server/owner/lock";
import { buildServer } from "../../scripts/build-server";
import { databaseUrlFor } from "../api/databases";

const ROOT = resolve(import.meta.dirname, "../..");
// Inside this tree (dist-server/ is ignored by git and ESLint), not in node_modules/.cache: the
// bundle finds the project (its migrations, the contract) from where it lies, so in a git
// worktree whose node_modules links to another tree's it ran that tree's migrations, and shared
// one bundle with that tree's test runs.
const BUNDLE = join(ROOT, "dist-server/process-tests/main.js");
const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");

let bundled: Promise<void> | null = null;
/** The server as `npm run build` bundles it (built once per test file, under a second). */
export function bundleServer(): Promise<void> {
  bundled ??= buildServer(dirname(BUNDLE));
  return bundled;
}

/** Where a test's data lives: an embedded data directory, or a fresh PostgreSQL database. */
export interface TestStore {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Counts rows with the server stopped (on PGlite the test takes the directory to read it). */
  count(table: string, where?: string): Promise<number>;
  remove(): Promise<void>;
}

export async function createStore(): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), "slotdesk-process-"));
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `slotdesk_proc_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    databaseUrl = databaseUrlFor(baseUrl, name);
  }
  return {
    env: databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } : { DATABASE_URL: "", DATA_DIR: dataDir },
    dataDir,
    databaseUrl,
    async count(table, where = "true") {
      const ownership = databaseUrl ? null : await acquireDataDir(dataDir, { command: "prueba", servesCommands: false });
      const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, "pglite") });
      try {
        const [row] = await queryRows<{ n: number }>(handle.db, sql.raw(`select count(*)::int as n from ${table} where ${where}`));
        return row?.n ?? Number.NaN;
      } finally {
        await handle.close();
        await ownership?.release();
      }
    },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (baseUrl && databaseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
        await admin.end();
      }
    },
  };
}

export interface ServerProcess {
  url: string;
  output(): string;
  /** Resolves when standard output has a line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own shutdown. */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

function collect(child: ChildProcess) {
  let text = "";
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const waiter of [...waiters]) {
      const line = text.split("\n").find((l) => waiter.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return {
    output: () => text,
    waitFor(pattern: RegExp, timeoutMs = 120_000): Promise<string> {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line ${pattern} within ${timeoutMs} ms; output:\n${text}`)), timeoutMs);
        const found = text.split("\n").find((l) => pattern.test(l));
        if (found !== undefined) {
          clearTimeout(timer);
          resolvePromise(found);
          return;
        }
        waiters.push({
          pattern,
          resolve: (line) => {
            clearTimeout(timer);
            resolvePromise(line);
          },
        });
      });
    },
  };
}

/**
 * Starts the bundled server on a free port. Resolves once it listens, or, with
 * `until`, once its output has a line matching it (a failpoint, a refusal).
 */
export async function startServer(env: Record<string, string>, until?: RegExp): Promise<ServerProcess> {
  await bundleServer();
  const child = spawn(process.execPath, ["--max-semi-space-size=32", BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", SCRYPT_LOG2N: "10", SMTP_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // "close", not "exit": by then everything the process printed has been read.
  const exited = new Promise<number | null>((resolvePromise) => child.on("close", (code) => resolvePromise(code)));
  const out = collect(child);
  const ready = until ?? /escuchando en http:\/\/localhost:\d+/;
  const line = await Promise.race([
    out.waitFor(ready),
    exited.then((code) => {
      throw new Error(`the server ended (exit ${code}) before ${ready}:\n${out.output()}`);
    }),
  ]);
  const port = /localhost:(\d+)/.exec(until ? "" : line)?.[1];
  return {
    url: port ? `http://127.0.0.1:${port}` : "",
    output: out.output,
    waitFor: out.waitFor,
    exited,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Runs a CLI of package.json (`scripts/NAME.ts`) as `npm run` would, and waits for it. */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [TSX, join("scripts", `${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, SCRYPT_LOG2N: "10", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolvePromise) => child.on("exit", (code) => resolvePromise({ code, stdout, stderr })));
}

/** A signed-in person over HTTP, with the session and CSRF cookies the browser keeps. */
export interface HttpSession {
  call(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** The session's `cookie` header (to open its live event stream). */
  cookieHeader(): string;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<HttpSession> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), value.join("="));
    }
  };
  const call: HttpSession["call"] = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-csrftoken": cookies.get("csrftoken") ?? "",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    remember(response);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  };
  await call("GET", "/api/auth/csrf/");
  const login = await call("POST", "/api/auth/login/", { email, password });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { call, cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
}
