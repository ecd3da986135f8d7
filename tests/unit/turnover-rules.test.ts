import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  allVisible,
  bulkAddOutcome,
  checkSelection,
  compareDifferences,
  dayOffset,
  delaysExceedDifference,
  type DraftRow,
  draftSize,
  DEFAULT_FREQUENCY,
  filterDelayCause,
  filterDelayMinutes,
  formatMs,
  frequencyFromDate,
  fromInputValue,
  hasEmptyGroup,
  hasSlot,
  type HeldDraftKinds,
  isEverythingVisible,
  isPastModificationCutoff,
  isSelectableForDraft,
  isWithinSeason,
  newSlotItemFromRow,
  parseDelayMinutes,
  planDraftAdd,
  planSlotRemoval,
  parseStoredFilters,
  serializeFilters,
  slotDraftOf,
  slotMs,
  splitDuplicates,
  timeToJustify,
  toDownloadFilters,
  toInputValue,
  toTurnoverRequestFilters,
  requestTimeProblem,
  rowDateTimes,
  rowInstantMs,
} from "../../src/domain/turnover";
import { LOCAL_ZONE, UTC_ZONE, zoneAt } from "../../src/domain/zones";
import { DIFFERENCE_CLASSES, FLIGHT_STATUSES, GENERAL_STATUSES, SLOT_STATUSES } from "../../src/domain/matching";
import type { components } from "../../src/generated/openapi";

type SlotStatus = components["schemas"]["SlotStatus"];
type Drafts = components["schemas"]["Drafts"];

const ALL: HeldDraftKinds = { new: true, modify: true, cancel: true };
const SEGUIMIENTO: HeldDraftKinds = { new: true, modify: false, cancel: false };
const NONE: HeldDraftKinds = { new: false, modify: false, cancel: false };

const row = (slot_status: SlotStatus | null) => ({ slot_status });

describe("bulk selection (seed 001 §2.1, §4.3)", () => {
  it("a row with no slot status is a flight without slot", () => {
    expect(hasSlot(row(null))).toBe(false);
    expect(hasSlot(row("D"))).toBe(true);
  });

  it("SOBC (S), CAN and WIP rows are not selectable; every other status and no slot are", () => {
    expect(isSelectableForDraft(row("S"))).toBe(false);
    expect(isSelectableForDraft(row("CAN"))).toBe(false);
    expect(isSelectableForDraft(row("WIP"))).toBe(false);
    for (const status of ["D", "K", "U", "ADD", "C"] as const) expect(isSelectableForDraft(row(status))).toBe(true);
    expect(isSelectableForDraft(row(null))).toBe(true);
  });

  it("nothing selected → empty", () => {
    expect(checkSelection([], ALL)).toEqual({ ok: false, problem: "empty" });
  });

  it("an invalid status anywhere → invalid_status, before the mixing rule", () => {
    expect(checkSelection([row("D"), row("WIP")], ALL)).toEqual({ ok: false, problem: "invalid_status" });
    expect(checkSelection([row(null), row("S")], ALL)).toEqual({ ok: false, problem: "invalid_status" });
    expect(checkSelection([row("CAN")], ALL)).toEqual({ ok: false, problem: "invalid_status" });
  });

  it("flights with and without slot together → mixed", () => {
    expect(checkSelection([row(null), row("D")], ALL)).toEqual({ ok: false, problem: "mixed" });
    expect(checkSelection([row("K"), row(null), row("K")], ALL)).toEqual({ ok: false, problem: "mixed" });
  });

  it("only flights without slot → only Altas; flights with slots → Modificaciones and Cancelaciones", () => {
    expect(checkSelection([row(null), row(null)], ALL)).toEqual({ ok: true, withSlot: false, kinds: ["new"] });
    expect(checkSelection([row("D"), row("ADD")], ALL)).toEqual({ ok: true, withSlot: true, kinds: ["modify", "cancel"] });
  });

  it("the role narrows the kinds; none left → role", () => {
    expect(checkSelection([row(null)], SEGUIMIENTO)).toEqual({ ok: true, withSlot: false, kinds: ["new"] });
    expect(checkSelection([row("D")], SEGUIMIENTO)).toEqual({ ok: false, problem: "role" });
    expect(checkSelection([row(null)], NONE)).toEqual({ ok: false, problem: "role" });
    expect(checkSelection([row("D")], { new: false, modify: true, cancel: false })).toEqual({
      ok: true,
      withSlot: true,
      kinds: ["modify"],
    });
  });

  it("duplicates are skipped, in order, once each", () => {
    expect(splitDuplicates([5, 3, 5, 9, 1], [9, 7])).toEqual({ toAdd: [5, 3, 1], duplicates: [9] });
    expect(splitDuplicates([1, 2], [1, 2])).toEqual({ toAdd: [], duplicates: [1, 2] });
  });

  it("all duplicates → nothing added (error), some → partial (warning with the count), none → added", () => {
    expect(bulkAddOutcome(0, 3)).toEqual({ kind: "nothing_added", duplicates: 3 });
    expect(bulkAddOutcome(2, 1)).toEqual({ kind: "partial", added: 2, duplicates: 1 });
    expect(bulkAddOutcome(4, 0)).toEqual({ kind: "added", added: 4 });
  });
});

describe("12-hour modification cutoff (seed 001 §4.3)", () => {
  const now = new Date("2026-11-10T12:00:00Z");
  it("refuses a slot less than 12 hours ahead, or past, and accepts one 12 hours or more ahead", () => {
    expect(isPastModificationCutoff("2026-11-10", "23:59", now)).toBe(true);
    expect(isPastModificationCutoff("2026-11-11", "00:00", now)).toBe(false);
    expect(isPastModificationCutoff("2026-11-11", "06:00", now)).toBe(false);
    expect(isPastModificationCutoff("2026-11-09", "18:00", now)).toBe(true);
  });
  it("compares full UTC instants across midnight and refuses what cannot be read", () => {
    expect(isPastModificationCutoff("2026-11-11", "00:01", new Date("2026-11-10T12:00:00Z"))).toBe(false);
    expect(isPastModificationCutoff("2026-11-11", "00:01", new Date("2026-11-10T12:02:00Z"))).toBe(true);
    expect(isPastModificationCutoff(null, "10:00", now)).toBe(true);
    expect(isPastModificationCutoff("2026-11-31", "10:00", now)).toBe(true);
  });
});

describe("season check (seed 001 §5)", () => {
  const w26 = { name: "W26", start_date: "2026-10-25", end_date: "2027-03-27" };
  it("accepts dates within the season, bounds included, and refuses the others", () => {
    expect(isWithinSeason("2026-10-25", w26)).toBe(true);
    expect(isWithinSeason("2027-03-27", w26)).toBe(true);
    expect(isWithinSeason("2026-10-24", w26)).toBe(false);
    expect(isWithinSeason("2027-03-28", w26)).toBe(false);
  });
});

describe("frequency from the weekday (seed 001 §3, §5)", () => {
  it("is the ISO weekday of the date, 7 when it cannot be derived", () => {
    expect(frequencyFromDate("2026-11-09")).toBe(1); // Monday
    expect(frequencyFromDate("2026-11-14")).toBe(6); // Saturday
    expect(frequencyFromDate("2026-11-15")).toBe(7); // Sunday
    expect(frequencyFromDate(null)).toBe(DEFAULT_FREQUENCY);
    expect(frequencyFromDate("15-11-2026")).toBe(7);
    expect(frequencyFromDate("2026-02-30")).toBe(7);
  });
});

describe("time to justify (seed 001 §5)", () => {
  it("is |real| − Σ delay minutes when |real| > 15", () => {
    expect(timeToJustify(40, [10, 5])).toBe(25);
    expect(timeToJustify(-40, [10, 5])).toBe(25);
    expect(timeToJustify(16, [])).toBe(16);
  });
  it("is never negative: 0 when the delays exceed the real difference, which is flagged", () => {
    expect(timeToJustify(30, [20, 20])).toBe(0);
    expect(timeToJustify(-30, [45])).toBe(0);
    expect(delaysExceedDifference(30, [20, 20])).toBe(true);
    expect(delaysExceedDifference(-30, [45])).toBe(true);
    expect(delaysExceedDifference(10, [12])).toBe(true);
    expect(delaysExceedDifference(40, [25, 15])).toBe(false);
    expect(delaysExceedDifference(40, [null, 10, Number.NaN])).toBe(false);
    expect(delaysExceedDifference(null, [10])).toBe(false);
  });
  it("is 0 within ±15, null without a real difference; blank minutes count as 0", () => {
    expect(timeToJustify(15, [])).toBe(0);
    expect(timeToJustify(-15, [3])).toBe(0);
    expect(timeToJustify(0, [])).toBe(0);
    expect(timeToJustify(null, [10])).toBeNull();
    expect(timeToJustify(50, [null, 10, Number.NaN])).toBe(40);
  });
});

describe("delay cause and minutes (seed 001 §5)", () => {
  it("keeps letters, digits, space and _-.,;:()[]¡!¿?\"'%/=+* and drops everything else", () => {
    expect(filterDelayCause("Retraso (ATC) 50%: ¡llegó tarde! ¿por qué? [A-1_b] \"x\" 'y' a/b=c+d*e.")).toBe(
      "Retraso (ATC) 50%: ¡llegó tarde! ¿por qué? [A-1_b] \"x\" 'y' a/b=c+d*e.",
    );
    expect(filterDelayCause("Ñandú <script>&{}#@$~^|\\`\n\tok")).toBe("Ñandú scriptok");
    expect(filterDelayCause("a".repeat(300))).toHaveLength(256);
  });
  it("keeps what the contract's pattern accepts", () => {
    const contract = parseYaml(readFileSync(join(__dirname, "..", "..", "openapi", "openapi.yaml"), "utf8"));
    const pattern = new RegExp(contract.components.schemas.DelayEntry.properties.cause.pattern, "u");
    let all = "";
    for (let code = 32; code < 0x250; code += 1) all += String.fromCodePoint(code);
    expect(pattern.test(filterDelayCause(all))).toBe(true);
  });
  it("minutes are digits only", () => {
    expect(filterDelayMinutes("1a2-3")).toBe("123");
    expect(filterDelayMinutes("12345")).toBe("1234");
    expect(parseDelayMinutes("")).toBeNull();
    expect(parseDelayMinutes("x")).toBeNull();
    expect(parseDelayMinutes("045")).toBe(45);
  });
});

describe("difference sort (seed 001 §2.1)", () => {
  it("orders negatives numerically, blanks last in both directions", () => {
    const values = [12, null, -5, 0, -30];
    expect([...values].sort((a, b) => compareDifferences(a, b, "asc"))).toEqual([-30, -5, 0, 12, null]);
    expect([...values].sort((a, b) => compareDifferences(a, b, "desc"))).toEqual([12, 0, -5, -30, null]);
  });
});

describe("'Visualizar' filters (seed 001 §2.4)", () => {
  const contract = parseYaml(readFileSync(join(__dirname, "..", "..", "openapi", "openapi.yaml"), "utf8"));
  const schemas = contract.components.schemas;

  it("its groups offer exactly the contract's values", () => {
    expect([...DIFFERENCE_CLASSES]).toEqual(schemas.DifferenceClass.enum);
    expect([...SLOT_STATUSES]).toEqual(schemas.SlotStatus.enum);
    expect([...FLIGHT_STATUSES]).toEqual(schemas.FlightStatus.enum);
    expect([...GENERAL_STATUSES]).toEqual(schemas.GeneralStatus.enum);
  });

  it("defaults to every box checked, which filters nothing", () => {
    const filters = parseStoredFilters(null);
    expect(filters).toEqual(allVisible());
    expect(isEverythingVisible(filters)).toBe(true);
    expect(toTurnoverRequestFilters(filters)).toEqual({});
    expect(toDownloadFilters(filters)).toEqual({});
  });

  it("round-trips through storage as {difference, status}", () => {
    const filters = allVisible();
    filters.difference = ["high_diff"];
    filters.status.slot_status = ["D", "K"];
    const text = serializeFilters(filters);
    expect(Object.keys(JSON.parse(text))).toEqual(["difference", "status"]);
    expect(parseStoredFilters(text)).toEqual(filters);
    expect(toTurnoverRequestFilters(filters)).toEqual({
      filter_difference: ["high_diff"],
      filter_status: { slot_status: ["D", "K"] },
    });
    expect(toDownloadFilters(filters)).toEqual({ slot_status: ["D", "K"], difference: ["high_diff"] });
  });

  it("drops unknown values and repairs what is malformed", () => {
    expect(parseStoredFilters("not json")).toEqual(allVisible());
    expect(parseStoredFilters("[]")).toEqual(allVisible());
    const parsed = parseStoredFilters(JSON.stringify({ difference: ["zzz", "mid_diff"], status: { general_status: "X" } }));
    expect(parsed.difference).toEqual(["mid_diff"]);
    expect(parsed.status.general_status).toEqual([...GENERAL_STATUSES]);
    expect(parseStoredFilters(JSON.stringify({ difference: [] })).difference).toEqual([...DIFFERENCE_CLASSES]);
  });

  it("knows when a group has nothing checked", () => {
    const filters = allVisible();
    expect(hasEmptyGroup(filters)).toBe(false);
    filters.status.flight_status = [];
    expect(hasEmptyGroup(filters)).toBe(true);
  });
});

describe("local / UTC display (DESIGN.md §6)", () => {
  it("shows an instant in Mexico City (UTC−6) or UTC", () => {
    const ms = Date.parse("2026-11-11T03:30:00Z");
    expect(formatMs(ms, UTC_ZONE, "dd/MM/yyyy HH:mm")).toBe("11/11/2026 03:30");
    expect(formatMs(ms, LOCAL_ZONE, "dd/MM/yyyy HH:mm")).toBe("10/11/2026 21:30");
    expect(formatMs(null, LOCAL_ZONE, "HH:mm")).toBe("");
    // Issue 37: LOCAL at JFK is New York's time (UTC−5 in November).
    expect(formatMs(ms, zoneAt("local", "America/New_York"), "dd/MM/yyyy HH:mm")).toBe("10/11/2026 22:30");
    expect(zoneAt("utc", "America/New_York")).toBe(UTC_ZONE);
  });
  it("reads a slot's UTC date and time, and day offsets in the zone", () => {
    expect(slotMs("2026-11-11", "00:10")).toBe(Date.parse("2026-11-11T00:10:00Z"));
    expect(slotMs(null, "00:10")).toBeNull();
    expect(slotMs("2026-11-11", "25:00")).toBeNull();
    const st = Date.parse("2026-11-10T23:50:00Z");
    const at = Date.parse("2026-11-11T00:20:00Z");
    expect(dayOffset(at, st, UTC_ZONE)).toBe(1);
    expect(dayOffset(at, st, LOCAL_ZONE)).toBe(0);
  });
  it("converts datetime-local input values in the zone, both ways", () => {
    const ms = Date.parse("2026-11-11T03:30:00Z");
    expect(toInputValue(ms, LOCAL_ZONE)).toBe("2026-11-10T21:30");
    expect(fromInputValue("2026-11-10T21:30", LOCAL_ZONE)).toBe(ms);
    expect(fromInputValue("2026-11-11T03:30", UTC_ZONE)).toBe(ms);
    expect(fromInputValue("2026-02-31T10:00", UTC_ZONE)).toBeNull();
    expect(fromInputValue("mañana", UTC_ZONE)).toBeNull();
  });

  it("gives a row's flight and slot dates in the zone from their instants, never from AIMS's date", () => {
    // Scheduled 00:30Z on 23/11 = 18:30 on 22/11 in Mexico City; AIMS dates the flight the 23rd.
    const row = { flight_scheduled: "2026-11-23T00:30:00Z", slot_date: "2026-11-23", slot_time: "00:25", flight_date: "2026-11-23" };
    expect(rowInstantMs(row)).toBe(Date.parse("2026-11-23T00:25:00Z"));
    expect(rowDateTimes(row, LOCAL_ZONE)).toEqual({
      day: "2026-11-22",
      flight: { day: "2026-11-22", date: "22/11/2026", time: "18:30" },
      slot: { day: "2026-11-22", date: "22/11/2026", time: "18:25" },
    });
    expect(rowDateTimes(row, UTC_ZONE)).toEqual({
      day: "2026-11-23",
      flight: { day: "2026-11-23", date: "23/11/2026", time: "00:30" },
      slot: { day: "2026-11-23", date: "23/11/2026", time: "00:25" },
    });
  });

  it("files a row under its slot's time, else its flight's scheduled time", () => {
    const alone = { flight_scheduled: "2026-11-22T23:59:00Z", slot_date: null, slot_time: null };
    expect(rowInstantMs(alone)).toBe(Date.parse("2026-11-22T23:59:00Z"));
    expect(rowDateTimes(alone, LOCAL_ZONE)).toMatchObject({ day: "2026-11-22", slot: null, flight: { time: "17:59" } });
    const leftover = { flight_scheduled: null, slot_date: "2026-11-23", slot_time: "00:00" };
    expect(rowDateTimes(leftover, LOCAL_ZONE)).toMatchObject({ day: "2026-11-22", flight: null, slot: { time: "18:00" } });
    expect(rowDateTimes(leftover, UTC_ZONE)).toMatchObject({ day: "2026-11-23", flight: null, slot: { time: "00:00" } });
    expect(rowInstantMs({ flight_scheduled: null, slot_date: null, slot_time: null })).toBeNull();
  });
});

describe("adding to drafts (seed 001 §3, §4.2, §4.3, §5)", () => {
  const EMPTY: Drafts = {
    new_slot_data: { season: null, list: [] },
    modification_data: { season: null, ids: [], action: 5, encoded: [] },
    cancellation_data: { season: null, ids: [] },
  };
  const slotted = (id: number, date = "2026-11-10", season = "W26"): DraftRow => ({
    id,
    season,
    date,
    slot_id: id + 1000,
    slot_date: date,
    slot_name: `VB${id}`,
    flight_id: id + 2000,
    flight_name: `VB${id}`,
    flight_route: "MTY-MEX",
    flight_scheduled: `${date}T03:30:00Z`,
    flight_type: "J",
    flight_aircraft: { type: "320", capacity: 180 },
    is_arrival: true,
  });
  const flightOnly = (id: number, overrides: Partial<DraftRow> = {}): DraftRow => ({
    ...slotted(id),
    slot_id: null,
    slot_date: null,
    slot_name: null,
    ...overrides,
  });

  it("builds the Altas entry of a flight: number without airline, UTC date and time, other station, weekday, 180 seats", () => {
    expect(newSlotItemFromRow(flightOnly(7, { flight_name: "VB0123A", flight_route: "MEX-LAX", is_arrival: false, flight_scheduled: "2026-11-15T23:50:00Z", flight_aircraft: { type: "321", capacity: 220 }, flight_type: "C" }))).toEqual({
      id: "flight-2007",
      flight: "123A",
      flightType: "C",
      startDate: "15-11-2026",
      endDate: "15-11-2026",
      time: "23:50",
      airport: "LAX",
      frequency: 7,
      aircraftType: "321",
      psxCount: 180,
      isArrival: false,
      placeholder: false,
    });
    expect(newSlotItemFromRow(flightOnly(8))?.airport).toBe("MTY");
    expect(newSlotItemFromRow(flightOnly(9, { flight_type: null }))?.flightType).toBe("J");
    expect(newSlotItemFromRow(flightOnly(10, { flight_id: null }))).toBeNull();
    expect(newSlotItemFromRow(flightOnly(11, { flight_name: "no es vuelo" }))).toBeNull();
    expect(newSlotItemFromRow(flightOnly(12, { flight_route: null }))).toBeNull();
  });

  it("requests an Alta at another UTC time when one is chosen, keeping the flight's date (seed 001 §4.3)", () => {
    const row = flightOnly(13, { flight_scheduled: "2026-11-15T23:50:00Z" });
    expect(newSlotItemFromRow(row, "06:05")).toMatchObject({ startDate: "15-11-2026", endDate: "15-11-2026", time: "06:05", frequency: 7 });
    expect(newSlotItemFromRow(row)?.time).toBe("23:50");
  });

  it("checks the Altas' chosen time: required, a real hour, a multiple of 5", () => {
    expect(requestTimeProblem("")).toBe("empty");
    expect(requestTimeProblem("  ")).toBe("empty");
    expect(requestTimeProblem("24:00")).toBe("invalid");
    expect(requestTimeProblem("12:60")).toBe("invalid");
    expect(requestTimeProblem("7:30")).toBe("invalid");
    expect(requestTimeProblem("12:32")).toBe("not_multiple_of_5");
    expect(requestTimeProblem("00:00")).toBeNull();
    expect(requestTimeProblem("23:55")).toBeNull();
  });

  it("an empty draft takes the first row's season; duplicates and rows outside the season are skipped", () => {
    const drafts: Drafts = { ...EMPTY, cancellation_data: { season: "W26", ids: [1002] } };
    const plan = planDraftAdd("cancel", [slotted(1), slotted(2), slotted(3, "2027-04-02", "S27"), slotted(4)], drafts);
    expect(plan.added.map((row) => row.id)).toEqual([1, 4]);
    expect(plan.duplicates.map((row) => row.id)).toEqual([2]);
    expect(plan.outOfSeason.map((row) => row.id)).toEqual([3]);
    expect(plan.update).toEqual({ cancellation_data: { season: "W26", ids: [1002, 1001, 1004] } });

    const fresh = planDraftAdd("modify", [slotted(5, "2027-04-02", "S27"), slotted(6)], EMPTY);
    expect(fresh.season).toBe("S27");
    expect(fresh.added.map((row) => row.id)).toEqual([5]);
    expect(fresh.outOfSeason.map((row) => row.id)).toEqual([6]);
  });

  it("never puts a slot in both Modificaciones and Cancelaciones", () => {
    const drafts: Drafts = { ...EMPTY, cancellation_data: { season: "W26", ids: [1001] } };
    const plan = planDraftAdd("modify", [slotted(1), slotted(2)], drafts);
    expect(plan.inOtherDraft.map((row) => row.id)).toEqual([1]);
    expect(plan.update).toEqual({ modification_data: { season: "W26", ids: [1002], action: 5, encoded: [] } });
    expect(slotDraftOf(1001, drafts)).toBe("cancel");
    expect(slotDraftOf(1002, drafts)).toBeNull();
  });

  it("adds each flight once to Altas, and nothing when all are there", () => {
    const first = planDraftAdd("new", [flightOnly(1), flightOnly(1), flightOnly(2)], EMPTY);
    expect(first.added.map((row) => row.id)).toEqual([1, 2]);
    expect(first.duplicates.map((row) => row.id)).toEqual([1]);
    const list = first.update?.new_slot_data?.list ?? [];
    const again = planDraftAdd("new", [flightOnly(1)], { ...EMPTY, new_slot_data: { season: "W26", list } });
    expect(again.update).toBeNull();
    expect(again.duplicates).toHaveLength(1);
    expect(planDraftAdd("new", [flightOnly(3, { flight_name: null })], EMPTY).unusable).toHaveLength(1);
  });

  it("removes a slot from its draft only; an emptied draft loses its season", () => {
    const drafts: Drafts = {
      ...EMPTY,
      modification_data: { season: "W26", ids: [5, 6], action: 2, encoded: [] },
      cancellation_data: { season: "W26", ids: [7] },
    };
    expect(planSlotRemoval("modify", 5, drafts)).toEqual({
      modification_data: { season: "W26", ids: [6], action: 2, encoded: [] },
    });
    expect(planSlotRemoval("cancel", 7, drafts)).toEqual({ cancellation_data: { season: null, ids: [] } });
    expect(draftSize("modify", drafts)).toBe(2);
    expect(draftSize("new", drafts)).toBe(0);
  });
});
