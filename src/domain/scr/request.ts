/**
 * An SCR request from the draft editor's rows (seed 000 §2.4, §4.1, §5.1): checks each line with
 * the editor's validator and the order rules of its action code, pairs each C line with its R/L
 * line, and writes the message, split into parts of at most 40 data lines that never separate a
 * C line from its R/L. Pure: the caller checks slots, references and recipients.
 */
import type { components } from "../../generated/openapi";
import type { Airline } from "../airline";
import type { SeasonBounds } from "../seasons";
import { buildScr, buildScrLine, ScrBuildError } from "./build";
import { isoToScrDate, scrDateToIso } from "./dates";
import { validateDraftLine, type DraftLineKind } from "./lineValidator";
import { parseScr } from "./parse";
import type { ScrDataLine } from "./types";

/** 2 altas (N lines), 3 cancelaciones (D lines), 4 modificaciones (C + R/L lines). */
export type RequestActionCode = 2 | 3 | 4;

/** One row of the editor: the slot id (or the alta's draft id) and its lines. */
export type RequestRow = { id: string; change: string | null; request: string | null };

/** One logbook line: a request line and, for a modification, the C line before it. */
export type RequestUnit = {
  /** The row id of the unit's first line (the C line of a modification). */
  id: string;
  /**
   * Every row (slot) the unit speaks for, when it is a period made of several rows
   * (`periodUnits`); absent: just `id`.
   */
  ids?: string[];
  actual: string | null;
  request: string;
};

/**
 * Something wrong with the rows, with the place it is about: the contract's ErrorDetail whose
 * `field` is always given (`slots[3].change`: the row and line of the request body); `line` is the
 * 1-based number of the data line in the message (rows' lines in order), when it is about one.
 */
export type RequestProblem = components["schemas"]["ErrorDetail"] & { field: string };

/** Data lines per part: longer requests are sent as several messages. */
export const MAX_LINES_PER_PART = 40;

const KIND_OF_REQUEST: Record<RequestActionCode, DraftLineKind> = { 2: "new", 3: "delete", 4: "request" };
const TYPE_LABEL: Record<RequestActionCode, string> = { 2: "altas", 3: "cancelaciones", 4: "modificaciones" };

type FlatLine = { text: string; kind: "change" | "request"; row: number; id: string; number: number };

const present = (text: string | null): text is string => text !== null && text.trim() !== "";

/**
 * The units of the rows, or every problem found: a line the validator refuses (with its line
 * number and column), a change line where the action code has none, a C line not followed by its
 * R/L line, an R/L line without a C line before it, a row without lines.
 */
export function requestUnits(
  rows: readonly RequestRow[],
  options: { actionCode: RequestActionCode; requestLetter: "L" | "R"; season: SeasonBounds; airline: Airline },
): { units: RequestUnit[]; problems: RequestProblem[] } {
  const { actionCode, requestLetter, season, airline } = options;
  const problems: RequestProblem[] = [];
  const flat: FlatLine[] = [];
  rows.forEach((row, index) => {
    if (!present(row.change) && !present(row.request)) {
      problems.push({ field: `slots[${index}]`, message: `La fila ${index + 1} no tiene ninguna línea.` });
      return;
    }
    if (present(row.change)) flat.push({ text: row.change, kind: "change", row: index, id: row.id, number: flat.length + 1 });
    if (present(row.request)) flat.push({ text: row.request, kind: "request", row: index, id: row.id, number: flat.length + 1 });
  });

  for (const line of flat) {
    const field = `slots[${line.row}].${line.kind}`;
    if (line.kind === "change" && actionCode !== 4) {
      const letter = actionCode === 2 ? "N" : "D";
      problems.push({
        field,
        line: line.number,
        message: `Una solicitud de ${TYPE_LABEL[actionCode]} solo lleva líneas ${letter}: la línea ${line.number} es una línea de cambio (C).`,
      });
      continue;
    }
    const kind = line.kind === "change" ? "change" : KIND_OF_REQUEST[actionCode];
    const error = validateDraftLine(line.text, { kind, requestLetter, season, airline });
    if (error) {
      problems.push({
        field,
        line: line.number,
        ...(error.column !== undefined ? { column: error.column } : {}),
        message: error.message,
      });
    }
  }

  const units: RequestUnit[] = [];
  if (actionCode !== 4) {
    for (const line of flat) if (line.kind === "request") units.push({ id: line.id, actual: null, request: line.text });
    return { units, problems };
  }
  for (let k = 0; k < flat.length; k++) {
    const line = flat[k];
    if (!line) continue;
    const next = flat[k + 1];
    if (line.kind === "change") {
      if (next?.kind === "request") {
        units.push({ id: line.id, actual: line.text, request: next.text });
        k++;
      } else {
        problems.push({
          field: `slots[${line.row}].change`,
          line: line.number,
          message: `La línea C ${line.number} debe ir seguida de su línea ${requestLetter}.`,
        });
      }
    } else {
      problems.push({
        field: `slots[${line.row}].request`,
        line: line.number,
        message: `La línea ${requestLetter} ${line.number} debe ir después de la línea C del slot que modifica.`,
      });
    }
  }
  return { units, problems };
}

/** The G.I. greeting of a sender (seed 000 §2.4): `SALUDOS/{initial}. {LAST NAME}`, upper-cased. */
export function greeting(name: string, lastName: string): string {
  const initial = name.trim().charAt(0);
  const last = lastName.trim().replace(/\s+/g, " ");
  if (!initial && !last) return "SALUDOS";
  return `SALUDOS/${initial ? `${initial}. ` : ""}${last}`.toUpperCase();
}

/** Free text as footer entries: one per non-blank line, trimmed, upper-cased, blanks collapsed. */
export function footerEntries(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trim().replace(/\s+/g, " ").toUpperCase())
    .filter((line) => line !== "");
}

export type ScrRequestInput = {
  /** The sender's address (the creator-reference line); null leaves the line out (SSIM: optional). */
  creator: string | null;
  /** Season code, e.g. `W26`. */
  season: string;
  /** The message date, `yyyy-MM-dd` (UTC). */
  date: string;
  airport: string;
  units: readonly RequestUnit[];
  si: readonly string[];
  gi: readonly string[];
};

export type ScrRequestPart = {
  part: number;
  text: string;
  /** Data lines in the part. */
  lines: number;
  /** The part's units, as written (canonical SCR text of each line). */
  units: RequestUnit[];
  /** The parsed lines, in order. */
  data: ScrDataLine[];
};

/** Groups units into parts of at most `max` data lines; a unit (C + R/L) is never split. */
export function splitUnits<T extends { actual: string | null }>(units: readonly T[], max = MAX_LINES_PER_PART): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let count = 0;
  for (const unit of units) {
    const size = unit.actual === null ? 1 : 2;
    if (count + size > max && current.length > 0) {
      parts.push(current);
      current = [];
      count = 0;
    }
    current.push(unit);
    count += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The parts of the message: each with the full header (`SCR`, `/creator`, season, date DDMMM,
 * airport), its data lines, then the SI and GI lines. Lines go through the SCR parser and are
 * written back by the builder, so what is sent is exactly what a coordinator's parser reads.
 * Throws ScrBuildError (with the line numbers of `units`' lines) when a line cannot be written.
 */
export function composeScrRequest(input: ScrRequestInput): ScrRequestPart[] {
  const texts = input.units.flatMap((unit) => (unit.actual === null ? [unit.request] : [unit.actual, unit.request]));
  const headerLines = 4; // SCR, season, date, airport of the parse below
  const parsed = parseScr(["SCR", input.season, "01JAN", input.airport, ...texts].join("\n"));
  if (parsed.errors.length > 0 || parsed.lines.length !== texts.length) {
    throw new ScrBuildError(
      parsed.errors.map((error) => ({
        path: `lines[${error.line - headerLines - 1}]`,
        message: `Línea ${error.line - headerLines}, columna ${error.column}: ${error.message}`,
      })),
    );
  }
  const header = {
    smi: "SCR" as const,
    creator: input.creator,
    season: input.season,
    date: isoToScrDate(input.date),
    airport: input.airport,
    reyt: null,
  };
  let at = 0;
  return splitUnits(input.units).map((units, index) => {
    const data: ScrDataLine[] = [];
    const written: RequestUnit[] = [];
    for (const unit of units) {
      const actual = unit.actual === null ? null : parsed.lines[at++];
      const request = parsed.lines[at++];
      if (request === undefined || actual === undefined) throw new Error("parsed lines out of step with the units");
      if (actual) data.push(actual);
      data.push(request);
      written.push({
        ...(unit.ids ? { ids: unit.ids } : {}),
        id: unit.id,
        actual: actual ? buildScrLine(actual, input.season) : null,
        request: buildScrLine(request, input.season),
      });
    }
    const text = buildScr({ header, lines: data, si: input.si, gi: input.gi });
    return { part: index + 1, text, lines: data.length, units: written, data };
  });
}

// ---- periods ------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const isoAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
/** SSIM's day of operation: 1 Monday … 7 Sunday. */
const weekdayOf = (iso: string) => ((new Date(msOf(iso)).getUTCDay() + 6) % 7) + 1;

/** A period of dates: first, last, the days of operation, the dates it holds (all of them). */
export type DatePeriod = { from: string; to: string; days: string; dates: string[] };

/**
 * The fewest periods, in date order, that say exactly `dates` (ISO): contiguous dates with the
 * same days of operation make one period, as the coordinators' guides write a series (one line
 * from its first to its last date with its days); a date missing inside a period's days starts
 * another. A daily series is one period; Mondays and Fridays, one period with days 1000500.
 */
export function datePeriods(dates: readonly string[]): DatePeriod[] {
  const sorted = [...new Set(dates)].sort();
  const have = new Set(sorted);
  const out: { from: string; to: string; days: Set<number>; dates: string[] }[] = [];
  let current: (typeof out)[number] | null = null;
  for (const date of sorted) {
    if (current !== null) {
      const days = new Set(current.days).add(weekdayOf(date));
      let whole = true;
      for (let t = msOf(current.from); t <= msOf(date) && whole; t += DAY_MS) {
        const iso = isoAt(t);
        if (days.has(weekdayOf(iso)) && !have.has(iso)) whole = false;
      }
      if (whole) {
        current.days = days;
        current.to = date;
        current.dates.push(date);
        continue;
      }
      out.push(current);
    }
    current = { from: date, to: date, days: new Set([weekdayOf(date)]), dates: [date] };
  }
  if (current !== null) out.push(current);
  return out.map((period) => ({
    from: period.from,
    to: period.to,
    days: [1, 2, 3, 4, 5, 6, 7].map((d) => (period.days.has(d) ? String(d) : "0")).join(""),
    dates: period.dates,
  }));
}

/** What a one-date line says but its date: two such lines of two dates belong to one series. */
function seriesKey(line: ScrDataLine): string {
  const { line: _line, from: _from, to: _to, days: _days, ...rest } = line;
  return JSON.stringify(rest);
}

/**
 * The units of one-date lines written as periods (issue 36 item 4): units whose lines say the same
 * but for their date (a retime of a series, slot by slot: a C and an R line per date) become one C
 * and one R line per period of `datePeriods`, each unit carrying every row it speaks for (`ids`).
 * Units of several dates, or whose C and R lines name different dates, stay as they are. Groups
 * keep the place of their first unit. Lines the parser refuses are left for composeScrRequest to
 * report.
 */
export function periodUnits(units: readonly RequestUnit[], season: string): RequestUnit[] {
  const texts = units.flatMap((unit) => (unit.actual === null ? [unit.request] : [unit.actual, unit.request]));
  const parsed = parseScr(["SCR", season, "01JAN", "MEX", ...texts].join("\n"));
  if (parsed.errors.length > 0 || parsed.lines.length !== texts.length) return [...units];
  type Group = { actual: ScrDataLine | null; request: ScrDataLine; rows: { id: string; date: string }[] };
  const out: (RequestUnit | Group)[] = [];
  const groups = new Map<string, Group>();
  let at = 0;
  for (const unit of units) {
    const actual = unit.actual === null ? null : (parsed.lines[at++] ?? null);
    const request = parsed.lines[at++];
    const date = request ? scrDateToIso(request.from, season) : null;
    const single = (line: ScrDataLine | null) => line === null || (line.from === line.to && line.from === request?.from);
    if (!request || date === null || unit.ids !== undefined || !single(actual) || !single(request)) {
      out.push(unit);
      continue;
    }
    const key = `${actual ? seriesKey(actual) : ""}|${seriesKey(request)}`;
    const group = groups.get(key);
    if (group) group.rows.push({ id: unit.id, date });
    else {
      const created: Group = { actual, request, rows: [{ id: unit.id, date }] };
      groups.set(key, created);
      out.push(created);
    }
  }
  return out.flatMap((entry): RequestUnit[] => {
    if (!("rows" in entry)) return [entry];
    if (entry.rows.length === 1) {
      const only = units.find((unit) => unit.id === entry.rows[0]?.id);
      if (only) return [only];
    }
    const byDate = new Map<string, string[]>();
    for (const row of entry.rows) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row.id]);
    return datePeriods(entry.rows.map((row) => row.date)).map((period) => {
      const ids = period.dates.flatMap((date) => byDate.get(date) ?? []);
      const write = (line: ScrDataLine) =>
        buildScrLine({ ...line, from: isoToScrDate(period.from) ?? line.from, to: isoToScrDate(period.to) ?? line.to, days: period.days }, season);
      return { id: ids[0] ?? "", ids, actual: entry.actual ? write(entry.actual) : null, request: write(entry.request) };
    });
  });
}
