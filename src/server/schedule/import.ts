/**
 * The airline's planned schedule (README, "Schedule import (SSIM)"): an IATA SSIM Chapter 7 file
 * read tolerantly (src/domain/ssim7, on the reading model of src/domain/reading), its legs at MEX
 * expanded into dated planned flights and stored through the flight import's upsert and re-match
 * (same flight, date and direction → update). What the reader assumed comes back as warnings and
 * the file loads; a file with any error (a line it cannot understand) is refused whole, with line
 * and column, and changes nothing.
 */
import { type Airline, airlineDesignators } from "../../domain/airline";
import type { ImportedFlight } from "../../domain/flights";
import { errorLines, type ReadProblem, readError, sortProblems, splitLines } from "../../domain/reading";
import { expandLegs, readSsim7 } from "../../domain/ssim7";
import type { Database } from "../db/client";
import { FlightImportError, type FlightImportResult, storeFlights } from "../flights/import";
import { storedAirline } from "../settings/airline";

const MEX = "MEX";

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

/** A planned flight of the schedule as the flight store writes it: nothing estimated or flown yet. */
function plannedFlight(f: ReturnType<typeof expandLegs>["flights"][number]): ImportedFlight {
  return {
    line: f.line,
    flightNumber: f.flightNumber,
    date: f.date,
    isArrival: f.isArrival,
    movementDate: f.date,
    origin: f.origin,
    destination: f.destination,
    scheduledDeparture: f.scheduledDeparture,
    scheduledArrival: f.scheduledArrival,
    estimatedDeparture: null,
    estimatedArrival: null,
    actualDeparture: null,
    actualArrival: null,
    registration: null,
    aircraftType: f.aircraftType,
    seats: null,
    serviceType: f.serviceType,
    status: "D",
    cancellationDescription: null,
    cancellationTime: null,
    delays: [],
  };
}

/**
 * Every planned flight the file's good lines give, and every problem (the reader's, and the
 * expansion's as errors of their lines with their text). A line in error gives no flight. Legs
 * under any of the airline's designators (the `airline` setting) are kept; others are skipped
 * with a warning. Pure.
 */
export function readSchedule(text: string, airline: Airline): { flights: ImportedFlight[]; problems: ReadProblem[] } {
  const read = readSsim7(text, { airlines: airlineDesignators(airline) });
  const expanded = expandLegs(read.legs, MEX);
  const lines = expanded.errors.length > 0 ? splitLines(text) : [];
  const problems = sortProblems([
    ...read.problems,
    ...expanded.errors.map((e) => readError(e.line, e.column ?? 1, lines[e.line - 1] ?? "", e.message)),
  ]);
  const bad = new Set(errorLines(problems));
  const flights = expanded.flights.filter((f) => !bad.has(f.line)).map(plannedFlight);
  if (flights.length === 0 && bad.size === 0) {
    problems.push(readError(1, 1, lines[0] ?? splitLines(text)[0] ?? "", `El archivo no tiene ningún tramo que llegue a ${MEX} o salga de ${MEX}.`));
  }
  return { flights, problems };
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
