/**
 * Monitoreo bench: figures, never pass/fail. On the demo season, on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, else DATABASE_URL, else the local server) in the same run:
 *
 *  - the week: `monitoringWeek` on the demo's last whole week (its rows, counts and corrective
 *    SCRs), p50/p95 over 20 runs after one cold call  [budget 300 ms p50];
 *  - the season: `earlyWarning` over the whole demo season (Histórico's test on every series, the
 *    flagged ones with their operations and retime count), the same  [budget 1 s p50];
 *  - GET /api/monitoring/ (both, as the view asks) and GET /api/monitoring/retime/ of a flagged
 *    series: the server's time, request received → response handed over, through Fastify's inject;
 *    the first read after a register change (the season read again) and the reads after it (the
 *    season's slots kept: issue 35 item 3), and the answer's size raw and as served with brotli;
 *  - GET /api/monitoring/operations/ of a flagged series (read when its panel opens).
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/monitoring.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import { lastIsoWeek } from "../../src/domain/monitoring/week";
import type { components } from "../../src/generated/openapi";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { seasons } from "../../src/server/db/schema";
import { loadDemoSeason } from "../../src/server/demo/season";
import { earlyWarning, monitoringWeek } from "../../src/server/monitoring/week";
import { seasonRule } from "../../src/server/seasons/rule";
import { onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

/** The demo's "now" (the turnover and Histórico benches'): a Saturday, so the last whole week is 9–15 Nov. */
const NOW = new Date("2026-11-21T15:00:00Z");
const RUNS = 20;

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  await work(); // cold
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return times;
}

async function benchMonitoringOn(label: string, handle: DatabaseHandle): Promise<void> {
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
    const week = lastIsoWeek(NOW);
    const [season] = await handle.db.select({ id: seasons.id, name: seasons.name }).from(seasons).where(eq(seasons.name, loaded.season));
    if (!season) throw new Error(`no season ${loaded.season}`);
    const { tolerance } = await seasonRule(handle.db, season.name);

    const weekly = await monitoringWeek(handle.db, week, NOW);
    const weekTimes = await timed(RUNS, () => monitoringWeek(handle.db, week, NOW));
    const warning = await earlyWarning(handle.db, season, tolerance, NOW);
    const seasonTimes = await timed(RUNS, () => earlyWarning(handle.db, season, tolerance, NOW));

    const { headers } = await signInByInject(app, handle.db, services.passwords, "Slot", "monitoring");
    const url = `/api/monitoring/?week=${week.label}`;
    const first = await app.inject({ method: "GET", url, headers });
    if (first.statusCode !== 200) throw new Error(`monitoring answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
    const served = await app.inject({ method: "GET", url, headers: { ...headers, "accept-encoding": "br" } });
    times.clear();
    for (let i = 0; i < RUNS; i++) await app.inject({ method: "GET", url, headers });
    const api = times.get("/api/monitoring/") ?? [];
    // After a change of the register (one match touched), the first read reads the season again.
    const changed: number[] = [];
    for (let i = 0; i < 5; i++) {
      await handle.db.execute(sql`update matches set real_difference = real_difference where id = (select min(id) from matches)`);
      times.clear();
      await app.inject({ method: "GET", url, headers });
      changed.push(...(times.get("/api/monitoring/") ?? []));
    }
    const operationsUrl = `/api/monitoring/operations/?season_id=${season.id}&serie=${warning[0]?.serie ?? 0}`;
    const operations = await app.inject({ method: "GET", url: operationsUrl, headers });
    times.clear();
    for (let i = 0; i < RUNS; i++) await app.inject({ method: "GET", url: operationsUrl, headers });
    const operationTimes = times.get("/api/monitoring/operations/") ?? [];
    const proposed = warning.find((s) => s.punctuality.proposal !== null);
    let retimeText = "no flagged series with a proposal";
    if (proposed?.punctuality.proposal) {
      const retimeUrl = `/api/monitoring/retime/?season_id=${season.id}&serie=${proposed.serie}&shift=${proposed.punctuality.proposal.shift}`;
      const answer = await app.inject({ method: "GET", url: retimeUrl, headers });
      const { lines } = answer.json<components["schemas"]["MonitoringRetime"]>();
      for (let i = 0; i < RUNS; i++) await app.inject({ method: "GET", url: retimeUrl, headers });
      const retime = times.get("/api/monitoring/retime/") ?? [];
      retimeText = `series ${proposed.serie}, ${lines.length} lines, server p50 ${ms(quantile(retime, 0.5))}`;
    }
    console.log(
      `${label}: ${loaded.season}, ${loaded.slots} slots; week ${week.label}: ${weekly.rows.length} rows; ${warning.length} flagged series; ` +
        `answer ${(first.rawPayload.length / 1e3).toFixed(0)} KB\n` +
        `  the week (monitoringWeek) p50 ${ms(quantile(weekTimes, 0.5))}, p95 ${ms(quantile(weekTimes, 0.95))}  [budget 300 ms]\n` +
        `  the season's early warning (earlyWarning, the season's slots kept since the first call) p50 ${ms(quantile(seasonTimes, 0.5))}, p95 ${ms(quantile(seasonTimes, 0.95))}  [budget 1 s]\n` +
        `  GET /api/monitoring/ (both) server p50 ${ms(quantile(api, 0.5))}, p95 ${ms(quantile(api, 0.95))}; the first read after a ` +
        `register change p50 ${ms(quantile(changed, 0.5))}; ${(first.rawPayload.length / 1e3).toFixed(1)} KB raw, ` +
        `${(served.rawPayload.length / 1e3).toFixed(1)} KB brotli\n` +
        `  GET /api/monitoring/operations/ (series ${warning[0]?.serie ?? "–"}) server p50 ${ms(quantile(operationTimes, 0.5))}, ` +
        `${(operations.rawPayload.length / 1e3).toFixed(1)} KB raw\n` +
        `  GET /api/monitoring/retime/: ${retimeText}`,
    );
  } finally {
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchMonitoring(): Promise<void> {
  console.log(`Monitoreo bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  await onBothDatabases("monitoring", NOW, benchMonitoringOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchMonitoring();
