/**
 * `zonedDateTime` reads a zone's offset once per quarter hour (issue 35: a season's table read
 * tens of thousands of instants through TZDate). It must show exactly what the IANA database says,
 * Mexico City's daylight-saving years included.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { dayOf } from "../../src/domain/turnover/time";
import { LOCAL_ZONE, UTC_ZONE, zonedDateTime } from "../../src/domain/zones";

const slow = (ms: number, zone: string) => {
  const local = new TZDate(ms, zone);
  return { day: format(local, "yyyy-MM-dd"), date: format(local, "dd/MM/yyyy"), time: format(local, "HH:mm") };
};

describe("zonedDateTime", () => {
  it("matches the IANA database minute by minute around Mexico City's last clock changes", () => {
    // 2022-04-03 (to −5) and 2022-10-30 (back to −6, for good), each ±3 hours, every minute.
    for (const change of [Date.UTC(2022, 3, 3, 8), Date.UTC(2022, 9, 30, 7)]) {
      for (let ms = change - 3 * 3_600_000; ms <= change + 3 * 3_600_000; ms += 60_000) {
        expect(zonedDateTime(ms, LOCAL_ZONE)).toEqual(slow(ms, LOCAL_ZONE));
      }
    }
  });

  it("matches it every 53 minutes over the season W26 in both zones, and dayOf agrees", () => {
    for (let ms = Date.UTC(2026, 9, 25); ms < Date.UTC(2027, 2, 28); ms += 53 * 60_000 + 13_000) {
      expect(zonedDateTime(ms, LOCAL_ZONE)).toEqual(slow(ms, LOCAL_ZONE));
      expect(zonedDateTime(ms, UTC_ZONE)).toEqual(slow(ms, UTC_ZONE));
      expect(dayOf(ms, LOCAL_ZONE)).toBe(slow(ms, LOCAL_ZONE).day);
    }
  });

  it("puts a late-evening local departure on the previous UTC day", () => {
    const ms = Date.parse("2026-11-23T04:30:00Z");
    expect(zonedDateTime(ms, LOCAL_ZONE)).toEqual({ day: "2026-11-22", date: "22/11/2026", time: "22:30" });
    expect(zonedDateTime(ms, UTC_ZONE)).toEqual({ day: "2026-11-23", date: "23/11/2026", time: "04:30" });
  });
});
