/** Fin de mes (src/domain/reports/endOfMonth.ts) on a crafted day. */
import { describe, expect, it } from "vitest";
import { endOfMonthReport } from "../../src/domain/reports";
import { LOCAL, row } from "./reportDay";

describe("Fin de mes", () => {
  const day = [
    row({ id: 1, real: 5 }),
    row({ id: 2, arrival: false, station: "GDL", status: "R", real: 45 }),
    row({ id: 3, arrival: false, status: "C", general: "CA", real: null }),
    row({ id: 4, slot: null, real: 0 }),
    row({ id: 5, leftover: true }),
    row({ id: 6, real: null }),
  ];

  it("splits the day into returns to position, cancellations and every operation", () => {
    const month = endOfMonthReport(day, LOCAL);
    expect(month.returned_to_position.map((r) => r.id)).toEqual([2]);
    expect(month.cancellation.map((r) => r.id)).toEqual([3]);
    expect(month.operation.map((r) => r.id)).toEqual([1, 4, 2]);
  });

  it("gives a return its first off-block and the departure that flew, in the zone", () => {
    const [back] = endOfMonthReport(day, LOCAL).returned_to_position;
    expect(back).toMatchObject({ first_departure: "06:03", real_departure: "06:45", assigned_time: "06:00", difference: 45, airport: "GDL", schedule_type: "S" });
  });
});
