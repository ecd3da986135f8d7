/**
 * `npm run bench`: figures, never pass/fail. Medians and percentiles from one run, both
 * databases measured in the same run so their ratio means something on a noisy machine.
 *
 *  1. Server start on an existing embedded data dir: spawn of the bundled server (dist-server,
 *     as `npm start` runs it) → /api/health/ answers, and the server's own "ready in" figure; on
 *     the project's Node 24 and, alternating in the same run, on the machine's own Node
 *     (scripts/bench/start.ts).
 *  2. Sign-in round trip (production scrypt cost) and GET /api/auth/me/ over real HTTP, p50
 *     and p95, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the
 *     local server on 127.0.0.1:5432; a throw-away database is created and dropped).
 *  3. The matching engine on the demo season, optimal vs greedy (scripts/bench/matching.ts).
 *  4. The SCR codec (scripts/bench/scr.ts).
 *  5. The turnover on the demo season, PGlite and PostgreSQL: the 28-day API call against the
 *     same SQL run raw, and full-season rematches (scripts/bench/turnover.ts); then the same on
 *     the machine's own Node (20 here), to compare runtimes.
 *  6. Scrolling the turnover grid's ~6,000 rows in Chromium (scripts/bench/scroll.ts).
 *  7. Histórico on the demo season, PGlite and PostgreSQL: the series list and its .xlsx, server
 *     time p50 (scripts/bench/history.ts).
 *  8. The wire (scripts/bench/wire.ts): the JavaScript the sign-in page loads, and the shell plus
 *     Entrega de turno after signing in, as Chromium receives them (gzipped and as transferred);
 *     the 28-day turnover answer's bytes with brotli and gzip, and the time to compress it.
 *  9. The season start upload of a 400-series spreadsheet on PGlite, server p50 (scripts/bench/seasonUpload.ts).
 * 10. Medium-term matches generation for a 31-day range of the demo season, PGlite and PostgreSQL,
 *     server p50 (scripts/bench/matchesGeneration.ts).
 * 11. The schedule import (SSIM Chapter 7) of the demo season's ~31,000 flights on PGlite, every
 *     flight changed, server p50, and an unchanged re-import (scripts/bench/scheduleImport.ts).
 * 12. Carga de referencias: a 1,000-line reply previewed and computed on the demo season, PGlite and
 *     PostgreSQL, median (budget ≤ 1 s compute; scripts/bench/references.ts).
 * 13. The dashboard timeline in Chromium on 28 days of the demo airline: first paint, then frames
 *     over 50 ms and the p95 frame while scrolling it across and down (budget p95 ≤ 50 ms;
 *     scripts/bench/timelineScroll.ts).
 * 14. Reportes on the demo season, PGlite and PostgreSQL: each of the six reports over 31 days and
 *     its file (.xlsx; Matrículas csv), server p50 (scripts/bench/reports.ts).
 * 15. The MVT reader on 10,000 movement messages, median (scripts/bench/mvt.ts).
 * 16. Cargas de datos: a 40,000-leg SSIM Chapter 7 file previewed and applied on PGlite and
 *     PostgreSQL, first load and every flight changed, medians (budget ≤ 10 s each; scripts/bench/loads.ts).
 * 17. 10,000 MVT messages previewed and applied on PGlite and PostgreSQL, every flight changed,
 *     medians (budget ≤ 5 s each; scripts/bench/mvtLoads.ts).
 * 18. The coordinator's list against the register: a 5,000-line SIR of the demo season compared,
 *     PGlite and PostgreSQL, median (budget ≤ 2 s), its .xlsx and an apply of 20 differences
 *     (scripts/bench/coordinatorList.ts).
 * 19. Everyone reloads at once: 10 users opening the same 28 days for 20 s from a cold row cache,
 *     PGlite and PostgreSQL, round-trip p50/p95/p99, errors, and one call afterwards (budget p99
 *     ≤ 1.5 s, no error, ≤ 300 ms after; scripts/bench/readLoad.ts).
 * 20. Live updates: an event from a write on one instance reaching an SSE client of another, p50
 *     and p95 over 200 writes on PostgreSQL (budget p95 ≤ 250 ms) and on PGlite in-process; 200
 *     idle streams' memory and the turnover's p50 with and without them; a 40,000-leg import with
 *     and without the live triggers (scripts/bench/live.ts).
 * 21. Monitoreo on the demo season, PGlite and PostgreSQL: one week's discrepancies (budget p50
 *     ≤ 300 ms) and the early warning over the whole season (budget p50 ≤ 1 s), the API call that
 *     answers both and a series' retime lines, server time (scripts/bench/monitoring.ts).
 * 22. Nobody freezes the server: while a 30,000-line SAL is compared, four ~41 MiB schedule previews
 *     run at once, or one 99,400-leg preview runs, /api/health/ and a one-day turnover from another
 *     user, p50/p99/max (budget p99 ≤ 300 ms), the heavy requests' time and the peak memory, in the
 *     request thread (SLOTDESK_WORKERS=0) and in the worker pool, PGlite and PostgreSQL; the answers of
 *     both compared (scripts/bench/freeze.ts; FREEZE_CASES, FREEZE_MODES, FREEZE_DATABASES pick parts).
 * 23. Click → rows in Chromium at 1366×768 (issue 35): Entrega de turno for Hoy, a week, a month
 *     and the season W26, the timeline (28 days), Histórico and Monitoreo, first rows visible and
 *     idle, median of 5 (BENCH_RUNS), split into network, parse, query cache and render, and the
 *     main thread's time by kind from a Chromium performance trace (BENCH_TRACE_RUNS, default 3;
 *     scripts/bench/traceSplit.ts); and a live change of one flight on an open month
 *     (scripts/bench/clickToRows.ts).
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { createServices, openAndPrepareDatabase } from "../src/server/bootstrap";
import { readConfig } from "../src/server/config";
import type { DatabaseHandle } from "../src/server/db/client";
import { createUser } from "../src/server/users/create";
import { benchHistory } from "./bench/history";
import { benchMonitoring } from "./bench/monitoring";
import { benchReports } from "./bench/reports";
import { benchMatching } from "./bench/matching";
import { benchMatchesGeneration } from "./bench/matchesGeneration";
import { benchLive } from "./bench/live";
import { benchLoads } from "./bench/loads";
import { benchMvt } from "./bench/mvt";
import { benchMvtLoads } from "./bench/mvtLoads";
import { benchClickToRows } from "./bench/clickToRows";
import { benchCoordinatorList } from "./bench/coordinatorList";
import { benchFreeze } from "./bench/freeze";
import { benchReadLoad } from "./bench/readLoad";
import { benchReferences } from "./bench/references";
import { benchScr } from "./bench/scr";
import { benchScroll } from "./bench/scroll";
import { benchStart, otherNode } from "./bench/start";
import { benchScheduleImport } from "./bench/scheduleImport";
import { benchSeasonUpload } from "./bench/seasonUpload";
import { benchTimelineScroll } from "./bench/timelineScroll";
import { benchWire } from "./bench/wire";
import { benchTurnover } from "./bench/turnover";
import { quantile } from "./bench/stats";

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The turnover bench again on the machine's other Node.js (through tsx), for the runtime comparison. */
async function benchTurnoverOnOtherNode(): Promise<void> {
  const other = otherNode();
  if (!other) {
    console.log("Turnover bench on another Node.js: not measured (no other node found; BENCH_OTHER_NODE names one)");
    return;
  }
  const child = spawn(other.path, ["node_modules/tsx/dist/cli.mjs", "--max-semi-space-size=32", "scripts/bench/turnover.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  await new Promise((r) => child.once("exit", r));
}

async function benchSession(label: string, handle: DatabaseHandle): Promise<{ login: number; me: number }> {
  const config = { ...readConfig({}), staticDir: "/nonexistent" };
  const { contract, services } = await createServices(config, handle);
  const app = await buildApp({ contract, services });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const password = "contraseña de banco 1";
  const user = await createUser(handle.db, services.passwords, {
    email: `bench-${Date.now()}@bench.example`,
    role: "Slot",
    password,
  });
  try {
    const csrf = await fetch(`${address}/api/auth/csrf/`);
    const token = ((await csrf.json()) as { csrftoken: string }).csrftoken;
    const logins: number[] = [];
    let session = "";
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      const response = await fetch(`${address}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrftoken": token, cookie: `csrftoken=${token}` },
        body: JSON.stringify({ email: user.email, password }),
      });
      await response.text();
      logins.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`login answered ${response.status}`);
      session = /slotdesk_session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
    }
    const mes: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t = performance.now();
      const response = await fetch(`${address}/api/auth/me/`, { headers: { cookie: `slotdesk_session=${session}` } });
      await response.text();
      if (i >= 20) mes.push(performance.now() - t); // the first calls warm up JIT and caches
      if (response.status !== 200) throw new Error(`me answered ${response.status}`);
    }
    console.log(
      `${label.padEnd(10)} login round trip p50 ${ms(quantile(logins, 0.5))} p95 ${ms(quantile(logins, 0.95))} (15 runs, scrypt N=2^${config.scryptLog2N}); ` +
        `GET /api/auth/me/ p50 ${ms(quantile(mes, 0.5))} p95 ${ms(quantile(mes, 0.95))} (380 runs)`,
    );
    return { login: quantile(logins, 0.5), me: quantile(mes, 0.5) };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  console.log(`Slotdesk bench · node ${process.version} · ${new Date().toISOString()}\n`);
  await benchStart();

  const pglite = await openAndPrepareDatabase({}, new Date());
  const onPglite = await benchSession("PGlite", pglite);
  await pglite.close();

  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const name = `slotdesk_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL   not measured: ${adminUrl} does not answer (${error instanceof Error ? error.message : error})`,
    );
    return;
  }
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = await openAndPrepareDatabase({ databaseUrl: url.toString() }, new Date());
    const onPostgres = await benchSession("PostgreSQL", postgres);
    await postgres.close();
    console.log(
      `\nratio PostgreSQL / PGlite: login ${(onPostgres.login / onPglite.login).toFixed(2)}×, me ${(onPostgres.me / onPglite.me).toFixed(2)}×`,
    );
  } finally {
    // The pool's connections finish closing asynchronously; forcing the drop while one is still
    // closing makes it emit an unhandled error. Wait for them, then force only as a last resort.
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await admin.query(`drop database if exists "${name}"`);
        break;
      } catch {
        await new Promise((done) => setTimeout(done, 100));
      }
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
// The domain and turnover sections (each prints its own figures).
console.log("");
await benchMatching();
console.log("");
await benchScr();
console.log("");
await benchMvt();
console.log("");
await benchTurnover();
console.log("");
await benchTurnoverOnOtherNode();
console.log("");
await benchScroll();
console.log("");
await benchHistory();
console.log("");
await benchMonitoring();
console.log("");
await benchWire();
console.log("");
await benchSeasonUpload();
console.log("");
await benchMatchesGeneration();
console.log("");
await benchReferences();
console.log("");
await benchCoordinatorList();
console.log("");
await benchReadLoad();
console.log("");
await benchReports();
console.log("");
await benchScheduleImport();
console.log("");
await benchLoads();
console.log("");
await benchMvtLoads();
console.log("");
await benchTimelineScroll();
console.log("");
await benchLive();
console.log("");
await benchFreeze();
console.log("");
await benchClickToRows();
