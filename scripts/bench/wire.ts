/**
 * What goes over the wire, against the budgets of issue 10 ("A lighter wire"). The production
 * build (`npm run build` first) served by the e2e server (demo season, in-memory PGlite), and
 * Debian's Chromium:
 *
 *  - the sign-in page: every script it loads until the form is there and the network is quiet;
 *  - the shell plus Entrega de turno: what signing in there loads on top of it, until the grid
 *    shows its rows and the network is quiet; and, for the whole picture, every script of a
 *    signed-in page load of /turnover (its own browser context, so nothing from the cache);
 *  - the 28-day Entrega de turno answer (POST /api/turnover/, the default view's window) over
 *    HTTP as asked with `Accept-Encoding: br, gzip`, `gzip` and nothing, and the time to compress
 *    it at the server's levels.
 *
 * JavaScript is counted two ways: as transferred (the encoding Chromium asked for and got) and
 * gzipped (the build's .gz twins, what a client without brotli receives), which the budgets name.
 *
 *   npm run build && npx tsx scripts/bench/wire.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { addDays, todayInZone } from "../../src/domain/seasons";
import { startBenchApp } from "./app";
import { signInOverHttp } from "./httpSession";
import { DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from "../../src/server/http/wire";

const PORT = Number(process.env.BENCH_WIRE_PORT ?? 8398);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = "dist";
const KB = 1024;
const BUDGET = { signIn: 150 * KB, shell: 350 * KB, turnover: 500 * KB };

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One script the page loaded: its bytes as transferred, and gzipped as the build's .gz twin has it. */
type Script = { path: string; transferred: number; gzipped: number; encoding: string };

/** The gzip size of a served file: its build twin, else gzipped here (only /config.js, a few bytes). */
function gzippedSize(path: string, body: Buffer): number {
  const twin = join(DIST, `${path}.gz`);
  return existsSync(twin) ? readFileSync(twin).length : gzipSync(body, { level: 9 }).length;
}

/**
 * Records every script `page` loads from now on. A script is counted once its body has been read,
 * which ends after the response event: `settled()` waits for every script seen so far, so a count
 * never misses a large chunk still arriving (the grid's once made the same load 239.5 or 354.9 KB).
 */
function recordScripts(page: Page): Script[] & { settled: () => Promise<void> } {
  const scripts: Script[] = [];
  const reading: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    reading.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        const path = new URL(response.url()).pathname;
        scripts.push({
          path,
          transferred: sizes.responseBodySize,
          gzipped: gzippedSize(path, body),
          encoding: (await response.headerValue("content-encoding")) ?? "identity",
        });
      })(),
    );
  });
  return Object.assign(scripts, {
    settled: async () => {
      for (let done = 0; done < reading.length; done = reading.length) await Promise.all(reading.slice(done));
    },
  });
}

/** The build's manifest (vite.config.ts `build.manifest`): each source module's chunk and its static imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The scripts a signed-in /turnover needs before its rows can show: the entry's chunks and
 * Entrega de turno's, with everything they import statically. Counted from the build, not from
 * what the page happened to have loaded by a moment: once idle, the side menu also loads the other
 * views' code ahead (issue 35), which is not the shell's cost.
 */
function shellAndTurnoverFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8")) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("index.html");
  visit("src/custom-views/turnover/TurnoverView.tsx");
  return files;
}

const total = (scripts: Script[], key: "transferred" | "gzipped") => scripts.reduce((sum, s) => sum + s[key], 0);
const encodings = (scripts: Script[]) => [...new Set(scripts.map((s) => s.encoding))].join("/");

function line(label: string, scripts: Script[], budget?: number): string {
  const gz = total(scripts, "gzipped");
  const verdict = budget === undefined ? "" : `  [budget ${kb(budget)} gzipped: ${gz <= budget ? "within" : "OVER"}]`;
  return (
    `${label}: ${scripts.length} scripts, ${kb(gz)} gzipped, ${kb(total(scripts, "transferred"))} as transferred ` +
    `(${encodings(scripts)})${verdict}`
  );
}

/** POSTs `body` and returns the answer's bytes exactly as they came over the socket. */
function postRaw(
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; encoding: string; bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${BASE}${path}`, { method: "POST", headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers["content-encoding"] ?? "identity"),
          bytes,
          ms: performance.now() - started,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function benchTurnoverWire(user: { email: string; password: string }): Promise<void> {
  const { headers } = await signInOverHttp(BASE, user.email, user.password);
  // The default view's window: the 28 Mexico City days around today.
  const start = addDays(todayInZone(new Date()), -13);
  const window = { start, end: addDays(start, 27), time_zone: "America/Mexico_City", airport: "MEX" };
  const body = JSON.stringify(window);
  const answer = await fetch(`${BASE}/api/turnover/`, { method: "POST", headers, body });
  if (!answer.ok) throw new Error(`getTurnover answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  const json = Buffer.from(await answer.arrayBuffer());
  const rows = (JSON.parse(json.toString("utf8")) as unknown[]).length;

  const runs = 5;
  const results: Record<string, { bytes: number; encoding: string; ms: number[] }> = {};
  for (const accept of ["br, gzip", "gzip", "identity"]) {
    const times: number[] = [];
    let last = { status: 0, encoding: "", bytes: 0, ms: 0 };
    for (let i = 0; i < runs; i++) {
      last = await postRaw("/api/turnover/", { ...headers, "accept-encoding": accept }, body);
      if (last.status !== 200) throw new Error(`getTurnover answered ${last.status}`);
      times.push(last.ms);
    }
    results[accept] = { bytes: last.bytes, encoding: last.encoding, ms: times };
  }

  // The compression alone, at the server's levels, on the same bytes (median of 5).
  const timeOf = (compress: () => Buffer) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      compress();
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const brMs = timeOf(() =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  );
  const gzMs = timeOf(() => gzipSync(json, { level: DYNAMIC_GZIP_LEVEL }));

  const br = results["br, gzip"];
  const gz = results.gzip;
  const plain = results.identity;
  if (!br || !gz || !plain) return;
  const within = (bytes: number) => (bytes <= BUDGET.turnover ? "within" : "OVER");
  console.log(
    `28-day Entrega de turno answer (${window.start}..${window.end}, ${rows.toLocaleString("en-US")} rows): ` +
      `${kb(plain.bytes)} of JSON`,
  );
  console.log(
    `  on the wire: Accept-Encoding "br, gzip" → ${br.encoding} ${kb(br.bytes)} [budget ${kb(BUDGET.turnover)}: ${within(br.bytes)}]; ` +
      `"gzip" → ${gz.encoding} ${kb(gz.bytes)} [${within(gz.bytes)}]; none → ${kb(plain.bytes)}`,
  );
  console.log(
    `  compressing it at the server's levels (in this process, median of ${runs}): brotli q${DYNAMIC_BROTLI_QUALITY} ` +
      `${brMs.toFixed(1)} ms, gzip ${DYNAMIC_GZIP_LEVEL} ${gzMs.toFixed(1)} ms; round trip over HTTP on this machine p50: ` +
      `br ${median(br.ms).toFixed(0)} ms, gzip ${median(gz.ms).toFixed(0)} ms, uncompressed ${median(plain.ms).toFixed(0)} ms`,
  );
}

export async function benchWire(): Promise<void> {
  if (!existsSync(join(DIST, "index.html"))) {
    console.log("wire bench: no build in dist/ (run `npm run build` first); not measured");
    return;
  }
  const { browser, users, stop } = await startBenchApp(PORT);
  try {
    const user = users.Slot;
    if (!user) throw new Error("the e2e server wrote no Slot user");
    const contextOptions = { viewport: { width: 1366, height: 768 }, timezoneId: "America/Mexico_City", locale: "es-MX" };

    // The sign-in page, from an empty cache.
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    const loaded = recordScripts(page);
    await page.goto(`${BASE}/auth/login`);
    await page.getByRole("button", { name: "Iniciar sesión" }).waitFor();
    await page.waitForLoadState("networkidle");
    await loaded.settled();
    const signInScripts = loaded.slice();
    console.log(line("sign-in page", signInScripts, BUDGET.signIn));

    // Signing in there: the shell and Entrega de turno, loaded on top of the sign-in page's scripts.
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña").fill(user.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/turnover$/);
    // The view's rows, then every chunk it needs, each read to its end.
    await page.locator(".MuiDataGrid-row[data-id]").first().waitFor();
    await page.waitForLoadState("networkidle");
    const needed = shellAndTurnoverFiles();
    for (const signInPath of signInScripts.map((script) => script.path)) needed.delete(signInPath);
    for (const deadline = Date.now() + 30_000; ; await page.waitForTimeout(100)) {
      await loaded.settled();
      const missing = [...needed].filter((path) => !loaded.some((script) => script.path === path));
      if (missing.length === 0) break;
      if (Date.now() > deadline) throw new Error(`signing in never loaded ${missing.join(", ")}`);
    }
    const afterSignIn = loaded.slice(signInScripts.length);
    const shellScripts = afterSignIn.filter((script) => needed.has(script.path));
    const ahead = afterSignIn.filter((script) => !needed.has(script.path) && script.path !== "/config.js");
    console.log(line("shell plus Entrega de turno, loaded on signing in", shellScripts, BUDGET.shell));
    console.log(`  besides, other views' code loaded ahead while idle (so far): ${ahead.length} scripts, ${kb(total(ahead, "gzipped"))} gzipped`);
    // WIRE_LIST=1 names every script of that load, largest first: where a budget goes.
    if (process.env.WIRE_LIST === "1") {
      for (const script of [...shellScripts].sort((a, b) => b.gzipped - a.gzipped)) console.log(`    ${kb(script.gzipped)}  ${script.path}`);
    }

    // A signed-in page load of /turnover in a fresh context (same session, empty cache): everything.
    const state = await context.storageState();
    const signedIn = await browser.newContext({ ...contextOptions, storageState: state });
    const turnoverPage = await signedIn.newPage();
    const pageScripts = recordScripts(turnoverPage);
    await turnoverPage.goto(`${BASE}/turnover`);
    await turnoverPage.locator(".MuiDataGrid-row[data-id]").first().waitFor();
    await turnoverPage.waitForLoadState("networkidle");
    await pageScripts.settled();
    console.log(line("a signed-in load of /turnover, all of it (empty cache)", pageScripts));
    const largest = [...pageScripts].sort((a, b) => b.gzipped - a.gzipped).slice(0, 4);
    console.log(`  largest: ${largest.map((s) => `${s.path.replace("/assets/", "")} ${kb(s.gzipped)}`).join(", ")}`);

    await benchTurnoverWire(user);
  } finally {
    await stop();
  }
}

if (process.argv[1]?.endsWith("wire.ts")) await benchWire();
