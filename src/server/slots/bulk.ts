/**
 * Slots changed in bulk, a few statements for thousands of rows: cancelled, retimed or re-equipped,
 * and created with their ids back in order (the coordinator's list applied to the register).
 */
import { sql } from "drizzle-orm";
import type { ListSlot, RegisterSlot } from "../../domain/coordinatorList";
import type { Database } from "../db/client";
import { intArray, queryRows, unnestRows } from "../db/sql";
import { SLOT_COLUMNS, slotRow } from "./register";

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
export async function createSlots(db: Database, season: string, created: readonly NewSlot[], airport = "MEX"): Promise<number[]> {
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
      sql`insert into slots (airport, season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, service_type, status)
          select ${airport}, season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, service_type, status
          from ${source} order by n
          returning id`,
    );
    // Ids are drawn in the order the rows are inserted (the select's order): sorted, they follow `chunk`.
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

