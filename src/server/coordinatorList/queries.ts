/**
 * The SQL of the coordinator's list: the season's held slots (the register side of the
 * comparison). An apply's writes (cancel, change, create, history) are the slots concept's
 * (slots/bulk.ts, slots/register.ts).
 */
import { sql } from "drizzle-orm";
import type {  RegisterSlot } from "../../domain/coordinatorList";
import type { Database } from "../db/client";
import { slotHistory } from "../db/schema";
import { queryJson, queryRows } from "../db/sql";
import { seasonKey } from "./work";

export type SeasonRow = { id: number; airport: string; name: string; start_date: string; end_date: string };
export type SlotHistoryRow = typeof slotHistory.$inferInsert;

/** Every season Slotdesk holds, at every airport, by `seasonKey` (`MEX S26`). */
export async function seasonsByName(db: Database): Promise<Map<string, SeasonRow>> {
  const rows = await queryRows<SeasonRow>(db, sql`select id, airport, name, start_date::text as start_date, end_date::text as end_date from seasons`);
  return new Map(rows.map((row) => [seasonKey(row.airport, row.name), row]));
}

type Row = [number, number, string, string, string, boolean, string, string, number, string, string];

/**
 * The season's held slots (every status but CAN and C). `lock`: locked for the transaction, in id
 * order (a reply applied meanwhile waits, or is waited for).
 */
export async function heldSlots(db: Database, airport: string, season: string, lock: boolean): Promise<RegisterSlot[]> {
  if (lock) {
    await db.execute(sql`select id from slots where airport = ${airport} and season = ${season} and status not in ('CAN', 'C') order by id for update`);
  }
  const rows = await queryJson<Row>(
    db,
    sql`select json_agg(json_build_array(id, serie, flight_number, date::text, time, is_arrival, route, aircraft_type, seats,
          service_type, status) order by id) as j
        from slots where airport = ${airport} and season = ${season} and status not in ('CAN', 'C')`,
  );
  return rows.map(([id, serie, flightNumber, date, time, isArrival, route, aircraftType, seats, serviceType, status]) => ({
    id,
    serie,
    flightNumber,
    date,
    time,
    isArrival,
    route,
    aircraftType,
    seats,
    serviceType,
    status,
  }));
}

/** The highest series number of the season (0 without slots). */
export async function highestSerie(db: Database, airport: string, season: string): Promise<number> {
  const [row] = await queryRows<{ highest: number | null }>(
    db,
    sql`select max(serie) as highest from slots where airport = ${airport} and season = ${season}`,
  );
  return Number(row?.highest ?? 0);
}

