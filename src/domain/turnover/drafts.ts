/**
 * Adding turnover rows to a draft (seed 001 §3, §4.2, §4.3, §5; seed 000 §3, §4): which rows go
 * in, which are skipped (already there, outside the draft's season, in the other slot draft, or
 * impossible to describe), and the section to save. Pure: the caller loads and saves the drafts.
 */
import type { components } from "../../generated/openapi";
import { parseDesignator } from "../matching/differences";
import { isSeasonCode, seasonBounds, seasonCodeForDate } from "../seasons";
import { DEFAULT_PASSENGER_COUNT, frequencyFromDate, isWithinSeason } from "./rules";
import type { DraftKind } from "./selection";

type TurnoverRow = components["schemas"]["TurnoverRow"];
type Drafts = components["schemas"]["Drafts"];
type DraftsUpdate = components["schemas"]["DraftsUpdate"];
type NewSlotDraftItem = components["schemas"]["NewSlotDraftItem"];

export type DraftRow = Pick<
  TurnoverRow,
  | "id"
  | "season"
  | "date"
  | "slot_id"
  | "slot_date"
  | "slot_name"
  | "flight_id"
  | "flight_name"
  | "flight_route"
  | "flight_scheduled"
  | "flight_type"
  | "flight_aircraft"
  | "is_arrival"
>;

const SERVICE_TYPE = /^[JCFHPXDNSOTKGBEWVMALIYZU]$/;
const STATION = /^[A-Z]{3}$/;

/** `yyyy-MM-dd` → `dd-MM-yyyy`, the drafts' date format. */
export const toDraftDate = (date: string): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** The UTC date of a flight's movement at MEX, else the match's date. */
const movementDate = (row: DraftRow): string =>
  row.flight_scheduled && !Number.isNaN(Date.parse(row.flight_scheduled))
    ? new Date(row.flight_scheduled).toISOString().slice(0, 10)
    : row.date;

/** The date a draft item stands for: the slot's date, or the flight's movement date. */
export const draftItemDate = (row: DraftRow): string => row.slot_date ?? movementDate(row);

/** The id of the new-slot entry made from a flight: one entry per flight. */
export const newSlotItemId = (row: Pick<DraftRow, "flight_id" | "id">): string =>
  row.flight_id === null ? `match-${row.id}` : `flight-${row.flight_id}`;

/**
 * The new-slot (Altas) entry requested for a flight without slot (seed 001 §3): flight number
 * without the airline code, the flight's service type, its UTC date and time, the other
 * station, frequency from the weekday (7 when not derivable), 180 passengers. Null when the row
 * has no flight, or its number, time or station cannot be read.
 */
export function newSlotItemFromRow(row: DraftRow, time?: string): NewSlotDraftItem | null {
  if (row.flight_id === null || !row.flight_name || !row.flight_scheduled) return null;
  const scheduled = new Date(row.flight_scheduled);
  if (Number.isNaN(scheduled.getTime())) return null;
  const designator = parseDesignator(row.flight_name);
  if (!designator) return null;
  const flight = `${designator.number}${designator.suffix}`;
  if (flight.length > 5) return null;
  const [origin, destination] = (row.flight_route ?? "").split("-").map((part) => part.trim().toUpperCase());
  const airport = row.is_arrival ? origin : destination;
  if (!airport || !STATION.test(airport)) return null;
  const date = scheduled.toISOString().slice(0, 10);
  return {
    id: newSlotItemId(row),
    flight,
    flightType: row.flight_type && SERVICE_TYPE.test(row.flight_type) ? row.flight_type : "J",
    startDate: toDraftDate(date),
    endDate: toDraftDate(date),
    time: time ?? scheduled.toISOString().slice(11, 16),
    airport,
    frequency: frequencyFromDate(date),
    aircraftType: row.flight_aircraft?.type === "321" ? "321" : "320",
    psxCount: DEFAULT_PASSENGER_COUNT,
    isArrival: row.is_arrival,
    placeholder: false,
  };
}

/** The season a draft takes when it is empty: the first row's. */
const seasonOfRow = (row: DraftRow): string => (isSeasonCode(row.season) ? row.season : seasonCodeForDate(draftItemDate(row)));

export interface DraftAddPlan {
  kind: DraftKind;
  /** The draft's season after the add (null when nothing could be added to an empty draft). */
  season: string | null;
  /** The section to save; null when nothing is added. */
  update: DraftsUpdate | null;
  added: DraftRow[];
  /** Already in this draft: skipped (seed 001 §4.3). */
  duplicates: DraftRow[];
  /** Outside the draft's season: refused (seed 001 §5). */
  outOfSeason: DraftRow[];
  /** In the other slot draft (modify ↔ cancel): refused, a slot is never in both (seed 001 §4.2). */
  inOtherDraft: DraftRow[];
  /** Rows that cannot be described as a draft item (no slot for a change, unreadable flight for an alta). */
  unusable: DraftRow[];
}

export interface DraftAddOptions {
  /**
   * Altas only: request every new slot at this UTC time (`HH:mm`) instead of the flight's own
   * (seed 001 §4.3, the optional time change). The date stays the flight's.
   */
  newSlotTime?: string;
}

/**
 * Plans adding `rows` to the `kind` draft of `drafts`. Rows are considered in order; each is
 * added, or lands in exactly one of the skipped lists.
 */
export function planDraftAdd(kind: DraftKind, rows: readonly DraftRow[], drafts: Drafts, options: DraftAddOptions = {}): DraftAddPlan {
  const section =
    kind === "new" ? drafts.new_slot_data : kind === "modify" ? drafts.modification_data : drafts.cancellation_data;
  const first = rows[0];
  const season = section.season ?? (first ? seasonOfRow(first) : null);
  const bounds = season && isSeasonCode(season) ? seasonBounds(season) : null;
  const plan: DraftAddPlan = {
    kind,
    season,
    update: null,
    added: [],
    duplicates: [],
    outOfSeason: [],
    inOtherDraft: [],
    unusable: [],
  };

  if (kind === "new") {
    const present = new Set(drafts.new_slot_data.list.map((item) => item.id));
    const items: NewSlotDraftItem[] = [];
    for (const row of rows) {
      const item = newSlotItemFromRow(row, options.newSlotTime);
      if (!item) plan.unusable.push(row);
      else if (present.has(item.id)) plan.duplicates.push(row);
      else if (bounds && !isWithinSeason(movementDate(row), bounds)) plan.outOfSeason.push(row);
      else {
        present.add(item.id);
        items.push(item);
        plan.added.push(row);
      }
    }
    if (items.length > 0) {
      plan.update = {
        new_slot_data: { ...drafts.new_slot_data, season, list: [...drafts.new_slot_data.list, ...items] },
      };
    }
    return plan;
  }

  const current = kind === "modify" ? drafts.modification_data.ids : drafts.cancellation_data.ids;
  const other = new Set(kind === "modify" ? drafts.cancellation_data.ids : drafts.modification_data.ids);
  const present = new Set(current);
  const ids: number[] = [];
  for (const row of rows) {
    if (row.slot_id === null) plan.unusable.push(row);
    else if (present.has(row.slot_id)) plan.duplicates.push(row);
    else if (other.has(row.slot_id)) plan.inOtherDraft.push(row);
    else if (bounds && !isWithinSeason(draftItemDate(row), bounds)) plan.outOfSeason.push(row);
    else {
      present.add(row.slot_id);
      ids.push(row.slot_id);
      plan.added.push(row);
    }
  }
  if (ids.length > 0) {
    plan.update =
      kind === "modify"
        ? { modification_data: { ...drafts.modification_data, season, ids: [...current, ...ids] } }
        : { cancellation_data: { ...drafts.cancellation_data, season, ids: [...current, ...ids] } };
  }
  return plan;
}

/** Number of items a draft holds. */
export function draftSize(kind: DraftKind, drafts: Drafts): number {
  if (kind === "new") return drafts.new_slot_data.list.length;
  return kind === "modify" ? drafts.modification_data.ids.length : drafts.cancellation_data.ids.length;
}

/** Which slot draft holds this slot, if any (a slot is never in both, seed 001 §4.2). */
export function slotDraftOf(slotId: number, drafts: Drafts): "modify" | "cancel" | null {
  if (drafts.modification_data.ids.includes(slotId)) return "modify";
  if (drafts.cancellation_data.ids.includes(slotId)) return "cancel";
  return null;
}

/**
 * The section that removes a slot from the modification or cancellation draft (the draft only,
 * never the slot itself: seed 001 §4.2). A draft left empty loses its season.
 */
export function planSlotRemoval(kind: "modify" | "cancel", slotId: number, drafts: Drafts): DraftsUpdate {
  if (kind === "modify") {
    const ids = drafts.modification_data.ids.filter((id) => id !== slotId);
    const empty = ids.length === 0;
    return {
      modification_data: {
        ...drafts.modification_data,
        ids,
        season: empty ? null : drafts.modification_data.season,
        encoded: empty ? [] : drafts.modification_data.encoded,
      },
    };
  }
  const ids = drafts.cancellation_data.ids.filter((id) => id !== slotId);
  return { cancellation_data: { ...drafts.cancellation_data, ids, season: ids.length > 0 ? drafts.cancellation_data.season : null } };
}
