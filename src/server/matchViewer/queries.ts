/**
 * The match viewer's SQL: a match with its flight's and slot's dates, what the viewer shows of
 * its flight (delays, affectations, real dates, leftover slots) and the writes its decisions make.
 */
import { sql } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import {  isoUtc, queryRows } from "../db/sql";
import { HttpError } from "../http/errors";
import { type CurrentVersion, staleVersion } from "../http/versions";

type Affectation = components["schemas"]["Affectation"];
/** A leftover slot as the contract lists it, before its difference to the flight is known. */
export type LeftoverRecord = Omit<components["schemas"]["LeftoverSlot"], "difference">;

export type MatchRecord = {
  id: number;
  date: string;
  is_arrival: boolean;
  general_status: string;
  slot_id: number | null;
  flight_id: number | null;
  flight_date: string | null;
  slot_date: string | null;
  flight_number: string | null;
  slot_name: string | null;
};

/** The match with its flight's and slot's dates, locked for the rest of the transaction; 404 if unknown. */
/**
 * A match that is gone because someone separated it (the pair's row is replaced by two):
 * for a write made from a version (the caller had it open), a 409 naming who and when, from the
 * audit log, instead of a bare 404. Null when no person's change explains it (an import's rematch).
 */
async function goneMatchConflict(db: Database, id: number): Promise<HttpError | null> {
  const [last] = await queryRows<{ at: string; who: string | null }>(
    db,
    sql`select a.at::text as at,
          coalesce(nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')), ''), a.actor_email) as who
        from audit_log a left join users u on u.id = a.actor_id
        where a.target_type = 'match' and a.target_id = ${id}
          and a.action = 'match.separate'
        order by a.at desc, a.id desc limit 1`,
  );
  if (!last) return null;
  return staleVersion({ version: null, changedBy: last.who, changedAt: new Date(last.at) }, "este match", "separó", " Ya no existe como estaba.");
}

/** The match, locked for a write when `lock`; `expected` is the version the write was made from, if any. */
export async function findMatch(db: Database, id: number, lock = false, expected: number | null = null): Promise<MatchRecord> {
  const [match] = await queryRows<MatchRecord>(
    db,
    sql`select m.id, m.date, m.is_arrival, m.general_status, m.slot_id, m.flight_id,
          f.movement_date as flight_date, s.date as slot_date, f.flight_number, s.flight_number as slot_name
        from matches m left join flights f on f.id = m.flight_id left join slots s on s.id = m.slot_id
        where m.id = ${id} ${lock ? sql`for update of m` : sql``}`,
  );
  if (!match) throw (expected !== null ? await goneMatchConflict(db, id) : null) ?? new HttpError(404, `No existe el match ${id}.`);
  return match;
}

/** The id of the match that holds a flight (or a slot) now. */
export async function matchIdOf(db: Database, column: "flight_id" | "slot_id", id: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from matches where ${sql.identifier(column)} = ${id}`);
  if (!row) throw new Error(`no match holds ${column} ${id}`);
  return row.id;
}

export async function generalStatusOf(db: Database, matchId: number): Promise<string | null> {
  const [row] = await queryRows<{ general_status: string }>(db, sql`select general_status from matches where id = ${matchId}`);
  return row?.general_status ?? null;
}

/** A slot as the audit log shows it: number, UTC date and time ("VB114 2026-11-20 23:30 UTC"). */
export async function slotText(db: Database, slotId: number | null): Promise<string | null> {
  if (slotId === null) return null;
  const [slot] = await queryRows<{ flight_number: string; date: string; time: string }>(
    db,
    sql`select flight_number, date, time from slots where id = ${slotId}`,
  );
  return slot ? `${slot.flight_number} ${slot.date} ${slot.time} UTC` : null;
}

export async function findSlot(db: Database, slotId: number) {
  const [slot] = await queryRows<{ id: number; flight_number: string; date: string; time: string }>(
    db,
    sql`select id, flight_number, date, time from slots where id = ${slotId}`,
  );
  return slot;
}

type DelayText = { code: string; minutes: number; cause: string };

/** "41 20 min (Falla en APU), 93 10 min", or null for none. */
const delaysText = (delays: readonly DelayText[]): string | null =>
  delays.length === 0
    ? null
    : delays.map((d) => `${d.code} ${d.minutes} min${d.cause ? ` (${d.cause})` : ""}`).join(", ");

/** The delays the viewer shows for a flight now (its evaluation, else AIMS's codes) and its observations. */
export async function evaluationState(db: Database, flightId: number): Promise<{ delays: string | null; observations: string }> {
  const [state] = await queryRows<{ observations: string; evaluated: boolean }>(
    db,
    sql`select delay_observations as observations, delays_evaluated_at is not null as evaluated
        from flights where id = ${flightId}`,
  );
  const delays = await queryRows<DelayText>(
    db,
    state?.evaluated
      ? sql`select code, minutes, cause from flight_delay_evaluations where flight_id = ${flightId} order by position`
      : sql`select code, minutes, '' as cause from flight_delays where flight_id = ${flightId} order by position`,
  );
  return { delays: delaysText(delays), observations: state?.observations ?? "" };
}

/** A flight's real dates (ISO UTC) and the real difference of its match. */
export async function realDatesState(db: Database, flightId: number) {
  const [state] = await queryRows<{
    actual_departure: string | null;
    actual_arrival: string | null;
    real_difference: number | null;
  }>(
    db,
    sql`select ${isoUtc(sql`f.actual_departure`)} as actual_departure, ${isoUtc(sql`f.actual_arrival`)} as actual_arrival,
          m.real_difference
        from flights f left join matches m on m.flight_id = f.id where f.id = ${flightId}`,
  );
  return state ?? { actual_departure: null, actual_arrival: null, real_difference: null };
}

/** Slots with no flight (general status A) of a UTC date and direction, not cancelled. */
/** The leftover slots of a date and direction at `airport` (issue 37: a flight meets only its own airport's slots). */
export async function leftoverSlots(db: Database, date: string, isArrival: boolean, airport: string): Promise<LeftoverRecord[]> {
  return queryRows<LeftoverRecord>(
    db,
    sql`select s.id, s.flight_number as name, s.date as slot_schedule_date, s.time as slot_schedule_time,
          s.frequency::int as frequency, s.seats as aircraft_capacity, s.aircraft_type, s.route as airport,
          s.service_type as flight_type, s.is_arrival
        from matches m join slots s on s.id = m.slot_id
        where m.flight_id is null and m.general_status = 'A' and s.airport = ${airport} and s.date = ${date}::date
          and s.is_arrival = ${isArrival} and s.status not in ('CAN', 'C')`,
  );
}

/** The flight's scheduled movement at MEX (ISO) and its UTC date. */
export async function flightMovement(db: Database, flightId: number) {
  const [flight] = await queryRows<{ airport: string; movement_date: string; is_arrival: boolean; scheduled_at: string }>(
    db,
    sql`select airport, movement_date, is_arrival,
          ${isoUtc(sql`case when is_arrival then scheduled_arrival else scheduled_departure end`)} as scheduled_at
        from flights where id = ${flightId}`,
  );
  if (!flight) throw new Error(`flight ${flightId} vanished`);
  return flight;
}

export function delayCodeList(db: Database) {
  return queryRows<{ code: string; description: string }>(db, sql`select code, description from delay_codes order by code`);
}

/** The codes of the delay catalogue. */
export async function knownDelayCodes(db: Database): Promise<Set<string>> {
  return new Set((await queryRows<{ code: string }>(db, sql`select code from delay_codes`)).map((row) => row.code));
}

/** A flight's affectations in the order of its delays (evaluated ones, else AIMS's). */
export function flightAffectations(db: Database, flightId: number) {
  return queryRows<Affectation>(
    db,
    sql`select a.id, a.code, a.date, a.affectation, a.affectation_number, a.observations
        from affectations a join flights f on f.id = a.flight_id
        left join lateral (
          select min(d.position) as position from (
            select fe.position from flight_delay_evaluations fe
            where fe.flight_id = f.id and fe.code = a.code and f.delays_evaluated_at is not null
            union all
            select fd.position from flight_delays fd
            where fd.flight_id = f.id and fd.code = a.code and f.delays_evaluated_at is null
          ) d
        ) o on true
        where a.flight_id = ${flightId} order by o.position nulls last, a.id`,
  );
}

/** The affectation before an edit, locked for the rest of the transaction. */
export async function lockAffectation(db: Database, id: number) {
  const [before] = await queryRows<{ flight_id: number; affectation_number: number; observations: string }>(
    db,
    sql`select flight_id, affectation_number, observations from affectations where id = ${id} for update`,
  );
  return before;
}

/** A manual decision no re-run undoes: a flight given a leftover slot, or a match separated. */
export async function recordManualDecision(
  db: Database,
  kind: "assigned" | "separated",
  flightId: number,
  slotId: number,
  userId: number,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    insert into manual_decisions (kind, flight_id, slot_id, user_id, at)
    values (${kind}, ${flightId}, ${slotId}, ${userId}, ${at.toISOString()}::timestamptz)`);
}

type ActualSources = NonNullable<components["schemas"]["TurnoverRow"]["flight_actual_sources"]>;
type SourceName = components["schemas"]["ActualTimeSource"]["source"];

/** Where a flight's actual times came from (null: unknown, or no actual time). */
export async function actualSources(db: Database, flightId: number): Promise<ActualSources> {
  const [row] = await queryRows<{ dep: SourceName | null; dep_at: string | null; arr: SourceName | null; arr_at: string | null }>(
    db,
    sql`select actual_departure_source as dep, ${isoUtc(sql`actual_departure_source_at`)} as dep_at,
          actual_arrival_source as arr, ${isoUtc(sql`actual_arrival_source_at`)} as arr_at
        from flights where id = ${flightId}`,
  );
  return {
    departure: row?.dep ? { source: row.dep, at: row.dep_at } : null,
    arrival: row?.arr ? { source: row.arr, at: row.arr_at } : null,
  };
}

// ---- the viewer's version (issue 25) ------------------------------------------------------------

/** The flight's viewer version and who/when made it, locked for the rest of the transaction. */
export async function lockViewerVersion(db: Database, flightId: number): Promise<CurrentVersion> {
  const [row] = await queryRows<{ version: number; changed_by: string | null; changed_at: string }>(
    db,
    sql`select viewer_version as version, viewer_updated_by as changed_by,
          ${isoUtc(sql`coalesce(viewer_updated_at, updated_at)`)} as changed_at
        from flights where id = ${flightId} for update`,
  );
  if (!row) throw new Error(`flight ${flightId} vanished`);
  return { version: row.version, changedBy: row.changed_by, changedAt: row.changed_at };
}

/** The flight's viewer version now. */
export async function viewerVersion(db: Database, flightId: number): Promise<number> {
  const [row] = await queryRows<{ version: number }>(db, sql`select viewer_version as version from flights where id = ${flightId}`);
  return row?.version ?? 1;
}
