/**
 * The timeline's geometry (seed 001 §2.2, 'AIMS view'): pure functions from instants to pixels.
 *
 * The x axis is UTC hours: one column per hour, as wide as a flight chip (96 px), so a chip sits
 * exactly in its hour's column. The shown range runs from the stored start day to the end day
 * plus 28 hours, shifted back 6 hours: the header starts at 18:00 of the day before the start.
 * Days are days of the zone the user reads in (DESIGN.md §6), so with LOCAL the header starts at
 * 18:00 Mexico City time; the CDMX row reads every hour through the IANA database (zones.ts),
 * never as a fixed shift, so a date before October 2022 (summer time) reads UTC−5. Issue 37: the
 * local row is the chosen airport's zone (`localZone`; Mexico City at MEX).
 *
 * Rows and columns are virtualised: `visibleColumns` and `visibleRows` say which ones the
 * viewport shows (plus an overscan), so 28 days × every aircraft renders only what is on screen.
 */
import { addDays } from "../seasons";
import type { DateRange } from "../dateRange";
import { type DayZone, type IanaZone, LOCAL_ZONE, startOfDayMs, UTC_ZONE, zonedDateTime } from "../zones";

export const HOUR_MS = 3_600_000;
/** Flight chip width (seed 001 §2.2) and so one hour column's width. */
export const HOUR_WIDTH = 96;
/** Height of one lane of chips in an aircraft's row. */
export const LANE_HEIGHT = 30;
/** The header starts this many hours before 00:00 of the start day (18:00 of the previous day). */
export const LEAD_HOURS = 6;
/** The range runs to 00:00 of the end day plus these hours. */
export const TAIL_HOURS = 28;
/** The widest window the timeline shows (the dashboard's presets stay within it). */
export const MAX_WINDOW_DAYS = 28;
/** How often the 'AHORA' marker moves. */
export const NOW_REFRESH_MS = 5 * 60_000;
/** Debounce of the reload on window resize. */
export const RESIZE_DEBOUNCE_MS = 75;

export interface TimelineWindow {
  /** The days shown: the stored range, cut to its first 28 days. */
  range: DateRange;
  /** True when the stored range was longer than 28 days and was cut. */
  clamped: boolean;
  /** Epoch ms of the first column's start (18:00 of the day before the start, in the zone). */
  startMs: number;
  /** Epoch ms of the last column's end (00:00 of the end day + 28 h, in the zone). */
  endMs: number;
  /** Number of hour columns. */
  hours: number;
  /** Total width in px. */
  width: number;
  /** The zone of the header's local row: the airport's. */
  localZone: IanaZone;
}

/** The window of a stored range read in `zone`, its local row in the airport's `localZone`. */
export function timelineWindow(range: DateRange, zone: DayZone, localZone: IanaZone = LOCAL_ZONE): TimelineWindow {
  const lastAllowed = addDays(range.start, MAX_WINDOW_DAYS - 1);
  const clamped = range.end > lastAllowed;
  const shown: DateRange = clamped ? { start: range.start, end: lastAllowed } : range;
  const startMs = startOfDayMs(shown.start, zone) - LEAD_HOURS * HOUR_MS;
  const endMs = startOfDayMs(shown.end, zone) + TAIL_HOURS * HOUR_MS;
  const hours = Math.ceil((endMs - startMs) / HOUR_MS);
  return { range: shown, clamped, startMs, endMs, hours, width: hours * HOUR_WIDTH, localZone };
}

/** The days the turnover must be asked for so every instant of the window is answered. */
export function fetchRange(window: TimelineWindow): DateRange {
  return { start: addDays(window.range.start, -1), end: addDays(window.range.end, 2) };
}

/** The column of an instant, or null outside the window. */
export function columnOf(ms: number, window: TimelineWindow): number | null {
  if (ms < window.startMs || ms >= window.endMs) return null;
  return Math.floor((ms - window.startMs) / HOUR_MS);
}

/** Left edge (px) of the hour column holding an instant, or null outside the window. */
export function hourX(ms: number, window: TimelineWindow): number | null {
  const column = columnOf(ms, window);
  return column === null ? null : column * HOUR_WIDTH;
}

export interface HourCell {
  column: number;
  x: number;
  /** Epoch ms of the hour's start. */
  ms: number;
  /** Hour of day in UTC, 0–23. */
  utcHour: number;
  /** Hour of day in the local row's zone (Mexico City, America/Mexico_City, at MEX), 0–23. */
  cdmxHour: number;
}

const hourIn = (ms: number, zone: DayZone): number => Number(zonedDateTime(ms, zone).time.slice(0, 2));

/** Header cells of columns first..last (inclusive, clipped to the window). */
export function hourCells(window: TimelineWindow, first = 0, last = window.hours - 1): HourCell[] {
  const cells: HourCell[] = [];
  for (let column = Math.max(0, first); column <= Math.min(last, window.hours - 1); column++) {
    const ms = window.startMs + column * HOUR_MS;
    cells.push({ column, x: column * HOUR_WIDTH, ms, utcHour: hourIn(ms, UTC_ZONE), cdmxHour: hourIn(ms, window.localZone) });
  }
  return cells;
}

export interface DayChip {
  /** The header row: UTC or the local row's zone (CDMX at MEX). */
  zone: DayZone;
  column: number;
  x: number;
  /** Calendar day `yyyy-MM-dd` starting at this column in that zone. */
  day: string;
  /** As shown: `dd/MM/yyyy`. */
  label: string;
}

/** Day chips at hour 0 of each zone's row, for columns first..last. */
export function dayChips(window: TimelineWindow, first = 0, last = window.hours - 1): DayChip[] {
  const chips: DayChip[] = [];
  for (const cell of hourCells(window, first, last)) {
    for (const zone of [UTC_ZONE, window.localZone]) {
      if ((zone === UTC_ZONE ? cell.utcHour : cell.cdmxHour) !== 0) continue;
      const read = zonedDateTime(cell.ms, zone);
      chips.push({ zone, column: cell.column, x: cell.x, day: read.day, label: read.date });
    }
  }
  return chips;
}

/** The 'AHORA' marker's x (px, to the minute), or null when now is outside the window. */
export function nowX(nowMs: number, window: TimelineWindow): number | null {
  if (nowMs < window.startMs || nowMs >= window.endMs) return null;
  return ((nowMs - window.startMs) / HOUR_MS) * HOUR_WIDTH;
}

/** Inclusive index span; empty when last < first. */
export interface Span {
  first: number;
  last: number;
}

/** Columns a viewport of `width` px scrolled `scrollLeft` px shows, plus `overscan` either side. */
export function visibleColumns(scrollLeft: number, width: number, window: TimelineWindow, overscan = 2): Span {
  if (window.hours === 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(scrollLeft / HOUR_WIDTH) - overscan);
  const last = Math.min(window.hours - 1, Math.ceil((scrollLeft + width) / HOUR_WIDTH) + overscan);
  return { first, last };
}

/** First index whose value is > target in a sorted array (binary search). */
function upperBound(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] ?? 0) <= target) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Rows a viewport of `height` px scrolled `scrollTop` px shows, plus `overscan` either side.
 * `tops` holds each row's top and one more entry, the total height (rows have 1+ lanes).
 */
export function visibleRows(scrollTop: number, height: number, tops: readonly number[], overscan = 3): Span {
  const count = tops.length - 1;
  if (count <= 0) return { first: 0, last: -1 };
  const first = Math.max(0, upperBound(tops, scrollTop) - 1 - overscan);
  const last = Math.min(count - 1, upperBound(tops, scrollTop + height) - 1 + overscan);
  return { first, last };
}
