/**
 * MVT reader throughput: builds in memory a text of 10,000 varied movement messages (a week at
 * MEX: departures with estimates, delays, passengers and SI; arrivals; delays with next
 * information; corrections; returns and diversions; times crossing midnight), then times readMvt
 * over it: median of several runs, printed as messages per second. Figures, never pass/fail (the
 * aim is 200,000 messages/s).
 *
 * `npx tsx scripts/bench/mvt.ts`, or `benchMvt()` from another bench.
 */
import { pathToFileURL } from "node:url";
import { readMvt } from "../../src/domain/mvt";

const MESSAGES = 10_000;
const RUNS = 9;
const STATIONS = ["MTY", "CUN", "GDL", "TIJ", "MID", "OAX", "LAX", "MAD", "BOG", "SJD"];

/** Deterministic pseudo-random numbers (mulberry32), so every run reads the same text. */
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

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}${pad(minutes % 60)}`;

export function benchText(count = MESSAGES): string {
  const next = random(780);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const day = 1 + (n % 28);
    const flight = `VB${100 + Math.floor(next() * 9000)}`;
    const registration = `XA-V${String.fromCharCode(65 + Math.floor(next() * 26))}${String.fromCharCode(65 + Math.floor(next() * 26))}`;
    const start = Math.floor(next() * 1380);
    const shape = next();
    if (next() < 0.3) out.push("QU MEXKKVB", `.MEXKOVB ${pad(day)}${hhmm(start)}`);
    out.push(next() < 0.05 ? "MVT COR" : "MVT");
    out.push(`${flight}/${pad(day)}.${registration}.MEX`);
    if (shape < 0.45) {
      out.push(`AD${hhmm(start)}/${hhmm(start + 12)} EA${hhmm(start + 95)} ${pick(STATIONS)}`);
      if (next() < 0.5) out.push(`DL${pick(["11", "93", "81", "41", "93A"])}/${pick(["15", "87"])}/00${pad(5 + Math.floor(next() * 50))}/0010`);
      out.push(`PX${100 + Math.floor(next() * 80)}`);
      if (next() < 0.3) out.push("SI CREW LATE FROM HOTEL", "PUSHBACK TRACTOR U/S");
    } else if (shape < 0.8) {
      out.push(start > 1370 ? `AA${hhmm(start)}/${pad(day + 1)}${hhmm(start + 8)}` : `AA${hhmm(start)}/${hhmm(start + 8)}`);
    } else if (shape < 0.95) {
      out.push(`ED${pad(day)}${hhmm(start + 40)}`, `NI${pad(day)}${hhmm(start + 30)}`, `DL93/0040`);
    } else if (shape < 0.975) {
      out.push(`AD${hhmm(start)}`, `RR${hhmm(start + 10)}`, "DL41/0030");
    } else {
      out.push(`EA${hhmm(start + 60)} ${pick(STATIONS)}`, "DR71", "SI BELOW MINIMA");
    }
    out.push("");
  }
  return out.join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const rate = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString("en-US")} messages/s`;

export async function benchMvt(): Promise<void> {
  const text = benchText();
  const check = readMvt(text, { station: "MEX", airlines: ["VB"] });
  const errors = check.problems.filter((p) => p.severity === "error");
  if (errors.length > 0 || check.items.length !== MESSAGES) {
    throw new Error(`bench text does not read back: ${check.items.length} messages, ${JSON.stringify(errors.slice(0, 3))}`);
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    readMvt(text, { station: "MEX", airlines: ["VB"] });
    times.push(performance.now() - started);
  }
  const mid = median(times);
  console.log(`MVT reader: ${MESSAGES.toLocaleString("en-US")} messages, ${(text.length / 1e6).toFixed(1)} MB, median (best) of ${RUNS} runs`);
  console.log(`  read  ${mid.toFixed(1)} ms  ${rate(MESSAGES, mid)}  (best ${rate(MESSAGES, Math.min(...times))})`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchMvt().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
