import { describe, expect, it } from "vitest";
import {
  canonicalDesignator,
  classifyDifference,
  DELAY_CODES,
  delayCode,
  delayCodeDescription,
  type FlightInput,
  type FlightStatus,
  matchAll,
  matchAllGreedy,
  matchDay,
  matchDayGreedy,
  type MatchResult,
  maxWeightMatching,
  minCostAssignment,
  offSlotMinutes,
  type SlotInput,
  type SlotStatus,
  summarizeMatches,
} from "../../src/domain/matching";

const DAY = "2026-11-10";
const NEXT = "2026-11-11";

function slot(
  id: string,
  time: string,
  flightNumber: string,
  extra: Partial<Omit<SlotInput, "id" | "time" | "flightNumber">> = {},
): SlotInput {
  return { id, date: DAY, time, isArrival: false, flightNumber, status: "D", ...extra };
}

function flight(
  id: string,
  time: string,
  flightNumber: string,
  extra: Partial<Omit<FlightInput, "id" | "flightNumber">> & { day?: string } = {},
): FlightInput {
  const { day = DAY, ...rest } = extra;
  return {
    id,
    date: day,
    isArrival: false,
    flightNumber,
    scheduledAt: `${day}T${time}:00Z`,
    actualAt: null,
    status: "D",
    ...rest,
  };
}

/** Pairs as "flight→slot" strings, leftovers as "flight→-" / "-→slot", sorted. */
function pairsOf(results: readonly MatchResult[]): string[] {
  return results.map((r) => `${r.flightId ?? "-"}→${r.slotId ?? "-"}`).sort();
}

function rowOf(results: readonly MatchResult[], id: string): MatchResult {
  const row = results.find((r) => r.flightId === id || r.slotId === id);
  if (!row) throw new Error(`no row for ${id}`);
  return row;
}

describe("optimal matcher versus greedy", () => {
  // Flights 10:00 and 10:20, slots 10:15 and 10:35, all designators different (time pass).
  // Greedy takes the closest pair first (10:20–10:15, 5 min) and is left with 10:00–10:35 (35 min).
  const slots = [slot("S1", "10:15", "VB100"), slot("S2", "10:35", "VB102")];
  const flights = [flight("F1", "10:00", "VB901"), flight("F2", "10:20", "VB903")];

  it("finds the pairing of least total difference in the time pass", () => {
    const optimal = matchAll(slots, flights);
    expect(pairsOf(optimal)).toEqual(["F1→S1", "F2→S2"]);
    expect(optimal.map((r) => r.scheduledDifference)).toEqual([-15, -15]);
    const summary = summarizeMatches(optimal);
    expect(summary.totalAbsScheduledDifference).toBe(30);
    expect(summary.offSlotScheduledMinutes).toBe(0);
    expect(summary.timePairs).toBe(2);
  });

  it("greedy is worse on the same data", () => {
    const greedy = matchAllGreedy(slots, flights);
    expect(pairsOf(greedy)).toEqual(["F1→S2", "F2→S1"]);
    const summary = summarizeMatches(greedy);
    expect(summary.totalAbsScheduledDifference).toBe(40);
    expect(summary.offSlotScheduledMinutes).toBe(20);
  });

  it("is optimal in the number pass too (two sections with the same designator)", () => {
    const same = [slot("S1", "10:15", "VB100"), slot("S2", "10:35", "VB100")];
    const twins = [flight("F1", "10:00", "VB100"), flight("F2", "10:20", "VB100")];
    const optimal = matchAll(same, twins);
    expect(pairsOf(optimal)).toEqual(["F1→S1", "F2→S2"]);
    expect(optimal.every((r) => r.source === "number")).toBe(true);
    expect(summarizeMatches(optimal).totalAbsScheduledDifference).toBe(30);
    expect(summarizeMatches(matchAllGreedy(same, twins)).totalAbsScheduledDifference).toBe(40);
    expect(pairsOf(matchDayGreedy(DAY, same, twins))).toEqual(["F1→S2", "F2→S1"]);
  });
});

describe("passes and window", () => {
  it("prefers the same designator over a closer slot of another designator", () => {
    const results = matchAll(
      [slot("S100", "10:40", "VB100"), slot("S200", "10:00", "VB200")],
      [flight("F", "10:00", "VB100")],
    );
    expect(pairsOf(results)).toEqual(["-→S200", "F→S100"]);
    expect(rowOf(results, "F")).toMatchObject({ scheduledDifference: -40, generalStatus: "AH", source: "number" });
    expect(rowOf(results, "S200")).toMatchObject({ generalStatus: "A", flightId: null, scheduledClass: "null_diff" });
  });

  it("pairs the same designator on the same date however far apart", () => {
    const results = matchAll([slot("S", "01:00", "VB100")], [flight("F", "22:00", "VB100")]);
    expect(rowOf(results, "F")).toMatchObject({ slotId: "S", scheduledDifference: 1260, generalStatus: "AH" });
  });

  it("pairs different designators only within ±180 minutes", () => {
    const near = matchAll([slot("S", "14:00", "VB100")], [flight("F", "11:00", "VB900")]);
    expect(rowOf(near, "F")).toMatchObject({ slotId: "S", scheduledDifference: -180, source: "time" });
    const far = matchAll([slot("S", "14:00", "VB100")], [flight("F", "10:55", "VB900")]);
    expect(pairsOf(far)).toEqual(["-→S", "F→-"]);
    expect(rowOf(far, "F").generalStatus).toBe("X");
    expect(rowOf(far, "S").generalStatus).toBe("A");
    const narrow = matchAll([slot("S", "14:00", "VB100")], [flight("F", "11:00", "VB900")], [], { windowMinutes: 60 });
    expect(pairsOf(narrow)).toEqual(["-→S", "F→-"]);
  });

  it("never buys a far pair by pushing a close one apart", () => {
    // F1 10:00 sits on S1 10:00. Pairing F1–S2 (175) and F2–S1 (175) would make two pairs, but
    // a slot team reads F1 as flown on S1, F2 as a flight with no slot and S2 as a leftover.
    const results = matchAll(
      [slot("S1", "10:00", "VB100"), slot("S2", "07:05", "VB102")],
      [flight("F1", "10:00", "VB901"), flight("F2", "12:55", "VB903")],
    );
    expect(pairsOf(results)).toEqual(["-→S2", "F1→S1", "F2→-"]);
  });

  it("never pairs arrivals with departures", () => {
    const results = matchAll([slot("S", "10:00", "VB100", { isArrival: true })], [flight("F", "10:00", "VB100")]);
    expect(pairsOf(results)).toEqual(["-→S", "F→-"]);
  });
});

describe("deterministic ties", () => {
  it("a flight between two equally distant slots takes the earlier one", () => {
    const results = matchAll(
      [slot("late", "10:05", "VB200"), slot("early", "09:55", "VB300")],
      [flight("F", "10:00", "VB100")],
    );
    expect(rowOf(results, "F").slotId).toBe("early");
  });

  it("two slots at the same time: the lower id goes to the earlier flight", () => {
    const slots = [slot("b", "10:05", "VB200"), slot("a", "10:05", "VB300")];
    const flights = [flight("F2", "10:10", "VB101"), flight("F1", "10:00", "VB100")];
    const results = matchAll(slots, flights);
    expect(pairsOf(results)).toEqual(["F1→a", "F2→b"]);
    expect(matchAll([...slots].reverse(), [...flights].reverse())).toEqual(results);
  });

  it("among pairings of equal total, a flight exactly on its slot keeps it", () => {
    // S2 10:20 with F2 10:20 (renumbered), a leftover slot S1 10:00 and a charter F1 10:30.
    // F2–S2 (0) + F1–S1 (30) and F2–S1 (20) + F1–S2 (10) both total 30: the exact pair wins.
    const results = matchAll(
      [slot("S1", "10:00", "VB100"), slot("S2", "10:20", "VB102")],
      [flight("F2", "10:20", "VB102A"), flight("F1", "10:30", "VB701")],
    );
    expect(pairsOf(results)).toEqual(["F1→S1", "F2→S2"]);
    // A retimed flight does not drag a chain of flights one slot along.
    const chain = matchAll(
      [slot("SA", "10:00", "VB1"), slot("SB", "10:10", "VB2"), slot("SC", "10:20", "VB3")],
      [flight("FB", "10:10", "VB2A"), flight("FC", "10:20", "VB3A"), flight("FA", "10:30", "VB1A")],
    );
    expect(pairsOf(chain)).toEqual(["FA→SA", "FB→SB", "FC→SC"]);
  });

  it("the output does not depend on the order of the inputs", () => {
    const slots = [
      slot("S1", "10:00", "VB100"),
      slot("S2", "10:10", "VB200"),
      slot("S3", "10:10", "VB300"),
      slot("S4", "10:20", "VB400"),
    ];
    const flights = [
      flight("F1", "10:05", "VB900"),
      flight("F2", "10:05", "VB901"),
      flight("F3", "10:15", "VB902"),
      flight("F4", "10:15", "VB903"),
    ];
    const reference = matchAll(slots, flights);
    expect(matchAll([slots[2], slots[0], slots[3], slots[1]].filter((s) => s !== undefined), [...flights].reverse())).toEqual(
      reference,
    );
  });

  it("sorts rows by date, time, arrivals first, then ids", () => {
    const results = matchAll(
      [
        slot("S2", "12:00", "VB102"),
        slot("S1", "08:00", "VB100"),
        slot("SA", "08:00", "VB103", { isArrival: true }),
        { ...slot("S0", "23:00", "VB104"), date: "2026-11-09" },
      ],
      [flight("F1", "08:00", "VB100"), flight("FX", "09:00", "VB999", { day: NEXT })],
    );
    expect(results.map((r) => r.slotId ?? r.flightId)).toEqual(["S0", "SA", "S1", "S2", "FX"]);
  });
});

describe("cancellations", () => {
  it("a flight cancelled in AIMS keeps its slot and shows CA, with no real difference", () => {
    const results = matchAll(
      [slot("S", "10:00", "VB100", { status: "WIP" })],
      [flight("F", "10:20", "VB100", { status: "C", actualAt: "2026-11-10T10:25:00Z" })],
    );
    expect(rowOf(results, "F")).toMatchObject({
      slotId: "S",
      generalStatus: "CA",
      scheduledDifference: 20,
      realDifference: null,
      realClass: "null_diff",
      flightStatus: "C",
    });
  });

  it("a cancelled flight with no slot is CA, not X", () => {
    const results = matchAll([], [flight("F", "10:00", "VB100", { status: "C" })]);
    expect(rowOf(results, "F")).toMatchObject({ slotId: null, generalStatus: "CA" });
  });

  it.each<SlotStatus>(["CAN", "C"])("a slot with status %s never takes part and is listed as a slot with no flight", (status) => {
    const results = matchAll([slot("S", "10:00", "VB100", { status })], [flight("F", "10:00", "VB100")]);
    expect(pairsOf(results)).toEqual(["-→S", "F→-"]);
    expect(rowOf(results, "S")).toMatchObject({ generalStatus: "A", slotStatus: status });
    expect(rowOf(results, "F").generalStatus).toBe("X");
  });
});

describe("midnight", () => {
  it("a 23:55 slot flown at 00:05 the next UTC day is +10, on the slot's date", () => {
    const results = matchAll([slot("S", "23:55", "VB100")], [flight("F", "00:05", "VB100", { day: NEXT })]);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      flightId: "F",
      slotId: "S",
      date: DAY,
      slotDate: DAY,
      flightDate: NEXT,
      scheduledDifference: 10,
      scheduledClass: "mid_diff",
      generalStatus: "DIFF",
    });
  });

  it("a 00:05 slot with a flight at 23:55 the day before is −10", () => {
    const results = matchAll(
      [{ ...slot("S", "00:05", "VB100"), date: NEXT }],
      [flight("F", "23:55", "VB100", { actualAt: "2026-11-11T00:20:00Z" })],
    );
    expect(results[0]).toMatchObject({ slotId: "S", date: NEXT, scheduledDifference: -10, realDifference: 15 });
  });

  it("crosses midnight by time as well (different designators)", () => {
    const results = matchAll([slot("S", "23:50", "VB100")], [flight("F", "00:10", "VB777", { day: NEXT })]);
    expect(results[0]).toMatchObject({ slotId: "S", scheduledDifference: 20, generalStatus: "AH", source: "time" });
  });

  it("a daily series retimed past midnight pairs each slot with the next UTC day's flight", () => {
    const slots = ["2026-11-10", "2026-11-11", "2026-11-12"].map((date, i) => ({ ...slot(`S${i}`, "23:55", "VB100"), date }));
    const flights = ["2026-11-11", "2026-11-12", "2026-11-13"].map((day, i) => flight(`F${i}`, "00:05", "VB100", { day }));
    const results = matchAll(slots, flights);
    expect(pairsOf(results)).toEqual(["F0→S0", "F1→S1", "F2→S2"]);
    expect(results.map((r) => r.scheduledDifference)).toEqual([10, 10, 10]);
  });

  it("does not cross midnight beyond the window", () => {
    const results = matchAll([slot("S", "20:00", "VB100")], [flight("F", "00:05", "VB100", { day: NEXT })]);
    expect(pairsOf(results)).toEqual(["-→S", "F→-"]);
  });

  it("a next-day item keeps its own partner when that one is closer", () => {
    // Slot VB100 on D 23:55, flight VB100 on D+1 00:05, slot VB100 on D+1 00:06: the flight belongs
    // to the D+1 slot (1 min); the D slot is a leftover.
    const results = matchAll(
      [slot("SD", "23:55", "VB100"), { ...slot("SN", "00:06", "VB100"), date: NEXT }],
      [flight("F", "00:05", "VB100", { day: NEXT })],
    );
    expect(pairsOf(results)).toEqual(["-→SD", "F→SN"]);
  });

  it("groups by the UTC date: a 23:30 local departure is 05:30 UTC of the next date", () => {
    // AIMS may report the local operation date; the UTC instant decides.
    const local = flight("F", "05:30", "VB100", { day: NEXT, date: DAY });
    const results = matchAll([{ ...slot("S", "05:30", "VB100"), date: NEXT }], [local]);
    expect(results[0]).toMatchObject({ slotId: "S", date: NEXT, flightDate: NEXT, scheduledDifference: 0, scheduledClass: "no_diff" });
    // A slot filed on the local date at the same clock time is a day away and does not pair.
    const wrong = matchAll([slot("S", "05:30", "VB100")], [local]);
    expect(pairsOf(wrong)).toEqual(["-→S", "F→-"]);
    // matchDay picks the flight up on its UTC date.
    expect(pairsOf(matchDay(NEXT, [{ ...slot("S", "05:30", "VB100"), date: NEXT }], [local]))).toEqual(["F→S"]);
    expect(matchDay(DAY, [], [local])).toEqual([]);
  });

  it("matchDay solves one UTC date alone, without its neighbours", () => {
    const slots = [slot("S", "23:55", "VB100")];
    const flights = [flight("F", "00:05", "VB100", { day: NEXT })];
    expect(pairsOf(matchDay(DAY, slots, flights))).toEqual(["-→S"]);
    expect(pairsOf(matchDay(NEXT, slots, flights))).toEqual(["F→-"]);
  });
});

describe("designators and suffixes", () => {
  it("leading zeros do not matter", () => {
    expect(canonicalDesignator("VB012")).toBe("VB12");
    expect(canonicalDesignator(" vb 0012a ")).toBe("VB12A");
    const results = matchAll([slot("S", "10:00", "VB012")], [flight("F", "10:00", "VB12")]);
    expect(rowOf(results, "F")).toMatchObject({ slotId: "S", source: "number", generalStatus: "OK" });
  });

  it("a suffix is part of the designator: VB1234 meets VB1234A only in the time pass (status D)", () => {
    const results = matchAll([slot("S", "10:00", "VB1234A")], [flight("F", "10:05", "VB1234")]);
    expect(rowOf(results, "F")).toMatchObject({ slotId: "S", source: "time", generalStatus: "D", scheduledDifference: 5 });
  });

  it("the exact designator wins over the suffixed one", () => {
    const results = matchAll(
      [slot("SA", "10:00", "VB1234A"), slot("S", "10:30", "VB1234")],
      [flight("F", "10:00", "VB1234")],
    );
    expect(rowOf(results, "F")).toMatchObject({ slotId: "S", source: "number", generalStatus: "AH" });
    expect(rowOf(results, "SA").generalStatus).toBe("A");
  });
});

describe("manual decisions", () => {
  const slots = [slot("S1", "10:00", "VB100"), slot("S2", "10:10", "VB555")];
  const flights = [flight("F1", "10:00", "VB100")];

  it("a separated flight stays without slot and its slot stays a leftover, even with another free slot near", () => {
    const results = matchAll(slots, flights, [{ kind: "separated", flightId: "F1", slotId: "S1" }]);
    expect(pairsOf(results)).toEqual(["-→S1", "-→S2", "F1→-"]);
    const alone = matchAll([slot("S1", "10:00", "VB100")], flights, [{ kind: "separated", flightId: "F1", slotId: "S1" }]);
    expect(pairsOf(alone)).toEqual(["-→S1", "F1→-"]);
  });

  it("an assigned pair is fixed before the optimisation, whatever the distance", () => {
    const far = slot("S9", "18:00", "VB777");
    const results = matchAll([...slots, far], flights, [{ kind: "assigned", flightId: "F1", slotId: "S9" }]);
    expect(rowOf(results, "F1")).toMatchObject({ slotId: "S9", source: "manual", scheduledDifference: -480, generalStatus: "AH" });
    expect(rowOf(results, "S1").generalStatus).toBe("A");
  });

  it("an assignment is kept even when the slot was cancelled afterwards", () => {
    const results = matchAll([slot("S1", "10:00", "VB100", { status: "CAN" })], flights, [
      { kind: "assigned", flightId: "F1", slotId: "S1" },
    ]);
    expect(rowOf(results, "F1")).toMatchObject({ slotId: "S1", source: "manual", slotStatus: "CAN" });
  });

  it("the later decision about the same flight or slot wins", () => {
    const assignedThenSeparated = matchAll(slots, flights, [
      { kind: "assigned", flightId: "F1", slotId: "S2" },
      { kind: "separated", flightId: "F1", slotId: "S2" },
    ]);
    expect(pairsOf(assignedThenSeparated)).toEqual(["-→S1", "-→S2", "F1→-"]);
    // The separated slot assigned to another flight: the first flight still stays alone.
    const two = [flight("F1", "10:00", "VB100"), flight("F2", "10:05", "VB100")];
    const reassigned = matchAll(slots, two, [
      { kind: "separated", flightId: "F1", slotId: "S1" },
      { kind: "assigned", flightId: "F2", slotId: "S1" },
    ]);
    expect(pairsOf(reassigned)).toEqual(["-→S2", "F1→-", "F2→S1"]);
    const separatedThenAssigned = matchAll(slots, flights, [
      { kind: "separated", flightId: "F1", slotId: "S1" },
      { kind: "assigned", flightId: "F1", slotId: "S1" },
    ]);
    expect(rowOf(separatedThenAssigned, "F1")).toMatchObject({ slotId: "S1", source: "manual" });
  });

  it("a later assignment of the same flight replaces the earlier one", () => {
    const results = matchAll(slots, flights, [
      { kind: "assigned", flightId: "F1", slotId: "S1" },
      { kind: "assigned", flightId: "F1", slotId: "S2" },
    ]);
    expect(rowOf(results, "F1")).toMatchObject({ slotId: "S2", source: "manual" });
    expect(rowOf(results, "S1").generalStatus).toBe("A");
  });

  it("ignores assignments of unknown records or across directions", () => {
    const results = matchAll([...slots, slot("SA", "10:00", "VB100", { isArrival: true })], flights, [
      { kind: "assigned", flightId: "F1", slotId: "nope" },
      { kind: "assigned", flightId: "F1", slotId: "SA" },
    ]);
    expect(rowOf(results, "F1")).toMatchObject({ slotId: "S1", source: "number" });
  });

  it("the greedy matcher respects decisions too", () => {
    const results = matchAllGreedy(slots, flights, [{ kind: "separated", flightId: "F1", slotId: "S1" }]);
    expect(pairsOf(results)).toEqual(["-→S1", "-→S2", "F1→-"]);
  });
});

describe("general status precedence and classes", () => {
  it.each([
    [null, "null_diff"],
    [0, "no_diff"],
    [1, "mid_diff"],
    [-15, "mid_diff"],
    [15, "mid_diff"],
    [16, "high_diff"],
    [-16, "high_diff"],
    [-1430, "high_diff"],
  ] as const)("classifies %s as %s", (minutes, expected) => {
    expect(classifyDifference(minutes)).toBe(expected);
  });

  it("counts off-slot minutes beyond 15", () => {
    expect(offSlotMinutes(null)).toBe(0);
    expect(offSlotMinutes(-15)).toBe(0);
    expect(offSlotMinutes(-40)).toBe(25);
  });

  function statusOf(
    slotExtra: Partial<SlotInput>,
    flightTime: string,
    flightExtra: Partial<FlightInput> = {},
    flightNumber = "VB100",
  ): MatchResult {
    const results = matchAll([slot("S", "10:00", "VB100", slotExtra)], [flight("F", flightTime, flightNumber, flightExtra)]);
    return rowOf(results, "F");
  }

  it("CA beats everything", () => {
    expect(statusOf({ status: "WIP" }, "11:00", { status: "C" }, "VB101").generalStatus).toBe("CA");
  });

  it("S (slot in process) beats AH and D", () => {
    expect(statusOf({ status: "WIP" }, "10:40", {}, "VB101").generalStatus).toBe("S");
    expect(statusOf({ status: "WIP" }, "10:00").generalStatus).toBe("S");
  });

  it("AH when |scheduled difference| > 15, even with field differences", () => {
    expect(statusOf({}, "10:16").generalStatus).toBe("AH");
    expect(statusOf({}, "09:44", {}, "VB101").generalStatus).toBe("AH");
    expect(statusOf({}, "10:15").generalStatus).toBe("DIFF");
  });

  it("D when designators or aircraft types differ", () => {
    expect(statusOf({}, "10:05", {}, "VB101").generalStatus).toBe("D");
    expect(statusOf({ aircraftType: "320" }, "10:05", { aircraftType: "321" }).generalStatus).toBe("D");
    expect(statusOf({ aircraftType: "320" }, "10:05", { aircraftType: null }).generalStatus).toBe("DIFF");
  });

  it("OK only when nothing differs: same designator and equipment, on the slot to the minute", () => {
    expect(statusOf({ aircraftType: "320" }, "10:00", { aircraftType: "320" }).generalStatus).toBe("OK");
    expect(statusOf({}, "10:01").generalStatus).toBe("DIFF");
    expect(statusOf({}, "09:59").generalStatus).toBe("DIFF");
    // A late operation does not change the schedule's status: the real-difference chip shows it.
    expect(statusOf({}, "10:00", { actualAt: "2026-11-10T10:40:00Z" })).toMatchObject({ generalStatus: "OK", realClass: "high_diff" });
  });

  it("DIFF for a pair whose times differ within the tolerance, with real difference and classes", () => {
    const row = statusOf({ aircraftType: "320" }, "10:05", { aircraftType: "320", actualAt: "2026-11-10T10:31:40Z" });
    expect(row).toMatchObject({
      generalStatus: "DIFF",
      scheduledDifference: 5,
      scheduledClass: "mid_diff",
      realDifference: 32,
      realClass: "high_diff",
    });
  });

  it.each<FlightStatus>(["D", "E", "T", "N", "R", "SC", "X"])("flight status %s pairs normally", (status) => {
    expect(statusOf({}, "10:00", { status }).generalStatus).toBe("OK");
  });

  it("real difference is null without an actual", () => {
    expect(statusOf({}, "10:00")).toMatchObject({ realDifference: null, realClass: "null_diff", scheduledClass: "no_diff" });
  });

  it("summarises a result list", () => {
    const results = matchAll(
      [slot("S1", "10:00", "VB100"), slot("S2", "12:00", "VB200"), slot("S3", "15:00", "VB300", { status: "CAN" })],
      [flight("F1", "10:30", "VB100", { actualAt: "2026-11-10T10:50:00Z" }), flight("F2", "20:00", "VB900")],
    );
    const summary = summarizeMatches(results);
    expect(summary).toMatchObject({
      rows: 4,
      pairs: 1,
      numberPairs: 1,
      flightsWithoutSlot: 1,
      slotsWithoutFlight: 2,
      totalAbsScheduledDifference: 30,
      offSlotScheduledMinutes: 15,
      totalAbsRealDifference: 50,
      offSlotRealMinutes: 35,
    });
    expect(summary.byStatus).toMatchObject({ AH: 1, X: 1, A: 2 });
  });
});

describe("input checks", () => {
  it("rejects malformed slot times and dates", () => {
    expect(() => matchAll([slot("S", "24:00", "VB1")], [])).toThrow(RangeError);
    expect(() => matchAll([slot("S", "9:00", "VB1")], [])).toThrow(RangeError);
    expect(() => matchAll([{ ...slot("S", "09:00", "VB1"), date: "2026-02-30" }], [])).toThrow(RangeError);
  });

  it("rejects instants without a zone designator", () => {
    expect(() => matchAll([], [{ ...flight("F", "10:00", "VB1"), scheduledAt: "2026-11-10T10:00:00" }])).toThrow(RangeError);
    expect(() => matchAll([], [{ ...flight("F", "10:00", "VB1"), actualAt: "yesterday" }])).toThrow(RangeError);
  });

  it("accepts offsets and seconds", () => {
    const results = matchAll(
      [slot("S", "16:00", "VB1")],
      [{ ...flight("F", "10:00", "VB1"), scheduledAt: "2026-11-10T10:05:00-06:00" }],
    );
    expect(results[0]?.scheduledDifference).toBe(5);
    expect(matchAll([slot("S", "16:00:00", "VB1")], [])[0]?.slotId).toBe("S");
  });

  it("rejects duplicate ids and a bad window", () => {
    expect(() => matchAll([slot("S", "10:00", "VB1"), slot("S", "11:00", "VB2")], [])).toThrow(/Duplicate slot id/);
    expect(() => matchAll([], [flight("F", "10:00", "VB1"), flight("F", "11:00", "VB2")])).toThrow(/Duplicate flight id/);
    expect(() => matchAll([], [], [], { windowMinutes: -1 })).toThrow(RangeError);
    expect(() => matchAll([], [], [], { windowMinutes: 1.5 })).toThrow(RangeError);
  });

  it("accepts numeric ids and orders them before strings", () => {
    const results = matchAll(
      [{ ...slot("x", "10:00", "VB1"), id: 2 }, slot("a", "10:00", "VB2")],
      [{ ...flight("f", "10:00", "VB1"), id: 10 }],
    );
    expect(results.map((r) => r.slotId)).toEqual([2, "a"]);
    expect(results[0]?.flightId).toBe(10);
  });

  it("returns nothing for nothing", () => {
    expect(matchAll([], [])).toEqual([]);
  });
});

describe("assignment algorithm", () => {
  it("solves a square matrix", () => {
    expect(
      minCostAssignment([
        [4, 1, 3],
        [2, 0, 5],
        [3, 2, 2],
      ]),
    ).toEqual([1, 0, 2]);
  });

  it("solves rectangular matrices both ways", () => {
    expect(minCostAssignment([[5, 1, 9]])).toEqual([1]);
    expect(minCostAssignment([[5], [1], [9]])).toEqual([-1, 0, -1]);
    expect(minCostAssignment([])).toEqual([]);
  });

  it("rejects ragged or non-finite matrices", () => {
    expect(() => minCostAssignment([[1, 2], [3]])).toThrow(RangeError);
    expect(() => minCostAssignment([[Number.NaN]])).toThrow(RangeError);
  });

  it("finds a maximum-weight matching that leaves rows unmatched when it pays", () => {
    // Row 0 can take column 0 (weight 10) or 1 (weight 9); row 1 only column 0 (weight 2).
    const weights = [
      [10, 9],
      [2, null],
    ];
    expect(maxWeightMatching(2, 2, (i, j) => weights[i]?.[j] ?? null)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(maxWeightMatching(2, 2, () => null)).toEqual([]);
    expect(() => maxWeightMatching(1, 1, () => 0)).toThrow(RangeError);
  });
});

describe("IATA delay codes", () => {
  it("holds the standard codes with Spanish descriptions", () => {
    expect(DELAY_CODES.length).toBeGreaterThanOrEqual(60);
    const codes = DELAY_CODES.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(DELAY_CODES.map((entry) => entry.alpha)).size).toBe(codes.length);
    for (const entry of DELAY_CODES) {
      expect(entry.code).toMatch(/^\d{2}$/);
      expect(entry.alpha).toMatch(/^[A-Z]{2}$/);
      expect(entry.description.length).toBeGreaterThan(10);
    }
    expect(codes).toEqual([...codes].sort());
  });

  it("describes the usual codes", () => {
    expect(delayCodeDescription("11")).toBe("Aceptación tardía de pasajeros");
    expect(delayCodeDescription(41)).toBe("Falla técnica de la aeronave");
    expect(delayCodeDescription("93")).toBe("Rotación de aeronave: llegada tardía de la misma aeronave");
    expect(delayCode("6")?.alpha).toBe("OA");
    expect(delayCode("89")).toMatchObject({ alpha: "AM", category: "autoridades" });
    expect(delayCode("81")?.category).toBe("atfm");
    expect(delayCodeDescription("74")).toBeNull();
    expect(delayCodeDescription("01")).toBeNull();
  });
});
