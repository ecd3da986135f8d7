/** What every report shares (src/domain/reports/index.ts): the kept and added rows, ids, file names, 'Añadir registro'. */
import { describe, expect, it } from "vitest";
import { addRecords, buildReport, DEFAULT_HOUR_RANGE, isEmptyReport, reportFileName, reportIds } from "../../src/domain/reports";
import { row, ZULU } from "./reportDay";

const day = [
  row({ id: 1, real: 25 }),
  row({ id: 2, arrival: false, real: 30 }),
  row({ id: 3, real: 0, slot: ["2026-11-10", "18:00"] }),
  row({ id: 4, arrival: false, real: 0, slot: ["2026-11-12", "07:00"] }),
];

describe("buildReport", () => {
  it("keeps the rows left on screen and appends the added ones marked new, once", () => {
    const [added] = day.slice(2, 3);
    const report = buildReport("full_delays", day, ZULU, { keep: [2], added: added ? [added, day[1] ?? added] : [] });
    expect(report.rows.map((r) => [("id" in r ? r.id : 0), r.status_new])).toEqual([
      [2, null],
      [3, "new"],
    ]);
  });

  it("adds to the chosen list of Fin de mes", () => {
    const report = buildReport("end_of_month", day.slice(0, 2), ZULU, { added: day.slice(2, 3), section: "cancellation" });
    expect(report.sections?.cancellation.map((r) => [r.id, r.status_new])).toEqual([[3, "new"]]);
    expect(isEmptyReport(buildReport("end_of_month", [], ZULU))).toBe(true);
  });
});

describe("reportIds (seed 001 §7)", () => {
  it("splits the assignment's arrival and departure ids by status_new", () => {
    const rows = buildReport("slot_assignment", day.slice(0, 2), ZULU, { added: day.slice(2, 3) }).rows;
    expect(reportIds("slot_assignment", rows)).toEqual({ match_ids: [1, 2], new_match_ids: [3] });
  });

  it("sends only the new rows of Fin de mes", () => {
    const report = buildReport("end_of_month", day, ZULU, { added: [day[0] ?? day[1]!] });
    const rows = report.sections ? report.sections.operation : [];
    expect(reportIds("end_of_month", rows)).toEqual({ new_match_ids: [] });
  });
});

describe("reportFileName", () => {
  it("is the upper-case label and the first day 'dd MMM' in Spanish", () => {
    expect(reportFileName("full_delays", "2026-11-16")).toBe("DEMORAS COMPLETAS 16 nov.xlsx");
    expect(reportFileName("plates", "2026-01-05")).toBe("MATRÍCULAS 05 ene.csv");
    expect(reportFileName("slot_assignment", "2026-11-16", true)).toBe("FIDS 16 nov.csv");
    expect(reportFileName("end_of_month", "2026-11-16")).toBe("FIN DE MES 16 nov.xlsx");
  });
});

describe("addRecords", () => {
  const filter = { flights: [], hourRange: DEFAULT_HOUR_RANGE, frequency: [], slotType: "L" as const };

  it("offers the arrivals by default, in time order, with the slot and the real time", () => {
    expect(addRecords(day, filter, ZULU)).toEqual([
      { id: 1, flight: "VB1", type: "L", slot: "12:00", schedule: "12:25", diff: 25, date: "2026-11-10", airport: "MTY" },
      { id: 3, flight: "VB3", type: "L", slot: "18:00", schedule: "18:00", diff: 0, date: "2026-11-10", airport: "MTY" },
    ]);
  });

  it("filters by flight number, hour range, weekday and direction", () => {
    expect(addRecords(day, { ...filter, flights: [3] }, ZULU).map((r) => r.id)).toEqual([3]);
    expect(addRecords(day, { ...filter, hourRange: ["13:00", "23:55"] }, ZULU).map((r) => r.id)).toEqual([3]);
    // 2026-11-10 is a Tuesday (2), 2026-11-12 a Thursday (4).
    expect(addRecords(day, { ...filter, frequency: [4] }, ZULU)).toEqual([]);
    expect(addRecords(day, { ...filter, frequency: [4], slotType: "S" }, ZULU).map((r) => r.id)).toEqual([4]);
  });
});

describe("clock", () => {
  it("reads every instant as zonedDateTime does, across Mexico City's last summer-time changes", async () => {
    const { clock } = await import("../../src/domain/reports");
    const { zonedDateTime } = await import("../../src/domain/zones");
    // Summer time began 2022-04-03 and ended 2022-10-30 (then never again); every 7 minutes around both.
    for (const start of [Date.parse("2022-04-02T00:00:00Z"), Date.parse("2022-10-29T00:00:00Z"), Date.parse("2026-11-10T00:00:00Z")]) {
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 7 * 60_000) {
        for (const zone of ["America/Mexico_City", "UTC"] as const) {
          const expected = zonedDateTime(ms, zone);
          expect(clock(ms, zone), new Date(ms).toISOString()).toEqual({ day: expected.day, time: expected.time });
        }
      }
    }
  });
});
