/**
 * Movement messages applied (issue 23 item 2): 10,000 MVT messages for flights of the demo season
 * at MEX — departures with off-block, airborne, an estimate and some delay codes; arrivals with
 * touchdown and on-block; times past midnight written `ddhhmm` — previewed and applied through
 * POST /api/loads/preview/ and POST /api/loads/ (kind mvt: the reader, each message resolved to its
 * flight, one transaction with the updates, the re-match of the touched dates and the load's
 * record), on PGlite and PostgreSQL in the same run. Runs alternate between two texts whose times
 * differ by two minutes, so every run changes all the flights; median of 3 runs for the preview and
 * for the apply. Never pass/fail (budget ≤ 5 s each).
 *
 * `npx tsx --max-semi-space-size=32 scripts/bench/mvtLoads.ts`, or `benchMvtLoads()`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { queryRows } from "../../src/server/db/sql";
import { loadDemoSeason } from "../../src/server/demo/season";
import { type BenchSession, onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

const SEASON = "W26";
const MESSAGES = 10_000;
const RUNS = 3;
const NOW = new Date("2026-11-21T15:00:00Z");
const MINUTE = 60_000;

type FlightRow = { flight_number: string; date: string; is_arrival: boolean; registration: string | null; std: string; sta: string; other: string };

const pad = (n: number) => String(n).padStart(2, "0");
/** `hhmm` on the flight's day, `ddhhmm` on another (past midnight), in UTC as MVT writes. */
function mvtTime(ms: number, day: number): string {
  const at = new Date(ms);
  const hhmm = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}`;
  return at.getUTCDate() === day ? hhmm : `${pad(at.getUTCDate())}${hhmm}`;
}

/** One message a flight: `shift` minutes after its schedule. */
function mvtText(flights: FlightRow[], shift: number): string {
  const out: string[] = [];
  flights.forEach((f, n) => {
    // AHM 780: the day of month of the flight's scheduled departure (UTC), at MEX or at its origin.
    const day = Number(f.std.slice(8, 10));
    const registration = (f.registration ?? "XAVBA").replace("-", "");
    out.push("MVT", `${f.flight_number}/${pad(day)}.${registration}.MEX`);
    if (f.is_arrival) {
      const touchdown = Date.parse(f.sta) + (shift - 6) * MINUTE;
      out.push(`AA${mvtTime(touchdown, day)}/${mvtTime(touchdown + 6 * MINUTE, day)}`);
    } else {
      const offBlock = Date.parse(f.std) + shift * MINUTE;
      out.push(`AD${mvtTime(offBlock, day)}/${mvtTime(offBlock + 12 * MINUTE, day)} EA${mvtTime(Date.parse(f.sta) + shift * MINUTE, day)} ${f.other}`);
      if (n % 4 === 0) out.push(`DL93/00${pad(shift)}`);
      out.push(`PX${120 + (n % 60)}`);
    }
    out.push("");
  });
  return out.join("\n");
}

type Counts = { lines: number; new: number; changed: number; unchanged: number; skipped: number; pending: number };

async function post(app: FastifyInstance, session: BenchSession, url: string, text: string) {
  const started = performance.now();
  const response = await app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...session.headers },
    payload: JSON.stringify({ kind: "mvt", file_name: "movimientos.txt", content: text, skip_errors: true }),
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  return { elapsed, body: response.json<{ counts: Counts; rematch_dates: string[]; warnings: number; errors: number }>() };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function benchOn(label: string, handle: DatabaseHandle): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW, season: SEASON });
  const flights = await queryRows<FlightRow>(
    handle.db,
    sql`select flight_number, date::text as date, is_arrival, registration,
               to_char(scheduled_departure at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as std,
               to_char(scheduled_arrival at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sta,
               case when is_arrival then origin else destination end as other
          from flights where status <> 'C' order by date, scheduled_departure, id limit ${MESSAGES}`,
  );
  const texts = [mvtText(flights, 7), mvtText(flights, 9)];
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "mvt");
    const previews: number[] = [];
    const applies: number[] = [];
    let last: Counts | undefined;
    let dates = 0;
    let problems = "";
    for (let run = 0; run < RUNS; run++) {
      const text = texts[run % 2] ?? "";
      const preview = await post(app, session, "/api/loads/preview/", text);
      previews.push(preview.elapsed);
      problems = `${preview.body.warnings} warnings, ${preview.body.errors} errors`;
      const applied = await post(app, session, "/api/loads/", text);
      applies.push(applied.elapsed);
      last = applied.body.counts;
      dates = applied.body.rematch_dates.length;
    }
    const c = last;
    console.log(
      `${label.padEnd(10)} ${flights.length} messages (${c ? `${c.changed} changed, ${c.unchanged} unchanged, ${c.skipped} skipped, ${c.pending} pending` : "-"}; ${problems}; ${dates} dates re-matched): ` +
        `preview median ${s(quantile(previews, 0.5))}, apply median ${s(quantile(applies, 0.5))} (${RUNS} runs)  [budget 5 s each]`,
    );
  } finally {
    await app.close();
  }
}

export async function benchMvtLoads(): Promise<void> {
  console.log(`MVT loads bench · ${MESSAGES.toLocaleString("en-US")} movement messages on the ${SEASON} demo season · node ${process.version}`);
  await onBothDatabases("mvtloads", NOW, benchOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchMvtLoads();
