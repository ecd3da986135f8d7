/**
 * Smaller turnover rules (seed 001 §3, §4.3, §5, §9): the 12-hour modification cutoff, the
 * draft's season, the frequency of a date, the time to justify and the delay-cause characters.
 */
import { slotEpochMinutes } from "../matching/differences";
import { isCalendarDate, isoWeekday } from "../seasons";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Modifications are refused when the slot is less than this many hours ahead (seed 001 §4.3, §9). */
export const MODIFICATION_CUTOFF_HOURS = 12;

/** Slot statuses no request can be drafted for: leftover, cancelled leftover, cancelled, in process (seed 001 §2.1). */
export const NOT_DRAFTABLE_SLOT_STATUSES: readonly string[] = ["S", "C", "CAN", "WIP"];

/** Justification threshold: only a real difference beyond ±15 minutes needs delay codes (seed 001 §5, §9). */
export const JUSTIFICATION_THRESHOLD_MINUTES = 15;

/** At most four delay entries per match (seed 001 §3, §9). */
export const MAX_DELAYS = 4;

/** Delay minutes the contract accepts (DelayEntry.minutes). */
export const MAX_DELAY_MINUTES = 1440;

/** Longest delay cause the contract accepts (DelayEntry.cause). */
export const DELAY_CAUSE_MAX_LENGTH = 256;

/** Frequency of an entry whose weekday cannot be derived (seed 001 §3, §9). */
export const DEFAULT_FREQUENCY = 7;

/** Passenger count of a new-slot entry made from a flight (seed 001 §3, §9). */
export const DEFAULT_PASSENGER_COUNT = 180;

/** Epoch milliseconds of a slot's UTC date and `HH:mm` time. Throws RangeError on bad input. */
export const slotInstantMs = (date: string, time: string): number => slotEpochMinutes(date, time) * MINUTE_MS;

/**
 * True when a modification of this slot is refused: the slot time is less than 12 hours after
 * `now` (or already past). A slot without date or time cannot be checked and is refused too.
 */
export function isPastModificationCutoff(slotDate: string | null, slotTime: string | null, now: Date): boolean {
  if (slotDate === null || slotTime === null) return true;
  let slotMs: number;
  try {
    slotMs = slotInstantMs(slotDate, slotTime);
  } catch {
    return true;
  }
  return slotMs - now.getTime() < MODIFICATION_CUTOFF_HOURS * HOUR_MS;
}

/** A season's bounds as the drafts keep them (`yyyy-MM-dd`, both inclusive). */
export type SeasonDates = { name: string; start_date: string; end_date: string };

/** True when a draft item's date lies within the draft's season, bounds included (seed 001 §4.2, §5). */
export const isWithinSeason = (date: string, season: SeasonDates): boolean =>
  date >= season.start_date && date <= season.end_date;

/** ISO weekday (1 Monday … 7 Sunday) of a `yyyy-MM-dd` date, 7 when it cannot be derived (seed 001 §5). */
export function frequencyFromDate(date: string | null | undefined): number {
  if (!isCalendarDate(date)) return DEFAULT_FREQUENCY;
  return isoWeekday(date);
}

/**
 * Minutes still to justify: |real difference| − Σ delay minutes, counted only when the absolute
 * real difference exceeds 15 (otherwise 0). Null when there is no real difference. Blank or
 * non-numeric delay minutes count as 0. Never negative: when the delays add up to more than the
 * difference the result is 0 (see `delaysExceedDifference` for the warning).
 */
export function timeToJustify(realDifference: number | null, delayMinutes: readonly (number | null)[]): number | null {
  if (realDifference === null) return null;
  const absolute = Math.abs(realDifference);
  if (absolute <= JUSTIFICATION_THRESHOLD_MINUTES) return 0;
  return Math.max(0, absolute - delayMinutesTotal(delayMinutes));
}

/**
 * Whether the delay minutes entered add up to more than the |real difference|: minutes that
 * cannot be, to be warned about. False without a real difference. Blank or non-numeric delay
 * minutes count as 0.
 */
export function delaysExceedDifference(realDifference: number | null, delayMinutes: readonly (number | null)[]): boolean {
  if (realDifference === null) return false;
  return delayMinutesTotal(delayMinutes) > Math.abs(realDifference);
}

function delayMinutesTotal(delayMinutes: readonly (number | null)[]): number {
  return delayMinutes.reduce<number>(
    (sum, minutes) => sum + (minutes !== null && Number.isFinite(minutes) ? minutes : 0),
    0,
  );
}

/**
 * Characters a delay cause may hold (seed 001 §5): letters (accented Spanish ones included),
 * digits, underscore, hyphen, period, comma, semicolon, colon, parentheses, brackets, ¡ ! ¿ ?,
 * quotes, percent, slash, equals, plus, asterisk and space. The same set as the contract's
 * DelayEntry.cause pattern, so what the field keeps the server accepts.
 */
const DELAY_CAUSE_CHARACTER = /[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ_.,;:()[\]¡!¿?"'%/=+* -]/;

/** The delay cause with every character outside the allowed set dropped, cut to the contract's length. */
export function filterDelayCause(text: string): string {
  let kept = "";
  for (const character of text) {
    if (DELAY_CAUSE_CHARACTER.test(character)) kept += character;
  }
  return kept.slice(0, DELAY_CAUSE_MAX_LENGTH);
}

/** Delay minutes as typed: digits only (other input is ignored), at most four of them. */
export const filterDelayMinutes = (text: string): string => text.replace(/[^0-9]/g, "").slice(0, 4);

/** The minutes of a typed value, or null when blank. */
export function parseDelayMinutes(text: string): number | null {
  const digits = filterDelayMinutes(text);
  return digits === "" ? null : Number(digits);
}

/** What is wrong with a requested slot time typed as `HH:mm` (UTC), or null when it is fine. */
export type RequestTimeProblem = "empty" | "invalid" | "not_multiple_of_5";

/**
 * The optional time of bulk-added Altas (seed 001 §4.3): required once the change is chosen, a
 * real hour, and — as every request line's time (seed 000 §5.1) — a multiple of 5 minutes.
 */
export function requestTimeProblem(value: string): RequestTimeProblem | null {
  const text = value.trim();
  if (text === "") return "empty";
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return "invalid";
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return "invalid";
  return minute % 5 === 0 ? null : "not_multiple_of_5";
}
