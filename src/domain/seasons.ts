import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * IATA scheduling seasons over calendar-date strings (`yyyy-MM-dd`).
 *
 * - Summer `Syy` starts on the last Sunday of March of 20yy and ends the day before the winter start of 20yy.
 * - Winter `Wyy` starts on the last Sunday of October of 20yy and ends the day before the last Sunday of
 *   March of 20yy+1.
 *
 * All arithmetic is done on UTC midnights (Date.UTC) so the process time zone never matters.
 */

export type SeasonCode = string;

export type SeasonBounds = {
  /** The season code, e.g. `W26`. */
  name: SeasonCode;
  /** First day of the season, `yyyy-MM-dd`. */
  start_date: string;
  /** Last day of the season (inclusive), `yyyy-MM-dd`. */
  end_date: string;
};

export const DEFAULT_TIME_ZONE = "America/Mexico_City";

const SEASON_CODE_PATTERN = /^[SW][0-9]{2}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DDMMM_PATTERN = /^(\d{2})([A-Za-z]{3})$/;
const DAY_MS = 86_400_000;
const MONTHS: readonly string[] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

export type Ymd = { year: number; month: number; day: number };

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days of a month (`month` 1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, "0");
}

function formatYmd({ year, month, day }: Ymd): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Parses a strict `yyyy-MM-dd` calendar date; null when the text is not a real date. */
export function parseDate(date: string): Ymd | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True when `date` is a real calendar date written as `yyyy-MM-dd`. */
export function isCalendarDate(date: unknown): date is string {
  return typeof date === "string" && parseDate(date) !== null;
}

function requireDate(date: string): Ymd {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Invalid calendar date: ${date}`);
  return parsed;
}

function toEpochDay({ year, month, day }: Ymd): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromEpochDay(epochDay: number): Ymd {
  const d = new Date(epochDay * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Adds (or subtracts) whole calendar days to a `yyyy-MM-dd` date. */
export function addDays(date: string, days: number): string {
  return formatYmd(fromEpochDay(toEpochDay(requireDate(date)) + days));
}

/** ISO weekday of a `yyyy-MM-dd` date: 1 = Monday … 7 = Sunday (as SSIM day numbers). */
export function isoWeekday(date: string): number {
  const weekday = new Date(toEpochDay(requireDate(date)) * DAY_MS).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Last Sunday of a month (`month` 1..12), as `yyyy-MM-dd`. */
function lastSundayOf(year: number, month: number): string {
  const lastDay = daysInMonth(year, month);
  const weekday = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay(); // 0 = Sunday
  return formatYmd({ year, month, day: lastDay - weekday });
}

function summerStart(year: number): string {
  return lastSundayOf(year, 3);
}

function winterStart(year: number): string {
  return lastSundayOf(year, 10);
}

export function isSeasonCode(code: unknown): code is SeasonCode {
  return typeof code === "string" && SEASON_CODE_PATTERN.test(code);
}

type ParsedSeason = { kind: "S" | "W"; year: number };

function parseSeason(code: string): ParsedSeason {
  if (!isSeasonCode(code)) throw new RangeError(`Invalid season code: ${code}`);
  return { kind: code[0] === "S" ? "S" : "W", year: 2000 + Number(code.slice(1)) };
}

function seasonCode(kind: "S" | "W", year: number): SeasonCode {
  if (year < 2000 || year > 2099) throw new RangeError(`Season year out of range (2000–2099): ${year}`);
  return `${kind}${pad(year - 2000, 2)}`;
}

/** Start and end dates (inclusive) of a season. Throws RangeError on a bad code. */
export function seasonBounds(code: SeasonCode): SeasonBounds {
  const { kind, year } = parseSeason(code);
  if (kind === "S") {
    return { name: code, start_date: summerStart(year), end_date: addDays(winterStart(year), -1) };
  }
  return { name: code, start_date: winterStart(year), end_date: addDays(summerStart(year + 1), -1) };
}

/**
 * The season that contains `date`. Throws RangeError on an invalid date or a date whose season
 * cannot be written with a two-digit year (before S00).
 */
export function seasonCodeForDate(date: string): SeasonCode {
  const { year } = requireDate(date);
  if (date >= winterStart(year)) return seasonCode("W", year);
  if (date >= summerStart(year)) return seasonCode("S", year);
  return seasonCode("W", year - 1);
}

/** The season before `code` (S26 → W25, W26 → S26). */
export function previousSeasonCode(code: SeasonCode): SeasonCode {
  const { kind, year } = parseSeason(code);
  return kind === "W" ? seasonCode("S", year) : seasonCode("W", year - 1);
}

/** The season after `code` (W26 → S27, S27 → W27). */
export function nextSeasonCode(code: SeasonCode): SeasonCode {
  const { kind, year } = parseSeason(code);
  return kind === "S" ? seasonCode("W", year) : seasonCode("S", year + 1);
}

/** Bounds of the previous, current and next season around `date`. */
export function seasonsAround(date: string): [SeasonBounds, SeasonBounds, SeasonBounds] {
  const current = seasonCodeForDate(date);
  return [seasonBounds(previousSeasonCode(current)), seasonBounds(current), seasonBounds(nextSeasonCode(current))];
}

/** True when `date` lies within the bounds (inclusive) of season `code`. */
export function isDateInSeason(date: string, code: SeasonCode): boolean {
  requireDate(date);
  const { start_date, end_date } = seasonBounds(code);
  return date >= start_date && date <= end_date;
}

/**
 * Resolves a `DDMMM` date (e.g. `05DEC`, `12jan`) within a season. In a winter season JAN–JUN belong
 * to the year after the start year and JUL–DEC to the start year; in a summer season every month
 * belongs to the start year. Returns null for text that is not a real day (31FEB, 00JAN, 29FEB in a
 * non-leap year…). Throws RangeError on a bad season code.
 */
export function resolveSeasonDate(ddmmm: string, code: SeasonCode): { date: string; inSeason: boolean } | null {
  const { kind, year: startYear } = parseSeason(code);
  const match = DDMMM_PATTERN.exec(ddmmm.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const monthIndex = MONTHS.indexOf(match[2]?.toUpperCase() ?? "");
  if (monthIndex < 0) return null;
  const month = monthIndex + 1;
  const year = kind === "W" && month <= 6 ? startYear + 1 : startYear;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const date = formatYmd({ year, month, day });
  return { date, inSeason: isDateInSeason(date, code) };
}

/** The local calendar date (`yyyy-MM-dd`) of instant `now` in `timeZone` (Mexico City by default). */
export function todayInZone(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}
