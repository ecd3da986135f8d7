/**
 * The SQL of applying movement messages: the flights they may be for (one query for a whole
 * batch), the write of the flights they changed (a few bulk statements), and the pending messages.
 */
import { sql } from "drizzle-orm";
import type { ActualTimeSource, MvtFlightState, MvtMessage } from "../../domain/mvt";
import type { Database } from "../db/client";
import {  intArray, isoUtc, queryJson, queryRows, unnestRows } from "../db/sql";

/** A flight a message may be for, as the rules of src/domain/mvt read it. */
export type CandidateFlight = MvtFlightState & {
  id: number;
  /** The airport whose arrival or departure the flight is (issue 37). */
  airport: string;
  flightNumber: string;
  isArrival: boolean;
  movementDate: string;
};

/** How far from now (or from when a pending message came) its flight may be, in days. */
export const FLIGHT_WINDOW_DAYS = 40;

const FLIGHT_JSON = sql`json_build_array(f.id, f.flight_number, f.is_arrival, f.movement_date,
  ${isoUtc(sql`f.scheduled_departure`)}, ${isoUtc(sql`f.scheduled_arrival`)},
  ${isoUtc(sql`f.estimated_departure`)}, ${isoUtc(sql`f.estimated_arrival`)},
  ${isoUtc(sql`f.actual_departure`)}, ${isoUtc(sql`f.actual_arrival`)},
  f.actual_departure_source, ${isoUtc(sql`f.actual_departure_source_at`)},
  f.actual_arrival_source, ${isoUtc(sql`f.actual_arrival_source_at`)},
  f.registration, f.status,
  (select coalesce(json_agg(json_build_array(d.position, d.code, d.minutes) order by d.position), '[]'::json)
     from flight_delays d where d.flight_id = f.id), f.airport)`;

type FlightTuple = [
  number,
  string,
  boolean,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  ActualTimeSource | null,
  string | null,
  ActualTimeSource | null,
  string | null,
  string | null,
  string,
  [number, string, number][],
  string,
];

const candidateOf = (t: FlightTuple): CandidateFlight => ({
  id: t[0],
  flightNumber: t[1],
  isArrival: t[2],
  movementDate: t[3],
  scheduledDeparture: t[4],
  scheduledArrival: t[5],
  estimatedDeparture: t[6],
  estimatedArrival: t[7],
  actualDeparture: t[8],
  actualArrival: t[9],
  actualDepartureSource: t[10],
  actualDepartureSourceAt: t[11],
  actualArrivalSource: t[12],
  actualArrivalSourceAt: t[13],
  registration: t[14],
  status: t[15],
  delays: t[16].map(([position, code, minutes]) => ({ position, code, minutes })),
  airport: t[17],
});

/**
 * Every flight with one of `keys`' designator and direction scheduled to leave within
 * FLIGHT_WINDOW_DAYS of `around`: one query for the whole batch; the caller picks by day.
 */
export async function candidateFlights(
  db: Database,
  keys: readonly { airport: string; flightNumber: string; isArrival: boolean }[],
  around: Date,
): Promise<CandidateFlight[]> {
  if (keys.length === 0) return [];
  const unique = [...new Map(keys.map((k) => [`${k.airport}|${k.flightNumber}|${k.isArrival}`, k])).values()];
  const from = new Date(around.getTime() - FLIGHT_WINDOW_DAYS * 86_400_000).toISOString();
  const to = new Date(around.getTime() + FLIGHT_WINDOW_DAYS * 86_400_000).toISOString();
  const rows = await queryJson<FlightTuple>(
    db,
    sql`select json_agg(${FLIGHT_JSON}) as j
        from flights f
        join ${unnestRows(
          [
            ["airport", "text"],
            ["flight_number", "text"],
            ["is_arrival", "boolean"],
          ],
          unique.map((k) => ({ airport: k.airport, flight_number: k.flightNumber, is_arrival: k.isArrival })),
        )} using (airport, flight_number, is_arrival)
        where f.scheduled_departure between ${from}::timestamptz and ${to}::timestamptz`,
  );
  return rows.map(candidateOf);
}

/** Flights by id, as `candidateFlights` reads them. */
export async function flightsById(db: Database, ids: readonly number[]): Promise<CandidateFlight[]> {
  if (ids.length === 0) return [];
  const rows = await queryJson<FlightTuple>(db, sql`select json_agg(${FLIGHT_JSON}) as j from flights f where f.id = any(${intArray(ids)})`);
  return rows.map(candidateOf);
}

export type PendingRecord = {
  airport: string;
  flightNumber: string;
  isArrival: boolean;
  day: number;
  message: MvtMessage;
  messageKey: string;
};

/** Keeps messages for flights not known yet; the same message already kept is not kept twice. */
export async function keepPending(db: Database, pending: readonly PendingRecord[], loadId: number | null, receivedAt: string): Promise<void> {
  for (const p of pending) {
    await db.execute(sql`
      insert into mvt_pending (airport, flight_number, is_arrival, day, message, message_key, load_id, received_at)
      values (${p.airport}, ${p.flightNumber}, ${p.isArrival}, ${p.day}, ${JSON.stringify(p.message)}::jsonb, ${p.messageKey},
              ${loadId}, ${receivedAt}::timestamptz)
      on conflict (message_key) do nothing`);
  }
}

export type PendingRow = { id: number; message: MvtMessage; received_at: string; flight_id: number };

/**
 * The pending messages whose flight is known now (the flight of their designator, direction and
 * day of departure nearest to when they came, within FLIGHT_WINDOW_DAYS), oldest first, locked.
 */
export async function pendingWithFlight(db: Database): Promise<PendingRow[]> {
  const rows = await queryRows<{ id: number; message: MvtMessage | string; received_at: string; flight_id: number }>(
    db,
    sql`select p.id, p.message, ${isoUtc(sql`p.received_at`)} as received_at, f.id as flight_id
        from mvt_pending p
        cross join lateral (
          select f.id from flights f
          where f.airport = p.airport and f.flight_number = p.flight_number and f.is_arrival = p.is_arrival
            and extract(day from f.scheduled_departure at time zone 'UTC') = p.day
            and f.scheduled_departure between p.received_at - make_interval(days => ${FLIGHT_WINDOW_DAYS})
                                          and p.received_at + make_interval(days => ${FLIGHT_WINDOW_DAYS})
          order by abs(extract(epoch from f.scheduled_departure - p.received_at)), f.id
          limit 1
        ) f
        order by p.received_at, p.id
        for update of p`,
  );
  return rows.map((row) => ({
    ...row,
    message: typeof row.message === "string" ? (JSON.parse(row.message) as MvtMessage) : row.message,
  }));
}

export async function deletePending(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.execute(sql`delete from mvt_pending where id = any(${intArray(ids)})`);
}

/** Whether any message is pending (a cheap check before the join). */
export async function anyPending(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from mvt_pending) as found`);
  return row?.found === true;
}
