/**
 * The day a user means (DESIGN.md §6, "Time"): every instant is stored in UTC and shown in one of
 * two zones, Mexico City (the browser's LOCAL) or UTC. A day is a day of the zone the user is
 * looking in: with LOCAL, 2026-11-22 runs from 2026-11-22T06:00Z to 2026-11-23T06:00Z; with UTC,
 * from 2026-11-22T00:00Z to 2026-11-23T00:00Z. The zone is read through the IANA database
 * (@date-fns/tz), never as a fixed offset: Mexico City is UTC−6 all year only since October 2022.
 *
 * These functions are the one rule: the range bar, Entrega de turno's columns, the match viewer,
 * the server's range query and the CSV download all read days and dates through them.
 */
import { TZDate, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";
import type { components } from "../generated/openapi";
import { parseDate } from "./seasons";

/** A zone a day can be read in: the contract's `TimeZone` (an airport's own zone, or UTC). */
export type DayZone = components["schemas"]["TimeZone"];

/** MEX's zone: the LOCAL of the install's default airport (and of what is still MEX-only). */
export const LOCAL_ZONE = "America/Mexico_City" satisfies DayZone;
/** The browser's UTC. */
export const UTC_ZONE = "UTC" satisfies DayZone;

/** The browser's LOCAL/UTC toggle. */
export type TimeZoneMode = "local" | "utc";

/** The zone of a toggle position at MEX: LOCAL is Mexico City (`zoneAt` for the chosen airport). */
export const zoneOf = (mode: TimeZoneMode): DayZone => (mode === "utc" ? UTC_ZONE : LOCAL_ZONE);

/**
 * Any IANA zone (issue 37: each held airport has its own; `Airport.time_zone`). The functions
 * below read instants and days in any of them.
 */
export type IanaZone = string;

/** The zone of a toggle position at an airport: LOCAL is the airport's zone. */
export const zoneAt = (mode: TimeZoneMode, airportZone: IanaZone): IanaZone => (mode === "utc" ? UTC_ZONE : airportZone);

/**
 * The zone a screen shows (issue 37): the LOCAL/UTC toggle's position and the IANA zone it means
 * at the chosen airport. Kept together so a label can say "Local" while the times are New York's.
 */
export interface ShownZone {
  mode: TimeZoneMode;
  timeZone: IanaZone;
}

export const shownZone = (mode: TimeZoneMode, airportZone: IanaZone): ShownZone => ({ mode, timeZone: zoneAt(mode, airportZone) });

/** How a person reads an instant in a zone. */
export type ZonedDateTime = {
  /** Calendar date `yyyy-MM-dd` (the day the instant belongs to in the zone). */
  day: string;
  /** The same date as shown: `dd/MM/yyyy` (seed 001 §9). */
  date: string;
  /** Wall-clock time `HH:mm`. */
  time: string;
};

/** A zone's offsets from UTC (minutes), by quarter hour: every zone changes offset on a quarter hour. */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<IanaZone, Map<number, number>>();

/** The zone's offset from UTC at `ms`, in minutes (Mexico City before October 2022: −360 or −300). */
function offsetMinutes(ms: number, zone: IanaZone): number {
  if (zone === UTC_ZONE) return 0;
  let byQuarter = offsets.get(zone);
  if (!byQuarter) offsets.set(zone, (byQuarter = new Map()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    offset = tzOffset(zone, new Date(quarter * QUARTER_MS));
    // A table of a season asks for a few thousand quarters; a long session is kept bounded.
    if (byQuarter.size > 100_000) byQuarter.clear();
    byQuarter.set(quarter, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * Date and time of an instant (epoch ms) in the zone. The zone's offset is read through the IANA
 * database once per quarter hour and kept: a season's table reads tens of thousands of instants,
 * and a TZDate with three date-fns formats per instant took seconds of the browser's time.
 */
export function zonedDateTime(ms: number, zone: IanaZone): ZonedDateTime {
  const wall = new Date(ms + offsetMinutes(ms, zone) * 60_000);
  const year = wall.getUTCFullYear();
  const yyyy = year >= 0 && year < 10_000 ? String(year).padStart(4, "0") : format(new TZDate(ms, zone), "yyyy");
  const MM = two(wall.getUTCMonth() + 1);
  const dd = two(wall.getUTCDate());
  return { day: `${yyyy}-${MM}-${dd}`, date: `${dd}/${MM}/${yyyy}`, time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}` };
}

/** Epoch ms of 00:00 of calendar day `day` (`yyyy-MM-dd`) in the zone. Throws RangeError on a bad date. */
export function startOfDayMs(day: string, zone: IanaZone): number {
  const ymd = parseDate(day);
  if (!ymd) throw new RangeError(`Invalid calendar date: ${day}`);
  return new TZDate(ymd.year, ymd.month - 1, ymd.day, 0, 0, 0, 0, zone).getTime();
}
