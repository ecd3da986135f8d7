/** Comparecencia (src/domain/reports/appearance.ts) on a crafted day. */
import { describe, expect, it } from "vitest";
import { appearanceReport, suffixOf } from "../../src/domain/reports";
import { row } from "./reportDay";

describe("Comparecencia", () => {
  const day = [
    row({ id: 1, real: 25, scheduled: 5, codes: [["93", 20], ["41", 5]] }),
    row({ id: 2, leftover: true, slot: ["2026-11-10", "16:00"] }),
    row({ id: 3, slot: null }),
    row({ id: 4, slotStatus: "CAN" }),
    row({ id: 5, flight: "VB012A", slot: ["2026-11-10", "07:00"] }),
  ];
  const changes = new Map([[1001, { count: 3, last: "2026-11-01T10:00:00Z" }]]);

  it("holds every held slot, flown or not, with its changes", () => {
    const rows = appearanceReport(day, { zone: "America/Mexico_City", slotChanges: changes });
    expect(rows.map((r) => r.id)).toEqual([5, 1, 2]);
    expect(rows[1]).toMatchObject({
      slot_id: 1001,
      slot: "06:00",
      ata: "06:25",
      actual_difference: 25,
      scheduled_difference: 5,
      code_1: "93",
      code_2: "41",
      changes: 3,
      last_change: "2026-11-01T10:00:00Z",
      route: "MTY",
      frequency: 2,
    });
    expect(rows[2]).toMatchObject({ ata: null, changes: 0, last_change: null });
  });

  it("reads the suffix of the designator", () => {
    expect(suffixOf("VB012A")).toBe("A");
    expect(suffixOf("VB1234")).toBe("");
  });
});
