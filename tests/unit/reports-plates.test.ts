/** Matrículas (src/domain/reports/plates.ts) on a crafted day. */
import { describe, expect, it } from "vitest";
import { platesReport } from "../../src/domain/reports";
import { DAY, row, ZULU } from "./reportDay";

describe("Matrículas", () => {
  it("lists each registration that operated once, with its movements and days, by registration", () => {
    const rows = platesReport(
      [
        row({ id: 1, register: "XA-VBB" }),
        row({ id: 2, register: "XA-VBA", slot: [DAY, "08:00"] }),
        row({ id: 3, register: "XA-VBA", slot: ["2026-11-11", "08:00"], arrival: false }),
        row({ id: 4, register: "XA-VBC", real: null }),
        row({ id: 5, register: "XA-VBD", status: "C", general: "CA" }),
        row({ id: 6, register: null }),
      ],
      ZULU,
    );
    expect(rows).toEqual([
      { id: 2, status_new: null, register: "XA-VBA", equipment: "320", operations: 2, first_date: DAY, last_date: "2026-11-11" },
      { id: 1, status_new: null, register: "XA-VBB", equipment: "320", operations: 1, first_date: DAY, last_date: DAY },
    ]);
  });
});
