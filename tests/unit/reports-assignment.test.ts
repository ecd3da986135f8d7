/** Asignación de slots (src/domain/reports/assignment.ts) on a crafted day. */
import { describe, expect, it } from "vitest";
import { assignmentReport } from "../../src/domain/reports";
import { LOCAL, row, ZULU } from "./reportDay";

const day = [
  row({ id: 1, slot: ["2026-11-10", "08:00"], real: 5 }),
  row({ id: 2, arrival: false, station: "GDL", slot: ["2026-11-10", "09:00"], real: 20 }),
  row({ id: 3, register: "XA-VBB", slot: ["2026-11-10", "08:30"], scheduled: 2 }),
  row({ id: 4, register: "XA-VBB", slot: ["2026-11-10", "10:00"] }),
  row({ id: 5, register: "XA-VBB", arrival: false, slot: null, station: "PVR" }),
  row({ id: 6, leftover: true, slot: ["2026-11-10", "11:00"] }),
  row({ id: 7, arrival: false, register: "XA-VBC", status: "C", general: "CA", real: null, slot: ["2026-11-10", "07:00"] }),
];

describe("Asignación de slots", () => {
  it("pairs an arrival with the next departure of the same aircraft; the rest stand alone", () => {
    const rows = assignmentReport(day, ZULU);
    expect(rows.map((r) => [r.arrival_id, r.departure_id])).toEqual([
      [1, 2],
      [3, null],
      [4, 5],
    ]);
  });

  it("says whether each movement kept to its slot within ±15 minutes, in the chosen zone", () => {
    const [turn] = assignmentReport(day, LOCAL);
    expect(turn).toMatchObject({
      register: "XA-VBA",
      arr_date: "2026-11-10",
      arr_flight: "VB1",
      arr_origin: "MTY",
      arr_sta: "02:00",
      arr_slot: "02:00",
      arr_within_15: true,
      arr_over_15: false,
      arr_capacity: 186,
      arr_type: "J",
      arr_equipment: "320",
      dep_flight: "VB2",
      dep_destination: "GDL",
      dep_slot: "03:00",
      dep_within_15: false,
      dep_over_15: true,
    });
    expect(assignmentReport(day, ZULU)[2]).toMatchObject({ dep_flight: "VB5", dep_slot: null, dep_within_15: null, dep_over_15: null });
  });
});
