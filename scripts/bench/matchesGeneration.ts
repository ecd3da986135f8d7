/**
 * Matches generation bench: figures, never pass/fail. On the demo season (the one `npm start`
 * loads), on PGlite and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local
 * server) in the same run:
 *
 *  - POST /api/matches/medium-term/ for a 31-day range of planned flights (the month after the
 *    demo's "now", No computar, with its file): the server's time, request received → response
 *    handed over, p50 over 7 runs (each on a fresh range: a range is generated once; the
 *    generations are deleted between runs)  [budget 2 s p50];
 *  - the same with Computar (the range re-matched too), p50 over 3 runs.
 *
 * The calls go through Fastify's inject (no socket): the figure is the server's own work.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/matchesGeneration.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { addDays } from "../../src/domain/seasons";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { loadDemoSeason } from "../../src/server/demo/season";
import { onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

/** The demo's "now" (the turnover bench's) and the range: the next 31 days from December 1st. */
const NOW = new Date("2026-11-21T15:00:00Z");
const START = "2026-12-01";
const END = addDays(START, 30);

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function benchOn(label: string, handle: DatabaseHandle): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  const startedAt = new WeakMap<object, number>();
  const times: number[] = [];
  app.addHook("onRequest", async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.url.startsWith("/api/matches/medium-term/")) times.push(performance.now() - (startedAt.get(request) ?? 0));
    return payload;
  });
  await app.ready();
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "matches");
    const headers = { "content-type": "application/json", ...session.headers };
    const generate = async (compute: boolean) => {
      await handle.db.execute(sql`delete from match_generations`);
      const answer = await app.inject({
        method: "POST",
        url: "/api/matches/medium-term/",
        headers,
        payload: JSON.stringify({ start_date: START, end_date: END, compute, write_file: true }),
      });
      if (answer.statusCode !== 201) throw new Error(`generation answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      return answer.json<{ flights: number; slots: number; paired: number; without_slot: number; off_slot: number }>();
    };
    const first = await generate(false);
    times.length = 0;
    for (let i = 0; i < 7; i++) await generate(false);
    const plain = [...times];
    times.length = 0;
    for (let i = 0; i < 3; i++) await generate(true);
    const computed = [...times];
    console.log(
      `${label}: ${START} – ${END}, ${first.flights} planned flights, ${first.slots} slots, ${first.paired} pairs, ` +
        `${first.without_slot} without slot, ${first.off_slot} off slot\n` +
        `  POST /api/matches/medium-term/ (No computar) server p50 ${ms(quantile(plain, 0.5))}, max ${ms(Math.max(...plain))}  [budget 2 s]\n` +
        `  POST /api/matches/medium-term/ (Computar) server p50 ${ms(quantile(computed, 0.5))}`,
    );
  } finally {
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchMatchesGeneration(): Promise<void> {
  console.log(`Matches generation bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  await onBothDatabases("matches", NOW, benchOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchMatchesGeneration();
