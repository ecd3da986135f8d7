/**
 * Date and time display of the turnover (seed 001 §2.1): every instant is stored in UTC and shown
 * either in UTC or in the airport's local time (DESIGN.md §6: the IANA zone, not the seeds' fixed
 * five-hour shift; issue 37: LOCAL is the chosen airport's zone, `zoneAt`). A row's dates come from its instants in the zone (`rowDateTimes`), never from
 * the UTC `date` or AIMS's `flight_date`, so one flight shows one date in the table, the match
 * viewer and the CSV.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { components } from "../../generated/openapi";
import { type DayZone, type IanaZone, type ZonedDateTime, zonedDateTime } from "../zones";
import { slotInstantMs } from "./rules";

export { type IanaZone, type ShownZone, shownZone, type TimeZoneMode, zoneAt, zoneOf } from "../zones";

type TurnoverRow = components["schemas"]["TurnoverRow"];

export const DATE_FORMAT = "dd/MM/yyyy";
export const TIME_FORMAT = "HH:mm";

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

/** The instants of a row that its dates come from. */
export type RowInstants = Pick<TurnoverRow, "flight_scheduled" | "slot_date" | "slot_time">;

/**
 * The row's instant: its slot's time, else its flight's scheduled movement at MEX. The server
 * files a row under the day of this instant (a range answers the rows whose instant falls within
 * it) and sorts by it (`matches.sort_at`).
 */
export function rowInstantMs(row: RowInstants): number | null {
  return slotMs(row.slot_date, row.slot_time) ?? instantMs(row.flight_scheduled);
}

/** A row's dates and times as every view shows them in a zone. */
export type RowDateTimes = {
  /** The day the row belongs to in the zone (of `rowInstantMs`), `yyyy-MM-dd`. */
  day: string | null;
  /** The flight's date and time: its scheduled movement at MEX (ST). */
  flight: ZonedDateTime | null;
  /** The slot's date and time. */
  slot: ZonedDateTime | null;
};

/**
 * The dates and times of a row in a zone: the table's Fecha/ST and Fecha slot/Hora slot, the
 * match viewer's cards and the CSV all read them here.
 */
export function rowDateTimes(row: RowInstants, zone: DayZone): RowDateTimes {
  const flightMs = instantMs(row.flight_scheduled);
  const slot = slotMs(row.slot_date, row.slot_time);
  const at = slot ?? flightMs;
  return {
    day: at === null ? null : zonedDateTime(at, zone).day,
    flight: flightMs === null ? null : zonedDateTime(flightMs, zone),
    slot: slot === null ? null : zonedDateTime(slot, zone),
  };
}

/** An instant (epoch ms) in the given zone with a date-fns pattern; '' for null. */
export function formatMs(ms: number | null, zone: IanaZone, pattern: string): string {
  if (ms === null) return "";
  return format(new TZDate(ms, zone), pattern);
}

/** Calendar date `yyyy-MM-dd` of an instant in the zone. */
export const dayOf = (ms: number, zone: IanaZone): string => zonedDateTime(ms, zone).day;

/** Whole days between the calendar dates of two instants in the zone (e.g. +1 when an AT is the next day). */
export function dayOffset(ms: number, referenceMs: number, zone: IanaZone): number {
  const a = Date.parse(`${dayOf(ms, zone)}T00:00:00Z`);
  const b = Date.parse(`${dayOf(referenceMs, zone)}T00:00:00Z`);
  return Math.round((a - b) / 86_400_000);
}

/** `yyyy-MM-ddTHH:mm` of an instant in the zone: the value of a datetime-local input. */
export const toInputValue = (ms: number, zone: IanaZone): string => formatMs(ms, zone, "yyyy-MM-dd'T'HH:mm");

/** Reads a datetime-local input value as a wall time in the zone; null when it is not one. */
export function fromInputValue(value: string, zone: IanaZone): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new TZDate(year, month - 1, day, hour, minute, zone);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  // Reject wall times that do not exist (31/02): the zone's date must read back the same.
  return toInputValue(ms, zone) === value ? ms : null;
}
