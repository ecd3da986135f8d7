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
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { components } from "../generated/openapi";
import { parseDate } from "./seasons";

/** A zone a day can be read in: the contract's `TimeZone` (America/Mexico_City or UTC). */
export type DayZone = components["schemas"]["TimeZone"];

/** The browser's LOCAL: Mexico City, the zone of the airport (MEX). */
export const LOCAL_ZONE = "America/Mexico_City" satisfies DayZone;
/** The browser's UTC. */
export const UTC_ZONE = "UTC" satisfies DayZone;

const DAY_ZONES: readonly DayZone[] = [LOCAL_ZONE, UTC_ZONE];

/** The browser's LOCAL/UTC toggle. */
export type TimeZoneMode = "local" | "utc";

/** The zone of a toggle position: LOCAL is Mexico City. */
export const zoneOf = (mode: TimeZoneMode): DayZone => (mode === "utc" ? UTC_ZONE : LOCAL_ZONE);

export function isDayZone(value: unknown): value is DayZone {
  return DAY_ZONES.some((zone) => zone === value);
}

/** How a person reads an instant in a zone. */
export type ZonedDateTime = {
  /** Calendar date `yyyy-MM-dd` (the day the instant belongs to in the zone). */
  day: string;
  /** The same date as shown: `dd/MM/yyyy` (seed 001 §9). */
  date: string;
  /** Wall-clock time `HH:mm`. */
  time: string;
};

/** Date and time of an instant (epoch ms) in the zone. */
export function zonedDateTime(ms: number, zone: DayZone): ZonedDateTime {
  const local = new TZDate(ms, zone);
  return { day: format(local, "yyyy-MM-dd"), date: format(local, "dd/MM/yyyy"), time: format(local, "HH:mm") };
}

/** Epoch ms of 00:00 of calendar day `day` (`yyyy-MM-dd`) in the zone. Throws RangeError on a bad date. */
export function startOfDayMs(day: string, zone: DayZone): number {
  const ymd = parseDate(day);
  if (!ymd) throw new RangeError(`Invalid calendar date: ${day}`);
  return new TZDate(ymd.year, ymd.month - 1, ymd.day, 0, 0, 0, 0, zone).getTime();
}
