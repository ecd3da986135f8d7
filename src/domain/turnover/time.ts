/**
 * Date and time display of the turnover (seed 001 §2.1): every instant is stored in UTC and shown
 * either in UTC or in Mexico City local time (DESIGN.md §6: the IANA zone, not the seeds' fixed
 * five-hour shift).
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { DEFAULT_TIME_ZONE } from "../seasons";
import { slotInstantMs } from "./rules";

export type TimeZoneMode = "local" | "utc";

export const DATE_FORMAT = "dd/MM/yyyy";
export const TIME_FORMAT = "HH:mm";

export const zoneOf = (mode: TimeZoneMode): string => (mode === "utc" ? "UTC" : DEFAULT_TIME_ZONE);

/** Epoch ms of an ISO instant, or null when absent or unreadable. */
export function instantMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** Epoch ms of a slot's UTC date and time, or null when either is missing or malformed. */
export function slotMs(date: string | null, time: string | null): number | null {
  if (date === null || time === null) return null;
  try {
    return slotInstantMs(date, time);
  } catch {
    return null;
  }
}

/** An instant (epoch ms) in the given zone with a date-fns pattern; '' for null. */
export function formatMs(ms: number | null, mode: TimeZoneMode, pattern: string): string {
  if (ms === null) return "";
  return format(new TZDate(ms, zoneOf(mode)), pattern);
}

/** Calendar date `yyyy-MM-dd` of an instant in the zone. */
export const dayOf = (ms: number, mode: TimeZoneMode): string => formatMs(ms, mode, "yyyy-MM-dd");

/** Whole days between the calendar dates of two instants in the zone (e.g. +1 when an AT is the next day). */
export function dayOffset(ms: number, referenceMs: number, mode: TimeZoneMode): number {
  const a = Date.parse(`${dayOf(ms, mode)}T00:00:00Z`);
  const b = Date.parse(`${dayOf(referenceMs, mode)}T00:00:00Z`);
  return Math.round((a - b) / 86_400_000);
}

/** `yyyy-MM-ddTHH:mm` of an instant in the zone: the value of a datetime-local input. */
export const toInputValue = (ms: number, mode: TimeZoneMode): string => formatMs(ms, mode, "yyyy-MM-dd'T'HH:mm");

/** Reads a datetime-local input value as a wall time in the zone; null when it is not one. */
export function fromInputValue(value: string, mode: TimeZoneMode): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new TZDate(year, month - 1, day, hour, minute, zoneOf(mode));
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  // Reject wall times that do not exist (31/02): the zone's date must read back the same.
  return toInputValue(ms, mode) === value ? ms : null;
}
