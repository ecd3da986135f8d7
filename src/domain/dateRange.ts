import {
  addDays,
  DEFAULT_TIME_ZONE,
  daysInMonth,
  isCalendarDate,
  isoWeekday,
  parseDate,
  previousSeasonCode,
  seasonBounds,
  seasonCodeForDate,
  todayInZone,
} from "./seasons";
import { type DayZone, type IanaZone, startOfDayMs, zonedDateTime } from "./zones";

/**
 * Date-range presets of the top bar.
 *
 * Spec: "A preset list, previous-day and next-day arrows, and a range picker in the format 'MMM dd, yyyy'
 * with locale es-MX. The picker inputs are read-only. It is shown only for the dashboard, table and report
 * views. Presets: Semana P., Ayer, Hoy, Esta semana, Este mes, Temporada, Próximas 24h, 48h and 72h. The
 * dashboard omits Este mes and Temporada. 'Temp. Pasada', 'Mes pasado' and 'Personalizado' are also
 * handled. 'Temporada' is a range of 6 months ahead. 'Temp. Pasada' is 6 months back.
 * [Slotdesk: a slot team's season is the IATA season, so 'Temporada' is the season holding today
 * (W26 = 25/10/2026–27/03/2027) and 'Temp. Pasada' the one before it — issue 36 item 3.] The next-hours
 * presets add 1, 2 or 3 days. 'Personalizado' appears after the arrows are used or after a custom range is
 * picked. A preset change stores the date range under 'range' (two dates). The report date range is taken
 * from the stored range, from start of day to end of day (end 23:59:59.999 UTC). Without a stored range,
 * the current moment is used. One day counts as 86,400,000 ms."
 *
 * The days of a range are days of the zone the user is looking in (DESIGN.md §6), not UTC days as
 * the seed's report range says: `rangeInstants` is the one translation of (days, zone) into the UTC
 * instants [start, end) that every view, request and download uses.
 */

/** Every preset, `custom` last; the union type `RangePreset` is built from this list. */
export const RANGE_PRESETS = [
  "last_week",
  "yesterday",
  "today",
  "this_week",
  "this_month",
  "last_month",
  "season",
  "last_season",
  "next_24h",
  "next_48h",
  "next_72h",
  "custom",
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Calendar dates `yyyy-MM-dd`, start <= end, both inclusive. */
export type DateRange = { start: string; end: string };

/** Two ISO 8601 UTC instants, `start` inclusive and `end` exclusive. */
export type InstantRange = { start: string; end: string };

export type RangeView = "dashboard" | "table" | "report";

/** One day counts as 86,400,000 ms. */
export const DAY_MS = 86_400_000;


/** Presets with a rule, in menu order (every preset but `custom`). */
const ALL_PRESETS: readonly RangePreset[] = RANGE_PRESETS.filter((preset) => preset !== "custom");

/** Presets the dashboard leaves out: its window is at most 28 days. */
const DASHBOARD_EXCLUDED: ReadonlySet<RangePreset> = new Set<RangePreset>([
  "this_month",
  "last_month",
  "season",
  "last_season",
]);

export function isRangePreset(value: unknown): value is RangePreset {
  return typeof value === "string" && RANGE_PRESETS.some((preset) => preset === value);
}

/** Presets of a view's menu, in menu order. `custom` is never listed (the bar shows it only while active). */
export function presetsForView(view: RangeView): RangePreset[] {
  if (view === "dashboard") return ALL_PRESETS.filter((preset) => !DASHBOARD_EXCLUDED.has(preset));
  return [...ALL_PRESETS];
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

function requireDate(date: string): { year: number; month: number; day: number } {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Invalid calendar date: ${date}`);
  return parsed;
}

/** Adds calendar months, clamping the day to the target month's end (Aug 31 + 6 months = Feb 28/29). */
export function addMonthsClamped(date: string, months: number): string {
  const { year, month, day } = requireDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, "0")}-${pad2(targetMonth)}-${pad2(targetDay)}`;
}

function monthRange(date: string): DateRange {
  const { year, month } = requireDate(date);
  const prefix = `${String(year).padStart(4, "0")}-${pad2(month)}`;
  return { start: `${prefix}-01`, end: `${prefix}-${pad2(daysInMonth(year, month))}` };
}

function weekRange(date: string): DateRange {
  const monday = addDays(date, 1 - isoWeekday(date));
  return { start: monday, end: addDays(monday, 6) };
}

/**
 * The range of a preset at instant `now`; "today" is the calendar date in `timeZone` (Mexico City by
 * default). Weeks run Monday..Sunday. Throws for `custom`, which has no rule.
 */
export function rangeForPreset(preset: RangePreset, now: Date, timeZone: string = DEFAULT_TIME_ZONE): DateRange {
  const today = todayInZone(now, timeZone);
  switch (preset) {
    case "today":
      return { start: today, end: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { start: yesterday, end: yesterday };
    }
    case "this_week":
      return weekRange(today);
    case "last_week":
      return weekRange(addDays(today, -7));
    case "this_month":
      return monthRange(today);
    case "last_month":
      return monthRange(addMonthsClamped(today, -1));
    case "season": {
      const season = seasonBounds(seasonCodeForDate(today));
      return { start: season.start_date, end: season.end_date };
    }
    case "last_season": {
      const season = seasonBounds(previousSeasonCode(seasonCodeForDate(today)));
      return { start: season.start_date, end: season.end_date };
    }
    case "next_24h":
      return { start: today, end: addDays(today, 1) };
    case "next_48h":
      return { start: today, end: addDays(today, 2) };
    case "next_72h":
      return { start: today, end: addDays(today, 3) };
    case "custom":
      throw new RangeError("The 'custom' preset has no rule: its range is picked by the user");
  }
}

/** Moves both ends of a range by `days` calendar days (the bar's arrows). */
export function shiftRange(range: DateRange, days: number): DateRange {
  return { start: addDays(range.start, days), end: addDays(range.end, days) };
}

/** The range with a new start; when the start passes the end, the end moves to the start. */
export function withStart(range: DateRange, start: string): DateRange {
  if (start > range.end) return { start, end: start };
  return { start, end: range.end };
}

/** The range with a new end; when the end comes before the start, the start moves to the end. */
export function withEnd(range: DateRange, end: string): DateRange {
  if (end < range.start) return { start: end, end };
  return { start: range.start, end };
}

/** True for `{ start, end }` with two real `yyyy-MM-dd` dates and start <= end. */
export function isValidRange(value: unknown): value is DateRange {
  if (typeof value !== "object" || value === null) return false;
  if (!("start" in value) || !("end" in value)) return false;
  const { start, end } = value;
  return isCalendarDate(start) && isCalendarDate(end) && start <= end;
}

/**
 * The UTC instants of a range of whole days read in `zone`: from 00:00 of the first day
 * (inclusive) to 00:00 of the day after the last (exclusive). With LOCAL, 2026-11-22..2026-11-22
 * is 2026-11-22T06:00:00.000Z..2026-11-23T06:00:00.000Z; with UTC, 2026-11-22T00:00:00.000Z..
 * 2026-11-23T00:00:00.000Z. Throws RangeError on an invalid range.
 */
export function rangeInstants(range: DateRange, zone: IanaZone): InstantRange {
  if (!isValidRange(range)) throw new RangeError(`Invalid date range: ${JSON.stringify(range)}`);
  return {
    start: new Date(startOfDayMs(range.start, zone)).toISOString(),
    end: new Date(startOfDayMs(addDays(range.end, 1), zone)).toISOString(),
  };
}

/**
 * The first and last UTC calendar dates that instants [start, end) touch: what a table keyed by
 * UTC date must read to cover them (a LOCAL day touches two UTC dates).
 */
export function utcDatesOf(instants: InstantRange): DateRange {
  const start = Date.parse(instants.start);
  const end = Date.parse(instants.end);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) {
    throw new RangeError(`Invalid instant range: ${JSON.stringify(instants)}`);
  }
  return { start: zonedDateTime(start, "UTC").day, end: zonedDateTime(end - 1, "UTC").day };
}

/**
 * The report's instant range: the stored range's days in `zone` (see `rangeInstants`); without a
 * stored range, the day of `now` in `zone`. The seed's "end 23:59:59.999 UTC" becomes the
 * exclusive 00:00 of the next day in the zone: the same milliseconds when the zone is UTC.
 */
export function reportRange(stored: DateRange | null, now: Date, zone: DayZone): InstantRange {
  const today = zonedDateTime(now.getTime(), zone).day;
  return rangeInstants(stored ?? { start: today, end: today }, zone);
}

/** `yyyy-MM-dd` → `dd/MM/yyyy` (es-MX) without going through a time zone (a plain calendar date). */
export const formatDate = (date: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
};
