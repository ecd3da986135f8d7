/**
 * SCR codec throughput: builds in memory a message of 120,000 varied valid data lines (arrivals,
 * departures, turnarounds, periods and single dates, 6-letter stations, overnight digits,
 * frequency rates, extra information), then times parseScr over its text and buildScr over its
 * value: median of several runs, printed as data lines per second. Figures, never pass/fail
 * (the budget is 500,000 lines/s for the reader with its tolerances, issue 22; 200,000 for the builder).
 *
 * `npx tsx scripts/bench/scr.ts`, or `benchScr()` from another bench.
 */
import { pathToFileURL } from "node:url";
import { addDays, isoWeekday, seasonBounds } from "../../src/domain/seasons";
import {
  buildScr,
  isoToScrDate,
  parseScr,
  SERVICE_TYPE_CODES,
  withCanonicalLineNumbers,
  type ScrDataLine,
  type ScrMessage,
} from "../../src/domain/scr";

const LINES = 120_000;
const RUNS = 7;
const SEASON = "W26";
const STATIONS = ["MTY", "CUN", "GDL", "TIJ", "MID", "OAX", "LAX", "MAD", "BOG", "LIM", "SJD", "PVR"];
const ACTIONS = ["N", "C", "R", "L", "D", "A", "P", "Z", "K", "T", "U", "O", "X", "H", "W"] as const;
const AIRCRAFT = ["320", "321", "32N", "32Q", "73H", "E90"];

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same message. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error("empty list");
  return item;
}

function time(next: () => number): string {
  const minutes = Math.floor(next() * 288) * 5;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}${String(minutes % 60).padStart(2, "0")}`;
}

/** A days field that agrees with the period [fromIso, fromIso + span]. */
function daysFor(next: () => number, fromIso: string, span: number): string {
  const first = isoWeekday(fromIso);
  const last = ((first - 1 + span) % 7) + 1;
  let allowed = 0;
  for (let k = 0; k <= Math.min(span, 6); k++) allowed |= 1 << ((first - 1 + k) % 7);
  const mask = (Math.floor(next() * 128) & allowed) | (1 << (first - 1)) | (1 << (last - 1));
  let days = "";
  for (let k = 0; k < 7; k++) days += mask & (1 << k) ? String(k + 1) : "0";
  return days;
}

export function benchMessage(lineCount = LINES): ScrMessage {
  const next = random(20_26);
  const { start_date } = seasonBounds(SEASON);
  const seasonLength = 153; // W26: 2026-10-25 … 2027-03-27
  const lines: Omit<ScrDataLine, "line">[] = [];
  for (let n = 0; n < lineCount; n++) {
    const shape = next();
    const hasArrival = shape < 0.7;
    const hasDeparture = shape >= 0.4;
    const offset = Math.floor(next() * seasonLength);
    const span = next() < 0.3 ? 0 : Math.floor(next() * Math.min(60, seasonLength - 1 - offset));
    const fromIso = addDays(start_date, offset);
    const toIso = addDays(fromIso, span);
    const number = String(Math.floor(next() * 9999) + 1).padStart(3, "0");
    lines.push({
      action: pick(next, ACTIONS),
      arrival: hasArrival
        ? {
            flight: `VB${number}`,
            origin: pick(next, STATIONS),
            previous: next() < 0.2 ? pick(next, STATIONS) : null,
            time: time(next),
          }
        : null,
      departure: hasDeparture
        ? {
            flight: `VB${number}${next() < 0.1 ? "A" : ""}`,
            time: time(next),
            overnight: next() < 0.1 ? 1 : null,
            next: next() < 0.2 ? pick(next, STATIONS) : null,
            destination: pick(next, STATIONS),
          }
        : null,
      from: isoToScrDate(fromIso) ?? "",
      to: isoToScrDate(toIso) ?? "",
      days: span === 0 && next() < 0.5 ? null : daysFor(next, fromIso, span),
      seats: next() < 0.5 ? 180 : 220,
      aircraft: pick(next, AIRCRAFT),
      service: (hasArrival ? pick(next, SERVICE_TYPE_CODES) : "") + (hasDeparture ? pick(next, SERVICE_TYPE_CODES) : ""),
      frequencyRate: next() < 0.1 ? 2 : null,
      extra: next() < 0.05 ? `RE.${number} SLOT ${n}` : null,
    });
  }
  return withCanonicalLineNumbers({
    header: { smi: "SCR", creator: "slots@airline.example", season: SEASON, date: "21NOV", airport: "MEX", reyt: null },
    lines,
    si: ["IF NOT AVBL PLS OFFER NEAREST"],
    gi: ["SALUDOS/J. PEREZ"],
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function time1(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const rate = (lines: number, ms: number) => `${Math.round((lines / ms) * 1000).toLocaleString("en-US")} lines/s`;

export async function benchScr(): Promise<void> {
  const message = benchMessage();
  const text = buildScr(message);
  const count = message.lines.length;
  const check = parseScr(text);
  if (check.errors.length > 0 || check.lines.length !== count) {
    throw new Error(`bench message does not read back: ${JSON.stringify(check.errors.slice(0, 3))}`);
  }
  const parseTimes: number[] = [];
  const buildTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    parseTimes.push(time1(() => parseScr(text)));
    buildTimes.push(time1(() => buildScr(message)));
  }
  console.log(
    `SCR codec: ${count.toLocaleString("en-US")} data lines, ${(text.length / 1e6).toFixed(1)} MB, median (best) of ${RUNS} runs`,
  );
  for (const [name, times] of [
    ["parse", parseTimes],
    ["build", buildTimes],
  ] as const) {
    const mid = median(times);
    const best = Math.min(...times);
    console.log(`  ${name}  ${mid.toFixed(1)} ms  ${rate(count, mid)}  (best ${rate(count, best)})`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchScr().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
