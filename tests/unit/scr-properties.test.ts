import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, isoWeekday, seasonBounds } from "../../src/domain/seasons";
import {
  buildScr,
  checkScrMessage,
  isFooterLine,
  isoToScrDate,
  looksLikeDataLine,
  parseScr,
  SCR_REPLY_ACTIONS,
  SCR_REQUEST_ACTIONS,
  SERVICE_TYPE_CODES,
  validateDraftLine,
  validateDraftLineAll,
  withCanonicalLineNumbers,
  type ScrDataLineInput,
  type ScrMessage,
  type ScrMessageInput,
} from "../../src/domain/scr";

// ---- arbitraries for valid messages -------------------------------------------------------------

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
const DIGITS = "0123456789".split("");
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const letter = fc.constantFrom(...UPPER);
const digit = fc.constantFrom(...DIGITS);
const chars = (unit: fc.Arbitrary<string>, min: number, max: number) =>
  fc.array(unit, { minLength: min, maxLength: max }).map((list) => list.join(""));

const station = chars(letter, 3, 3);
const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
const time = fc.tuple(twoDigits(23), twoDigits(59)).map(([h, m]) => h + m);

/** Airline `xx(a)`: two letters/digits with at least one letter, and an optional third letter. */
const airline = fc.oneof(
  fc.tuple(letter, fc.oneof(letter, digit)).map(([a, b]) => a + b),
  fc.tuple(digit, letter).map(([a, b]) => a + b),
  chars(letter, 3, 3),
);
const designator = fc
  .tuple(airline, chars(digit, 1, 4), fc.option(letter, { nil: "" }))
  .map(([a, number, suffix]) => a + number + suffix);

/** What the parser trims around free texts: control characters, space, no-break space, BOM. */
const trimmed = (c: number) => c <= 32 || c === 160 || c === 0xfeff;
function trimLikeTheParser(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && trimmed(s.charCodeAt(a))) a++;
  while (b > a && trimmed(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}
/** Any single-line text the parser keeps as written: all of Unicode, no line break, nothing to trim. */
const freeText = fc
  .string({ unit: "binary", maxLength: 30 })
  .map((s) => trimLikeTheParser(s.replace(/[\r\n]/g, "")));

const continuation = freeText.filter((s) => s !== "" && !isFooterLine(s) && !looksLikeDataLine(s));
const footerEntry = fc
  .tuple(freeText, fc.array(continuation, { maxLength: 3 }))
  .map(([first, rest]) => [first, ...rest].join("\n"));

const seasonCode = fc
  .tuple(fc.constantFrom("S", "W"), fc.integer({ min: 0, max: 60 }))
  .map(([kind, year]) => `${kind}${String(year).padStart(2, "0")}`);

const messageDate = fc
  .integer({ min: 0, max: 11 })
  .chain((m) => fc.integer({ min: 1, max: MAX_DAYS[m] ?? 28 }).map((d) => `${String(d).padStart(2, "0")}${MONTHS[m]}`));

const ACTIONS = [...SCR_REQUEST_ACTIONS, ...SCR_REPLY_ACTIONS];

function dayCount(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** A days field that agrees with the period: its first and last dates operate, no day outside it. */
function daysFor(mask: number, fromIso: string, span: number): string {
  const first = isoWeekday(fromIso);
  const last = ((first - 1 + span) % 7) + 1;
  let allowed = 0;
  for (let k = 0; k <= Math.min(span, 6); k++) allowed |= 1 << ((first - 1 + k) % 7);
  const days = (mask & allowed) | (1 << (first - 1)) | (1 << (last - 1));
  return [1, 2, 3, 4, 5, 6, 7].map((n) => (days & (1 << (n - 1)) ? String(n) : "0")).join("");
}

function dataLine(season: string): fc.Arbitrary<ScrDataLineInput> {
  const { start_date, end_date } = seasonBounds(season);
  const length = dayCount(start_date, end_date) + 1;
  const period = fc
    .integer({ min: 0, max: length - 1 })
    .chain((offset) =>
      fc.tuple(
        fc.constant(offset),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: Math.min(80, length - 1 - offset) })),
        fc.integer({ min: 0, max: 127 }),
        fc.boolean(),
      ),
    )
    .map(([offset, span, mask, leaveOutDays]) => {
      const fromIso = addDays(start_date, offset);
      return {
        from: isoToScrDate(fromIso) ?? "",
        to: isoToScrDate(addDays(fromIso, span)) ?? "",
        days: span === 0 && leaveOutDays ? null : daysFor(mask, fromIso, span),
      };
    });
  const arrival = fc.record({ flight: designator, origin: station, previous: fc.option(station, { nil: null }), time });
  const departure = fc.record({
    flight: designator,
    time,
    overnight: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
    next: fc.option(station, { nil: null }),
    destination: station,
  });
  const ends = fc.oneof(
    fc.tuple(arrival, fc.constant(null)),
    fc.tuple(fc.constant(null), departure),
    fc.tuple(arrival, departure),
  );
  return fc
    .record({
      action: fc.constantFrom(...ACTIONS),
      ends,
      period,
      seats: fc.integer({ min: 0, max: 999 }),
      aircraft: chars(fc.oneof(letter, digit), 3, 3),
      services: fc.tuple(fc.constantFrom(...SERVICE_TYPE_CODES), fc.constantFrom(...SERVICE_TYPE_CODES)),
      frequencyRate: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      extra: fc.option(freeText, { nil: null }),
    })
    .map(({ action, ends, period: p, seats, aircraft, services, frequencyRate, extra }) => ({
      action,
      arrival: ends[0],
      departure: ends[1],
      from: p.from,
      to: p.to,
      days: p.days,
      seats,
      aircraft,
      service: ends[0] && ends[1] ? services.join("") : services[0],
      frequencyRate,
      extra,
    }));
}

const validMessage: fc.Arbitrary<ScrMessage> = seasonCode.chain((season) =>
  fc
    .record({
      creator: fc.option(freeText, { nil: null }),
      date: messageDate,
      airport: station,
      reyt: fc.option(freeText, { nil: null }),
      lines: fc.array(dataLine(season), { maxLength: 12 }),
      si: fc.array(footerEntry, { maxLength: 3 }),
      gi: fc.array(footerEntry, { maxLength: 3 }),
    })
    .map(({ creator, date, airport, reyt, lines, si, gi }): ScrMessage => {
      const input: ScrMessageInput = {
        header: { smi: "SCR", creator, season, date, airport, reyt },
        lines,
        si,
        gi,
      };
      return withCanonicalLineNumbers(input);
    }),
);

// ---- mutations of a valid message --------------------------------------------------------------

type Mutation =
  | { kind: "delete"; at: number; count: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "replace"; at: number; text: string }
  | { kind: "duplicateLine"; line: number }
  | { kind: "dropLine"; line: number };

const NOISE = fc.constantFrom(" ", "\n", "\r\n", "/", "0", "9", "A", "j", "\t", "\u00a0", "SI ", "GI ", "ñ", "😀", "\ud800");
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.oneof(NOISE, fc.string({ unit: "binary", maxLength: 4 })) }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), text: NOISE }),
  fc.record({ kind: fc.constant("duplicateLine" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("dropLine" as const), line: fc.nat() }),
);

function mutate(text: string, mutations: Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = out.length === 0 ? 0 : ("at" in m ? m.at : 0) % (out.length + 1);
    if (m.kind === "delete") out = out.slice(0, at) + out.slice(at + m.count);
    else if (m.kind === "insert") out = out.slice(0, at) + m.text + out.slice(at);
    else if (m.kind === "replace") out = out.slice(0, at) + m.text + out.slice(at + 1);
    else {
      const lines = out.split("\n");
      const index = m.line % lines.length;
      if (m.kind === "duplicateLine") lines.splice(index, 0, lines[index] ?? "");
      else lines.splice(index, 1);
      out = lines.join("\n");
    }
  }
  return out;
}

/** Parses and checks what must hold for any input: no throw, JSON data, errors that point inside the text. */
function parseChecked(text: string): ScrMessage {
  const result = parseScr(text);
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  const lineLengths = text.split("\n").map((line) => line.length);
  for (const error of result.errors) {
    expect(error.line).toBeGreaterThanOrEqual(1);
    expect(error.line).toBeLessThanOrEqual(Math.max(1, lineLengths.length));
    expect(error.column).toBeGreaterThanOrEqual(1);
    expect(error.column).toBeLessThanOrEqual((lineLengths[error.line - 1] ?? 0) + 1);
    expect(error.message.length).toBeGreaterThan(0);
  }
  for (const problem of result.problems) {
    expect(problem.line).toBeGreaterThanOrEqual(1);
    expect(problem.column).toBeGreaterThanOrEqual(1);
    expect(problem.text).toBe((text.split("\n")[problem.line - 1] ?? "").replace(/\r$/, ""));
  }
  // `errors` are the problems of severity error, in the same order.
  expect(result.problems.filter((p) => p.severity === "error").map(({ line, column, message }) => ({ line, column, message }))).toEqual(
    result.errors,
  );
  for (const line of result.lines) expect(line.arrival !== null || line.departure !== null).toBe(true);
  return result;
}

// ---- properties -------------------------------------------------------------------------------

describe("parseScr never throws", () => {
  it("on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        parseChecked(text);
      }),
      { numRuns: 1000 },
    );
  });

  it("on arbitrary lines of SCR-like tokens after a valid header", () => {
    const token = fc.oneof(
      fc.constantFrom("N", "NVB1234", "VB1235", "05DEC", "05DEC12DEC", "0000060", "1234567", "180320", "MTY0700"),
      fc.constantFrom("0800MTY", "01301MTY", "TIJCUL0930", "J", "JJ", "JJ2", "/", "/ X /", "SI", "GI", "REYT/1", ""),
      fc.string({ unit: "grapheme-ascii", maxLength: 8 }),
    );
    const line = fc
      .tuple(fc.array(token, { maxLength: 10 }), fc.constantFrom(" ", "  ", "\t"))
      .map(([tokens, blank]) => tokens.join(blank));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        parseChecked(["SCR", "W26", "21NOV", "MEX", ...lines].join("\n"));
      }),
      { numRuns: 500 },
    );
  });

  it("on arbitrary mutations of a valid message", () => {
    fc.assert(
      fc.property(validMessage, fc.array(mutation, { minLength: 1, maxLength: 6 }), (message, mutations) => {
        parseChecked(mutate(buildScr(message), mutations));
      }),
      { numRuns: 400 },
    );
  });
});

describe("build then parse is the identity on valid messages", () => {
  it("parseScr(buildScr(m)) equals m", () => {
    fc.assert(
      fc.property(validMessage, (message) => {
        expect(checkScrMessage(message)).toEqual([]);
        const text = buildScr(message);
        const parsed = parseScr(text);
        expect(parsed).toEqual(message);
        expect(buildScr(parsed)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  it("keeps the value through the CLI's JSON", () => {
    fc.assert(
      fc.property(validMessage, (message) => {
        const json: unknown = JSON.parse(JSON.stringify(parseScr(buildScr(message))));
        expect(json).toEqual(message);
      }),
      { numRuns: 100 },
    );
  });
});

describe("the draft line validator never throws", () => {
  it("on arbitrary strings, and answers null exactly when there is no error", () => {
    const options = fc.oneof(
      fc.constant({ kind: "change" as const }),
      fc.constant({ kind: "request" as const, requestLetter: "L" as const }),
      fc.constant({ kind: "request" as const, season: seasonBounds("W26") }),
    );
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom("CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "R VB1103 13JAN13JAN 0030000 220321 1445CUN J"),
    );
    fc.assert(
      fc.property(text, options, (line, opts) => {
        const first = validateDraftLine(line, opts);
        const all = validateDraftLineAll(line, opts);
        expect(first).toEqual(all[0] ?? null);
      }),
      { numRuns: 1000 },
    );
  });
});
