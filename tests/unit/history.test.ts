/** Histórico's definitions on crafted seasons: grouping, both rates, the rating and the forecast. */
import { describe, expect, it } from "vitest";
import {
  AICM_RULE,
  filterSeries,
  type HistoryRule,
  type HistorySlot,
  parseSerieIds,
  ratingLevel,
  seasonHistory as seasonHistoryUnder,
  seasonWeeks,
  seriesForecast,
  seriesRates,
} from "../../src/domain/history";
import { isOutsideAirlineControl } from "../../src/domain/matching/delayCodes";
import { addDays } from "../../src/domain/seasons";

// Four weeks from Sunday 25 Oct 2026; now is the start of the third week (two weeks so far).
const SEASON = { start_date: "2026-10-25", end_date: "2026-11-21" };
const NOW = new Date("2026-11-08T00:00:00Z");
/** AICM's rule with W26's calendar (HBD 31 Aug 2026, SRD 15 Aug 2026): what every crafted slot here is counted under. */
const AICM: HistoryRule = { rule: AICM_RULE, calendar: { historicsBaselineDate: "2026-08-31", seriesReturnDeadline: "2026-08-15" } };
const seasonHistory = (slots: readonly HistorySlot[], season: typeof SEASON, now: Date) => seasonHistoryUnder(slots, season, now, AICM);

let nextId = 1;
/** A daily series at `time` over the whole crafted season; `outcome(i)` changes day i's slot. */
function series(serie: number, time: string, outcome: (i: number) => Partial<HistorySlot> = () => ({})): HistorySlot[] {
  return Array.from({ length: 28 }, (_, i) => {
    const id = nextId++;
    return {
      slotId: id,
      serie,
      flightNumber: `VB${1000 + serie}`,
      date: addDays(SEASON.start_date, i),
      time,
      isArrival: serie % 2 === 1,
      status: "D",
      matchId: id,
      flightId: id,
      flightCancelled: false,
      difference: 0,
      realDifference: 0,
      delayCodes: [],
      justified: false,
      returnedAt: null,
      addedAt: null,
      ...outcome(i),
    };
  });
}

describe("the history of a season", () => {
  it("groups slots into series with their flights, hours, frequency and type", () => {
    const slots = [...series(2, "10:00"), ...series(1, "08:30", (i) => (i % 7 === 0 ? {} : { serie: 99 }))];
    const history = seasonHistory(slots, SEASON, NOW);
    expect(history.map((s) => s.serie)).toEqual([1, 2, 99]);
    const [one, two] = history;
    expect(one).toMatchObject({ total_flights: 4, hour: ["08:30"], frequency: "7", type: "L", flight_number: "VB1001" });
    expect(two).toMatchObject({ total_flights: 28, frequency: "1234567", type: "S" });
    expect(two?.rates).toEqual({ usage: 100, chargeable: 100, new_chargeable: null, rating: 100 });
    expect(two?.counts).toMatchObject({ allocated: 14, remaining: 14 });
  });

  it("counts a cancellation against usage and the chargeable rate", () => {
    // Days 0..13 are past: 3 cancelled flights and 1 slot without flight.
    const slots = series(4, "12:00", (i) =>
      [1, 5, 9].includes(i) ? { flightCancelled: true } : i === 12 ? { flightId: null, matchId: 500 + i } : {},
    );
    const [s] = seasonHistory(slots, SEASON, NOW);
    expect(s?.counts).toMatchObject({ allocated: 14, operated: 10, chargeable: 4 });
    expect(s?.rates.usage).toBe(71.4);
    expect(s?.rates.chargeable).toBe(71.4);
    const cells = s?.flights["12:00"] ?? [];
    const cancelled = cells.filter((c) => c.status === "cancellation").map((c) => c.date).sort();
    expect(cancelled).toEqual(["2026-10-26", "2026-10-30", "2026-11-03", "2026-11-06"].sort());
    // The future is empty whatever happens to it.
    expect(cells.filter((c) => c.date >= "2026-11-08").every((c) => c.status === null)).toBe(true);
  });

  it("does not hold off-slot operations and cancellations with a delay code outside the airline's control against it", () => {
    const slots = series(6, "09:00", (i) => {
      if (i === 0) return { difference: 40, delayCodes: ["71"] }; // weather: justified
      if (i === 1) return { difference: -30, delayCodes: ["93"] }; // reactionary: the airline's
      if (i === 2) return { difference: 12 }; // within ±15: on slot
      if (i === 3) return { flightCancelled: true, delayCodes: ["83"] }; // ATFM: justified
      return {};
    });
    const [s] = seasonHistory(slots, SEASON, NOW);
    expect(s?.counts).toMatchObject({ allocated: 14, operated: 13, chargeable: 1 });
    expect(s?.rates.usage).toBe(92.9);
    expect(s?.rates.chargeable).toBe(92.9);
    const statuses = (s?.flights["09:00"] ?? []).filter((c) => c.date < "2026-10-29").map((c) => [c.date, c.status]);
    expect(statuses.sort()).toEqual([
      ["2026-10-25", null],
      ["2026-10-26", "chargeable"],
      ["2026-10-27", null],
      ["2026-10-28", "cancellation"],
    ]);
  });

  it("counts justified slots as used and not chargeable, and shows them as Justificado", () => {
    // Days 0..13 are past: a slot without flight, a cancelled flight and an operation 40 minutes
    // off the slot, each justified (issue 27 item 2); the same three unjustified on days 5–7.
    const slots = series(12, "11:00", (i) => {
      if (i === 0 || i === 5) return { flightId: null, matchId: 700 + i, justified: i === 0 };
      if (i === 1 || i === 6) return { flightCancelled: true, justified: i === 1 };
      if (i === 2 || i === 7) return { difference: 40, justified: i === 2 };
      // A justification on a slot still to come changes nothing yet.
      if (i === 20) return { flightId: null, justified: true };
      return {};
    });
    const [s] = seasonHistory(slots, SEASON, NOW);
    expect(s?.counts).toMatchObject({ allocated: 14, operated: 12, chargeable: 3, remaining: 14 });
    expect(s?.rates).toMatchObject({ usage: 85.7, chargeable: 78.6 });
    const statuses = (s?.flights["11:00"] ?? [])
      .filter((c) => c.date <= addDays(SEASON.start_date, 7) || c.date === addDays(SEASON.start_date, 20))
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((c) => c.status);
    expect(statuses).toEqual(["justified", "justified", "justified", null, null, "cancellation", "cancellation", "chargeable", null]);
  });

  it("rates the new slots (ADD) of a series on their own and shows them as Alta", () => {
    const slots = series(8, "15:00", (i) => (i >= 10 ? { status: "ADD", ...(i === 11 ? { difference: 20 } : {}) } : {}));
    const [s] = seasonHistory(slots, SEASON, NOW);
    expect(s?.counts).toMatchObject({ new_allocated: 4, new_chargeable: 1 });
    expect(s?.rates.new_chargeable).toBe(75);
    expect(s?.flights["15:00"]?.find((c) => c.date === "2026-11-04")?.status).toBe("new");
  });

  it("fills the weeks a series does not fly with disabled cells (slot_id 0)", () => {
    const slots = series(10, "07:00").filter((s) => s.date >= "2026-11-01");
    const [s] = seasonHistory(slots, SEASON, NOW);
    const cells = s?.flights["07:00"] ?? [];
    expect(seasonWeeks(SEASON)).toBe(4);
    expect(cells).toHaveLength(7 * 4);
    const firstWeek = cells.filter((c) => c.week === 1);
    expect(firstWeek.every((c) => c.slot_id === 0 && c.match_id === null)).toBe(true);
    expect(firstWeek.map((c) => c.date).sort()).toEqual(Array.from({ length: 7 }, (_, i) => addDays("2026-10-25", i)));
  });
});

describe("the rating and the forecast", () => {
  const counts = {
    allocated: 50,
    operated: 45,
    chargeable: 5,
    remaining: 50,
    recent_allocated: 20,
    recent_operated: 16,
    recent_chargeable: 4,
    new_allocated: 0,
    new_chargeable: 0,
  };

  it("is the lesser of usage and the chargeable rate, green only at 100 with the default warning level", () => {
    const rates = seriesRates({ ...counts, chargeable: 8 });
    expect(rates).toMatchObject({ usage: 90, chargeable: 84, rating: 84 });
    const seed = { threshold: 80, warning: 100 };
    expect(ratingLevel(100, seed)).toBe("ok");
    expect(ratingLevel(99.9, seed)).toBe("warn");
    expect(ratingLevel(80, seed)).toBe("warn");
    expect(ratingLevel(79.9, seed)).toBe("alert");
  });

  it("colours red below the season's threshold, amber below the warning level, green from it", () => {
    const levels = { threshold: 80, warning: 90 };
    expect([79.9, 80, 89.9, 90, 100].map((rating) => ratingLevel(rating, levels))).toEqual(["alert", "warn", "warn", "ok", "ok"]);
    // A warning level below the season's threshold is the threshold: no amber band.
    expect([79.9, 80].map((rating) => ratingLevel(rating, { threshold: 80, warning: 61 }))).toEqual(["alert", "ok"]);
    // The season's threshold moves red: at 50 (W21's rule) a 60 % series is amber, not red.
    expect(ratingLevel(60, { threshold: 50, warning: 90 })).toBe("warn");
  });

  it("projects today's rate (the last 28 days) to the end of the season", () => {
    const forecast = seriesForecast(counts, 80);
    // 45 + 0.8 × 50 = 85 of 100.
    expect(forecast).toMatchObject({ usage: 85, chargeable: 85, rating: 85, at_risk: false });
    // At today's rate 85 of 100 end used; 80 needed: 5 more can be lost.
    expect(forecast).toMatchObject({ can_lose: 5, must_operate: null, remaining: 50 });
    // At 90 it is at risk: 45 used so far, 90 needed: 45 of the 50 remaining must be flown on time.
    expect(seriesForecast(counts, 90)).toMatchObject({ at_risk: true, can_lose: 0, must_operate: 45, remaining: 50 });
    // At 99 even all 50 do not get it back (54 needed).
    expect(seriesForecast(counts, 99)).toMatchObject({ at_risk: true, must_operate: 54, remaining: 50 });
  });

  it("answers one question at, just above and just below the threshold", () => {
    // 85 of 100 expected at today's rate (see above).
    expect(seriesForecast(counts, 85)).toMatchObject({ rating: 85, at_risk: false, can_lose: 0, must_operate: null });
    expect(seriesForecast(counts, 84)).toMatchObject({ at_risk: false, can_lose: 1, must_operate: null });
    // Just below: 86 needed, 45 so far: 41 of the 50 remaining.
    expect(seriesForecast(counts, 86)).toMatchObject({ at_risk: true, can_lose: 0, must_operate: 41, remaining: 50 });
    // The case: a forecast of 78 % at 80 is at risk and says what it must fly, never "can lose".
    const slipping = { ...counts, recent_operated: 14, recent_chargeable: 6 }; // 45 + 0.7 × 50 = 80 → 80 of 100
    expect(seriesForecast(slipping, 80)).toMatchObject({ rating: 80, at_risk: false, can_lose: 0 });
    const worse = { ...counts, recent_operated: 13, recent_chargeable: 7 }; // 45 + 0.65 × 50 = 77.5
    expect(seriesForecast(worse, 80)).toMatchObject({ at_risk: true, can_lose: 0, must_operate: 35, remaining: 50 });
  });

  it("uses the season so far when nothing was allocated in the last 28 days", () => {
    const forecast = seriesForecast({ ...counts, recent_allocated: 0, recent_operated: 0, recent_chargeable: 0 }, 80);
    expect(forecast.usage).toBe(90);
  });
});

describe("filters and codes", () => {
  it("keeps series by id, rating, weekday and hour; nothing chosen keeps all", () => {
    const history = seasonHistory(
      [...series(1, "06:00"), ...series(3, "18:00", (i) => (i < 10 ? { flightCancelled: true } : {}))],
      SEASON,
      NOW,
    );
    const levels = { threshold: 80, warning: 100 };
    expect(filterSeries(history, {}, levels).map((s) => s.serie)).toEqual([1, 3]);
    expect(filterSeries(history, { ratings: ["alert"] }, levels).map((s) => s.serie)).toEqual([3]);
    expect(filterSeries(history, { serieIds: [1] }, levels).map((s) => s.serie)).toEqual([1]);
    expect(filterSeries(history, { hourRange: ["12:00", "23:59"] }, levels).map((s) => s.serie)).toEqual([3]);
    expect(filterSeries(history, { frequencies: [3] }, levels)).toHaveLength(2);
    expect(filterSeries(history, { atRisk: true }, levels).map((s) => s.serie)).toEqual([3]);
    // 'En riesgo' follows the season's threshold, not the warning level: at 20 series 3 is not.
    expect(filterSeries(history, { atRisk: true }, { threshold: 20, warning: 100 })).toEqual([]);
    expect(parseSerieIds("12, 15,x, 7a,3")).toEqual([12, 15, 3]);
  });

  it("classifies weather, ATFM, authorities, bird strikes and outside strikes as outside the airline's control", () => {
    expect(["71", "81", "87", "51", "98"].every((c) => isOutsideAirlineControl(c))).toBe(true);
    expect(["93", "41", "11", "97", "99", "00"].some((c) => isOutsideAirlineControl(c))).toBe(false);
  });
});

describe("the coordinator's early warning on a series (issue 27 item 4)", () => {
  const punctuality = (slots: HistorySlot[]) => {
    const [only] = seasonHistory(slots, SEASON, NOW);
    if (!only) throw new Error("no series");
    return only.punctuality;
  };

  it("flags a series that flew 10 minutes late every day so far and proposes the retime, but not one scattered around its slot", () => {
    const slots = series(20, "06:05", () => ({ difference: 10, realDifference: 10 }));
    const late = punctuality(slots);
    // Two weeks so far: the 14 days before NOW.
    expect(late).toMatchObject({ operations: 14, mean: 10, verdict: "late", off_tolerance: 0, repeated: false, flagged: true });
    // The draft takes the slots at least 12 hours ahead: 8 Nov at 06:05 is too close, 9–21 Nov are not.
    expect(late.proposal).toEqual({ time: "06:15", shift: 10, slots: slots.slice(15).length });
    // A retime across midnight moves the slot to the next day: still counted; one in process is not.
    const lateNight = punctuality(series(23, "23:55", (i) => ({ realDifference: 10, ...(i === 20 ? { status: "WIP" } : {}) })));
    expect(lateNight.proposal).toEqual({ time: "00:05", shift: 10, slots: 13 });

    const scattered = punctuality(series(21, "06:05", (i) => ({ realDifference: [-4, 3, -2, 5, 0, -1, 2, -3][i % 8] ?? 0 })));
    expect(scattered).toMatchObject({ operations: 14, verdict: "on_time", flagged: false, proposal: null });
  });

  it("counts operations off the ±15 tolerance (16 is off, 15 is not) and calls two of them repeated", () => {
    const once = punctuality(series(22, "10:00", (i) => ({ realDifference: i === 1 ? 16 : i === 2 ? -15 : 0 })));
    expect(once).toMatchObject({ off_tolerance: 1, repeated: false, flagged: false, tolerance: 15 });
    const twice = punctuality(series(23, "10:00", (i) => ({ realDifference: i === 1 ? 16 : i === 2 ? -16 : 0 })));
    expect(twice).toMatchObject({ off_tolerance: 2, repeated: true, flagged: true });
    // A justified one is not a misuse: one left is not repeated.
    const excused = punctuality(series(24, "10:00", (i) => ({ realDifference: i === 1 ? 16 : i === 2 ? -16 : 0, justified: i === 2 })));
    expect(excused).toMatchObject({ off_tolerance: 1, repeated: false, flagged: false });
  });

  it("leaves out cancelled flights, slots without a flight and flights not flown yet", () => {
    const p = punctuality(
      series(24, "10:00", (i) =>
        i === 0 ? { flightCancelled: true, realDifference: 90 } : i === 1 ? { flightId: null, realDifference: null } : { realDifference: 1 },
      ),
    );
    expect(p.operations).toBe(12);
    expect(p.off_tolerance).toBe(0);
  });
});

describe("the season's rule in the count (issue 27 item 1)", () => {
  /** One series of 14 past days (25 Oct–7 Nov) and 14 ahead; `outcome(i)` changes day i. */
  const countsUnder = (count: HistoryRule, outcome: (i: number) => Partial<HistorySlot>) => {
    const [only] = seasonHistoryUnder(series(40, "11:00", outcome), SEASON, NOW, count);
    if (!only) throw new Error("no series");
    return only;
  };
  const offBy = (minutes: number) => (i: number) => (i === 0 ? { difference: minutes, realDifference: minutes } : {});

  it("counts an operation ±14 and ±15 minutes off as used and ±16 as chargeable with a tolerance of 15", () => {
    for (const minutes of [14, -14, 15, -15]) {
      expect(countsUnder(AICM, offBy(minutes)).counts.chargeable).toBe(0);
    }
    for (const minutes of [16, -16]) {
      const s = countsUnder(AICM, offBy(minutes));
      expect(s.counts).toMatchObject({ allocated: 14, operated: 14, chargeable: 1 });
      expect(s.flights["11:00"]?.find((cell) => cell.date === "2026-10-25")?.status).toBe("chargeable");
    }
  });

  it("follows the season's tolerance: 20 minutes off is used at ±20, and its early warning counts at ±20 too", () => {
    const wide: HistoryRule = { ...AICM, rule: { ...AICM_RULE, tolerance: 20 } };
    const s = countsUnder(wide, (i) => (i < 2 ? { difference: 20, realDifference: 20 } : {}));
    expect(s.counts.chargeable).toBe(0);
    expect(s.punctuality).toMatchObject({ tolerance: 20, off_tolerance: 0, repeated: false });
    expect(countsUnder(AICM, (i) => (i < 2 ? { difference: 20, realDifference: 20 } : {})).punctuality).toMatchObject({
      tolerance: 15,
      off_tolerance: 2,
      repeated: true,
    });
  });

  it("does not hold an operation outside the tolerance against the airline when the season counts it as used", () => {
    const lenient: HistoryRule = { ...AICM, rule: { ...AICM_RULE, outsideCountsAsUsed: true } };
    expect(countsUnder(lenient, offBy(45)).counts).toMatchObject({ allocated: 14, operated: 14, chargeable: 0 });
    expect(countsUnder(AICM, offBy(45)).counts.chargeable).toBe(1);
  });

  it("leaves out a slot handed back by the Series Return Deadline, and counts one handed back after it as not used", () => {
    const cancelled = (returnedAt: string) => (i: number) =>
      i === 3 || i === 20 ? { status: "CAN", flightId: null, matchId: null, returnedAt } : {};
    // Asked on 15 Aug (the SRD itself, late in the UTC day): in time, neither allocated nor remaining.
    expect(countsUnder(AICM, cancelled("2026-08-15T23:30:00Z")).counts).toMatchObject({ allocated: 13, operated: 13, chargeable: 0, remaining: 13 });
    // Asked on 16 Aug: allocated and not used (today's and the future's).
    const late = countsUnder(AICM, cancelled("2026-08-16T00:10:00Z"));
    expect(late.counts).toMatchObject({ allocated: 14, operated: 13, chargeable: 1, remaining: 14 });
    expect(late.rates.usage).toBe(92.9);
    // A cancelled slot whose request is unknown is counted, as before the calendar.
    expect(countsUnder(AICM, (i) => (i === 3 ? { status: "CAN", flightId: null, matchId: null } : {})).counts).toMatchObject({ allocated: 14, chargeable: 1 });
  });

  it("keeps slots added after the Historics Baseline Date out of a series held at it, and measures a series added after it on its own", () => {
    // Days 10–13 (past) and 24–27 (ahead) were granted as altas on 1 Oct, after the HBD.
    const mixed = countsUnder(AICM, (i) =>
      (i >= 10 && i < 14) || i >= 24 ? { status: "ADD", addedAt: "2026-10-01T15:00:00Z", ...(i === 11 ? { difference: 30 } : {}) } : {},
    );
    expect(mixed.counts).toMatchObject({ allocated: 10, chargeable: 0, remaining: 10, new_allocated: 4, new_chargeable: 1 });
    // Granted on the HBD itself: held at it.
    expect(countsUnder(AICM, (i) => (i === 11 ? { status: "ADD", addedAt: "2026-08-31T12:00:00Z", difference: 30 } : {})).counts).toMatchObject({
      allocated: 14,
      chargeable: 1,
    });
    // A whole series granted after the HBD is its own baseline.
    const added = countsUnder(AICM, (i) => ({ status: "ADD", addedAt: "2026-10-01T15:00:00Z", ...(i === 11 ? { difference: 30 } : {}) }));
    expect(added.counts).toMatchObject({ allocated: 14, chargeable: 1, remaining: 14, new_allocated: 14, new_chargeable: 1 });
  });
});
