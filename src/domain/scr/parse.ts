/**
 * Reader of the messages a coordinator sends an airline (IATA SSIM Chapter 6, see
 * /work/shared/domain/SCR.md): SCR, SIR, SAL, SHL and SMA, whose data lines share one shape; the
 * message type stays in the header. Tolerant and total, on the reading model of ../reading: it
 * never throws; it returns every line it understood, and problems with 1-based line and column,
 * the line's text and a Spanish message — a warning (`aviso`) where it assumed something, an error
 * for a line it could not understand (one per data line, the first found; that line is left out).
 *
 * Read without a word: CRLF, LF or CR line ends; blank lines anywhere; blanks (space, tab, no-break
 * space) around lines and between fields (several count as one); a missing creator line; `REYT/`;
 * `/ … /` extra information on the line or on the line after.
 * Read with a warning naming the assumption: lower-case fields (upper-cased; free texts are kept
 * as written); a period whose first or last date is not an operating day (the operating dates
 * are the listed days within the period); `2400` (0000 of the next day: the line's period and
 * days move one day, a turnaround's departure gets one more overnight day); a reply line that
 * refuses or deletes (U, X, H, W) without time, seats or days; a coordinator's line with the
 * aircraft subtype but no seats (`320`: seats null); extra information not closed with `/`;
 * unknown text after the last field (ignored).
 * ICAO three-letter airlines (`VIV1234`) are SSIM's `xx(a)` designators and need no warning.
 *
 * Speed: the data-line tokenizer is hand-written over char codes of the whole text (no per-line
 * copy, no regular expression, no exception, no closure per line), and the short field values
 * (stations, times, dates, days, aircraft, service) are interned so 100,000 lines do not mean
 * 1,000,000 tiny strings.
 */
import { readError, sortProblems, warning, type ReadProblem } from "../reading";
import { checkPeriodDates, MISSING_DAYS_MESSAGE, readDaysAgainstPeriod, ScrDateResolver, type PeriodProblem } from "./dates";
import { isServiceTypeChar, SERVICE_TYPE_LIST_ES } from "./serviceTypes";
import {
  asciiUpper,
  daysErrorAt,
  daysMaskAt,
  ddmmmAt,
  isActionChar,
  isActionCode,
  isBlank,
  isDesignatorAt,
  isDigit,
  isDigits,
  isFourDigitsAt,
  isLetters,
  isTimeAt,
  isTrimChar,
  isUpper,
  isUpperAlnums,
  shown,
  trimScr,
} from "./tokens";
import {
  SCR_MESSAGE_TYPES,
  SCR_REPLY_ACTIONS,
  type ScrAction,
  type ScrArrival,
  type ScrDataLine,
  type ScrDeparture,
  type ScrError,
  type ScrHeader,
  type ScrMessage,
  type ScrMessageType,
} from "./types";
import { isSeasonCode } from "../seasons";

const ACTIONS_ES = "N, C, R, L, D, A, P o Z (solicitud) o K, T, U, O, X, H, W o I (respuesta)";
const PERIOD_HELP = "se esperaba DDMMMDDMMM o DDMMM con un día que exista (p. ej. 05DEC05DEC)";
const UNCLOSED_EXTRA =
  "Se tomó como información adicional el texto hasta el final de la línea: debe cerrarse con '/' (p. ej. / TEXTO /)";
const MISSING_SEASON = "Falta la temporada (S o W y dos dígitos, p. ej. W26)";
const MISSING_DATE = "Falta la fecha del mensaje (DDMMM, p. ej. 21NOV)";
const MISSING_AIRPORT = "Falta el aeropuerto (3 letras, p. ej. MEX)";

const READ_SMIS: ReadonlySet<string> = new Set(SCR_MESSAGE_TYPES);
const OTHER_SMIS = new Set(["SAQ", "WIR", "WCR", "SAC"]);
const READ_SMIS_ES = "SCR, SIR, SAL, SHL o SMA";
const LOWER_CASE = "Se leyeron en mayúsculas los campos escritos en minúsculas";
const TIME_2400 =
  "se leyó como el final del día (medianoche al terminar la fecha de la línea) y se conservó así; SSIM escribe las horas de 0000 a 2359";

/** A warning of one data line, before it gets the line's number and text. */
type Note = { column: number; message: string };

function note(column: number, message: string): Note {
  return { column, message };
}

function isSmi(value: string): value is ScrMessageType {
  return READ_SMIS.has(value);
}

/** Coordinator → airline actions (K T U O X H W I). */
function isReplyAction(action: ScrAction): boolean {
  return (SCR_REPLY_ACTIONS as readonly string[]).includes(action);
}

function hasDigit(s: string, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (isDigit(s.charCodeAt(k))) return true;
  return false;
}

/** Reply actions that refuse, delete or echo: their lines may leave out time, seats and days. */
function mayOmit(action: ScrAction): boolean {
  return action === "U" || action === "X" || action === "H" || action === "W";
}

const enum Step {
  Smi,
  Creator,
  Season,
  Date,
  Airport,
  Reyt,
  Body,
}

// ---- interning of short field values ----------------------------------------------------------

const TIMES: (string | undefined)[] = [];
const DATES: (string | undefined)[] = [];
const DAYS: (string | undefined)[] = [];
const CODES = new Map<number, string>();

/** `HHMM` at s[i..i+4) (4 digits known). */
function timeAt(s: string, i: number): string {
  const key =
    (s.charCodeAt(i) - 48) * 1000 + (s.charCodeAt(i + 1) - 48) * 100 + (s.charCodeAt(i + 2) - 48) * 10 + s.charCodeAt(i + 3) - 48;
  return (TIMES[key] ??= s.slice(i, i + 4));
}

/** `DDMMM` at s[i..i+5), `packed` as returned by ddmmmAt. */
function dateAt(s: string, i: number, packed: number): string {
  return (DATES[packed] ??= s.slice(i, i + 5));
}

/** A valid days field at s[i..i+7): the mask determines the text. */
function daysAt(s: string, i: number): string {
  return (DAYS[daysMaskAt(s, i)] ??= s.slice(i, i + 7));
}

/** Up to 3 characters of A–Z/0–9 at s[i..i+n) (stations, aircraft, service letters). */
function codeAt(s: string, i: number, n: number): string {
  let key = n;
  for (let k = 0; k < n; k++) key = key * 64 + (s.charCodeAt(i + k) - 47);
  let value = CODES.get(key);
  if (value === undefined) {
    value = s.slice(i, i + n);
    CODES.set(key, value);
  }
  return value;
}

// ---- small scanners ---------------------------------------------------------------------------

/** Index of the first character after the blanks starting at i. */
function skipBlanks(s: string, i: number, end: number): number {
  while (i < end && isBlank(s.charCodeAt(i))) i++;
  return i;
}

/** Index of the first blank at or after i (or end). */
function tokenEnd(s: string, i: number, end: number): number {
  while (i < end && !isBlank(s.charCodeAt(i))) i++;
  return i;
}

/** `SI` / `GI` (any case) followed by a blank or the end of the line, at s[p]. */
function footerKindAt(s: string, p: number, end: number): "si" | "gi" | null {
  if (end - p < 2) return null;
  if ((s.charCodeAt(p + 1) | 0x20) !== 0x69) return null; // i
  if (p + 2 < end && !isBlank(s.charCodeAt(p + 2))) return null;
  const c0 = s.charCodeAt(p) | 0x20;
  if (c0 === 0x73) return "si";
  if (c0 === 0x67) return "gi";
  return null;
}

/**
 * True when s[p..end) starts like a data line: an action code then a flight designator, glued
 * (arrival) or after blanks (departure-only). Case-sensitive: free text in lower case never looks
 * like a data line. The builder uses it to refuse SI/GI continuation lines that would read back as
 * data lines.
 */
export function looksLikeDataLine(s: string, p = 0, end = s.length): boolean {
  if (p >= end || !isActionChar(s.charCodeAt(p))) return false;
  let i = p + 1;
  if (i < end && isBlank(s.charCodeAt(i))) i = skipBlanks(s, i, end);
  const e = tokenEnd(s, i, end);
  return e > i && isDesignatorAt(s, i, e);
}

/** True when s[a..b) is an SSIM airline code `xx(a)`: two letters or digits with a letter, and an optional third letter. */
function isAirlineAt(s: string, a: number, b: number): boolean {
  if (b - a !== 2 && b - a !== 3) return false;
  if (!isUpperAlnums(s, a, a + 2) || isDigits(s, a, a + 2)) return false;
  return b - a === 2 || isUpper(s.charCodeAt(a + 2));
}

/**
 * Why s[a..b) is not a flight designator, in Spanish, naming the SSIM rule it breaks (the parser
 * and the builder say the same).
 */
export function designatorProblem(s: string, a: number, b: number): string {
  if (b - a >= 2 && isDigits(s, a, a + 2)) {
    return "el código de aerolínea no puede ser de dos dígitos: lleva al menos una letra (p. ej. VB, 8J o U2)";
  }
  let end = b;
  if (end - a >= 4 && isUpper(s.charCodeAt(end - 1))) end--; // operational suffix
  let number = end;
  while (number > a && isDigit(s.charCodeAt(number - 1))) number--;
  if (end - number > 4 && isAirlineAt(s, a, number)) return "el número de vuelo tiene más de 4 dígitos";
  return (
    "se esperaba el código de aerolínea (2 letras o dígitos con al menos una letra, p. ej. VB, 8J o U2, y una tercera " +
    "letra opcional, p. ej. AMX), el número (1 a 4 dígitos) y un sufijo opcional de una letra (p. ej. VB1234 u 8J012A)"
  );
}

/** True when the line is an `SI`/`GI` line (any case). */
export function isFooterLine(text: string): boolean {
  return footerKindAt(text, 0, text.length) !== null;
}

/** The trimmed text between `/` at s[i] and a closing `/` at s[end - 1], or null. */
function extraAt(s: string, i: number, end: number): string | null {
  if (end - 1 <= i || s.charCodeAt(end - 1) !== 47) return null;
  return trimScr(s.slice(i + 1, end - 1));
}

// ---- the message ------------------------------------------------------------------------------

/** The line that starts at `lineStart` as written, without its line end. */
function lineTextAt(s: string, lineStart: number): string {
  let nl = s.indexOf("\n", lineStart);
  if (nl === -1) nl = s.length;
  if (nl > lineStart && s.charCodeAt(nl - 1) === 13) nl--;
  return s.slice(lineStart, nl);
}

type Sink = { input: string; errors: ScrError[]; problems: ReadProblem[] };

/** An error of the line that starts at `at`: in both lists. */
function failAt(sink: Sink, line: number, column: number, message: string, at: number): void {
  sink.errors.push(err(line, column, message));
  sink.problems.push(readError(line, column, lineTextAt(sink.input, at), message));
}

/** A warning of the line that starts at `at`. */
function warnAt(sink: Sink, line: number, column: number, message: string, at: number): void {
  sink.problems.push(warning(line, column, lineTextAt(sink.input, at), message));
}

/** Reads a whole message (SCR, SIR, SAL, SHL or SMA). Never throws. */
export function parseScr(text: string): ScrMessage {
  const input = typeof text === "string" ? text : "";
  const header: ScrHeader = { smi: "SCR", creator: null, season: null, date: null, airport: null, reyt: null };
  const lines: ScrDataLine[] = [];
  const si: string[] = [];
  const gi: string[] = [];
  const errors: ScrError[] = [];
  const problems: ReadProblem[] = [];
  // Problems go through a sink, not closures over the loop's variables: those would live in a
  // heap context and slow every line down.
  const sink: Sink = { input, errors, problems };

  let step = Step.Smi;
  let resolver: ScrDateResolver | null = null;
  /** The data line the next `/ … /` line belongs to: a parsed line, `false` for one that failed, null for none. */
  let previousData: ScrDataLine | false | null = null;
  /** The SI/GI list whose last entry a continuation line joins. */
  let footer: string[] | null = null;
  let lastLineNo = 0;
  let lastLineLength = 0;
  let lastLineStart = 0;
  const notes: Note[] = [];

  let lineNo = 0;
  let start = 0;
  const total = input.length;
  while (start <= total) {
    let nl = input.indexOf("\n", start);
    if (nl === -1) nl = total;
    lineNo++;
    const lineStart = start;
    let end = nl;
    while (end > lineStart && isTrimChar(input.charCodeAt(end - 1))) end--;
    let p = lineStart;
    while (p < end && isTrimChar(input.charCodeAt(p))) p++;
    start = nl + 1;
    if (p === end) continue; // blank line
    lastLineNo = lineNo;
    lastLineLength = end - lineStart;
    lastLineStart = lineStart;
    const column = p - lineStart + 1; // column of the first non-blank character
    // ---- header -------------------------------------------------------------------------
    if (step !== Step.Body) {
      const t = input.slice(p, end);
      const u = asciiUpper(t);
      let consumed = false;
      while (!consumed && step !== Step.Body) {
        switch (step) {
          case Step.Smi:
            if (isSmi(u)) {
              header.smi = u;
              consumed = true;
            } else if (OTHER_SMIS.has(u)) {
              failAt(sink, lineNo, column, `Tipo de mensaje '${u}' no admitido: se leen mensajes ${READ_SMIS_ES}`, lineStart);
              consumed = true;
            } else if (recognizedFrom(Step.Creator, t, u)) {
              failAt(sink, lineNo, column, "Falta la línea 'SCR' al principio del mensaje", lineStart);
            } else {
              failAt(sink, lineNo, column, `Se esperaba 'SCR' en la primera línea y se encontró '${shown(t)}'`, lineStart);
              consumed = true;
            }
            step = Step.Creator;
            break;
          case Step.Creator:
            if (t.charCodeAt(0) === 47) {
              header.creator = trimScr(t.slice(1));
              consumed = true;
            }
            step = Step.Season;
            break;
          case Step.Season:
            if (isSeasonCode(u)) {
              header.season = u;
              resolver = ScrDateResolver.forSeason(u);
              consumed = true;
            } else if (recognizedFrom(Step.Date, t, u)) {
              failAt(sink, lineNo, column, MISSING_SEASON, lineStart);
            } else {
              failAt(sink, lineNo, column, `Temporada '${shown(t)}' no válida: se esperaba S o W y dos dígitos (p. ej. W26)`, lineStart);
              consumed = true;
            }
            step = Step.Date;
            break;
          case Step.Date:
            if (u.length === 5 && ddmmmAt(u, 0) !== -1) {
              header.date = u;
              consumed = true;
            } else if (recognizedFrom(Step.Airport, t, u)) {
              failAt(sink, lineNo, column, MISSING_DATE, lineStart);
            } else {
              failAt(sink, lineNo, column, `Fecha del mensaje '${shown(t)}' no válida: se esperaba DDMMM (p. ej. 21NOV)`, lineStart);
              consumed = true;
            }
            step = Step.Airport;
            break;
          case Step.Airport:
            if (u.length === 3 && isLetters(u, 0, 3)) {
              header.airport = u;
              consumed = true;
            } else if (recognizedFrom(Step.Reyt, t, u)) {
              failAt(sink, lineNo, column, MISSING_AIRPORT, lineStart);
            } else {
              failAt(sink, lineNo, column, `Aeropuerto '${shown(t)}' no válido: se esperaban 3 letras (p. ej. MEX)`, lineStart);
              consumed = true;
            }
            step = Step.Reyt;
            break;
          case Step.Reyt:
            if (reytAt(u) !== -1) {
              header.reyt = trimScr(t.slice(reytAt(u)));
              consumed = true;
            }
            step = Step.Body;
            break;
          default:
            step = Step.Body;
        }
      }
      if (consumed) continue;
    }

    // ---- body ---------------------------------------------------------------------------
    const kind = footerKindAt(input, p, end);
    if (kind !== null) {
      footer = kind === "si" ? si : gi;
      footer.push(trimScr(input.slice(p + 2, end)));
      previousData = null;
      continue;
    }
    if (input.charCodeAt(p) === 47) {
      // "/ … /" on its own line: extra information of the data line above
      if (previousData !== null) {
        if (previousData !== false) {
          if (previousData.extra !== null) {
            failAt(sink, lineNo, column, `La línea ${previousData.line} ya tiene información adicional`, lineStart);
          } else {
            const extra = extraAt(input, p, end);
            if (extra !== null) previousData.extra = extra;
            else {
              previousData.extra = trimScr(input.slice(p + 1, end));
              warnAt(sink, lineNo, end - lineStart + 1, UNCLOSED_EXTRA, lineStart);
            }
          }
        }
        continue;
      }
      if (footer !== null) {
        appendContinuation(footer, input.slice(p, end));
        continue;
      }
      failAt(sink, lineNo, column, "Información adicional '/ … /' sin una línea de datos antes", lineStart);
      continue;
    }
    if (footer !== null && !looksLikeDataLine(input, p, end)) {
      appendContinuation(footer, input.slice(p, end));
      continue;
    }

    footer = null;
    let result: ScrDataLine | ScrError;
    notes.length = 0;
    try {
      result = parseDataLineNormalized(input, lineStart, p, end, lineNo, resolver, notes);
    } catch (error) {
      // Defensive only: the tokenizer does not throw by design; never let one line sink the message.
      result = err(lineNo, column, `No se pudo leer la línea: ${String(error)}`);
    }
    if ("message" in result) {
      failAt(sink, result.line, result.column, result.message, lineStart);
      previousData = false;
    } else {
      for (const n of notes) warnAt(sink, lineNo, n.column, n.message, lineStart);
      lines.push(result);
      previousData = result;
    }
  }

  if (step !== Step.Body) {
    if (lastLineNo === 0) {
      failAt(sink, 1, 1, "El mensaje está vacío", 0);
    } else {
      const column = lastLineLength + 1;
      if (step <= Step.Season) failAt(sink, lastLineNo, column, MISSING_SEASON, lastLineStart);
      if (step <= Step.Date) failAt(sink, lastLineNo, column, MISSING_DATE, lastLineStart);
      if (step <= Step.Airport) failAt(sink, lastLineNo, column, MISSING_AIRPORT, lastLineStart);
    }
  }
  return { header, lines, si, gi, errors, problems: sortProblems(problems) };
}

function err(line: number, column: number, message: string): ScrError {
  return { line, column, message };
}

/** True when a header line would be accepted at `from` or at any later step (for "missing" errors). */
function recognizedFrom(from: Step, t: string, u: string): boolean {
  if (from <= Step.Creator && t.charCodeAt(0) === 47) return true;
  if (from <= Step.Season && isSeasonCode(u)) return true;
  if (from <= Step.Date && u.length === 5 && ddmmmAt(u, 0) !== -1) return true;
  if (from <= Step.Airport && u.length === 3 && isLetters(u, 0, 3)) return true;
  if (from <= Step.Reyt && reytAt(u) !== -1) return true;
  return footerKindAt(t, 0, t.length) !== null || looksLikeDataLine(u);
}

/** Index after `REYT/` (blanks allowed before the slash) in an upper-cased header line, or -1. */
function reytAt(u: string): number {
  if (!u.startsWith("REYT")) return -1;
  let i = 4;
  while (i < u.length && isBlank(u.charCodeAt(i))) i++;
  return u.charCodeAt(i) === 47 ? i + 1 : -1;
}

function appendContinuation(list: string[], text: string): void {
  const last = list.length - 1;
  list[last] = `${list[last] ?? ""}\n${text}`;
}

// ---- one data line ----------------------------------------------------------------------------

/**
 * Upper-cases the fields of the line (not the extra information after the first `/`) when they
 * hold lower-case letters — a rare path that copies the line, keeping every column — then parses.
 */
function parseDataLineNormalized(
  s: string,
  lineStart: number,
  first: number,
  end: number,
  lineNo: number,
  resolver: ScrDateResolver | null,
  notes: Note[],
): ScrDataLine | ScrError {
  let lower = -1;
  let slash = first;
  for (; slash < end; slash++) {
    const c = s.charCodeAt(slash);
    if (c === 47) break;
    if (lower === -1 && c >= 97 && c <= 122) lower = slash;
  }
  if (lower === -1) return parseDataLine(s, lineStart, first, end, lineNo, resolver, notes);
  const line = asciiUpper(s.slice(lineStart, slash)) + s.slice(slash, end);
  const result = parseDataLine(line, 0, first - lineStart, line.length, lineNo, resolver, notes);
  notes.unshift({ column: lower - lineStart + 1, message: LOWER_CASE });
  return result;
}

/** `2400` at s[i..i+4): the end of the day, which SSIM writes as the next day's 0000. */
function is2400At(s: string, i: number): boolean {
  return s.charCodeAt(i) === 50 && s.charCodeAt(i + 1) === 52 && s.charCodeAt(i + 2) === 48 && s.charCodeAt(i + 3) === 48;
}

/** Index of the date a period problem points at. */
function periodProblemIndex(problem: PeriodProblem, periodAt: number, periodLength: number): number {
  return problem.field === "to" && periodLength === 10 ? periodAt + 5 : periodAt;
}

/**
 * One data line at s[first..end) (no trailing blanks; `lineStart` is where its line starts, for
 * columns). Returns the line or its first error.
 *
 * `ACT ARR [DEP] PERIOD [DAYS] SEATS+TYPE [ORIGIN+TIME] [TIME+DEST] SERVICE [/ extra /]`
 *
 * Warnings go to `notes` (the line is still read); the line's first error is returned instead.
 */
function parseDataLine(
  s: string,
  lineStart: number,
  first: number,
  end: number,
  lineNo: number,
  resolver: ScrDateResolver | null,
  notes: Note[],
): ScrDataLine | ScrError {
  const base = lineStart - 1; // column = index - base

  // Action code
  const action = s[first];
  if (!isActionCode(action)) {
    const shownChar = String.fromCodePoint(s.codePointAt(first) ?? 63);
    return err(lineNo, first - base, `Código de acción '${shownChar}' no válido: se esperaba ${ACTIONS_ES}`);
  }
  const partial = mayOmit(action);

  // Flight designators
  let i = first + 1;
  let arrA = -1;
  let arrB = -1;
  let depA = -1;
  let depB = -1;
  if (i >= end) return err(lineNo, i - base, "Falta el vuelo después del código de acción");
  if (isBlank(s.charCodeAt(i))) {
    i = skipBlanks(s, i, end);
    if (i >= end) return err(lineNo, i - base, "Falta el vuelo de salida después del código de acción y el espacio");
    depA = i;
    depB = tokenEnd(s, i, end);
    if (!isDesignatorAt(s, depA, depB)) {
      return err(lineNo, depA - base, `Vuelo de salida '${shown(s.slice(depA, depB))}' no válido: ${designatorProblem(s, depA, depB)}`);
    }
    i = depB;
  } else {
    arrA = i;
    arrB = tokenEnd(s, i, end);
    if (!isDesignatorAt(s, arrA, arrB)) {
      return err(lineNo, arrA - base, `Vuelo de llegada '${shown(s.slice(arrA, arrB))}' no válido: ${designatorProblem(s, arrA, arrB)}`);
    }
    i = skipBlanks(s, arrB, end);
    // A period starts with two digits; anything else here is the departure designator.
    if (i < end && !(isDigit(s.charCodeAt(i)) && isDigit(s.charCodeAt(i + 1)))) {
      depA = i;
      depB = tokenEnd(s, i, end);
      if (!isDesignatorAt(s, depA, depB)) {
        return err(lineNo, depA - base, `Vuelo de salida '${shown(s.slice(depA, depB))}' no válido: ${designatorProblem(s, depA, depB)}`);
      }
      i = depB;
    }
  }

  // Period
  i = skipBlanks(s, i, end);
  if (i >= end) return err(lineNo, i - base, "Falta el periodo (DDMMMDDMMM o DDMMM, p. ej. 05DEC05DEC)");
  const periodAt = i;
  let e = tokenEnd(s, i, end);
  const periodLength = e - i;
  if (periodLength !== 5 && periodLength !== 10) {
    return err(lineNo, i - base, `Periodo '${shown(s.slice(i, e))}' no válido: ${PERIOD_HELP}`);
  }
  const fromPacked = ddmmmAt(s, i);
  if (fromPacked === -1) return err(lineNo, i - base, `Fecha '${s.slice(i, i + 5)}' no válida: ${PERIOD_HELP}`);
  const toPacked = periodLength === 10 ? ddmmmAt(s, i + 5) : fromPacked;
  if (toPacked === -1) return err(lineNo, i + 5 - base, `Fecha '${s.slice(i + 5, i + 10)}' no válida: ${PERIOD_HELP}`);
  const from = dateAt(s, i, fromPacked);
  const to = periodLength === 10 ? dateAt(s, i + 5, toPacked) : from;
  if (resolver) {
    const problem = checkPeriodDates(from, to, resolver);
    if (problem) return err(lineNo, periodProblemIndex(problem, periodAt, periodLength) - base, problem.message);
  }

  // Days of operation (optional for a single date)
  i = skipBlanks(s, e, end);
  e = tokenEnd(s, i, end);
  let days: string | null = null;
  const daysIndex = i;
  if (e - i === 7 && isDigit(s.charCodeAt(i)) && (!partial || isDigits(s, i, e))) {
    const wrong = daysErrorAt(s, i);
    if (wrong !== -1) {
      return err(
        lineNo,
        i + wrong - base,
        `Días de operación '${shown(s.slice(i, e))}' no válidos: el dígito n va en la posición n (1 = lunes … 7 = domingo) y 0 en los días sin operación`,
      );
    }
    days = daysAt(s, i);
    i = e;
  } else if (e - i > 7 && isDigits(s, i, e)) {
    return err(
      lineNo,
      i - base,
      `Días de operación '${shown(s.slice(i, e))}' no válidos: se esperaban 7 caracteres (p. ej. 1234567 o 0000060)`,
    );
  }
  if (days === null) {
    if (from !== to) {
      if (!partial) return err(lineNo, daysIndex - base, MISSING_DAYS_MESSAGE);
      notes.push(note(daysIndex - base, `Línea de respuesta ${action} sin días de operación: se leyó como todos los días del periodo ${from}–${to}`));
    }
  } else {
    const reading = readDaysAgainstPeriod(from, to, days, resolver);
    if (reading !== null) {
      if ("error" in reading) return err(lineNo, daysIndex - base, reading.error.message);
      for (const w of reading.warnings) notes.push(note(periodProblemIndex(w, periodAt, periodLength) - base, w.message));
    }
  }

  // Seats and aircraft subtype
  i = skipBlanks(s, i, end);
  e = tokenEnd(s, i, end);
  let seats: number | null = null;
  let aircraft: string | null = null;
  const seatsShape = e - i === 6 && isDigits(s, i, i + 3);
  // A coordinator's line with the aircraft type alone (`320` where `180320` is expected): the type
  // is read, the seats stay unknown.
  const typeOnly = isReplyAction(action) && e - i === 3 && isUpperAlnums(s, i, e) && hasDigit(s, i, e) && skipBlanks(s, e, end) < end;
  if (typeOnly) {
    aircraft = codeAt(s, i, 3);
    notes.push(note(i - base, `Tipo de aeronave '${s.slice(i, e)}' sin asientos (se esperaban 3 dígitos de asientos y el tipo, p. ej. 180${s.slice(i, e)}): se leyó el tipo; los asientos quedan sin dato`));
    i = e;
  } else if (partial && !seatsShape && (i >= end || isUpper(s.charCodeAt(i)) || (e - i >= 7 && isFourDigitsAt(s, i)))) {
    notes.push(note(i - base, `Línea de respuesta ${action} sin asientos ni tipo de aeronave: se leyó sin ellos`));
  } else {
    if (i >= end) return err(lineNo, i - base, "Faltan los asientos y el tipo de aeronave (p. ej. 180320)");
    if (!seatsShape || !isUpperAlnums(s, i + 3, e)) {
      return err(
        lineNo,
        i - base,
        `Asientos y tipo de aeronave '${shown(s.slice(i, e))}' no válidos: se esperaban 3 dígitos de asientos y 3 caracteres de tipo (p. ej. 180320)`,
      );
    }
    seats = (s.charCodeAt(i) - 48) * 100 + (s.charCodeAt(i + 1) - 48) * 10 + (s.charCodeAt(i + 2) - 48);
    aircraft = codeAt(s, i + 3, 3);
    i = e;
  }

  // Arrival part: station (3 or 6 letters) + HHMM
  let arrival2400 = -1;
  let departure2400 = -1;
  i = skipBlanks(s, i, end);
  e = tokenEnd(s, i, end);
  let arrival: ScrArrival | null = null;
  const looksLikeArrival = (e - i === 7 || e - i === 10) && isLetters(s, i, e - 4) && isFourDigitsAt(s, e - 4);
  const stationOnly = (e - i === 3 || e - i === 6) && isLetters(s, i, e);
  if (arrA !== -1 && partial && stationOnly) {
    notes.push(note(e - base, `Línea de respuesta ${action} sin hora de llegada: se leyó sin ella`));
    arrival = {
      flight: s.slice(arrA, arrB),
      origin: codeAt(s, i, 3),
      previous: e - i === 6 ? codeAt(s, i + 3, 3) : null,
      time: null,
    };
    i = e;
  } else if (arrA !== -1) {
    if (i >= end) return err(lineNo, i - base, "Falta la llegada: estación de origen y hora (p. ej. MTY0700)");
    if (!looksLikeArrival) {
      if (isDigit(s.charCodeAt(i))) {
        return err(lineNo, i - base, "Falta la llegada: estación de origen y hora (p. ej. MTY0700) antes de la salida");
      }
      return err(
        lineNo,
        i - base,
        `Llegada '${shown(s.slice(i, e))}' no válida: se esperaba la estación de origen (3 o 6 letras) y la hora HHMM (p. ej. MTY0700)`,
      );
    }
    if (!isTimeAt(s, e - 4)) {
      if (!is2400At(s, e - 4)) {
        return err(lineNo, e - 4 - base, `Hora de llegada '${s.slice(e - 4, e)}' no válida: HHMM entre 0000 y 2359`);
      }
      arrival2400 = e - 4 - base;
    }
    arrival = {
      flight: s.slice(arrA, arrB),
      origin: codeAt(s, i, 3),
      previous: e - i === 10 ? codeAt(s, i + 3, 3) : null,
      time: timeAt(s, e - 4),
    };
    i = e;
  } else if (looksLikeArrival) {
    return err(
      lineNo,
      i - base,
      `La llegada '${shown(s.slice(i, e))}' no tiene vuelo de llegada: el vuelo de llegada va pegado al código de acción`,
    );
  }

  // Departure part: HHMM + optional overnight digit + station (3 or 6 letters)
  i = skipBlanks(s, i, end);
  e = tokenEnd(s, i, end);
  const depLength = e - i;
  const overnightAt = depLength === 8 || depLength === 11 ? i + 4 : -1;
  const stationAt = overnightAt === -1 ? i + 4 : i + 5;
  const looksLikeDeparture =
    (depLength === 7 || depLength === 8 || depLength === 10 || depLength === 11) &&
    isFourDigitsAt(s, i) &&
    (overnightAt === -1 || isDigit(s.charCodeAt(overnightAt))) &&
    isLetters(s, stationAt, e);
  let departure: ScrDeparture | null = null;
  if (depA !== -1 && partial && (depLength === 3 || depLength === 6) && isLetters(s, i, e)) {
    notes.push(note(i - base, `Línea de respuesta ${action} sin hora de salida: se leyó sin ella`));
    const six = depLength === 6;
    departure = {
      flight: s.slice(depA, depB),
      time: null,
      overnight: null,
      next: six ? codeAt(s, i, 3) : null,
      destination: codeAt(s, six ? i + 3 : i, 3),
    };
    i = e;
  } else if (depA !== -1) {
    if (i >= end) return err(lineNo, i - base, "Falta la salida: hora y estación de destino (p. ej. 0800MTY)");
    if (!looksLikeDeparture) {
      return err(
        lineNo,
        i - base,
        `Salida '${shown(s.slice(i, e))}' no válida: se esperaba la hora HHMM, un dígito opcional de pernocta y la estación de destino (3 o 6 letras) (p. ej. 0800MTY)`,
      );
    }
    if (!isTimeAt(s, i)) {
      if (!is2400At(s, i)) return err(lineNo, i - base, `Hora de salida '${s.slice(i, i + 4)}' no válida: HHMM entre 0000 y 2359`);
      departure2400 = i - base;
    }
    const six = e - stationAt === 6;
    departure = {
      flight: s.slice(depA, depB),
      time: timeAt(s, i),
      overnight: overnightAt === -1 ? null : s.charCodeAt(overnightAt) - 48,
      next: six ? codeAt(s, stationAt, 3) : null,
      destination: codeAt(s, six ? stationAt + 3 : stationAt, 3),
    };
    i = e;
  } else if (looksLikeDeparture || (i < end && depLength > 4 && isFourDigitsAt(s, i))) {
    return err(
      lineNo,
      i - base,
      `La salida '${shown(s.slice(i, e))}' no tiene vuelo de salida: en una línea de solo llegada no va salida`,
    );
  }

  // Service type: one letter per direction + optional frequency-rate digit
  i = skipBlanks(s, i, end);
  const directions = (arrival ? 1 : 0) + (departure ? 1 : 0);
  const serviceExample = directions === 2 ? "JJ" : "J";
  if (i >= end) return err(lineNo, i - base, `Falta el tipo de servicio (p. ej. ${serviceExample})`);
  e = i;
  while (e < end && !isBlank(s.charCodeAt(e)) && s.charCodeAt(e) !== 47) e++;
  let letters = 0;
  while (i + letters < e && isUpper(s.charCodeAt(i + letters))) letters++;
  const rest = e - i - letters;
  const rateChar = rest === 1 ? s.charCodeAt(e - 1) : 0;
  if (letters !== directions || rest > 1 || (rest === 1 && !(rateChar >= 49 && rateChar <= 57))) {
    return err(
      lineNo,
      i - base,
      `Tipo de servicio '${shown(s.slice(i, e))}' no válido: se esperaba una letra por sentido (${serviceExample}) y, si hace falta, un dígito de frecuencia del 1 al 9 (p. ej. ${serviceExample}2)`,
    );
  }
  for (let k = 0; k < letters; k++) {
    if (!isServiceTypeChar(s.charCodeAt(i + k))) {
      return err(lineNo, i + k - base, `Tipo de servicio '${s[i + k] ?? ""}' desconocido: se esperaba ${SERVICE_TYPE_LIST_ES}`);
    }
  }
  const service = codeAt(s, i, letters);
  const frequencyRate = rest === 1 ? rateChar - 48 : null;

  // Extra information "/ … /" or nothing
  let extra: string | null = null;
  i = skipBlanks(s, e, end);
  if (i < end) {
    if (s.charCodeAt(i) !== 47) {
      notes.push(
        note(
          i - base,
          `Se ignoró el texto '${shown(s.slice(i, end))}' después del tipo de servicio: no es un campo SSIM (la información adicional va entre '/', p. ej. / TEXTO /)`,
        ),
      );
    } else {
      extra = extraAt(s, i, end);
      if (extra === null) {
        extra = trimScr(s.slice(i + 1, end));
        notes.push(note(end - base, UNCLOSED_EXTRA));
      }
    }
  }

  const read: ScrDataLine = { line: lineNo, action, arrival, departure, from, to, days, seats, aircraft, service, frequencyRate, extra };
  if (arrival2400 >= 0 || departure2400 >= 0) return after2400(read, arrival2400, departure2400, notes, resolver);
  return read;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** The `DDMMM` after `ddmmm` (in the season's years when known, so 28FEB is followed by 29FEB in a leap year). */
function nextDdmmm(ddmmm: string, resolver: ScrDateResolver | null): string {
  const info = resolver?.resolve(ddmmm);
  const at = info ? Date.parse(`${info.iso}T00:00:00Z`) : Date.UTC(2001, MONTHS.indexOf(ddmmm.slice(2, 5)), Number(ddmmm.slice(0, 2)));
  const next = new Date(at + 86_400_000);
  return `${String(next.getUTCDate()).padStart(2, "0")}${MONTHS[next.getUTCMonth()] ?? ""}`;
}

/** Days of operation one day later: Monday's flight at 2400 is Tuesday's at 0000. */
function nextDays(days: string): string {
  const out = ["0", "0", "0", "0", "0", "0", "0"];
  for (let n = 1; n <= 7; n++) if (days.charAt(n - 1) !== "0") out[n % 7] = String((n % 7) + 1);
  return out.join("");
}

/**
 * `2400` as a coordinator writes it: 0000 of the next day (SSIM writes 0000–2359). A line with one
 * part moves to the next day (period and days); a turnaround's departure at 2400 becomes 0000 with
 * one more overnight day. A turnaround's arrival at 2400 is kept as written (its departure is
 * counted from the arrival's date), with a warning saying so.
 */
function after2400(line: ScrDataLine, arrivalAt: number, departureAt: number, notes: Note[], resolver: ScrDateResolver | null): ScrDataLine {
  const { arrival, departure } = line;
  if (arrival !== null && departure !== null) {
    if (arrivalAt >= 0) {
      notes.push(note(arrivalAt, `Hora de llegada 2400: ${TIME_2400}`));
      return line;
    }
    const overnight = (departure.overnight ?? 0) + 1;
    if (overnight > 9) {
      notes.push(note(departureAt, `Hora de salida 2400: ${TIME_2400}`));
      return line;
    }
    notes.push(note(departureAt, `Hora de salida 2400: se leyó como 0000 del día siguiente (indicador de pernocta ${overnight}); SSIM escribe las horas de 0000 a 2359`));
    return { ...line, departure: { ...departure, time: "0000", overnight } };
  }
  const from = nextDdmmm(line.from, resolver);
  const to = line.to === line.from ? from : nextDdmmm(line.to, resolver);
  const days = line.days === null ? null : nextDays(line.days);
  const period = from === to ? from : `${from}–${to}`;
  const what = arrival !== null ? "llegada" : "salida";
  notes.push(
    note(
      arrival !== null ? arrivalAt : departureAt,
      `Hora de ${what} 2400: se leyó como 0000 del día siguiente (${period}${days === null ? "" : `, días ${days}`}); SSIM escribe las horas de 0000 a 2359`,
    ),
  );
  return {
    ...line,
    from,
    to,
    days,
    arrival: arrival === null ? null : { ...arrival, time: "0000" },
    departure: departure === null ? null : { ...departure, time: "0000" },
  };
}
