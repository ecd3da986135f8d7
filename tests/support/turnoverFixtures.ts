/**
 * A few hand-made slots and flights for the turnover API tests, written straight into a test
 * server's database and matched with the server's own `rematch`. Each case is named after what
 * the engine must make of it (see `FIXTURE_DATE`'s comments below).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { syncAffectations } from "../../src/server/flights/delays";
import { rematch } from "../../src/server/matching/rematch";
import { queryRows } from "../../src/server/db/sql";

/** The fixture's UTC date (W26) and the next one. */
export const FIXTURE_DATE = "2026-11-20";
export const NEXT_DATE = "2026-11-21";
/** "Now" for the servers of these tests: every fixture movement has happened. */
export const FIXTURE_NOW = new Date("2026-11-22T12:00:00Z");

export type SlotSpec = {
  key: string;
  flightNumber: string;
  date?: string;
  time: string;
  isArrival: boolean;
  route: string;
  aircraftType?: string;
  seats?: number;
  status?: string;
};

export type FlightSpec = {
  key: string;
  flightNumber: string;
  isArrival: boolean;
  station: string;
  /** Scheduled movement at MEX, ISO UTC. */
  scheduled: string;
  /** Actual movement at MEX, ISO UTC, or null. */
  actual?: string | null;
  aircraftType?: string;
  seats?: number;
  status?: string;
  registration?: string;
  cancellation?: { description: string; time: string };
  delays?: Array<{ code: string; minutes: number }>;
};

const at = (date: string, time: string) => `${date}T${time}:00Z`;
const D = FIXTURE_DATE;

/** The slots of the fixture. */
export const FIXTURE_SLOTS: SlotSpec[] = [
  // A plain pair, on time by schedule (+5) but late in reality (+25): DIFF.
  { key: "pair", flightNumber: "VB100", time: "10:00", isArrival: true, route: "MTY" },
  // A pair exactly on its slot: OK, no_diff.
  { key: "onTime", flightNumber: "VB102", time: "12:00", isArrival: false, route: "GDL" },
  // Scheduled 30 minutes off the slot: AH.
  { key: "offSlot", flightNumber: "VB104", time: "14:00", isArrival: false, route: "CUN", aircraftType: "321", seats: 220 },
  // A leftover arrival (status S): no flight.
  { key: "leftoverArrival", flightNumber: "VB106", time: "16:00", isArrival: true, route: "TIJ", status: "S" },
  // Equipment change (A321 flown on an A320 slot): D.
  { key: "equipment", flightNumber: "VB108", time: "18:00", isArrival: true, route: "MID" },
  // The flight is cancelled in AIMS: CA.
  { key: "cancelled", flightNumber: "VB110", time: "08:00", isArrival: false, route: "OAX" },
  // A change is in process: S.
  { key: "inProcess", flightNumber: "VB112", time: "20:00", isArrival: true, route: "HMO", status: "WIP" },
  // A leftover departure more than 180 minutes from any flight: A.
  { key: "leftoverDeparture", flightNumber: "VB114", time: "23:30", isArrival: false, route: "VER" },
  // The next date: a pair outside a one-day range.
  { key: "nextDay", flightNumber: "VB100", date: NEXT_DATE, time: "10:00", isArrival: true, route: "MTY" },
];

/** The flights of the fixture. */
export const FIXTURE_FLIGHTS: FlightSpec[] = [
  {
    key: "pair",
    flightNumber: "VB100",
    isArrival: true,
    station: "MTY",
    scheduled: at(D, "10:05"),
    actual: at(D, "10:25"),
    delays: [{ code: "93", minutes: 20 }],
  },
  { key: "onTime", flightNumber: "VB102", isArrival: false, station: "GDL", scheduled: at(D, "12:00"), actual: at(D, "12:00") },
  {
    key: "offSlot",
    flightNumber: "VB104",
    isArrival: false,
    station: "CUN",
    scheduled: at(D, "14:30"),
    actual: at(D, "14:40"),
    aircraftType: "321",
    seats: 220,
    status: "T",
  },
  {
    key: "equipment",
    flightNumber: "VB108",
    isArrival: true,
    station: "MID",
    scheduled: at(D, "18:00"),
    actual: at(D, "17:55"),
    aircraftType: "321",
    seats: 220,
    status: "E",
  },
  {
    key: "cancelled",
    flightNumber: "VB110",
    isArrival: false,
    station: "OAX",
    scheduled: at(D, "08:00"),
    actual: null,
    status: "C",
    cancellation: { description: "Cancelado por falla técnica de la aeronave", time: at(D, "05:00") },
  },
  { key: "inProcess", flightNumber: "VB112", isArrival: true, station: "HMO", scheduled: at(D, "20:10"), actual: at(D, "20:12") },
  // A charter with no slot: X.
  { key: "noSlot", flightNumber: "VB900", isArrival: false, station: "PVR", scheduled: at(D, "20:00"), actual: at(D, "20:04"), status: "N" },
  { key: "nextDay", flightNumber: "VB100", isArrival: true, station: "MTY", scheduled: at(NEXT_DATE, "10:00"), actual: at(NEXT_DATE, "10:00") },
];

export type Fixture = {
  slots: Record<string, number>;
  flights: Record<string, number>;
  /** Match id holding a slot (by slot key) or a flight (by flight key), as stored now. */
  matchOfSlot(key: string): Promise<number>;
  matchOfFlight(key: string): Promise<number>;
};

const BLOCK_MINUTES = 90;

/** Writes one slot (not matched: run `rematch` on its date); answers its id. */
export async function insertSlot(db: Database, s: SlotSpec): Promise<number> {
  const date = s.date ?? D;
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
        values ('W26', 1, ${s.flightNumber}, ${date}, ${s.time}, ${s.isArrival}, ${s.route}, ${weekday},
          ${s.aircraftType ?? "320"}, ${s.seats ?? 180}, ${s.status ?? "D"})
        returning id`,
  );
  return row?.id ?? 0;
}

/**
 * Writes one flight (not matched: run `rematch` on its date); answers its id. AIMS's operation
 * date and the movement date are the scheduled movement's UTC date.
 */
export async function insertFlight(db: Database, f: FlightSpec): Promise<number> {
  const movement = Date.parse(f.scheduled);
  const other = new Date(movement + (f.isArrival ? -1 : 1) * BLOCK_MINUTES * 60_000).toISOString();
  const scheduledDeparture = f.isArrival ? other : f.scheduled;
  const scheduledArrival = f.isArrival ? f.scheduled : other;
  const actual = f.actual ?? null;
  const actualOther = actual ? new Date(Date.parse(actual) + (f.isArrival ? -1 : 1) * BLOCK_MINUTES * 60_000).toISOString() : null;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into flights (flight_number, date, is_arrival, movement_date, origin, destination,
          scheduled_departure, scheduled_arrival, estimated_departure, estimated_arrival,
          actual_departure, actual_arrival, registration, aircraft_type, seats, status,
          cancellation_description, cancellation_time)
        values (${f.flightNumber}, ${f.scheduled.slice(0, 10)}, ${f.isArrival}, ${f.scheduled.slice(0, 10)},
          ${f.isArrival ? f.station : "MEX"}, ${f.isArrival ? "MEX" : f.station},
          ${scheduledDeparture}, ${scheduledArrival}, ${scheduledDeparture}, ${scheduledArrival},
          ${f.isArrival ? actualOther : actual}, ${f.isArrival ? actual : actualOther},
          ${f.status === "C" ? null : (f.registration ?? "XA-VBA")}, ${f.aircraftType ?? "320"}, ${f.seats ?? 180},
          ${f.status ?? "D"}, ${f.cancellation?.description ?? null}, ${f.cancellation?.time ?? null})
        returning id`,
  );
  for (const [i, delay] of (f.delays ?? []).entries()) {
    await db.execute(
      sql`insert into flight_delays (flight_id, position, code, minutes) values (${row?.id}, ${i + 1}, ${delay.code}, ${delay.minutes})`,
    );
  }
  // As the flight import does: the affectations start from AIMS's codes.
  await syncAffectations(db, [row?.id ?? 0]);
  return row?.id ?? 0;
}

/** Writes the fixture and matches its dates. */
export async function loadTurnoverFixture(db: Database): Promise<Fixture> {
  const slots: Record<string, number> = {};
  const flights: Record<string, number> = {};
  for (const s of FIXTURE_SLOTS) slots[s.key] = await insertSlot(db, s);
  for (const f of FIXTURE_FLIGHTS) flights[f.key] = await insertFlight(db, f);
  await rematch(db, [D, NEXT_DATE]);
  const matchOf = async (column: "slot_id" | "flight_id", id: number | undefined) => {
    const [row] = await queryRows<{ id: number }>(db, sql`select id from matches where ${sql.identifier(column)} = ${id ?? 0}`);
    if (!row) throw new Error(`no match holds ${column} ${id}`);
    return row.id;
  };
  return {
    slots,
    flights,
    matchOfSlot: (key) => matchOf("slot_id", slots[key]),
    matchOfFlight: (key) => matchOf("flight_id", flights[key]),
  };
}

/** Adds a change-history row to a slot. */
export async function addSlotHistory(
  db: Database,
  slotId: number,
  entry: { at: string; reference: number; requestType: string; actual: string | null; request: string; response: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into slot_history (slot_id, changed_at, reference, part, request_type, actual_line, request_line, response)
    values (${slotId}, ${entry.at}, ${entry.reference}, 1, ${entry.requestType}, ${entry.actual}, ${entry.request}, ${entry.response})`);
}

/** How many rows a table has (to check that a refused request changed nothing). */
export async function countRows(db: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row?.n ?? 0;
}
