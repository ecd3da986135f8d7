/**
 * The coordinator's early-warning test (issue 27 item 4) against values computed by hand (and
 * checked against published t tables), and the season's punctuality rule at its edges.
 */
import { describe, expect, it } from "vitest";
import {
  deviationTest,
  median,
  offTolerance,
  proposedRetime,
  studentQuantile,
  withinTolerance,
} from "../../src/domain/monitoring/deviation";

describe("Student's t quantiles", () => {
  it("match the published two-sided 90 % critical values", () => {
    // t(0.95, df) from any t table.
    const table: [number, number][] = [
      [1, 6.313752],
      [2, 2.919986],
      [3, 2.353363],
      [4, 2.131847],
      [5, 2.015048],
      [10, 1.812461],
      [11, 1.795885],
      [30, 1.697261],
      [120, 1.657651],
    ];
    for (const [df, t] of table) expect(studentQuantile(0.95, df), `df ${df}`).toBeCloseTo(t, 5);
    expect(studentQuantile(0.05, 4)).toBeCloseTo(-2.131847, 5);
    expect(studentQuantile(0.975, 10)).toBeCloseTo(2.228139, 5);
  });
});

describe("a series' deviation from its slot", () => {
  it("flags a series always 10 minutes late over 12 weeks, even with no spread", () => {
    const test = deviationTest(Array.from({ length: 12 }, () => 10));
    expect(test).toMatchObject({ n: 12, mean: 10, standardDeviation: 0, t: null, lower: 10, upper: 10, verdict: "late" });
  });

  it("does not flag a series scattered around zero", () => {
    const test = deviationTest([-5, 3, -2, 4, 0, -1, 2, -3, 1, 1]);
    expect(test.mean).toBe(0);
    expect(test.verdict).toBe("on_time");
    expect(test.lower!).toBeLessThan(0);
    expect(test.upper!).toBeGreaterThan(0);
  });

  it("computes 2, 4, 6, 8, 10 minutes late by hand: mean 6, s = √10, t = 4.243 > 2.132, interval 2.985…9.015", () => {
    const test = deviationTest([2, 4, 6, 8, 10]);
    expect(test.mean).toBe(6);
    expect(test.standardDeviation!).toBeCloseTo(Math.sqrt(10), 10);
    expect(test.t!).toBeCloseTo(6 / Math.sqrt(2), 10);
    expect(test.critical!).toBeCloseTo(2.131847, 5);
    expect(test.lower!).toBeCloseTo(6 - 2.131847 * Math.sqrt(2), 5);
    expect(test.upper!).toBeCloseTo(6 + 2.131847 * Math.sqrt(2), 5);
    expect(test.verdict).toBe("late");
  });

  it("does not flag −1, 5, −3, 7: mean 2 but s = 4.761, t = 0.840 < 2.353", () => {
    const test = deviationTest([-1, 5, -3, 7]);
    expect(test.mean).toBe(2);
    expect(test.standardDeviation!).toBeCloseTo(Math.sqrt(68 / 3), 10);
    expect(test.t!).toBeCloseTo(2 / (Math.sqrt(68 / 3) / 2), 10);
    expect(test.verdict).toBe("on_time");
  });

  it("flags a series that leaves 16 to 22 minutes early: mean −19, s = √5, t = −19", () => {
    const test = deviationTest([-20, -16, -18, -22, -19]);
    expect(test.mean).toBe(-19);
    expect(test.t!).toBeCloseTo(-19, 10);
    expect(test.verdict).toBe("early");
  });

  it("does not test fewer than three operations", () => {
    expect(deviationTest([]).verdict).toBe("too_few");
    expect(deviationTest([30, 40]).verdict).toBe("too_few");
    expect(deviationTest([30, 40, 35]).verdict).toBe("late");
  });
});

describe("the season's punctuality tolerance (AICM: ±15 minutes)", () => {
  it("counts ±14 and ±15 within and ±16 outside", () => {
    expect([-16, -15, -14, 14, 15, 16].map((d) => withinTolerance(d, 15))).toEqual([false, true, true, true, true, false]);
  });

  it("calls two operations off the tolerance in a season 'repeated', one not", () => {
    expect(offTolerance([3, 16, -2], 15)).toEqual({ count: 1, repeated: false });
    expect(offTolerance([3, 16, -16], 15)).toEqual({ count: 2, repeated: true });
  });
});

describe("the proposed retime", () => {
  it("moves the slot by the median deviation, to the nearest five minutes, across midnight", () => {
    expect(median([1, 50, 12, 11, 13])).toBe(12);
    expect(median([10, 20])).toBe(15);
    expect(proposedRetime("06:05", [1, 50, 12, 11, 13])).toEqual({ time: "06:15", shift: 10 });
    expect(proposedRetime("23:55", [12, 12, 13])).toEqual({ time: "00:05", shift: 10 });
    expect(proposedRetime("00:10", [-18, -20, -22])).toEqual({ time: "23:50", shift: -20 });
    expect(proposedRetime("10:00", [2, -1, 1])).toBeNull();
  });
});
