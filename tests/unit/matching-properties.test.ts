import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_WINDOW_MINUTES,
  type FlightInput,
  type ManualDecision,
  matchAll,
  matchAllGreedy,
  type MatchResult,
  maxWeightMatching,
  minCostAssignment,
  type SlotInput,
  SLOT_STATUSES,
  summarizeMatches,
} from "../../src/domain/matching";
import { addDays } from "../../src/domain/seasons";

const DAY = "2026-12-01";
const RUNS = { numRuns: 200 };

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const result: number[][] = [];
  for (const rest of permutations(n - 1)) {
    for (let k = 0; k <= rest.length; k++) result.push([...rest.slice(0, k), n - 1, ...rest.slice(k)]);
  }
  return result;
}

/** All partial injections of rows into columns (matchings), for brute force on tiny cases. */
function allMatchings(rows: number, cols: number): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  const used = new Array<boolean>(cols).fill(false);
  const current: Array<[number, number]> = [];
  const walk = (row: number) => {
    if (row === rows) {
      out.push([...current]);
      return;
    }
    walk(row + 1);
    for (let col = 0; col < cols; col++) {
      if (used[col]) continue;
      used[col] = true;
      current.push([row, col]);
      walk(row + 1);
      current.pop();
      used[col] = false;
    }
  };
  walk(0);
  return out;
}

const matrix = fc
  .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }) })
  .chain(({ rows, cols }) =>
    fc.array(fc.array(fc.integer({ min: -50, max: 100 }), { minLength: cols, maxLength: cols }), {
      minLength: rows,
      maxLength: rows,
    }),
  );

describe("assignment algorithm (brute force)", () => {
  it("minCostAssignment reaches the minimum over all assignments", () => {
    fc.assert(
      fc.property(matrix, (cost) => {
        const rows = cost.length;
        const cols = cost[0]?.length ?? 0;
        const assignment = minCostAssignment(cost);
        const columns = assignment.filter((c) => c >= 0);
        expect(new Set(columns).size).toBe(columns.length);
        expect(columns.length).toBe(Math.min(rows, cols));
        const total = assignment.reduce((sum, c, r) => sum + (c >= 0 ? (cost[r]?.[c] ?? 0) : 0), 0);
        let best = Number.POSITIVE_INFINITY;
        if (rows <= cols) {
          for (const perm of permutations(cols)) {
            let sum = 0;
            for (let r = 0; r < rows; r++) sum += cost[r]?.[perm[r] ?? 0] ?? 0;
            best = Math.min(best, sum);
          }
        } else {
          for (const perm of permutations(rows)) {
            let sum = 0;
            for (let c = 0; c < cols; c++) sum += cost[perm[c] ?? 0]?.[c] ?? 0;
            best = Math.min(best, sum);
          }
        }
        expect(total).toBe(best);
      }),
      { numRuns: 150 },
    );
  });

  it("maxWeightMatching reaches the maximum over all matchings", () => {
    const weights = fc
      .record({ rows: fc.integer({ min: 1, max: 5 }), cols: fc.integer({ min: 1, max: 5 }) })
      .chain(({ rows, cols }) =>
        fc.array(fc.array(fc.option(fc.integer({ min: 1, max: 60 }), { freq: 3 }), { minLength: cols, maxLength: cols }), {
          minLength: rows,
          maxLength: rows,
        }),
      );
    fc.assert(
      fc.property(weights, (w) => {
        const rows = w.length;
        const cols = w[0]?.length ?? 0;
        const at = (i: number, j: number) => w[i]?.[j] ?? null;
        const pairs = maxWeightMatching(rows, cols, at);
        const value = (m: Array<[number, number]>) => m.reduce((s, [i, j]) => s + (at(i, j) ?? Number.NEGATIVE_INFINITY), 0);
        expect(new Set(pairs.map(([, j]) => j)).size).toBe(pairs.length);
        const best = Math.max(...allMatchings(rows, cols).map(value));
        expect(value(pairs)).toBe(best);
      }),
      { numRuns: 150 },
    );
  });
});

type Group = { slots: SlotInput[]; flights: FlightInput[] };

/**
 * One date, one direction; times spread over a few hours so the window matters. `"unique"` gives
 * every flight and slot its own designator (only the time pass can pair them).
 */
function group(designators: fc.Arbitrary<string> | "unique", maxSize = 7): fc.Arbitrary<Group> {
  const drawn = designators === "unique" ? fc.constant("") : designators;
  const item = fc.record({ minute: fc.integer({ min: 600, max: 1000 }), designator: drawn });
  return fc
    .record({
      slots: fc.array(item, { maxLength: maxSize }),
      flights: fc.array(item, { maxLength: maxSize }),
    })
    .map(({ slots, flights }) => ({
      slots: slots.map((s, i) => ({
        id: `S${i}`,
        date: DAY,
        time: hhmm(s.minute),
        isArrival: true,
        flightNumber: designators === "unique" ? `VB${1000 + i}` : s.designator,
        status: "D" as const,
      })),
      flights: flights.map((f, i) => ({
        id: `F${i}`,
        date: DAY,
        isArrival: true,
        flightNumber: designators === "unique" ? `VB${5000 + i}` : f.designator,
        scheduledAt: `${DAY}T${hhmm(f.minute)}:00Z`,
        actualAt: null,
        status: "D" as const,
      })),
    }));
}

function pairCount(results: readonly MatchResult[]): number {
  return results.filter((r) => r.flightId !== null && r.slotId !== null).length;
}

/** Pass-2 objective: Σ|d| + (window + 1) per pair not made (fewer pairs than possible). */
function penalisedCost(results: readonly MatchResult[], possible: number): number {
  const summary = summarizeMatches(results);
  return summary.totalAbsScheduledDifference + (DEFAULT_WINDOW_MINUTES + 1) * (possible - summary.pairs);
}

describe("optimal against greedy", () => {
  it("same designator everywhere: as many pairs, total difference ≤ greedy", () => {
    fc.assert(
      fc.property(group(fc.constant("VB100")), ({ slots, flights }) => {
        const optimal = matchAll(slots, flights);
        const greedy = matchAllGreedy(slots, flights);
        expect(pairCount(optimal)).toBe(Math.min(slots.length, flights.length));
        expect(pairCount(greedy)).toBe(pairCount(optimal));
        const o = summarizeMatches(optimal);
        const g = summarizeMatches(greedy);
        expect(o.totalAbsScheduledDifference).toBeLessThanOrEqual(g.totalAbsScheduledDifference);
              }),
      RUNS,
    );
  });

  it("all designators different: optimal cost ≤ greedy cost, and with as many pairs, total ≤", () => {
    fc.assert(
      fc.property(group("unique"), ({ slots, flights }) => {
        const possible = Math.min(slots.length, flights.length);
        const optimal = matchAll(slots, flights);
        const greedy = matchAllGreedy(slots, flights);
        expect(penalisedCost(optimal, possible)).toBeLessThanOrEqual(penalisedCost(greedy, possible));
        if (pairCount(optimal) === pairCount(greedy)) {
          expect(summarizeMatches(optimal).totalAbsScheduledDifference).toBeLessThanOrEqual(
            summarizeMatches(greedy).totalAbsScheduledDifference,
          );
        }
      }),
      RUNS,
    );
  });

  it("all designators different: optimal equals the brute-force best pairing", () => {
    fc.assert(
      fc.property(group("unique", 5), ({ slots, flights }) => {
        const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
        const fMin = flights.map((f) => minutes(f.scheduledAt.slice(11, 16)));
        const sMin = slots.map((s) => minutes(s.time));
        const worth = (m: Array<[number, number]>) =>
          m.reduce((sum, [i, j]) => {
            const d = Math.abs((fMin[i] ?? 0) - (sMin[j] ?? 0));
            return sum + (d <= DEFAULT_WINDOW_MINUTES ? DEFAULT_WINDOW_MINUTES + 1 - d : Number.NEGATIVE_INFINITY);
          }, 0);
        const best = Math.max(...allMatchings(flights.length, slots.length).map(worth));
        const optimal = matchAll(slots, flights).filter((r) => r.scheduledDifference !== null);
        const got = optimal.reduce((sum, r) => sum + DEFAULT_WINDOW_MINUTES + 1 - Math.abs(r.scheduledDifference ?? 0), 0);
        expect(got).toBe(best);
      }),
      { numRuns: 150 },
    );
  });

  it("mixed designators: at least as many designator pairs, number-pass total ≤ greedy", () => {
    fc.assert(
      fc.property(group(fc.constantFrom("VB100", "VB102", "VB104", "VB104A", "VB900"), 9), ({ slots, flights }) => {
        const numberPass = (results: readonly MatchResult[]) => results.filter((r) => r.source === "number");
        const o = numberPass(matchAll(slots, flights));
        const g = numberPass(matchAllGreedy(slots, flights));
        expect(o.length).toBeGreaterThanOrEqual(g.length);
        if (o.length === g.length) {
          expect(summarizeMatches(o).totalAbsScheduledDifference).toBeLessThanOrEqual(
            summarizeMatches(g).totalAbsScheduledDifference,
          );
        }
      }),
      RUNS,
    );
  });
});

/** Several dates, both directions, all statuses, decisions: the general invariants. */
const world = fc
  .record({
    slots: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 2 }),
        minute: fc.integer({ min: 0, max: 1439 }),
        isArrival: fc.boolean(),
        designator: fc.constantFrom("VB100", "VB101", "VB200", "VB200A", "VB0300", "VB300"),
        status: fc.constantFrom(...SLOT_STATUSES),
      }),
      { maxLength: 14 },
    ),
    flights: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 2 }),
        minute: fc.integer({ min: 0, max: 1439 }),
        isArrival: fc.boolean(),
        designator: fc.constantFrom("VB100", "VB101", "VB200", "VB200A", "VB300", "VB999"),
        cancelled: fc.boolean(),
        actualShift: fc.option(fc.integer({ min: -30, max: 120 })),
      }),
      { maxLength: 14 },
    ),
    decisions: fc.array(
      fc.record({
        kind: fc.constantFrom("separated" as const, "assigned" as const),
        flight: fc.nat(20),
        slot: fc.nat(20),
      }),
      { maxLength: 5 },
    ),
    order: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  })
  .map(({ slots, flights, decisions, order }) => {
    const slotInputs: SlotInput[] = slots.map((s, i) => ({
      id: `S${i}`,
      date: addDays(DAY, s.day),
      time: hhmm(s.minute),
      isArrival: s.isArrival,
      flightNumber: s.designator,
      status: s.status,
    }));
    const flightInputs: FlightInput[] = flights.map((f, i) => {
      const at = Date.UTC(2026, 11, 1 + f.day, 0, f.minute);
      return {
        id: `F${i}`,
        date: addDays(DAY, f.day),
        isArrival: f.isArrival,
        flightNumber: f.designator,
        scheduledAt: new Date(at).toISOString(),
        actualAt: f.actualShift === null ? null : new Date(at + f.actualShift * 60_000).toISOString(),
        status: f.cancelled ? "C" : "D",
      };
    });
    const manual: ManualDecision[] = decisions.map((d) => ({ kind: d.kind, flightId: `F${d.flight}`, slotId: `S${d.slot}` }));
    const shuffle = <T>(items: T[]): T[] =>
      items
        .map((item, i) => ({ item, key: order[i % order.length] ?? 0, i }))
        .sort((a, b) => a.key - b.key || a.i - b.i)
        .map(({ item }) => item);
    return { slots: slotInputs, flights: flightInputs, decisions: manual, shuffled: { slots: shuffle(slotInputs), flights: shuffle(flightInputs) } };
  });

describe("invariants", () => {
  it("every flight and every slot appears exactly once", () => {
    fc.assert(
      fc.property(world, ({ slots, flights, decisions }) => {
        for (const results of [matchAll(slots, flights, decisions), matchAllGreedy(slots, flights, decisions)]) {
          const flightIds = results.flatMap((r) => (r.flightId === null ? [] : [r.flightId]));
          const slotIds = results.flatMap((r) => (r.slotId === null ? [] : [r.slotId]));
          expect([...flightIds].sort()).toEqual(flights.map((f) => f.id).sort());
          expect([...slotIds].sort()).toEqual(slots.map((s) => s.id).sort());
          expect(results.every((r) => r.flightId !== null || r.slotId !== null)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("pairs keep the direction, skip cancelled slots unless assigned, and respect the window", () => {
    fc.assert(
      fc.property(world, ({ slots, flights, decisions }) => {
        const slotById = new Map(slots.map((s) => [s.id, s]));
        const flightById = new Map(flights.map((f) => [f.id, f]));
        for (const r of matchAll(slots, flights, decisions)) {
          if (r.flightId === null || r.slotId === null) {
            expect(r.scheduledDifference).toBeNull();
            expect(r.generalStatus).toMatch(r.flightId === null ? /^A$/ : /^(X|CA)$/);
            continue;
          }
          const s = slotById.get(String(r.slotId));
          const f = flightById.get(String(r.flightId));
          expect(s && f && s.isArrival === f.isArrival).toBe(true);
          if (r.source !== "manual") {
            expect(s?.status === "CAN" || s?.status === "C").toBe(false);
            if (r.source === "time" || r.slotDate !== r.flightDate) {
              expect(Math.abs(r.scheduledDifference ?? 0)).toBeLessThanOrEqual(DEFAULT_WINDOW_MINUTES);
            }
          }
          if (f?.status === "C") expect(r.generalStatus).toBe("CA");
        }
      }),
      RUNS,
    );
  });

  it("manual decisions hold: the last word on a pair is obeyed", () => {
    fc.assert(
      fc.property(world, ({ slots, flights, decisions }) => {
        const results = matchAll(slots, flights, decisions);
        const paired = new Set(results.filter((r) => r.flightId !== null && r.slotId !== null).map((r) => `${r.flightId}|${r.slotId}`));
        const last = new Map<string, ManualDecision>();
        for (const d of decisions) last.set(`${d.flightId}|${d.slotId}`, d);
        for (const [key, d] of last) {
          if (d.kind === "separated") expect(paired.has(key)).toBe(false);
        }
        for (const r of results.filter((row) => row.source === "manual")) {
          expect(last.get(`${r.flightId}|${r.slotId}`)?.kind).toBe("assigned");
        }
      }),
      RUNS,
    );
  });

  it("the output does not depend on the order of the inputs", () => {
    fc.assert(
      fc.property(world, ({ slots, flights, decisions, shuffled }) => {
        expect(matchAll(shuffled.slots, shuffled.flights, decisions)).toEqual(matchAll(slots, flights, decisions));
        expect(matchAllGreedy(shuffled.slots, shuffled.flights, decisions)).toEqual(matchAllGreedy(slots, flights, decisions));
      }),
      RUNS,
    );
  });
});
