/**
 * The slot register: the coordinator's slots as Slotdesk holds them, and their history. Every
 * change of a slot's status goes through here, with a history row and the re-matching of the
 * dates it touches, in the caller's transaction; so Entrega de turno shows the change at once.
 */
import { asc, inArray, sql } from "drizzle-orm";
import type { SeriesSlot } from "../../domain/series";
import type { Database } from "../db/client";
import { slotHistory, slots } from "../db/schema";
import { type BulkColumn, bulkInsert, isoUtc, queryRows } from "../db/sql";
import { rematch } from "../matching/rematch";

/** A slot as its row is stored (the one slot type of the server). */
export type SlotRecord = typeof slots.$inferSelect;

/** A slot's columns for the bulk inserts that create slots (a season upload, the demo season). */
export const SLOT_COLUMNS: readonly BulkColumn[] = [
  ["season", "text"],
  ["serie", "int"],
  ["flight_number", "text"],
  ["date", "date"],
  ["time", "text"],
  ["is_arrival", "boolean"],
  ["route", "text"],
  ["frequency", "smallint"],
  ["aircraft_type", "text"],
  ["seats", "int"],
  ["service_type", "text"],
  ["status", "text"],
];

/** What a slot being created brings, as the domain names it (a series' slot, the demo's, a list's). */
export type NewSlotFields = Pick<
  SeriesSlot,
  "flightNumber" | "date" | "time" | "isArrival" | "route" | "frequency" | "aircraftType" | "seats" | "serviceType"
>;

/** A slot's row for `SLOT_COLUMNS`. */
export function slotRow(season: string, serie: number, status: string, slot: NewSlotFields) {
  return {
    season,
    serie,
    flight_number: slot.flightNumber,
    date: slot.date,
    time: slot.time,
    is_arrival: slot.isArrival,
    route: slot.route,
    frequency: slot.frequency,
    aircraft_type: slot.aircraftType,
    seats: slot.seats,
    service_type: slot.serviceType,
    status,
  };
}
export type SlotHistoryEntry = typeof slotHistory.$inferInsert;

/**
 * The slots, locked for the rest of the transaction. Locked in id order, so two transactions
 * sharing slots wait for each other instead of deadlocking.
 */
export async function lockSlots(tx: Database, ids: readonly number[]): Promise<SlotRecord[]> {
  if (ids.length === 0) return [];
  return tx.select().from(slots).where(inArray(slots.id, [...ids])).orderBy(asc(slots.id)).for("update");
}

/** New slots in bulk (a season's upload, the demo season): `columns` name the row fields written. */
export async function insertSlots(db: Database, columns: readonly BulkColumn[], rows: readonly Record<string, unknown>[], chunk?: number): Promise<void> {
  await bulkInsert(db, "slots", columns, rows, chunk);
}

/** History rows in bulk (the demo season's made-up past): `columns` name the row fields written. */
export async function insertSlotHistoryRows(db: Database, columns: readonly BulkColumn[], rows: readonly Record<string, unknown>[], chunk?: number): Promise<void> {
  await bulkInsert(db, "slot_history", columns, rows, chunk);
}

/** Slot history rows (a request or a reply about each slot), in chunks clear of the parameter limit. */
export async function insertSlotHistory(tx: Database, history: readonly SlotHistoryEntry[]): Promise<void> {
  for (let i = 0; i < history.length; i += 2000) await tx.insert(slotHistory).values(history.slice(i, i + 2000));
}

/** Marks the (locked) slots WIP with their history rows; their matches then read 'S · En proceso'. */
export async function markSlotsInProcess(
  tx: Database,
  locked: readonly SlotRecord[],
  history: readonly SlotHistoryEntry[],
  now: Date,
  /** False for a preview that is rolled back (Carga de referencias): nobody sees its matches. */
  rematchDates = true,
): Promise<void> {
  await insertSlotHistory(tx, history);
  if (locked.length === 0) return;
  // The status before WIP is kept, for a refused reply to give it back (references/apply.ts).
  await tx
    .update(slots)
    .set({ statusBeforeRequest: sql`${slots.status}`, status: "WIP", updatedAt: now })
    .where(inArray(slots.id, locked.map((slot) => slot.id)));
  if (rematchDates) await rematch(tx, locked.map((slot) => slot.date));
}

/** A slot's requests and the coordinator's answers, newest first (the match viewer's 'Cambios'). */
export async function slotChanges(db: Database, slotId: number) {
  const rows = await queryRows<{
    id: number;
    request_date: string;
    reference: number | null;
    part: number | null;
    request_type: string;
    actual_line: string | null;
    request_line: string | null;
    response: string | null;
  }>(
    db,
    sql`select id, ${isoUtc(sql`changed_at`)} as request_date, reference, part, request_type, actual_line,
          request_line, response
        from slot_history where slot_id = ${slotId} order by changed_at desc, id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    request_date: r.request_date,
    reference: r.reference,
    part: r.part,
    request_type: r.request_type,
    lines: { actual: r.actual_line, request: r.request_line },
    response: r.response,
  }));
}
