/**
 * A data load's file read into flights with the reading model's problems (src/domain/reading).
 * Each kind has its own reader; this module turns what they say into one shape: the flights
 * that can be loaded, every problem with its line's text, and the refusal of a file that cannot
 * be read at all (empty, not text, not the format of its kind), which no `skip_errors` overrides.
 */
import { type Airline, airlineDesignators } from "../../domain/airline";
import { errorLines, type ReadProblem, readError, sortProblems, splitLines } from "../../domain/reading";
import { expandLegs, readSsim7 } from "../../domain/ssim7";
import { type ImportedFlight, parseFlightCsv } from "../../domain/flights";
import type { components } from "../../generated/openapi";
import { type MovementReading, readMovements } from "../movements/apply";

export type LoadKind = components["schemas"]["DataLoadKind"];

/** The airports a load keeps when the caller names none: the install's first (issue 37). */
const DEFAULT_AIRPORTS: readonly string[] = ["MEX"];

/** "MEX", "MEX o JFK", "MEX, JFK o LAX". */
function airportList(codes: readonly string[]): string {
  if (codes.length <= 1) return codes[0] ?? "";
  return `${codes.slice(0, -1).join(", ")} o ${codes[codes.length - 1]}`;
}

export type LoadReading = {
  kind: LoadKind;
  flights: ImportedFlight[];
  problems: ReadProblem[];
  /** Non-blank lines (records) of the file. */
  lines: number;
  /** Why nothing in the file can be loaded; null when some of it can. */
  refusal: string | null;
  /** The movement messages of an `mvt` file (null for the other kinds, whose items are flights). */
  movements: MovementReading | null;
};

const KIND_NAME: Record<LoadKind, string> = {
  schedule: "un itinerario SSIM (capítulo 7)",
  flights: "un archivo de vuelos (CSV separado por punto y coma)",
  mvt: "un texto de mensajes de movimiento (MVT)",
};

/** A control character other than tab, CR and LF: the file is not text. */
function binaryAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f) return i;
  }
  return -1;
}

/** Problems of a reader that still reports `{line, column?, message}`: errors, with the line's text. */
function asErrors(errors: readonly { line: number; column?: number; message: string }[], lines: readonly string[]): ReadProblem[] {
  return errors.map((e) => readError(e.line, e.column ?? 1, lines[e.line - 1] ?? "", e.message));
}

/** What the file is, as far as its first record tells: refuses one that is plainly another format. */
function formatRefusal(kind: LoadKind, lines: readonly string[]): string | null {
  const first = lines.find((line) => line.trim() !== "") ?? "";
  if (kind === "schedule") {
    // SSIM Chapter 7 records start with their type digit (1 header … 5 trailer) or are zero padding.
    if (!/^[0-5]/.test(first)) return `El archivo no parece ${KIND_NAME.schedule}: su primera línea no es un registro de tipo 1 a 5.`;
  } else if (kind === "mvt") {
    return null; // Telex address lines may come first: the reader decides (no message → refused).
  } else if (!first.includes(";") && !first.includes(",")) {
    return `El archivo no parece ${KIND_NAME.flights}: su primera línea no es una cabecera de columnas.`;
  }
  return null;
}

/** The flight CSV reader's errors (it assumes nothing) on the reading model. */
function csvReading(text: string, lines: readonly string[], airports: readonly string[]): { flights: ImportedFlight[]; problems: ReadProblem[] } {
  const read = parseFlightCsv(text, airports);
  return { flights: read.flights, problems: sortProblems(asErrors(read.errors, lines)) };
}

/** A planned flight of the schedule as the flight store writes it: nothing estimated or flown yet. */
export function plannedFlight(f: ReturnType<typeof expandLegs>["flights"][number], airport: string): ImportedFlight {
  return {
    line: f.line,
    airport,
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
 * Every planned flight the file's good lines give at each of `airports` (the active ones, issue
 * 37: a leg between two of them is a departure at one and an arrival at the other), and every
 * problem (the reader's, and the expansion's as errors of their lines with their text). A line in
 * error gives no flight. Legs under any of the airline's designators (the `airline` setting) are
 * kept; others are skipped with a warning. Pure.
 */
export function readSchedule(
  text: string,
  airline: Airline,
  airports: readonly string[] = DEFAULT_AIRPORTS,
): { flights: ImportedFlight[]; problems: ReadProblem[] } {
  const designators = airlineDesignators(airline);
  const read = readSsim7(text, { airlines: designators, stations: airports });
  const expanded = airports.map((airport) => ({ airport, ...expandLegs(read.legs, airport) }));
  const expansionErrors = expanded.flatMap((e) => e.errors);
  const lines = expansionErrors.length > 0 ? splitLines(text) : [];
  const problems = sortProblems([
    ...read.problems,
    ...expansionErrors.map((e) => readError(e.line, e.column ?? 1, lines[e.line - 1] ?? "", e.message)),
  ]);
  const bad = new Set(errorLines(problems));
  const flights = expanded.flatMap((e) => e.flights.filter((f) => !bad.has(f.line)).map((f) => plannedFlight(f, e.airport)));
  if (flights.length === 0 && bad.size === 0) {
    problems.push(readError(1, 1, lines[0] ?? splitLines(text)[0] ?? "", noLegMessage(read.skippedAtStation, designators, airports)));
  }
  return { flights, problems };
}

/**
 * Why a schedule has no leg at the active airports: when every such leg is of another airline,
 * which airline and which one is configured (a wrong `airline` setting, or another airline's
 * file), not "no leg".
 */
export function noLegMessage(
  others: readonly { airline: string; legs: number }[],
  designators: readonly string[],
  airports: readonly string[] = DEFAULT_AIRPORTS,
): string {
  const at = airportList(airports);
  const total = others.reduce((n, o) => n + o.legs, 0);
  if (total === 0) return `El archivo no tiene ningún tramo que llegue a ${at} o salga de ${at}.`;
  const names = others.map((o) => o.airline);
  const whose = names.length === 1 ? `de la aerolínea ${names[0]}` : `de las aerolíneas ${names.slice(0, -1).join(", ")} y ${names[names.length - 1]}`;
  const legs = total === 1 ? `El único tramo de ${at} es` : `Los ${total} tramos de ${at} son`;
  const [first = "", ...rest] = designators;
  const configured = `la aerolínea configurada es ${first}${rest.length > 0 ? ` (${rest.join(", ")})` : ""}`;
  return `${legs} ${whose}; ${configured} — Ajustes. Revise el archivo o la aerolínea en Ajustes.`;
}

/** Reads a load's file; a schedule keeps the legs of the airline's designators (`airline`, the setting). */
export function readLoadFile(kind: LoadKind, text: string, airline: Airline, airports: readonly string[] = DEFAULT_AIRPORTS): LoadReading {
  const lines = splitLines(text);
  const nonBlank = lines.reduce((n, line) => (line.trim() === "" ? n : n + 1), 0);
  const refuse = (refusal: string): LoadReading => ({ kind, flights: [], problems: [], lines: nonBlank, refusal, movements: null });
  if (nonBlank === 0) return refuse("El archivo está vacío.");
  const binary = binaryAt(text);
  if (binary >= 0) {
    const line = text.slice(0, binary).split(/\r\n|\n|\r/).length;
    return refuse(`El archivo no es de texto: la línea ${line} tiene un carácter de control.`);
  }
  const format = formatRefusal(kind, lines);
  if (format) return refuse(format);

  if (kind === "mvt") {
    const movements = readMovements(text, airlineDesignators(airline), airports);
    if (movements.messages.length === 0) return refuse(`El archivo no parece ${KIND_NAME.mvt}: no tiene ningún mensaje (una línea MVT seguida de la del vuelo).`);
    return { kind, flights: [], problems: movements.problems, lines: movements.messages.length, refusal: null, movements };
  }
  const read = kind === "schedule" ? readSchedule(text, airline, airports) : csvReading(text, lines, airports);
  const problems = read.problems;
  const refusal = read.flights.length === 0 && problems.length === 0 ? "El archivo no tiene ningún vuelo que cargar." : null;
  return { kind, flights: read.flights, problems, lines: nonBlank, refusal, movements: null };
}
