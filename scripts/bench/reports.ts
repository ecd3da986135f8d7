/**
 * Reportes bench: figures, never pass/fail. On the demo season, on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, else DATABASE_URL, else the local server) in the same run, for each of the
 * six reports over a 31-day range (LOCAL days):
 *
 *  - GET /api/reports/{type}/get_report/: the server's time, request received → response handed
 *    over, p50/p95 over 9 runs after one cold call (which also fills the rows' cached JSON)
 *    [budget 300 ms p50];
 *  - POST /api/reports/{type}/download_report/ (the .xlsx; Matrículas a csv): p50 over 5 runs
 *    [budget 2 s p50].
 *
 * The calls go through Fastify's inject (no socket): the figure is the server's own work.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/reports.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { addDays } from "../../src/domain/seasons";
import { REPORT_TYPES } from "../../src/domain/reports";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { loadDemoSeason } from "../../src/server/demo/season";
import { onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

/** The demo's "now" (the turnover bench's). */
const NOW = new Date("2026-11-21T15:00:00Z");
/** 31 days ending yesterday. */
const END = "2026-11-20";
const START = addDays(END, -30);

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function benchReportsOn(label: string, handle: DatabaseHandle): Promise<void> {
  const loaded = await loadDemoSeason(handle.db, { now: NOW });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  const startedAt = new WeakMap<object, number>();
  const times: number[] = [];
  app.addHook("onRequest", async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    times.push(performance.now() - (startedAt.get(request) ?? 0));
    return payload;
  });
  await app.ready();
  try {
    const { headers } = await signInByInject(app, handle.db, services.passwords, "Slot", "reports");
    console.log(`${label}: ${loaded.season}, ${START}..${END} (31 days, LOCAL)`);
    for (const type of REPORT_TYPES) {
      const url = `/api/reports/${type}/get_report/?start=${START}&end=${END}&timezone=local&airport=MEX`;
      times.length = 0;
      const first = await app.inject({ method: "GET", url, headers });
      if (first.statusCode !== 200) throw new Error(`${type} answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
      const cold = times[0] ?? 0;
      const answer = first.json<{ rows: unknown[]; sections: Record<string, unknown[]> | null }>();
      const rows = answer.sections ? Object.values(answer.sections).reduce((n, list) => n + list.length, 0) : answer.rows.length;
      times.length = 0;
      for (let i = 0; i < 9; i++) await app.inject({ method: "GET", url, headers });
      const report = [...times];
      times.length = 0;
      const download = () =>
        app.inject({
          method: "POST",
          url: `/api/reports/${type}/download_report/`,
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify({ start: START, end: END, timezone: "local" }),
        });
      const file = await download();
      if (file.statusCode !== 200) throw new Error(`${type} download answered ${file.statusCode}`);
      for (let i = 0; i < 4; i++) await download();
      const files = [...times];
      const kind = String(file.headers["content-type"]).includes("csv") ? "csv" : "xlsx";
      console.log(
        `  ${type.padEnd(16)} ${String(rows).padStart(5)} rows  report p50 ${ms(quantile(report, 0.5))}, p95 ${ms(quantile(report, 0.95))} ` +
          `(cold ${ms(cold)})  [budget 300 ms]  ${kind} ${(file.rawPayload.length / 1e3).toFixed(0)} KB p50 ${ms(quantile(files, 0.5))}  [budget 2 s]`,
      );
    }
  } finally {
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchReports(): Promise<void> {
  console.log(`Reportes bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  await onBothDatabases("reports", NOW, benchReportsOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchReports();
