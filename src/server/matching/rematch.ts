/**
 * Re-matching flights with slots for some UTC dates, in one transaction, with the pure engine
 * (`matchAll`, src/domain/matching) and the users' manual decisions.
 *
 * The engine groups by UTC date and lets date D take the still-unpaired items of the first
 * 180 minutes of D+1, so a change on D can move pairs on D−1 (which may take D's early items) and
 * on D+1 (whose early items D may take). `rematch(dates)` therefore:
 *
 *  1. loads the slots and flights of the dates ±2 days, their stored match rows and the decisions
 *     about them, and runs `matchAll` over that span;
 *  2. re-decides the items of the dates ±1 day and, transitively, every item paired with one of
 *     them — in the new result or in the stored rows — so that after the write every flight and
 *     every slot is in exactly one row (if that closure reaches an item outside the loaded span,
 *     the span grows and step 1 runs again);
 *  3. writes the difference: a pair that persists (same slot and flight, or the same item alone)
 *     keeps its row id and is updated only when a value changed; rows of pairs that no longer
 *     exist are deleted; new pairs are inserted. A few bulk statements, no per-row round trips.
 *     The delay evaluation, observations and affectations are the flight's (flights/delays.ts):
 *     no rematch touches them.
 *
 * A transaction-scoped advisory lock serialises concurrent rematches (two imports at once).
 */
import { sql } from "drizzle-orm";
import {
  type FlightInput,
  isFlightStatus,
  isSlotStatus,
  type ManualDecision,
  matchAll,
  type MatchResult,
  type SlotInput,
} from "../../domain/matching";
import { addDays, isCalendarDate, seasonCodeForDate } from "../../domain/seasons";
import type { Database } from "../db/client";
import {
  type BulkColumn,
  bulkInsert,
  dateArray,
  intArray,
  isoUtc,
  queryJson,
  queryRows,
  unnestRows,
} from "../db/sql";

/** Any constant: only every Slotdesk instance must use the same one. */
const REMATCH_LOCK = 7_041_303;
/** Rows per bulk statement. */
const CHUNK = 10_000;

type SlotRow = {
  id: number;
  airport: string;
  date: string;
  time: string;
  isArrival: boolean;
  flightNumber: string;
  status: string;
  aircraftType: string;
};

type FlightRow = {
  id: number;
  airport: string;
  date: string;
  movementDate: string;
  isArrival: boolean;
  flightNumber: string;
  aircraftType: string | null;
  status: string;
  actualAt: string | null;
  scheduledAt: string;
};

/** A match row's values, as the rematch writes them (snake_case: the bulk statements' columns). */
type MatchValues = {
  airport: string;
  slot_id: number | null;
  flight_id: number | null;
  date: string;
  season: string;
  is_arrival: boolean;
  general_status: string;
  scheduled_difference: number | null;
  real_difference: number | null;
  scheduled_class: string;
  real_class: string;
  source: string | null;
  is_manual: boolean;
  sort_at: string;
};
type StoredRow = MatchValues & { id: number };

const VALUE_COLUMNS: readonly BulkColumn[] = [
  ["airport", "text"],
  ["slot_id", "int"],
  ["flight_id", "int"],
  ["date", "date"],
  ["season", "text"],
  ["is_arrival", "boolean"],
  ["general_status", "text"],
  ["scheduled_difference", "int"],
  ["real_difference", "int"],
  ["scheduled_class", "text"],
  ["real_class", "text"],
  ["source", "text"],
  ["is_manual", "boolean"],
  ["sort_at", "timestamptz"],
];

export interface RematchResult {
  /** The dates asked for, sorted. */
  dates: string[];
  inserted: number;
  updated: number;
  deleted: number;
  /** Rows re-decided and found identical. */
  unchanged: number;
}

/**
 * Item keys: a slot is its id, a flight minus its id (ids are positive), so maps and sets work
 * on numbers.
 */
const slotKey = (id: number) => id;
const flightKey = (id: number) => -id;
const pairKey = (slotId: number | null, flightId: number | null) => `${slotId ?? ""}|${flightId ?? ""}`;

function spread(dates: Iterable<string>, days: number): Set<string> {
  const out = new Set<string>();
  for (const date of dates) for (let d = -days; d <= days; d++) out.add(addDays(date, d));
  return out;
}

type StoredTuple = [
  number,
  number | null,
  number | null,
  string,
  string,
  boolean,
  string,
  number | null,
  number | null,
  string,
  string,
  string | null,
  boolean,
  string,
  string,
];

const storedColumns = sql`json_agg(json_build_array(id, slot_id, flight_id, date, season, is_arrival, general_status,
  scheduled_difference, real_difference, scheduled_class, real_class, source, is_manual, ${isoUtc(sql`sort_at`)}, airport))::text`;

function toStored(t: StoredTuple): StoredRow {
  return {
    id: t[0],
    slot_id: t[1],
    flight_id: t[2],
    date: t[3],
    season: t[4],
    is_arrival: t[5],
    general_status: t[6],
    scheduled_difference: t[7],
    real_difference: t[8],
    scheduled_class: t[9],
    real_class: t[10],
    source: t[11],
    is_manual: t[12],
    sort_at: t[13],
    airport: t[14],
  };
}

async function loadSpan(db: Database, loadDates: Set<string>) {
  const dates = dateArray([...loadDates].sort());
  type SlotTuple = [number, string, string, boolean, string, string, string, string];
  const slotRows: SlotRow[] = (
    await queryJson<SlotTuple>(
      db,
      sql`select json_agg(json_build_array(id, date, time, is_arrival, flight_number, status, aircraft_type, airport))::text as j
          from slots where date = any(${dates})`,
    )
  ).map(([id, date, time, isArrival, flightNumber, status, aircraftType, airport]) => ({
    id,
    airport,
    date,
    time,
    isArrival,
    flightNumber,
    status,
    aircraftType,
  }));
  type FlightTuple = [number, string, string, boolean, string, string | null, string, string | null, string, string];
  const flightRows: FlightRow[] = (
    await queryJson<FlightTuple>(
      db,
      sql`select json_agg(json_build_array(id, date, movement_date, is_arrival, flight_number, aircraft_type, status,
            ${isoUtc(sql`case when is_arrival then actual_arrival else actual_departure end`)},
            ${isoUtc(sql`case when is_arrival then scheduled_arrival else scheduled_departure end`)}, airport))::text as j
          from flights where movement_date = any(${dates})`,
    )
  ).map(([id, date, movementDate, isArrival, flightNumber, aircraftType, status, actualAt, scheduledAt, airport]) => ({
    id,
    airport,
    date,
    movementDate,
    isArrival,
    flightNumber,
    aircraftType,
    status,
    actualAt,
    scheduledAt,
  }));

  // Stored rows: those dated in the span, then the few rows of loaded items dated outside it.
  const stored = (await queryJson<StoredTuple>(db, sql`select ${storedColumns} as j from matches where date = any(${dates})`)).map(
    toStored,
  );
  const seen = new Set<number>();
  for (const row of stored) {
    if (row.slot_id !== null) seen.add(slotKey(row.slot_id));
    if (row.flight_id !== null) seen.add(flightKey(row.flight_id));
  }
  const otherSlots = slotRows.filter((s) => !seen.has(slotKey(s.id))).map((s) => s.id);
  const otherFlights = flightRows.filter((f) => !seen.has(flightKey(f.id))).map((f) => f.id);
  if (otherSlots.length > 0 || otherFlights.length > 0) {
    const more = await queryJson<StoredTuple>(
      db,
      sql`select ${storedColumns} as j from matches
          where not (date = any(${dates}))
            and (slot_id = any(${intArray(otherSlots)}) or flight_id = any(${intArray(otherFlights)}))`,
    );
    for (const tuple of more) stored.push(toStored(tuple));
  }

  const decisions = await queryRows<{ kind: string; flight_id: number; slot_id: number }>(
    db,
    sql`select d.kind, d.flight_id, d.slot_id from manual_decisions d
        join flights f on f.id = d.flight_id
        where f.movement_date = any(${dates}) order by d.id`,
  );
  return { slotRows, flightRows, stored, decisions };
}

/** Dates of items that the closure reached but the span did not load. */
async function datesOfItems(db: Database, keys: number[]): Promise<string[]> {
  const slotIds = keys.filter((k) => k > 0);
  const flightIds = keys.filter((k) => k < 0).map((k) => -k);
  const rows = await queryRows<{ date: string }>(
    db,
    sql`select date from slots where id = any(${intArray(slotIds)})
        union select movement_date as date from flights where id = any(${intArray(flightIds)})`,
  );
  return rows.map((r) => r.date);
}

function sameValues(a: MatchValues, b: MatchValues): boolean {
  return (
    a.airport === b.airport &&
    a.date === b.date &&
    a.season === b.season &&
    a.is_arrival === b.is_arrival &&
    a.general_status === b.general_status &&
    a.scheduled_difference === b.scheduled_difference &&
    a.real_difference === b.real_difference &&
    a.scheduled_class === b.scheduled_class &&
    a.real_class === b.real_class &&
    a.source === b.source &&
    a.is_manual === b.is_manual &&
    a.sort_at === b.sort_at
  );
}

function engineInputs(slotRows: SlotRow[], flightRows: FlightRow[]): { slots: SlotInput[]; flights: FlightInput[] } {
  const slots = slotRows.map((s): SlotInput => {
    if (!isSlotStatus(s.status)) throw new Error(`slot ${s.id} has an unknown status ${s.status}`);
    return {
      id: s.id,
      date: s.date,
      time: s.time,
      isArrival: s.isArrival,
      flightNumber: s.flightNumber,
      status: s.status,
      aircraftType: s.aircraftType,
    };
  });
  const flights = flightRows.map((f): FlightInput => {
    if (!isFlightStatus(f.status)) throw new Error(`flight ${f.id} has an unknown status ${f.status}`);
    return {
      id: f.id,
      date: f.date,
      isArrival: f.isArrival,
      flightNumber: f.flightNumber,
      scheduledAt: f.scheduledAt,
      actualAt: f.actualAt,
      status: f.status,
      aircraftType: f.aircraftType,
    };
  });
  return { slots, flights };
}

/**
 * Re-matches `dates` (UTC `yyyy-MM-dd`) in one transaction (a savepoint when `db` is already a
 * transaction). Throws RangeError on a malformed date.
 */
export async function rematch(db: Database, dates: Iterable<string>): Promise<RematchResult> {
  const asked = [...new Set(dates)].sort();
  for (const date of asked) if (!isCalendarDate(date)) throw new RangeError(`Invalid date: ${date}`);
  if (asked.length === 0) return { dates: asked, inserted: 0, updated: 0, deleted: 0, unchanged: 0 };

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REMATCH_LOCK})`);
    const seedDates = spread(asked, 1);
    const loadDates = spread(asked, 2);

    for (let attempt = 0; ; attempt++) {
      const { slotRows, flightRows, stored, decisions } = await loadSpan(tx, loadDates);
      const slotById = new Map(slotRows.map((s) => [s.id, s]));
      const flightById = new Map(flightRows.map((f) => [f.id, f]));

      const manual: ManualDecision[] = [];
      const lastKind = new Map<string, { kind: string; slotId: number; flightId: number }>();
      for (const d of decisions) {
        if (d.kind !== "separated" && d.kind !== "assigned") continue;
        manual.push({ kind: d.kind, flightId: d.flight_id, slotId: d.slot_id });
        lastKind.set(pairKey(d.slot_id, d.flight_id), { kind: d.kind, slotId: d.slot_id, flightId: d.flight_id });
      }
      // Items of a pair whose latest decision is a separation: their rows are "manual".
      const separatedItems = new Set<number>();
      for (const d of lastKind.values()) {
        if (d.kind !== "separated") continue;
        separatedItems.add(slotKey(d.slotId));
        separatedItems.add(flightKey(d.flightId));
      }

      // Each airport's flights meet only its own slots (issue 37).
      const results: MatchResult[] = [];
      for (const airport of new Set([...slotRows.map((s) => s.airport), ...flightRows.map((f) => f.airport)])) {
        const inputs = engineInputs(
          slotRows.filter((s) => s.airport === airport),
          flightRows.filter((f) => f.airport === airport),
        );
        const decided = manual.filter((d) => flightById.get(Number(d.flightId))?.airport === airport && slotById.get(Number(d.slotId))?.airport === airport);
        results.push(...matchAll(inputs.slots, inputs.flights, decided));
      }

      // Item → its result row and its stored row.
      const resultOf = new Map<number, MatchResult>();
      for (const r of results) {
        if (r.slotId !== null) resultOf.set(slotKey(Number(r.slotId)), r);
        if (r.flightId !== null) resultOf.set(flightKey(Number(r.flightId)), r);
      }
      const storedOf = new Map<number, StoredRow>();
      for (const row of stored) {
        if (row.slot_id !== null) storedOf.set(slotKey(row.slot_id), row);
        if (row.flight_id !== null) storedOf.set(flightKey(row.flight_id), row);
      }

      // The closure of the items to re-decide.
      const chosen = new Set<number>();
      const queue: number[] = [];
      const add = (key: number) => {
        if (chosen.has(key)) return;
        chosen.add(key);
        queue.push(key);
      };
      for (const s of slotRows) if (seedDates.has(s.date)) add(slotKey(s.id));
      for (const f of flightRows) if (seedDates.has(f.movementDate)) add(flightKey(f.id));
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        const r = resultOf.get(key);
        if (r?.slotId != null) add(slotKey(Number(r.slotId)));
        if (r?.flightId != null) add(flightKey(Number(r.flightId)));
        const s = storedOf.get(key);
        if (s?.slot_id != null) add(slotKey(s.slot_id));
        if (s?.flight_id != null) add(flightKey(s.flight_id));
      }
      const missing = [...chosen].filter((key) => (key > 0 ? !slotById.has(key) : !flightById.has(-key)));
      if (missing.length > 0) {
        // A stored pair reaches outside the span: load around it and decide again.
        const before = loadDates.size;
        for (const date of spread(await datesOfItems(tx, missing), 2)) loadDates.add(date);
        if (loadDates.size === before || attempt > 20) {
          throw new Error(`rematch: items without a loadable date: ${missing.slice(0, 5).join(", ")}`);
        }
        continue;
      }

      // Rows to write, and the stored rows they replace.
      const seasonOf = new Map<string, string>();
      const season = (date: string) => {
        let code = seasonOf.get(date);
        if (code === undefined) {
          code = seasonCodeForDate(date);
          seasonOf.set(date, code);
        }
        return code;
      };
      const writeRows = new Set<MatchResult>();
      const replaced = new Set<StoredRow>();
      for (const key of chosen) {
        const r = resultOf.get(key);
        if (r) writeRows.add(r);
        const s = storedOf.get(key);
        if (s) replaced.add(s);
      }
      const storedByPair = new Map<string, StoredRow>();
      for (const row of replaced) storedByPair.set(pairKey(row.slot_id, row.flight_id), row);

      const inserts: MatchValues[] = [];
      const updates: StoredRow[] = [];
      let unchanged = 0;
      const kept = new Set<number>();
      for (const r of writeRows) {
        const slotId = r.slotId === null ? null : Number(r.slotId);
        const flightId = r.flightId === null ? null : Number(r.flightId);
        const slot = slotId === null ? undefined : slotById.get(slotId);
        const flight = flightId === null ? undefined : flightById.get(flightId);
        const values: MatchValues = {
          airport: slot?.airport ?? flight?.airport ?? "MEX",
          slot_id: slotId,
          flight_id: flightId,
          date: r.date,
          season: season(r.date),
          is_arrival: r.isArrival,
          general_status: r.generalStatus,
          scheduled_difference: r.scheduledDifference,
          real_difference: r.realDifference,
          scheduled_class: r.scheduledClass,
          real_class: r.realClass,
          source: r.source,
          is_manual:
            r.source === "manual" ||
            (slotId !== null && separatedItems.has(slotKey(slotId))) ||
            (flightId !== null && separatedItems.has(flightKey(flightId))),
          sort_at: slot ? `${slot.date}T${slot.time}:00Z` : (flight?.scheduledAt ?? `${r.date}T00:00:00Z`),
        };
        const previous = storedByPair.get(pairKey(slotId, flightId));
        if (previous) {
          kept.add(previous.id);
          if (sameValues(previous, values)) unchanged += 1;
          else updates.push({ ...values, id: previous.id });
        } else {
          inserts.push(values);
        }
      }
      const deletes = [...replaced].filter((row) => !kept.has(row.id)).map((row) => row.id);

      if (deletes.length > 0) await tx.execute(sql`delete from matches where id = any(${intArray(deletes)})`);
      for (let i = 0; i < updates.length; i += CHUNK) {
        const source = unnestRows([["id", "int"], ...VALUE_COLUMNS], updates.slice(i, i + CHUNK));
        await tx.execute(sql`
          update matches m set airport = x.airport, date = x.date, season = x.season, is_arrival = x.is_arrival,
            general_status = x.general_status, scheduled_difference = x.scheduled_difference,
            real_difference = x.real_difference, scheduled_class = x.scheduled_class,
            real_class = x.real_class, source = x.source, is_manual = x.is_manual, sort_at = x.sort_at,
            updated_at = now()
          from ${source} where m.id = x.id`);
      }
      await bulkInsert(tx, "matches", VALUE_COLUMNS, inserts, CHUNK);
      return { dates: asked, inserted: inserts.length, updated: updates.length, deleted: deletes.length, unchanged };
    }
  });
}

/** Every date that has a slot or a flight. */
export async function allMatchDates(db: Database): Promise<string[]> {
  const rows = await queryRows<{ date: string }>(
    db,
    sql`select date from slots union select movement_date as date from flights order by date`,
  );
  return rows.map((r) => r.date);
}

/** Re-matches every date that has a slot or a flight. */
export async function rematchAll(db: Database): Promise<RematchResult> {
  return rematch(db, await allMatchDates(db));
}
