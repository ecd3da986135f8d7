/**
 * A season's calendar of coordination activities (IATA Worldwide Airport Slot Guidelines, WASG;
 * issue 27 item 1), kept per season and editable in Admin → Temporadas. The defaults:
 *
 * - **Historics Baseline Date** (HBD): 31 January of a summer season's year, 31 August of a winter
 *   season's start year. Usage is measured on the series as held on that date.
 * - **Series Return Deadline** (SRD): 15 January / 15 August. A slot handed back on or before it
 *   does not count against the airline.
 * - **Initial Submission Deadline** (IDD): the first Thursday of October of the year before a summer
 *   season, the third Thursday of May of a winter season's year (WASG calendars: S19 4 Oct 2018,
 *   W18 17 May 2018, W19 16 May 2019; the guidelines fix it about five weeks before the Slot
 *   Conference, so each season's published calendar may move it by a week).
 * - **SHL deadline**: 24 days before the IDD, a Monday (S19 10 Sep 2018, W18 23 Apr 2018), when the
 *   coordinator sends the historic slot list; the airlines' Agreed Historics Deadline is 7 days
 *   before the IDD.
 *
 * Dates are `yyyy-MM-dd`, each deadline inclusive. Pure: no I/O.
 */
import { addDays, isoWeekday, isSeasonCode, parseDate, type SeasonCode } from "./seasons";

export type SeasonCalendar = {
  historicsBaselineDate: string;
  seriesReturnDeadline: string;
  initialSubmissionDeadline: string;
  shlDeadline: string;
};

/** The calendar's dates in the order they come within a season's preparation. */
export const CALENDAR_KEYS = ["shlDeadline", "initialSubmissionDeadline", "seriesReturnDeadline", "historicsBaselineDate"] as const;
export type CalendarKey = (typeof CALENDAR_KEYS)[number];

/** Days between the SHL deadline and the Initial Submission Deadline in the WASG calendars. */
export const SHL_DAYS_BEFORE_IDD = 24;

const pad = (value: number) => String(value).padStart(2, "0");

/** The `nth` (1-based) Thursday of a month, `yyyy-MM-dd`. */
function nthThursday(year: number, month: number, nth: number): string {
  const first = `${year}-${pad(month)}-01`;
  const offset = (4 - isoWeekday(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

/** The guidelines' default calendar of season `code` (`S27`, `W26`). Throws RangeError on a bad code. */
export function defaultSeasonCalendar(code: SeasonCode): SeasonCalendar {
  if (!isSeasonCode(code)) throw new RangeError(`Invalid season code: ${code}`);
  const year = 2000 + Number(code.slice(1));
  const summer = code.startsWith("S");
  const month = summer ? "01" : "08";
  const initialSubmissionDeadline = summer ? nthThursday(year - 1, 10, 1) : nthThursday(year, 5, 3);
  return {
    historicsBaselineDate: `${year}-${month}-31`,
    seriesReturnDeadline: `${year}-${month}-15`,
    initialSubmissionDeadline,
    shlDeadline: addDays(initialSubmissionDeadline, -SHL_DAYS_BEFORE_IDD),
  };
}

/** Whole days from `today` to `date` (both `yyyy-MM-dd`): 0 on the day itself, negative once past. */
export function daysUntil(date: string, today: string): number {
  const a = parseDate(date);
  const b = parseDate(today);
  if (!a || !b) throw new RangeError(`Invalid date: ${date} / ${today}`);
  return Math.round((Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / 86_400_000);
}

/** The calendar's next date on or after `today`, with the days left; null when every one has passed. */
export function nextCalendarDate(calendar: SeasonCalendar, today: string): { key: CalendarKey; date: string; days: number } | null {
  const ahead = CALENDAR_KEYS.map((key) => ({ key, date: calendar[key], days: daysUntil(calendar[key], today) }))
    .filter((entry) => entry.days >= 0)
    .sort((x, y) => x.days - y.days);
  return ahead[0] ?? null;
}
