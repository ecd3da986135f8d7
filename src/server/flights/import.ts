/**
 * The flights' store: the apply step of a data load (src/server/loads, read → plan → apply →
 * rematch) inserts or updates each flight (same flight number, date and direction → update) and
 * replaces its AIMS delay codes; the demo season inserts its flights in bulk. The load re-matches.
 */
import { sql } from "drizzle-orm";
import type { ImportedFlight } from "../../domain/flights";
import type { Database } from "../db/client";
import { failpoint } from "../failpoints";
import { syncAffectations } from "./delays";
import { type BulkColumn, bulkInsert, intArray, queryRows, unnestRows } from "../db/sql";

/** A flight as the flights table's row (FLIGHT_COLUMNS' names). */
export function flightRecord(f: ImportedFlight): Record<string, unknown> {
  return {
    airport: f.airport,
    flight_number: f.flightNumber,
    date: f.date,
    is_arrival: f.isArrival,
    movement_date: f.movementDate,
    origin: f.origin,
    destination: f.destination,
    scheduled_departure: f.scheduledDeparture,
    scheduled_arrival: f.scheduledArrival,
    estimated_departure: f.estimatedDeparture,
    estimated_arrival: f.estimatedArrival,
    actual_departure: f.actualDeparture,
    actual_arrival: f.actualArrival,
    registration: f.registration,
    aircraft_type: f.aircraftType,
    seats: f.seats,
    service_type: f.serviceType,
    status: f.status,
    cancellation_description: f.cancellationDescription,
    cancellation_time: f.cancellationTime,
  };
}

/** The columns a flight is written with, from the feed or the demo season (which adds its ids). */
/** Flights in bulk with their AIMS delay codes (the demo season): `columns` name the row fields written. */
export async function insertFlightRows(
  db: Database,
  flights: { columns: readonly BulkColumn[]; rows: readonly Record<string, unknown>[] },
  delays: { columns: readonly BulkColumn[]; rows: readonly Record<string, unknown>[] },
  chunk?: number,
): Promise<void> {
  await bulkInsert(db, "flights", flights.columns, flights.rows, chunk);
  await bulkInsert(db, "flight_delays", delays.columns, delays.rows, chunk);
}

export const FLIGHT_COLUMNS: readonly BulkColumn[] = [
  ["flight_number", "text"],
  ["date", "date"],
  ["is_arrival", "boolean"],
  ["movement_date", "date"],
  ["origin", "text"],
  ["destination", "text"],
  ["scheduled_departure", "timestamptz"],
  ["scheduled_arrival", "timestamptz"],
  ["estimated_departure", "timestamptz"],
  ["estimated_arrival", "timestamptz"],
  ["actual_departure", "timestamptz"],
  ["actual_arrival", "timestamptz"],
  ["registration", "text"],
  ["aircraft_type", "text"],
  ["seats", "int"],
  ["service_type", "text"],
  ["status", "text"],
  ["cancellation_description", "text"],
  ["cancellation_time", "timestamptz"],
];
/**
 * FLIGHT_COLUMNS with the flight's airport (issue 37), as a load stores and compares them: a flight
 * is one airport's arrival or departure, keyed by airport, number, date and direction. (The demo
 * season writes FLIGHT_COLUMNS and takes the column's default, MEX.)
 */
export const STORED_FLIGHT_COLUMNS: readonly BulkColumn[] = [["airport", "text"], ...FLIGHT_COLUMNS];
/** A flight's identity: the flights_identity unique index. */
export const FLIGHT_KEY_COLUMNS = ["airport", "flight_number", "date", "is_arrival"];
const flightKey = (f: { airport: string; flight_number: string; date: string; is_arrival: boolean }) =>
  `${f.airport}|${f.flight_number}|${f.date}|${f.is_arrival}`;
const CHUNK = 5_000;

/** The sources of a new flight's actual times: the file's ('csv', received now) when it gives them. */
const NEW_SOURCES = sql.raw(
  ["departure", "arrival"]
    .map((d) => `case when actual_${d} is null then null else 'csv' end, case when actual_${d} is null then null else now() end`)
    .join(", "),
);

/** The columns a schedule (planned) import may change on a flight that already exists. */
export const SCHEDULE_COLUMNS = new Set([
  "movement_date",
  "origin",
  "destination",
  "scheduled_departure",
  "scheduled_arrival",
  "aircraft_type",
  "service_type",
]);

/** What a write of flights did: how many existed already, and the movement dates it touched (before and after). */
export type StoredFlights = { updated: number; dates: string[] };

/**
 * Writes the flights (same flight, date and direction → update) and nothing else: the apply step
 * of a load (read → plan → apply → rematch, src/server/loads/apply.ts). A schedule changes only
 * the planned columns and leaves an unchanged flight alone; the operations feed also replaces the
 * AIMS delay codes, which the affectations follow. The caller re-matches the dates.
 */
export async function upsertFlights(
  db: Database,
  flights: readonly ImportedFlight[],
  source: "operations" | "schedule",
): Promise<StoredFlights> {
  return db.transaction(async (tx) => {
    const records = flights.map(flightRecord);
    const dates = new Set<string>();
    const idByKey = new Map<string, number>();
    let updated = 0;
    for (let i = 0; i < records.length; i += CHUNK) {
      const chunk = records.slice(i, i + CHUNK);
      const keys = unnestRows(
        [
          ["airport", "text"],
          ["flight_number", "text"],
          ["date", "date"],
          ["is_arrival", "boolean"],
        ],
        chunk,
      );
      // The movement dates before the change: a flight moved to another date leaves the old one.
      const existing = await queryRows<{ airport: string; flight_number: string; date: string; is_arrival: boolean; movement_date: string }>(
        tx,
        sql`select f.airport, f.flight_number, f.date, f.is_arrival, f.movement_date from flights f join ${keys} using (airport, flight_number, date, is_arrival)`,
      );
      updated += existing.length;
      const before = new Map(existing.map((row) => [flightKey(row), row.movement_date]));
      const names = sql.raw(STORED_FLIGHT_COLUMNS.map(([name]) => name).join(", "));
      const changing = STORED_FLIGHT_COLUMNS.filter(([name]) => !FLIGHT_KEY_COLUMNS.includes(name)).filter(
        ([name]) => source === "operations" || SCHEDULE_COLUMNS.has(name),
      );
      // The operations feed says where an actual time came from ('csv', received now); a time
      // it repeats keeps the source it had (an MVT's stays an MVT's), and a time it leaves empty
      // has none.
      const sources =
        source === "operations"
          ? ["departure", "arrival"]
              .map(
                (d) => `actual_${d}_source = case when excluded.actual_${d} is null then null
                  when flights.actual_${d} is not distinct from excluded.actual_${d} and flights.actual_${d}_source is not null
                    then flights.actual_${d}_source else 'csv' end,
                actual_${d}_source_at = case when excluded.actual_${d} is null then null
                  when flights.actual_${d} is not distinct from excluded.actual_${d} and flights.actual_${d}_source is not null
                    then flights.actual_${d}_source_at else now() end, `,
              )
              .join("")
          : "";
      const set = sql.raw(sources + changing.map(([name]) => `${name} = excluded.${name}`).join(", "));
      // A schedule re-import leaves an unchanged flight alone (no write, no re-match of its date):
      // the weekly file mostly repeats the season.
      const onlyChanged =
        source === "schedule"
          ? sql.raw(
              ` where (${changing.map(([name]) => `flights.${name}`).join(", ")}) is distinct from (${changing
                .map(([name]) => `excluded.${name}`)
                .join(", ")})`,
            )
          : sql``;
      const rows = await queryRows<{ id: number; airport: string; flight_number: string; date: string; is_arrival: boolean; movement_date: string }>(
        tx,
        sql`insert into flights (${names}, actual_departure_source, actual_departure_source_at, actual_arrival_source, actual_arrival_source_at)
            select ${names}, ${NEW_SOURCES} from ${unnestRows(STORED_FLIGHT_COLUMNS, chunk)}
            on conflict (airport, flight_number, date, is_arrival) do update set ${set}, updated_at = now()${onlyChanged}
            returning id, airport, flight_number, date, is_arrival, movement_date`,
      );
      for (const row of rows) {
        const key = flightKey(row);
        idByKey.set(key, row.id);
        if (source === "schedule") {
          dates.add(row.movement_date);
          const old = before.get(key);
          if (old !== undefined) dates.add(old);
        }
      }
      if (source === "operations") for (const row of existing) dates.add(row.movement_date);
    }
    if (source === "schedule") return { updated, dates: [...dates].sort() };
    const ids = flights.map((f) => {
      const id = idByKey.get(`${f.airport}|${f.flightNumber}|${f.date}|${f.isArrival}`);
      if (id === undefined) throw new Error(`flight of line ${f.line} was not stored`);
      return id;
    });
    for (const f of flights) dates.add(f.movementDate);

    // AIMS's delay codes: replaced as the file gives them.
    await tx.execute(sql`delete from flight_delays where flight_id = any(${intArray(ids)})`);
    const delayRows = flights.flatMap((f, i) =>
      f.delays.map((d) => ({ flight_id: ids[i], position: d.position, code: d.code, minutes: d.minutes })),
    );
    await bulkInsert(
      tx,
      "flight_delays",
      [
        ["flight_id", "int"],
        ["position", "smallint"],
        ["code", "text"],
        ["minutes", "int"],
      ],
      delayRows,
    );

    // The affectations follow the flights' new AIMS codes (an evaluated flight keeps its own).
    await syncAffectations(tx, ids);
    await failpoint("flights.import");
    return { updated, dates: [...dates].sort() };
  });
}
