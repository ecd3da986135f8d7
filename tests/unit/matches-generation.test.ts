/** Medium- and short-term generation on crafted plans (issue 15 item 3): ranges, pairing, file rows. */
import { describe, expect, it } from "vitest";
import { matchesFileTexts } from "../../src/domain/termMatches/fileTexts";
import {
  comparePlan,
  daysInRange,
  matchesFileName,
  type PlanFlight,
  planRowCells,
  type PlanSlot,
  planSpan,
  rangeProblem,
  shortTermProblem,
  shortTermRange,
} from "../../src/domain/termMatches";

const slot = (id: number, date: string, time: string, flightNumber: string, isArrival = true): PlanSlot => ({
  id,
  date,
  time,
  isArrival,
  flightNumber,
  status: "K",
  aircraftType: "320",
  route: "MTY",
});
const flight = (id: number, scheduledAt: string, flightNumber: string, isArrival = true): PlanFlight => ({
  id,
  date: scheduledAt.slice(0, 10),
  isArrival,
  flightNumber,
  scheduledAt,
  actualAt: null,
  status: "D",
  aircraftType: "320",
  route: "MTY",
});

describe("ranges", () => {
  it("counts both ends and refuses an end before the start or more than 190 days", () => {
    expect(daysInRange({ start: "2026-12-01", end: "2026-12-31" })).toBe(31);
    expect(rangeProblem({ start: "2026-12-01", end: "2026-12-31" })).toBeNull();
    expect(rangeProblem({ start: "2026-12-02", end: "2026-12-01" })).toBe("La fecha final es anterior a la fecha inicial.");
    expect(rangeProblem({ start: "2027-01-01", end: "2027-07-09" })).toBeNull();
    expect(rangeProblem({ start: "2027-01-01", end: "2027-07-10" })).toBe("El rango no puede pasar de 190 días.");
    expect(rangeProblem({ start: "2027-02-30", end: "2027-03-01" })).toBe("Las fechas del rango no son válidas.");
    expect(rangeProblem({ start: "1999-12-31", end: "2000-01-01" })).toBe("Las fechas deben estar entre los años 2000 y 2099.");
    expect(rangeProblem({ start: "2099-12-31", end: "2100-01-01" })).toBe("Las fechas deben estar entre los años 2000 y 2099.");
  });

  it("gives the short term `days` days from the date to check, 1 to 14", () => {
    expect(shortTermRange("2026-12-30", 3)).toEqual({ start: "2026-12-30", end: "2027-01-01" });
    expect(shortTermRange("2026-12-30", 1)).toEqual({ start: "2026-12-30", end: "2026-12-30" });
    expect([0, 1, 14, 15, 2.5].map(shortTermProblem)).toEqual([
      "Los días a revisar deben ser de 1 a 14.",
      null,
      null,
      "Los días a revisar deben ser de 1 a 14.",
      "Los días a revisar deben ser de 1 a 14.",
    ]);
    expect(planSpan({ start: "2026-12-01", end: "2026-12-31" })).toEqual({ start: "2026-11-30", end: "2027-01-01" });
    expect(matchesFileName({ start: "2026-12-01", end: "2026-12-31" })).toBe("Matches 2026-12-01 - 2026-12-31.csv");
  });
});

describe("comparePlan", () => {
  it("pairs by designator, flags flights without slot, leftovers and pairs off their slot", () => {
    const { rows, summary } = comparePlan(
      [slot(1, "2026-12-01", "10:00", "VB100"), slot(2, "2026-12-01", "14:00", "VB104"), slot(3, "2026-12-01", "23:00", "VB900")],
      [flight(11, "2026-12-01T10:10:00Z", "VB100"), flight(12, "2026-12-01T14:40:00Z", "VB104"), flight(13, "2026-12-01T06:00:00Z", "VB300")],
      { start: "2026-12-01", end: "2026-12-01" },
    );
    expect(rows.map((r) => [r.flight?.id ?? null, r.slot?.id ?? null, r.difference, r.status])).toEqual([
      [13, null, null, "X"],
      [11, 1, 10, "DIFF"],
      [12, 2, 40, "AH"],
      [null, 3, null, "A"],
    ]);
    expect(summary).toEqual({ flights: 3, slots: 3, paired: 2, withoutSlot: 1, leftoverSlots: 1, offSlot: 1 });
  });

  it("ignores actual times (a plan has none) and keeps only the rows dated in the range", () => {
    const late = { ...flight(21, "2026-12-02T09:00:00Z", "VB200"), actualAt: "2026-12-02T11:00:00Z" };
    const { rows } = comparePlan(
      [slot(4, "2026-12-02", "09:00", "VB200"), slot(5, "2026-12-03", "09:00", "VB200")],
      [late, flight(22, "2026-12-03T09:00:00Z", "VB200")],
      { start: "2026-12-02", end: "2026-12-02" },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date: "2026-12-02", difference: 0, status: "OK" });
  });

  it("lets the last hours of a day take a flight just after midnight, as Entrega de turno does", () => {
    const { rows } = comparePlan(
      [slot(6, "2026-12-05", "23:50", "VB400")],
      [flight(31, "2026-12-06T00:20:00Z", "VB400")],
      { start: "2026-12-05", end: "2026-12-05" },
    );
    expect(rows.map((r) => [r.flight?.id, r.slot?.id, r.difference])).toEqual([[31, 6, 30]]);
  });

  it("writes a row's cells with the catalog's texts", () => {
    const { rows } = comparePlan([], [flight(41, "2026-12-01T06:00:00Z", "VB300", false)], { start: "2026-12-01", end: "2026-12-01" });
    const [row] = rows;
    if (!row) throw new Error("no row");
    expect(planRowCells(row, matchesFileTexts)).toEqual([
      "2026-12-01",
      "Salida",
      "VB300",
      "MTY",
      "06:00",
      "",
      "",
      "",
      "",
      "X",
      "Vuelo sin slot",
      "",
    ]);
  });
});
