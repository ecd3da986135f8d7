/**
 * What Histórico reads: a season with its rule and calendar, the warning level, and every slot of
 * the season with its match, its flight, the flight's delay codes and when it was handed back or
 * added — one query for the slots, read back as one JSON value.
 */
import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";

import type { HistorySlot } from "../../domain/history";
import type { Database } from "../db/client";
import { seasons, settings } from "../db/schema";
import { isoUtc, queryJson } from "../db/sql";
import { effectiveDelayCodes } from "../flights/delays";
import { HttpError } from "../http/errors";
import { type SeasonDetail, seasonDetail, seasonDetailColumns } from "../seasons/detail";
import { SETTING_DEFINITIONS } from "../settings/definitions";

/** A season as Histórico counts it: its dates, rule and calendar. */
export type HistorySeason = SeasonDetail;

export async function seasonById(db: Database, id: number): Promise<HistorySeason> {
  const [row] = await db.select(seasonDetailColumns).from(seasons).where(eq(seasons.id, id));
  if (!row) throw new HttpError(404, `No existe la temporada ${id}.`);
  return seasonDetail(row);
}

export async function seasonByName(db: Database, name: string, airport = DEFAULT_AIRPORT): Promise<HistorySeason> {
  const [row] = await db.select(seasonDetailColumns).from(seasons).where(and(eq(seasons.airport, airport), eq(seasons.name, name)));
  if (!row) throw new HttpError(404, `No existe la temporada ${name}.`);
  return seasonDetail(row);
}

/**
 * The `accomplishment` setting, Histórico's warning level since issue 27 (it was the threshold
 * before seasons held their own), its default when unset or malformed.
 */
export async function storedWarningLevel(db: Database): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, "accomplishment"));
  const value: unknown = row?.value;
  if (typeof value === "object" && value !== null && "accomplishment" in value && typeof value.accomplishment === "number") {
    return value.accomplishment;
  }
  return SETTING_DEFINITIONS.accomplishment.defaultValue.accomplishment;
}

type SlotTuple = [
  slotId: number,
  serie: number,
  flightNumber: string,
  date: string,
  time: string,
  isArrival: boolean,
  status: string,
  matchId: number | null,
  flightId: number | null,
  cancelled: boolean,
  difference: number | null,
  realDifference: number | null,
  codes: string | null,
  justified: boolean,
  returnedAt: string | null,
  addedAt: string | null,
];

/**
 * The season's slots with what happened to them. The delay codes are the team's evaluation once
 * the flight was evaluated, else AIMS's (README "the team's delays"); the difference is the
 * actual's, else the scheduled one's (the matcher's minutes). A cancelled slot was handed back
 * when the airline sent its last cancellation request (else, with no request known, when the
 * cancellation was recorded); a slot was added when the coordinator granted its alta. A justified slot (issue 27) says so.
 * `only.serie`: the slots of that series alone (a card's weekly table, issue 35 item 3);
 * `only.airport`: the airport's season (issue 37), MEX when not said.
 */
export async function seasonSlots(
  db: Database,
  seasonName: string,
  only: { serie?: number; airport?: string } = {},
): Promise<HistorySlot[]> {
  const delays = effectiveDelayCodes();
  const rows = await queryJson<SlotTuple>(
    db,
    sql`with ${delays.ctes}, changes as (
          -- Grouped once over the (small) history of cancellations and altas: as fast as no history
          -- on the demo season, where a lookup per slot tripled the query's time.
          select slot_id,
            coalesce(
              max(changed_at) filter (where request_type = 'Cancelación' and response is null),
              max(changed_at) filter (where request_type = 'Cancelación')
            ) as returned_at,
            min(changed_at) filter (where request_type = 'Alta') as added_at
          from slot_history
          where request_type in ('Cancelación', 'Alta')
          group by slot_id
        )
        select json_agg(json_build_array(
          s.id, s.serie, s.flight_number, s.date::text, s.time, s.is_arrival, s.status,
          m.id, f.id, coalesce(f.status = 'C', false),
          coalesce(m.real_difference, m.scheduled_difference),
          m.real_difference,
          ${delays.codes},
          j.id is not null,
          case when s.status in ('CAN', 'C') then ${isoUtc(sql`changes.returned_at`)} end,
          ${isoUtc(sql`changes.added_at`)}
        )) as j
        from slots s
        left join matches m on m.slot_id = s.id
        left join flights f on f.id = m.flight_id
        ${delays.joins}
        left join justifications j on j.slot_id = s.id
        left join changes on changes.slot_id = s.id
        where s.airport = ${only.airport ?? DEFAULT_AIRPORT} and s.season = ${seasonName}${only.serie === undefined ? sql`` : sql` and s.serie = ${only.serie}`}`,
  );
  return rows.map(
    ([slotId, serie, flightNumber, date, time, isArrival, status, matchId, flightId, cancelled, difference, realDifference, codes, justified, returnedAt, addedAt]) => ({
      slotId,
      serie,
      flightNumber,
      date,
      time,
      isArrival,
      status,
      matchId,
      flightId,
      flightCancelled: cancelled,
      difference,
      realDifference,
      delayCodes: codes ? codes.split(",") : [],
      justified,
      returnedAt,
      addedAt,
    }),
  );
}
