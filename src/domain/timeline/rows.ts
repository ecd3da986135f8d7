/**
 * The timeline's content (seed 001 §2.2): one row per aircraft registration with one chip per
 * match at its UTC hour, and the hourly load (issue 15 item 2).
 *
 * A leftover slot has no flight and so no registration: those chips get a row of their own,
 * 'Slots sobrantes', after the aircraft; a flight AIMS sent without registration goes to
 * 'Sin matrícula'. Two chips in the same hour of one row stack in lanes.
 */
import type { components } from "../../generated/openapi";
import { instantMs, slotMs } from "../turnover/time";
import { columnOf, HOUR_MS, HOUR_WIDTH, LANE_HEIGHT, type TimelineWindow } from "./geometry";

type TurnoverRow = components["schemas"]["TurnoverRow"];

/** What a chip needs of a turnover row. */
export type TimelineSource = Pick<
  TurnoverRow,
  | "id"
  | "is_arrival"
  | "general_status"
  | "flight_id"
  | "slot_id"
  | "flight_name"
  | "flight_route"
  | "flight_scheduled"
  | "flight_real"
  | "flight_register"
  | "flight_cancellation"
  | "slot_name"
  | "slot_route"
  | "slot_date"
  | "slot_time"
>;

/** Which label the chip carries: a pair, a leftover slot, or a flight without slot. */
export type ChipKind = "match" | "leftover" | "no_slot";

export interface TimelineChip<T extends TimelineSource = TimelineSource> {
  row: T;
  kind: ChipKind;
  column: number;
  x: number;
  lane: number;
  /** Epoch ms the chip is placed by: the flight's scheduled time, else the slot's. */
  ms: number;
}

/** The two rows that are not an aircraft. */
export type SpecialRow = "leftover" | "no_register";

export interface TimelineRowLayout<T extends TimelineSource = TimelineSource> {
  /** The registration, or a special row. */
  key: string;
  special: SpecialRow | null;
  /** Chips sorted by column then lane. */
  chips: TimelineChip<T>[];
  /** Each chip's column, in the same order (for binary search). */
  columns: number[];
  lanes: number;
  top: number;
  height: number;
}

export interface TimelineLayout<T extends TimelineSource = TimelineSource> {
  rows: TimelineRowLayout<T>[];
  /** Each row's top, then the total height. */
  tops: number[];
  height: number;
  chipCount: number;
}

export const chipKind = (row: TimelineSource): ChipKind =>
  row.flight_id === null ? "leftover" : row.slot_id === null ? "no_slot" : "match";

/** The instant a chip is drawn at: the flight's scheduled movement at MEX, else the slot's time. */
export const chipMs = (row: TimelineSource): number | null =>
  instantMs(row.flight_scheduled) ?? slotMs(row.slot_date, row.slot_time);

const rowKey = (row: TimelineSource): { key: string; special: SpecialRow | null } => {
  if (row.flight_id === null) return { key: "leftover", special: "leftover" };
  if (!row.flight_register) return { key: "no_register", special: "no_register" };
  return { key: row.flight_register, special: null };
};

const SPECIAL_ORDER: Record<SpecialRow, number> = { no_register: 1, leftover: 2 };

/** Rows sorted by registration, then 'Sin matrícula', then 'Slots sobrantes'; chips outside the window are left out. */
export function layoutTimeline<T extends TimelineSource>(rows: readonly T[], window: TimelineWindow): TimelineLayout<T> {
  const groups = new Map<string, { special: SpecialRow | null; chips: Omit<TimelineChip<T>, "lane">[] }>();
  for (const row of rows) {
    const ms = chipMs(row);
    if (ms === null) continue;
    const column = columnOf(ms, window);
    if (column === null) continue;
    const { key, special } = rowKey(row);
    let group = groups.get(key);
    if (!group) {
      group = { special, chips: [] };
      groups.set(key, group);
    }
    group.chips.push({ row, kind: chipKind(row), column, x: column * HOUR_WIDTH, ms });
  }
  const keys = [...groups.keys()].sort((a, b) => {
    const specialA = groups.get(a)?.special;
    const specialB = groups.get(b)?.special;
    const orderA = specialA ? SPECIAL_ORDER[specialA] : 0;
    const orderB = specialB ? SPECIAL_ORDER[specialB] : 0;
    return orderA - orderB || a.localeCompare(b, "es-MX");
  });
  const layoutRows: TimelineRowLayout<T>[] = [];
  const tops: number[] = [];
  let top = 0;
  let chipCount = 0;
  for (const key of keys) {
    const group = groups.get(key);
    if (!group) continue;
    const sorted = [...group.chips].sort((a, b) => a.ms - b.ms || a.row.id - b.row.id);
    const chips: TimelineChip<T>[] = [];
    let lanes = 1;
    for (const chip of sorted) {
      // Chips are one column wide: only chips of the same hour collide, and stack in lanes.
      const previous = chips[chips.length - 1];
      const lane = previous && previous.column === chip.column ? previous.lane + 1 : 0;
      lanes = Math.max(lanes, lane + 1);
      chips.push({ ...chip, lane });
    }
    const height = lanes * LANE_HEIGHT + 4;
    tops.push(top);
    layoutRows.push({ key, special: group.special, chips, columns: chips.map((chip) => chip.column), lanes, top, height });
    top += height;
    chipCount += chips.length;
  }
  tops.push(top);
  return { rows: layoutRows, tops, height: top, chipCount };
}

/** Index of the first entry >= target in a sorted array. */
function lowerBound(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] ?? 0) < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The chips of a row within columns first..last, found by binary search (no scan of the row). */
export function chipsInColumns<T extends TimelineSource>(row: TimelineRowLayout<T>, first: number, last: number): TimelineChip<T>[] {
  const from = lowerBound(row.columns, first);
  const to = lowerBound(row.columns, last + 1);
  return row.chips.slice(from, to);
}

export interface HourLoad {
  column: number;
  /** Epoch ms of the hour's start. */
  ms: number;
  /** The airline's slots in this hour (slot time). */
  slots: number;
  /** Its movements in this hour: actual time once flown, scheduled (planned) before; cancelled flights left out. */
  movements: number;
  /** True when movements differ from slots: the hour where the airline is off its slots. */
  off: boolean;
}

/** Slots and movements per hour column of the window. */
export function hourlyLoad(rows: readonly TimelineSource[], window: TimelineWindow): HourLoad[] {
  const slots = new Array<number>(window.hours).fill(0);
  const movements = new Array<number>(window.hours).fill(0);
  for (const row of rows) {
    const slot = slotMs(row.slot_date, row.slot_time);
    const slotColumn = slot === null ? null : columnOf(slot, window);
    if (slotColumn !== null) slots[slotColumn] = (slots[slotColumn] ?? 0) + 1;
    if (row.flight_id === null || row.flight_cancellation !== null) continue;
    const moved = instantMs(row.flight_real) ?? instantMs(row.flight_scheduled);
    const movedColumn = moved === null ? null : columnOf(moved, window);
    if (movedColumn !== null) movements[movedColumn] = (movements[movedColumn] ?? 0) + 1;
  }
  return slots.map((count, column) => {
    const moved = movements[column] ?? 0;
    return { column, ms: window.startMs + column * HOUR_MS, slots: count, movements: moved, off: moved !== count };
  });
}
