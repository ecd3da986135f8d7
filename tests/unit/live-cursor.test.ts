import { describe, expect, it } from "vitest";
import { cursorText, readCursor, snapshotOf, visibleIn } from "../../src/server/live/cursor";

describe("the live stream's cursor (Last-Event-ID)", () => {
  it("reads back what the stream wrote, as PostgreSQL prints snapshots", () => {
    for (const snapshot of ["748:748:", "100:105:100,102", "3:9:3,4,4,8"]) {
      expect(readCursor(cursorText(42, snapshot))).toEqual({ last: 42, snapshot });
    }
  });

  it("reads a cursor handed back with blanks around it, and an id alone from a tab opened before cursors", () => {
    expect(readCursor("  42/100:105:102\r\n")).toEqual({ last: 42, snapshot: "100:105:102" });
    expect(readCursor("42")).toEqual({ last: 42, snapshot: null });
    expect(readCursor("")).toBeNull();
    expect(readCursor("   ")).toBeNull();
  });

  it("refuses what it did not write: another form, or a snapshot PostgreSQL would not read", () => {
    for (const bad of ["tres", "42/", "/100:105:", "42/9:5:", "42/5:9:11", "42/5:9:8,6", "42/0:0:", "42/1:99999999999999999999:", "4 2"]) {
      expect(readCursor(bad), bad).toBeUndefined();
    }
  });

  it("leaves a snapshot too long for a header out, keeping the id", () => {
    const inFlight = Array.from({ length: 600 }, (_, i) => 1_000_000 + i).join(",");
    const snapshot = `1000000:2000000:${inFlight}`;
    expect(snapshotOf(snapshot)).not.toBeNull();
    expect(cursorText(7, snapshot)).toBe("7");
  });

  it("tells whether a transaction had committed by a snapshot, as pg_visible_in_snapshot does", () => {
    const snapshot = snapshotOf("100:105:100,102");
    if (!snapshot) throw new Error("a valid snapshot");
    expect([99, 100, 101, 102, 103, 104, 105, 200].map((txid) => visibleIn(snapshot, txid))).toEqual([
      true, false, true, false, true, true, false, false,
    ]);
  });
});
