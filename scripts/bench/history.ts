/**
 * Histórico bench: figures, never pass/fail. On the demo season (all its series), on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local server) in the same run:
 *
 *  - GET /api/history/ (the whole season): the server's time, request received → response
 *    handed over, p50/p95 over 20 runs after one cold call  [budget 300 ms p50];
 *  - GET /api/history/download/ (the .xlsx): the same, over 7 runs  [budget 2 s p50];
 *  - the answers' sizes, raw and as served with brotli: the cards, and one card's weekly table
 *    (GET /api/history/series/, read when the card opens: issue 35 item 3), with its server p50.
 *
 * The calls go through Fastify's inject (no socket): the figure is the server's own work.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/history.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { seasons } from "../../src/server/db/schema";
import { loadDemoSeason } from "../../src/server/demo/season";
import { onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

/** The demo's "now" (the turnover bench's). */
const NOW = new Date("2026-11-21T15:00:00Z");

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(1)} KB`;

async function benchHistoryOn(label: string, handle: DatabaseHandle): Promise<void> {
  const loaded = await loadDemoSeason(handle.db, { now: NOW });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  const startedAt = new WeakMap<object, number>();
  const times = new Map<string, number[]>();
  app.addHook("onRequest", async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    const path = request.url.split("?")[0] ?? "";
    times.set(path, [...(times.get(path) ?? []), performance.now() - (startedAt.get(request) ?? 0)]);
    return payload;
  });
  await app.ready();
  try {
    const { headers } = await signInByInject(app, handle.db, services.passwords, "Slot", "history");
    const [season] = await handle.db.select({ id: seasons.id }).from(seasons).where(eq(seasons.name, loaded.season));
    const listUrl = `/api/history/?season_id=${season?.id ?? 0}&airport=MEX`;
    const downloadUrl = `/api/history/download/?season=${loaded.season}`;

    const first = await app.inject({ method: "GET", url: listUrl, headers });
    if (first.statusCode !== 200) throw new Error(`history answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
    const series = first.json<unknown[]>().length;
    times.clear();
    for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url: listUrl, headers });
    const list = times.get("/api/history/") ?? [];
    const served = await app.inject({ method: "GET", url: listUrl, headers: { ...headers, "accept-encoding": "br" } });
    const firstSerie = first.json<{ serie: number }[]>()[0]?.serie ?? 0;
    const weeksUrl = `/api/history/series/?season_id=${season?.id ?? 0}&serie=${firstSerie}`;
    const weeks = await app.inject({ method: "GET", url: weeksUrl, headers });
    if (weeks.statusCode !== 200) throw new Error(`a series' weeks answered ${weeks.statusCode}: ${weeks.body.slice(0, 200)}`);
    const weeksServed = await app.inject({ method: "GET", url: weeksUrl, headers: { ...headers, "accept-encoding": "br" } });
    for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url: weeksUrl, headers });
    const weeksTimes = times.get("/api/history/series/") ?? [];
    const file = await app.inject({ method: "GET", url: downloadUrl, headers });
    if (file.statusCode !== 200) throw new Error(`download answered ${file.statusCode}`);
    for (let i = 0; i < 7; i++) await app.inject({ method: "GET", url: downloadUrl, headers });
    const xlsx = (times.get("/api/history/download/") ?? []).slice(1);
    console.log(
      `${label}: ${loaded.season}, ${series} series, ${loaded.slots} slots\n` +
        `  GET /api/history/ server p50 ${ms(quantile(list, 0.5))}, p95 ${ms(quantile(list, 0.95))}  [budget 300 ms]; ` +
        `the cards ${kb(first.rawPayload.length)} raw, ${kb(served.rawPayload.length)} brotli\n` +
        `  GET /api/history/series/ (series ${firstSerie}'s weekly table) server p50 ${ms(quantile(weeksTimes, 0.5))}; ` +
        `${kb(weeks.rawPayload.length)} raw, ${kb(weeksServed.rawPayload.length)} brotli\n` +
        `  GET /api/history/download/ (${(file.rawPayload.length / 1e3).toFixed(0)} KB xlsx) server p50 ${ms(quantile(xlsx, 0.5))}, ` +
        `max ${ms(Math.max(...xlsx))}  [budget 2 s]`,
    );
  } finally {
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchHistory(): Promise<void> {
  console.log(`Histórico bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  await onBothDatabases("history", NOW, benchHistoryOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchHistory();
