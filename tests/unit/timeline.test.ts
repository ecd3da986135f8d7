import { describe, expect, it } from "vitest";
import {
  chipsInColumns,
  dayChips,
  fetchRange,
  HOUR_MS,
  HOUR_WIDTH,
  hourCells,
  hourlyLoad,
  hourX,
  layoutTimeline,
  nowX,
  type TimelineSource,
  timelineWindow,
  visibleColumns,
  visibleRows,
} from "../../src/domain/timeline";
import { LOCAL_ZONE, UTC_ZONE } from "../../src/domain/zones";

const source = (overrides: Partial<TimelineSource> & Pick<TimelineSource, "id">): TimelineSource => ({
  is_arrival: true,
  general_status: "OK",
  flight_id: overrides.id + 1000,
  slot_id: overrides.id + 2000,
  flight_name: `VB${overrides.id}`,
  flight_route: "MTY-MEX",
  flight_scheduled: "2026-11-10T14:05:00.000Z",
  flight_real: null,
  flight_register: "XA-VBA",
  flight_cancellation: null,
  slot_name: `VB${overrides.id}`,
  slot_route: "MTY",
  slot_date: "2026-11-10",
  slot_time: "14:05",
  ...overrides,
});

describe("timeline window", () => {
  it("runs from 18:00 of the previous day to the end day plus 28 hours, in the zone the days are read in", () => {
    const utc = timelineWindow({ start: "2026-11-10", end: "2026-11-10" }, UTC_ZONE);
    expect(new Date(utc.startMs).toISOString()).toBe("2026-11-09T18:00:00.000Z");
    expect(new Date(utc.endMs).toISOString()).toBe("2026-11-11T04:00:00.000Z");
    expect(utc.hours).toBe(34);
    expect(utc.width).toBe(34 * 96);
    // LOCAL: 18:00 Mexico City of Nov 9 is 00:00 UTC of Nov 10.
    const local = timelineWindow({ start: "2026-11-10", end: "2026-11-10" }, LOCAL_ZONE);
    expect(new Date(local.startMs).toISOString()).toBe("2026-11-10T00:00:00.000Z");
    expect(local.clamped).toBe(false);
  });

  it("shows at most 28 days", () => {
    const window = timelineWindow({ start: "2026-11-01", end: "2026-12-31" }, UTC_ZONE);
    expect(window.clamped).toBe(true);
    expect(window.range).toEqual({ start: "2026-11-01", end: "2026-11-28" });
    expect(window.hours).toBe(27 * 24 + 34);
    expect(fetchRange(window)).toEqual({ start: "2026-10-31", end: "2026-11-30" });
  });
});

describe("hour positions", () => {
  const window = timelineWindow({ start: "2026-11-10", end: "2026-11-10" }, UTC_ZONE);

  it("puts an instant in its UTC hour's 96 px column", () => {
    expect(hourX(Date.parse("2026-11-09T18:00:00Z"), window)).toBe(0);
    expect(hourX(Date.parse("2026-11-10T14:59:00Z"), window)).toBe(20 * HOUR_WIDTH);
    expect(hourX(Date.parse("2026-11-09T17:59:00Z"), window)).toBeNull();
    expect(hourX(Date.parse("2026-11-11T04:00:00Z"), window)).toBeNull();
  });

  it("reads the CDMX row through the zone database: UTC−6 today, UTC−5 in the summer of 2022", () => {
    const first = hourCells(window)[0];
    expect(first).toMatchObject({ column: 0, x: 0, utcHour: 18, cdmxHour: 12 });
    const summer = timelineWindow({ start: "2022-07-01", end: "2022-07-01" }, UTC_ZONE);
    expect(hourCells(summer)[0]).toMatchObject({ utcHour: 18, cdmxHour: 13 });
  });

  it("puts day chips at hour 0 of each row", () => {
    const chips = dayChips(window);
    expect(chips.filter((chip) => chip.zone === UTC_ZONE).map((chip) => [chip.x, chip.label])).toEqual([
      [6 * HOUR_WIDTH, "10/11/2026"],
      [30 * HOUR_WIDTH, "11/11/2026"],
    ]);
    // 00:00 CDMX is 06:00 UTC.
    expect(chips.filter((chip) => chip.zone === LOCAL_ZONE).map((chip) => [chip.x, chip.label])).toEqual([
      [12 * HOUR_WIDTH, "10/11/2026"],
    ]);
  });

  it("places 'AHORA' to the minute, and nowhere outside the range", () => {
    expect(nowX(Date.parse("2026-11-10T00:30:00Z"), window)).toBe(6.5 * HOUR_WIDTH);
    expect(nowX(Date.parse("2026-11-12T00:00:00Z"), window)).toBeNull();
  });
});

describe("virtualisation", () => {
  const window = timelineWindow({ start: "2026-11-01", end: "2026-11-28" }, UTC_ZONE);

  it("shows only the columns in the viewport plus an overscan", () => {
    expect(visibleColumns(0, 960, window)).toEqual({ first: 0, last: 12 });
    expect(visibleColumns(96 * 100 + 10, 960, window)).toEqual({ first: 98, last: 113 });
    expect(visibleColumns(window.width - 960, 960, window, 0).last).toBe(window.hours - 1);
  });

  it("shows only the rows in the viewport plus an overscan", () => {
    const tops = Array.from({ length: 1001 }, (_, index) => index * 34);
    expect(visibleRows(0, 340, tops, 0)).toEqual({ first: 0, last: 10 });
    expect(visibleRows(34 * 500 + 5, 340, tops, 2)).toEqual({ first: 498, last: 512 });
    expect(visibleRows(0, 340, [0])).toEqual({ first: 0, last: -1 });
  });
});

describe("rows and chips", () => {
  const window = timelineWindow({ start: "2026-11-10", end: "2026-11-10" }, UTC_ZONE);

  it("gives each registration a row, leftover slots their own row last, and stacks chips of one hour", () => {
    const layout = layoutTimeline(
      [
        source({ id: 1, flight_register: "XA-VBB" }),
        source({ id: 2, flight_register: "XA-VBA", flight_scheduled: "2026-11-10T14:50:00.000Z" }),
        source({ id: 3, flight_register: "XA-VBA", flight_scheduled: "2026-11-10T14:10:00.000Z" }),
        source({ id: 4, flight_id: null, flight_register: null, flight_scheduled: null, slot_time: "09:00" }),
        source({ id: 5, slot_id: null, slot_date: null, slot_time: null, flight_register: "XA-VBA", flight_scheduled: "2026-11-10T16:00:00.000Z" }),
        source({ id: 6, flight_scheduled: "2026-12-01T10:00:00.000Z" }),
      ],
      window,
    );
    expect(layout.rows.map((row) => row.key)).toEqual(["XA-VBA", "XA-VBB", "leftover"]);
    const [vba, , leftover] = layout.rows;
    expect(vba?.chips.map((chip) => [chip.row.id, chip.column, chip.lane, chip.kind])).toEqual([
      [3, 20, 0, "match"],
      [2, 20, 1, "match"],
      [5, 22, 0, "no_slot"],
    ]);
    expect(vba?.lanes).toBe(2);
    expect(leftover?.chips.map((chip) => [chip.kind, chip.x])).toEqual([["leftover", 15 * HOUR_WIDTH]]);
    expect(layout.tops).toHaveLength(4);
    expect(layout.chipCount).toBe(5);
    expect(vba && chipsInColumns(vba, 21, 30).map((chip) => chip.row.id)).toEqual([5]);
  });

  it("counts slots and movements per hour and marks the hours off the slots", () => {
    const load = hourlyLoad(
      [
        source({ id: 1 }),
        // Flown an hour late: its slot's hour lacks a movement and the next has one too many.
        source({ id: 2, flight_real: "2026-11-10T15:20:00.000Z" }),
        source({ id: 3, flight_cancellation: { description: "Cancelado", timestamp: null } }),
      ],
      window,
    );
    const at = (iso: string) => load[(Date.parse(iso) - window.startMs) / HOUR_MS];
    expect(at("2026-11-10T14:00:00Z")).toMatchObject({ slots: 3, movements: 1, off: true });
    expect(at("2026-11-10T15:00:00Z")).toMatchObject({ slots: 0, movements: 1, off: true });
    expect(at("2026-11-10T13:00:00Z")).toMatchObject({ slots: 0, movements: 0, off: false });
  });
});
