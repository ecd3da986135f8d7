/** Issue 37: a day and a wall-clock time read in any held airport's zone, not only Mexico City's. */
import { describe, expect, it } from "vitest";
import { startOfDayMs, zoneAt, zonedDateTime } from "../../src/domain/zones";

describe("zones of other airports", () => {
  it("reads an instant in New York's zone, daylight saving included", () => {
    // 2026-11-22 12:00Z: 07:00 in New York (EST, UTC−5), 06:00 in Mexico City.
    expect(zonedDateTime(Date.UTC(2026, 10, 22, 12, 0), "America/New_York")).toEqual({ day: "2026-11-22", date: "22/11/2026", time: "07:00" });
    expect(zonedDateTime(Date.UTC(2026, 10, 22, 12, 0), "America/Mexico_City").time).toBe("06:00");
    // 2026-07-01 03:30Z: still 30 June at 23:30 in New York (EDT, UTC−4).
    expect(zonedDateTime(Date.UTC(2026, 6, 1, 3, 30), "America/New_York")).toMatchObject({ day: "2026-06-30", time: "23:30" });
  });

  it("starts an airport's day at its own midnight, and LOCAL is the airport's zone", () => {
    expect(new Date(startOfDayMs("2026-11-22", "America/New_York")).toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(new Date(startOfDayMs("2026-07-01", "Europe/Madrid")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(zoneAt("local", "America/New_York")).toBe("America/New_York");
    expect(zoneAt("utc", "America/New_York")).toBe("UTC");
  });
});
