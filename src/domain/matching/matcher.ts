/**
 * The optimal matcher: every group's pairs come from a maximum-weight bipartite matching solved
 * with the Hungarian algorithm (assignment.ts). The rules (passes, window, midnight, statuses,
 * manual decisions) are in engine.ts.
 */
import { maxWeightMatching } from "./assignment";
import { offSlotMinutes } from "./differences";
import { type GroupSolver, type MatchAll, type MatchDay, matchersOf } from "./engine";
import type { GeneralStatus, MatchResult } from "./types";

/** Largest (pairs + 1) × weight kept: sums and potentials stay exact integers in doubles. */
const SAFE_TOTAL = 2 ** 50;

/**
 * Weights of one group, as exact integers, in three tiers (each larger tier outweighs every
 * possible total of the tiers below it). With d = |difference|, i and j the flight's and slot's
 * ranks in (instant, id) order:
 *  1. the pass's goal — number pass: BIG − d (the most pairs, then the least total difference);
 *     time pass: window + 1 − d (see engine.ts rule 2);
 *  2. among pairings of equal total difference, the larger Σ d²: differences concentrated on few
 *     pairs rather than spread, so a flight that sits exactly on its slot keeps it (a retimed
 *     flight does not drag its neighbours one slot along);
 *  3. the smaller Σ |i − j|: pairs in time order, then ids (the earlier of two equal slots).
 * Tiers 3 then 2 are dropped for groups so large that the weights would no longer be exact.
 */
export const optimalSolver: GroupSolver = (flights, slots, distance, pass, windowMinutes) => {
  const nF = flights.length;
  const nS = slots.length;
  if (nF === 0 || nS === 0) return [];
  const p = Math.min(nF, nS);
  const n = Math.max(nF, nS);
  const distances: Array<Array<number | null>> = [];
  let dMax = 0;
  let anyAllowed = false;
  for (let i = 0; i < nF; i++) {
    const line: Array<number | null> = [];
    for (let j = 0; j < nS; j++) {
      const d = distance(i, j);
      line.push(d);
      if (d !== null) {
        anyAllowed = true;
        if (d > dMax) dMax = d;
      }
    }
    distances.push(line);
  }
  if (!anyAllowed) return [];
  const span = pass === "number" ? dMax : windowMinutes;
  const scales = (squares: boolean, ranks: boolean) => {
    const b = ranks ? n * n + 1 : 1; // Σ|i − j| < b
    const a = squares ? p * span * span + 1 : 1; // Σd² < a
    const big = (p + 1) * (span * a * b + b) + 1; // above any number-pass matching's cost
    const top = pass === "number" ? big : (windowMinutes + 1) * a * b;
    return { a, b, big, squares, ranks, fits: (p + 1) * top <= SAFE_TOTAL };
  };
  let tiers = scales(true, true);
  if (!tiers.fits) tiers = scales(true, false);
  if (!tiers.fits) tiers = scales(false, false);
  const { a, b, big, squares, ranks } = tiers;
  return maxWeightMatching(nF, nS, (i, j) => {
    const d = distances[i]?.[j];
    if (d === null || d === undefined) return null;
    const lower = (squares ? d * d * b : 0) - (ranks ? Math.abs(i - j) : 0);
    return pass === "number" ? big - d * a * b + lower : (windowMinutes + 1 - d) * a * b + lower;
  });
};

const optimal = matchersOf(optimalSolver);

/**
 * Matches flights with slots over any span of dates (see engine.ts for the rules). Returns one row
 * per pair, per flight with no slot and per slot with no flight (cancelled slots included, as
 * slots with no flight), sorted by date, time, direction (arrivals first) and ids.
 * Throws RangeError on malformed dates, times, instants or duplicate ids.
 */
export const matchAll: MatchAll = optimal.matchAll;

/**
 * Matches one UTC date on its own: the slots dated `date` and the flights whose scheduled
 * movement falls on that UTC date, with no neighbouring date (so no pairing across midnight).
 * Over several dates, `matchAll` is the reference.
 */
export const matchDay: MatchDay = optimal.matchDay;

export type MatchSummary = {
  rows: number;
  pairs: number;
  /** Pairs by source. */
  numberPairs: number;
  timePairs: number;
  manualPairs: number;
  flightsWithoutSlot: number;
  slotsWithoutFlight: number;
  /** Σ |scheduled difference| over pairs. */
  totalAbsScheduledDifference: number;
  /** Σ max(0, |scheduled difference| − 15) over pairs. */
  offSlotScheduledMinutes: number;
  /** Σ |real difference| over pairs with an actual. */
  totalAbsRealDifference: number;
  /** Σ max(0, |real difference| − 15) over pairs with an actual. */
  offSlotRealMinutes: number;
  byStatus: Record<GeneralStatus, number>;
};

/** Totals of a result list (benches, reports and tests). */
export function summarizeMatches(results: readonly MatchResult[]): MatchSummary {
  const summary: MatchSummary = {
    rows: results.length,
    pairs: 0,
    numberPairs: 0,
    timePairs: 0,
    manualPairs: 0,
    flightsWithoutSlot: 0,
    slotsWithoutFlight: 0,
    totalAbsScheduledDifference: 0,
    offSlotScheduledMinutes: 0,
    totalAbsRealDifference: 0,
    offSlotRealMinutes: 0,
    byStatus: { X: 0, A: 0, CA: 0, AH: 0, D: 0, S: 0, DIFF: 0, OK: 0 },
  };
  for (const row of results) {
    summary.byStatus[row.generalStatus] += 1;
    if (row.flightId === null) summary.slotsWithoutFlight += 1;
    else if (row.slotId === null) summary.flightsWithoutSlot += 1;
    if (row.scheduledDifference === null) continue;
    summary.pairs += 1;
    if (row.source === "number") summary.numberPairs += 1;
    else if (row.source === "time") summary.timePairs += 1;
    else if (row.source === "manual") summary.manualPairs += 1;
    summary.totalAbsScheduledDifference += Math.abs(row.scheduledDifference);
    summary.offSlotScheduledMinutes += offSlotMinutes(row.scheduledDifference);
    if (row.realDifference !== null) {
      summary.totalAbsRealDifference += Math.abs(row.realDifference);
      summary.offSlotRealMinutes += offSlotMinutes(row.realDifference);
    }
  }
  return summary;
}
