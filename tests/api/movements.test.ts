/**
 * Movement messages applied (issue 23 item 2) through Cargas de datos: an MVT batch moves the
 * turnover's real differences and the history's usage; the same batch twice changes nothing; a
 * message for a flight not known yet waits and is applied by a later flights load; a COR twice is
 * applied once; another station is skipped with a warning; a message in error leaves the others
 * applied; Seguimiento is refused.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { queryRows } from "../../src/server/db/sql";
import { feedKind } from "../../src/server/loads/feed";
import { countRows, FIXTURE_DATE, FIXTURE_NOW, type Fixture, loadTurnoverFixture } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type Row = components["schemas"]["TurnoverRow"];

let server: TestServer;
let fixture: Fixture;
let slot: TestClient;
let reportes: TestClient;
let seguimiento: TestClient;
let seasonId = 0;

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
  [slot, reportes, seguimiento] = await Promise.all([server.signIn("Slot"), server.signIn("Reportes"), server.signIn("Seguimiento")]);
  const [w26] = await queryRows<{ id: number }>(server.handle.db, sql`select id from seasons where name = 'W26'`);
  seasonId = w26?.id ?? 0;
});
afterAll(() => server.close());

const D = FIXTURE_DATE;
/** VB104 leaves MEX (slot 14:00, STD 14:30, flown 14:40 until now): off-block 14:10, a sub-code. */
const DEPARTURE = "MVT\r\nVB104/20.XA-VBA.MEX\r\nAD1410/1418 EA1630 CUN\r\nDL93A/11/0005/0005\r\nPX180";
/** VB100 lands at MEX (slot 10:00, STA 10:05, flown 10:25 until now): on-block 10:08. */
const ARRIVAL = "MVT\nVB100/20.XAVBA.MEX\nAA1002/1008";
/** VB106 (a leftover slot at 16:00): Slotdesk has no flight for it yet. */
const UNKNOWN = "MVT\nVB106/20.XAVBC.MEX\nAA1555/1602";
/** A departure from Guadalajara: not a movement at MEX. */
const OTHER_STATION = "MVT\nVB102/20.XAVBA.GDL\nAD1000/1010";
/** VB112 lands at MEX on-block at 17:05, before it left Hermosillo (18:42): an error of that message. */
const BEFORE_DEPARTURE = "MVT\nVB112/20.XAVBA.MEX\nAA1700/1705";
const BATCH = [DEPARTURE, ARRIVAL, UNKNOWN, OTHER_STATION, BEFORE_DEPARTURE].join("\n\n");

const turnover = async (): Promise<Row[]> => reportes.ok("getTurnover", { body: { start: D, end: D, time_zone: "UTC" } });
const rowOf = (rows: Row[], slotName: string) => rows.find((r) => r.slot_name === slotName);
const chargeable = async () => {
  const series = await reportes.ok("listHistory", { query: { season_id: seasonId, airport: "MEX" } });
  return series.reduce((n, s) => n + s.counts.chargeable, 0);
};
const pending = () => countRows(server.handle.db, "mvt_pending");

describe("MVT through Cargas de datos", () => {
  it("previews without writing, refuses the message in error unless left out, then moves the real differences and the history", async () => {
    const before = await turnover();
    expect(rowOf(before, "VB104")).toMatchObject({ real_difference: 40, general_status: "AH" });
    expect(rowOf(before, "VB100")).toMatchObject({ real_difference: 25 });
    const chargeableBefore = await chargeable();

    const preview = await slot.ok("previewDataLoad", { body: { kind: "mvt", file_name: "mex.mvt", content: BATCH } });
    expect(preview.counts).toEqual({ lines: 5, new: 0, changed: 2, unchanged: 0, skipped: 2, pending: 1 });
    expect(preview.errors).toBe(1);
    expect(preview.rematch_dates).toEqual([D]);
    // Which flights would change, before → after (issue 36 item 11): times local at MEX.
    expect(preview.changes).toEqual({
      total: 4,
      truncated: false,
      items: [
        { flight: "VB104", date: D, field: "Llegada estimada", before: "20/11/2026 10:00", after: "20/11/2026 10:30" },
        { flight: "VB104", date: D, field: "Salida real", before: "20/11/2026 08:40", after: "20/11/2026 08:10" },
        { flight: "VB104", date: D, field: "Códigos de demora", before: "—", after: "93 (5 min), 11 (5 min)" },
        { flight: "VB100", date: D, field: "Llegada real", before: "20/11/2026 04:25", after: "20/11/2026 04:08" },
      ],
    });
    const messages = preview.problems.map((p) => `${p.severity}: ${p.message}`).join("\n");
    expect(messages).toContain("aviso: El vuelo VB106 del día 20 no está en Slotdesk: el mensaje queda pendiente y se aplicará cuando llegue el vuelo.");
    expect(messages).toContain("El mensaje es de la estación GDL, no de MEX: no se aplica");
    expect(messages).toContain("93A se leyó como 93");
    expect(preview.problems.find((p) => p.severity === "error")?.message).toContain("queda antes de la salida real");
    expect(await pending()).toBe(0);
    expect(await turnover()).toEqual(before);

    const refused = await slot.fail("applyDataLoad", { body: { kind: "mvt", file_name: "mex.mvt", content: BATCH } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("tiene un error");
    expect(await turnover()).toEqual(before);
    expect(await pending()).toBe(0);

    const applied = await slot.ok("applyDataLoad", { body: { kind: "mvt", file_name: "mex.mvt", content: BATCH, skip_errors: true } });
    expect(applied).toMatchObject({ kind: "mvt", status: "applied", errors: 1 });
    expect(applied.counts).toEqual(preview.counts);
    const rows = await turnover();
    expect(rowOf(rows, "VB104")).toMatchObject({
      real_difference: 10,
      general_status: "AH",
      flight_actual_datetime_dep: `${D}T14:10:00Z`,
      has_codes: true,
    });
    expect(rowOf(rows, "VB104")?.codes).toMatchObject({ first_code: "93", first_time: 5, second_code: "11", second_time: 5 });
    expect(rowOf(rows, "VB100")).toMatchObject({ real_difference: 8, flight_actual_datetime_arr: `${D}T10:08:00Z` });
    // VB112's arrival and VB102's departure are as they were.
    expect(rowOf(rows, "VB112")).toEqual(rowOf(before, "VB112"));
    expect(rowOf(rows, "VB102")).toEqual(rowOf(before, "VB102"));
    expect(await chargeable()).toBeLessThan(chargeableBefore);
    expect(await pending()).toBe(1);

    const [viewer] = await reportes.ok("getMatch", { params: { id: await fixture.matchOfFlight("offSlot") } });
    expect(viewer?.flight_actual_sources).toEqual({ departure: { source: "mvt", at: "2026-11-22T12:00:00Z" }, arrival: null });
  });

  it("changes nothing when the same batch comes again, and keeps the waiting message once", async () => {
    const before = await turnover();
    const again = await slot.ok("applyDataLoad", { body: { kind: "mvt", content: BATCH, skip_errors: true } });
    expect(again.counts).toEqual({ lines: 5, new: 0, changed: 0, unchanged: 2, skipped: 2, pending: 1 });
    expect(again.rematch_dates).toEqual([]);
    expect(await turnover()).toEqual(before);
    expect(await pending()).toBe(1);
  });

  it("applies the waiting message when a flights load brings its flight", async () => {
    expect(rowOf(await turnover(), "VB106")).toMatchObject({ flight_id: null, general_status: "A" });
    const csv =
      "flight_number;date;direction;origin;destination;std;sta;atd;ata;registration;aircraft_type;seats\n" +
      `VB106;${D};L;TIJ;MEX;${D} 13:10;${D} 16:00;${D} 13:15;;XA-VBC;320;180\n`;
    const loaded = await slot.ok("applyDataLoad", { body: { kind: "flights", file_name: "aims.csv", content: csv } });
    expect(loaded.counts).toMatchObject({ new: 1, pending: 0 });
    expect(await pending()).toBe(0);
    const row = rowOf(await turnover(), "VB106");
    expect(row).toMatchObject({ flight_name: "VB106", real_difference: 2, flight_actual_datetime_arr: `${D}T16:02:00Z` });
    const [viewer] = await reportes.ok("getMatch", { params: { id: row?.id ?? 0 } });
    expect(viewer?.flight_actual_sources?.departure?.source).toBe("csv");
    expect(viewer?.flight_actual_sources?.arrival).toMatchObject({ source: "mvt" });
  });

  it("applies a COR once: it replaces what the original said, and the second time changes nothing", async () => {
    const cor = "COR\nMVT\nVB104/20.XAVBA.MEX\nAD1412/1420\nDL11/0012";
    const first = await slot.ok("applyDataLoad", { body: { kind: "mvt", content: cor } });
    expect(first.counts).toMatchObject({ changed: 1, unchanged: 0 });
    const row = rowOf(await turnover(), "VB104");
    expect(row).toMatchObject({ real_difference: 12 });
    // The COR's delays replace the original's.
    expect(row?.codes).toMatchObject({ first_code: "11", first_time: 12, second_code: null });
    const second = await slot.ok("applyDataLoad", { body: { kind: "mvt", content: cor } });
    expect(second.counts).toMatchObject({ changed: 0, unchanged: 1 });
    expect(rowOf(await turnover(), "VB104")).toEqual(row);
  });

  it("never touches the team's own delay evaluation", async () => {
    const id = await fixture.matchOfFlight("pair");
    await slot.ok("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "41", minutes: 8 }] } });
    await slot.ok("applyDataLoad", { body: { kind: "mvt", content: "COR\nMVT\nVB100/20.XAVBA.MEX\nAA1003/1009" } });
    const [row] = await reportes.ok("getMatch", { params: { id } });
    expect(row).toMatchObject({ real_difference: 9 });
    expect(row?.codes).toMatchObject({ first_code: "41", first_time: 8 });
  });

  it("applies an out-station's estimate of the arrival at MEX (EA … MEX from MTY) to the inbound flight, and nothing else of it", async () => {
    const estimated = async () => {
      const [row] = await queryRows<{ estimated_arrival: string | null; actual_departure: string | null }>(
        server.handle.db,
        sql`select to_char(estimated_arrival at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as estimated_arrival,
                   to_char(actual_departure at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as actual_departure
              from flights where flight_number = 'VB100' and movement_date = '2026-11-21'`,
      );
      return row;
    };
    const before = await estimated();
    // VB100 leaves Monterrey on the 21st; MTY's departure message gives its estimate at MEX.
    const content = "MVT\nVB100/21.XAVBA.MTY\nAD0815/0822 EA211047 MEX\nDL93/0012";
    const preview = await slot.ok("previewDataLoad", { body: { kind: "mvt", content } });
    expect(preview.counts).toMatchObject({ changed: 1, skipped: 0 });
    expect(preview.problems.map((p) => p.message)).toContain(
      "El mensaje es de la estación MTY: de él se aplica solo la llegada estimada a MEX (EA 211047) al vuelo de llegada",
    );
    await slot.ok("applyDataLoad", { body: { kind: "mvt", content } });
    // The estimate is MEX's; MTY's off-block is not the arrival flight's actual time at MEX.
    expect(await estimated()).toEqual({ estimated_arrival: "2026-11-21T10:47Z", actual_departure: before?.actual_departure ?? null });
    // A message of another station without an estimate for MEX stays skipped.
    const other = await slot.ok("previewDataLoad", { body: { kind: "mvt", content: "MVT\nVB100/21.XAVBA.MTY\nAD0815/0822 EA1047 GDL" } });
    expect(other.counts).toMatchObject({ changed: 0, skipped: 1 });
  });

  it("is told apart in the feed folder by its extension or its first line", () => {
    expect(feedKind("0605.mvt", "QU MEXKOVB\n.MEXKOXH 260605\nMVT\n")).toBe("mvt");
    expect(feedKind("0605.txt", "\r\n  mvt\r\nVB104/20.XAVBA.MEX\r\n")).toBe("mvt");
    expect(feedKind("0605.txt", "COR\nMVT\nVB104/20.XAVBA.MEX\n")).toBe("mvt");
    expect(feedKind("0605.txt", "QU MEXKOVB\nMVT\n")).toBeNull();
  });

  it("is for Admin and Slot only", async () => {
    for (const id of ["previewDataLoad", "applyDataLoad"] as const) {
      expect((await seguimiento.fail(id, { body: { kind: "mvt", content: ARRIVAL } })).status).toBe(403);
    }
  });
});
