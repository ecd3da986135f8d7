/**
 * The coordinator's list against the register (issue 23 item 3): figures, never pass/fail. On the
 * demo season, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local
 * server) in the same run:
 *
 *  - a SIR of 5,000 lines written from the season's held slots (each line a week or less of one
 *    series), with about 2 % of its lines changed (5 minutes later, other seats, dropped, another
 *    flight's new series), compared: five rounds, the server's time (request received → response
 *    handed over, through Fastify's inject), median  [budget ≤ 2 s];
 *  - its download (.xlsx), once;
 *  - 20 of its differences applied (one transaction, history, audit, re-match), once.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/coordinatorList.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { isoToScrDate } from "../../src/domain/scr";
import { isoWeekday } from "../../src/domain/seasons";
import type { components } from "../../src/generated/openapi";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { queryRows } from "../../src/server/db/sql";
import { loadDemoSeason } from "../../src/server/demo/season";
import { onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

const NOW = new Date("2026-11-21T15:00:00Z");
const LINES = 5000;
const ROUNDS = 5;

const ms = (n: number) => `${n.toFixed(1)} ms`;

type SlotRow = {
  serie: number;
  flight_number: string;
  date: string;
  time: string;
  is_arrival: boolean;
  route: string;
  aircraft_type: string;
  seats: number;
  service_type: string;
  season: string;
};

const later = (time: string) => {
  const minutes = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 5) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** One SIR line of a run of dates of one series (at most a week: each weekday once). */
function line(slots: readonly SlotRow[], change: { time?: string; seats?: number; flight?: string } = {}): string {
  const [first] = slots;
  const last = slots[slots.length - 1];
  if (!first || !last) return "";
  const on = new Set(slots.map((slot) => isoWeekday(slot.date)));
  let days = "";
  for (let day = 1; day <= 7; day++) days += on.has(day) ? String(day) : "0";
  const period = `${isoToScrDate(first.date)}${isoToScrDate(last.date)}`;
  const flight = change.flight ?? first.flight_number;
  const time = (change.time ?? first.time).replace(":", "");
  const capacity = `${String(change.seats ?? first.seats).padStart(3, "0")}${first.aircraft_type}`;
  return first.is_arrival
    ? `K${flight} ${period} ${days} ${capacity} ${first.route}${time} ${first.service_type}`
    : `K ${flight} ${period} ${days} ${capacity} ${time}${first.route} ${first.service_type}`;
}

/** The season's held slots as a list (a SIR, or `type`) of `count` lines, a few of them changed. */
export async function sirOf(handle: DatabaseHandle, count = LINES, type = "SIR"): Promise<{ text: string; season: string; changed: number }> {
  const rows = await queryRows<SlotRow>(
    handle.db,
    sql`select serie, flight_number, date::text as date, time, is_arrival, route, aircraft_type, seats, service_type, season
        from slots where status not in ('CAN', 'C') and season = (select season from slots group by season order by count(*) desc limit 1)
        order by serie, flight_number, is_arrival, time, date`,
  );
  const season = rows[0]?.season ?? "W26";
  // Runs of one series, time and flight within seven days.
  const runs: SlotRow[][] = [];
  let run: SlotRow[] = [];
  for (const row of rows) {
    const first = run[0];
    const same = first && first.serie === row.serie && first.flight_number === row.flight_number && first.time === row.time && first.is_arrival === row.is_arrival;
    if (!first || !same || epochDay(row.date) - epochDay(first.date) >= 7 || run.some((slot) => slot.date === row.date)) {
      if (run.length > 0) runs.push(run);
      run = [row];
    } else run.push(row);
  }
  if (run.length > 0) runs.push(run);
  // Split the longest runs until there are enough lines (a series written week by week, or finer).
  runs.sort((a, b) => b.length - a.length);
  while (runs.length < count && (runs[0]?.length ?? 0) > 1) {
    const longest = runs.shift() ?? [];
    const half = Math.ceil(longest.length / 2);
    runs.push(longest.slice(0, half), longest.slice(half));
    runs.sort((a, b) => b.length - a.length);
  }
  const chosen = runs.slice(0, count);
  let changed = 0;
  const lines = chosen.map((slots, index) => {
    if (index % 50 === 1) {
      changed++;
      return line(slots, { time: later(slots[0]?.time ?? "00:00") });
    }
    if (index % 50 === 2) {
      changed++;
      return line(slots, { seats: (slots[0]?.seats ?? 180) + 6 });
    }
    if (index % 50 === 3) {
      changed++;
      return line(slots, { flight: `VB${9000 + (index % 900)}` });
    }
    return line(slots);
  });
  const header = [type, "/coordinacion@bench.example", season, "21NOV", "MEX"];
  return { text: [...header, ...lines, "SI BENCH"].join("\n"), season, changed };
}

async function benchOn(label: string, handle: DatabaseHandle): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  const startedAt = new WeakMap<object, number>();
  let last = 0;
  app.addHook("onRequest", async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.url.startsWith("/api/coordinator-list/")) last = performance.now() - (startedAt.get(request) ?? 0);
    return payload;
  });
  await app.ready();
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "coordinator-list");
    const sir = await sirOf(handle);
    const post = async (path: "compare" | "apply" | "download", body: object) => {
      const answer = await app.inject({
        method: "POST",
        url: `/api/coordinator-list/${path}/`,
        headers: { ...session.headers, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
      return { time: last, answer };
    };
    const body = { file_name: "SIR bench.txt", content: sir.text };
    const times: number[] = [];
    let comparison: components["schemas"]["CoordinatorListComparison"] | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      const { time, answer } = await post("compare", body);
      times.push(time);
      comparison = answer.json<components["schemas"]["CoordinatorListComparison"]>();
    }
    const download = await post("download", body);
    const keys = (comparison?.series ?? []).flatMap((series) => series.differences.filter((d) => !d.wip).map((d) => d.key)).slice(0, 20);
    const apply = await post("apply", { ...body, keys });
    const totals = comparison?.totals;
    console.log(
      `${label}: SIR of ${sir.text.split("\n").length} lines (${LINES} data lines, ${sir.changed} changed) against ${comparison?.register_slots ?? 0} held slots, ` +
        `${comparison?.list_slots ?? 0} dated slots in the list\n` +
        `  differences: ${totals?.differences ?? 0} (time ${totals?.time ?? 0}, seats ${totals?.seats ?? 0}, only here ${totals?.only_here ?? 0}, ` +
        `only there ${totals?.only_there ?? 0}, days ${totals?.days ?? 0}, WIP ${totals?.wip ?? 0}); series alike ${comparison?.series_equal ?? 0}\n` +
        `  compare: median ${ms(quantile(times, 0.5))}, max ${ms(Math.max(...times))} over ${ROUNDS} rounds  [budget 2 s]\n` +
        `  download (.xlsx, ${download.answer.rawPayload.length} bytes): ${ms(download.time)}\n` +
        `  apply ${keys.length} differences (compare again on locked slots, write, re-match): ${ms(apply.time)}`,
    );
  } finally {
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchCoordinatorList(): Promise<void> {
  console.log(`Coordinator's list bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  await onBothDatabases("coordinator_list", NOW, benchOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchCoordinatorList();
