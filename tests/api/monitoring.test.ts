/**
 * Monitoreo through the HTTP interface (issue 27 items 3 and 4): a crafted week 47 of W26 with a
 * row of every category and every state, the default week, the early warning and its retime
 * lines, bad weeks and shifts (400 in Spanish), and the refused roles.
 */
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../src/domain/seasons";
import { flaggedSeries, seriesOperations } from "../../src/domain/monitoring/warning";
import { queryRows } from "../../src/server/db/sql";
import { seasonSlots } from "../../src/server/history/read";
import { seasonCacheStats } from "../../src/server/monitoring/seasonCache";
import { rematch } from "../../src/server/matching/rematch";
import { renderReportFile } from "../../src/server/reports/files";
import { addSlotHistory, type FlightSpec, insertFlight } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

/** Monday 23 November 2026 at noon UTC: week 47 (16–22 Nov) is the last whole week. */
const NOW = new Date("2026-11-23T12:00:00Z");
let server: TestServer;
let slot: TestClient;
let seguimiento: TestClient;
let reportes: TestClient;
let seasonId: number;
const ids: Record<string, number> = {};

async function insertSlot(key: string, serie: number, flightNumber: string, date: string, time: string, fields: { status?: string; aircraft?: string } = {}) {
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const [row] = await queryRows<{ id: number }>(
    server.handle.db,
    sql`insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
        values ('W26', ${serie}, ${flightNumber}, ${date}, ${time}, true, 'GDL', ${weekday}, ${fields.aircraft ?? "320"}, 180, ${fields.status ?? "D"})
        returning id`,
  );
  ids[key] = row?.id ?? 0;
  return row?.id ?? 0;
}

const at = (date: string, time: string, minutes = 0) => new Date(Date.parse(`${date}T${time}:00Z`) + minutes * 60_000).toISOString();

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  const db = server.handle.db;
  const dates = new Set<string>();
  const arrival = async (key: string, flightNumber: string, date: string, time: string, fields: Partial<FlightSpec>) => {
    dates.add(date);
    ids[key] = await insertFlight(db, { key, flightNumber, isArrival: true, station: "GDL", scheduled: at(date, time), actual: at(date, time), ...fields });
  };

  // Series 10, VB100 on Mondays at 08:00, flies 10 minutes late every week (a late series, flagged);
  // on 16 Nov 25 minutes late: off the tolerance. Its slots run until 21 December.
  for (let week = 0; week < 9; week++) {
    const date = addDays("2026-10-26", week * 7);
    dates.add(date);
    await insertSlot(`s10-${date}`, 10, "VB100", date, "08:00");
    if (date > "2026-11-23") continue;
    const late = date === "2026-11-16" ? 25 : 10;
    await arrival(`f10-${date}`, "VB100", date, "08:00", { actual: at(date, "08:00", late), delays: late === 25 ? [{ code: "93", minutes: 25 }] : [] });
  }
  // Series 11, VB110 on Tuesdays at 09:00: on 17 Nov, no flight at all (not used).
  await insertSlot("unused", 11, "VB110", "2026-11-17", "09:00");
  // Series 12, VB120: on 18 Nov the flight was cancelled; the slot is justified.
  await insertSlot("justified", 12, "VB120", "2026-11-18", "09:00");
  await arrival("cancelled", "VB120", "2026-11-18", "09:00", { status: "C", actual: null });
  // Series 13, VB130: on 19 Nov it was not used, and handed back late (corrected).
  await insertSlot("late-return", 13, "VB130", "2026-11-19", "09:00", { status: "CAN" });
  // Series 14, VB140: handed back before its time — not a discrepancy.
  await insertSlot("returned", 14, "VB140", "2026-11-20", "09:00", { status: "CAN" });
  // Series 15, VB150 on 20 Nov: scheduled 20 minutes after its slot, flown on schedule, on a 321 (slot 320).
  await insertSlot("planned", 15, "VB150", "2026-11-20", "12:00");
  await arrival("planned-flight", "VB150", "2026-11-20", "12:20", { aircraftType: "321", seats: 220 });
  // VB999 on 21 Nov: flown without a slot.
  await arrival("no-slot", "VB999", "2026-11-21", "15:00", {});
  await rematch(db, dates);

  const [reason] = await queryRows<{ id: number }>(db, sql`select id from justification_reasons order by position limit 1`);
  await db.execute(sql`insert into justifications (slot_id, kind, reason_id, note) values (${ids.justified ?? 0}, 'not_used', ${reason?.id ?? 0}, 'Mal tiempo en GDL')`);
  await addSlotHistory(db, ids["returned"] ?? 0, { at: "2026-11-15T10:00:00Z", reference: 70, requestType: "Cancelación", actual: null, request: "D", response: "K" });
  await addSlotHistory(db, ids["late-return"] ?? 0, { at: "2026-11-20T10:00:00Z", reference: 71, requestType: "Cancelación", actual: null, request: "D", response: "K" });

  [slot, seguimiento, reportes] = await Promise.all([server.signIn("Slot"), server.signIn("Seguimiento"), server.signIn("Reportes")]);
  const [w26] = await queryRows<{ id: number }>(db, sql`select id from seasons where name = 'W26'`);
  seasonId = w26?.id ?? 0;
}, 60_000);
afterAll(() => server.close());

const week = (client: TestClient, query: Record<string, string | number> = {}) => client.ok("getMonitoring", { query });

describe("GET /api/monitoring/ (getMonitoring)", () => {
  it("sorts last week into the coordinator's categories, each row with its state", async () => {
    const answer = await week(seguimiento);
    expect(answer).toMatchObject({ week: "2026-W47", start_date: "2026-11-16", end_date: "2026-11-22", season: { id: seasonId, name: "W26", tolerance: 15 } });
    expect(answer.rows.map((r) => [r.category, r.flight_number, r.date, r.state])).toEqual([
      ["off_tolerance", "VB100", "2026-11-16", "unjustified"],
      ["not_used", "VB110", "2026-11-17", "unjustified"],
      ["not_used", "VB120", "2026-11-18", "justified"],
      ["not_used", "VB130", "2026-11-19", "corrected"],
      // Flown on its schedule, 20 minutes after its slot: COORD/STT and COORD/ACTUAL both.
      ["schedule_vs_slot", "VB150", "2026-11-20", "unjustified"],
      ["off_tolerance", "VB150", "2026-11-20", "unjustified"],
      ["aircraft", "VB150", "2026-11-20", "unjustified"],
      ["no_slot", "VB999", "2026-11-21", "unjustified"],
    ]);
    const late = answer.rows[0];
    expect(late).toMatchObject({ serie: 10, slot_id: ids["s10-2026-11-16"], difference: 25, delay_codes: ["93"], tolerance: 15 });
    // Its corrective draft: the series' Monday slots still open to a modification (30 Nov on).
    expect(late?.draft).toEqual({
      kind: "modify",
      slots: ["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"].map((date) => ({ slot_id: ids[`s10-${date}`], date })),
    });
    expect(answer.rows[1]?.draft).toEqual({ kind: "cancel", slots: [{ slot_id: ids["unused"], date: "2026-11-17" }] });
    expect(answer.rows[2]).toMatchObject({ flight_cancelled: true, justification: { kind: "not_used" } });
    expect(answer.rows[3]?.correction).toMatchObject({ reference: 71, type: "Cancelación", sent_at: "2026-11-20T10:00:00.000Z" });
    expect(answer.rows[4]).toMatchObject({ difference: 20, slot_at: "2026-11-20T12:00:00.000Z", scheduled_at: "2026-11-20T12:20:00.000Z" });
    expect(answer.rows[6]).toMatchObject({ slot_aircraft: "320", flight_aircraft: "321", flight_seats: 220 });

    const count = Object.fromEntries(answer.counts.map((c) => [c.category, [c.total, c.unjustified, c.justified, c.corrected]]));
    expect(count).toEqual({
      no_slot: [1, 1, 0, 0],
      not_used: [3, 1, 1, 1],
      schedule_vs_slot: [1, 1, 0, 0],
      off_tolerance: [2, 2, 0, 0],
      aircraft: [1, 1, 0, 0],
    });
    expect(answer.corrective_scrs).toEqual([{ season: "W26", reference: 71, type: "Cancelación", sent_at: "2026-11-20T10:00:00.000Z", rows: 1 }]);
  });

  it("a corrective SCR sent and not answered is 'Solicitado (REF n)', not 'Corregido'; the coordinator's K makes it corrected, a U undoes it (issue 36 item 1)", async () => {
    const db = server.handle.db;
    const later = ids["s10-2026-11-30"] ?? 0;
    // A retime of the series' next Monday, sent on Friday and still in the outbox: nobody answered it.
    await addSlotHistory(db, later, { at: "2026-11-20T10:00:00Z", reference: 72, requestType: "Modificación", actual: "C", request: "R", response: null });
    try {
      const stateOf = async () => (await week(seguimiento)).rows.find((r) => r.category === "off_tolerance" && r.flight_number === "VB100");
      expect(await stateOf()).toMatchObject({ state: "requested", correction: { reference: 72, applied_at: null } });
      const pending = await week(seguimiento);
      expect(pending.counts.find((c) => c.category === "off_tolerance")).toMatchObject({ unjustified: 1, requested: 1, corrected: 0 });
      expect(pending.corrective_scrs.map((scr) => scr.reference)).toEqual([71]);
      const report = await reportes.ok("getReport", { params: { type: "weekly_monitoring" }, query: { start: "2026-11-16", end: "2026-11-22", timezone: "zulu", airport: "MEX" } });
      expect(report.rows.flatMap((row) => ("key" in row && row.flight === "VB100" ? [row.state] : []))).toEqual(["Solicitado (REF 72)"]);

      // The coordinator granted it: the register changed, the row is corrected.
      await addSlotHistory(db, later, { at: "2026-11-21T10:00:00Z", reference: 72, requestType: "Modificación", actual: "C", request: "K", response: "K" });
      expect(await stateOf()).toMatchObject({ state: "corrected", correction: { reference: 72, applied_at: "2026-11-21T10:00:00.000Z" } });
      await db.execute(sql`delete from slot_history where slot_id = ${later} and response = 'K'`);
      // Refused: the request corrects nothing.
      await addSlotHistory(db, later, { at: "2026-11-21T10:00:00Z", reference: 72, requestType: "Modificación", actual: "C", request: "U", response: "U" });
      expect((await stateOf())?.state).toBe("unjustified");
    } finally {
      await db.execute(sql`delete from slot_history where slot_id = ${later}`);
    }
  });

  it("lists the flagged series of the season with the proposed retime, their operations apart (issue 35 item 3)", async () => {
    const { early_warning } = await week(slot, { week: "2026-W47" });
    expect(early_warning.map((s) => s.serie)).toEqual([10]);
    const [late] = early_warning;
    expect(late).toMatchObject({
      flight_number: "VB100",
      type: "L",
      hour: ["08:00"],
      frequency: "1",
      // The proposal moves 30 Nov, 7, 14 and 21 Dec.
      punctuality: { operations: 5, verdict: "late", flagged: true, proposal: { time: "08:10", shift: 10, slots: 4 } },
    });
    expect(Object.keys(late ?? {})).not.toContain("operations");
    const picture = await slot.ok("getMonitoringOperations", { query: { season_id: seasonId, serie: 10 } });
    expect(picture).toMatchObject({ season: "W26", serie: 10 });
    expect(picture.operations.map((o) => o.deviation)).toEqual([10, 10, 10, 25, 10]);
    // What the whole answer held for the series before it was trimmed: the domain's test, on every slot of the season.
    const whole = flaggedSeries(await seasonSlots(server.handle.db, "W26"), "W26", 15, NOW);
    expect(whole.map(({ serie, punctuality }) => ({ serie, punctuality }))).toEqual(early_warning.map(({ serie, punctuality }) => ({ serie, punctuality })));
    const { operations: seasonOperations } = await slot.ok("getMonitoringOperations", { query: { season_id: seasonId, serie: 10 } });
    const series10 = (await seasonSlots(server.handle.db, "W26")).filter((s) => s.serie === 10);
    expect(seasonOperations).toEqual(seriesOperations(series10.sort((a, b) => a.date.localeCompare(b.date)), Math.floor(NOW.getTime() / 60_000)));
  });

  it("answers from the season as last read until the register changes, then at once with the change, whoever wrote it", async () => {
    const warningOf10 = async () => (await week(seguimiento, { week: "2026-W47" })).early_warning.find((s) => s.serie === 10);
    const before = await warningOf10();
    const reads = seasonCacheStats.reads;
    expect(await warningOf10()).toEqual(before);
    expect(seasonCacheStats.reads).toBe(reads);
    // Another instance (plain SQL on the shared database, past this process's code) makes the 2 Nov operation 40 minutes late.
    const [match] = await queryRows<{ id: number; real_difference: number }>(
      server.handle.db,
      sql`select id, real_difference from matches where slot_id = ${ids["s10-2026-11-02"] ?? 0}`,
    );
    try {
      await server.handle.db.execute(sql`update matches set real_difference = 40 where id = ${match?.id ?? 0}`);
      const after = await warningOf10();
      expect(after?.punctuality.mean).not.toBe(before?.punctuality.mean);
      expect(after?.punctuality.off_tolerance).toBe((before?.punctuality.off_tolerance ?? 0) + 1);
      const picture = await seguimiento.ok("getMonitoringOperations", { query: { season_id: seasonId, serie: 10 } });
      expect(picture.operations.map((o) => o.deviation)).toContain(40);
      expect(seasonCacheStats.reads).toBe(reads + 1);
    } finally {
      await server.handle.db.execute(sql`update matches set real_difference = ${match?.real_difference ?? 0} where id = ${match?.id ?? 0}`);
    }
    expect(await warningOf10()).toEqual(before);
  });

  it("refuses a series' operations for bad input, an unknown series or season, and the roles without Monitoreo, in Spanish", async () => {
    const missing = await slot.fail("getMonitoringOperations", { query: { season_id: seasonId, serie: 999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("La serie 999 no existe en la temporada W26.");
    expect((await slot.fail("getMonitoringOperations", { query: { season_id: 99_999, serie: 10 } })).status).toBe(404);
    const bads: Record<string, string | number>[] = [{ season_id: seasonId, serie: "diez" }, { season_id: seasonId }, { season_id: 0, serie: 10 }];
    for (const query of bads) {
      const bad = await slot.fail("getMonitoringOperations", { query });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/campo|debe|obligatorio|serie|temporada|número/i);
      expect(bad.body.message).not.toMatch(/\b(must|should|required|integer)\b/);
    }
    expect((await reportes.fail("getMonitoringOperations", { query: { season_id: seasonId, serie: 10 } })).status).toBe(403);
    expect((await server.client().fail("getMonitoringOperations", { query: { season_id: seasonId, serie: 10 } })).status).toBe(401);
  });

  it("answers another week, and a week with nothing in it", async () => {
    const earlier = await week(slot, { week: "2026-W45" });
    expect(earlier).toMatchObject({ week: "2026-W45", start_date: "2026-11-02", end_date: "2026-11-08", rows: [] });
    expect(earlier.counts.every((c) => c.total === 0)).toBe(true);
  });

  it("refuses a week that is not one, in Spanish, and an unknown season", async () => {
    const shape = await slot.fail("getMonitoring", { query: { week: "2026-47" } });
    expect(shape.status).toBe(400);
    expect(shape.body.message).toBe("La semana «2026-47» no tiene el formato AAAA-Wss (por ejemplo 2026-W47).");
    const missing = await slot.fail("getMonitoring", { query: { week: "2025-W53" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("La semana 53 de 2025 no existe: 2025 tiene 52 semanas ISO.");
    expect((await slot.fail("getMonitoring", { query: { season_id: 99_999 } })).status).toBe(404);
  });

  it("is refused to Reportes", async () => {
    const refused = await reportes.fail("getMonitoring");
    expect(refused.status).toBe(403);
  });
});

describe("GET /api/monitoring/retime/ (getMonitoringRetime)", () => {
  it("writes the series' open slots as C and R lines moved by the shift", async () => {
    const answer = await slot.ok("getMonitoringRetime", { query: { season_id: seasonId, serie: 10, shift: 10 } });
    expect(answer).toMatchObject({ season: "W26", serie: 10, shift: 10 });
    expect(answer.lines.map((l) => l.slot_id)).toEqual(["2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"].map((d) => ids[`s10-${d}`]));
    expect(answer.lines[0]).toMatchObject({
      date: "2026-11-30",
      change: "CVB100 30NOV30NOV 1000000 180320 GDL0800 J",
      request: "RVB100 30NOV30NOV 1000000 180320 GDL0810 J",
    });
    // The draft's L letter, when its lines use it.
    const asL = await slot.ok("getMonitoringRetime", { query: { season_id: seasonId, serie: 10, shift: 10, letter: "L" } });
    expect(asL.lines[0]?.request).toBe("LVB100 30NOV30NOV 1000000 180320 GDL0810 J");
  });

  it("refuses a shift that is not a retime, an unknown series, and the roles that may not draft modifications", async () => {
    const odd = await slot.fail("getMonitoringRetime", { query: { season_id: seasonId, serie: 10, shift: 7 } });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toMatch(/múltiplo de 5 minutos/);
    expect((await slot.fail("getMonitoringRetime", { query: { season_id: seasonId, serie: 999, shift: 10 } })).body.message).toBe(
      "La serie 999 no existe en la temporada W26.",
    );
    for (const client of [seguimiento, reportes]) {
      expect((await client.fail("getMonitoringRetime", { query: { season_id: seasonId, serie: 10, shift: 10 } })).status).toBe(403);
    }
  });
});

describe("Monitoreo semanal, the seventh report (issue 27 item 5)", () => {
  const weekQuery = { start: "2026-11-16", end: "2026-11-22", timezone: "zulu", airport: "MEX" } as const;

  it("answers the week's discrepancies with their state and reason, and the week's answer due five working days later", async () => {
    const report = await reportes.ok("getReport", { params: { type: "weekly_monitoring" }, query: weekQuery });
    expect(report.rows.map((row) => ("key" in row ? [row.category, row.flight, row.state, row.reason] : null))).toEqual([
      ["Fuera de tolerancia", "VB100", "Sin justificar", null],
      ["Slots no utilizados", "VB110", "Sin justificar", null],
      ["Slots no utilizados", "VB120", "Justificado", "Meteorología"],
      ["Slots no utilizados", "VB130", "Corregido", null],
      ["Programado distinto del slot", "VB150", "Sin justificar", null],
      ["Fuera de tolerancia", "VB150", "Sin justificar", null],
      ["Aeronave o asientos distintos", "VB150", "Sin justificar", null],
      ["Vuelos sin slot", "VB999", "Sin justificar", null],
    ]);
    // Sunday 22 Nov + five working days: Friday 27 Nov.
    expect(report.monitoring).toMatchObject({ week: "2026-W47", deadline: "2026-11-27", corrective_scrs: 1 });
    expect(report.monitoring?.counts.find((c) => c.category === "not_used")).toEqual({
      category: "not_used", label: "Slots no utilizados", total: 3, unjustified: 1, justified: 1, requested: 0, corrected: 1,
    });
  });

  it("downloads the summary and the discrepancies the user kept as a workbook", async () => {
    const answer = await reportes.ok("getReport", { params: { type: "weekly_monitoring" }, query: weekQuery });
    const first = answer.rows[0];
    const response = await reportes.call("downloadReport", {
      params: { type: "weekly_monitoring" },
      body: { ...weekQuery, match_ids: first && "id" in first ? [first.id] : [], new_match_ids: [] },
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-disposition"]).toContain(encodeURIComponent("MONITOREO SEMANAL 16 nov.xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.bytes).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Resumen", "Discrepancias"]);
    const summary = workbook.getWorksheet("Resumen");
    const values = (row: number) => (summary?.getRow(row).values ?? []) as unknown[];
    // Only the kept row (VB100, off the tolerance) is counted.
    expect(values(5)?.slice(1, 6)).toEqual(["Fuera de tolerancia", 1, 1, 0, 0]);
    expect(values(3)?.slice(1, 3)).toEqual(["Slots no utilizados", 0]);
    expect(workbook.getWorksheet("Discrepancias")?.rowCount).toBe(2);
  });

  it("shows the time each difference is computed from: planned for 'Programado distinto', actual for 'Fuera de tolerancia' (issue 36 item 2)", async () => {
    const db = server.handle.db;
    // VB150 planned 20 minutes after its slot (12:20) but flown at 12:38.
    await db.execute(sql`update flights set actual_arrival = ${at("2026-11-20", "12:38")} where id = ${ids["planned-flight"] ?? 0}`);
    try {
      const response = await reportes.call("downloadReport", { params: { type: "weekly_monitoring" }, body: { ...weekQuery, new_match_ids: [] } });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(response.bytes).buffer);
      const sheet = workbook.getWorksheet("Discrepancias");
      const header = (sheet?.getRow(1).values ?? []) as unknown[];
      const column = (name: string) => header.indexOf(name);
      expect(column("Hora comparada")).toBeGreaterThan(0);
      expect(column("Tipo de hora")).toBeGreaterThan(0);
      expect(header).not.toContain("Hora del vuelo");
      const minutes = (value: unknown) => {
        const text = value instanceof Date ? value.toISOString().slice(11, 16) : String(value);
        return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
      };
      const rows: { category: string; time: unknown; basis: unknown; difference: unknown }[] = [];
      let checked = 0;
      sheet?.eachRow((row, number) => {
        if (number === 1) return;
        const values = row.values as unknown[];
        const difference = values[column("Diferencia (min)")];
        rows.push({ category: String(values[column("Categoría")]), time: values[column("Hora comparada")], basis: values[column("Tipo de hora")], difference });
        if (typeof difference !== "number") return;
        // Every row's difference is its shown time minus its slot time (within a day either way).
        const shown = minutes(values[column("Hora comparada")]) - minutes(values[column("Slot")]);
        expect(((shown - difference) % 1440 + 1440) % 1440).toBe(0);
        checked += 1;
      });
      expect(checked).toBe(3);
      const vb150 = rows.filter((row) => row.category === "Programado distinto del slot" || (row.category === "Fuera de tolerancia" && row.difference === 38));
      expect(vb150.map((row) => [row.category, row.basis, row.difference])).toEqual([
        ["Programado distinto del slot", "Programada", 20],
        ["Fuera de tolerancia", "Real", 38],
      ]);
      // On screen, the same: the answer's rows carry the compared time and what it is.
      const report = await reportes.ok("getReport", { params: { type: "weekly_monitoring" }, query: weekQuery });
      expect(report.rows.flatMap((row) => ("key" in row && row.flight === "VB150" && row.difference !== null ? [[row.time, row.time_basis, row.difference]] : []))).toEqual([
        ["12:20", "Programada", 20],
        ["12:38", "Real", 38],
      ]);
    } finally {
      await db.execute(sql`update flights set actual_arrival = ${at("2026-11-20", "12:20")} where id = ${ids["planned-flight"] ?? 0}`);
    }
  });

  it("builds a scheduled send's workbook as of the scheduler's clock, not the machine's", async () => {
    const rowsAt = async (now: Date) => {
      const file = await renderReportFile(server.handle.db, "weekly_monitoring", { ...weekQuery, format: "xlsx" }, now);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(file.content).buffer);
      return workbook.getWorksheet("Discrepancias")?.rowCount ?? 0;
    };
    // On Monday the week is over: its discrepancies (a header and eight rows, as the answer above).
    expect(await rowsAt(NOW)).toBe(9);
    // At the week's very start nothing of it was due yet: no slot unused, nothing off tolerance.
    expect(await rowsAt(new Date("2026-11-16T00:00:00Z"))).toBeLessThan(9);
  });

  it("refuses a range that is not one ISO week, in Spanish", async () => {
    const refused = await reportes.fail("getReport", {
      params: { type: "weekly_monitoring" },
      query: { ...weekQuery, start: "2026-11-17", end: "2026-11-23" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("de lunes a domingo");
  });
});
