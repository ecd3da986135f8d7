/**
 * Reader of the airline's schedule in IATA SSIM Chapter 7 (README, "Schedule import (SSIM)"):
 * fixed 200-character records, one a line; record 1 header, 2 carrier, 3 flight leg, 4 segment
 * data, 5 trailer, a 2…5 block per airline; lines of zeros pad a block and are skipped. Columns
 * are 1-based as the manual numbers them.
 *
 * Tolerant, on the reading model of ../reading: a leg it cannot understand is an error of that
 * line only (the other legs load); what it assumes is a warning (`aviso`):
 * - an arrival that would fall before its departure with a blank arrival date variation is read
 *   as the next day;
 * - an open-ended period (`00XXX00`) ends at the end of the IATA season that holds its start;
 * - legs of airlines other than the ones asked for are skipped, with ONE warning naming them.
 * - a serial number out of sequence (the record is whole; a record before it may be missing).
 * Read without a word: CRLF; blank lines; records shorter than 200 characters because trailing
 * blanks were trimmed (padded back); a blank serial number; record 4 (segment data) and the
 * fields of records 1, 2 and 5 it does not use.
 *
 * Record 3 columns read: 2 operational suffix · 3–5 airline · 6–9 flight number · 10–11 itinerary
 * variation · 12–13 leg sequence · 14 service type · 15–21 / 22–28 period of operation (DDMMMYY) ·
 * 29–35 days of operation · 36 frequency rate · 37–39 departure station · 44–47 aircraft STD ·
 * 48–52 UTC/local variation · 55–57 arrival station · 58–61 aircraft STA · 66–70 UTC/local
 * variation · 73–75 aircraft type · 193–194 date variation (STD, STA) · 195–200 serial number.
 * In time mode L the times are local: UTC = local − variation (`-0600`: 10:00 local is 16:00 UTC).
 */
import { parseDesignator } from "../matching";
import { readError, sortProblems, warning, type ReadProblem } from "../reading";
import { isServiceTypeCode } from "../scr";
import { MONTH_NAMES } from "../scr/tokens";
import { addDays, daysInMonth, seasonBounds, seasonCodeForDate } from "../seasons";

export const SSIM_RECORD_LENGTH = 200;
const MAX_ERRORS = 500;
const MAX_WARNINGS = 1000;

export type Ssim7Problem = { line: number; column?: number; field?: string; message: string };

/** Record 2's time mode: U = the times are UTC, L = local (converted with the variations). */
export type Ssim7TimeMode = "U" | "L";

export type Ssim7Leg = {
  line: number;
  timeMode: Ssim7TimeMode;
  /** The designator as SCR lines write it: `VB012`, `VB1234A`. */
  flightNumber: string;
  itineraryVariation: string;
  legSequence: string;
  serviceType: string;
  /** First and last date of the period of operation, `yyyy-MM-dd`. */
  from: string;
  to: string;
  /** ISO weekdays (1 = Monday … 7 = Sunday) the leg operates. */
  days: number[];
  /** 1 = every week, 2 = every other week counted from `from`. */
  frequency: 1 | 2;
  departureStation: string;
  /** Minutes after midnight and the UTC/local variation in minutes (local = UTC + variation). */
  departureTime: number;
  departureVariation: number;
  arrivalStation: string;
  arrivalTime: number;
  arrivalVariation: number;
  aircraftType: string;
  /** Days to add to the date of operation for the departure and the arrival (col. 193–194). */
  departureDateVariation: number;
  arrivalDateVariation: number;
};

export type Ssim7File = {
  /** Every leg read (with or without warnings); a leg with an error is not here. */
  legs: Ssim7Leg[];
  /** The errors only, in the shape callers used before the reading model. */
  errors: Ssim7Problem[];
  /** Warnings and errors in file order, each with its record's text. */
  problems: ReadProblem[];
  /** Legs skipped as another airline's that leave or reach `options.station`, per airline. */
  skippedAtStation: { airline: string; legs: number }[];
};

export type Ssim7ReadOptions = {
  /**
   * The airline's designators (IATA and ICAO, e.g. `["VB", "VIV"]`): legs of any other airline
   * are skipped with one warning naming them. Absent: every airline's legs are read.
   */
  airlines?: readonly string[];
  /**
   * The station the reader counts other airlines' skipped legs at (`MEX`): `skippedAtStation`
   * names them, so a file of another airline can say so instead of "no leg at MEX".
   */
  station?: string;
  /** Several stations (the active airports, issue 37): a leg leaving or reaching any of them counts. */
  stations?: readonly string[];
};

export const NEXT_DAY_ARRIVAL_MESSAGE =
  "Se asumió llegada al día siguiente: la variación de fecha está vacía y la llegada quedaba antes de la salida";

const isZeroPadding = (line: string) => /^0+$/.test(line);

/** `01SEP25` → `2025-09-01`; null when it is not a real day. */
export function parseSsimDate(text: string): string | null {
  const match = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(text);
  if (!match) return null;
  const month = MONTH_NAMES.indexOf(match[2] ?? "") + 1;
  const year = 2000 + Number(match[3]);
  const day = Number(match[1]);
  if (month < 1 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** `0730` → 450; null unless hh 00–23 and mm 00–59. */
function parseHhmm(text: string): number | null {
  const match = /^([01]\d|2[0-3])([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `-0600` → −360; null unless ±hhmm within ±14:00. */
function parseVariation(text: string): number | null {
  const match = /^([+-])(\d{2})([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (minutes > 14 * 60) return null;
  return match[1] === "-" ? -minutes : minutes;
}

/** Date variation: blank or 0 → 0, 1–9 → days after, A → the day before. */
function parseDateVariation(char: string): number | null {
  if (char === " " || char === "0") return 0;
  if (char === "A") return -1;
  return /^[1-9]$/.test(char) ? Number(char) : null;
}

/** The last day of the IATA season that holds `date`, with the season's code. */
function seasonEnd(date: string): { code: string; end: string } | null {
  try {
    const code = seasonCodeForDate(date);
    return { code, end: seasonBounds(code).end_date };
  } catch {
    return null;
  }
}

/**
 * The record without the blanks at its end. A loop, not `/[ \t]+$/`: that pattern restarts at
 * every blank of a record's long runs of them (quadratic, 2 s of a 40,000-record file's read).
 */
function trimBlanksEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * Reads the whole file: every leg record (type 3) it can understand, and the problems. Never
 * throws; a file that is not SSIM at all comes back with errors and no legs.
 */
export function readSsim7(text: string, options: Ssim7ReadOptions = {}): Ssim7File {
  const errors: Ssim7Problem[] = [];
  const problems: ReadProblem[] = [];
  const legs: Ssim7Leg[] = [];
  const wanted = options.airlines ? new Set(options.airlines.map((a) => a.trim().toUpperCase())) : null;
  const skipped = new Map<string, number>();
  const skippedAtStation = new Map<string, number>();
  const counted = new Set([...(options.station === undefined ? [] : [options.station]), ...(options.stations ?? [])].map((s) => s.trim().toUpperCase()));
  let firstSkipped: { line: number; text: string } | null = null;
  let warnings = 0;
  let warningsLeft = 0;

  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r\n|\n|\r/);
  while (lines.length > 0 && (lines[lines.length - 1] ?? "").trim() === "") lines.pop();

  let current = "";
  const add = (problem: Ssim7Problem, severity: "aviso" | "error" = "error") => {
    if (severity === "error") {
      if (errors.length >= MAX_ERRORS) return;
      errors.push(problem);
      problems.push(readError(problem.line, problem.column ?? 1, current, problem.message));
      return;
    }
    if (warnings >= MAX_WARNINGS) {
      warningsLeft++;
      return;
    }
    warnings++;
    problems.push(warning(problem.line, problem.column ?? 1, current, problem.message));
  };

  let state: "start" | "header" | "carrier" | "trailer" = "start";
  let carrier: { airline: string; timeMode: Ssim7TimeMode } | null = null;
  let records = 0;
  /** The number of a record out of sequence: the next one may go on from it (resynchronise). */
  let resync: number | null = null;

  for (let i = 0; i < lines.length && errors.length < MAX_ERRORS; i++) {
    const line = i + 1;
    const written = lines[i] ?? "";
    current = written;
    if (written.trim() === "") continue; // blank lines between blocks
    const trimmed = trimBlanksEnd(written);
    if (trimmed.length > SSIM_RECORD_LENGTH) {
      records += 1; // a record, though unreadable: the serial numbers after it still count it
      add({
        line,
        column: SSIM_RECORD_LENGTH + 1,
        message: `El registro tiene ${trimmed.length} caracteres; un registro SSIM tiene ${SSIM_RECORD_LENGTH}.`,
      });
      continue;
    }
    // Trailing blanks trimmed by an editor or a mail program: the record is padded back.
    const record = written.length === SSIM_RECORD_LENGTH ? written : trimmed.padEnd(SSIM_RECORD_LENGTH, " ");
    if (isZeroPadding(trimmed)) continue;
    records += 1;
    const col = (from: number, to: number) => record.slice(from - 1, to);
    const fail = (column: number, field: string, message: string) => add({ line, column, field, message });

    const type = col(1, 1);
    if (type === "1") {
      if (state !== "start") fail(1, "tipo de registro", "El registro 1 (cabecera) solo puede ir al principio.");
      state = "header";
    } else if (state === "start") {
      fail(1, "tipo de registro", `El archivo debe empezar con el registro 1 (cabecera); se recibió el tipo «${type}».`);
      state = "header";
      if (type !== "2") continue;
    }
    // Serial numbers count the records (not the padding) from 000001: a gap means a lost record.
    // Some exports leave them blank (and their trailing blanks trimmed): nothing is lost then.
    const serialText = col(195, 200);
    if (serialText.trim() === "") {
      // no serial number
    } else if (!/^\d{6}$/.test(serialText)) {
      const message = `El número de serie (columnas 195–200) debe tener seis dígitos; se recibió «${serialText}». Se leyó el registro igualmente.`;
      add({ line, column: 195, field: "número de serie", message }, "aviso");
    } else if (Number(serialText) === records) {
      resync = null;
    } else if (resync !== null && Number(serialText) === resync + 1) {
      // Resynchronised: the record before was numbered off (a repeated or skipped number) and the
      // sequence goes on from it; named once, not on every following record.
      records = resync + 1;
      resync = null;
    } else {
      // The record itself is whole: it is read, and the gap is named (a record may be missing).
      const message = `El número de serie es ${serialText}; se esperaba ${String(records).padStart(6, "0")}. Se leyó el registro igualmente: revise si falta alguno.`;
      add({ line, column: 195, field: "número de serie", message }, "aviso");
      // The next record may follow either the count or this number (one garbled number).
      resync = Number(serialText);
    }
    if (type === "1") continue;
    if (type === "2") {
      const timeMode = col(2, 2);
      const airline = col(3, 5).trim();
      if (timeMode !== "U" && timeMode !== "L") {
        fail(2, "modo horario", `El modo horario (columna 2) debe ser U (UTC) o L (local); se recibió «${timeMode}».`);
      }
      if (!/^([A-Z]{3}|[A-Z0-9]{2})$/.test(airline)) {
        fail(3, "aerolínea", `«${airline}» no es un designador de aerolínea IATA (columnas 3–5).`);
      }
      carrier = { airline, timeMode: timeMode === "U" ? "U" : "L" };
      state = "carrier";
      continue;
    }
    if (type === "4") continue; // segment data (traffic restrictions, meals…): not needed for slots
    if (type === "5") {
      if (carrier && col(3, 5).trim() !== carrier.airline) {
        add(
          { line, column: 3, field: "aerolínea", message: `El registro 5 es de «${col(3, 5).trim()}» y el registro 2 de «${carrier.airline}».` },
          "aviso",
        );
      }
      // The next airline's block (record 2) may follow.
      state = "trailer";
      carrier = null;
      continue;
    }
    if (type !== "3") {
      fail(1, "tipo de registro", `Tipo de registro «${type}» desconocido: se esperaba 1, 2, 3, 4 o 5.`);
      continue;
    }
    if (!carrier) {
      fail(1, "tipo de registro", "Un registro 3 (tramo) debe ir después de un registro 2 (aerolínea).");
      continue;
    }

    // Record 3: a flight leg.
    const airline = col(3, 5).trim();
    if (wanted && !wanted.has(airline)) {
      skipped.set(airline, (skipped.get(airline) ?? 0) + 1);
      if (counted.has(col(37, 39)) || counted.has(col(55, 57))) {
        skippedAtStation.set(airline, (skippedAtStation.get(airline) ?? 0) + 1);
      }
      firstSkipped ??= { line, text: written };
      continue;
    }
    const before = errors.length;
    const numberText = col(6, 9);
    const suffix = col(2, 2).trim();
    const designator = /^ *\d{1,4}$/.test(numberText) ? parseDesignator(`${airline}${numberText.trim()}${suffix}`) : null;
    if (!designator) {
      fail(6, "número de vuelo", `«${numberText}» no es un número de vuelo (columnas 6–9, hasta cuatro dígitos).`);
    }
    const itineraryVariation = col(10, 11);
    if (!/^\d{2}$/.test(itineraryVariation)) {
      fail(10, "variación de itinerario", `La variación de itinerario (columnas 10–11) debe tener dos dígitos; se recibió «${itineraryVariation}».`);
    }
    const legSequence = col(12, 13);
    if (!/^\d{2}$/.test(legSequence)) {
      fail(12, "secuencia del tramo", `La secuencia del tramo (columnas 12–13) debe tener dos dígitos; se recibió «${legSequence}».`);
    }
    const serviceType = col(14, 14);
    if (!isServiceTypeCode(serviceType)) fail(14, "tipo de servicio", `«${serviceType}» no es un tipo de servicio IATA (columna 14).`);
    const from = parseSsimDate(col(15, 21));
    if (!from) fail(15, "periodo", `«${col(15, 21)}» no es una fecha DDMMMAA válida (columnas 15–21).`);
    let to = parseSsimDate(col(22, 28));
    let openEnded: { code: string; end: string } | null = null;
    if (!to && col(22, 28) === "00XXX00" && from) {
      openEnded = seasonEnd(from);
      to = openEnded?.end ?? null;
    }
    if (!to) fail(22, "periodo", `«${col(22, 28)}» no es una fecha DDMMMAA válida (columnas 22–28).`);
    if (from && to && to < from) fail(22, "periodo", `El periodo termina (${col(22, 28)}) antes de empezar (${col(15, 21)}).`);
    const daysText = col(29, 35);
    const days: number[] = [];
    for (let d = 1; d <= 7; d++) {
      const char = daysText[d - 1];
      if (char === String(d)) days.push(d);
      else if (char !== " ") {
        fail(28 + d, "días de operación", `Días de operación «${daysText}»: la columna ${28 + d} debe ser ${d} o un espacio.`);
        break;
      }
    }
    if (daysText.trim() === "") fail(29, "días de operación", "El tramo no opera ningún día (columnas 29–35 vacías).");
    const frequencyText = col(36, 36);
    if (frequencyText !== " " && frequencyText !== "1" && frequencyText !== "2") {
      fail(36, "frecuencia", `La frecuencia (columna 36) debe ser un espacio, 1 o 2; se recibió «${frequencyText}».`);
    }
    const station = (column: number, what: string) => {
      const value = col(column, column + 2);
      if (!/^[A-Z]{3}$/.test(value)) fail(column, what, `«${value}» no es un código de aeropuerto IATA de tres letras (columnas ${column}–${column + 2}).`);
      return value;
    };
    const time = (column: number, what: string) => {
      const value = parseHhmm(col(column, column + 3));
      if (value === null) fail(column, what, `«${col(column, column + 3)}» no es una hora hhmm válida (columnas ${column}–${column + 3}).`);
      return value;
    };
    const variation = (column: number) => {
      const value = parseVariation(col(column, column + 4));
      if (value === null) {
        fail(column, "variación UTC", `«${col(column, column + 4)}» no es una variación UTC/local ±hhmm (columnas ${column}–${column + 4}).`);
      }
      return value;
    };
    const departureStation = station(37, "estación de salida");
    const departureTime = time(44, "salida programada");
    const departureVariation = variation(48);
    const arrivalStation = station(55, "estación de llegada");
    const arrivalTime = time(58, "llegada programada");
    const arrivalVariation = variation(66);
    if (departureStation === arrivalStation && /^[A-Z]{3}$/.test(departureStation)) {
      fail(55, "estación de llegada", `El tramo sale y llega a la misma estación (${departureStation}).`);
    }
    const aircraftType = col(73, 75);
    if (!/^[A-Z0-9]{3}$/.test(aircraftType)) {
      fail(73, "tipo de aeronave", `«${aircraftType}» no es un tipo de aeronave IATA de tres caracteres (columnas 73–75).`);
    }
    const departureDateVariation = parseDateVariation(col(193, 193));
    if (departureDateVariation === null) fail(193, "variación de fecha", `La variación de fecha de salida (columna 193) debe ser 0–9 o A; se recibió «${col(193, 193)}».`);
    const arrivalDateVariation = parseDateVariation(col(194, 194));
    if (arrivalDateVariation === null) fail(194, "variación de fecha", `La variación de fecha de llegada (columna 194) debe ser 0–9 o A; se recibió «${col(194, 194)}».`);

    if (
      errors.length > before ||
      !designator ||
      !from ||
      !to ||
      departureTime === null ||
      arrivalTime === null ||
      departureVariation === null ||
      arrivalVariation === null ||
      departureDateVariation === null ||
      arrivalDateVariation === null
    ) {
      continue;
    }
    const leg: Ssim7Leg = {
      line,
      timeMode: carrier.timeMode,
      flightNumber: `${designator.airline}${String(designator.number).padStart(3, "0")}${designator.suffix}`,
      itineraryVariation,
      legSequence,
      serviceType,
      from,
      to,
      days,
      frequency: frequencyText === "2" ? 2 : 1,
      departureStation,
      departureTime,
      departureVariation,
      arrivalStation,
      arrivalTime,
      arrivalVariation,
      aircraftType,
      departureDateVariation,
      arrivalDateVariation,
    };
    const { departure, arrival } = legInstants(leg, leg.from);
    if (arrival <= departure) {
      // A blank arrival date variation is the usual way planning systems leave out "+1".
      const blank = col(194, 194) === " ";
      if (!blank || legInstants({ ...leg, arrivalDateVariation: leg.arrivalDateVariation + 1 }, leg.from).arrival <= departure) {
        fail(194, "variación de fecha", "La llegada queda antes de la salida: revise las horas o la variación de fecha de llegada (columna 194).");
        continue;
      }
      leg.arrivalDateVariation += 1;
      add({ line, column: 194, field: "variación de fecha", message: NEXT_DAY_ARRIVAL_MESSAGE }, "aviso");
    }
    if (openEnded) {
      add(
        {
          line,
          column: 22,
          field: "periodo",
          message: `Periodo sin fin (00XXX00): se asumió que termina el ${openEnded.end}, último día de la temporada ${openEnded.code} en la que empieza.`,
        },
        "aviso",
      );
    }
    legs.push(leg);
  }
  if (firstSkipped) {
    const names = [...skipped.entries()].map(([airline, count]) => `${airline} (${count})`).join(", ");
    const total = [...skipped.values()].reduce((a, b) => a + b, 0);
    current = firstSkipped.text;
    add(
      {
        line: firstSkipped.line,
        column: 3,
        field: "aerolínea",
        message: `${total === 1 ? "Se omitió 1 tramo" : `Se omitieron ${total} tramos`} de otras aerolíneas: ${names}. Solo se leen los de ${[...(wanted ?? [])].join(" / ")}.`,
      },
      "aviso",
    );
  }
  current = lines[lines.length - 1] ?? "";
  if (errors.length === 0 && records === 0) {
    current = "";
    add({ line: 1, message: "El archivo está vacío." });
  } else if (errors.length === 0 && state !== "trailer") {
    add({ line: lines.length, message: "Falta el registro 5 (fin del archivo): el archivo parece cortado." });
  }
  if (errors.length >= MAX_ERRORS) {
    const last = errors[errors.length - 1]?.line ?? 1;
    errors.push({ line: last, message: `Se muestran los primeros ${MAX_ERRORS} errores.` });
    problems.push(readError(last, 1, "", `Se muestran los primeros ${MAX_ERRORS} errores.`));
  }
  if (warningsLeft > 0) {
    problems.push(warning(lines.length, 1, "", `Se muestran los primeros ${MAX_WARNINGS} avisos; hay ${warningsLeft} más.`));
  }
  return {
    legs,
    errors,
    problems: sortProblems(problems),
    skippedAtStation: [...skippedAtStation.entries()].map(([airline, legs]) => ({ airline, legs })).sort((a, b) => b.legs - a.legs),
  };
}

const MINUTE_MS = 60_000;

/** The leg's departure and arrival instants (ms, UTC) when it operates on `date` (`yyyy-MM-dd`). */
export function legInstants(leg: Ssim7Leg, date: string): { departure: number; arrival: number } {
  const instant = (dayOffset: number, minutes: number, variation: number) => {
    const local = Date.parse(`${addDays(date, dayOffset)}T00:00:00Z`) + minutes * MINUTE_MS;
    return leg.timeMode === "U" ? local : local - variation * MINUTE_MS;
  };
  return {
    departure: instant(leg.departureDateVariation, leg.departureTime, leg.departureVariation),
    arrival: instant(leg.arrivalDateVariation, leg.arrivalTime, leg.arrivalVariation),
  };
}
