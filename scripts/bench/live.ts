/**
 * Live updates bench (issue 25 items 2 and 3): figures, never pass/fail.
 *
 *  1. An event from a write on instance A reaching an SSE client of instance B: two server
 *     instances (each its own pool and its own LISTEN connection, as two processes would have) on
 *     one PostgreSQL database, 200 writes one after another (a slot's seats changed through A's
 *     pool), each timed from the write's start to B's client reading its event: p50 and p95
 *     (budget p95 ≤ 250 ms). The same on PGlite, in-process (one instance: one owner).
 *  2. 200 idle event streams on one instance (PGlite, the demo season): the server's memory per
 *     stream (RSS delta / 200, after a GC, the clients being bare sockets) and the 28-day
 *     turnover's p50 over HTTP without and with them.
 *  3. What the live triggers cost a bulk import: the 40,000-leg SSIM file of the loads bench
 *     applied (every flight changed) with the live triggers enabled and disabled, alternating,
 *     median of 2 each, PGlite and PostgreSQL.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/live.ts   (BENCH_DATABASE_URL / DATABASE_URL for PostgreSQL)
 */
import { connect, type Socket } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { addDays } from "../../src/domain/seasons";
import { LOCAL_ZONE } from "../../src/domain/zones";
import { buildApp } from "../../src/server/app";
import { createServices, openAndPrepareDatabase } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";
import { loadDemoSeason } from "../../src/server/demo/season";
import { queryRows } from "../../src/server/db/sql";
import { type BenchSession, onThrowawayPostgres, signInByInject } from "./inProcess";
import { largeSeasonSsim } from "./loads";
import { quantile } from "./stats";

const NOW = new Date("2026-11-21T15:00:00Z");
const WRITES = 200;
const IDLE_STREAMS = 200;
const TURNOVER_RUNS = 15;
const WINDOW = { start: "2026-11-08", end: addDays("2026-11-08", 27), time_zone: LOCAL_ZONE, airport: "MEX" } as const;

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function serve(handle: DatabaseHandle): Promise<{ app: FastifyInstance; url: string; session: BenchSession }> {
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle);
  const app = await buildApp({ contract, services });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const session = await signInByInject(app, handle.db, services.passwords, "Slot", "live");
  return { app, url, session };
}

/** An event stream read with fetch: calls `onData` with each message's JSON. */
async function openStream(url: string, cookie: string, onData: (data: unknown) => void): Promise<AbortController> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/live/events/`, {
    headers: { accept: "text/event-stream", cookie },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no stream: ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          for (const line of buffer.slice(0, end).split("\n")) if (line.startsWith("data: ")) onData(JSON.parse(line.slice(6)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // closed
    }
  })();
  return controller;
}

const idsOf = (data: unknown): unknown => (typeof data === "object" && data !== null ? Reflect.get(data, "ids") : undefined);

/** 200 writes on `writer`, each awaited on a stream of `reader`: the latencies. */
async function latencies(writer: DatabaseHandle, readerUrl: string, cookie: string): Promise<number[]> {
  const [first] = await queryRows<{ id: number }>(writer.db, sql`select min(id) as id from slots`);
  const base = first?.id ?? 1;
  const waiting = new Map<number, () => void>();
  const controller = await openStream(readerUrl, cookie, (data) => {
    const ids = idsOf(data);
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === "number") waiting.get(id)?.();
  });
  await new Promise((done) => setTimeout(done, 200));
  const times: number[] = [];
  try {
    for (let i = 0; i < WRITES; i++) {
      const id = base + i;
      const heard = new Promise<void>((done) => waiting.set(id, done));
      const started = performance.now();
      await writer.db.execute(sql`update slots set seats = seats + 1 where id = ${id}`);
      await heard;
      times.push(performance.now() - started);
      waiting.delete(id);
    }
  } finally {
    controller.abort();
  }
  return times;
}

const report = (label: string, times: number[]) =>
  console.log(`${label.padEnd(44)} p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (${times.length} writes)`);

async function slotsFor(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`
    insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
    select 'W26', g, 'VB' || (7000 + g), '2026-12-01', '10:00', true, 'MTY', 2, '320', 180, 'D'
    from generate_series(1, ${WRITES}) as g`);
}

async function benchLatency(): Promise<void> {
  await onThrowawayPostgres("live", NOW, async (handleA, url) => {
    await slotsFor(handleA);
    const handleB = await openDatabase({ databaseUrl: url });
    const a = await serve(handleA);
    const b = await serve(handleB);
    try {
      report("PostgreSQL, write on A → stream on B", await latencies(handleA, b.url, b.session.headers.cookie));
    } finally {
      await a.app.close();
      await b.app.close();
      await handleB.close();
    }
  });
  const pglite = await openAndPrepareDatabase({}, NOW);
  try {
    await slotsFor(pglite);
    const one = await serve(pglite);
    try {
      report("PGlite, in-process (one instance)", await latencies(pglite, one.url, one.session.headers.cookie));
    } finally {
      await one.app.close();
    }
  } finally {
    await pglite.close();
  }
}

/** A bare HTTP client socket holding an event stream open. */
function idleStream(url: string, cookie: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET /api/live/events/ HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`);
    });
    socket.once("data", () => done(socket));
    socket.on("data", () => undefined);
    socket.once("error", fail);
  });
}

async function turnoverP50(url: string, session: BenchSession): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < TURNOVER_RUNS; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/turnover/`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "br", ...session.headers },
      body: JSON.stringify(WINDOW),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`turnover answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return quantile(times, 0.5);
}

const gc = () => (typeof globalThis.gc === "function" ? globalThis.gc() : undefined);

async function benchIdle(): Promise<void> {
  const handle = await openAndPrepareDatabase({}, NOW);
  try {
    await loadDemoSeason(handle.db, { now: NOW });
    const server = await serve(handle);
    try {
      await turnoverP50(server.url, server.session); // fills the row cache
      // Alternating rounds (a shared machine's load drifts): without, with, without, with.
      const without: number[] = [];
      const withStreams: number[] = [];
      let sockets: Socket[] = [];
      let perStream = 0;
      let heapPerStream = 0;
      for (let round = 0; round < 4; round++) {
        if (round % 2 === 0) {
          for (const socket of sockets) socket.destroy();
          sockets = [];
          await new Promise((done) => setTimeout(done, 300));
          without.push(await turnoverP50(server.url, server.session));
          continue;
        }
        gc();
        const before = process.memoryUsage();
        for (let i = 0; i < IDLE_STREAMS; i++) sockets.push(await idleStream(server.url, server.session.headers.cookie));
        await new Promise((done) => setTimeout(done, 1_000));
        gc();
        const after = process.memoryUsage();
        perStream = Math.max(perStream, (after.rss - before.rss) / IDLE_STREAMS);
        heapPerStream = Math.max(heapPerStream, (after.heapUsed - before.heapUsed) / IDLE_STREAMS);
        withStreams.push(await turnoverP50(server.url, server.session));
      }
      console.log(
        `${IDLE_STREAMS} idle streams on one instance (PGlite, demo season): ${(perStream / 1024).toFixed(1)} KB RSS ` +
          `(${(heapPerStream / 1024).toFixed(1)} KB of JavaScript heap) per stream (the larger of 2 openings${typeof globalThis.gc === "function" ? "" : ", no --expose-gc"}); 28-day turnover p50 ` +
          `${without.map(ms).join(", ")} without, ${withStreams.map(ms).join(", ")} with them (${TURNOVER_RUNS} calls per round, alternating)`,
      );
      for (const socket of sockets) socket.destroy();
    } finally {
      await server.app.close();
    }
  } finally {
    await handle.close();
  }
}

async function setLiveTriggers(handle: DatabaseHandle, enabled: boolean): Promise<void> {
  const triggers = await queryRows<{ table: string; name: string }>(
    handle.db,
    sql`select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like '%live%' and c.relname <> 'live_events'`,
  );
  for (const { table, name } of triggers) {
    await handle.db.execute(sql.raw(`alter table "${table}" ${enabled ? "enable" : "disable"} trigger "${name}"`));
  }
}

async function importCost(label: string, handle: DatabaseHandle, files: Array<{ text: string }>): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW, season: "W26" });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "live-import");
    const apply = async (text: string) => {
      const started = performance.now();
      const response = await app.inject({
        method: "POST",
        url: "/api/loads/",
        headers: { "content-type": "application/json", ...session.headers },
        payload: JSON.stringify({ kind: "schedule", file_name: "temporada-grande.ssim", content: text }),
      });
      if (response.statusCode !== 200) throw new Error(`apply answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return performance.now() - started;
    };
    await apply(files[1]?.text ?? "");
    const on: number[] = [];
    const off: number[] = [];
    for (let run = 0; run < 4; run++) {
      const enabled = run % 2 === 0;
      await setLiveTriggers(handle, enabled);
      (enabled ? on : off).push(await apply(files[run % 2]?.text ?? ""));
    }
    await setLiveTriggers(handle, true);
    console.log(
      `${label.padEnd(10)} 40,000-leg apply, every flight changed: median ${(quantile(on, 0.5) / 1000).toFixed(2)} s with the live triggers, ` +
        `${(quantile(off, 0.5) / 1000).toFixed(2)} s without (2 runs each, alternating)`,
    );
  } finally {
    await app.close();
  }
}

async function benchImportCost(): Promise<void> {
  const files = [largeSeasonSsim(40_000, true), largeSeasonSsim(40_000, false)];
  const pglite = await openAndPrepareDatabase({}, NOW);
  try {
    await importCost("PGlite", pglite, files);
  } finally {
    await pglite.close();
  }
  await onThrowawayPostgres("live_import", NOW, (handle) => importCost("PostgreSQL", handle, files));
}

export async function benchLive(): Promise<void> {
  console.log(`Live updates bench · node ${process.version}`);
  await benchLatency();
  await benchIdle();
  if (process.env.BENCH_LIVE_IMPORT !== "0") await benchImportCost();
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchLive();
