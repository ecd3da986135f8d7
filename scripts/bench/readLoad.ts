/**
 * Everyone reloads at once (issue 25 item 0): a fresh server whose turnover row cache is cold (as
 * after an import or a rematch), and 10 users opening the same 28 days of the demo season at once,
 * each calling again as soon as its answer arrived, for 20 s; then one call alone. Figures, never
 * pass/fail: answers, errors, round-trip p50/p95/p99 and the single call afterwards. Budget: p99
 * ≤ 1.5 s, no error, the single call ≤ 300 ms. PGlite and PostgreSQL in the same run. Then the
 * same load again, the cache cold again, while one flight of the window changes every second (as
 * another user's work would, each change making every open screen read again): the answers
 * nothing changed for are sent as kept, the others read.
 *
 * The server runs in this process over real HTTP; the ten clients run on worker threads (a browser
 * is a process of its own), warmed up on /api/health/ and then started together, reading each
 * answer whole without parsing it.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/readLoad.ts   (BENCH_DATABASE_URL / DATABASE_URL for PostgreSQL)
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { addDays } from "../../src/domain/seasons";
import { LOCAL_ZONE } from "../../src/domain/zones";
import { buildApp } from "../../src/server/app";
import { createServices, openAndPrepareDatabase } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { queryRows } from "../../src/server/db/sql";
import { loadDemoSeason } from "../../src/server/demo/season";
import { onThrowawayPostgres, signInByInject } from "./inProcess";
import { quantile } from "./stats";

const NOW = new Date("2026-11-21T15:00:00Z");
const WINDOW = { start: "2026-11-08", end: addDays("2026-11-08", 27), time_zone: LOCAL_ZONE, airport: "MEX" } as const;
const USERS = 10;
const SECONDS = Number(process.env.READ_LOAD_SECONDS ?? 20);

type Answers = { times: number[]; errors: string[] };

/** One user on its worker thread, signed in with an open connection (a browser with the app loaded). */
interface User {
  /** Calls until `until` (epoch ms), each call right after the last answer. */
  run(until: number): Promise<Answers>;
}

/**
 * Starts a user: its thread and fetch warm up on `/api/health/` (a browser's are warm when its user
 * reloads), so that ten threads starting on the same two cores are not counted as the server's time.
 */
function startUser(url: string, headers: Record<string, string>, body: string): Promise<User> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    (async () => {
      await (await fetch(workerData.warmUrl)).arrayBuffer();
      parentPort.postMessage("ready");
      const until = await new Promise((go) => parentPort.once("message", go));
      const times = [], errors = [];
      while (Date.now() < until) {
        const started = performance.now();
        try {
          const response = await fetch(workerData.url, { method: "POST", headers: workerData.headers, body: workerData.body });
          const bytes = await response.arrayBuffer();
          times.push(performance.now() - started);
          if (response.status !== 200) errors.push(response.status + " " + Buffer.from(bytes).toString("utf8", 0, 120));
        } catch (error) {
          times.push(performance.now() - started);
          errors.push(String(error));
        }
      }
      parentPort.postMessage({ times, errors });
    })();`;
  const warmUrl = new URL("/api/health/", url).href;
  const worker = new Worker(source, { eval: true, workerData: { url, warmUrl, headers, body } });
  return new Promise((ready, fail) => {
    worker.once("error", fail);
    worker.once("message", () =>
      ready({
        run: (until) =>
          new Promise((done) => {
            worker.once("message", (answers: Answers) => {
              void worker.terminate();
              done(answers);
            });
            worker.postMessage(until);
          }),
      }),
    );
  });
}

async function measure(label: string, handle: DatabaseHandle): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW });
  await load(label, handle, false);
  await load(`${label}, one flight changed every second`, handle, true);
}

async function load(label: string, handle: DatabaseHandle, changing: boolean): Promise<void> {
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const sessions = [];
    for (let i = 0; i < USERS; i++) sessions.push(await signInByInject(app, handle.db, services.passwords, "Slot", `read-load-${changing ? "c" : "q"}-${i}`));
    // Cold, as an import or a rematch leaves it: every match rewritten (new versions, so no answer
    // kept from before counts), every row's cached JSON gone.
    await handle.db.execute(sql`update matches set is_manual = is_manual`);
    await handle.db.execute(sql`delete from turnover_row_cache`);
    const url = `${address}/api/turnover/`;
    const body = JSON.stringify(WINDOW);
    const users = await Promise.all(sessions.map((s) => startUser(url, { "content-type": "application/json", ...s.headers }, body)));
    // All at once, from here.
    const until = Date.now() + SECONDS * 1000;
    const [flight] = await queryRows<{ id: number }>(
      handle.db,
      sql`select flight_id as id from matches where flight_id is not null and date = ${WINDOW.start}::date + 14 order by sort_at limit 1`,
    );
    let changes = 0;
    const writer = changing
      ? setInterval(() => {
          changes++;
          void handle.db.execute(sql`update flights set delay_observations = ${`carga ${changes}`} where id = ${flight?.id ?? 0}`);
        }, 1000)
      : undefined;
    const all = await Promise.all(users.map((u) => u.run(until))).finally(() => clearInterval(writer));
    const times = all.flatMap((a) => a.times);
    const errors = all.flatMap((a) => a.errors);
    const started = performance.now();
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...sessions[0]!.headers }, body });
    await response.arrayBuffer();
    const after = performance.now() - started;
    const f = (n: number) => `${Math.round(n)} ms`;
    console.log(
      `${label}: ${USERS} users × ${SECONDS} s on 28 days from a cold row cache: ${times.length} answers, ` +
        `p50 ${f(quantile(times, 0.5))} p95 ${f(quantile(times, 0.95))} p99 ${f(quantile(times, 0.99))} ` +
        `max ${f(Math.max(...times))}, ${errors.length} errors  [budget p99 ≤ 1.5 s, no error]; ` +
        `one call afterwards ${f(after)} (status ${response.status})  [budget ≤ 300 ms]`,
    );
    if (errors.length) console.log(`  first error: ${errors[0]}`);
  } finally {
    await app.close();
  }
}

export async function benchReadLoad(): Promise<void> {
  console.log(`Read load bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  const pglite = await openAndPrepareDatabase({}, NOW);
  try {
    await measure("PGlite", pglite);
  } finally {
    await pglite.close();
  }
  await onThrowawayPostgres("readload", NOW, (postgres) => measure("PostgreSQL", postgres));
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchReadLoad();
