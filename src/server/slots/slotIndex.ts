/**
 * The slots a reference's lines speak of, loaded and locked at once (one query for a whole file),
 * and the changes to them written in a few bulk statements (issue 12: a 1,000-line reply within
 * 1 s). Every change keeps a history row; the caller re-matches the touched dates.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";
import { type LineSlot, slotKey } from "../../domain/references";
import type { Database } from "../db/client";
import { slotHistory, slots } from "../db/schema";
import { intArray, queryRows, unnestRows } from "../db/sql";
import type { SlotRecord } from "./register";

export type SlotHistoryRow = typeof slotHistory.$inferInsert;

export class SlotIndex {
  private readonly byKey = new Map<string, SlotRecord[]>();
  private readonly patches = new Map<number, SlotRecord>();
  private readonly deleted = new Set<number>();
  readonly dates = new Set<string>();
  readonly history: SlotHistoryRow[] = [];
  private nextSerie = 0;

  private constructor(
    private readonly season: string,
    records: readonly SlotRecord[],
    /** The airport whose register (issue 37). */
    private readonly airport: string = DEFAULT_AIRPORT,
  ) {
    for (const record of records) this.add(record);
  }

  private add(record: SlotRecord) {
    const key = slotKey(record);
    const list = this.byKey.get(key);
    if (list) list.push(record);
    else this.byKey.set(key, [record]);
  }

  /**
   * The season's slots at the lines' dates, directions and times, locked for the transaction (in
   * id order: no deadlock). Only those rows are read, not whole days.
   */
  static async load(tx: Database, season: string, wanted: readonly LineSlot[], airport = DEFAULT_AIRPORT): Promise<SlotIndex> {
    const keys = new Map<string, { date: string; time: string; is_arrival: boolean }>();
    for (const slot of wanted) keys.set(`${slot.date}|${slot.time}|${slot.isArrival}`, { date: slot.date, time: slot.time, is_arrival: slot.isArrival });
    let records: SlotRecord[] = [];
    if (keys.size > 0) {
      const source = unnestRows(
        [
          ["date", "date"],
          ["time", "text"],
          ["is_arrival", "boolean"],
        ],
        [...keys.values()],
      );
      const found = await queryRows<{ id: number }>(
        tx,
        sql`select s.id from slots s join ${source} on s.date = x.date and s.time = x.time and s.is_arrival = x.is_arrival
            where s.airport = ${airport} and s.season = ${season}`,
      );
      if (found.length > 0) {
        records = await tx.select().from(slots).where(inArray(slots.id, found.map((row) => row.id))).orderBy(slots.id).for("update");
      }
    }
    const index = new SlotIndex(season, records, airport);
    const [row] = await tx
      .select({ highest: sql<number | null>`max(${slots.serie})` })
      .from(slots)
      .where(and(eq(slots.airport, airport), eq(slots.season, season)));
    index.nextSerie = Number(row?.highest ?? 0) + 1;
    return index;
  }

  /** The slot at a line's slot (flight, date, direction, time) whose status passes `accept`. */
  find(slot: LineSlot, accept: (status: string) => boolean): SlotRecord | null {
    const list = this.byKey.get(slotKey(slot)) ?? [];
    return list.find((record) => !this.deleted.has(record.id) && accept(this.current(record).status)) ?? null;
  }

  current(record: SlotRecord): SlotRecord {
    return this.patches.get(record.id) ?? record;
  }

  /** The slot takes `values`; its key moves with it. */
  patch(record: SlotRecord, values: Partial<SlotRecord>) {
    const before = this.current(record);
    const after: SlotRecord = { ...before, ...values };
    this.dates.add(before.date);
    this.dates.add(after.date);
    const oldKey = slotKey(before);
    this.byKey.set(oldKey, (this.byKey.get(oldKey) ?? []).filter((other) => other.id !== record.id));
    this.add(after);
    this.patches.set(record.id, after);
  }

  remove(record: SlotRecord) {
    this.deleted.add(record.id);
    this.dates.add(this.current(record).date);
  }

  /** A new series number of the season (one per direction of an alta). */
  newSerie(): number {
    return this.nextSerie++;
  }

  /** Writes the patches and deletions (the history rows are written by the caller, with new ids). */
  async flush(tx: Database, now: Date): Promise<void> {
    const updates = [...this.patches.values()].filter((record) => !this.deleted.has(record.id));
    if (updates.length > 0) {
      const source = unnestRows(
        [
          ["id", "int"],
          ["flight_number", "text"],
          ["date", "date"],
          ["time", "text"],
          ["route", "text"],
          ["aircraft_type", "text"],
          ["seats", "int"],
          ["service_type", "text"],
          ["status", "text"],
          ["status_before_request", "text"],
        ],
        updates.map((record) => ({
          id: record.id,
          flight_number: record.flightNumber,
          date: record.date,
          time: record.time,
          route: record.route,
          aircraft_type: record.aircraftType,
          seats: record.seats,
          service_type: record.serviceType,
          status: record.status,
          status_before_request: record.statusBeforeRequest,
        })),
      );
      await tx.execute(sql`
        update slots s set flight_number = x.flight_number, date = x.date, time = x.time, route = x.route,
          aircraft_type = x.aircraft_type, seats = x.seats, service_type = x.service_type, status = x.status,
          status_before_request = x.status_before_request, updated_at = ${now.toISOString()}::timestamptz
        from ${source} where s.id = x.id`);
    }
    if (this.deleted.size > 0) await tx.execute(sql`delete from slots where id = any(${intArray(this.deleted)})`);
  }

  /** Inserts new slots of the season (status ADD by default) and returns them with their ids. */
  async insert(tx: Database, created: readonly LineSlot[], serie: number, status: string): Promise<SlotRecord[]> {
    if (created.length === 0) return [];
    const rows = await tx
      .insert(slots)
      .values(
        created.map((slot) => ({
          airport: this.airport,
          season: this.season,
          serie,
          flightNumber: slot.flightNumber,
          date: slot.date,
          time: slot.time,
          isArrival: slot.isArrival,
          route: slot.route,
          frequency: slot.frequency,
          aircraftType: slot.aircraftType,
          seats: slot.seats,
          serviceType: slot.serviceType,
          status,
        })),
      )
      .returning();
    for (const row of rows) {
      this.add(row);
      this.dates.add(row.date);
    }
    return rows;
  }
}
