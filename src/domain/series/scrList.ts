/**
 * The coordinator's own text lists (SSIM Chapter 6): SAL, the slot allocation list, and SHL, the
 * historic slot list. Their lines are SCR data lines, so they are read with the SCR codec after
 * their first line; SHL series are historic (D), and so are SAL lines with action H (historic
 * slot kept); every other SAL line is a new series (ADD).
 */
import { splitLines, type ReadProblem } from "../reading";
import { parseScr } from "../scr/parse";
import { scrDateToIso } from "../scr/dates";
import type { ScrDataLine } from "../scr/types";
import { addDays, isoWeekday } from "../seasons";
import type { SeriesProblem, SeriesRow } from "./rows";

export type ScrListKind = "SAL" | "SHL";

/** The kind of list a text is (its first non-blank line), or null when it is neither. */
export function scrListKind(text: string): ScrListKind | null {
  const first = /^\s*(\S+)/.exec(text)?.[1]?.toUpperCase();
  return first === "SAL" || first === "SHL" ? first : null;
}

const hhmm = (time: string) => `${time.slice(0, 2)}:${time.slice(2, 4)}`;

/** Days left out: the single date's weekday, or every day of a longer period (a reply line that omits them). */
function daysMask(days: string | null, from: string, to: string): number {
  if (days === null) return from === to ? 1 << (isoWeekday(from) - 1) : 0x7f;
  let mask = 0;
  for (let i = 0; i < 7; i++) if (days[i] === String(i + 1)) mask |= 1 << i;
  return mask;
}

const operates = (date: string, mask: number) => (mask & (1 << (isoWeekday(date) - 1))) !== 0;

/**
 * The first and last operating dates of a period (the listed days within it): the reader took a
 * period that starts or ends on a day the line does not operate with a warning, and a series
 * runs from its first operation to its last. Unchanged when no day of the period operates.
 */
function operatingPeriod(from: string, to: string, mask: number): { firstDate: string; lastDate: string } {
  let first = from;
  let last = to;
  for (let k = 0; k < 6 && first < last && !operates(first, mask); k++) first = addDays(first, 1);
  for (let k = 0; k < 6 && last > first && !operates(last, mask); k++) last = addDays(last, -1);
  return operates(first, mask) && operates(last, mask) ? { firstDate: first, lastDate: last } : { firstDate: from, lastDate: to };
}

function toSeries(line: ScrDataLine, season: string, kind: ScrListKind): SeriesRow | SeriesProblem {
  const writtenFirst = scrDateToIso(line.from, season);
  const writtenLast = scrDateToIso(line.to, season);
  if (!writtenFirst || !writtenLast) {
    return {
      row: line.line,
      column: "first_date",
      value: `${line.from} ${line.to}`,
      message: `el periodo no existe en la temporada ${season}`,
    };
  }
  const days = daysMask(line.days, writtenFirst, writtenLast);
  const { firstDate, lastDate } = operatingPeriod(writtenFirst, writtenLast, days);
  const { seats, aircraft } = line;
  const arrivalTime = line.arrival ? line.arrival.time : "";
  const departureTime = line.departure ? line.departure.time : "";
  if (seats === null || aircraft === null || arrivalTime === null || departureTime === null) {
    // A list's series needs its time, seats and aircraft; only a refusal may leave them out.
    return {
      row: line.line,
      column: null,
      value: "",
      message: "la línea no trae la hora, los asientos o el tipo de aeronave que necesita una serie",
    };
  }
  return {
    row: line.line,
    arrivalFlight: line.arrival?.flight ?? null,
    departureFlight: line.departure?.flight ?? null,
    firstDate,
    lastDate,
    days,
    seats,
    aircraftType: aircraft,
    origin: line.arrival?.origin ?? null,
    arrivalTime: line.arrival ? hhmm(arrivalTime) : null,
    departureTime: line.departure ? hhmm(departureTime) : null,
    destination: line.departure?.destination ?? null,
    overnight: line.departure?.overnight ?? 0,
    serviceType: line.service,
    status: kind === "SHL" || line.action === "H" ? "D" : "ADD",
  };
}

/**
 * Reads a SAL or SHL list for `season`. The list must be for that season (its season line); the
 * codec's own errors (with line and column) come back as problems; what it assumed to read a line
 * (its warnings, `aviso`) comes back as warnings, each with the line as written in the list.
 */
export function readScrList(
  text: string,
  season: string,
): { kind: ScrListKind; series: SeriesRow[]; problems: SeriesProblem[]; warnings: ReadProblem[] } | null {
  const kind = scrListKind(text);
  if (kind === null) return null;
  // The first line names the list; the rest is an SCR message's (same columns once renamed).
  const message = parseScr(text.replace(/^(\s*)(SAL|SHL)/i, "$1SCR"));
  const problems: SeriesProblem[] = message.errors.map((error) => ({
    row: error.line,
    column: null,
    textColumn: error.column,
    value: "",
    message: error.message,
  }));
  if (message.header.season !== null && message.header.season !== season) {
    problems.push({
      row: 3,
      column: null,
      value: message.header.season,
      message: `la lista es de la temporada ${message.header.season}, no de ${season}`,
    });
  }
  const series: SeriesRow[] = [];
  for (const line of message.lines) {
    const read = toSeries(line, season, kind);
    if ("arrivalFlight" in read) series.push(read);
    else problems.push(read);
  }
  // The first line was renamed for the codec: a warning shows the list's own text.
  const written = splitLines(text);
  const warnings = message.problems
    .filter((problem) => problem.severity === "aviso")
    .map((problem) => ({ ...problem, text: written[problem.line - 1] ?? problem.text }));
  return { kind, series, problems, warnings };
}
