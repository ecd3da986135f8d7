import { describe, expect, it } from "vitest";
import { seasonBounds } from "../../src/domain/seasons";
import {
  type CellValue,
  checkSeriesPeriod,
  describeProblem,
  expandSeries,
  findOverlaps,
  readDate,
  readDays,
  readScrList,
  readSeriesRow,
  readTime,
  type SeriesColumnKey,
  type SeriesRow,
} from "../../src/domain/series";

const W26 = seasonBounds("W26"); // 2026-10-25 (Sunday) … 2027-03-27 (Saturday)

const cells = (overrides: Partial<Record<SeriesColumnKey, CellValue>> = {}): Record<SeriesColumnKey, CellValue> => ({
  arrival_flight: "VB1101",
  departure_flight: "VB1100",
  first_date: "2026-10-26",
  last_date: "2026-11-08",
  days: "1030507",
  seats: 180,
  aircraft_type: "320",
  origin: "CUN",
  arrival_time: "14:05",
  departure_time: "15:10",
  destination: "CUN",
  service_type: "J",
  status: "D",
  ...overrides,
});

const at = (row: Record<SeriesColumnKey, CellValue>) => (key: SeriesColumnKey) => row[key];

function series(overrides: Partial<Record<SeriesColumnKey, CellValue>> = {}, row = 2): SeriesRow {
  const read = readSeriesRow(row, at(cells(overrides)));
  if (!read.series) throw new Error(JSON.stringify(read.problems));
  return read.series;
}

describe("reading cells", () => {
  it("reads dates as date cells, ISO text, dd/mm/aaaa and Excel serials", () => {
    expect(readDate(new Date(Date.UTC(2026, 9, 26)))).toBe("2026-10-26");
    expect(readDate("2026-10-26")).toBe("2026-10-26");
    expect(readDate("26/10/2026")).toBe("2026-10-26");
    expect(readDate(46321)).toBe("2026-10-26");
    expect(readDate("31/02/2027")).toBeNull();
    expect(readDate("mañana")).toBeNull();
  });

  it("reads UTC times as text, time cells and fractions of a day", () => {
    expect(readTime("14:05")).toBe("14:05");
    expect(readTime("0705")).toBe("07:05");
    expect(readTime(new Date(Date.UTC(1899, 11, 30, 9, 30)))).toBe("09:30");
    expect(readTime(0.5)).toBe("12:00");
    expect(readTime("24:00")).toBeNull();
  });

  it("reads days as SSIM positions or as the digits of the days", () => {
    expect(readDays("1234567")).toBe(0b1111111);
    expect(readDays("1.3.5.7")).toBe(0b1010101);
    expect(readDays(135)).toBe(0b10101);
    expect(readDays("0000000")).toBeNull();
    expect(readDays("531")).toBeNull();
    expect(readDays("8")).toBeNull();
  });
});

describe("readSeriesRow", () => {
  it("reads a turnaround row", () => {
    expect(series()).toMatchObject({
      arrivalFlight: "VB1101",
      departureFlight: "VB1100",
      firstDate: "2026-10-26",
      days: 0b1010101,
      seats: 180,
      serviceType: "J",
      status: "D",
    });
  });

  it("names the column of each bad cell with its value", () => {
    const read = readSeriesRow(7, at(cells({ first_date: "31/02/2027", seats: "mil", status: "X" })));
    expect(read.series).toBeNull();
    expect(read.problems.map((p) => [p.column, p.value])).toEqual([
      ["first_date", "31/02/2027"],
      ["seats", "mil"],
      ["status", "X"],
    ]);
    expect(describeProblem(read.problems[0]!, { sheet: "Series" })).toBe(
      "Hoja «Series», fila 7, columna C (Primera fecha), valor «31/02/2027»: no es una fecha válida (aaaa-mm-dd o dd/mm/aaaa)",
    );
  });

  it("wants the origin and time of an arrival, and refuses them without one", () => {
    const read = readSeriesRow(3, at(cells({ arrival_flight: null, departure_flight: "VB1100" })));
    expect(read.problems.map((p) => p.column)).toEqual(["origin", "arrival_time"]);
    const missing = readSeriesRow(3, at(cells({ arrival_time: null })));
    expect(missing.problems.map((p) => p.column)).toEqual(["arrival_time"]);
  });
});

describe("checkSeriesPeriod", () => {
  it("accepts a period whose days agree", () => {
    expect(checkSeriesPeriod(series(), W26)).toEqual([]);
  });

  it("refuses a date outside the season", () => {
    const [problem] = checkSeriesPeriod(series({ last_date: "2027-04-04" }), W26);
    expect(problem).toMatchObject({ column: "last_date", value: "2027-04-04" });
    expect(problem?.message).toContain("fuera de la temporada W26");
  });

  it("refuses days that do not agree with the period", () => {
    // 2026-10-27 is a Tuesday, not a day of 1030507.
    expect(checkSeriesPeriod(series({ first_date: "2026-10-27" }), W26)[0]).toMatchObject({ column: "days" });
    // Monday 26 to Wednesday 28: day 5 (Friday) cannot occur.
    expect(checkSeriesPeriod(series({ last_date: "2026-10-28", days: "135" }), W26)[0]?.message).toContain(
      "el día 5 (viernes) no cae dentro del periodo",
    );
  });
});

describe("findOverlaps", () => {
  it("reports the later of two series of the same flight with a common date", () => {
    const first = series({}, 2);
    const second = series({ first_date: "2026-11-02", last_date: "2026-11-30", days: "1" }, 3);
    expect(findOverlaps([first, second])).toEqual([
      expect.objectContaining({ row: 3, column: "arrival_flight", message: expect.stringContaining("fila 2") }),
      expect.objectContaining({ row: 3, column: "departure_flight" }),
    ]);
  });

  it("lets the same flight run on other days or in another period", () => {
    const first = series({}, 2);
    expect(findOverlaps([first, series({ days: "2" , first_date: "2026-10-27", last_date: "2026-11-03" }, 3)])).toEqual([]);
    expect(findOverlaps([first, series({ first_date: "2026-11-09", last_date: "2026-11-30" }, 4)])).toEqual([]);
  });
});

describe("expandSeries", () => {
  it("gives one slot per date and direction with serie, frequency and status", () => {
    const arrivalOnly = series({
      arrival_flight: "VB1201",
      departure_flight: null,
      origin: "MTY",
      departure_time: null,
      destination: null,
      status: "ADD",
      days: "1",
      last_date: "2026-11-02",
    });
    const slots = expandSeries([series(), arrivalOnly], "W26");
    const arrivals = slots.filter((s) => s.serie === 1);
    expect(arrivals.map((s) => s.date)).toEqual([
      "2026-10-26",
      "2026-10-28",
      "2026-10-30",
      "2026-11-01",
      "2026-11-02",
      "2026-11-04",
      "2026-11-06",
      "2026-11-08",
    ]);
    expect(arrivals.map((s) => s.frequency)).toEqual([1, 3, 5, 7, 1, 3, 5, 7]);
    expect(slots.filter((s) => s.serie === 2).every((s) => !s.isArrival && s.route === "CUN" && s.time === "15:10")).toBe(true);
    expect(slots.filter((s) => s.serie === 3)).toEqual([
      expect.objectContaining({ flightNumber: "VB1201", status: "ADD", date: "2026-10-26" }),
      expect.objectContaining({ flightNumber: "VB1201", status: "ADD", date: "2026-11-02" }),
    ]);
  });
});

describe("readScrList", () => {
  const list = (first: string, lines: string[]) => [first, "/", "W26", "20OCT", "MEX", ...lines].join("\n");

  it("reads an SHL list as historic series", () => {
    const read = readScrList(list("SHL", ["HVB1234 VB1235 26OCT08NOV 1030507 180320 MTY0700 0800MTY JJ"]), "W26");
    expect(read?.problems).toEqual([]);
    expect(read?.series).toEqual([
      expect.objectContaining({ row: 6, arrivalFlight: "VB1234", departureFlight: "VB1235", firstDate: "2026-10-26", status: "D" }),
    ]);
  });

  it("reads SAL lines: H historic, the rest new", () => {
    const read = readScrList(
      list("SAL", ["HVB1234 26OCT08NOV 1030507 180320 MTY0700 J", "KVB1237 27OCT03NOV 0200000 180320 MTY0900 J"]),
      "W26",
    );
    expect(read?.series.map((s) => s.status)).toEqual(["D", "ADD"]);
  });

  it("gives the codec's errors with line and column, and refuses another season's list", () => {
    const read = readScrList(list("SAL", ["HVB1234 26OCT08NOV 1030507 180320 MTY0700 J", "HVB12345 26OCT08NOV"]), "S27");
    expect(read?.problems.length).toBeGreaterThan(0);
    expect(read?.problems.some((p) => p.row === 7 && p.textColumn !== undefined)).toBe(true);
    expect(read?.problems.some((p) => p.message.includes("no de S27"))).toBe(true);
  });

  it("runs a series from its first operation to its last, and gives what the reader assumed with the list's own line", () => {
    const read = readScrList(list("SAL", ["KVB1301 25OCT08NOV 1000000 180320 MTY1000 J"]), "W26");
    expect(read?.problems).toEqual([]);
    expect(read?.series).toEqual([expect.objectContaining({ firstDate: "2026-10-26", lastDate: "2026-11-02", days: 1 })]);
    expect(read?.warnings.map((w) => [w.line, w.column, w.severity, w.text])).toEqual([
      [6, 9, "aviso", "KVB1301 25OCT08NOV 1000000 180320 MTY1000 J"],
      [6, 14, "aviso", "KVB1301 25OCT08NOV 1000000 180320 MTY1000 J"],
    ]);
  });

  it("is not a list without SAL or SHL first", () => {
    expect(readScrList("SCR\n/\nW26", "W26")).toBeNull();
  });
});
