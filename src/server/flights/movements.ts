/**
 * What movement messages (MVT, src/server/movements) change on a flight, written by the flights'
 * owner: the flights and their AIMS delay codes are this concept's tables.
 */
import { sql } from "drizzle-orm";
import type { MvtFlightState } from "../../domain/mvt";
import type { Database } from "../db/client";
import { type BulkColumn, bulkInsert, intArray, unnestRows } from "../db/sql";

const UPDATE_COLUMNS: readonly BulkColumn[] = [
  ["id", "int"],
  ["estimated_departure", "timestamptz"],
  ["estimated_arrival", "timestamptz"],
  ["actual_departure", "timestamptz"],
  ["actual_arrival", "timestamptz"],
  ["actual_departure_source", "text"],
  ["actual_departure_source_at", "timestamptz"],
  ["actual_arrival_source", "text"],
  ["actual_arrival_source_at", "timestamptz"],
  ["registration", "text"],
  ["status", "text"],
];

/** Writes the flights movement messages changed: their times, registration and status, and their AIMS delay codes. */
export async function writeMovementFlights(db: Database, flights: readonly (MvtFlightState & { id: number })[]): Promise<void> {
  if (flights.length === 0) return;
  const set = sql.raw(
    UPDATE_COLUMNS.filter(([name]) => name !== "id")
      .map(([name]) => `${name} = x.${name}`)
      .join(", "),
  );
  await db.execute(sql`
    update flights f set ${set}, updated_at = now()
    from ${unnestRows(
      UPDATE_COLUMNS,
      flights.map((f) => ({
        id: f.id,
        estimated_departure: f.estimatedDeparture,
        estimated_arrival: f.estimatedArrival,
        actual_departure: f.actualDeparture,
        actual_arrival: f.actualArrival,
        actual_departure_source: f.actualDepartureSource,
        actual_departure_source_at: f.actualDepartureSourceAt,
        actual_arrival_source: f.actualArrivalSource,
        actual_arrival_source_at: f.actualArrivalSourceAt,
        registration: f.registration,
        status: f.status,
      })),
    )}
    where f.id = x.id`);
  const ids = flights.map((f) => f.id);
  await db.execute(sql`delete from flight_delays where flight_id = any(${intArray(ids)})`);
  await bulkInsert(
    db,
    "flight_delays",
    [
      ["flight_id", "int"],
      ["position", "smallint"],
      ["code", "text"],
      ["minutes", "int"],
    ],
    flights.flatMap((f) => f.delays.map((d) => ({ flight_id: f.id, position: d.position, code: d.code, minutes: d.minutes }))),
  );
}

