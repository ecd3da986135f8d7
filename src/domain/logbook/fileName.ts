/**
 * Seed 002 §9: a logbook file is named with the airline's ICAO code (VIV in the demo), the season,
 * the reference padded to 3 digits, and '-{part}' when the part is above 1 (`VIVW26003.txt`,
 * `VIVW26003-2.pdf`).
 */
import { type Airline, airlineFileBaseName, airlineFileNamePattern } from "../airline";

export type LogFileExtension = "txt" | "pdf";

export function logFileBaseName(airline: Airline, season: string, reference: number, part: number): string {
  return airlineFileBaseName(airline, season, reference, part);
}

export function logFileName(airline: Airline, season: string, reference: number, part: number, extension: LogFileExtension): string {
  return `${logFileBaseName(airline, season, reference, part)}.${extension}`;
}

/**
 * The season, reference and part a file name carries (any extension, any case, any of the
 * airline's designators as its prefix), or null.
 */
export function parseLogFileName(name: string, airline: Airline): { season: string; reference: number; part: number } | null {
  const base = name.replace(/^.*[\\/]/, "");
  const found = airlineFileNamePattern(airline, { reference: "\\d{3,}", part: "\\d+", tail: "(?:\\.[A-Za-z0-9]+)?" }).exec(base.trim());
  if (!found?.[1] || !found[2]) return null;
  const reference = Number(found[2]);
  const part = found[3] === undefined ? 1 : Number(found[3]);
  if (!Number.isSafeInteger(reference) || reference < 1 || !Number.isSafeInteger(part) || part < 1) return null;
  return { season: found[1].toUpperCase(), reference, part };
}
