/** The season's rule and calendar (issue 27 item 1): the tolerance test Monitoreo shares, and the guidelines' default dates. */
import { describe, expect, it } from "vitest";
import { baselineStanding } from "../../src/domain/history";
import { AICM_RULE, isWithinTolerance, operationCountsAsUsed } from "../../src/domain/monitoring/rule";
import { daysUntil, defaultSeasonCalendar, nextCalendarDate } from "../../src/domain/seasonCalendar";

describe("an operation under the season's rule", () => {
  it("is within a tolerance of 15 at ±14 and ±15 and outside at ±16", () => {
    expect([-16, -15, -14, 0, 14, 15, 16].map((minutes) => isWithinTolerance(minutes, AICM_RULE))).toEqual([false, true, true, true, true, true, false]);
  });

  it("counts as used within the tolerance, outside it only when the season says so, and when its deviation is unknown", () => {
    expect(operationCountsAsUsed(15, AICM_RULE)).toBe(true);
    expect(operationCountsAsUsed(-16, AICM_RULE)).toBe(false);
    expect(operationCountsAsUsed(-16, { ...AICM_RULE, outsideCountsAsUsed: true })).toBe(true);
    expect(operationCountsAsUsed(20, { ...AICM_RULE, tolerance: 20 })).toBe(true);
    expect(operationCountsAsUsed(null, AICM_RULE)).toBe(true);
  });
});

describe("the guidelines' calendar", () => {
  it("defaults to the WASG dates: HBD 31 Jan / 31 Aug, SRD 15 Jan / 15 Aug, IDD and the SHL deadline as the published calendars set them", () => {
    // The calendars of S19, W18 and W19 (ANA's and Lufthansa Systems' published dates).
    expect(defaultSeasonCalendar("S19")).toEqual({
      historicsBaselineDate: "2019-01-31",
      seriesReturnDeadline: "2019-01-15",
      initialSubmissionDeadline: "2018-10-04",
      shlDeadline: "2018-09-10",
    });
    expect(defaultSeasonCalendar("W18")).toEqual({
      historicsBaselineDate: "2018-08-31",
      seriesReturnDeadline: "2018-08-15",
      initialSubmissionDeadline: "2018-05-17",
      shlDeadline: "2018-04-23",
    });
    expect(defaultSeasonCalendar("W19").initialSubmissionDeadline).toBe("2019-05-16");
    expect(defaultSeasonCalendar("S27")).toMatchObject({ historicsBaselineDate: "2027-01-31", seriesReturnDeadline: "2027-01-15" });
    expect(() => defaultSeasonCalendar("X27")).toThrow(RangeError);
  });

  it("says what comes next and in how many days", () => {
    const s27 = defaultSeasonCalendar("S27");
    expect(nextCalendarDate(s27, "2026-11-26")).toEqual({ key: "seriesReturnDeadline", date: "2027-01-15", days: 50 });
    expect(nextCalendarDate(s27, "2027-01-15")).toMatchObject({ key: "seriesReturnDeadline", days: 0 });
    expect(nextCalendarDate(s27, "2027-02-01")).toBeNull();
    expect(daysUntil("2027-01-31", "2027-01-15")).toBe(16);
  });

  it("places a slot against the baseline by UTC date: handed back by the SRD, granted after the HBD", () => {
    const calendar = { historicsBaselineDate: "2027-01-31", seriesReturnDeadline: "2027-01-15" };
    expect(baselineStanding({ status: "CAN", returnedAt: "2027-01-15T23:59:00Z", addedAt: null }, calendar)).toBe("returned");
    expect(baselineStanding({ status: "C", returnedAt: "2027-01-16T00:00:00Z", addedAt: null }, calendar)).toBe("held");
    // Only a slot cancelled now was handed back.
    expect(baselineStanding({ status: "D", returnedAt: "2027-01-10T00:00:00Z", addedAt: null }, calendar)).toBe("held");
    expect(baselineStanding({ status: "ADD", returnedAt: null, addedAt: "2027-02-01T00:00:00Z" }, calendar)).toBe("added");
    expect(baselineStanding({ status: "ADD", returnedAt: null, addedAt: "2027-01-31T23:00:00Z" }, calendar)).toBe("held");
  });
});
