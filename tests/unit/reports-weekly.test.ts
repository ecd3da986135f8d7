import { describe, expect, it } from "vitest";
import { isoWeekLabel, monitoringSummary, weeklyReportRange } from "../../src/domain/reports";
import { nextReportInstant, reportedRange, reportInstants } from "../../src/domain/reports/schedule";

const categories = [
  { category: "no_slot", label: "Vuelos sin slot" },
  { category: "not_used", label: "Slots no utilizados" },
];

describe("Monitoreo semanal: the week a send reports and the day to answer by", () => {
  it("sends on Mondays only and reports the Monday-to-Sunday week before", () => {
    // Monday 23 Nov 2026 06:00 Mexico City (12:00 UTC) … Sunday 29 Nov.
    const from = Date.parse("2026-11-22T00:00:00Z");
    const until = Date.parse("2026-11-30T23:59:00Z");
    const sends = reportInstants("weekly_monitoring", ["06:00"], "local", from, until).map((at) => new Date(at).toISOString());
    expect(sends).toEqual(["2026-11-23T12:00:00.000Z", "2026-11-30T12:00:00.000Z"]);
    expect(reportedRange("weekly_monitoring", Date.parse(sends[0]!), "local")).toEqual({ start: "2026-11-16", end: "2026-11-22" });
    // The daily reports keep one send a day and the previous day.
    expect(reportInstants("full_delays", ["06:00"], "local", from, until)).toHaveLength(9);
    expect(reportedRange("full_delays", Date.parse(sends[0]!), "local")).toEqual({ start: "2026-11-22", end: "2026-11-22" });
  });

  it("finds the next Monday's send up to a week ahead", () => {
    const tuesday = Date.parse("2026-11-24T15:00:00Z");
    expect(new Date(nextReportInstant("weekly_monitoring", ["06:00"], "zulu", tuesday) ?? 0).toISOString()).toBe("2026-11-30T06:00:00.000Z");
  });

  it("names the ISO week of a Monday-to-Sunday range, and no week otherwise", () => {
    expect(isoWeekLabel("2026-11-16", "2026-11-22")).toBe("2026-W47");
    // 2026-12-28 … 2027-01-03 is week 53 of 2026 (its Thursday is 31 December).
    expect(isoWeekLabel("2026-12-28", "2027-01-03")).toBe("2026-W53");
    expect(isoWeekLabel("2027-01-04", "2027-01-10")).toBe("2027-W01");
    expect(isoWeekLabel("2026-11-17", "2026-11-23")).toBeNull();
    expect(weeklyReportRange(Date.parse("2026-11-26T10:00:00Z"), "zulu")).toEqual({ start: "2026-11-16", end: "2026-11-22" });
  });

  it("counts the kept discrepancies by category and state, and gives five working days after the Sunday", () => {
    const row = (key: string) => ({
      id: 1, key, status_new: null, category: "", date: "2026-11-16", serie: 1, flight: "VB1", direction: "L",
      slot: "10:00", time: null, time_basis: null, difference: null, codes: "", state: "", reason: null,
    });
    const summary = monitoringSummary(
      categories,
      [
        { key: "a", category: "not_used", label: "Slots no utilizados", state: "unjustified" },
        { key: "b", category: "not_used", label: "Slots no utilizados", state: "justified" },
        { key: "c", category: "not_used", label: "Slots no utilizados", state: "corrected" },
        { key: "d", category: "not_used", label: "Slots no utilizados", state: "unjustified" },
      ],
      [row("a"), row("b"), row("c")],
      { start: "2026-11-16", end: "2026-11-22" },
      2,
    );
    expect(summary).toEqual({
      week: "2026-W47",
      // Sunday 22 Nov + 5 working days = Friday 27 Nov.
      deadline: "2026-11-27",
      counts: [
        { category: "no_slot", label: "Vuelos sin slot", total: 0, unjustified: 0, justified: 0, requested: 0, corrected: 0 },
        { category: "not_used", label: "Slots no utilizados", total: 3, unjustified: 1, justified: 1, requested: 0, corrected: 1 },
      ],
      corrective_scrs: 2,
    });
  });
});
