import { afterEach, describe, expect, it } from "vitest";
import {
  addDays,
  isDateInSeason,
  isoWeekday,
  isSeasonCode,
  nextSeasonCode,
  previousSeasonCode,
  resolveSeasonDate,
  seasonBounds,
  seasonCodeForDate,
  seasonsAround,
  todayInZone,
} from "../../src/domain/seasons";

describe("isSeasonCode", () => {
  it.each(["S26", "W26", "S00", "W99"])("accepts %s", (code) => {
    expect(isSeasonCode(code)).toBe(true);
  });

  it.each(["s26", "w26", "X26", "S2", "S026", "W26 ", " W26", "", "26W"])("rejects %j", (code) => {
    expect(isSeasonCode(code)).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(isSeasonCode(26)).toBe(false);
    expect(isSeasonCode(null)).toBe(false);
  });
});

describe("seasonBounds", () => {
  it.each([
    ["W26", "2026-10-25", "2027-03-27"],
    ["S26", "2026-03-29", "2026-10-24"],
    ["S27", "2027-03-28", "2027-10-30"],
    // March 31, 2024 is a Sunday: the summer starts on that very day.
    ["S24", "2024-03-31", "2024-10-26"],
    ["W23", "2023-10-29", "2024-03-30"],
    ["W24", "2024-10-27", "2025-03-29"],
    ["W25", "2025-10-26", "2026-03-28"],
    // October 31, 2021 and 2027 are Sundays: the winter starts on that very day.
    ["W21", "2021-10-31", "2022-03-26"],
    ["S21", "2021-03-28", "2021-10-30"],
    ["W27", "2027-10-31", "2028-03-25"],
    // March 31, 2030 is a Sunday.
    ["W29", "2029-10-28", "2030-03-30"],
    ["S30", "2030-03-31", "2030-10-26"],
  ])("%s runs %s .. %s", (code, start, end) => {
    expect(seasonBounds(code)).toEqual({ name: code, start_date: start, end_date: end });
  });

  it("seasons tile the calendar: each season starts the day after the previous one ends", () => {
    let code = "S20";
    for (let i = 0; i < 30; i++) {
      const next = nextSeasonCode(code);
      expect(seasonBounds(next).start_date).toBe(addDays(seasonBounds(code).end_date, 1));
      code = next;
    }
  });

  it("every season starts on a Sunday and ends on a Saturday", () => {
    for (const code of ["S24", "W24", "S26", "W26", "S27", "W27", "S30", "W30"]) {
      const { start_date, end_date } = seasonBounds(code);
      expect(isoWeekday(start_date)).toBe(7);
      expect(isoWeekday(end_date)).toBe(6);
    }
  });

  it.each(["X26", "W2", "w26", "", "S260"])("throws RangeError on %j", (code) => {
    expect(() => seasonBounds(code)).toThrow(RangeError);
  });
});

describe("seasonCodeForDate", () => {
  it.each([
    ["2026-10-24", "S26"],
    ["2026-10-25", "W26"],
    ["2026-12-31", "W26"],
    ["2027-01-01", "W26"],
    ["2027-03-27", "W26"], // last day of W26
    ["2027-03-28", "S27"], // first day of S27
    ["2026-03-28", "W25"],
    ["2026-03-29", "S26"],
    ["2026-01-15", "W25"],
    ["2024-03-30", "W23"],
    ["2024-03-31", "S24"],
    ["2027-10-30", "S27"],
    ["2027-10-31", "W27"],
    ["2024-02-29", "W23"],
  ])("%s is in %s", (date, code) => {
    expect(seasonCodeForDate(date)).toBe(code);
  });

  it.each(["2026-02-30", "2026-13-01", "26-10-25", "2026-10-25T00:00", "", "2025-02-29"])(
    "throws RangeError on invalid date %j",
    (date) => {
      expect(() => seasonCodeForDate(date)).toThrow(RangeError);
    },
  );
});

describe("previousSeasonCode / nextSeasonCode", () => {
  it.each([
    ["W26", "S27"],
    ["S27", "W27"],
    ["S26", "W26"],
    ["W25", "S26"],
    ["W99", null],
  ])("next of %s is %s", (code, next) => {
    if (next === null) expect(() => nextSeasonCode(code)).toThrow(RangeError);
    else expect(nextSeasonCode(code)).toBe(next);
  });

  it.each([
    ["S26", "W25"],
    ["W26", "S26"],
    ["S27", "W26"],
    ["S00", null],
  ])("previous of %s is %s", (code, previous) => {
    if (previous === null) expect(() => previousSeasonCode(code)).toThrow(RangeError);
    else expect(previousSeasonCode(code)).toBe(previous);
  });

  it("throws RangeError on a bad code", () => {
    expect(() => nextSeasonCode("Z26")).toThrow(RangeError);
    expect(() => previousSeasonCode("26")).toThrow(RangeError);
  });
});

describe("seasonsAround", () => {
  it("returns previous, current and next bounds around a winter date", () => {
    expect(seasonsAround("2027-01-10")).toEqual([
      { name: "S26", start_date: "2026-03-29", end_date: "2026-10-24" },
      { name: "W26", start_date: "2026-10-25", end_date: "2027-03-27" },
      { name: "S27", start_date: "2027-03-28", end_date: "2027-10-30" },
    ]);
  });

  it("switches on the first day of a season", () => {
    expect(seasonsAround("2027-03-27").map((s) => s.name)).toEqual(["S26", "W26", "S27"]);
    expect(seasonsAround("2027-03-28").map((s) => s.name)).toEqual(["W26", "S27", "W27"]);
  });
});

describe("isDateInSeason", () => {
  it.each([
    ["2026-10-25", "W26", true],
    ["2027-03-27", "W26", true],
    ["2027-03-28", "W26", false],
    ["2026-10-24", "W26", false],
    ["2026-10-24", "S26", true],
    ["2026-03-28", "S26", false],
  ] as const)("%s in %s → %s", (date, code, expected) => {
    expect(isDateInSeason(date, code)).toBe(expected);
  });

  it("throws RangeError on a bad date or code", () => {
    expect(() => isDateInSeason("2026-02-31", "W26")).toThrow(RangeError);
    expect(() => isDateInSeason("2026-10-25", "W2")).toThrow(RangeError);
  });
});

describe("resolveSeasonDate", () => {
  it.each([
    // Winter: JUL–DEC in the start year, JAN–JUN in the next year.
    ["05DEC", "W26", "2026-12-05", true],
    ["31DEC", "W26", "2026-12-31", true],
    ["01JAN", "W26", "2027-01-01", true],
    ["12JAN", "W26", "2027-01-12", true],
    ["27MAR", "W26", "2027-03-27", true],
    ["28MAR", "W26", "2027-03-28", false],
    ["25OCT", "W26", "2026-10-25", true],
    ["24OCT", "W26", "2026-10-24", false],
    ["15JUL", "W26", "2026-07-15", false],
    ["30JUN", "W26", "2027-06-30", false],
    // Summer: every month in the start year.
    ["29MAR", "S26", "2026-03-29", true],
    ["24OCT", "S26", "2026-10-24", true],
    ["05DEC", "S26", "2026-12-05", false],
    ["12JAN", "S26", "2026-01-12", false],
    // Case-insensitive month.
    ["12jan", "W26", "2027-01-12", true],
    ["05Dec", "W26", "2026-12-05", true],
  ] as const)("%s in %s → %s (in season: %s)", (ddmmm, code, date, inSeason) => {
    expect(resolveSeasonDate(ddmmm, code)).toEqual({ date, inSeason });
  });

  it("handles leap years by the resolved year", () => {
    // W27's February is in 2028, a leap year.
    expect(resolveSeasonDate("29FEB", "W27")).toEqual({ date: "2028-02-29", inSeason: true });
    // W26's February is in 2027, not a leap year.
    expect(resolveSeasonDate("29FEB", "W26")).toBeNull();
    // W23's February is in 2024 (leap).
    expect(resolveSeasonDate("29FEB", "W23")).toEqual({ date: "2024-02-29", inSeason: true });
    // A summer season's February is in its own year, outside the season.
    expect(resolveSeasonDate("29FEB", "S24")).toEqual({ date: "2024-02-29", inSeason: false });
    expect(resolveSeasonDate("29FEB", "S26")).toBeNull();
    expect(resolveSeasonDate("28FEB", "W26")).toEqual({ date: "2027-02-28", inSeason: true });
  });

  it.each([
    "31FEB",
    "30FEB",
    "00JAN",
    "32JAN",
    "31APR",
    "31NOV",
    "5JAN",
    "005JAN",
    "05XYZ",
    "05JANX",
    "JAN05",
    "",
    "ab",
  ])("returns null for %j", (ddmmm) => {
    expect(resolveSeasonDate(ddmmm, "W26")).toBeNull();
  });

  it("throws RangeError on a bad season code", () => {
    expect(() => resolveSeasonDate("05DEC", "W2X")).toThrow(RangeError);
  });
});

describe("todayInZone", () => {
  it.each([
    ["2026-11-22T05:59:00Z", "2026-11-21"],
    ["2026-11-22T05:59:59.999Z", "2026-11-21"],
    ["2026-11-22T06:00:00Z", "2026-11-22"],
    // Mexico City has no DST since Oct 2022: UTC−6 in summer too.
    ["2026-07-01T05:59:00Z", "2026-06-30"],
    ["2026-07-01T06:00:00Z", "2026-07-01"],
  ])("at %s Mexico City is on %s", (instant, date) => {
    expect(todayInZone(new Date(instant))).toBe(date);
  });

  it("honours another time zone", () => {
    expect(todayInZone(new Date("2026-11-21T23:30:00Z"), "Europe/Madrid")).toBe("2026-11-22");
    expect(todayInZone(new Date("2026-11-21T23:30:00Z"), "UTC")).toBe("2026-11-21");
  });
});

describe("independence from the process time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Mexico_City"])(
    "gives the same answers under TZ=%s",
    (tz) => {
      process.env.TZ = tz;
      expect(seasonBounds("W26")).toEqual({ name: "W26", start_date: "2026-10-25", end_date: "2027-03-27" });
      expect(seasonCodeForDate("2027-03-28")).toBe("S27");
      expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
      expect(todayInZone(new Date("2026-11-22T05:59:00Z"))).toBe("2026-11-21");
    },
  );
});
