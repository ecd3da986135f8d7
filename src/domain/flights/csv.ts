/**
 * The airline's operations feed (AIMS) as a `;`-separated CSV file with a header row (README,
 * "Flight import (CSV)"), read strictly: every problem is reported with its line and column
 * (1-based) in Spanish, and a file with any problem yields no flight. Pure; the server writes
 * what it reads (`src/server/flights/import.ts`).
 */
import { type CsvProblem, readCsv } from "../csv";
import { DELAY_CODES } from "../matching/delayCodes";
import { FLIGHT_STATUSES, type FlightStatus, isFlightStatus, parseDesignator } from "../matching";
import { isServiceTypeCode } from "../scr";
import { isCalendarDate } from "../seasons";

export const IMPORT_SEPARATOR = ";";
/** The airports read when the caller names none: the install's first (issue 37). */
const DEFAULT_AIRPORTS: readonly string[] = ["MEX"];

/** "MEX", "MEX o JFK", "MEX, JFK o LAX": the active airports as a sentence names them. */
function airportList(codes: readonly string[]): string {
  if (codes.length <= 1) return codes[0] ?? "";
  return `${codes.slice(0, -1).join(", ")} o ${codes[codes.length - 1]}`;
}

/** The columns, in the order the README lists them. */
export const IMPORT_COLUMNS = [
  "flight_number",
  "date",
  "direction",
  "origin",
  "destination",
  "std",
  "sta",
  "etd",
  "eta",
  "atd",
  "ata",
  "registration",
  "aircraft_type",
  "seats",
  "service_type",
  "status",
  "cancellation_description",
  "cancellation_time",
  "delay1_code",
  "delay1_minutes",
  "delay2_code",
  "delay2_minutes",
  "delay3_code",
  "delay3_minutes",
  "delay4_code",
  "delay4_minutes",
] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** The first seven columns: the flight, its date, direction, route and scheduled times. */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = IMPORT_COLUMNS.slice(0, 7);

export type ImportError = { line: number; column?: number; field?: string; message: string };

export type ImportedFlight = {
  line: number;
  /** The active airport the flight arrives at or leaves from (issue 37): its register. */
  airport: string;
  flightNumber: string;
  date: string;
  isArrival: boolean;
  movementDate: string;
  origin: string;
  destination: string;
  scheduledDeparture: string;
  scheduledArrival: string;
  estimatedDeparture: string | null;
  estimatedArrival: string | null;
  actualDeparture: string | null;
  actualArrival: string | null;
  registration: string | null;
  aircraftType: string | null;
  seats: number | null;
  serviceType: string;
  status: FlightStatus;
  cancellationDescription: string | null;
  cancellationTime: string | null;
  delays: Array<{ position: number; code: string; minutes: number }>;
};

const KNOWN_CODES = new Set(DELAY_CODES.map((d) => d.code));
const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?Z?$/;

/** `2026-11-20 14:05`, `2026-11-20T14:05Z`, `2026-11-20T14:05:00Z` (UTC) → ISO, else null. */
function parseInstant(value: string): string | null {
  const match = INSTANT.exec(value);
  if (!match || !isCalendarDate(match[1])) return null;
  return `${match[1]}T${match[2]}:${match[3]}:${match[4] ?? "00"}Z`;
}

/** `VB12` → `VB012`, `vb 1234a` → `VB1234A`: the designator as SCR lines write it. */
export function normaliseFlightNumber(value: string): string | null {
  const parsed = parseDesignator(value);
  if (!parsed) return null;
  return `${parsed.airline}${String(parsed.number).padStart(3, "0")}${parsed.suffix}`;
}

const DAY_MS = 86_400_000;

/**
 * Reads the file. Pure: the flights of every good line, and every problem with its line and column
 * (a line with a problem gives no flight; a header problem gives none at all).
 */
export function parseFlightCsv(text: string, airports: readonly string[] = DEFAULT_AIRPORTS): { flights: ImportedFlight[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const flights: ImportedFlight[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  if (firstLine.trim() === "") {
    return { flights, errors: [{ line: 1, message: "El archivo está vacío: falta la fila de cabecera." }] };
  }
  if (!firstLine.includes(IMPORT_SEPARATOR) && firstLine.includes(",")) {
    return {
      flights,
      errors: [{ line: 1, column: 1, message: "El separador de columnas debe ser el punto y coma (;), no la coma." }],
    };
  }
  const { records, problems } = readCsv(body, IMPORT_SEPARATOR);
  const add = (error: ImportError) => {
    errors.push(error);
  };
  problems.forEach((p: CsvProblem) => add(p));
  const header = records.shift();
  if (!header) return { flights, errors: [{ line: 1, message: "El archivo está vacío: falta la fila de cabecera." }] };

  // Header: known columns, each once, the required ones present.
  const index = new Map<ImportColumn, number>();
  header.fields.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    const column = i + 1;
    const delay = /^delay(\d+)_(code|minutes)$/.exec(name);
    if (delay && Number(delay[1]) > 4) {
      add({
        line: header.line,
        column,
        field: name,
        message: `Se admiten como máximo cuatro demoras por vuelo (delay1 a delay4); sobra la columna «${raw.trim()}».`,
      });
    } else if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) {
      add({ line: header.line, column, field: raw.trim(), message: `Columna desconocida «${raw.trim()}».` });
    } else if (index.has(name as ImportColumn)) {
      add({ line: header.line, column, field: name, message: `La columna «${name}» está repetida.` });
    } else {
      index.set(name as ImportColumn, i);
    }
  });
  for (const name of REQUIRED_COLUMNS) {
    if (!index.has(name)) add({ line: header.line, field: name, message: `Falta la columna obligatoria «${name}».` });
  }
  if (errors.length > 0) return { flights: [], errors };
  if (records.length === 0) return { flights, errors: [{ line: 2, message: "El archivo no tiene vuelos: solo la cabecera." }] };

  const seen = new Map<string, number>();
  for (const record of records) {
    const { line } = record;
    if (record.fields.length !== header.fields.length) {
      add({
        line,
        message: `La línea tiene ${record.fields.length} columnas y la cabecera ${header.fields.length}.`,
      });
      continue;
    }
    const before = errors.length;
    const fail = (name: ImportColumn, message: string) =>
      add({ line, column: (index.get(name) ?? 0) + 1, field: name, message });
    const get = (name: ImportColumn): string => {
      const i = index.get(name);
      return i === undefined ? "" : (record.fields[i] ?? "").trim();
    };
    const required = (name: ImportColumn, what: string): string | null => {
      const value = get(name);
      if (value === "") {
        fail(name, `Falta ${what} (columna ${name}).`);
        return null;
      }
      return value;
    };
    const instant = (name: ImportColumn, what: string, isRequired: boolean): string | null => {
      const value = isRequired ? required(name, what) : get(name);
      if (!value) return null;
      const iso = parseInstant(value);
      if (!iso) fail(name, `«${value}» no es una fecha y hora UTC válida para ${what} (aaaa-mm-dd hh:mm).`);
      return iso;
    };

    const flightText = required("flight_number", "el número de vuelo");
    const flightNumber = flightText === null ? null : normaliseFlightNumber(flightText);
    if (flightText !== null && flightNumber === null) {
      fail("flight_number", `«${flightText}» no es un número de vuelo válido (p. ej. VB1234 o VB012A).`);
    }
    const dateText = required("date", "la fecha de operación");
    if (dateText !== null && !isCalendarDate(dateText)) {
      fail("date", `«${dateText}» no es una fecha válida (aaaa-mm-dd).`);
    }
    const direction = required("direction", "la dirección");
    if (direction !== null && direction !== "L" && direction !== "S") {
      const at = airportList(airports);
      fail("direction", `La dirección debe ser L (llegada a ${at}) o S (salida de ${at}); se recibió «${direction}».`);
    }
    const isArrival = direction === "L";
    const station = (name: "origin" | "destination", what: string) => {
      const value = required(name, what);
      if (value !== null && !/^[A-Z]{3}$/.test(value)) {
        fail(name, `«${value}» no es un código de aeropuerto IATA de tres letras.`);
        return null;
      }
      return value;
    };
    const origin = station("origin", "el origen");
    const destination = station("destination", "el destino");
    if (direction === "L" && destination !== null && !airports.includes(destination)) {
      fail("destination", `Una llegada (L) debe tener destino ${airportList(airports)}; se recibió «${destination}».`);
    }
    if (direction === "S" && origin !== null && !airports.includes(origin)) {
      fail("origin", `Una salida (S) debe tener origen ${airportList(airports)}; se recibió «${origin}».`);
    }
    const std = instant("std", "la salida programada (std)", true);
    const sta = instant("sta", "la llegada programada (sta)", true);
    const etd = instant("etd", "la salida estimada (etd)", false);
    const eta = instant("eta", "la llegada estimada (eta)", false);
    const atd = instant("atd", "la salida real (atd)", false);
    const ata = instant("ata", "la llegada real (ata)", false);
    if (std && sta && sta < std) fail("sta", "La llegada programada (sta) es anterior a la salida programada (std).");
    if (atd && ata && ata < atd) fail("ata", "La llegada real (ata) es anterior a la salida real (atd).");
    if (std && dateText && isCalendarDate(dateText)) {
      const gap = Math.abs(Date.parse(`${dateText}T00:00:00Z`) - Date.parse(`${std.slice(0, 10)}T00:00:00Z`));
      if (gap > DAY_MS) {
        fail("date", `La fecha de operación ${dateText} no corresponde a la salida programada (${std.slice(0, 10)}).`);
      }
    }

    const registration = get("registration") || null;
    if (registration !== null && !/^[A-Z0-9-]{2,10}$/.test(registration)) {
      fail("registration", `«${registration}» no es una matrícula válida (letras mayúsculas, dígitos y guion).`);
    }
    const aircraftType = get("aircraft_type") || null;
    if (aircraftType !== null && !/^[A-Z0-9]{3}$/.test(aircraftType)) {
      fail("aircraft_type", `«${aircraftType}» no es un tipo de aeronave IATA de tres caracteres (p. ej. 320).`);
    }
    const seatsText = get("seats");
    let seats: number | null = null;
    if (seatsText !== "") {
      seats = /^\d{1,3}$/.test(seatsText) ? Number(seatsText) : null;
      if (seats === null) fail("seats", `Los asientos deben ser un número entero de 0 a 999; se recibió «${seatsText}».`);
    }
    const serviceType = get("service_type") || "J";
    if (!isServiceTypeCode(serviceType)) fail("service_type", `«${serviceType}» no es un tipo de servicio IATA válido.`);
    const statusText = get("status") || "D";
    if (!isFlightStatus(statusText)) {
      fail("status", `El estatus «${statusText}» no existe; use ${FLIGHT_STATUSES.join(", ")}.`);
    }
    const cancellationDescription = get("cancellation_description") || null;
    if (cancellationDescription !== null && cancellationDescription.length > 500) {
      fail("cancellation_description", "La descripción de la cancelación no puede pasar de 500 caracteres.");
    }
    const cancellationTime = instant("cancellation_time", "la hora de cancelación", false);

    const delays: ImportedFlight["delays"] = [];
    let gapAt = 0;
    for (let position = 1; position <= 4; position++) {
      const codeColumn = `delay${position}_code` as ImportColumn;
      const minutesColumn = `delay${position}_minutes` as ImportColumn;
      const code = get(codeColumn);
      const minutesText = get(minutesColumn);
      if (code === "" && minutesText === "") {
        gapAt ||= position;
        continue;
      }
      if (gapAt) {
        fail(codeColumn, `La demora ${position} está llena pero la demora ${gapAt} está vacía; llénelas en orden.`);
        continue;
      }
      if (code === "") {
        fail(codeColumn, `Falta el código de la demora ${position}.`);
        continue;
      }
      if (!KNOWN_CODES.has(code)) fail(codeColumn, `El código de demora «${code}» no existe en el catálogo IATA.`);
      if (minutesText === "") {
        fail(minutesColumn, `Faltan los minutos de la demora ${position}.`);
        continue;
      }
      const minutes = /^\d{1,4}$/.test(minutesText) ? Number(minutesText) : Number.NaN;
      if (!(minutes <= 1440)) {
        fail(
          minutesColumn,
          `Los minutos de la demora ${position} deben ser un número entero de 0 a 1440; se recibió «${minutesText}».`,
        );
        continue;
      }
      delays.push({ position, code, minutes });
    }

    if (errors.length > before || !flightNumber || !dateText || !origin || !destination || !std || !sta) continue;
    const airport = isArrival ? destination : origin;
    const key = `${airport}|${flightNumber}|${dateText}|${direction}`;
    const first = seen.get(key);
    if (first !== undefined) {
      fail("flight_number", `El vuelo ${flightNumber} del ${dateText} (${direction}) ya aparece en la línea ${first}.`);
      continue;
    }
    seen.set(key, line);
    flights.push({
      line,
      airport,
      flightNumber,
      date: dateText,
      isArrival,
      movementDate: (isArrival ? sta : std).slice(0, 10),
      origin,
      destination,
      scheduledDeparture: std,
      scheduledArrival: sta,
      estimatedDeparture: etd,
      estimatedArrival: eta,
      actualDeparture: atd,
      actualArrival: ata,
      registration,
      aircraftType,
      seats,
      serviceType,
      status: statusText as FlightStatus,
      cancellationDescription,
      cancellationTime,
      delays,
    });
  }
  // Every line is read: the flights of the good lines are kept beside the errors of the others, so
  // a load may leave out the bad lines when a person chooses to (Cargas de datos).
  return { flights, errors };
}
