/**
 * Writes a schedule as IATA SSIM Chapter 7 records (the columns readSsim7 reads): for the README's
 * example file, the tests' crafted files and the bench's season-sized file.
 */
import { MONTH_NAMES } from "../scr/tokens";
import { SSIM_RECORD_LENGTH } from "./read";

export type Ssim7LegSpec = {
  flightNumber: number;
  suffix?: string;
  itineraryVariation?: number;
  legSequence?: number;
  serviceType?: string;
  /** `yyyy-MM-dd`. */
  from: string;
  to: string;
  /** `1234567` with blanks (or any other character) for the days it does not operate. */
  days: string;
  departureStation: string;
  /** `hhmm` local (or UTC in time mode U) and the UTC/local variation `±hhmm`. */
  departureTime: string;
  departureVariation: string;
  arrivalStation: string;
  arrivalTime: string;
  arrivalVariation: string;
  aircraftType: string;
  /** Days after the date of operation the arrival falls on (col. 194). */
  arrivalDateVariation?: number;
};

/** `2026-12-01` → `01DEC26`. */
export function formatSsimDate(date: string): string {
  return `${date.slice(8, 10)}${MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? "???"}${date.slice(2, 4)}`;
}

/** A record: the fields at their 1-based columns, blanks elsewhere, the serial in 195–200. */
function record(fields: Array<[number, string]>, serial: number): string {
  const chars = Array.from({ length: SSIM_RECORD_LENGTH }, () => " ");
  for (const [column, text] of fields) for (let i = 0; i < text.length; i++) chars[column - 1 + i] = text[i] ?? " ";
  const line = chars.join("");
  return `${line.slice(0, 194)}${String(serial).padStart(6, "0")}`;
}

const ZEROS = "0".repeat(SSIM_RECORD_LENGTH);

export function writeSsim7(schedule: {
  airline: string;
  timeMode?: "U" | "L";
  from: string;
  to: string;
  created: string;
  legs: readonly Ssim7LegSpec[];
}): string {
  const lines: string[] = [];
  let serial = 0;
  const push = (fields: Array<[number, string]>) => lines.push(record(fields, ++serial));
  push([[1, "1AIRLINE STANDARD SCHEDULE DATA SET"]]);
  lines.push(ZEROS, ZEROS, ZEROS, ZEROS);
  push([
    [1, "2"],
    [2, schedule.timeMode ?? "L"],
    [3, schedule.airline],
    [15, formatSsimDate(schedule.from)],
    [22, formatSsimDate(schedule.to)],
    [29, formatSsimDate(schedule.created)],
  ]);
  lines.push(ZEROS, ZEROS, ZEROS, ZEROS);
  for (const leg of schedule.legs) {
    const days = Array.from({ length: 7 }, (_, i) => (leg.days.includes(String(i + 1)) ? String(i + 1) : " ")).join("");
    push([
      [1, "3"],
      [2, leg.suffix ?? " "],
      [3, schedule.airline],
      [6, String(leg.flightNumber).padStart(4, " ")],
      [10, String(leg.itineraryVariation ?? 1).padStart(2, "0")],
      [12, String(leg.legSequence ?? 1).padStart(2, "0")],
      [14, leg.serviceType ?? "J"],
      [15, formatSsimDate(leg.from)],
      [22, formatSsimDate(leg.to)],
      [29, days],
      [37, leg.departureStation],
      [40, leg.departureTime],
      [44, leg.departureTime],
      [48, leg.departureVariation],
      [55, leg.arrivalStation],
      [58, leg.arrivalTime],
      [62, leg.arrivalTime],
      [66, leg.arrivalVariation],
      [73, leg.aircraftType],
      [193, `0${leg.arrivalDateVariation ?? 0}`],
    ]);
  }
  const last = serial;
  push([
    [1, "5"],
    [3, schedule.airline],
    [188, String(last).padStart(6, "0")],
    [194, "E"],
  ]);
  return `${lines.join("\n")}\n`;
}
