/**
 * Reader of aircraft movement messages (MVT, IATA AHM 780). Tolerant and total: it never throws;
 * it returns every message it found, each with the values it understood and its problems (the
 * shared reading model: line, column, the line's text, `aviso` or `error`, a Spanish message).
 *
 * A message, as AHM 780 writes it:
 *
 *     MVT                          (MVA for aircraft-initiated; COR on the line before or after)
 *     VB1234/26.XA-VRA.MEX         flight (airline, number, suffix) / day of month . registration . station
 *     AD1015/1025 EA1230 MTY       off-block / airborne, estimated arrival and destination
 *     DL11/93/0015/0020            delay codes, then their durations hhmm (or code/duration pairs)
 *     PX145                        passengers
 *     SI ...                       supplementary information; every later line continues it
 *
 * Other data lines: `AA` touchdown / on-block, `ED` estimated (off-block) departure, `NI` next
 * information, `EDL` more delays, `DR` diversion (time, airport, reason: `DR1245 GDL 71`, or `DR71`
 * with the diversion airport on `EA`), `RR` return to ramp (on-block), `FR` return from airborne
 * (touchdown / on-block). `EO` and `EB` are recognised and ignored (warning). Several elements may
 * share a line. Times are kept as written, `HHMM` or `DDHHMM` (see `MvtTime`).
 *
 * Several messages in one text: each `MVT` line starts one; lines before it after a blank line
 * (telex address lines) belong to it and are ignored with a warning; a flight line after a blank
 * line, with no `MVT` before it, starts a message that is flagged for its missing `MVT` line.
 *
 * Tolerances, read without a warning: CRLF, LF or CR line ends; blank lines anywhere; blanks
 * (space, tab, no-break space) around lines and elements, several counting as one, and around `/`;
 * lower case (read as upper case; free text kept as written); `XA-VRA` (hyphen dropped); an
 * element's value after a blank (`AD 1015/1025`). Every assumption beyond that is a warning; a line
 * that cannot be understood is an error and none of its values are kept; times that put an event
 * before the one it follows (airborne before off-block, on-block before touchdown, …) are an error
 * of that message.
 *
 * Speed: one pass over the lines, char-code scanning, no regular expression per line.
 */
import { hasErrors, readError, sortProblems, splitLines, warning, type ReadProblem, type Reading } from "../reading";
import type { MvtDelay, MvtDiversion, MvtMessage, MvtReadOptions, MvtReturn } from "./types";

/** The widest gap an `HHMM` time may jump forward past midnight (AD2355/0005): six hours. */
export const MIDNIGHT_CROSSING_MAX_MINUTES = 360;

const ELEMENTS_ES = "AD, AA, ED, EA, NI, DL, PX, SI, DR, RR, FR o FLD";
const TIME_HELP = "se esperaba HHMM o DDHHMM (p. ej. 1015 o 261015)";
const FLIGHT_HELP = "se esperaba p. ej. VB1234/26.XAVRA.MEX";

// ---- characters -------------------------------------------------------------------------------

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 160 || c === 11 || c === 12 || c === 0xfeff;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isAlnum(c: number): boolean {
  return isDigit(c) || isUpper(c);
}

function skipBlanks(s: string, i: number): number {
  while (i < s.length && isBlank(s.charCodeAt(i))) i++;
  return i;
}
function tokenEnd(s: string, i: number): number {
  while (i < s.length && !isBlank(s.charCodeAt(i))) i++;
  return i;
}
function isBlankLine(s: string): boolean {
  return skipBlanks(s, 0) === s.length;
}

/** ASCII upper case with the same length, so columns stay those of the line as written. */
function upper(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c > 127) {
      const u = s.toUpperCase();
      if (u.length === s.length) return u;
      let out = "";
      for (let k = 0; k < s.length; k++) {
        const d = s.charCodeAt(k);
        out += d >= 97 && d <= 122 ? String.fromCharCode(d - 32) : s.charAt(k);
      }
      return out;
    }
  }
  return s;
}

function allOf(s: string, from: number, to: number, test: (c: number) => boolean): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (!test(s.charCodeAt(i))) return false;
  return true;
}

function twoDigits(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;
}

// ---- line classes -----------------------------------------------------------------------------

const BLANK = 0;
const MVT = 1;
const COR = 2;
const OTHER = 3;
/** Flag on an MVT line that also says COR. */
const WITH_COR = 4;
/** Flag on an MVT line written glued (`MVTCOR`). */
const GLUED = 8;

/** The class of a line (upper case): blank, an MVT line (with its flags), a COR line, or other. */
function classify(up: string): number {
  let i = skipBlanks(up, 0);
  const n = up.length;
  if (i === n) return BLANK;
  const first = up.charCodeAt(i);
  if (first !== 77 && first !== 67) return OTHER; // M, C
  let mvt = false;
  let cor = false;
  let glued = false;
  while (i < n) {
    let j = i;
    while (j < n && !isBlank(up.charCodeAt(j)) && up.charCodeAt(j) !== 47) j++;
    const word = up.slice(i, j);
    if (word === "MVT" || word === "MVA") mvt = true;
    else if (word === "COR") cor = true;
    else if (word === "MVTCOR" || word === "MVACOR" || word === "CORMVT" || word === "CORMVA") {
      mvt = cor = glued = true;
    } else return OTHER;
    i = j;
    while (i < n && (isBlank(up.charCodeAt(i)) || up.charCodeAt(i) === 47)) i++;
  }
  if (!mvt) return cor ? COR : OTHER;
  return MVT | (cor ? WITH_COR : 0) | (glued ? GLUED : 0);
}

// ---- times ------------------------------------------------------------------------------------

/** Why s[from..to) is not an `HHMM` or `DDHHMM` time, or null when it is one. */
function timeProblem(s: string, from: number, to: number): string | null {
  const length = to - from;
  const shownTime = s.slice(from, to);
  if ((length !== 4 && length !== 6) || !allOf(s, from, to, isDigit)) return `Hora '${shownTime}' no válida: ${TIME_HELP}`;
  const at = length === 6 ? from + 2 : from;
  if (length === 6) {
    const day = twoDigits(s, from);
    if (day < 1 || day > 31) return `Día '${s.slice(from, from + 2)}' de la hora '${shownTime}' fuera de 01–31`;
  }
  if (twoDigits(s, at) > 23 || twoDigits(s, at + 2) > 59) return `Hora '${shownTime}' fuera de 0000–2359`;
  return null;
}

/** A time's minutes from the start of the flight line's day (a DDHHMM on another day moves it). */
function minutesFromFlightDay(time: string, flightDay: number): number {
  if (time.length === 4) return twoDigits(time, 0) * 60 + twoDigits(time, 2);
  let days = twoDigits(time, 0) - flightDay;
  // Across a month end (flight on the 31st, time on the 1st): a 31-day month is near enough to
  // order times; the applying code dates them against the real month (mvtInstant).
  if (days < -15) days += 31;
  else if (days > 15) days -= 31;
  return days * 1440 + twoDigits(time, 2) * 60 + twoDigits(time, 4);
}

// ---- messages in progress ---------------------------------------------------------------------

type Stamp = { time: string; line: number; column: number; text: string };

type TimeKey =
  | "offBlock"
  | "airborne"
  | "touchdown"
  | "onBlock"
  | "estimatedDeparture"
  | "estimatedArrival"
  | "nextInformation"
  | "returnTouchdown"
  | "returnOnBlock"
  | "diversionArrival";

const LABELS: Record<TimeKey, string> = {
  offBlock: "la salida de calzos",
  airborne: "el despegue",
  touchdown: "el aterrizaje",
  onBlock: "la llegada a calzos",
  estimatedDeparture: "la salida estimada",
  estimatedArrival: "la llegada estimada",
  nextInformation: "la próxima información",
  returnTouchdown: "el aterrizaje de regreso",
  returnOnBlock: "la llegada a calzos de regreso",
  diversionArrival: "la llegada estimada al desvío",
};

const TIME_KEYS = Object.keys(LABELS) as TimeKey[];

/** Data elements with their bit in `Draft.seen` (DL, EDL, EO and EB may repeat). */
const ELEMENT_BITS: Record<string, number> = {
  AD: 1,
  AA: 2,
  ED: 4,
  EA: 8,
  NI: 16,
  PX: 32,
  DR: 64,
  RR: 128,
  FR: 256,
  FLD: 512,
};

const DATA_CODES = new Set([...Object.keys(ELEMENT_BITS), "DL", "EO", "EB"]);

type Draft = {
  message: MvtMessage;
  /** The next non-blank line is the flight line (or COR). */
  expectFlight: boolean;
  /** SI was read: every later line continues it. */
  inSi: boolean;
  /** Data elements seen (ELEMENT_BITS), to warn on repeats; any element at all, for a bare message. */
  seen: number;
  anyData: boolean;
  stamps: Partial<Record<TimeKey, Stamp>>;
  /** The MVT line as written (for problems about the whole message). */
  text: string;
  /** The flight line names another station than the one asked for (MvtReadOptions.station). */
  otherStation?: { line: number; column: number; text: string; stations: readonly string[] };
  /** The flight is of another airline than those asked for (MvtReadOptions.airlines). */
  otherAirline?: boolean;
};

function newMessage(line: number, correction: boolean): MvtMessage {
  return {
    line,
    flight: null,
    day: null,
    legDay: null,
    registration: null,
    station: null,
    correction,
    offBlock: null,
    airborne: null,
    touchdown: null,
    onBlock: null,
    estimatedDeparture: null,
    estimatedArrival: null,
    destination: null,
    nextInformation: null,
    delays: [],
    passengers: null,
    si: [],
    diversion: null,
    return: null,
    problems: [],
  };
}

function newDraft(line: number, correction: boolean, text: string): Draft {
  return { message: newMessage(line, correction), expectFlight: true, inSi: false, seen: 0, anyData: false, stamps: {}, text };
}

// ---- problems of one line ----------------------------------------------------------------------

/** The line being read: where its problems go, and whether it had an error. */
type LineState = { problems: ReadProblem[]; lineNo: number; raw: string; up: string; failed: boolean };

function lineState(problems: ReadProblem[], lineNo: number, raw: string, up: string): LineState {
  return { problems, lineNo, raw, up, failed: false };
}

function fail(st: LineState, column: number, message: string): void {
  st.problems.push(readError(st.lineNo, column, st.raw, message));
  st.failed = true;
}

function warn(st: LineState, column: number, message: string): void {
  st.problems.push(warning(st.lineNo, column, st.raw, message));
}

/** The time at up[from..to): null when empty, undefined (and an error) when it is not a time. */
function stampAt(st: LineState, from: number, to: number): Stamp | null | undefined {
  if (from === to) return null;
  const problem = timeProblem(st.up, from, to);
  if (problem !== null) {
    fail(st, from + 1, problem);
    return undefined;
  }
  return { time: st.up.slice(from, to), line: st.lineNo, column: from + 1, text: st.raw };
}

// ---- the flight line --------------------------------------------------------------------------

/** Does the line start like a flight line (`VB1234/26`, `VB 1234A / 26`)? Finds a message without MVT. */
function looksLikeFlightLine(up: string): boolean {
  let i = skipBlanks(up, 0);
  const start = i;
  while (i < up.length && isAlnum(up.charCodeAt(i))) i++;
  const afterRun = skipBlanks(up, i);
  if ((i - start === 2 || i - start === 3) && isDigit(up.charCodeAt(afterRun))) {
    // An airline code and a blank before the number.
    i = afterRun;
    while (i < up.length && isAlnum(up.charCodeAt(i))) i++;
  } else if (i - start < 3 || i - start > 8) return false;
  i = skipBlanks(up, i);
  if (up.charCodeAt(i) !== 47) return false;
  return isDigit(up.charCodeAt(skipBlanks(up, i + 1)));
}

/**
 * Is the line a flight line beyond doubt: designator, '/', a day of one or two digits, then '.'
 * or a blank and more (`AA1203/07.LNREG.BGO`)? An airline whose code is also an element name
 * (AA, DL, EA, …) then reads as the flight, not as the element: an element's value after '/' is a
 * time of four or six digits, never a day.
 */
function isFlightLine(up: string): boolean {
  if (!looksLikeFlightLine(up)) return false;
  let i = skipBlanks(up, up.indexOf("/") + 1);
  const dayStart = i;
  while (i < up.length && isDigit(up.charCodeAt(i))) i++;
  if (i - dayStart < 1 || i - dayStart > 2) return false;
  const next = skipBlanks(up, i);
  if (up.charCodeAt(next) === 46) return true;
  // `VB1234/26 XAVRA MEX` (blanks for dots): more fields, and no further '/' (DL11/93 / 0015).
  return next > i && next < up.length && isAlnum(up.charCodeAt(next)) && up.indexOf("/", next) < 0;
}

/** Does the line start with a data element followed by a digit (`AD1015`, `AA 1210`)? */
function looksLikeDataLine(up: string): boolean {
  const i = skipBlanks(up, 0);
  if (up.startsWith("FLD", i) && isDigit(up.charCodeAt(skipBlanks(up, i + 3)))) return true;
  const code = up.slice(i, i + 2);
  if (!DATA_CODES.has(code) && code !== "SI") return false;
  const next = skipBlanks(up, i + 2);
  return next < up.length && (isDigit(up.charCodeAt(next)) || code === "SI" || up.charCodeAt(next) === 47);
}

function readFlightLine(d: Draft, raw: string, up: string, lineNo: number, options: MvtReadOptions): void {
  const m = d.message;
  const problems = m.problems;
  const st = lineState(problems, lineNo, raw, up);
  const n = up.length;
  let i = skipBlanks(up, 0);
  const start = i;

  // Designator: two characters (letters or digits, one a letter) or three letters, 1–4 digits, a
  // suffix letter.
  let airlineEnd = start + 2;
  if (airlineEnd > n || !isAlnum(up.charCodeAt(start)) || !isAlnum(up.charCodeAt(start + 1))) {
    fail(st, start + 1, `Falta la designación del vuelo: ${FLIGHT_HELP}`);
    return;
  }
  if (isDigit(up.charCodeAt(start)) && isDigit(up.charCodeAt(start + 1))) {
    fail(st, start + 1, `Aerolínea '${up.slice(start, start + 2)}' no válida: dos letras, o letra y dígito (p. ej. VB, 4O)`);
    return;
  }
  if (isUpper(up.charCodeAt(start)) && isUpper(up.charCodeAt(start + 1)) && isUpper(up.charCodeAt(start + 2))) airlineEnd = start + 3;
  const airline = up.slice(start, airlineEnd);
  i = skipBlanks(up, airlineEnd);
  const numberStart = i;
  while (i < n && isDigit(up.charCodeAt(i))) i++;
  if (i === numberStart) {
    fail(st, numberStart + 1, `Falta el número de vuelo después de '${airline}': ${FLIGHT_HELP}`);
    return;
  }
  if (i - numberStart > 4) {
    fail(st, numberStart + 1, `Número de vuelo '${up.slice(numberStart, i)}' de más de 4 dígitos`);
    return;
  }
  let designatorEnd = i;
  if (i < n && isUpper(up.charCodeAt(i))) {
    designatorEnd = ++i;
    if (i < n && isUpper(up.charCodeAt(i))) {
      fail(st, designatorEnd, `Sufijo '${up.slice(designatorEnd - 1, tokenEnd(up, designatorEnd - 1))}' no válido: una sola letra`);
      return;
    }
  }
  const flight = airline + up.slice(numberStart, designatorEnd);
  i = skipBlanks(up, i);
  if (up.charCodeAt(i) !== 47) {
    fail(st, i + 1, i < n ? `Se esperaba '/' y el día del mes después de ${flight}` : `Falta '/' y el día del mes después de ${flight}`);
    return;
  }

  // Day of month.
  i = skipBlanks(up, i + 1);
  const dayStart = i;
  while (i < n && isDigit(up.charCodeAt(i))) i++;
  const dayText = up.slice(dayStart, i);
  const day = Number(dayText);
  if (dayText.length === 0 || dayText.length > 2 || day < 1 || day > 31) {
    fail(st, dayStart + 1, dayText ? `Día del mes '${dayText}' no válido: 1 a 31` : "Falta el día del mes después de '/'");
    return;
  }

  // `.registration.station`; blanks in place of the dots are read with a warning.
  const fields: [number, number][] = [];
  let blankSeparated = false;
  for (;;) {
    let j = skipBlanks(up, i);
    if (j >= n) break;
    if (up.charCodeAt(j) === 46) j = skipBlanks(up, j + 1);
    else blankSeparated = true;
    const fieldStart = j;
    while (j < n && up.charCodeAt(j) !== 46 && !isBlank(up.charCodeAt(j))) j++;
    fields.push([fieldStart, j]);
    i = j;
  }
  if (blankSeparated) {
    problems.push(warning(lineNo, (fields[0]?.[0] ?? i) + 1, raw, "Se esperaba '.' entre día, matrícula y estación: se leyeron los blancos como separadores"));
  }
  const onlyField = fields.length === 1 ? fields[0] : undefined;
  const onlyStation = onlyField !== undefined && onlyField[1] - onlyField[0] === 3 && allOf(up, onlyField[0], onlyField[1], isUpper);
  const registrationField = fields.length >= 2 ? fields[0] : undefined;
  const stationField = fields.length >= 2 ? fields[1] : onlyStation ? onlyField : undefined;
  if (stationField === undefined) {
    fail(st, (fields[0]?.[0] ?? i) + 1, fields.length === 0 ? `Falta la estación después del día: ${FLIGHT_HELP}` : `Falta la matrícula o la estación: ${FLIGHT_HELP}`);
    return;
  }
  const [stationStart, stationEnd] = stationField;
  if (stationEnd - stationStart !== 3 || !allOf(up, stationStart, stationEnd, isUpper)) {
    fail(st, stationStart + 1, `Estación '${up.slice(stationStart, stationEnd)}' no válida: 3 letras IATA (p. ej. MEX)`);
    return;
  }
  m.flight = flight;
  m.day = day;
  m.station = up.slice(stationStart, stationEnd);
  if (registrationField === undefined || registrationField[0] === registrationField[1]) {
    problems.push(warning(lineNo, stationStart + 1, raw, "Falta la matrícula: se lee el mensaje sin ella"));
  } else {
    const [rs, re] = registrationField;
    let registration = "";
    let ok = true;
    for (let k = rs; k < re; k++) {
      const c = up.charCodeAt(k);
      if (isAlnum(c)) registration += up.charAt(k);
      else if (c !== 45) ok = false;
    }
    if (!ok || registration.length < 2 || registration.length > 10) {
      problems.push(warning(lineNo, rs + 1, raw, `Matrícula '${raw.slice(rs, re)}' no válida: se lee el mensaje sin ella`));
    } else m.registration = registration;
  }
  if (fields.length > 2) {
    const [xs] = fields[2] ?? [i, i];
    problems.push(warning(lineNo, xs + 1, raw, `Texto después de la estación ignorado: '${raw.slice(xs).trim()}'`));
  }
  if (options.airlines !== undefined && options.airlines.length > 0 && !options.airlines.includes(airline)) {
    problems.push(warning(lineNo, start + 1, raw, `El vuelo ${flight} es de otra aerolínea (se esperaba ${options.airlines.join(" o ")}): no se aplica`));
    d.otherAirline = true;
  }
  const held = options.stations ?? (options.station !== undefined && options.station !== "" ? [options.station] : []);
  if (held.length > 0 && (m.station === null || !held.includes(m.station))) {
    // Said when the message ends: its EA may be the arrival at one of the stations (finish).
    d.otherStation = { line: lineNo, column: stationStart + 1, text: raw, stations: held };
  }
}

// ---- data lines -------------------------------------------------------------------------------

/** Reused buffer of value parts (start, end pairs), filled by `splitParts`. */
const PARTS: number[] = [];

/** Splits s[from..to) at '/' (blanks around parts dropped) into PARTS; returns the part count. */
function splitParts(s: string, from: number, to: number): number {
  PARTS.length = 0;
  let i = from;
  for (;;) {
    i = skipBlanks(s, i);
    let j = i;
    while (j < to && s.charCodeAt(j) !== 47) j++;
    let e = j;
    while (e > i && isBlank(s.charCodeAt(e - 1))) e--;
    PARTS.push(i, e);
    if (j >= to) break;
    i = j + 1;
  }
  return PARTS.length / 2;
}

/** End of a value from `i`: a token, extended over blanks around '/' (`1015 / 1025`). */
function valueEnd(s: string, i: number): number {
  let j = tokenEnd(s, i);
  for (;;) {
    const k = skipBlanks(s, j);
    if (k < s.length && (s.charCodeAt(k) === 47 || s.charCodeAt(j - 1) === 47)) j = tokenEnd(s, k);
    else return j;
  }
}

/** The values of one data line, kept only when the line has no error. */
type LineValues = {
  times: [TimeKey, Stamp | null][];
  destination?: string;
  delays?: MvtDelay[];
  passengers?: number;
  si?: string;
  diversion?: MvtDiversion;
  ret?: MvtReturn["kind"];
  cor?: boolean;
  legDay?: number;
};

function readDataLine(d: Draft, raw: string, up: string, lineNo: number): void {
  const m = d.message;
  const problems = m.problems;
  const n = up.length;
  const values: LineValues = { times: [] };
  const st = lineState(problems, lineNo, raw, up);

  let i = skipBlanks(up, 0);
  while (i < n && !st.failed) {
    const c0 = up.charCodeAt(i);
    const c1 = up.charCodeAt(i + 1);
    const end = tokenEnd(up, i);
    const two = up.slice(i, i + 2);

    if (c0 === 83 && c1 === 73) {
      // SI: the rest of the line, as written.
      values.si = raw.slice(i + 2).trim();
      break;
    }
    if (end - i === 3 && up.slice(i, end) === "COR") {
      values.cor = true;
      warn(st, i + 1, "COR fuera de su lugar (va en la línea antes o después de MVT): se lee el mensaje como corrección");
      i = skipBlanks(up, end);
      continue;
    }
    if (up.startsWith("FLD", i)) {
      // FLD: the flight leg date (AHM 780), the day of month of this leg's departure.
      const from = skipBlanks(up, i + 3);
      const to = tokenEnd(up, from);
      const day = Number(up.slice(from, to));
      if (to - from < 1 || to - from > 2 || !allOf(up, from, to, isDigit) || day < 1 || day > 31) {
        fail(st, from + 1, from < n ? `Fecha del tramo (FLD) '${up.slice(from, to)}' no válida: se esperaba el día del mes, 1 a 31 (p. ej. FLD21)` : "Falta el día del mes después de FLD (p. ej. FLD21)");
        break;
      }
      if ((d.seen & 512) !== 0) warn(st, i + 1, "FLD aparece otra vez en el mensaje: vale este");
      d.seen |= 512;
      values.legDay = day;
      i = skipBlanks(up, to);
      continue;
    }
    const isExtraDelay = up.startsWith("EDL", i);
    const code = isExtraDelay ? "EDL" : two;
    if (!isExtraDelay && !DATA_CODES.has(two)) {
      fail(st, i + 1, `Elemento '${raw.slice(i, Math.min(end, i + 12))}' desconocido: se esperaba ${ELEMENTS_ES}`);
      break;
    }
    let from = i + code.length;
    if (from === end) from = skipBlanks(up, end);
    if (from >= n) {
      fail(st, i + 1, `Falta el valor de ${code}`);
      break;
    }
    const bit = ELEMENT_BITS[code];
    if (bit !== undefined) {
      if ((d.seen & bit) !== 0) warn(st, i + 1, `${code} aparece otra vez en el mensaje: vale este`);
      d.seen |= bit;
    }
    let to = valueEnd(up, from);

    switch (code) {
      case "AD":
      case "AA":
      case "FR": {
        const count = splitParts(up, from, to);
        const keys: [TimeKey, TimeKey] =
          code === "AD" ? ["offBlock", "airborne"] : code === "AA" ? ["touchdown", "onBlock"] : ["returnTouchdown", "returnOnBlock"];
        if (count > 2) {
          fail(st, (PARTS[4] ?? from) + 1, `${code} lleva una o dos horas separadas por '/'`);
          break;
        }
        const [firstStart = from, firstEnd = from, secondStart = to, secondEnd = to] = PARTS;
        if (firstStart === firstEnd && (count === 1 || secondStart === secondEnd)) {
          fail(st, from + 1, `${code} sin hora: ${TIME_HELP}`);
          break;
        }
        const first = stampAt(st, firstStart, firstEnd);
        const second = count === 2 ? stampAt(st, secondStart, secondEnd) : null;
        if (first !== undefined) values.times.push([keys[0], first]);
        if (second !== undefined) values.times.push([keys[1], second]);
        if (code === "FR") values.ret = "airborne";
        break;
      }
      case "RR": {
        const count = splitParts(up, from, to);
        const [s = from, e = to] = PARTS;
        if (count > 1) {
          fail(st, (PARTS[2] ?? from) + 1, "RR lleva una hora: la de llegada a calzos al volver a la plataforma");
          break;
        }
        const stamp = stampAt(st, s, e);
        if (stamp !== undefined) values.times.push(["returnOnBlock", stamp]);
        values.ret = "ramp";
        break;
      }
      case "ED":
      case "NI": {
        const stamp = stampAt(st, from, to);
        if (stamp !== undefined) values.times.push([code === "ED" ? "estimatedDeparture" : "nextInformation", stamp]);
        break;
      }
      case "EA": {
        // EA1230 MTY, EA1230MTY or EA1230 (no airport).
        let digitsEnd = from;
        while (digitsEnd < to && isDigit(up.charCodeAt(digitsEnd))) digitsEnd++;
        const stamp = stampAt(st, from, digitsEnd === from ? to : digitsEnd);
        if (stamp === undefined) break;
        values.times.push(["estimatedArrival", stamp]);
        let stationStart = digitsEnd;
        let stationEnd = to;
        if (digitsEnd === to) {
          const next = skipBlanks(up, to);
          const nextEnd = tokenEnd(up, next);
          if (nextEnd - next === 3 && allOf(up, next, nextEnd, isUpper) && up.slice(next, nextEnd) !== "EDL" && up.slice(next, nextEnd) !== "COR") {
            stationStart = next;
            stationEnd = to = nextEnd;
          } else stationStart = stationEnd = to;
        }
        if (stationStart === stationEnd) warn(st, from + 1, "EA sin aeropuerto de destino: se lee solo la hora");
        else if (stationEnd - stationStart !== 3 || !allOf(up, stationStart, stationEnd, isUpper)) {
          fail(st, stationStart + 1, `Aeropuerto '${up.slice(stationStart, stationEnd)}' no válido después de EA: 3 letras IATA`);
        } else values.destination = up.slice(stationStart, stationEnd);
        break;
      }
      case "DL":
      case "EDL": {
        const delays = readDelays(st, from, to);
        if (delays !== undefined) values.delays = (values.delays ?? []).concat(delays);
        break;
      }
      case "PX": {
        splitParts(up, from, to);
        const [s = from, e = to] = PARTS;
        if (!allOf(up, s, e, isDigit) || e - s > 4) {
          fail(st, s + 1, `Pasajeros '${up.slice(s, e)}' no válidos: se esperaba un número (p. ej. PX145)`);
          break;
        }
        values.passengers = Number(up.slice(s, e));
        break;
      }
      case "DR": {
        // The rest of the line: time, airport and reason in any order.
        to = n;
        const diversion: MvtDiversion = { station: null, estimatedArrival: null, reason: null };
        let k = from;
        while (k < n && !st.failed) {
          const e = tokenEnd(up, k);
          if (allOf(up, k, e, isDigit) && (e - k === 4 || e - k === 6)) {
            const stamp = stampAt(st, k, e);
            if (stamp) {
              diversion.estimatedArrival = stamp.time;
              values.times.push(["diversionArrival", stamp]);
            }
          } else if (e - k === 3 && allOf(up, k, e, isUpper)) diversion.station = up.slice(k, e);
          else if (e - k <= 3 && allOf(up, k, e, isAlnum)) diversion.reason = up.slice(k, e);
          else fail(st, k + 1, `'${up.slice(k, e)}' no se entiende después de DR: se esperaba hora, aeropuerto (3 letras) o código de motivo`);
          k = skipBlanks(up, e);
        }
        values.diversion = diversion;
        break;
      }
      default:
        // EO (estimated take-off), EB (taxi time variance): AHM 780 elements Slotdesk does not use.
        warn(st, i + 1, `${code} no se usa en Slotdesk: ignorado`);
    }
    i = skipBlanks(up, to);
  }
  if (st.failed) return;

  d.anyData ||= values.times.length > 0 || values.delays !== undefined || values.passengers !== undefined || values.diversion !== undefined;
  for (const [key, stamp] of values.times) {
    if (stamp === null) continue;
    d.stamps[key] = stamp;
    switch (key) {
      case "returnTouchdown":
      case "returnOnBlock":
      case "diversionArrival":
        break;
      default:
        m[key] = stamp.time;
    }
  }
  if (values.ret !== undefined) {
    const kind = values.ret;
    const touchdown = kind === "airborne" ? (d.stamps.returnTouchdown?.time ?? null) : null;
    m.return = { kind, touchdown, onBlock: d.stamps.returnOnBlock?.time ?? null };
  }
  if (values.destination !== undefined) m.destination = values.destination;
  if (values.delays !== undefined) for (const delay of values.delays) m.delays.push(delay);
  if (values.passengers !== undefined) m.passengers = values.passengers;
  if (values.diversion !== undefined) m.diversion = values.diversion;
  if (values.cor) m.correction = true;
  if (values.legDay !== undefined) m.legDay = values.legDay;
  if (values.si !== undefined) {
    d.inSi = true;
    if (values.si !== "") m.si.push(values.si);
  }
}

/**
 * `DL` codes and durations: `11/93/0015/0020` (codes, then durations in the same order),
 * `11/0015/93/0020` (pairs), `93A` (a sub-code), `RA` (an alphabetic code). A duration is four
 * digits `hhmm`; anything else of 1–3 letters or digits is a code.
 */
function readDelays(st: LineState, from: number, to: number): MvtDelay[] | undefined {
  const up = st.up;
  const count = splitParts(up, from, to);
  const codes: string[] = [];
  const minutes: number[] = [];
  let codeColumn = from + 1;
  for (let p = 0; p < count; p++) {
    const s = PARTS[2 * p] ?? from;
    const e = PARTS[2 * p + 1] ?? from;
    if (s === e) {
      warn(st, s + 1, "DL con una parte vacía ('//'): ignorada");
      continue;
    }
    if (e - s === 4 && allOf(up, s, e, isDigit)) {
      const mm = twoDigits(up, s + 2);
      if (mm > 59) {
        fail(st, s + 1, `Duración '${up.slice(s, e)}' no válida: se esperaba hhmm (p. ej. 0015)`);
        return undefined;
      }
      minutes.push(twoDigits(up, s) * 60 + mm);
    } else if (e - s <= 3 && allOf(up, s, e, isAlnum)) {
      if (codes.length === 0) codeColumn = s + 1;
      codes.push(up.slice(s, e));
    } else {
      fail(st, s + 1, `Código de demora '${up.slice(s, e)}' no válido: dos dígitos o letras, con subcódigo opcional (p. ej. 93 o 93A), y duraciones hhmm`);
      return undefined;
    }
  }
  if (codes.length === 0) {
    fail(st, from + 1, "DL sin código de demora");
    return undefined;
  }
  if (minutes.length > codes.length) {
    warn(st, codeColumn, `DL trae ${minutes.length} duraciones para ${codes.length} códigos: se ignoran las de más`);
  } else if (minutes.length > 0 && minutes.length < codes.length) {
    warn(st, codeColumn, `DL trae ${minutes.length} duraciones para ${codes.length} códigos: los últimos quedan sin duración`);
  }
  const delays: MvtDelay[] = [];
  for (let k = 0; k < codes.length; k++) delays.push({ code: codes[k] ?? "", minutes: minutes[k] ?? null });
  return delays;
}

// ---- end of a message -------------------------------------------------------------------------

function finish(d: Draft): MvtMessage {
  const m = d.message;
  const problems = m.problems;
  if (m.diversion !== null) {
    // AHM 780's diversion: EA gives the time and airport of the diversion, DR the reason.
    if (m.diversion.station === null && m.destination !== null) m.diversion.station = m.destination;
    if (m.diversion.estimatedArrival === null && m.estimatedArrival !== null) m.diversion.estimatedArrival = m.estimatedArrival;
    if (m.diversion.station === null) {
      const at = d.stamps.diversionArrival;
      const stamp = at ?? d.stamps.estimatedArrival;
      if (stamp) problems.push(warning(stamp.line, stamp.column, stamp.text, "Desvío (DR) sin aeropuerto de destino"));
    }
  }
  if (m.flight !== null && !d.anyData && m.si.length === 0 && !hasErrors(problems)) {
    problems.push(warning(m.line, 1, d.text, "El mensaje no trae datos de movimiento (AD, AA, ED, EA, NI, DL, PX, DR, RR o FR)"));
  }
  if (m.day !== null) checkTimes(d, m.day);
  const other = d.otherStation;
  if (other !== undefined) {
    // An out-station's message whose EA is the arrival at our station (`EA281612 MEX` from MTY)
    // tells the inbound flight's estimate; nothing else of it is ours.
    const inbound =
      d.otherAirline !== true && m.destination !== null && other.stations.includes(m.destination) && m.estimatedArrival !== null && m.diversion === null;
    const notOurs = other.stations.length === 1 ? `no de ${other.stations[0]}` : `que no es un aeropuerto activo (${other.stations.join(", ")})`;
    problems.push(
      warning(
        other.line,
        other.column,
        other.text,
        inbound
          ? `El mensaje es de la estación ${m.station}: de él se aplica solo la llegada estimada a ${m.destination} (EA ${m.estimatedArrival}) al vuelo de llegada`
          : `El mensaje es de la estación ${m.station}, ${notOurs}: no se aplica`,
      ),
    );
  }
  sortProblems(problems);
  return m;
}

/** Events that must not go backwards, each chain in its order (the return's as its kind says). */
const CHAIN: TimeKey[] = ["offBlock", "airborne", "touchdown", "onBlock"];
const RAMP_CHAIN: TimeKey[] = ["offBlock", "returnOnBlock"];
const AIRBORNE_CHAIN: TimeKey[] = ["airborne", "returnTouchdown", "returnOnBlock"];

function checkTimes(d: Draft, flightDay: number): void {
  const problems = d.message.problems;
  for (const key of TIME_KEYS) {
    const stamp = d.stamps[key];
    if (stamp === undefined || stamp.time.length !== 6) continue;
    const days = Math.abs(Math.floor(minutesFromFlightDay(stamp.time, flightDay) / 1440));
    if (days > 2) {
      problems.push(warning(stamp.line, stamp.column, stamp.text, `El día ${stamp.time.slice(0, 2)} de ${LABELS[key]} está a más de dos días del día del vuelo (${flightDay})`));
    }
  }
  const reported: Stamp[] = [];
  const kind = d.message.return?.kind;
  const chains = kind === "ramp" ? [CHAIN, RAMP_CHAIN] : kind === "airborne" ? [CHAIN, AIRBORNE_CHAIN] : [CHAIN];
  for (const chain of chains) {
    let previous: { key: TimeKey; stamp: Stamp; at: number } | null = null;
    for (const key of chain) {
      const stamp = d.stamps[key];
      if (stamp === undefined) continue;
      let at = minutesFromFlightDay(stamp.time, flightDay);
      if (previous !== null && at < previous.at) {
        let moved = at;
        if (stamp.time.length === 4) while (moved < previous.at) moved += 1440;
        if (stamp.time.length === 4 && moved - previous.at <= MIDNIGHT_CROSSING_MAX_MINUTES) {
          if (!reported.includes(stamp)) {
            problems.push(
              warning(stamp.line, stamp.column, stamp.text, `${capitalized(LABELS[key])} (${stamp.time}) es anterior ${toLabel(previous.key)} (${previous.stamp.time}): se toma del día siguiente (cruza la medianoche; AHM 780 la escribe DDHHMM)`),
            );
            reported.push(stamp);
          }
          at = moved;
        } else {
          if (!reported.includes(stamp)) {
            problems.push(
              readError(stamp.line, stamp.column, stamp.text, `${capitalized(LABELS[key])} (${stamp.time}) es anterior ${toLabel(previous.key)} (${previous.stamp.time}): el mensaje no se aplica`),
            );
            reported.push(stamp);
          }
          continue;
        }
      }
      previous = { key, stamp, at };
    }
  }
}

/** "a la salida…", "al despegue…". */
function toLabel(key: TimeKey): string {
  const label = LABELS[key];
  return label.startsWith("el ") ? `al ${label.slice(3)}` : `a ${label}`;
}

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---- envelopes and other messages --------------------------------------------------------------

/**
 * A SITA Type B envelope, as a Type B gateway writes a received message to a file (SITA Type B
 * Service Reference Manual): section markers each on their own line, `=HEADER` (`RCV,date time`),
 * `=PRIORITY` (`QU`), `=DESTINATION TYPE B` (`STX,address` lines), `=ORIGIN`, `=DBLSIG`,
 * `=MSGID`, `=SMI` (the message identifier: `MVT`) and `=TEXT` (the message itself, to the next
 * `=HEADER` or the end). True when `up` (upper case, trimmed) is such a marker.
 */
function envelopeMarker(up: string): string | null {
  if (up.charCodeAt(0) !== 61) return null; // '='
  const word = up.slice(1).trim();
  if (word === "" || !allOf(word, 0, word.length, (c) => isUpper(c) || c === 32)) return null;
  return word;
}

/**
 * Type B message identifiers that are not movement messages (AHM and SSIM): a block that starts
 * with one of them, alone on its line, is another message; its lines are not an MVT's.
 */
const FOREIGN_SMIS = new Set([
  "LDM", "CPM", "UCM", "SCM", "PSM", "PTM", "TPM", "DIV", "ASM", "SSM", "SCR", "SIR", "SAL", "SHL",
  "SMA", "BSM", "BTM", "BPM", "BUM", "PNL", "ADL", "PFS", "PRL", "ETL", "FWB", "FHL", "FFM", "FSU",
  "NTM", "SLS", "ALI", "RQL", "DLS", "SAM", "MVTX",
]);

/**
 * Lines of `lines` (upper case in `ups`) that belong to SITA Type B envelopes, blanked in place
 * (the message under `=SMI`/`=TEXT` stays where it was, so lines and columns are the file's), with
 * one warning per envelope; an envelope whose `=SMI` is not MVT or MVA has its text blanked too.
 */
function openEnvelopes(lines: string[], ups: string[], problems: ReadProblem[]): void {
  let section: string | null = null;
  let envelope: { line: number; text: string; smi: string | null; textFrom: number } | null = null;
  // textFrom: the first line of the message (its =SMI or =TEXT marker), -1 before it.
  const closeEnvelope = (end: number) => {
    if (envelope === null) return;
    const { smi } = envelope;
    if (smi !== null && smi !== "MVT" && smi !== "MVA") {
      for (let k = Math.max(envelope.textFrom, 0); k < end; k++) lines[k] = ups[k] = "";
      problems.push(warning(envelope.line, 1, envelope.text, `Sobre SITA Type B con un mensaje ${smi}, no MVT: ignorado`));
    } else {
      problems.push(warning(envelope.line, 1, envelope.text, "Sobre SITA Type B (=HEADER, =PRIORITY, =DESTINATION, =ORIGIN, =SMI, =TEXT): se leyó el mensaje de =SMI y =TEXT; las líneas del sobre se ignoraron"));
    }
    envelope = null;
  };
  for (let k = 0; k < lines.length; k++) {
    const up = (ups[k] ?? "").trim();
    const marker = envelopeMarker(up);
    if (marker !== null) {
      if (marker === "HEADER" || envelope === null) {
        closeEnvelope(k);
        envelope = { line: k + 1, text: lines[k] ?? "", smi: null, textFrom: -1 };
      }
      section = marker;
      lines[k] = ups[k] = "";
      if ((marker === "SMI" || marker === "TEXT") && envelope.textFrom < 0) envelope.textFrom = k;
      continue;
    }
    if (section === null || section === "TEXT") continue;
    if (section === "SMI") {
      if (up !== "" && envelope !== null && envelope.smi === null) {
        envelope.smi = up.split(/\s+/)[0] ?? up;
        continue; // the identifier line stays: it is the message's MVT line
      }
      if (up === "") continue;
    }
    lines[k] = ups[k] = "";
  }
  closeEnvelope(lines.length);
}

// ---- the text ---------------------------------------------------------------------------------

/**
 * Reads every movement message in `text`. `items` are the messages in text order, each with its
 * own problems; `problems` are all of them plus those of lines outside any message, in line order.
 */
export function readMvt(text: string, options: MvtReadOptions = {}): Reading<MvtMessage> {
  const lines = splitLines(text).slice();
  const count = lines.length;
  const ups: string[] = new Array<string>(count);
  const kinds = new Uint8Array(count);
  const outside: ReadProblem[] = [];
  let enveloped = false;
  for (let k = 0; k < count; k++) {
    const up = upper(lines[k] ?? "");
    ups[k] = up;
    if (!enveloped && up.charCodeAt(skipBlanks(up, 0)) === 61) enveloped = envelopeMarker(up.trim()) !== null;
  }
  if (enveloped) openEnvelopes(lines, ups, outside);
  for (let k = 0; k < count; k++) kinds[k] = classify(ups[k] ?? "");
  // nextStop[k]: the first line from k on that is blank or an MVT line (count when none).
  const nextStop = new Int32Array(count + 1);
  nextStop[count] = count;
  for (let k = count - 1; k >= 0; k--) {
    const kind = (kinds[k] ?? OTHER) & 3;
    nextStop[k] = kind === BLANK || kind === MVT ? k : (nextStop[k + 1] ?? count);
  }

  const messages: MvtMessage[] = [];
  let draft: Draft | null = null;
  let blankBefore = true;
  // Header lines of the next message (telex addresses, COR), kept until its MVT line.
  let headerCor = false;
  let headerProblems: ReadProblem[] = [];
  let orphanWarned = false;

  const close = () => {
    if (draft !== null) {
      if (draft.expectFlight) draft.message.problems.push(readError(draft.message.line, 1, draft.text, `Falta la línea del vuelo después de MVT: ${FLIGHT_HELP}`));
      messages.push(finish(draft));
      draft = null;
    }
  };

  for (let k = 0; k < count; k++) {
    const raw = lines[k] ?? "";
    const up = ups[k] ?? "";
    const classed = kinds[k] ?? OTHER;
    const kind = classed & 3;
    const lineNo = k + 1;

    if (kind === BLANK) {
      blankBefore = true;
      continue;
    }
    if (kind === MVT) {
      close();
      draft = newDraft(lineNo, headerCor || (classed & WITH_COR) !== 0, raw);
      for (const p of headerProblems) draft.message.problems.push(p);
      if ((classed & GLUED) !== 0) draft.message.problems.push(warning(lineNo, skipBlanks(up, 0) + 1, raw, "Se leyó como MVT COR (corrección)"));
      headerCor = false;
      headerProblems = [];
      blankBefore = false;
      orphanWarned = false;
      continue;
    }

    // Another kind of message (LDM, CPM, …): its lines, to the next blank or MVT line, are not an
    // MVT's. The message before it ends there (its SI does not absorb them); one warning names them.
    const identifier = up.trim();
    if (FOREIGN_SMIS.has(identifier) && (draft === null || !draft.expectFlight)) {
      const after = draft === null ? "" : "; el mensaje anterior termina antes de él";
      close();
      let end = k + 1;
      while (end < count && ((kinds[end] ?? OTHER) & 3) !== BLANK && ((kinds[end] ?? OTHER) & 3) !== MVT) end++;
      const range = end - 1 > k ? `líneas ${lineNo}–${end}` : `línea ${lineNo}`;
      outside.push(warning(lineNo, skipBlanks(up, 0) + 1, raw, `Mensaje ${identifier}, no MVT (${range}): ignorado${after}`));
      headerCor = false;
      headerProblems = [];
      blankBefore = false;
      orphanWarned = true;
      k = end - 1;
      continue;
    }

    // A line after a blank line (or outside a message) whose block leads to an MVT line belongs to
    // that next message's header; so does a COR line right before an MVT line.
    const inHeader = headerProblems.length > 0 || headerCor;
    let stopIsMvt = false;
    let nextNonBlankIsMvt = false;
    if (draft === null || blankBefore || inHeader || kind === COR) {
      let stop = nextStop[k] ?? count;
      // Blank lines between the address lines and their MVT line are tolerated.
      while (stop < count && ((kinds[stop] ?? OTHER) & 3) === BLANK) stop++;
      stopIsMvt = stop < count && ((kinds[stop] ?? OTHER) & 3) === MVT;
      nextNonBlankIsMvt = kind === COR && stopIsMvt && stop === k + 1;
    }
    const opensBlock =
      (draft === null || (blankBefore && !draft.expectFlight && !looksLikeDataLine(up))) && !looksLikeFlightLine(up);
    if (((opensBlock || inHeader) && stopIsMvt) || nextNonBlankIsMvt) {
      if (kind === COR) headerCor = true;
      else if (headerProblems.length === 0) {
        headerProblems.push(warning(lineNo, skipBlanks(up, 0) + 1, raw, "Línea antes de MVT (dirección o referencia del télex): ignorada"));
      }
      blankBefore = false;
      continue;
    }

    if (draft !== null && draft.expectFlight) {
      draft.expectFlight = false;
      if (kind === COR) {
        draft.message.correction = true;
        draft.expectFlight = true;
      } else if (looksLikeDataLine(up) && !isFlightLine(up)) {
        draft.message.problems.push(readError(draft.message.line, 1, draft.text, `Falta la línea del vuelo después de MVT: ${FLIGHT_HELP}`));
        readDataLine(draft, raw, up, lineNo);
      } else readFlightLine(draft, raw, up, lineNo, options);
      blankBefore = false;
      continue;
    }

    // A flight line after a blank line, or outside any message: a message whose MVT line is missing.
    if ((draft === null || (blankBefore && !draft.inSi)) && looksLikeFlightLine(up) && (!looksLikeDataLine(up) || isFlightLine(up))) {
      close();
      draft = newDraft(lineNo, false, raw);
      draft.expectFlight = false;
      draft.message.problems.push(readError(lineNo, 1, raw, "Falta la línea MVT antes del vuelo: el mensaje no se aplica"));
      readFlightLine(draft, raw, up, lineNo, options);
      blankBefore = false;
      continue;
    }

    if (draft === null) {
      if (!orphanWarned) outside.push(warning(lineNo, skipBlanks(up, 0) + 1, raw, "Texto fuera de un mensaje MVT: ignorado"));
      orphanWarned = true;
      blankBefore = false;
      continue;
    }

    if (draft.inSi) {
      draft.message.si.push(raw.trim());
    } else if (kind === COR) {
      draft.message.correction = true;
      draft.message.problems.push(warning(lineNo, skipBlanks(up, 0) + 1, raw, "COR fuera de su lugar (va en la línea antes o después de MVT): se lee el mensaje como corrección"));
    } else readDataLine(draft, raw, up, lineNo);
    blankBefore = false;
  }
  close();
  for (const p of headerProblems) outside.push(p);

  if (messages.length === 0 && outside.every((p) => p.severity !== "error")) {
    const first = lines.findIndex((l) => !isBlankLine(l));
    outside.push(
      first < 0
        ? readError(1, 1, lines[0] ?? "", "El texto está vacío: no hay ningún mensaje MVT")
        : readError(first + 1, 1, lines[first] ?? "", "No se encontró ningún mensaje MVT (una línea MVT seguida de la del vuelo)"),
    );
  }
  const problems: ReadProblem[] = outside.slice();
  for (const m of messages) for (const p of m.problems) problems.push(p);
  return { items: messages, problems: sortProblems(problems) };
}
