/**
 * POST /api/schedule/import/ (kept until the contract retires it; nothing in Slotdesk calls it:
 * the browser, the feed folder and `npm run import:schedule` load through src/server/loads).
 * The airline's planned schedule (README, "Schedule import (SSIM)"): an IATA SSIM Chapter 7 file
 * read tolerantly (src/domain/ssim7, on the reading model of src/domain/reading), its legs at MEX
 * expanded into dated planned flights and stored through the flight import's upsert and re-match
 * (same flight, date and direction → update). What the reader assumed comes back as warnings and
 * the file loads; a file with any error (a line it cannot understand) is refused whole, with line
 * and column, and changes nothing.
 */
import { type Airline, airlineDesignators } from "../../domain/airline";
import type { ImportedFlight } from "../../domain/flights";
import type { ReadProblem } from "../../domain/reading";
import { expandLegs, readSsim7 } from "../../domain/ssim7";
import type { Database } from "../db/client";
import { FlightImportError, type FlightImportResult, storeFlights } from "../flights/import";
import { storedAirline } from "../settings/airline";
import { MEX, plannedFlight } from "../loads/read";

/** What was loaded, and the reader's warnings (absent when it assumed nothing). */
export type ScheduleImportResult = FlightImportResult & { warnings?: ReadProblem[] };

/** A refused schedule file: every problem, with line and column. */
export class ScheduleImportError extends FlightImportError {
  constructor(errors: FlightImportError["errors"]) {
    super(errors);
    this.name = "ScheduleImportError";
    this.message =
      errors.length === 1
        ? `El archivo SSIM tiene un error y no se cargó: ${errors[0]?.message ?? ""}`
        : `El archivo SSIM tiene ${errors.length} errores y no se cargó ningún vuelo.`;
  }
}

/** The planned flights of an SSIM text and the reader's warnings, or the errors that refuse it. Pure. */
export function parseSchedule(
  text: string,
  airline: Airline,
): { flights: ImportedFlight[]; errors: FlightImportError["errors"]; warnings: ReadProblem[] } {
  const read = readSsim7(text, { airlines: airlineDesignators(airline) });
  const warnings = read.problems.filter((problem) => problem.severity === "aviso");
  if (read.errors.length > 0) return { flights: [], errors: read.errors, warnings };
  const expanded = expandLegs(read.legs, MEX);
  if (expanded.errors.length > 0) return { flights: [], errors: expanded.errors, warnings };
  if (expanded.flights.length === 0) {
    return {
      flights: [],
      errors: [{ line: 1, message: `El archivo no tiene ningún tramo que llegue a ${MEX} o salga de ${MEX}.` }],
      warnings,
    };
  }
  return { flights: expanded.flights.map(plannedFlight), errors: [], warnings };
}

/**
 * Loads an SSIM text: refused whole (ScheduleImportError) on any error, else upserted and
 * re-matched, with the reader's warnings. The airline's designators are the stored setting's.
 */
export async function importSchedule(db: Database, text: string): Promise<ScheduleImportResult> {
  const { flights, errors, warnings } = parseSchedule(text, await storedAirline(db));
  if (errors.length > 0) throw new ScheduleImportError(errors);
  const stored = await storeFlights(db, flights, "schedule");
  return warnings.length > 0 ? { ...stored, warnings } : stored;
}
