/**
 * A flight's delays as the team works with them: AIMS's codes (flight_delays) until someone
 * evaluates them, then the evaluation (flight_delay_evaluations, flights.delays_evaluated_at),
 * and one affectation per effective code. All of it belongs to the flight, so separating,
 * assigning or re-matching its match never loses it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { intArray } from "../db/sql";

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
