/**
 * Matching bench: figures, never pass/fail. Generates the demo W26 season in memory, matches the
 * whole season with the optimal matcher (Hungarian) and with the greedy baseline, and prints
 * medians of the run times and the quality of each: pairs, total |scheduled difference| and
 * off-slot minutes (Σ max(0, |difference| − 15)) over the pairs, and how many of the generator's
 * planned flight–slot pairs each recovers.
 *
 * Two data sets: the demo as it is (flight numbers agree with slots, so most pairs come from the
 * number pass), and the same season with the flight numbers withheld from the AIMS rows, where every
 * pair must come from the time pass over whole days (~100 movements a direction a day) — the case
 * where the choice of algorithm shows.
 *
 *   npx tsx scripts/bench/matching.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { demoMatchInputs, generateDemoSeason } from "../../src/server/demo/generator/season";
import {
  type FlightInput,
  matchAll,
  matchAllGreedy,
  type MatchResult,
  type SlotInput,
  summarizeMatches,
} from "../../src/domain/matching";

const SEED = 2026;
const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function timed<T>(run: () => T, runs = RUNS): { result: T; ms: number } {
  let result = run(); // warm-up, also the result kept
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = run();
    times.push(performance.now() - started);
  }
  return { result, ms: median(times) };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const int = (n: number) => n.toLocaleString("en-US");
const ratio = (greedy: number, optimal: number) => (optimal === 0 ? (greedy === 0 ? "1.00×" : "∞") : `${(greedy / optimal).toFixed(3)}×`);

function compare(
  label: string,
  slots: SlotInput[],
  flights: FlightInput[],
  truth: Map<string, string | null>,
): void {
  const optimal = timed(() => matchAll(slots, flights));
  const greedy = timed(() => matchAllGreedy(slots, flights));
  const recovered = (results: MatchResult[]) =>
    results.filter((r) => r.flightId !== null && r.slotId !== null && truth.get(String(r.flightId)) === r.slotId).length;
  const o = summarizeMatches(optimal.result);
  const g = summarizeMatches(greedy.result);
  const planned = [...truth.values()].filter((slot) => slot !== null).length;
  console.log(`\n${label}`);
  console.log(`  ${"".padEnd(34)}${"optimal".padStart(12)}${"greedy".padStart(12)}${"greedy/optimal".padStart(16)}`);
  const line = (name: string, a: number, b: number, showRatio = true) =>
    console.log(`  ${name.padEnd(34)}${int(a).padStart(12)}${int(b).padStart(12)}${(showRatio ? ratio(b, a) : "").padStart(16)}`);
  line("match time, median of 5 (ms)", Math.round(optimal.ms), Math.round(greedy.ms));
  line("pairs", o.pairs, g.pairs);
  line("  of them by time (different no.)", o.timePairs, g.timePairs, false);
  line("total |scheduled difference| (min)", o.totalAbsScheduledDifference, g.totalAbsScheduledDifference);
  line("off-slot minutes Σ max(0,|d|−15)", o.offSlotScheduledMinutes, g.offSlotScheduledMinutes);
  line("pairs flagged AH (|d| > 15)", o.byStatus.AH, g.byStatus.AH);
  line(`planned pairs recovered (of ${int(planned)})`, recovered(optimal.result), recovered(greedy.result));
}

export async function benchMatching(): Promise<void> {
  console.log(`Matching bench · demo W26 seed ${SEED} · node ${process.version}`);
  const generated = timed(() => generateDemoSeason({ season: "W26", seed: SEED }));
  const demo = generated.result;
  console.log(
    `demo season generated in ${ms(generated.ms)} (median of ${RUNS}): ${int(demo.slots.length)} slots, ` +
      `${int(demo.flights.length)} flights, ${int(demo.delays.length)} delay codes`,
  );
  const { slots, flights } = demoMatchInputs(demo);
  const truth = new Map(demo.flights.map((flight) => [flight.key, flight.slotKey]));
  compare("1. demo season as generated (number pass, then time pass)", slots, flights, truth);
  compare(
    "2. same season, flight numbers withheld (time pass only, whole days)",
    slots,
    flights.map((flight) => ({ ...flight, flightNumber: "" })),
    truth,
  );
  await Promise.resolve();
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchMatching();
