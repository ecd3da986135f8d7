/**
 * What Monitoreo reads: the week's matches with their slot, flight, delay codes and justification;
 * the later slots of the series that need a correction or a draft; the modification and
 * cancellation requests sent about them; the seasons' tolerances; the slots a retime moves.
 */
import { and, eq, sql } from "drizzle-orm";
import type { IsoWeek, ScrSent, SeriesSlotRef, WeekMatch } from "../../domain/monitoring/week";
import { CORRECTIVE_REQUEST_TYPES, GRANTING_REPLIES } from "../../domain/monitoring/week";
import type { RetimeSlot } from "../../domain/monitoring/retime";
import type { Database } from "../db/client";
import { slots } from "../db/schema";
import { intArray, isoUtc, queryJson, queryRows, textArray } from "../db/sql";
import { effectiveDelayCodes } from "../flights/delays";
import { DEFAULT_AIRPORT } from "../airports/held";

type MatchTuple = [
  matchId: number,
  season: string,
  date: string,
  isArrival: boolean,
  slotId: number | null,
  serie: number | null,
  slotName: string | null,
  slotDate: string | null,
  slotTime: string | null,
  slotRoute: string | null,
  slotAircraft: string | null,
  slotSeats: number | null,
  slotStatus: string | null,
  cancellationSentAt: string | null,
  flightId: number | null,
  flightName: string | null,
  flightRoute: string | null,
  scheduledAt: string | null,
  actualAt: string | null,
  cancelled: boolean,
  flightAircraft: string | null,
  flightSeats: number | null,
  loadedAt: string | null,
  codes: string | null,
  justificationId: number | null,
  justificationKind: string | null,
];

const isJustificationKind = (kind: string | null): kind is "not_used" | "off_tolerance" => kind === "not_used" || kind === "off_tolerance";

/**
 * The week's matches (their `date`, the slot's UTC date else the flight's UTC movement date, in
 * the week), one query read back as one JSON value. Delay codes as Histórico reads them: the
 * team's evaluation once the flight was evaluated, else AIMS's.
 */
export async function weekMatches(db: Database, week: IsoWeek, airport = DEFAULT_AIRPORT): Promise<WeekMatch[]> {
  const delays = effectiveDelayCodes("week");
  const rows = await queryJson<MatchTuple>(
    db,
    sql`with week as (
          select m.* from matches m where m.airport = ${airport} and m.date between ${week.start} and ${week.end}
        ), ${delays.ctes}, cancellations as (
          select h.slot_id, min(h.changed_at) as sent_at
          from slot_history h join week on week.slot_id = h.slot_id
          where h.request_type = 'Cancelación' group by h.slot_id
        )
        select json_agg(json_build_array(
          m.id, m.season, m.date::text, m.is_arrival,
          s.id, s.serie, s.flight_number, s.date::text, s.time, s.route, s.aircraft_type, s.seats, s.status,
          ${isoUtc(sql`c.sent_at`)},
          f.id, f.flight_number, case when f.is_arrival then f.origin else f.destination end,
          ${isoUtc(sql`case when f.is_arrival then f.scheduled_arrival else f.scheduled_departure end`)},
          ${isoUtc(sql`case when f.is_arrival then f.actual_arrival else f.actual_departure end`)},
          coalesce(f.status = 'C', false), f.aircraft_type, f.seats, ${isoUtc(sql`f.created_at`)},
          ${delays.codes},
          j.id, j.kind
        ) order by m.date, m.sort_at, m.id) as j
        from week m
        left join slots s on s.id = m.slot_id
        left join flights f on f.id = m.flight_id
        ${delays.joins}
        left join cancellations c on c.slot_id = s.id
        left join justifications j on j.slot_id = s.id`,
  );
  return rows.map((row): WeekMatch => {
    const [matchId, season, date, isArrival, slotId, serie, slotName, slotDate, slotTime, slotRoute, slotAircraft, slotSeats, slotStatus,
      cancellationSentAt, flightId, flightName, flightRoute, scheduledAt, actualAt, cancelled, flightAircraft, flightSeats, loadedAt, codes,
      justificationId, justificationKind] = row;
    return {
      matchId,
      season,
      date,
      isArrival,
      slot:
        slotId !== null && serie !== null && slotName !== null && slotDate !== null && slotTime !== null && slotStatus !== null
          ? {
              id: slotId,
              season,
              serie,
              flightNumber: slotName,
              date: slotDate,
              time: slotTime,
              isArrival,
              route: slotRoute ?? "",
              aircraftType: slotAircraft ?? "",
              seats: slotSeats ?? 0,
              status: slotStatus,
              cancellationSentAt,
            }
          : null,
      flight:
        flightId !== null && flightName !== null && scheduledAt !== null && loadedAt !== null
          ? {
              id: flightId,
              flightNumber: flightName,
              route: flightRoute ?? "",
              scheduledAt,
              actualAt,
              cancelled,
              aircraftType: flightAircraft,
              seats: flightSeats,
              loadedAt,
              delayCodes: codes ? codes.split(",") : [],
            }
          : null,
      justification: justificationId !== null && isJustificationKind(justificationKind) ? { id: justificationId, kind: justificationKind } : null,
    };
  });
}

/** The slots of these series on these weekdays (`followUpKey`), dated `from` on. */
export async function seriesSlotsFrom(db: Database, keys: readonly string[], from: string, airport = DEFAULT_AIRPORT): Promise<SeriesSlotRef[]> {
  if (keys.length === 0) return [];
  const seasons = [...new Set(keys.map((key) => key.split("_")[0] ?? ""))];
  const series = [...new Set(keys.map((key) => Number(key.split("_")[1])))];
  type Tuple = [number, string, number, string, string, boolean, string];
  const rows = await queryJson<Tuple>(
    db,
    sql`select json_agg(json_build_array(s.id, s.season, s.serie, s.date::text, s.time, s.is_arrival, s.status)) as j
        from slots s
        where s.airport = ${airport} and s.season = any(${textArray(seasons)}) and s.serie = any(${intArray(series)}) and s.date >= ${from}
          and concat_ws('_', s.season, s.serie, s.is_arrival::text, extract(isodow from s.date)::int) = any(${textArray(keys)})`,
  );
  return rows.map(([id, season, serie, date, time, isArrival, status]) => ({ id, season, serie, date, time, isArrival, status }));
}

/**
 * The modification and cancellation requests about these slots: one per slot and reference, when
 * first recorded, when it took effect — the first reply row of the same reference that granted it
 * (K, KH, T, X), or a later granting change of the slot by the register (the coordinator's list,
 * whose rows carry its source as type) — and whether the coordinator refused it.
 */
export async function correctiveRequests(db: Database, slotIds: readonly number[]): Promise<ScrSent[]> {
  if (slotIds.length === 0) return [];
  const corrective = sql.join(CORRECTIVE_REQUEST_TYPES.map((type) => sql`${type}`), sql`, `);
  const granting = sql.join(GRANTING_REPLIES.map((code) => sql`${code}`), sql`, `);
  return queryRows<ScrSent>(
    db,
    sql`with sent as (
          select slot_id, reference, request_type, min(changed_at) as sent_at
          from slot_history
          where slot_id = any(${intArray(slotIds)}) and request_type in (${corrective})
          group by slot_id, reference, request_type
        )
        select s.slot_id as "slotId", s.reference, s.request_type as type, ${isoUtc(sql`s.sent_at`)} as "sentAt",
          ${isoUtc(sql`(select min(h.changed_at) from slot_history h
             where h.slot_id = s.slot_id and h.changed_at >= s.sent_at and h.response in (${granting})
               and ((h.reference is not distinct from s.reference and h.request_type = s.request_type)
                    or h.request_type not in (${corrective}, 'Alta', 'Inicio de temporada')))`)} as "appliedAt",
          exists (select 1 from slot_history h
             where h.slot_id = s.slot_id and h.reference is not distinct from s.reference and h.request_type = s.request_type
               and h.response is not null and h.response not in (${granting})) as refused
        from sent s`,
  );
}

/** Every stored season's punctuality tolerance, by name. */
export async function seasonTolerances(db: Database, airport = DEFAULT_AIRPORT): Promise<Map<string, number>> {
  const rows = await queryRows<{ name: string; tolerance: number }>(
    db,
    sql`select name, tolerance_minutes as tolerance from seasons where airport = ${airport}`,
  );
  return new Map(rows.map((row) => [row.name, row.tolerance]));
}

/** The season holding a date, if one is stored. */
export async function seasonHolding(db: Database, date: string, airport = DEFAULT_AIRPORT): Promise<{ id: number; name: string; start_date: string; end_date: string } | null> {
  const [row] = await queryRows<{ id: number; name: string; start_date: string; end_date: string }>(
    db,
    sql`select id, name, start_date::text as start_date, end_date::text as end_date from seasons
        where airport = ${airport} and start_date <= ${date} and end_date >= ${date} order by start_date desc limit 1`,
  );
  return row ?? null;
}

/** The slots of a series of a season, as the retime lines need them; null when the season has no such series. */
export async function seriesSlotsOfSeason(db: Database, season: string, serie: number, airport = DEFAULT_AIRPORT): Promise<RetimeSlot[] | null> {
  const rows = await db.select().from(slots).where(and(eq(slots.airport, airport), eq(slots.season, season), eq(slots.serie, serie)));
  return rows.length === 0 ? null : rows;
}
