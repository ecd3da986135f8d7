/**
 * SCR builder: writes the canonical text of a message value — one item a line, single blanks
 * between fields, `\n` line ends, no trailing newline:
 *
 *   SCR / creator? / season / date / airport / REYT/…? / data lines / SI lines / GI lines
 *
 * Canonical choices: a single-date period without days is written `05DEC`, with days `05DEC05DEC`;
 * extra information is written on the data line (`J / TEXT /`); SI entries come before GI entries;
 * a multi-line SI/GI entry writes its continuation lines bare. `line` numbers are not read.
 *
 * Whatever it writes parses back (parseScr) to the same value, with canonical line numbers: it
 * refuses, with ScrBuildError, any value the parser would read differently or reject (same checks,
 * same helpers).
 */
import {
  checkDaysAgainstPeriod,
  checkPeriodDates,
  MISSING_DAYS_MESSAGE,
  ScrDateResolver,
} from "./dates";
import { designatorProblem, isFooterLine, looksLikeDataLine } from "./parse";
import { isServiceTypeChar } from "./serviceTypes";
import {
  daysErrorAt,
  isActionCode,
  isDdmmm,
  isDesignator,
  isStation,
  isTime,
  isUpperAlnums,
  trimScr,
} from "./tokens";
import type { ScrDataLine, ScrMessage } from "./types";
import { isSeasonCode } from "../seasons";

export type ScrBuildProblem = {
  /** Where, e.g. `header.season`, `lines[3].arrival.time`, `si[0]`. */
  path: string;
  /** Spanish explanation. */
  message: string;
};

export class ScrBuildError extends Error {
  readonly problems: ScrBuildProblem[];
  constructor(problems: ScrBuildProblem[]) {
    super(
      `No se puede escribir el mensaje SCR: ${problems
        .slice(0, 5)
        .map((p) => `${p.path}: ${p.message}`)
        .join("; ")}${problems.length > 5 ? ` (y ${problems.length - 5} más)` : ""}`,
    );
    this.name = "ScrBuildError";
    this.problems = problems;
  }
}

/** The fields of a data line the builder reads (its `line` number is not one of them). */
export type ScrDataLineInput = Omit<ScrDataLine, "line"> & { line?: number };

export type ScrMessageInput = {
  header: ScrMessage["header"];
  lines: readonly ScrDataLineInput[];
  si?: readonly string[];
  gi?: readonly string[];
};

function hasLineBreak(text: string): boolean {
  return text.includes("\n") || text.includes("\r");
}

/** A free text written after a prefix on one line: no line break, nothing the parser would trim. */
function checkInlineText(text: unknown, path: string, what: string, problems: ScrBuildProblem[]): void {
  if (typeof text !== "string") {
    problems.push({ path, message: `${what} debe ser texto` });
  } else if (hasLineBreak(text)) {
    problems.push({ path, message: `${what} no puede tener saltos de línea` });
  } else if (trimScr(text) !== text) {
    problems.push({ path, message: `${what} no puede empezar ni terminar con espacios` });
  }
}

function checkFooterEntry(text: unknown, path: string, problems: ScrBuildProblem[]): void {
  if (typeof text !== "string") {
    problems.push({ path, message: "Debe ser texto" });
    return;
  }
  const segments = text.split("\n");
  checkInlineText(segments[0], path, "La primera línea", problems);
  for (let k = 1; k < segments.length; k++) {
    const segment = segments[k] ?? "";
    const where = `${path} (línea ${k + 1})`;
    if (segment === "") problems.push({ path: where, message: "Una línea de continuación no puede estar vacía" });
    else if (segment.includes("\r")) problems.push({ path: where, message: "No puede tener retornos de carro" });
    else if (trimScr(segment) !== segment) {
      problems.push({ path: where, message: "Una línea de continuación no puede empezar ni terminar con espacios" });
    } else if (isFooterLine(segment)) {
      problems.push({ path: where, message: "Una línea de continuación no puede empezar con SI ni GI" });
    } else if (looksLikeDataLine(segment)) {
      problems.push({ path: where, message: "Una línea de continuación no puede parecer una línea de datos" });
    }
  }
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** Path of a line's field: `lines[3].arrival.time`, or `line.arrival.time` for a lone line (index -1). */
function linePath(index: number, field: string): string {
  return index < 0 ? `line.${field}` : `lines[${index}].${field}`;
}

function add(problems: ScrBuildProblem[], index: number, field: string, message: string): void {
  problems.push({ path: linePath(index, field), message });
}

/** Checks one line; `index` only names it in the problems (no closure, no string per line). */
function checkLine(
  line: ScrDataLineInput,
  index: number,
  resolver: ScrDateResolver | null,
  problems: ScrBuildProblem[],
): void {
  if (!isActionCode(line.action)) {
    add(problems, index, "action", `Código de acción '${String(line.action)}' no válido`);
  }
  const { arrival, departure } = line;
  if (!arrival && !departure) add(problems, index, "arrival", "La línea necesita una llegada, una salida o ambas");
  if (arrival) {
    if (!isDesignator(arrival.flight)) {
      const reason = designatorProblem(arrival.flight, 0, arrival.flight.length);
      add(problems, index, "arrival.flight", `Vuelo '${arrival.flight}' no válido: ${reason}`);
    }
    if (!isStation(arrival.origin)) {
      add(problems, index, "arrival.origin", "La estación de origen debe tener 3 letras mayúsculas");
    }
    if (arrival.previous !== null && !isStation(arrival.previous)) {
      add(problems, index, "arrival.previous", "La estación anterior debe tener 3 letras mayúsculas o ser null");
    }
    if (arrival.time === null || !isTime(arrival.time)) {
      add(problems, index, "arrival.time", `Hora '${arrival.time ?? ""}' no válida (HHMM, 0000–2359)`);
    }
  }
  if (departure) {
    if (!isDesignator(departure.flight)) {
      const reason = designatorProblem(departure.flight, 0, departure.flight.length);
      add(problems, index, "departure.flight", `Vuelo '${departure.flight}' no válido: ${reason}`);
    }
    if (departure.time === null || !isTime(departure.time)) {
      add(problems, index, "departure.time", `Hora '${departure.time ?? ""}' no válida (HHMM, 0000–2359)`);
    }
    if (departure.overnight !== null && !isIntegerIn(departure.overnight, 0, 9)) {
      add(problems, index, "departure.overnight", "El indicador de pernocta debe ser un dígito (0–9) o null");
    }
    if (departure.next !== null && !isStation(departure.next)) {
      add(problems, index, "departure.next", "La estación siguiente debe tener 3 letras mayúsculas o ser null");
    }
    if (!isStation(departure.destination)) {
      add(problems, index, "departure.destination", "La estación de destino debe tener 3 letras mayúsculas");
    }
  }
  const fromOk = typeof line.from === "string" && isDdmmm(line.from);
  const toOk = typeof line.to === "string" && isDdmmm(line.to);
  const datesOk = fromOk && toOk;
  if (!fromOk) add(problems, index, "from", `Fecha '${line.from}' no válida (DDMMM, p. ej. 05DEC)`);
  if (!toOk) add(problems, index, "to", `Fecha '${line.to}' no válida (DDMMM, p. ej. 05DEC)`);
  if (datesOk) {
    const periodProblem = checkPeriodDates(line.from, line.to, resolver);
    if (periodProblem) add(problems, index, periodProblem.field, periodProblem.message);
  }
  if (line.days === null) {
    if (line.from !== line.to) add(problems, index, "days", MISSING_DAYS_MESSAGE);
  } else if (typeof line.days !== "string" || line.days.length !== 7 || daysErrorAt(line.days, 0) !== -1) {
    const message = "Los días deben tener 7 caracteres: el dígito n en la posición n y 0 en los días sin operación";
    add(problems, index, "days", message);
  } else if (datesOk) {
    const daysProblem = checkDaysAgainstPeriod(line.from, line.to, line.days, resolver);
    if (daysProblem) add(problems, index, "days", daysProblem.message);
  }
  if (line.seats === null || !isIntegerIn(line.seats, 0, 999)) add(problems, index, "seats", "Los asientos deben ser un entero de 0 a 999");
  if (line.aircraft === null || typeof line.aircraft !== "string" || line.aircraft.length !== 3 || !isUpperAlnums(line.aircraft, 0, 3)) {
    add(problems, index, "aircraft", "El tipo de aeronave debe tener 3 letras mayúsculas o dígitos");
  }
  const directions = (arrival ? 1 : 0) + (departure ? 1 : 0);
  let serviceOk = typeof line.service === "string" && line.service.length === directions;
  for (let k = 0; serviceOk && k < line.service.length; k++) {
    serviceOk = isServiceTypeChar(line.service.charCodeAt(k));
  }
  if (directions > 0 && !serviceOk) {
    const example = directions === 2 ? "JJ" : "J";
    add(problems, index, "service", `El tipo de servicio debe ser una letra válida por sentido (${example})`);
  }
  if (line.frequencyRate !== null && !isIntegerIn(line.frequencyRate, 1, 9)) {
    add(problems, index, "frequencyRate", "La frecuencia debe ser un dígito del 1 al 9 o null");
  }
  if (line.extra !== null) {
    checkInlineText(line.extra, linePath(index, "extra"), "La información adicional", problems);
  }
}

/** Every reason `buildScr` would refuse the message (empty when it can be written). */
export function checkScrMessage(message: ScrMessageInput): ScrBuildProblem[] {
  const problems: ScrBuildProblem[] = [];
  const { header } = message;
  if (header.smi !== "SCR") problems.push({ path: "header.smi", message: "Debe ser 'SCR'" });
  if (header.creator !== null) {
    checkInlineText(header.creator, "header.creator", "La referencia del creador", problems);
  }
  if (!isSeasonCode(header.season)) {
    problems.push({ path: "header.season", message: "La temporada debe ser S o W y dos dígitos (p. ej. W26)" });
  }
  if (typeof header.date !== "string" || !isDdmmm(header.date)) {
    problems.push({ path: "header.date", message: "La fecha del mensaje debe ser DDMMM (p. ej. 21NOV)" });
  }
  if (typeof header.airport !== "string" || !isStation(header.airport)) {
    problems.push({ path: "header.airport", message: "El aeropuerto debe tener 3 letras mayúsculas (p. ej. MEX)" });
  }
  if (header.reyt !== null) checkInlineText(header.reyt, "header.reyt", "La referencia REYT", problems);
  const resolver = ScrDateResolver.forSeason(header.season);
  for (let index = 0; index < message.lines.length; index++) {
    const line = message.lines[index];
    if (line) checkLine(line, index, resolver, problems);
  }
  (message.si ?? []).forEach((text, index) => checkFooterEntry(text, `si[${index}]`, problems));
  (message.gi ?? []).forEach((text, index) => checkFooterEntry(text, `gi[${index}]`, problems));
  return problems;
}

const SPACE = 32;
const NEWLINE = 10;
const ZERO = 48;
const CHUNK = 8192;

/**
 * Collects the text as UTF-16 code units in a reused typed array, turned into one string every
 * CHUNK units: 100,000 lines become a few hundred strings instead of millions of small ones.
 */
class TextBuffer {
  private readonly codes = new Uint16Array(CHUNK);
  private length = 0;
  private readonly chunks: string[] = [];

  text(value: string): void {
    const codes = this.codes;
    for (let i = 0; i < value.length; i++) {
      if (this.length === CHUNK) this.flush();
      codes[this.length++] = value.charCodeAt(i);
    }
  }

  code(value: number): void {
    if (this.length === CHUNK) this.flush();
    this.codes[this.length++] = value;
  }

  /** A number 0..999 as three digits. */
  threeDigits(value: number): void {
    this.code(ZERO + Math.floor(value / 100));
    this.code(ZERO + (Math.floor(value / 10) % 10));
    this.code(ZERO + (value % 10));
  }

  private flush(): void {
    if (this.length === 0) return;
    const chunk: string = Reflect.apply(String.fromCharCode, null, this.codes.subarray(0, this.length));
    this.chunks.push(chunk);
    this.length = 0;
  }

  toString(): string {
    this.flush();
    return this.chunks.join("");
  }
}

/** Canonical text of one data line, assuming a checked value. */
function writeLine(out: TextBuffer, line: ScrDataLineInput): void {
  const { arrival, departure } = line;
  out.text(line.action);
  if (arrival) out.text(arrival.flight);
  if (departure) {
    out.code(SPACE);
    out.text(departure.flight);
  }
  out.code(SPACE);
  out.text(line.from);
  if (line.from !== line.to || line.days !== null) out.text(line.to);
  if (line.days !== null) {
    out.code(SPACE);
    out.text(line.days);
  }
  out.code(SPACE);
  out.threeDigits(line.seats ?? 0);
  out.text(line.aircraft ?? "");
  if (arrival) {
    out.code(SPACE);
    out.text(arrival.origin);
    if (arrival.previous !== null) out.text(arrival.previous);
    out.text(arrival.time ?? "");
  }
  if (departure) {
    out.code(SPACE);
    out.text(departure.time ?? "");
    if (departure.overnight !== null) out.code(ZERO + departure.overnight);
    if (departure.next !== null) out.text(departure.next);
    out.text(departure.destination);
  }
  out.code(SPACE);
  out.text(line.service);
  if (line.frequencyRate !== null) out.code(ZERO + line.frequencyRate);
  if (line.extra !== null) {
    out.text(" / ");
    out.text(line.extra);
    out.text(" /");
  }
}

function writeFooter(out: TextBuffer, prefix: "SI" | "GI", text: string): void {
  out.code(NEWLINE);
  out.text(prefix);
  if (text !== "" && !text.startsWith("\n")) out.code(SPACE);
  out.text(text);
}

/** Canonical text of a message. Throws ScrBuildError when the value cannot be written faithfully. */
export function buildScr(message: ScrMessageInput): string {
  const problems = checkScrMessage(message);
  if (problems.length > 0) throw new ScrBuildError(problems);
  const { header } = message;
  const out = new TextBuffer();
  out.text("SCR");
  if (header.creator !== null) {
    out.text("\n/");
    out.text(header.creator);
  }
  out.text(`\n${header.season ?? ""}\n${header.date ?? ""}\n${header.airport ?? ""}`);
  if (header.reyt !== null) {
    out.text("\nREYT/");
    out.text(header.reyt);
  }
  for (const line of message.lines) {
    out.code(NEWLINE);
    writeLine(out, line);
  }
  for (const text of message.si ?? []) writeFooter(out, "SI", text);
  for (const text of message.gi ?? []) writeFooter(out, "GI", text);
  return out.toString();
}

/**
 * Canonical text of one data line, checked against `season` as the builder checks it inside a
 * message. Throws ScrBuildError.
 */
export function buildScrLine(line: ScrDataLineInput, season: string): string {
  const problems: ScrBuildProblem[] = [];
  if (!isSeasonCode(season)) problems.push({ path: "season", message: "La temporada debe ser S o W y dos dígitos" });
  checkLine(line, -1, ScrDateResolver.forSeason(season), problems);
  if (problems.length > 0) throw new ScrBuildError(problems);
  const out = new TextBuffer();
  writeLine(out, line);
  return out.toString();
}

/**
 * The message with its data lines numbered as `buildScr` lays them out (what parseScr of the
 * built text reports), and no errors.
 */
export function withCanonicalLineNumbers(message: ScrMessageInput): ScrMessage {
  let next = 5 + (message.header.creator !== null ? 1 : 0) + (message.header.reyt !== null ? 1 : 0);
  return {
    header: { ...message.header },
    // Written out field by field (not spread) so every line has the parser's shape and key order.
    lines: message.lines.map((line) => ({
      line: next++,
      action: line.action,
      arrival: line.arrival && {
        flight: line.arrival.flight,
        origin: line.arrival.origin,
        previous: line.arrival.previous,
        time: line.arrival.time,
      },
      departure: line.departure && {
        flight: line.departure.flight,
        time: line.departure.time,
        overnight: line.departure.overnight,
        next: line.departure.next,
        destination: line.departure.destination,
      },
      from: line.from,
      to: line.to,
      days: line.days,
      seats: line.seats,
      aircraft: line.aircraft,
      service: line.service,
      frequencyRate: line.frequencyRate,
      extra: line.extra,
    })),
    si: [...(message.si ?? [])],
    gi: [...(message.gi ?? [])],
    errors: [],
    problems: [],
  };
}
