/**
 * A flight's delays as the team works with them: AIMS's codes (flight_delays) until someone
 * evaluates them, then the evaluation (flight_delay_evaluations, flights.delays_evaluated_at),
 * and one affectation per effective code. All of it belongs to the flight, so separating,
 * assigning or re-matching its match never loses it.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { components } from "../../generated/openapi";
import { bulkInsert, intArray, queryRows } from "../db/sql";

/**
 * Brings the affectations of some flights (all flights when `flightIds` is omitted) in line with
 * their effective delay codes: one row per code. A code still present keeps its number and
 * observations; a code gone takes its row with it.
 */
export async function syncAffectations(db: Database, flightIds?: readonly number[]): Promise<void> {
  if (flightIds?.length === 0) return;
  const scope = flightIds ? sql`f.id = any(${intArray(flightIds)})` : sql`true`;
  const effective = sql`
    select f.id as flight_id, f.movement_date as date, d.code
    from flights f
    join lateral (
      select fe.code from flight_delay_evaluations fe where fe.flight_id = f.id and f.delays_evaluated_at is not null
      union
      select fd.code from flight_delays fd where fd.flight_id = f.id and f.delays_evaluated_at is null
    ) d on true
    where ${scope}`;
  await db.execute(sql`
    delete from affectations a
    using flights f
    where f.id = a.flight_id and ${scope}
      and not exists (select 1 from (${effective}) e where e.flight_id = a.flight_id and e.code = a.code)`);
  await db.execute(sql`
    insert into affectations (flight_id, code, date, affectation)
    select e.flight_id, e.code, e.date, c.description
    from (${effective}) e join delay_codes c on c.code = e.code
    on conflict (flight_id, code) do update set date = excluded.date, affectation = excluded.affectation`);
}

/**
 * Each flight's effective delay codes in their order, joined by ',' (the team's evaluation once
 * the flight was evaluated, else AIMS's), as Histórico and Monitoreo read them: three pieces of
 * one query whose flights are aliased `f`. `ctes` are the WITH entries `aims` and `evaluated`
 * (each flight's codes; only the flights of the CTE named `scope` when given, else all), `joins`
 * joins them to `f`, and `codes` is the list (null when the flight has none).
 */
export function effectiveDelayCodes(scope?: string): { ctes: SQL; joins: SQL; codes: SQL } {
  const within = (alias: string) =>
    scope ? sql` join ${sql.identifier(scope)} on ${sql.identifier(scope)}.flight_id = ${sql.identifier(alias)}.flight_id` : sql``;
  return {
    ctes: sql`aims as (
          select d.flight_id, string_agg(d.code, ',' order by d.position) as codes
          from flight_delays d${within("d")} group by d.flight_id
        ), evaluated as (
          select e.flight_id, string_agg(e.code, ',' order by e.position) as codes
          from flight_delay_evaluations e${within("e")} group by e.flight_id
        )`,
    joins: sql`left join aims on aims.flight_id = f.id
        left join evaluated on evaluated.flight_id = f.id`,
    codes: sql`case when f.delays_evaluated_at is not null then evaluated.codes else aims.codes end`,
  };
}

// ---- the match viewer's edits of a flight (flights and affectations are this concept's) -------

/** The team's number and observations of one affectation; the row as stored. */
export async function updateAffectationRow(db: Database, id: number, affectationNumber: number, observations: string) {
  const [after] = await queryRows<components["schemas"]["Affectation"]>(
    db,
    sql`update affectations set affectation_number = ${affectationNumber}, observations = ${observations.trim()}
        where id = ${id}
        returning id, code, date, affectation, affectation_number, observations`,
  );
  return after;
}


/** The Admin's correction: both actual times, said to be the Admin's (a time left as it was keeps its source). */
export async function setRealDates(db: Database, flightId: number, departure: Date, arrival: Date, now: Date): Promise<void> {
  const dep = departure.toISOString();
  const arr = arrival.toISOString();
  const at = now.toISOString();
  await db.execute(sql`
    update flights set
      actual_departure_source = case when actual_departure = ${dep}::timestamptz and actual_departure_source is not null
        then actual_departure_source else 'admin' end,
      actual_departure_source_at = case when actual_departure = ${dep}::timestamptz and actual_departure_source is not null
        then actual_departure_source_at else ${at}::timestamptz end,
      actual_arrival_source = case when actual_arrival = ${arr}::timestamptz and actual_arrival_source is not null
        then actual_arrival_source else 'admin' end,
      actual_arrival_source_at = case when actual_arrival = ${arr}::timestamptz and actual_arrival_source is not null
        then actual_arrival_source_at else ${at}::timestamptz end,
      actual_departure = ${dep}::timestamptz, actual_arrival = ${arr}::timestamptz, updated_at = now()
    where id = ${flightId}`);
}

/** The flight's delay evaluation replaced, stamped now, with its observations when given. */
export async function replaceDelayEvaluation(
  db: Database,
  flightId: number,
  delays: readonly { code: string; minutes: number; cause?: string }[],
  observations: string | undefined,
  now: Date,
): Promise<void> {
  await db.execute(sql`delete from flight_delay_evaluations where flight_id = ${flightId}`);
  await bulkInsert(
    db,
    "flight_delay_evaluations",
    [
      ["flight_id", "int"],
      ["position", "smallint"],
      ["code", "text"],
      ["minutes", "int"],
      ["cause", "text"],
    ],
    delays.map((delay, i) => ({
      flight_id: flightId,
      position: i + 1,
      code: delay.code,
      minutes: delay.minutes,
      cause: delay.cause?.trim() ?? "",
    })),
  );
  await db.execute(sql`
    update flights set delays_evaluated_at = ${now.toISOString()}::timestamptz, updated_at = now()
      ${observations !== undefined ? sql`, delay_observations = ${observations.trim()}` : sql``}
    where id = ${flightId}`);
}

/** One more version of what the viewer edits, made by `who` (a full name) at `at`; the new version. */
export async function bumpViewerVersion(db: Database, flightId: number, who: string, at: Date): Promise<number> {
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`update flights set viewer_version = viewer_version + 1, viewer_updated_by = ${who},
          viewer_updated_at = ${at.toISOString()}::timestamptz
        where id = ${flightId} returning viewer_version as version`,
  );
  if (!row) throw new Error(`flight ${flightId} vanished`);
  return row.version;
}
