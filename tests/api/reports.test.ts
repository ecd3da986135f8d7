/**
 * Reportes through the HTTP interface (issue 14 items 1–3, seed 001 §2.7, §6, §7, §8): each
 * report of the turnover fixture's day in both zones, the hand-kept and hand-added rows, the
 * files (the workbook read back with exceljs, the csv of Matrículas and the FIDS), 'Añadir
 * registro' with its filters, the seed's 404 and the refused roles of every operation.
 */
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { queryRows } from "../../src/server/db/sql";
import { renderReportFile } from "../../src/server/reports/files";
import { addSlotHistory, FIXTURE_DATE, FIXTURE_NOW, type Fixture, loadTurnoverFixture } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type ReportAnswer = components["schemas"]["ReportAnswer"];
const NO_DATA = "No se han encontrado datos para el rango y la temporada seleccionados";

let server: TestServer;
let fixture: Fixture;
let admin: TestClient;
let slot: TestClient;
let seguimiento: TestClient;
let reportes: TestClient;
let seasonId: number;

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
  await addSlotHistory(server.handle.db, fixture.slots.pair ?? 0, {
    at: "2026-11-10T15:00:00Z",
    reference: 101,
    requestType: "Modificación",
    actual: null,
    request: "VB100",
    response: "K",
  });
  await addSlotHistory(server.handle.db, fixture.slots.pair ?? 0, {
    at: "2026-11-12T09:30:00Z",
    reference: 102,
    requestType: "Modificación",
    actual: null,
    request: "VB100",
    response: "K",
  });
  [admin, slot, seguimiento, reportes] = await Promise.all([
    server.signIn("Admin"),
    server.signIn("Slot"),
    server.signIn("Seguimiento"),
    server.signIn("Reportes"),
  ]);
  const [w26] = await queryRows<{ id: number }>(server.handle.db, sql`select id from seasons where name = 'W26'`);
  seasonId = w26?.id ?? 0;
}, 60_000);
afterAll(() => server.close());

const day = { start: FIXTURE_DATE, end: FIXTURE_DATE };
const get = (client: TestClient, type: string, query: Record<string, string | number> = {}) =>
  client.ok("getReport", { params: { type }, query: { ...day, timezone: "zulu", ...query } }) as Promise<ReportAnswer>;

describe("GET /api/reports/{type}/get_report/ (getReport)", () => {
  it("Demoras completas: the flights more than 15 minutes off their slot, with their causes", async () => {
    const report = await get(reportes, "full_delays");
    expect(report.name).toBe("Demoras completas");
    expect(report.rows.map((row) => ("flight" in row ? row.flight : null))).toEqual(["VB100", "VB104"]);
    expect(report.rows[0]).toMatchObject({
      direction: "L",
      origin: "MTY",
      destination: "MEX",
      assigned_time: "10:00",
      real_time: "10:25",
      difference: 25,
      code_1: "93",
      general_cause: "Reaccionarias",
      status_new: null,
    });
  });

  it("writes every time in the chosen zone: LOCAL is Mexico City", async () => {
    const report = await get(admin, "full_delays", { timezone: "local" });
    expect(report.rows[0]).toMatchObject({ date: "2026-11-20", assigned_time: "04:00", real_time: "04:25" });
  });

  it("Asignación de slots pairs each arrival with the next departure of the same aircraft", async () => {
    const report = await get(slot, "slot_assignment");
    expect(report.rows).toHaveLength(4);
    expect(report.rows[0]).toMatchObject({
      arr_flight: "VB100",
      arr_sta: "10:05",
      arr_slot: "10:00",
      arr_within_15: false,
      arr_over_15: true,
      dep_flight: "VB102",
      dep_slot: "12:00",
      dep_within_15: true,
      register: "XA-VBA",
    });
    // The charter without slot has no ±15 answer.
    expect(report.rows[3]).toMatchObject({ arr_flight: "VB112", dep_flight: "VB900", dep_slot: null, dep_within_15: null });
  });

  it("Demoras Tovar, Matrículas, Fin de mes and Comparecencia", async () => {
    const tovar = await get(reportes, "tovar_delays");
    expect(tovar.rows.map((row) => ("flight" in row ? row.flight : null))).toEqual(["VB100", "VB104"]);
    const plates = await get(reportes, "plates");
    expect(plates.rows).toEqual([expect.objectContaining({ register: "XA-VBA", operations: 6, first_date: FIXTURE_DATE })]);
    const month = await get(reportes, "end_of_month");
    expect(month.rows).toEqual([]);
    expect(month.sections?.cancellation.map((row) => row.flight)).toEqual(["VB110"]);
    expect(month.sections?.operation).toHaveLength(6);
    expect(month.sections?.returned_to_position).toEqual([]);
    const appearance = await get(reportes, "appearance");
    expect(appearance.rows).toHaveLength(8);
    expect(appearance.rows[1]).toMatchObject({
      flight: "VB100",
      slot_id: fixture.slots.pair,
      ata: "10:25",
      actual_difference: 25,
      changes: 2,
      last_change: "2026-11-12T09:30:00Z",
    });
  });

  it("keeps only the rows left on screen and adds the ones added by hand, marked new", async () => {
    const pair = await fixture.matchOfSlot("pair");
    const onTime = await fixture.matchOfSlot("onTime");
    const report = await get(seguimiento, "full_delays", { match_ids: String(pair), new_match_ids: String(onTime) });
    expect(report.rows.map((row) => [("flight" in row ? row.flight : ""), row.status_new])).toEqual([
      ["VB100", null],
      ["VB102", "new"],
    ]);
    const month = await get(seguimiento, "end_of_month", { new_match_ids: String(pair), new_match_section: "cancellation" });
    expect(month.sections?.cancellation.map((row) => [row.flight, row.status_new])).toEqual([
      ["VB110", null],
      ["VB100", "new"],
    ]);
  });

  it("answers the seed's 404 for a range or season without data, and 400/404 for bad input", async () => {
    const empty = await reportes.fail("getReport", { params: { type: "full_delays" }, query: { start: "2026-12-20", end: "2026-12-20" } });
    expect(empty).toMatchObject({ status: 404, body: { message: NO_DATA } });
    const [s27] = await queryRows<{ id: number }>(
      server.handle.db,
      sql`insert into seasons (name, start_date, end_date) values ('S28', '2028-03-26', '2028-10-28') returning id`,
    );
    const other = await reportes.fail("getReport", { params: { type: "plates" }, query: { ...day, season: s27?.id ?? 0 } });
    expect(other).toMatchObject({ status: 404, body: { message: NO_DATA } });
    expect((await get(reportes, "plates", { season: seasonId })).season).toBe("W26");
    const unknown = await reportes.fail("getReport", { params: { type: "fids_weekly" }, query: day });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/[a-záéíóú]/);
    const reversed = await reportes.fail("getReport", { params: { type: "plates" }, query: { start: "2026-11-21", end: "2026-11-20" } });
    expect(reversed).toMatchObject({ status: 400, body: { message: "La fecha final no puede ser anterior a la fecha inicial." } });
  });

  it("refuses anonymous callers", async () => {
    expect((await server.client().fail("getReport", { params: { type: "plates" }, query: day })).status).toBe(401);
  });
});

describe("POST /api/reports/{type}/download_report/ (downloadReport)", () => {
  const download = (client: TestClient, type: string, body: Record<string, unknown> = {}) =>
    client.call("downloadReport", { params: { type }, body: { ...day, timezone: "zulu", ...body } });

  it("is a real workbook: styled frozen header, widths, dates as dates, filters on", async () => {
    const response = await download(reportes, "full_delays", { timezone: "local" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("DEMORAS COMPLETAS 20 nov.xlsx")}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.bytes).buffer);
    const sheet = workbook.getWorksheet("Demoras completas");
    if (!sheet) throw new Error("missing sheet");
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(["Fecha", "Vuelo", "Hora asignada", "Hora real", "Causa general"]));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(10);
    const date = sheet.getRow(2).getCell(1).value;
    expect(date).toBeInstanceOf(Date);
    expect(date instanceof Date ? date.toISOString() : "").toBe("2026-11-20T00:00:00.000Z");
    expect(sheet.getRow(2).getCell(3).value).toBe("VB100");
    // LOCAL: the slot at 10:00 UTC is 04:00 in Mexico City.
    expect(sheet.getRow(2).getCell(8).value).toBe("04:00");
    expect(sheet.rowCount).toBe(3);
  });

  it("Fin de mes has its three lists as sheets", async () => {
    const response = await download(slot, "end_of_month");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.bytes).buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Regresos a posición", "Cancelaciones", "Registro de operaciones"]);
    expect(workbook.getWorksheet("Cancelaciones")?.getRow(2).getCell(3).value).toBe("VB110");
  });

  it("Matrículas and the FIDS are csv", async () => {
    const plates = await download(reportes, "plates");
    expect(plates.headers["content-type"]).toContain("text/csv");
    expect(plates.headers["content-disposition"]).toContain(encodeURIComponent("MATRÍCULAS 20 nov.csv"));
    expect(plates.text).toContain("Matrícula;Equipo;Operaciones;Primer día;Último día");
    expect(plates.text).toContain("XA-VBA;320;6;20/11/2026;20/11/2026");
    const fids = await download(admin, "slot_assignment", { format: "csv" });
    expect(fids.headers["content-disposition"]).toContain("FIDS 20 nov.csv");
    expect(fids.text.split("\r\n")[0]).toBe("\uFEFFCampo 1;Campo 2;Campo 3;Campo 4;Campo 5;Campo 6;Campo 7;Campo 8;Campo 9;Campo 10;Campo 11");
    expect(fids.text).toContain("20/11/2026;VB100;L;MTY;10:05;10:00;XA-VBA;320;180;J;DIFF");
  });

  it("answers the seed's 404 without data, and refuses anonymous callers and a missing CSRF token", async () => {
    const empty = await download(reportes, "appearance", { start: "2026-12-20", end: "2026-12-20" });
    expect(empty.status).toBe(404);
    expect(empty.json).toMatchObject({ message: NO_DATA });
    expect((await download(server.client(), "plates")).status).toBe(401);
    const noCsrf = await reportes.call("downloadReport", { params: { type: "plates" }, body: day, csrf: false });
    expect(noCsrf.status).toBe(403);
  });

  it("renderReportFile gives the same file to the sender (reports-send)", async () => {
    const file = await renderReportFile(server.handle.db, "tovar_delays", { ...day, timezone: "zulu" }, FIXTURE_NOW);
    expect(file.fileName).toBe("DEMORAS TOVAR 20 nov.xlsx");
    expect(file.contentType).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file.content).buffer);
    expect(workbook.getWorksheet("Demoras Tovar")?.rowCount).toBe(3);
  });
});

describe("GET /api/reports/add_records/ (listReportAddRecords)", () => {
  const records = (client: TestClient, query: Record<string, string> = {}) =>
    client.ok("listReportAddRecords", { query: { ...day, timezone: "zulu", ...query } });

  it("lists the range's arrivals by default, filtered by flight, hours and weekday", async () => {
    const all = await records(seguimiento);
    expect(all.map((row) => row.flight)).toEqual(["VB100", "VB106", "VB108", "VB112"]);
    expect(all[0]).toMatchObject({ type: "L", slot: "10:00", schedule: "10:25", diff: 25, date: FIXTURE_DATE, airport: "MTY" });
    expect((await records(admin, { slot_type: "S", flights: "104,900" })).map((row) => row.flight)).toEqual(["VB104", "VB900"]);
    expect((await records(slot, { hour_range: "15:00-19:00" })).map((row) => row.flight)).toEqual(["VB106", "VB108"]);
    // 2026-11-20 is a Friday (5); 'Todas' (0) means every day.
    expect(await records(slot, { frequency: "1,2" })).toEqual([]);
    expect(await records(slot, { frequency: "5" })).toHaveLength(4);
    expect(await records(slot, { frequency: "0" })).toHaveLength(4);
  });

  it("refuses a reversed hour range and the Reportes role (seed 001 §6)", async () => {
    const reversed = await slot.fail("listReportAddRecords", { query: { ...day, hour_range: "20:00-10:00" } });
    expect(reversed.status).toBe(400);
    const refused = await reportes.fail("listReportAddRecords", { query: day });
    expect(refused.status).toBe(403);
    expect((await server.client().fail("listReportAddRecords", { query: day })).status).toBe(401);
  });
});
