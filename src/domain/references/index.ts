/**
 * Carga de referencias (seed 002 §3, §4, §9; issue 12 items 4 and 5): what a request or reply
 * file's name and lines mean for the slot register. Pure: the server finds and changes the slots.
 */
import { type Airline, airlineFileBaseName, airlineFileNamePattern } from "../airline";
import { canonicalDesignator } from "../matching/differences";
import { addDays, isoWeekday } from "../seasons";
import { scrPeriodToIso } from "../scr/dates";
import type { EncodableSlot } from "../scr/encode";
import type { ScrDataLine } from "../scr/types";

/**
 * `VIVW26001.txt`, `VIVW26001-2.txt` (seed 002 §9: the airline's ICAO code, VIV in the demo, the
 * season, the reference on 3 digits, '-{part}' above 1). Read with any of the airline's designators.
 */
const FILE_SHAPE = { reference: "\\d{3,6}", part: "\\d{1,3}", tail: "\\.txt" };

export type ReferenceFileName = { season: string; reference: number; part: number };

/** The season, reference and part a file's name gives; null when it does not follow the naming. */
export function parseReferenceFileName(name: string, airline: Airline): ReferenceFileName | null {
  const match = airlineFileNamePattern(airline, FILE_SHAPE).exec(name.trim());
  if (!match) return null;
  const reference = Number(match[2]);
  const part = match[3] === undefined ? 1 : Number(match[3]);
  if (reference < 1 || part < 1) return null;
  return { season: (match[1] ?? "").toUpperCase(), reference, part };
}

/** The file name of a reference's part (seed 002 §9). */
export function referenceFileName(airline: Airline, season: string, reference: number, part: number): string {
  return `${airlineFileBaseName(airline, season, reference, part)}.txt`;
}

/** One slot a data line speaks of: a date and direction of one of its flights. */
export type LineSlot = EncodableSlot & {
  /** Canonical designator (`VB12A`), for comparing. */
  key: string;
  frequency: number;
};

/** What a granted line gives the slot it answers: the coordinator's data, never its id or status. */
export const grantedSlotData = ({ flightNumber, date, time, route, aircraftType, seats, serviceType }: LineSlot): Omit<EncodableSlot, "isArrival"> => ({
  flightNumber,
  date,
  time,
  route,
  aircraftType,
  seats,
  serviceType,
});

/** How the server looks a slot up: flight, date, direction and time. */
export const slotKey = (slot: { flightNumber: string; date: string; isArrival: boolean; time: string }) =>
  `${canonicalDesignator(slot.flightNumber)}|${slot.date}|${slot.isArrival ? "A" : "D"}|${slot.time}`;

const hhmm = (time: string) => `${time.slice(0, 2)}:${time.slice(2, 4)}`;

/**
 * Every slot a data line covers in `season`: one per operated date of its period (the days field,
 * or every day when left out) and per direction (a turnaround line has two). A departure's
 * overnight digit moves its date. Empty when the period is not of the season's years. A direction
 * without a time (a refusal that left it out) names no slot; seats or aircraft left out read as
 * 0 and '' (only refusals and deletions leave them out, and those give no slot its data).
 */
export function lineSlots(line: ScrDataLine, season: string): LineSlot[] {
  const period = scrPeriodToIso(line, season);
  if (!period || period.to < period.from) return [];
  const slots: LineSlot[] = [];
  const services = line.service;
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    if (line.days !== null && !line.days.includes(String(weekday))) continue;
    const arrivalTime = line.arrival?.time ?? null;
    if (line.arrival && arrivalTime !== null) {
      slots.push({
        key: canonicalDesignator(line.arrival.flight),
        flightNumber: line.arrival.flight,
        date,
        time: hhmm(arrivalTime),
        isArrival: true,
        route: line.arrival.origin,
        aircraftType: line.aircraft ?? "",
        seats: line.seats ?? 0,
        serviceType: services.charAt(0) || "J",
        frequency: weekday,
      });
    }
    const departureTime = line.departure?.time ?? null;
    if (line.departure && departureTime !== null) {
      const moved = line.departure.overnight ? addDays(date, line.departure.overnight) : date;
      slots.push({
        key: canonicalDesignator(line.departure.flight),
        flightNumber: line.departure.flight,
        date: moved,
        time: hhmm(departureTime),
        isArrival: false,
        route: line.departure.destination,
        aircraftType: line.aircraft ?? "",
        seats: line.seats ?? 0,
        serviceType: (line.arrival ? services.charAt(1) : services.charAt(0)) || services.charAt(0) || "J",
        frequency: isoWeekday(moved),
      });
    }
  }
  return slots;
}

/**
 * The slot a held slot becomes under a granted line: the granted line's slot of the same
 * direction and date (or the only one of that direction when the dates differ), else null.
 */
export function grantedSlotFor(held: { date: string; isArrival: boolean }, granted: readonly LineSlot[]): LineSlot | null {
  const sameDirection = granted.filter((slot) => slot.isArrival === held.isArrival);
  return sameDirection.find((slot) => slot.date === held.date) ?? (sameDirection.length === 1 ? (sameDirection[0] ?? null) : null);
}

/** The logbook type of a request by its lines: 2 altas (only N), 3 cancelación (only D), 4 modificación. */
export function requestTypeOf(lines: readonly ScrDataLine[]): 2 | 3 | 4 {
  const actions = new Set(lines.map((line) => line.action));
  if (actions.size === 1 && actions.has("N")) return 2;
  if (actions.size === 1 && actions.has("D")) return 3;
  return 4;
}
