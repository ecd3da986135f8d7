/**
 * Series rows of a season start file: reading one spreadsheet row's cells into a series, and the
 * checks that need the whole file (dates within the season, days against the period, overlapping
 * series). Every problem names its row and column so a person can fix the file. Pure: no I/O.
 */
import { isServiceTypeCode } from "../scr/serviceTypes";
import { isDesignator } from "../scr/tokens";
import { addDays, isoWeekday, parseDate, type SeasonBounds } from "../seasons";
import { columnHeader, columnLetter, columnNumber, type SeriesColumnKey } from "./layout";

/** What a spreadsheet cell holds once read (exceljs gives dates as UTC midnights). */
export type CellValue = string | number | boolean | Date | null;

/** D: a historic series (the airline keeps its precedence); ADD: a new series of this season. */
export type SeriesStatus = "D" | "ADD";

export type SeriesRow = {
  /** 1-based row of the sheet (or line of a text list). */
  row: number;
  arrivalFlight: string | null;
  departureFlight: string | null;
  /** `yyyy-MM-dd`, first and last date of operation (of the arrival when there is one). */
  firstDate: string;
  lastDate: string;
  /** Days of operation as a bit mask: bit 0 Monday … bit 6 Sunday. */
  days: number;
  seats: number;
  aircraftType: string;
  origin: string | null;
  /** UTC `HH:MM`. */
  arrivalTime: string | null;
  departureTime: string | null;
  destination: string | null;
  /** The departure leaves this many days after the arrival's date (SCR overnight digit; 0 in sheets). */
  overnight: number;
  /** One letter per direction (`J`, or `JJ` for a turnaround). */
  serviceType: string;
  status: SeriesStatus;
};

export type SeriesProblem = {
  row: number;
  /** Null for a problem of the whole row (a text list's line). */
  column: SeriesColumnKey | null;
  /** The cell as written ("" when empty). */
  value: string;
  message: string;
  /** In a text list: the 1-based character column the codec points at. */
  textColumn?: number;
};

const DAY_MS = 86_400_000;
/** Day 0 of Excel's serial dates (with its 1900 leap-year bug, serial 60 never occurs in real data). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const STATION = /^[A-Z]{3}$/;
const AIRCRAFT = /^[A-Z0-9]{3}$/;

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function isoOfUtc(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** The cell as the person wrote it, for the message. */
export function cellText(value: CellValue): string {
  if (value === null) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().replace(".000Z", "Z");
  return String(value).trim();
}

/** A date cell: a date cell, `yyyy-mm-dd`, `dd/mm/aaaa` or an Excel serial number. */
export function readDate(value: CellValue): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoOfUtc(value);
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 1 || value > 200_000) return null;
    return isoOfUtc(new Date(EXCEL_EPOCH_MS + value * DAY_MS));
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = dmy ? `${dmy[3]}-${pad2(Number(dmy[2]))}-${pad2(Number(dmy[1]))}` : text;
  return parseDate(iso) ? iso : null;
}

/** A UTC time cell: `HH:MM`, `HHMM`, a time cell or a fraction of a day. */
export function readTime(value: CellValue): string | null {
  let minutes: number | null = null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    minutes = value.getUTCHours() * 60 + value.getUTCMinutes() + Math.round(value.getUTCSeconds() / 60);
  } else if (typeof value === "number") {
    if (value < 0 || value >= 1) return null;
    minutes = Math.round(value * 24 * 60);
  } else if (typeof value === "string") {
    const match = /^(\d{1,2}):?(\d{2})$/.exec(value.trim());
    if (!match) return null;
    const hours = Number(match[1]);
    const mins = Number(match[2]);
    if (hours > 23 || mins > 59) return null;
    minutes = hours * 60 + mins;
  }
  if (minutes === null || minutes >= 24 * 60) return null;
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/**
 * Days of operation: SSIM's seven positions (`1030507`, `1.3.5.7`) or the digits of the days
 * (`135`). Bit 0 is Monday. Null when the text is neither or lists no day.
 */
export function readDays(value: CellValue): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  let mask = 0;
  if (text.length === 7 && [...text].every((c, i) => c === String(i + 1) || "0. -_".includes(c))) {
    for (let i = 0; i < 7; i++) if (text[i] === String(i + 1)) mask |= 1 << i;
  } else if (/^[1-7]{1,7}$/.test(text)) {
    let last = 0;
    for (const c of text) {
      const day = Number(c);
      if (day <= last) return null;
      last = day;
      mask |= 1 << (day - 1);
    }
  }
  return mask === 0 ? null : mask;
}

/** The SSIM text of a days mask (`1030507`). */
export function daysText(mask: number): string {
  let out = "";
  for (let i = 0; i < 7; i++) out += mask & (1 << i) ? String(i + 1) : "0";
  return out;
}

const WEEKDAYS = ["", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];

/** Reads one row of cells (by column key). Either a series or the problems of its cells. */
export function readSeriesRow(
  row: number,
  cell: (key: SeriesColumnKey) => CellValue,
): { series: SeriesRow; problems: [] } | { series: null; problems: SeriesProblem[] } {
  const problems: SeriesProblem[] = [];
  const fail = (column: SeriesColumnKey, message: string) =>
    problems.push({ row, column, value: cellText(cell(column)), message });
  const text = (column: SeriesColumnKey) => cellText(cell(column)).toUpperCase();
  const optional = <T>(column: SeriesColumnKey, read: (value: CellValue) => T | null, message: string): T | null => {
    if (text(column) === "") return null;
    const value = read(cell(column));
    if (value === null) fail(column, message);
    return value;
  };

  const flight = (column: SeriesColumnKey) =>
    optional(column, () => (isDesignator(text(column)) ? text(column) : null), "no es un número de vuelo válido (p. ej. VB1234)");
  const arrivalFlight = flight("arrival_flight");
  const departureFlight = flight("departure_flight");
  if (text("arrival_flight") === "" && text("departure_flight") === "") {
    fail("arrival_flight", "falta el vuelo de llegada o el de salida (al menos uno)");
  }

  const date = (column: SeriesColumnKey) => {
    const value = readDate(cell(column));
    if (value === null) {
      fail(column, text(column) === "" ? "falta la fecha" : "no es una fecha válida (aaaa-mm-dd o dd/mm/aaaa)");
    }
    return value;
  };
  const firstDate = date("first_date");
  const lastDate = date("last_date");

  const days = readDays(cell("days"));
  if (days === null) fail("days", "los días de operación deben ser dígitos del 1 (lunes) al 7 (domingo), p. ej. 1234567 o 1030507");

  const seatsText = text("seats");
  const seats = /^\d{1,3}$/.test(seatsText) ? Number(seatsText) : null;
  if (seats === null) fail("seats", "los asientos deben ser un número entero de 0 a 999");

  const aircraftType = AIRCRAFT.test(text("aircraft_type")) ? text("aircraft_type") : null;
  if (aircraftType === null) fail("aircraft_type", "el tipo de aeronave debe ser el subtipo IATA de 3 caracteres (p. ej. 320)");

  const station = (column: SeriesColumnKey) =>
    optional(column, () => (STATION.test(text(column)) ? text(column) : null), "debe ser un código IATA de 3 letras");
  const time = (column: SeriesColumnKey) => optional(column, readTime, "no es una hora válida (HH:MM, UTC)");
  const origin = station("origin");
  const arrivalTime = time("arrival_time");
  const departureTime = time("departure_time");
  const destination = station("destination");
  const direction = (flightColumn: SeriesColumnKey, needs: readonly SeriesColumnKey[], what: string) => {
    const hasFlight = text(flightColumn) !== "";
    for (const column of needs) {
      if (hasFlight && text(column) === "") fail(column, `falta: la ${what} lo necesita`);
      if (!hasFlight && text(column) !== "") fail(column, `sobra: no hay vuelo de ${what}`);
    }
  };
  direction("arrival_flight", ["origin", "arrival_time"], "llegada");
  direction("departure_flight", ["departure_time", "destination"], "salida");

  const legs = (text("arrival_flight") === "" ? 0 : 1) + (text("departure_flight") === "" ? 0 : 1);
  const serviceText = text("service_type") === "" ? "J".repeat(Math.max(legs, 1)) : text("service_type");
  const serviceOk = (serviceText.length === 1 || serviceText.length === legs) && [...serviceText].every(isServiceTypeCode);
  if (!serviceOk) fail("service_type", "el tipo de servicio debe ser una letra SSIM (p. ej. J), o una por sentido (JJ)");

  const statusText = text("status");
  const status: SeriesStatus | null = statusText === "D" ? "D" : statusText === "ADD" ? "ADD" : null;
  if (status === null) fail("status", "el estado debe ser D (histórica) o ADD (nueva)");

  if (
    problems.length > 0 ||
    firstDate === null ||
    lastDate === null ||
    days === null ||
    seats === null ||
    aircraftType === null ||
    status === null
  ) {
    return { series: null, problems };
  }
  return {
    series: {
      row,
      arrivalFlight,
      departureFlight,
      firstDate,
      lastDate,
      days,
      seats,
      aircraftType,
      origin,
      arrivalTime,
      departureTime,
      destination,
      overnight: 0,
      serviceType: serviceText,
      status,
    },
    problems: [],
  };
}

function epochDay(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
}

/** The days of operation a period really has: the mask restricted to the weekdays it contains. */
function daysInPeriod(first: string, last: string): number {
  const span = epochDay(last) - epochDay(first);
  if (span >= 6) return 0b1111111;
  let mask = 0;
  const start = isoWeekday(first);
  for (let k = 0; k <= span; k++) mask |= 1 << ((start - 1 + k) % 7);
  return mask;
}

/** Checks of one series against the season: period in the season and in order, days that agree. */
export function checkSeriesPeriod(series: SeriesRow, season: SeasonBounds): SeriesProblem[] {
  const { row } = series;
  const problem = (column: SeriesColumnKey, value: string, message: string): SeriesProblem[] => [
    { row, column, value, message },
  ];
  for (const [column, date] of [
    ["first_date", series.firstDate],
    ["last_date", series.lastDate],
  ] as const) {
    if (date < season.start_date || date > season.end_date) {
      return problem(
        column,
        date,
        `la fecha ${date} queda fuera de la temporada ${season.name} (del ${season.start_date} al ${season.end_date})`,
      );
    }
  }
  if (series.lastDate < series.firstDate) {
    return problem("last_date", series.lastDate, `el periodo termina (${series.lastDate}) antes de empezar (${series.firstDate})`);
  }
  const days = daysText(series.days);
  for (const [date, which] of [
    [series.firstDate, "primera"],
    [series.lastDate, "última"],
  ] as const) {
    const weekday = isoWeekday(date);
    if ((series.days & (1 << (weekday - 1))) === 0) {
      return problem("days", days, `la ${which} fecha (${date}, ${WEEKDAYS[weekday]}) no es un día de operación`);
    }
  }
  const outside = series.days & ~daysInPeriod(series.firstDate, series.lastDate);
  if (outside !== 0) {
    const day = 31 - Math.clz32(outside & -outside) + 1;
    return problem(
      "days",
      days,
      `el día ${day} (${WEEKDAYS[day]}) no cae dentro del periodo ${series.firstDate}–${series.lastDate}`,
    );
  }
  return [];
}

/** True when two periods with their days share at least one date. */
function periodsShareADate(a: SeriesRow, aFrom: string, b: SeriesRow, bFrom: string): boolean {
  const aTo = addDays(a.lastDate, epochDay(aFrom) - epochDay(a.firstDate));
  const bTo = addDays(b.lastDate, epochDay(bFrom) - epochDay(b.firstDate));
  const from = aFrom > bFrom ? aFrom : bFrom;
  const to = aTo < bTo ? aTo : bTo;
  if (from > to) return false;
  const shift = (mask: number, by: number) => {
    const n = ((by % 7) + 7) % 7;
    return ((mask << n) | (mask >> (7 - n))) & 0b1111111;
  };
  // The days of each movement (a departure's days move with its overnight digit).
  const aDays = shift(a.days, epochDay(aFrom) - epochDay(a.firstDate));
  const bDays = shift(b.days, epochDay(bFrom) - epochDay(b.firstDate));
  return (aDays & bDays & daysInPeriod(from, to)) !== 0;
}

/**
 * Overlapping series: the same flight number in the same direction operating on a common date.
 * The later row is the one reported, naming the earlier.
 */
export function findOverlaps(series: readonly SeriesRow[]): SeriesProblem[] {
  const problems: SeriesProblem[] = [];
  const byFlight = new Map<string, Array<{ series: SeriesRow; from: string }>>();
  for (const s of series) {
    const legs: Array<{ key: string; column: SeriesColumnKey; flight: string; from: string }> = [];
    if (s.arrivalFlight) {
      legs.push({ key: `A ${s.arrivalFlight}`, column: "arrival_flight", flight: s.arrivalFlight, from: s.firstDate });
    }
    if (s.departureFlight) {
      const from = addDays(s.firstDate, s.overnight);
      legs.push({ key: `D ${s.departureFlight}`, column: "departure_flight", flight: s.departureFlight, from });
    }
    for (const leg of legs) {
      const earlier = byFlight.get(leg.key) ?? [];
      const clash = earlier.find((other) => periodsShareADate(other.series, other.from, s, leg.from));
      if (clash) {
        problems.push({
          row: s.row,
          column: leg.column,
          value: leg.flight,
          message: `la serie se superpone con la de la fila ${clash.series.row} (mismo vuelo ${leg.flight} en fechas comunes)`,
        });
      }
      earlier.push({ series: s, from: leg.from });
      byFlight.set(leg.key, earlier);
    }
  }
  return problems;
}

/** 'Hoja «Series», fila 5, columna C (Primera fecha), valor «31/02/2027»: no es una fecha válida …' */
export function describeProblem(problem: SeriesProblem, place: { sheet: string } | { file: string }): string {
  const where =
    "sheet" in place
      ? `Hoja «${place.sheet}», fila ${problem.row}`
      : `Archivo «${place.file}», línea ${problem.row}`;
  const column =
    problem.column === null
      ? problem.textColumn === undefined
        ? ""
        : `, columna ${problem.textColumn}`
      : "sheet" in place
        ? `, columna ${columnLetter(columnNumber(problem.column))} (${columnHeader(problem.column)})`
        : `, campo ${columnHeader(problem.column)}`;
  const value = problem.value === "" ? "" : `, valor «${problem.value}»`;
  return `${where}${column}${value}: ${problem.message}`;
}
