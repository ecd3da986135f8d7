/**
 * Time differences between flights and slots, their classes, and designator normalisation.
 *
 * Differences are whole minutes between full UTC instants (date + time), never between clock
 * times: a slot at 23:55 and a flight at 00:05 of the next UTC day differ by +10, not −1430.
 */
import { parseDate } from "../seasons";
import type { DifferenceClass } from "./types";

/** On-slot tolerance (SCR.md: on-slot means within ±15 minutes of the slot time). */
export const ON_SLOT_TOLERANCE_MINUTES = 15;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;
const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Minutes since the epoch of a slot's UTC date and `HH:MM` time. Throws RangeError on bad input. */
export function slotEpochMinutes(date: string, time: string): number {
  const ymd = parseDate(date);
  if (!ymd) throw new RangeError(`Invalid slot date: ${date}`);
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Invalid slot time (HH:MM UTC expected): ${time}`);
  const dayMinutes = Date.UTC(ymd.year, ymd.month - 1, ymd.day) / MINUTE_MS;
  return dayMinutes + Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Epoch milliseconds of an ISO instant. The zone designator is required: a bare local date-time
 * would be read in the process time zone, which the domain must never depend on.
 */
export function parseInstant(iso: string): number {
  if (!ISO_PATTERN.test(iso)) throw new RangeError(`Invalid instant (ISO with Z or offset expected): ${iso}`);
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${iso}`);
  return ms;
}

/** Minutes since the epoch of an ISO instant, rounded to the nearest minute. */
export function instantEpochMinutes(iso: string): number {
  return Math.round(parseInstant(iso) / MINUTE_MS);
}

/** `yyyy-MM-dd` UTC date of a count of minutes since the epoch. */
export function utcDateOfEpochMinutes(minutes: number): string {
  return new Date(Math.floor(minutes / DAY_MINUTES) * DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
}

/** Minutes since the UTC midnight of the same day (0..1439). */
export function minuteOfDay(epochMinutes: number): number {
  return ((epochMinutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** Minutes `later − earlier` between two ISO instants (rounded), e.g. an actual against a slot. */
export function minutesBetween(laterIso: string, earlierIso: string): number {
  return normaliseZero(Math.round((parseInstant(laterIso) - parseInstant(earlierIso)) / MINUTE_MS));
}

/** Minutes of an ISO instant minus a slot's date and time, e.g. scheduled or actual − slot. */
export function differenceToSlot(instantIso: string, slotDate: string, slotTime: string): number {
  return normaliseZero(instantEpochMinutes(instantIso) - slotEpochMinutes(slotDate, slotTime));
}

function normaliseZero(n: number): number {
  return n === 0 ? 0 : n;
}

/** null → null_diff, 0 → no_diff, |d| ≤ 15 → mid_diff, |d| > 15 → high_diff. */
export function classifyDifference(minutes: number | null): DifferenceClass {
  if (minutes === null) return "null_diff";
  if (minutes === 0) return "no_diff";
  return Math.abs(minutes) <= ON_SLOT_TOLERANCE_MINUTES ? "mid_diff" : "high_diff";
}

/** Minutes beyond the on-slot tolerance: max(0, |d| − 15); 0 for null. */
export function offSlotMinutes(minutes: number | null): number {
  return minutes === null ? 0 : Math.max(0, Math.abs(minutes) - ON_SLOT_TOLERANCE_MINUTES);
}

const DESIGNATOR_PATTERN = /^([A-Z]{3}|[A-Z0-9]{2})(\d{1,4})([A-Z]?)$/;

export type Designator = { airline: string; number: number; suffix: string };

/** Parses `VB1234`, `VB 012A`, `vb12` (blanks ignored, case-insensitive); null when it is not one. */
export function parseDesignator(text: string): Designator | null {
  const match = DESIGNATOR_PATTERN.exec(text.replace(/\s+/g, "").toUpperCase());
  if (!match) return null;
  return { airline: match[1] ?? "", number: Number(match[2]), suffix: match[3] ?? "" };
}

/**
 * Canonical designator used to compare flights with slots: airline + number without leading
 * zeros + suffix (`VB012A` → `VB12A`, `VB0012` → `VB12`). The suffix is part of the designator:
 * `VB1234` and `VB1234A` are different flights for the first pass. Text that is not a designator
 * is compared upper-cased without blanks; an empty designator never agrees with anything.
 */
export function canonicalDesignator(text: string): string {
  const parsed = parseDesignator(text);
  if (parsed) return `${parsed.airline}${parsed.number}${parsed.suffix}`;
  return text.replace(/\s+/g, "").toUpperCase();
}
