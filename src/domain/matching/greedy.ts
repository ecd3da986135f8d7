/**
 * A greedy matcher, for the bench comparison only: same groups, same passes and rules as the
 * optimal matcher (engine.ts), but each group repeatedly takes the globally closest allowed pair
 * (ties by flight time and id, then slot time and id) until none is left.
 */
import { type GroupSolver, matchersOf } from "./engine";

export const greedySolver: GroupSolver = (flights, slots, distance) => {
  const edges: Array<[number, number, number]> = [];
  for (let i = 0; i < flights.length; i++) {
    for (let j = 0; j < slots.length; j++) {
      const d = distance(i, j);
      if (d !== null) edges.push([d, i, j]);
    }
  }
  // Flights and slots arrive sorted by (instant, id), so indices order ties by time, then id.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const usedFlights = new Uint8Array(flights.length);
  const usedSlots = new Uint8Array(slots.length);
  const pairs: Array<[number, number]> = [];
  for (const [, i, j] of edges) {
    if (usedFlights[i] || usedSlots[j]) continue;
    usedFlights[i] = 1;
    usedSlots[j] = 1;
    pairs.push([i, j]);
  }
  return pairs;
};

/** Greedy counterparts of `matchAll` and `matchDay` (bench and tests only). */
export const { matchAll: matchAllGreedy, matchDay: matchDayGreedy } = matchersOf(greedySolver);
