import { afterEach, describe, expect, it } from "vitest";
import {
  addMonthsClamped,
  DAY_MS,
  type DateRange,
  isRangePreset,
  isValidRange,
  presetsForView,
  RANGE_PRESETS,
  type RangePreset,
  rangeForPreset,
  rangeInstants,
  reportRange,
  shiftRange,
  utcDatesOf,
  withEnd,
  withStart,
} from "../../src/domain/dateRange";
import { LOCAL_ZONE, startOfDayMs, UTC_ZONE, zonedDateTime } from "../../src/domain/zones";

type RulePreset = Exclude<RangePreset, "custom">;
type Expectations = Partial<Record<RulePreset, [string, string]>>;

/** Fixed instants and the ranges every preset must give there (Mexico City is UTC−6 all year). */
const CASES: Array<{ name: string; now: string; expected: Expectations }> = [
  {
    name: "month end (Sat 2026-01-31)",
    now: "2026-01-31T18:00:00Z",
    expected: {
      today: ["2026-01-31", "2026-01-31"],
      yesterday: ["2026-01-30", "2026-01-30"],
      this_week: ["2026-01-26", "2026-02-01"],
      last_week: ["2026-01-19", "2026-01-25"],
      this_month: ["2026-01-01", "2026-01-31"],
      last_month: ["2025-12-01", "2025-12-31"],
      season: ["2025-10-26", "2026-03-28"],
      last_season: ["2025-03-30", "2025-10-25"],
      next_24h: ["2026-01-31", "2026-02-01"],
      next_48h: ["2026-01-31", "2026-02-02"],
      next_72h: ["2026-01-31", "2026-02-03"],
    },
  },
  {
    name: "end of February (Sat 2026-02-28)",
    now: "2026-02-28T18:00:00Z",
    expected: {
      today: ["2026-02-28", "2026-02-28"],
      yesterday: ["2026-02-27", "2026-02-27"],
      this_week: ["2026-02-23", "2026-03-01"],
      last_week: ["2026-02-16", "2026-02-22"],
      this_month: ["2026-02-01", "2026-02-28"],
      last_month: ["2026-01-01", "2026-01-31"],
      next_24h: ["2026-02-28", "2026-03-01"],
      next_48h: ["2026-02-28", "2026-03-02"],
      next_72h: ["2026-02-28", "2026-03-03"],
    },
  },
  {
    name: "August 31 + 6 months clamps to February's end (Mon 2026-08-31)",
    now: "2026-08-31T18:00:00Z",
    expected: {
      today: ["2026-08-31", "2026-08-31"],
      yesterday: ["2026-08-30", "2026-08-30"],
      this_week: ["2026-08-31", "2026-09-06"],
      last_week: ["2026-08-24", "2026-08-30"],
      this_month: ["2026-08-01", "2026-08-31"],
      last_month: ["2026-07-01", "2026-07-31"],
      next_72h: ["2026-08-31", "2026-09-03"],
    },
  },
  {
    name: "year end, evening (Thu 2026-12-31 17:30 in Mexico City)",
    now: "2026-12-31T23:30:00Z",
    expected: {
      today: ["2026-12-31", "2026-12-31"],
      yesterday: ["2026-12-30", "2026-12-30"],
      this_week: ["2026-12-28", "2027-01-03"],
      last_week: ["2026-12-21", "2026-12-27"],
      this_month: ["2026-12-01", "2026-12-31"],
      last_month: ["2026-11-01", "2026-11-30"],
      next_24h: ["2026-12-31", "2027-01-01"],
      next_48h: ["2026-12-31", "2027-01-02"],
      next_72h: ["2026-12-31", "2027-01-03"],
    },
  },
  {
    name: "already Jan 1 in UTC, still Dec 31 in Mexico City (2027-01-01T05:00Z)",
    now: "2027-01-01T05:00:00Z",
    expected: {
      today: ["2026-12-31", "2026-12-31"],
      yesterday: ["2026-12-30", "2026-12-30"],
      this_month: ["2026-12-01", "2026-12-31"],
      last_month: ["2026-11-01", "2026-11-30"],
      next_24h: ["2026-12-31", "2027-01-01"],
    },
  },
  {
    name: "Jan 1 in Mexico City too (Fri 2027-01-01T06:30Z)",
    now: "2027-01-01T06:30:00Z",
    expected: {
      today: ["2027-01-01", "2027-01-01"],
      yesterday: ["2026-12-31", "2026-12-31"],
      this_week: ["2026-12-28", "2027-01-03"],
      last_week: ["2026-12-21", "2026-12-27"],
      this_month: ["2027-01-01", "2027-01-31"],
      last_month: ["2026-12-01", "2026-12-31"],
      next_48h: ["2027-01-01", "2027-01-03"],
    },
  },
  {
    name: "a Sunday (2026-11-22) closes its week",
    now: "2026-11-22T18:00:00Z",
    expected: {
      this_week: ["2026-11-16", "2026-11-22"],
      last_week: ["2026-11-09", "2026-11-15"],
      yesterday: ["2026-11-21", "2026-11-21"],
    },
  },
  {
    name: "late Sunday in Mexico City although Monday in UTC (2026-11-23T05:59Z)",
    now: "2026-11-23T05:59:00Z",
    expected: {
      today: ["2026-11-22", "2026-11-22"],
      this_week: ["2026-11-16", "2026-11-22"],
      last_week: ["2026-11-09", "2026-11-15"],
    },
  },
  {
    name: "a Monday (2026-11-23) opens a new week",
    now: "2026-11-23T06:00:00Z",
    expected: {
      today: ["2026-11-23", "2026-11-23"],
      this_week: ["2026-11-23", "2026-11-29"],
      last_week: ["2026-11-16", "2026-11-22"],
      yesterday: ["2026-11-22", "2026-11-22"],
    },
  },
  {
    name: "leap day (Tue 2028-02-29)",
    now: "2028-02-29T18:00:00Z",
    expected: {
      today: ["2028-02-29", "2028-02-29"],
      yesterday: ["2028-02-28", "2028-02-28"],
      this_week: ["2028-02-28", "2028-03-05"],
      last_week: ["2028-02-21", "2028-02-27"],
      this_month: ["2028-02-01", "2028-02-29"],
      last_month: ["2028-01-01", "2028-01-31"],
      next_24h: ["2028-02-29", "2028-03-01"],
    },
  },
  {
    name: "August 31 + 6 months lands on a leap day (2027-08-31)",
    now: "2027-08-31T18:00:00Z",
    expected: { this_month: ["2027-08-01", "2027-08-31"] },
  },
  {
    name: "last month of a leap March (2028-03-31)",
    now: "2028-03-31T18:00:00Z",
    expected: { last_month: ["2028-02-01", "2028-02-29"] },
  },
  {
    name: "first day of W26 (Sun 2026-10-25)",
    now: "2026-10-25T18:00:00Z",
    expected: {
      today: ["2026-10-25", "2026-10-25"],
      this_week: ["2026-10-19", "2026-10-25"],
    },
  },
  {
    name: "last day of W26 (Sat 2027-03-27)",
    now: "2027-03-27T18:00:00Z",
    expected: {
      today: ["2027-03-27", "2027-03-27"],
      this_week: ["2027-03-22", "2027-03-28"],
      next_24h: ["2027-03-27", "2027-03-28"],
    },
  },
];

describe("'Temporada' and 'Temp. Pasada' are the current and previous IATA seasons (issue 36 item 3)", () => {
  it.each([
    // W26 runs 25/10/2026–27/03/2027; S26 from the last Sunday of March to the Saturday before the last Sunday of October.
    { now: "2026-11-28T18:00:00Z", season: ["2026-10-25", "2027-03-27"], last: ["2026-03-29", "2026-10-24"] },
    { now: "2026-10-25T18:00:00Z", season: ["2026-10-25", "2027-03-27"], last: ["2026-03-29", "2026-10-24"] },
    { now: "2026-10-24T18:00:00Z", season: ["2026-03-29", "2026-10-24"], last: ["2025-10-26", "2026-03-28"] },
    { now: "2027-03-27T18:00:00Z", season: ["2026-10-25", "2027-03-27"], last: ["2026-03-29", "2026-10-24"] },
    { now: "2027-03-28T18:00:00Z", season: ["2027-03-28", "2027-10-30"], last: ["2026-10-25", "2027-03-27"] },
    // Saturday night in Mexico City is already Sunday in UTC: the day is Mexico City's.
    { now: "2026-10-25T03:00:00Z", season: ["2026-03-29", "2026-10-24"], last: ["2025-10-26", "2026-03-28"] },
  ])("at $now", ({ now, season, last }) => {
    expect(rangeForPreset("season", new Date(now))).toEqual({ start: season[0], end: season[1] });
    expect(rangeForPreset("last_season", new Date(now))).toEqual({ start: last[0], end: last[1] });
  });
});

const ROWS = CASES.flatMap(({ name, now, expected }) =>
  Object.entries(expected).map(([preset, range]) => ({ name, now, preset, range })),
);

describe("rangeForPreset", () => {
  it.each(ROWS)("$name: $preset → $range", ({ now, preset, range }) => {
    if (!isRangePreset(preset)) throw new Error(`bad preset in table: ${preset}`);
    const [start, end] = range;
    expect(rangeForPreset(preset, new Date(now))).toEqual({ start, end });
  });

  it("covers every rule preset in the full cases", () => {
    const full = CASES[0];
    expect(full).toBeDefined();
    expect(Object.keys(full?.expected ?? {}).sort()).toEqual(presetsForView("table").sort());
  });

  it("uses the given time zone for 'today'", () => {
    const now = new Date("2026-12-31T23:30:00Z");
    expect(rangeForPreset("today", now, "Europe/Madrid")).toEqual({ start: "2027-01-01", end: "2027-01-01" });
    expect(rangeForPreset("today", now, "UTC")).toEqual({ start: "2026-12-31", end: "2026-12-31" });
  });

  it("throws for 'custom', which has no rule", () => {
    expect(() => rangeForPreset("custom", new Date("2026-11-22T18:00:00Z"))).toThrow(RangeError);
  });

  it("always returns valid ranges (start <= end)", () => {
    for (const { now } of CASES) {
      for (const preset of presetsForView("table")) {
        expect(isValidRange(rangeForPreset(preset, new Date(now)))).toBe(true);
      }
    }
  });
});

describe("presetsForView", () => {
  const full: RangePreset[] = [
    "last_week",
    "yesterday",
    "today",
    "this_week",
    "this_month",
    "last_month",
    "season",
    "last_season",
    "next_24h",
    "next_48h",
    "next_72h",
  ];

  it.each(["table", "report"] as const)("%s lists every rule preset in menu order", (view) => {
    expect(presetsForView(view)).toEqual(full);
  });

  it("dashboard omits the month and season presets", () => {
    expect(presetsForView("dashboard")).toEqual([
      "last_week",
      "yesterday",
      "today",
      "this_week",
      "next_24h",
      "next_48h",
      "next_72h",
    ]);
  });

  it("never lists 'custom'", () => {
    for (const view of ["dashboard", "table", "report"] as const) {
      expect(presetsForView(view)).not.toContain("custom");
    }
  });

  it("returns a fresh array each call", () => {
    const list = presetsForView("table");
    list.pop();
    expect(presetsForView("table")).toHaveLength(11);
  });
});

describe("isRangePreset", () => {
  it("accepts known presets and rejects the rest", () => {
    expect(isRangePreset("today")).toBe(true);
    expect(isRangePreset("custom")).toBe(true);
    expect(isRangePreset("tomorrow")).toBe(false);
    expect(isRangePreset("toString")).toBe(false);
    expect(isRangePreset(3)).toBe(false);
  });

  it("accepts exactly RANGE_PRESETS: the rule presets of the menu plus 'custom'", () => {
    for (const preset of RANGE_PRESETS) expect(isRangePreset(preset)).toBe(true);
    expect(RANGE_PRESETS).toEqual([...presetsForView("table"), "custom"]);
  });
});

describe("addMonthsClamped", () => {
  it.each([
    ["2026-08-31", 6, "2027-02-28"],
    ["2027-08-31", 6, "2028-02-29"],
    ["2026-01-31", 1, "2026-02-28"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-01-15", -1, "2025-12-15"],
    ["2026-05-31", -12, "2025-05-31"],
  ] as const)("%s %+d months → %s", (date, months, expected) => {
    expect(addMonthsClamped(date, months)).toBe(expected);
  });
});

describe("shiftRange", () => {
  it.each([
    [{ start: "2026-11-21", end: "2026-11-21" }, -1, { start: "2026-11-20", end: "2026-11-20" }],
    [{ start: "2026-11-21", end: "2026-11-21" }, 1, { start: "2026-11-22", end: "2026-11-22" }],
    [{ start: "2026-12-31", end: "2027-01-02" }, 1, { start: "2027-01-01", end: "2027-01-03" }],
    [{ start: "2027-01-01", end: "2027-01-31" }, -1, { start: "2026-12-31", end: "2027-01-30" }],
    [{ start: "2028-02-28", end: "2028-02-28" }, 1, { start: "2028-02-29", end: "2028-02-29" }],
    [{ start: "2027-02-28", end: "2027-02-28" }, 1, { start: "2027-03-01", end: "2027-03-01" }],
  ])("%j shifted by %d → %j", (range, days, expected) => {
    expect(shiftRange(range, days)).toEqual(expected);
  });

  it("does not mutate its argument", () => {
    const range: DateRange = { start: "2026-11-21", end: "2026-11-22" };
    shiftRange(range, 1);
    expect(range).toEqual({ start: "2026-11-21", end: "2026-11-22" });
  });
});

describe("withStart / withEnd (picking one end of the range)", () => {
  const range: DateRange = { start: "2026-11-10", end: "2026-11-20" };

  it.each([
    ["2026-11-05", { start: "2026-11-05", end: "2026-11-20" }],
    ["2026-11-20", { start: "2026-11-20", end: "2026-11-20" }],
    ["2026-11-25", { start: "2026-11-25", end: "2026-11-25" }],
  ])("start %s → %j", (start, expected) => {
    expect(withStart(range, start)).toEqual(expected);
  });

  it.each([
    ["2026-11-25", { start: "2026-11-10", end: "2026-11-25" }],
    ["2026-11-10", { start: "2026-11-10", end: "2026-11-10" }],
    ["2026-11-01", { start: "2026-11-01", end: "2026-11-01" }],
  ])("end %s → %j", (end, expected) => {
    expect(withEnd(range, end)).toEqual(expected);
  });
});

describe("isValidRange", () => {
  it.each([
    { start: "2026-11-21", end: "2026-11-21" },
    { start: "2026-11-21", end: "2027-03-27" },
    { start: "2028-02-29", end: "2028-03-01" },
  ])("accepts %j", (value) => {
    expect(isValidRange(value)).toBe(true);
  });

  it.each([
    null,
    undefined,
    "2026-11-21",
    ["2026-11-21", "2026-11-22"],
    {},
    { start: "2026-11-22", end: "2026-11-21" },
    { start: "2026-11-21" },
    { start: "2026-02-30", end: "2026-03-01" },
    { start: "2027-02-29", end: "2027-03-01" },
    { start: "2026-11-21T00:00:00Z", end: "2026-11-22" },
    { start: "21/11/2026", end: "22/11/2026" },
    { start: 20261121, end: 20261122 },
  ])("rejects %j", (value) => {
    expect(isValidRange(value)).toBe(false);
  });
});

describe("reportRange", () => {
  it("spans the stored days of the zone: 00:00 of the first to 00:00 after the last (exclusive)", () => {
    const stored = { start: "2026-11-21", end: "2026-11-23" };
    const now = new Date("2030-01-01T00:00:00Z");
    expect(reportRange(stored, now, UTC_ZONE)).toEqual({ start: "2026-11-21T00:00:00.000Z", end: "2026-11-24T00:00:00.000Z" });
    expect(reportRange(stored, now, LOCAL_ZONE)).toEqual({ start: "2026-11-21T06:00:00.000Z", end: "2026-11-24T06:00:00.000Z" });
  });

  it("uses the day of now in the zone without a stored range", () => {
    // 05:59Z is still Nov 21 in Mexico City and already Nov 22 in UTC.
    expect(reportRange(null, new Date("2026-11-22T05:59:00Z"), LOCAL_ZONE)).toEqual({
      start: "2026-11-21T06:00:00.000Z",
      end: "2026-11-22T06:00:00.000Z",
    });
    expect(reportRange(null, new Date("2026-11-22T05:59:00Z"), UTC_ZONE)).toEqual({
      start: "2026-11-22T00:00:00.000Z",
      end: "2026-11-23T00:00:00.000Z",
    });
  });

  it("one stored day spans exactly DAY_MS milliseconds", () => {
    for (const zone of [LOCAL_ZONE, UTC_ZONE] as const) {
      const { start, end } = reportRange({ start: "2026-11-21", end: "2026-11-21" }, new Date(), zone);
      expect(Date.parse(end) - Date.parse(start)).toBe(DAY_MS);
    }
  });

  it("DAY_MS is 86,400,000", () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe("independence from the process time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Tokyo"])("gives the same ranges under TZ=%s", (tz) => {
    process.env.TZ = tz;
    const now = new Date("2027-01-01T05:00:00Z");
    expect(rangeForPreset("today", now)).toEqual({ start: "2026-12-31", end: "2026-12-31" });
    expect(rangeForPreset("this_week", now)).toEqual({ start: "2026-12-28", end: "2027-01-03" });
    expect(rangeForPreset("season", new Date("2026-08-31T18:00:00Z"))).toEqual({
      start: "2026-03-29",
      end: "2026-10-24",
    });
    expect(reportRange(null, now, UTC_ZONE)).toEqual({ start: "2027-01-01T00:00:00.000Z", end: "2027-01-02T00:00:00.000Z" });
    expect(rangeInstants({ start: "2026-11-22", end: "2026-11-22" }, LOCAL_ZONE)).toEqual({
      start: "2026-11-22T06:00:00.000Z",
      end: "2026-11-23T06:00:00.000Z",
    });
    expect(zonedDateTime(Date.parse("2026-11-23T00:30:00Z"), LOCAL_ZONE).day).toBe("2026-11-22");
  });
});

describe("the day a user means (DESIGN.md §6): days of the zone the table shows", () => {
  it("'Hoy' at 18:30 in Mexico City is 00:00–24:00 Mexico City (06:00Z..06:00Z), not the UTC day", () => {
    const now = new Date("2026-11-23T00:30:00Z"); // Sunday 22/11, 18:30 in Mexico City
    const today = rangeForPreset("today", now, LOCAL_ZONE);
    expect(today).toEqual({ start: "2026-11-22", end: "2026-11-22" });
    expect(rangeInstants(today, LOCAL_ZONE)).toEqual({ start: "2026-11-22T06:00:00.000Z", end: "2026-11-23T06:00:00.000Z" });
    // The evening being handed over is in the range; yesterday's evening is not.
    const { start, end } = rangeInstants(today, LOCAL_ZONE);
    const inRange = (iso: string) => Date.parse(iso) >= Date.parse(start) && Date.parse(iso) < Date.parse(end);
    expect(inRange("2026-11-23T00:30:00Z")).toBe(true);
    expect(inRange("2026-11-23T05:59:00Z")).toBe(true);
    expect(inRange("2026-11-22T00:30:00Z")).toBe(false);
    // With UTC chosen, 'Hoy' is already the UTC day of the 23rd.
    const utcToday = rangeForPreset("today", now, UTC_ZONE);
    expect(utcToday).toEqual({ start: "2026-11-23", end: "2026-11-23" });
    expect(rangeInstants(utcToday, UTC_ZONE)).toEqual({ start: "2026-11-23T00:00:00.000Z", end: "2026-11-24T00:00:00.000Z" });
  });

  it.each([
    // 17:59 local is 23:59Z of the same date; 18:00 local is 00:00Z of the next date.
    ["2026-11-22T23:59:00Z", LOCAL_ZONE, { day: "2026-11-22", date: "22/11/2026", time: "17:59" }],
    ["2026-11-23T00:00:00Z", LOCAL_ZONE, { day: "2026-11-22", date: "22/11/2026", time: "18:00" }],
    ["2026-11-22T23:59:00Z", UTC_ZONE, { day: "2026-11-22", date: "22/11/2026", time: "23:59" }],
    ["2026-11-23T00:00:00Z", UTC_ZONE, { day: "2026-11-23", date: "23/11/2026", time: "00:00" }],
    // 23:59 and 00:00 local close and open the Mexico City day (05:59Z, 06:00Z).
    ["2026-11-23T05:59:00Z", LOCAL_ZONE, { day: "2026-11-22", date: "22/11/2026", time: "23:59" }],
    ["2026-11-23T06:00:00Z", LOCAL_ZONE, { day: "2026-11-23", date: "23/11/2026", time: "00:00" }],
  ] as const)("%s in %s reads %j", (iso, zone, expected) => {
    expect(zonedDateTime(Date.parse(iso), zone)).toEqual(expected);
  });

  it("a range in UTC and the same days in LOCAL are six hours apart, end exclusive", () => {
    const days = { start: "2026-11-20", end: "2026-11-22" };
    expect(rangeInstants(days, UTC_ZONE)).toEqual({ start: "2026-11-20T00:00:00.000Z", end: "2026-11-23T00:00:00.000Z" });
    expect(rangeInstants(days, LOCAL_ZONE)).toEqual({ start: "2026-11-20T06:00:00.000Z", end: "2026-11-23T06:00:00.000Z" });
    // A LOCAL range touches one UTC date more than it has days; a UTC range exactly its own.
    expect(utcDatesOf(rangeInstants(days, LOCAL_ZONE))).toEqual({ start: "2026-11-20", end: "2026-11-23" });
    expect(utcDatesOf(rangeInstants(days, UTC_ZONE))).toEqual({ start: "2026-11-20", end: "2026-11-22" });
  });

  it("Mexico City has no daylight saving since October 2022: every day is 24 h at UTC−6, in April and in summer too", () => {
    for (const day of ["2026-04-05", "2026-07-01", "2026-10-25", "2027-04-04", "2027-10-31"]) {
      const { start, end } = rangeInstants({ start: day, end: day }, LOCAL_ZONE);
      expect(start).toBe(`${day}T06:00:00.000Z`);
      expect(Date.parse(end) - Date.parse(start)).toBe(DAY_MS);
    }
    // A whole year of LOCAL days is exactly 365 × 24 h, six hours after the same UTC days.
    const year = { start: "2027-01-01", end: "2027-12-31" };
    const local = rangeInstants(year, LOCAL_ZONE);
    const utc = rangeInstants(year, UTC_ZONE);
    expect(Date.parse(local.end) - Date.parse(local.start)).toBe(365 * DAY_MS);
    expect(Date.parse(local.start) - Date.parse(utc.start)).toBe(6 * 3_600_000);
  });

  it("reads the zone database, not a fixed offset: in July 2022 Mexico City still kept summer time (UTC−5)", () => {
    expect(new Date(startOfDayMs("2022-07-01", LOCAL_ZONE)).toISOString()).toBe("2022-07-01T05:00:00.000Z");
    expect(new Date(startOfDayMs("2022-12-01", LOCAL_ZONE)).toISOString()).toBe("2022-12-01T06:00:00.000Z");
  });

  it("refuses an invalid range or instants", () => {
    expect(() => rangeInstants({ start: "2026-11-23", end: "2026-11-22" }, LOCAL_ZONE)).toThrow(RangeError);
    expect(() => rangeInstants({ start: "2026-02-30", end: "2026-03-01" }, UTC_ZONE)).toThrow(RangeError);
    expect(() => utcDatesOf({ start: "2026-11-23T00:00:00Z", end: "2026-11-23T00:00:00Z" })).toThrow(RangeError);
  });
});
