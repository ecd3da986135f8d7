/**
 * The SQL of the coordinator's list: the season's held slots (the register side of the
 * comparison), and the bulk writes of an apply (cancel, change, create) in a few statements.
 */
import { sql } from "drizzle-orm";
import type { ListSlot, RegisterSlot } from "../../domain/coordinatorList";
import type { Database } from "../db/client";
import { slotHistory } from "../db/schema";
import { intArray, queryJson, queryRows, unnestRows } from "../db/sql";
import { SLOT_COLUMNS, slotRow } from "../slots/register";

export type SeasonRow = { id: number; name: string; start_date: string; end_date: string };
export type SlotHistoryRow = typeof slotHistory.$inferInsert;

/** Every season Slotdesk holds, by name. */
export async function seasonsByName(db: Database): Promise<Map<string, SeasonRow>> {
  const rows = await queryRows<SeasonRow>(db, sql`select id, name, start_date::text as start_date, end_date::text as end_date from seasons`);
  return new Map(rows.map((row) => [row.name, row]));
}

type Row = [number, number, string, string, string, boolean, string, string, number, string, string];

/**
 * The season's held slots (every status but CAN and C). `lock`: locked for the transaction, in id
 * order (a reply applied meanwhile waits, or is waited for).
 */
export async function heldSlots(db: Database, season: string, lock: boolean): Promise<RegisterSlot[]> {
  if (lock) await db.execute(sql`select id from slots where season = ${season} and status not in ('CAN', 'C') order by id for update`);
  const rows = await queryJson<Row>(
    db,
    sql`select json_agg(json_build_array(id, serie, flight_number, date::text, time, is_arrival, route, aircraft_type, seats,
          service_type, status) order by id) as j
        from slots where season = ${season} and status not in ('CAN', 'C')`,
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
export async function highestSerie(db: Database, season: string): Promise<number> {
  const [row] = await queryRows<{ highest: number | null }>(db, sql`select max(serie) as highest from slots where season = ${season}`);
  return Number(row?.highest ?? 0);
}

/** Cancels the slots (status CAN). */
export async function cancelSlots(db: Database, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update slots set status = 'CAN', updated_at = ${now.toISOString()}::timestamptz where id = any(${intArray(ids)})`);
}

export type SlotChange = Pick<RegisterSlot, "id" | "time" | "aircraftType" | "seats" | "serviceType">;

/** Gives each slot its (new) time, aircraft, seats and service type. */
export async function changeSlots(db: Database, changes: readonly SlotChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  const source = unnestRows(
    [
      ["id", "int"],
      ["time", "text"],
      ["aircraft_type", "text"],
      ["seats", "int"],
      ["service_type", "text"],
    ],
    changes.map((change) => ({ id: change.id, time: change.time, aircraft_type: change.aircraftType, seats: change.seats, service_type: change.serviceType })),
  );
  await db.execute(sql`
    update slots s set time = x.time, aircraft_type = x.aircraft_type, seats = x.seats, service_type = x.service_type,
      updated_at = ${now.toISOString()}::timestamptz
    from ${source} where s.id = x.id`);
}

export type NewSlot = { slot: ListSlot; serie: number; status: string };

/** Creates the slots; answers their ids in the same order. */
export async function createSlots(db: Database, season: string, created: readonly NewSlot[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < created.length; i += 5000) {
    const chunk = created.slice(i, i + 5000);
    const source = unnestRows(
      [["n", "int"], ...SLOT_COLUMNS],
      chunk.map(({ slot, serie, status }, n) => ({
        n,
        ...slotRow(season, serie, status, { ...slot, aircraftType: slot.aircraftType ?? "", seats: slot.seats ?? 0 }),
      })),
    );
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, service_type, status)
          select season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, service_type, status
          from ${source} order by n
          returning id`,
    );
    // Ids are drawn in the order the rows are inserted (the select's order): sorted, they follow `chunk`.
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** Writes the history rows, in chunks. */
export async function writeHistory(db: Database, rows: readonly SlotHistoryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(slotHistory).values(rows.slice(i, i + 2000));
}
