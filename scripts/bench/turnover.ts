/**
 * Turnover bench: figures, never pass/fail. On the demo season (the one `npm start` loads), on
 * PGlite and on PostgreSQL in the same run:
 *
 *  - the demo load (generation, bulk inserts, first full rematch);
 *  - POST /api/turnover/ for a 28-day window over real HTTP (a signed-in Slot user, the client on
 *    a worker thread): the server's time, request received → response handed to the socket,
 *    p50/p95 over 30 runs after one cold call that fills the row cache (also: until the last byte
 *    is written, and the client's round trip), each run after one flight of the window changed
 *    (what every open screen reads after a live change: the fingerprint, the rows, one row's
 *    fill, the rows again); and 30 runs with nothing changed (the answer kept is sent again);
 *  - the very same SQL run raw on the driver (the read of the rows), alternating with the server
 *    calls, p50/p95 and the ratio to the runs after a change;
 *  - a full-season rematch, median of 3: with nothing to change (what a re-import of an unchanged
 *    feed costs), and from an empty matches table (every row inserted);
 *  - the same 28 days at a second airport (issue 37: budgets per airport): JFK, active in
 *    America/New_York, holding a copy of the demo season's slots and flights beside MEX's (its
 *    matches computed by the rematch), read in New York's days.
 *
 * The server runs in this process, so the process takes the server's V8 flag (`npm start`'s
 * `--max-semi-space-size=32`; `npm run bench` passes it):
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/turnover.ts   (BENCH_DATABASE_URL / DATABASE_URL for PostgreSQL)
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { rangeInstants } from "../../src/domain/dateRange";
import { addDays } from "../../src/domain/seasons";
import { LOCAL_ZONE } from "../../src/domain/zones";
import { signInOverHttp } from "./httpSession";
import { buildApp } from "../../src/server/app";
import { createServices, openAndPrepareDatabase } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { loadDemoSeason } from "../../src/server/demo/season";
import { queryRows } from "../../src/server/db/sql";
import { rematchAll } from "../../src/server/matching/rematch";
import { fillRowCacheSql, rowsShapeFor, turnoverRowsSql } from "../../src/server/turnover/rows";
import { createUser } from "../../src/server/users/create";
import { onThrowawayPostgres } from "./inProcess";
import { quantile } from "./stats";

/** The demo's "now" and the window: the 28 days around it, Mexico City days, as the default view shows them. */
const NOW = new Date("2026-11-21T15:00:00Z");
const MEX_WINDOW = { start: "2026-11-08", end: addDays("2026-11-08", 27), time_zone: LOCAL_ZONE } as const;
/** The second airport of the bench (issue 37) and its zone. */
const SECOND = { code: "JFK", zone: "America/New_York" } as const;
/** Ids of the second airport's copies start after this (the demo's stay far below). */
const COPY_OFFSET = 10_000_000;
const RUNS = 30;

const median = (values: number[]) => quantile(values, 0.5);
const ms = (n: number) => `${n.toFixed(1)} ms`;

export type TurnoverFigures = {
  label: string;
  airport: string;
  window: { start: string; end: string; time_zone: string };
  load: number;
  rows: number;
  bytes: number;
  cold: number;
  /** Request received → response handed to the socket, after one flight of the window changed. */
  server: number[];
  /** The same with nothing changed since the last call. */
  unchanged: number[];
  /** The handler alone (after the session, CSRF and body checks) → response handed over. */
  handler: number[];
  /** Request received → last byte written. */
  total: number[];
  /** The client's round trip. */
  wall: number[];
  raw: number[];
  rematchSteady: number;
  rematchEmpty: number;
};

/** Runs a SQL object raw on the handle's own driver (no Drizzle, no app). */
function rawRunner(handle: DatabaseHandle, url: string | null): { run: (query: ReturnType<typeof sql>) => Promise<number>; close: () => Promise<void> } {
  const dialect = new PgDialect();
  if (handle.pglite) {
    const client = handle.pglite;
    return {
      run: async (query) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (await client.query(text, params)).rows.length;
      },
      close: async () => undefined,
    };
  }
  const client = new pg.Client({ connectionString: url ?? undefined });
  const connected = client.connect();
  return {
    run: async (query) => {
      await connected;
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await client.query(text, params)).rows.length;
    },
    close: () => client.end(),
  };
}

/** One answer of the HTTP client: status, size, row count, the first bytes (for an error). */
type ClientAnswer = { status: number; bytes: number; rows: number; head: string };

/**
 * An HTTP client on a worker thread: `call()` POSTs `body` to `url` and reads the whole response
 * there. The worker is unref'd, so it never keeps the bench alive.
 */
function httpClientWorker(url: string, headers: Record<string, string>, body: string): { call: () => Promise<ClientAnswer> } {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    parentPort.on("message", async () => {
      const response = await fetch(workerData.url, { method: "POST", headers: workerData.headers, body: workerData.body });
      const text = await response.text();
      let rows = -1;
      try { rows = JSON.parse(text).length; } catch {}
      parentPort.postMessage({ status: response.status, bytes: Buffer.byteLength(text), rows, head: text.slice(0, 200) });
    });`;
  const worker = new Worker(source, { eval: true, workerData: { url, headers, body } });
  worker.unref();
  return {
    call: () =>
      new Promise<ClientAnswer>((resolve, reject) => {
        const fail = (error: Error) => reject(error);
        worker.once("error", fail);
        worker.once("message", (answer: ClientAnswer) => {
          worker.off("error", fail);
          resolve(answer);
        });
        worker.postMessage("go");
      }),
  };
}

/**
 * The second airport beside MEX: active, and a copy of MEX's season, slots and flights under new
 * ids (generic SQL: every column copied, the ids and the airport changed); its matches are the
 * rematch's. Delay evaluations and history are not copied (the rows' shape is the same).
 */
async function copyToSecondAirport(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  await db.execute(sql`update airports set active = true, time_zone = ${SECOND.zone}, coordination_level = 3 where code = ${SECOND.code}`);
  for (const table of ["seasons", "slots", "flights"] as const) {
    const name = sql.raw(table);
    await db.execute(sql`create temp table copied as select * from ${name} where airport = 'MEX'`);
    await db.execute(sql`update copied set id = id + ${COPY_OFFSET}, airport = ${SECOND.code}`);
    await db.execute(sql`insert into ${name} select * from copied`);
    await db.execute(sql`drop table copied`);
  }
  await rematchAll(db);
  await db.execute(sql`analyze`);
}

export async function benchTurnoverOn(label: string, handle: DatabaseHandle, url: string | null, airport: "MEX" | typeof SECOND.code = "MEX"): Promise<TurnoverFigures> {
  const loaded = await loadDemoSeason(handle.db, { now: NOW });
  if (airport !== "MEX") await copyToSecondAirport(handle);
  const asked = airport === "MEX" ? MEX_WINDOW : { ...MEX_WINDOW, time_zone: SECOND.zone };
  const span = rangeInstants(asked, asked.time_zone);
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  // Server time: request received → response body handed to the socket (onSend), and until the
  // last byte was written (onResponse, Fastify's elapsedTime).
  const startedAt = new WeakMap<object, number>();
  const processing: number[] = [];
  const total: number[] = [];
  app.addHook("onRequest", async (request) => {
    startedAt.set(request, performance.now());
  });
  const handlerStarted = new WeakMap<object, number>();
  const handler: number[] = [];
  app.addHook("preHandler", async (request) => {
    handlerStarted.set(request, performance.now());
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.url === "/api/turnover/") handler.push(performance.now() - (handlerStarted.get(request) ?? 0));
    if (request.url === "/api/turnover/") processing.push(performance.now() - (startedAt.get(request) ?? 0));
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    if (request.url === "/api/turnover/") total.push(reply.elapsedTime);
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const raw = rawRunner(handle, url);
  try {
    const password = "contraseña de banco 1";
    const user = await createUser(handle.db, services.passwords, {
      email: `bench-turnover-${Date.now()}@bench.example`,
      role: "Slot",
      password,
    });
    const { headers } = await signInOverHttp(address, user.email, password);
    // The HTTP client runs in a worker thread, as a browser would in a process of its own: reading
    // 7.9 MB responses on the server's thread would leave its garbage for the server to collect.
    const client = httpClientWorker(`${address}/api/turnover/`, headers, JSON.stringify({ ...asked, airport }));
    const call = () => client.call();
    let started = performance.now();
    const first = await call();
    const cold = performance.now() - started;
    if (first.status !== 200) throw new Error(`getTurnover answered ${first.status}: ${first.head}`);
    const rows = first.rows;
    processing.length = 0;
    handler.length = 0;
    total.length = 0;
    const wall: number[] = [];
    const fill = fillRowCacheSql({ airport, span: span });
    const read = turnoverRowsSql({ airport, span: span }, rowsShapeFor(handle.kind));
    // With the row cache warm the server runs the read alone (the fill only when rows are
    // missing), so that is "the same query"; the fill is run once here to be sure it is warm.
    await raw.run(fill);
    const runRaw = async () => {
      await raw.run(read);
    };
    for (let i = 0; i < 3; i++) await runRaw();
    // Server call and raw SQL alternate, so both see the same moments of a noisy machine.
    const rawTimes: number[] = [];
    const [changing] = await queryRows<{ id: number }>(
      handle.db,
      sql`select flight_id as id from matches where airport = ${airport} and flight_id is not null and sort_at >= ${span.start}::timestamptz order by sort_at limit 1`,
    );
    for (let i = 0; i < RUNS; i++) {
      await handle.db.execute(sql`update flights set delay_observations = ${`banco ${i}`} where id = ${changing?.id ?? 0}`);
      started = performance.now();
      await call();
      wall.push(performance.now() - started);
      started = performance.now();
      await runRaw();
      rawTimes.push(performance.now() - started);
    }
    const changed = [...processing];
    const changedHandler = [...handler];
    const changedTotal = [...total];
    processing.length = 0;
    for (let i = 0; i < RUNS; i++) await call();
    const unchanged = [...processing];

    const steady: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      await rematchAll(handle.db);
      steady.push(performance.now() - started);
    }
    for (let i = 0; i < 3; i++) {
      await handle.db.execute(sql`delete from matches`);
      started = performance.now();
      await rematchAll(handle.db);
      empty.push(performance.now() - started);
    }
    return {
      label,
      airport,
      window: asked,
      load: loaded.ms,
      rows,
      bytes: first.bytes,
      cold,
      server: changed,
      unchanged,
      handler: changedHandler,
      total: changedTotal,
      wall,
      raw: rawTimes,
      rematchSteady: median(steady),
      rematchEmpty: median(empty),
    };
  } finally {
    await raw.close();
    await app.close();
  }
}

function print(f: TurnoverFigures): void {
  const server50 = quantile(f.server, 0.5);
  const raw50 = quantile(f.raw, 0.5);
  console.log(`\n${f.label}, ${f.airport}: demo W26 loaded in ${(f.load / 1000).toFixed(1)} s (generation, bulk inserts, first rematch)`);
  console.log(
    `  POST /api/turnover/ ${f.airport} ${f.window.start}..${f.window.end} (${f.window.time_zone}): ${f.rows.toLocaleString("en-US")} rows, ` +
      `${(f.bytes / 1e6).toFixed(1)} MB; first call (fills the row cache) ${ms(f.cold)}`,
  );
  console.log(
    `  server time p50 ${ms(server50)} p95 ${ms(quantile(f.server, 0.95))} (${f.server.length} runs, request → ` +
      `response handed to the socket, each after one flight changed)  [budget 100 ms]; nothing changed ` +
      `(the answer kept) p50 ${ms(quantile(f.unchanged, 0.5))}; with writing the ${(f.bytes / 1e6).toFixed(1)} MB ` +
      `p50 ${ms(quantile(f.total, 0.5))}; client round trip over HTTP p50 ${ms(quantile(f.wall, 0.5))}`,
  );
  console.log(
    `  same SQL raw p50 ${ms(raw50)} p95 ${ms(quantile(f.raw, 0.95))} (alternating with the server calls); ` +
      `server/raw ${(server50 / raw50).toFixed(2)}×  [budget 1.5×]; of the server time, the handler p50 ${ms(quantile(f.handler, 0.5))}`,
  );
  console.log(
    `  full-season rematch, median of 3: nothing to change ${ms(f.rematchSteady)}; ` +
      `from an empty matches table ${ms(f.rematchEmpty)}  [budget 2 s]`,
  );
}

/** Both databases; PostgreSQL in a throw-away database on BENCH_DATABASE_URL / DATABASE_URL / local. */
export async function benchTurnover(): Promise<void> {
  console.log(`Turnover bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  const pglite = await openAndPrepareDatabase({}, NOW);
  try {
    print(await benchTurnoverOn("PGlite", pglite, null));
  } finally {
    await pglite.close();
  }
  await onThrowawayPostgres("turnover", NOW, async (postgres, url) => print(await benchTurnoverOn("PostgreSQL", postgres, url)));
  // Issue 37: the budget holds per airport — the second airport's 28 days, MEX's register beside.
  if (process.env.BENCH_TURNOVER_SECOND === "0") return;
  const second = await openAndPrepareDatabase({}, NOW);
  try {
    print(await benchTurnoverOn("PGlite", second, null, SECOND.code));
  } finally {
    await second.close();
  }
  await onThrowawayPostgres("turnover-second", NOW, async (postgres, url) => print(await benchTurnoverOn("PostgreSQL", postgres, url, SECOND.code)));
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchTurnover();
