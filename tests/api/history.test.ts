/**
 * Histórico through the HTTP interface (seed 002 §2–§7, issues 13 and 27): the series of a crafted
 * W26 with their rates, rating, forecast and weekly table, each filter, the warning level setting,
 * the season's rule and calendar (a rule that differs changes a series' rating; a slot handed back
 * by the Series Return Deadline does not count), the workbook opened back with exceljs, and every
 * refused role.
 */
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEVEL_COLORS } from "../../src/domain/history/colors";
import { planCorrectiveDraft } from "../../src/domain/monitoring/drafts";
import { addDays } from "../../src/domain/seasons";
import { queryRows } from "../../src/server/db/sql";
import { seasonByName } from "../../src/server/history/read";
import { historySeriesWithWeeks } from "../../src/server/history/series";
import { rematch } from "../../src/server/matching/rematch";
import { insertFlight } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-22T12:00:00Z");
let server: TestServer;
let admin: TestClient;
let slot: TestClient;
let reportes: TestClient;
let seguimiento: TestClient;
let seasonId: number;

async function insertSeriesSlot(serie: number, flightNumber: string, date: string, time: string, isArrival: boolean) {
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  await server.handle.db.execute(
    sql`insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
        values ('W26', ${serie}, ${flightNumber}, ${date}, ${time}, ${isArrival}, 'GDL', ${weekday}, '320', 180, 'D')`,
  );
}

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  const dates = new Set<string>();
  // Series 1: VB100 departs daily at 10:00 from 1 to 28 Nov; 22 slots have passed by now (the 22nd at 10:00).
  for (let i = 0; i < 28; i++) {
    const date = addDays("2026-11-01", i);
    dates.add(date);
    await insertSeriesSlot(1, "VB100", date, "10:00", false);
    if (date > "2026-11-22") continue;
    const scheduled = `${date}T10:00:00Z`;
    const late = (minutes: number) => new Date(Date.parse(scheduled) + minutes * 60_000).toISOString();
    if (i === 2) {
      await insertFlight(server.handle.db, { key: "c", flightNumber: "VB100", isArrival: false, station: "GDL", scheduled, status: "C" });
    } else if (i === 4) {
      // 40 minutes late for weather at the departure station: justified.
      await insertFlight(server.handle.db, { key: "w", flightNumber: "VB100", isArrival: false, station: "GDL", scheduled: late(40), actual: late(40), delays: [{ code: "71", minutes: 40 }] });
    } else if (i === 6) {
      // 30 minutes late for the aircraft's late arrival: the airline's.
      await insertFlight(server.handle.db, { key: "r", flightNumber: "VB100", isArrival: false, station: "GDL", scheduled: late(30), actual: late(30), delays: [{ code: "93", minutes: 30 }] });
    } else {
      await insertFlight(server.handle.db, { key: `ok${i}`, flightNumber: "VB100", isArrival: false, station: "GDL", scheduled, actual: scheduled });
    }
  }
  // Series 3: VB300 departs 2–5 Nov at 18:00; two slots were handed back, on 10 Aug (by W26's
  // Series Return Deadline, 15 Aug: not counted) and on 1 Nov (after it: allocated, not used).
  for (const [i, date] of ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"].entries()) {
    dates.add(date);
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const returned = i === 0 ? "2026-08-10T15:00:00Z" : i === 1 ? "2026-11-01T15:00:00Z" : null;
    const [row] = await queryRows<{ id: number }>(
      server.handle.db,
      sql`insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
          values ('W26', 3, 'VB300', ${date}, '18:00', false, 'MTY', ${weekday}, '320', 180, ${returned ? "CAN" : "D"}) returning id`,
    );
    if (returned) {
      // The request as sent, then the coordinator's K a day later.
      await server.handle.db.execute(
        sql`insert into slot_history (slot_id, changed_at, request_type, response) values
            (${row?.id}, ${returned}, 'Cancelación', null),
            (${row?.id}, ${new Date(Date.parse(returned) + 86_400_000).toISOString()}, 'Cancelación', 'K')`,
      );
    } else {
      const scheduled = `${date}T18:00:00Z`;
      await insertFlight(server.handle.db, { key: `v3${i}`, flightNumber: "VB300", isArrival: false, station: "MTY", scheduled, actual: scheduled });
    }
  }
  // Series 4: VB400 departs daily at 08:00 from 10 to 30 Nov, every flight so far 10 minutes late
  // (within the tolerance, so rated 100) — the coordinator's test flags it: "retime to 08:10".
  for (let i = 0; i < 21; i++) {
    const date = addDays("2026-11-10", i);
    dates.add(date);
    await insertSeriesSlot(4, "VB400", date, "08:00", false);
    if (date <= "2026-11-22") {
      const late = new Date(Date.parse(`${date}T08:00:00Z`) + 10 * 60_000).toISOString();
      await insertFlight(server.handle.db, { key: `v4${i}`, flightNumber: "VB400", isArrival: false, station: "GDL", scheduled: `${date}T08:00:00Z`, actual: late });
    }
  }
  // Series 2: VB201 arrives on Sundays at 14:00, always on time.
  for (const date of ["2026-11-01", "2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29"]) {
    dates.add(date);
    await insertSeriesSlot(2, "VB201", date, "14:00", true);
    if (date < "2026-11-22") {
      const scheduled = `${date}T14:00:00Z`;
      await insertFlight(server.handle.db, { key: date, flightNumber: "VB201", isArrival: true, station: "CUN", scheduled, actual: scheduled });
    }
  }
  await rematch(server.handle.db, dates);
  [admin, slot, reportes, seguimiento] = await Promise.all([
    server.signIn("Admin"),
    server.signIn("Slot"),
    server.signIn("Reportes"),
    server.signIn("Seguimiento"),
  ]);
  const [w26] = await queryRows<{ id: number }>(server.handle.db, sql`select id from seasons where name = 'W26'`);
  seasonId = w26?.id ?? 0;
}, 60_000);
afterAll(() => server.close());

const list = (client: TestClient, query: Record<string, string | number | boolean> = {}) =>
  client.ok("listHistory", { query: { season_id: seasonId, airport: "MEX", ...query } });

describe("GET /api/history/ (listHistory)", () => {
  it("gives each series its card: rates, rating and forecast under AICM's rule, coloured at the default warning level (100)", async () => {
    const series = await list(reportes);
    expect(series.map((s) => s.serie)).toEqual([1, 2, 3, 4]);
    const [daily, sunday] = series;
    expect(daily).toMatchObject({
      flight_number: "VB100",
      type: "S",
      total_flights: 28,
      hour: ["10:00"],
      frequency: "1234567",
      // 22 so far: 1 cancelled; the weather delay is justified, the reactionary one is not.
      counts: { allocated: 22, operated: 21, chargeable: 2, remaining: 6 },
      global: { usage: 95.5, chargeable: 90.9 },
      new: { chargeable: null },
      rating: 90.9,
      level: "warn",
    });
    // At today's rate it ends above 22.4 of 28 (80 %) with room for 3 more slots lost.
    expect(daily?.forecast).toMatchObject({ can_lose: 3, at_risk: false });
    expect(sunday).toMatchObject({ type: "L", frequency: "7", rating: 100, level: "ok" });
  });

  it("measures a series as held at the Historics Baseline Date: a slot handed back by the Series Return Deadline does not count", async () => {
    const [returned] = await list(slot, { serie_ids: "3" });
    // Four slots: the one handed back on 10 Aug is not allocated; the one handed back on 1 Nov is, and not used.
    expect(returned?.counts).toMatchObject({ allocated: 3, operated: 2, chargeable: 1, remaining: 0 });
    expect(returned).toMatchObject({ global: { usage: 66.7, chargeable: 66.7 }, level: "alert" });
  });

  it("sends the cards without their weekly tables (issue 35 item 3)", async () => {
    const cards = await list(slot);
    expect(cards.length).toBe(4);
    for (const card of cards) expect(Object.keys(card)).not.toContain("flights");
  });
});

describe("GET /api/history/series/ (getHistorySeries)", () => {
  const weeks = (client: TestClient, serie: number) => client.ok("getHistorySeries", { query: { season_id: seasonId, serie } });

  it("gives the weekly table with the cancellation, the chargeable delay and the future empty", async () => {
    const daily = await weeks(slot, 1);
    expect(daily).toMatchObject({ season_id: seasonId, serie: 1 });
    const cells = daily.flights["10:00"] ?? [];
    const at = (date: string) => cells.find((c) => c.date === date);
    expect(at("2026-11-03")).toMatchObject({ status: "cancellation", name: "VB100" });
    expect(at("2026-11-03")?.match_id).toBeGreaterThan(0);
    expect(at("2026-11-05")?.status).toBeNull();
    expect(at("2026-11-07")?.status).toBe("chargeable");
    expect(at("2026-11-25")).toMatchObject({ status: null });
    // The season's first week (25–31 Oct) has no slot of the series: disabled cells.
    expect(cells.filter((c) => c.week === 1).every((c) => c.slot_id === 0)).toBe(true);
  });

  it("gives each series the weekly table the whole season's answer held for it", async () => {
    const [season] = await queryRows<{ name: string }>(server.handle.db, sql`select name from seasons where id = ${seasonId}`);
    const whole = await historySeriesWithWeeks(server.handle.db, await seasonByName(server.handle.db, season?.name ?? ""), 100, NOW);
    expect(whole.map((s) => s.serie)).toEqual([1, 2, 3, 4]);
    for (const series of whole) expect((await weeks(reportes, series.serie)).flights).toEqual(series.flights);
  });

  it("refuses bad input, an unknown season or series and the roles without Histórico, in Spanish", async () => {
    const missing = await admin.fail("getHistorySeries", { query: { season_id: seasonId, serie: 99 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("La serie 99 no existe en la temporada W26.");
    expect((await admin.fail("getHistorySeries", { query: { season_id: 999_999, serie: 1 } })).status).toBe(404);
    const bads: Record<string, string | number>[] = [{ season_id: seasonId, serie: "uno" }, { season_id: seasonId }, { serie: 1 }, { season_id: seasonId, serie: -1 }];
    for (const query of bads) {
      const bad = await admin.fail("getHistorySeries", { query });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/campo|debe|obligatorio|serie|temporada|número/i);
      expect(bad.body.message).not.toMatch(/\b(must|should|required|integer)\b/);
    }
    expect((await seguimiento.fail("getHistorySeries", { query: { season_id: seasonId, serie: 1 } })).status).toBe(403);
    expect((await server.client().fail("getHistorySeries", { query: { season_id: seasonId, serie: 1 } })).status).toBe(401);
  });
});

describe("GET /api/history/ (listHistory), continued", () => {

  it("filters by series, rating, weekday, hour range, threshold and risk", async () => {
    const ids = async (query: Record<string, string | number | boolean>) => (await list(admin, query)).map((s) => s.serie);
    expect(await ids({ serie_ids: "2,x" })).toEqual([2]);
    expect(await ids({ rating: "ok" })).toEqual([2, 4]);
    expect(await ids({ rating: "warn,alert" })).toEqual([1, 3]);
    expect(await ids({ frequency: "3" })).toEqual([1, 3, 4]);
    expect(await ids({ hour_range: "13:00-15:00" })).toEqual([2]);
    // `threshold` is the warning level: at 90 the 90.9 % series is green; it never makes a series red.
    expect(await ids({ threshold: 90, rating: "ok" })).toEqual([1, 2, 4]);
    expect(await ids({ threshold: 95, rating: "alert" })).toEqual([3]);
    // 'En riesgo' follows the season's threshold (80), whatever the warning level.
    expect(await ids({ at_risk: true })).toEqual([3]);
    expect(await ids({ threshold: 0, at_risk: true })).toEqual([3]);
  });

  it("follows the warning level setting", async () => {
    const [setting] = await admin.ok("listSettings", { query: { names: "accomplishment" } });
    await admin.ok("modifySetting", { body: { id: setting?.id, value: { accomplishment: 90 } } });
    expect((await list(reportes, { serie_ids: "1" }))[0]?.level).toBe("ok");
    // Below the season's threshold it is the threshold: no amber band, 90.9 still green.
    await admin.ok("modifySetting", { body: { id: setting?.id, value: { accomplishment: 50 } } });
    expect((await list(reportes, { serie_ids: "1" }))[0]?.level).toBe("ok");
    await admin.ok("modifySetting", { body: { id: setting?.id, value: { accomplishment: 100 } } });
    expect((await list(reportes, { serie_ids: "1" }))[0]?.level).toBe("warn");
  });

  it("follows the season's rule: its tolerance, whether outside counts, its threshold", async () => {
    const [w26] = await admin.ok("listSeasons", { query: { name: "W26" } });
    if (!w26) throw new Error("no W26");
    const rule = (change: Record<string, number | boolean>) =>
      admin.ok("updateSeason", { params: { id: w26.id }, body: { name: "W26", start_date: w26.start_date, end_date: w26.end_date, ...change } });
    try {
      // ±30: the 30-minute reactionary delay is within the tolerance now; only the cancellation is charged.
      await rule({ tolerance_minutes: 30 });
      const [wide] = await list(reportes, { serie_ids: "1" });
      expect(wide?.counts.chargeable).toBe(1);
      expect(wide?.rating).toBe(95.5);
      expect(wide?.punctuality.tolerance).toBe(30);
      // Outside the tolerance counted as used: the same, at ±15.
      await rule({ tolerance_minutes: 15, outside_counts_as_used: true });
      expect((await list(reportes, { serie_ids: "1" }))[0]?.counts.chargeable).toBe(1);
      // A threshold of 95: the 90.9 % series is red and at risk; series 3 (66.7 %) is red at 80 but amber at 50.
      await rule({ outside_counts_as_used: false, usage_threshold: 95 });
      const [strict] = await list(reportes, { serie_ids: "1" });
      expect(strict).toMatchObject({ rating: 90.9, level: "alert", forecast: { at_risk: true } });
      await rule({ usage_threshold: 50 });
      expect((await list(reportes, { serie_ids: "3" }))[0]).toMatchObject({ level: "warn", forecast: { at_risk: false } });
    } finally {
      await rule({ usage_threshold: 80, tolerance_minutes: 15, outside_counts_as_used: false });
    }
  });

  it("proposes a late series' retime with the slots a modification draft takes, and the drafts API takes their lines at the new time (issue 27 item 4)", async () => {
    const [late] = await list(slot, { serie_ids: "4" });
    // 23–30 Nov: more than 12 hours ahead of now (22 Nov 12:00); 22 Nov at 08:00 has passed.
    expect(late?.punctuality).toMatchObject({ verdict: "late", flagged: true, proposal: { time: "08:10", shift: 10, slots: 8 } });
    // What the card's 'Añadir al borrador de modificaciones' does, through the same calls.
    const drafts = await slot.ok("getDrafts");
    const { lines } = await slot.ok("getMonitoringRetime", { query: { season_id: seasonId, serie: 4, shift: 10, letter: "R" } });
    const ids = lines.map((line) => line.slot_id);
    expect(ids).toHaveLength(8);
    const { update, added } = planCorrectiveDraft("modify", "W26", ids, drafts, lines);
    expect(added).toEqual(ids);
    if (!update) throw new Error("nothing to save");
    await slot.ok("saveDrafts", { body: { ...update, version: drafts.version } });
    const saved = (await slot.ok("getDrafts")).modification_data;
    expect(saved).toMatchObject({ season: "W26", ids });
    expect(saved.encoded.map((entry) => [entry.data.actual.line.slice(-9), entry.data.request.line.slice(-9)])).toEqual(
      ids.map(() => ["0800GDL J", "0810GDL J"]),
    );
    await slot.ok("deleteDraft", { query: { type: "modify" } });
  });

  it("refuses bad input, an unknown season and the roles without Histórico", async () => {
    expect((await admin.fail("listHistory", { query: { season_id: 999_999 } })).status).toBe(404);
    expect((await admin.fail("listHistory", { query: { season_id: seasonId, rating: "green" } })).status).toBe(400);
    expect((await admin.fail("listHistory", { query: { season_id: seasonId, airport: "CUN" } })).status).toBe(400);
    expect((await admin.fail("listHistory", { query: { season_id: seasonId, hour_range: "15:00-13:00" } })).status).toBe(400);
    expect((await seguimiento.fail("listHistory", { query: { season_id: seasonId } })).status).toBe(403);
    expect((await server.client().fail("listHistory", { query: { season_id: seasonId } })).status).toBe(401);
  });
});

describe("GET /api/history/download/ (downloadHistory)", () => {
  const download = (client: TestClient, season = "W26") =>
    client.request({ method: "GET", url: "/api/history/download/", query: { season } });

  it("is a real workbook 'Histórico W26.xlsx' with the series and the weekly table", async () => {
    const response = await download(slot);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent("Histórico W26.xlsx")}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.bytes).buffer);
    const series = workbook.getWorksheet("Series");
    const weeks = workbook.getWorksheet("Semanas");
    if (!series || !weeks) throw new Error("missing sheets");
    expect(series.getRow(1).getCell(1).value).toBe("Serie");
    expect(series.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(series.autoFilter).toBeTruthy();
    expect(weeks.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(weeks.autoFilter).toBeTruthy();
    const first = series.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    expect(first.getCell(15).value).toBe(90.9);
    expect(first.getCell(16).value).toBe("Advertencia");
    expect(first.getCell(20).value).toBe(3);
    const colour = first.getCell(15).fill;
    expect(colour.type === "pattern" ? colour.fgColor?.argb : null).toBe(`FF${LEVEL_COLORS.warn.fill}`);
    expect(series.getRow(3).getCell(16).value).toBe("Cumple");
    // Week 2 (1–7 Nov) of the daily series, Tuesday 3 Nov: the cancellation.
    const tuesday = weeks.getRows(2, weeks.rowCount - 1)?.find((r) => r.getCell(1).value === 1 && r.getCell(4).value === "Ma");
    expect(tuesday?.getCell(6).value).toBe("Cancelado");
    expect(tuesday?.getCell(5).value).toBe("–");
  });

  it("refuses an unknown season and the roles without Histórico", async () => {
    expect((await download(reportes, "S20")).status).toBe(404);
    expect((await download(seguimiento)).status).toBe(403);
    expect((await download(server.client())).status).toBe(401);
  });
});
