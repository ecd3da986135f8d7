/**
 * What a load would change, read without writing: each flight of the file is new, changed or
 * unchanged against the flights table, as the store would write it (a schedule changes only the
 * planned columns of a flight AIMS already reported; the operations feed every column and its
 * delay codes). The apply stores only the new and changed ones, so the same file applied twice
 * changes nothing the second time, and re-matches only the dates they touch.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type BulkColumn, queryRows, unnestRows } from "../db/sql";
import type { ImportedFlight } from "../../domain/flights";
import { FLIGHT_COLUMNS, flightRecord, SCHEDULE_COLUMNS } from "../flights/import";

export type FlightSource = "operations" | "schedule";

export type LoadPlan = {
  /** The flights to store (new and changed), in file order. */
  toStore: ImportedFlight[];
  counts: { new: number; changed: number; unchanged: number };
  /** The movement dates to re-match, before and after the change. */
  dates: string[];
};

/**
 * Flights compared per query. On the embedded database a query runs in this thread: 5,000 rows
 * held it for a second and more (issue 34), 500 for about a tenth of that; and between chunks
 * other requests get their turn.
 */
const CHUNK = 500;
const KEY_COLUMNS = ["flight_number", "date", "is_arrival"];

const delaysText = (f: ImportedFlight) =>
  [...f.delays]
    .sort((a, b) => a.position - b.position)
    .map((d) => `${d.position}:${d.code}:${d.minutes}`)
    .join(",");

export async function planFlights(db: Database, flights: readonly ImportedFlight[], source: FlightSource): Promise<LoadPlan> {
  const compared = FLIGHT_COLUMNS.filter(([name]) => !KEY_COLUMNS.includes(name)).filter(
    ([name]) => source === "operations" || SCHEDULE_COLUMNS.has(name),
  );
  const columns: BulkColumn[] = [["i", "int"], ...FLIGHT_COLUMNS];
  const existingCols = sql.raw(compared.map(([name]) => `f.${name}`).join(", "));
  const fileCols = sql.raw(compared.map(([name]) => `x.${name}`).join(", "));
  const delays =
    source === "operations"
      ? sql`, (select coalesce(string_agg(d.position || ':' || d.code || ':' || d.minutes, ',' order by d.position), '')
              from flight_delays d where d.flight_id = f.id) as delays`
      : sql`, '' as delays`;
  const toStore: ImportedFlight[] = [];
  const dates = new Set<string>();
  const counts = { new: 0, changed: 0, unchanged: 0 };
  for (let start = 0; start < flights.length; start += CHUNK) {
    if (start > 0) await new Promise((next) => setImmediate(next));
    const chunk = flights.slice(start, start + CHUNK);
    const rows = await queryRows<{ i: number; found: boolean; differs: boolean; old_date: string | null; delays: string }>(
      db,
      sql`select x.i, f.id is not null as found, (${existingCols}) is distinct from (${fileCols}) as differs,
                 f.movement_date as old_date${delays}
          from ${unnestRows(
            columns,
            chunk.map((f, i) => ({ i, ...flightRecord(f) })),
          )} left join flights f using (flight_number, date, is_arrival)`,
    );
    for (const row of rows) {
      const flight = chunk[row.i];
      if (!flight) continue;
      const changed = row.found && (row.differs || (source === "operations" && row.delays !== delaysText(flight)));
      if (!row.found) counts.new++;
      else if (changed) counts.changed++;
      else {
        counts.unchanged++;
        continue;
      }
      toStore.push(flight);
      dates.add(flight.movementDate);
      if (row.old_date) dates.add(row.old_date);
    }
  }
  // The unnest keeps no order across chunks: store in file order.
  const order = new Map(flights.map((f, i) => [f, i]));
  toStore.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return { toStore, counts, dates: [...dates].sort() };
}
