/**
 * Schedule import bench (issue 15 item 4): the demo season's flights written as an IATA SSIM
 * Chapter 7 file (one leg record per dated flight, time mode U: the worst case for the reader,
 * about 30,000 records) and sent to POST /api/loads/ (kind schedule) on PGlite with the demo season
 * loaded, through the app (app.inject: session, CSRF, contract, reading, expansion, one transaction
 * with the upserts and the re-match). Three figures:
 *  - the first import of a season: the file into a database with the season's slots and no
 *    flights yet (every flight inserted, every date matched);
 *  - the worst case: runs alternating between the same file and the file with every aircraft
 *    type swapped (320 ↔ 321), so each run changes all 31,000 flights and re-matches every date
 *    of the season; p50 of 5 runs;
 *  - one re-import of an unchanged file (nothing written, nothing re-matched), the usual weekly case.
 * Figures, never pass/fail (budget ≤ 3 s).
 *
 * `npx tsx --max-semi-space-size=32 scripts/bench/scheduleImport.ts`, or `benchScheduleImport()`.
 */
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { pathToFileURL } from "node:url";
import { generateDemoSeason } from "../../src/server/demo/generator/season";
import { parseDesignator } from "../../src/domain/matching";
import { isoWeekday } from "../../src/domain/seasons";
import { type Ssim7LegSpec, writeSsim7 } from "../../src/domain/ssim7";
import { buildApp } from "../../src/server/app";
import { createServices, openAndPrepareDatabase } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import { DEMO_SEED, loadDemoSeason } from "../../src/server/demo/season";
import type { components } from "../../src/generated/openapi";
import { signInByInject } from "./inProcess";

type DataLoad = components["schemas"]["DataLoad"];
import { quantile } from "./stats";

const SEASON = "W26";
const RUNS = 5;
const NOW = new Date("2026-11-21T15:00:00Z");
const DAY_MS = 86_400_000;

/** The demo season's flights as SSIM legs, each one on its own date, UTC times. */
export function demoSeasonLegs(swapTypes = false): Ssim7LegSpec[] {
  const demo = generateDemoSeason({ season: SEASON, seed: DEMO_SEED, now: NOW });
  const legs: Ssim7LegSpec[] = [];
  for (const f of demo.flights) {
    const designator = parseDesignator(f.flightNumber);
    if (!designator) continue;
    const date = f.scheduledDeparture.slice(0, 10);
    const arrivalDate = f.scheduledArrival.slice(0, 10);
    legs.push({
      flightNumber: designator.number,
      suffix: designator.suffix || " ",
      from: date,
      to: date,
      days: String(isoWeekday(date)),
      departureStation: f.origin,
      departureTime: f.scheduledDeparture.slice(11, 16).replace(":", ""),
      departureVariation: "+0000",
      arrivalStation: f.destination,
      arrivalTime: f.scheduledArrival.slice(11, 16).replace(":", ""),
      arrivalVariation: "+0000",
      aircraftType: swapTypes ? (f.aircraftType === "320" ? "321" : "320") : f.aircraftType,
      arrivalDateVariation: Math.round((Date.parse(arrivalDate) - Date.parse(date)) / DAY_MS),
    });
  }
  return legs;
}

/** Legs as the SSIM file of the demo airline's season. */
export function seasonSsim(legs: Ssim7LegSpec[]): { text: string; legs: number } {
  const text = writeSsim7({ airline: "VB", timeMode: "U", from: legs[0]?.from ?? "2026-10-25", to: "2027-03-27", created: "2026-10-01", legs });
  return { text, legs: legs.length };
}

export async function benchScheduleImport(): Promise<void> {
  const handle = await openAndPrepareDatabase({}, NOW);
  await loadDemoSeason(handle.db, { now: NOW, season: SEASON });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "schedule");

    const files = [seasonSsim(demoSeasonLegs(true)), seasonSsim(demoSeasonLegs(false))];
    const post = async (text: string) => {
      const started = performance.now();
      const response = await app.inject({
        method: "POST",
        url: "/api/loads/",
        headers: { "content-type": "application/json", ...session.headers },
        payload: JSON.stringify({ kind: "schedule", file_name: "temporada.ssim", content: text }),
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
      return { elapsed, result: response.json<DataLoad>() };
    };
    // The first import of a season: the slots are there, the flights are not yet.
    await handle.db.execute(sql`delete from flights`);
    const first = await post(files[1]?.text ?? "");
    const times: number[] = [];
    let last: DataLoad | null = null;
    for (let run = 0; run < RUNS; run++) {
      const { elapsed, result } = await post(files[run % 2]?.text ?? "");
      times.push(elapsed);
      last = result;
    }
    const unchanged = await post(files[(RUNS - 1) % 2]?.text ?? "");
    const { text, legs } = files[0] ?? { text: "", legs: 0 };
    console.log(
      `schedule import (SSIM, PGlite), the ${SEASON} demo season as ${legs} leg records (${(text.length / 1024 / 1024).toFixed(1)} MiB): ` +
        `first import (${first.result.counts.new} new flights, ${first.result.rematch_dates.length} dates matched) ` +
        `${first.elapsed.toFixed(0)} ms; ` +
        `every flight changed (${last?.counts.changed ?? 0} changed, ${last?.rematch_dates.length ?? 0} dates re-matched): ` +
        `p50 ${quantile(times, 0.5).toFixed(0)} ms (best ${Math.min(...times).toFixed(0)} ms, ${RUNS} runs); ` +
        `unchanged re-import ${unchanged.elapsed.toFixed(0)} ms (${unchanged.result.rematch_dates.length} dates re-matched)  [budget 3 s]`,
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchScheduleImport();
