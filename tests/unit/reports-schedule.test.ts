/**
 * A report's send schedule (src/domain/reports/schedule.ts): the seed's time entry (4 digits,
 * hour below 24, minute below 60), the frequency's checks, the instants of each zone and the
 * previous day each send carries.
 */
import { describe, expect, it } from "vitest";
import {
  nextScheduledInstant,
  parseScheduleTime,
  reportedDay,
  scheduledInstants,
  scheduleProblems,
} from "../../src/domain/reports/schedule";

const iso = (ms: number) => new Date(ms).toISOString();

describe("schedule times", () => {
  it("count only with their 4 digits, hour below 24 and minute below 60", () => {
    expect(parseScheduleTime("06:30")).toBe("06:30");
    expect(parseScheduleTime("0630")).toBe("06:30");
    expect(parseScheduleTime("23:59")).toBe("23:59");
    for (const bad of ["7:5", "25:00", "24:00", "06:60", "063", "06:3", "", "ab:cd", "006:30"]) {
      expect(parseScheduleTime(bad)).toBeNull();
    }
  });

  it("must be as many distinct times as the frequency (1 to 3)", () => {
    expect(scheduleProblems(2, ["06:00", "18:00"])).toEqual([]);
    expect(scheduleProblems(4, ["01:00", "02:00", "03:00", "04:00"]).map((p) => p.field)).toEqual(["frequency", "schedule"]);
    expect(scheduleProblems(3, ["01:00", "02:00"])[0]?.message).toBe(
      "Con frecuencia 3 se necesitan 3 horarios de envío distintos; se recibieron 2.",
    );
    expect(scheduleProblems(2, ["06:00", "0600"])[0]).toEqual({
      field: "schedule[1]",
      message: "Horario 2: 06:00 repite el horario 1.",
    });
    expect(scheduleProblems(1, ["7:5"])[0]?.field).toBe("schedule[0]");
  });
});

describe("scheduled instants", () => {
  it("read LOCAL times in Mexico City (UTC−6) and ZULU times in UTC", () => {
    const after = Date.parse("2026-11-21T00:00:00Z");
    const until = Date.parse("2026-11-22T23:59:59Z");
    // 18:00 of the 20th in Mexico City is 00:00Z of the 21st, `after` itself: excluded.
    expect(scheduledInstants(["18:00", "06:00"], "local", after, until).map(iso)).toEqual([
      "2026-11-21T12:00:00.000Z",
      "2026-11-22T00:00:00.000Z",
      "2026-11-22T12:00:00.000Z",
    ]);
    expect(scheduledInstants(["06:00"], "zulu", after, until).map(iso)).toEqual([
      "2026-11-21T06:00:00.000Z",
      "2026-11-22T06:00:00.000Z",
    ]);
  });

  it("carry the previous day of their zone", () => {
    // 00:30Z of the 23rd is 18:30 of the 22nd in Mexico City: it reports the 21st.
    expect(reportedDay(Date.parse("2026-11-23T00:30:00Z"), "local")).toBe("2026-11-21");
    expect(reportedDay(Date.parse("2026-11-23T00:30:00Z"), "zulu")).toBe("2026-11-22");
    expect(iso(nextScheduledInstant(["06:00", "18:30"], "local", Date.parse("2026-11-22T12:00:00Z")) ?? 0)).toBe(
      "2026-11-23T00:30:00.000Z",
    );
  });
});

describe("a schedule of another airport (issue 37): LOCAL is its zone", () => {
  const NEW_YORK = "America/New_York";
  const day = (from: string, to: string) => [Date.parse(from), Date.parse(to)] as const;

  it("sends JFK's 06:00 LOCAL at 06:00 in New York, on either side of its clock changes", () => {
    // 1 November 2026: New York goes back to UTC−5 at 02:00; 14 March 2027: forward to UTC−4.
    const [fallFrom, fallTo] = day("2026-10-31T12:00:00Z", "2026-11-02T12:00:00Z");
    expect(scheduledInstants(["06:00"], "local", fallFrom, fallTo, NEW_YORK).map(iso)).toEqual([
      "2026-11-01T11:00:00.000Z",
      "2026-11-02T11:00:00.000Z",
    ]);
    const [springFrom, springTo] = day("2027-03-13T12:00:00Z", "2027-03-15T12:00:00Z");
    expect(scheduledInstants(["06:00"], "local", springFrom, springTo, NEW_YORK).map(iso)).toEqual([
      "2027-03-14T10:00:00.000Z",
      "2027-03-15T10:00:00.000Z",
    ]);
    // MEX's 06:00 LOCAL of the same days is 12:00Z, as before.
    expect(scheduledInstants(["06:00"], "local", fallFrom, fallTo).map(iso)).toEqual(["2026-11-01T12:00:00.000Z", "2026-11-02T12:00:00.000Z"]);
  });

  it("reports the previous day of New York, and ZULU stays UTC", () => {
    // 03:30Z on the 22nd is 22:30 of the 21st in New York: its send reports the 20th.
    expect(reportedDay(Date.parse("2026-11-22T03:30:00Z"), "local", NEW_YORK)).toBe("2026-11-20");
    expect(reportedDay(Date.parse("2026-11-22T03:30:00Z"), "zulu", NEW_YORK)).toBe("2026-11-21");
    expect(nextScheduledInstant(["06:00"], "zulu", Date.parse("2026-11-22T03:30:00Z"), NEW_YORK)).toBe(Date.parse("2026-11-22T06:00:00Z"));
  });
});
