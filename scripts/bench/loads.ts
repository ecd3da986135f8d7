/**
 * Cargas de datos bench (issue 22): a 40,000-leg SSIM Chapter 7 file — a large airline's season —
 * previewed and applied through POST /api/loads/preview/ and POST /api/loads/ (app.inject: session,
 * CSRF, contract, the tolerant reader, the plan, one transaction with the upserts, the re-match and
 * the load's record with its original file), on PGlite and PostgreSQL in the same run, the demo
 * season's slots loaded. The file is the demo season's ~31,000 flights as dated legs plus copies of
 * the first ones under other flight numbers, up to 40,000 legs. Figures, per database:
 *  - the first load: preview, then apply, into a database with the season's slots and no flights;
 *  - every flight changed: runs alternating between the file and the file with every aircraft type
 *    swapped, so each run changes all 40,000 flights and re-matches every date; median of 3 runs
 *    for the preview and for the apply.
 * Never pass/fail (budget ≤ 10 s each, preview and apply).
 *
 * `npx tsx --max-semi-space-size=32 scripts/bench/loads.ts`, or `benchLoads()`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { loadDemoSeason } from "../../src/server/demo/season";
import { type BenchSession, onBothDatabases, signInByInject } from "./inProcess";
import { demoSeasonLegs, seasonSsim } from "./scheduleImport";
import { quantile } from "./stats";

const SEASON = "W26";
const LEGS = 40_000;
const RUNS = 3;
const NOW = new Date("2026-11-21T15:00:00Z");

/** The demo season's flights as dated SSIM legs, topped up to `count` with renumbered copies. */
export function largeSeasonSsim(count: number, swapTypes: boolean): { text: string; legs: number } {
  const base = demoSeasonLegs(swapTypes);
  const legs = base.slice(0, count);
  // The copies fly under flight numbers the demo does not use (the demo's stay below 5000).
  for (let i = 0; legs.length < count && i < base.length; i++) {
    const leg = base[i];
    if (!leg || leg.flightNumber >= 5000) continue;
    legs.push({ ...leg, flightNumber: leg.flightNumber + 5000 });
  }
  return seasonSsim(legs);
}

type Counts = { new: number; changed: number; unchanged: number; skipped: number };

async function post(app: FastifyInstance, session: BenchSession, url: string, text: string) {
  const started = performance.now();
  const response = await app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...session.headers },
    payload: JSON.stringify({ kind: "schedule", file_name: "temporada-grande.ssim", content: text }),
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  const body = response.json<{ counts: Counts; rematch_dates: string[]; warnings: number; errors: number }>();
  return { elapsed, body };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const counted = (c: Counts) => `${c.new} new, ${c.changed} changed, ${c.unchanged} unchanged`;

async function benchOn(label: string, handle: DatabaseHandle, files: Array<{ text: string; legs: number }>): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW, season: SEASON });
  await handle.db.execute(sql`delete from flights`);
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "loads");
    const text = (i: number) => files[i % 2]?.text ?? "";
    const firstPreview = await post(app, session, "/api/loads/preview/", text(1));
    const firstApply = await post(app, session, "/api/loads/", text(1));
    const previews: number[] = [];
    const applies: number[] = [];
    let last = firstApply.body;
    for (let run = 0; run < RUNS; run++) {
      previews.push((await post(app, session, "/api/loads/preview/", text(run))).elapsed);
      const applied = await post(app, session, "/api/loads/", text(run));
      applies.push(applied.elapsed);
      last = applied.body;
    }
    console.log(
      `${label.padEnd(10)} first load (${counted(firstApply.body.counts)}, ${firstApply.body.rematch_dates.length} dates matched): ` +
        `preview ${s(firstPreview.elapsed)}, apply ${s(firstApply.elapsed)}\n` +
        `${"".padEnd(10)} every flight changed (${counted(last.counts)}, ${last.rematch_dates.length} dates re-matched): ` +
        `preview median ${s(quantile(previews, 0.5))}, apply median ${s(quantile(applies, 0.5))} (${RUNS} runs)  [budget 10 s each]`,
    );
  } finally {
    await app.close();
  }
}

export async function benchLoads(): Promise<void> {
  const files = [largeSeasonSsim(LEGS, true), largeSeasonSsim(LEGS, false)];
  const first = files[0] ?? { text: "", legs: 0 };
  console.log(
    `Cargas de datos bench · a ${first.legs}-leg SSIM Chapter 7 file (${(first.text.length / 1024 / 1024).toFixed(1)} MiB) on the ${SEASON} demo season · node ${process.version}`,
  );
  await onBothDatabases("loads", NOW, (label, handle) => benchOn(label, handle, files));
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchLoads();
