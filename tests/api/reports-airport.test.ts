/**
 * Issue 37 item 5: Reportes, their scheduled sends and the weekly answer per airport. With JFK
 * active (America/New_York) beside MEX's fixture, a JFK report holds only JFK's rows, written in
 * New York time; its file and e-mail name JFK; a JFK schedule runs at New York's 06:00 and its
 * mail says JFK; a user restricted to MEX gets 403 on JFK's reports and schedules. MEX's reports
 * are tested unchanged by tests/api/reports.test.ts and reports-send.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airports, contacts, reportTemplates, users } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { rematch } from "../../src/server/matching/rematch";
import { renderReportFile } from "../../src/server/reports/files";
import { ReportScheduler } from "../../src/server/reports/scheduler";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { loadTurnoverFixture } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type SignedIn = TestClient & { userId: number; email: string };

/** The server's clock: before JFK's 06:00 send of the 22nd (11:00Z), moved by the scheduler test. */
let now = new Date("2026-11-22T09:00:00Z");
let server: TestServer;
let smtp: TestSmtpServer;
let admin: SignedIn;
let slot: SignedIn;
let mexOnly: SignedIn;
let contactId: number;

/**
 * JFK's arrival VB700 from MEX: slot 03:30Z of the 22nd, flown 04:05Z — 22:30 and 23:05 of the
 * 21st in New York (UTC−5), 21:30 and 22:05 in Mexico City. 35 minutes off: a full delay.
 */
async function insertJfkArrival(): Promise<void> {
  const db = server.services.db;
  await db.execute(
    sql`insert into seasons (airport, name, start_date, end_date) select 'JFK', name, start_date, end_date from seasons where airport = 'MEX' and name = 'W26'`,
  );
  await db.execute(
    sql`insert into slots (airport, season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
        values ('JFK', 'W26', 1, 'VB700', '2026-11-22', '03:30', true, 'MEX', 7, '320', 180, 'D')`,
  );
  await db.execute(
    sql`insert into flights (airport, flight_number, date, is_arrival, movement_date, origin, destination,
          scheduled_departure, scheduled_arrival, estimated_departure, estimated_arrival,
          actual_departure, actual_arrival, registration, aircraft_type, seats, status)
        values ('JFK', 'VB700', '2026-11-22', true, '2026-11-22', 'MEX', 'JFK',
          '2026-11-21T22:30:00Z', '2026-11-22T03:30:00Z', '2026-11-21T22:30:00Z', '2026-11-22T03:30:00Z',
          '2026-11-21T23:05:00Z', '2026-11-22T04:05:00Z', 'XA-VBJ', '320', 180, 'D')`,
  );
  await rematch(db, ["2026-11-21", "2026-11-22"]);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ now: () => now, config: { smtpUrl: smtp.url } });
  await loadTurnoverFixture(server.services.db);
  await server.services.db
    .update(airports)
    .set({ active: true, timeZone: "America/New_York", coordinationLevel: 3, coordinatorEmail: "slots@jfk.example" })
    .where(eq(airports.code, "JFK"));
  await insertJfkArrival();
  const [contact] = await server.services.db
    .insert(contacts)
    .values({ name: "Estación JFK", email: "estacion.jfk@aerolinea.example" })
    .returning({ id: contacts.id });
  contactId = contact?.id ?? 0;
  [admin, slot, mexOnly] = await Promise.all([server.signIn("Admin"), server.signIn("Slot"), server.signIn("Slot")]);
  await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, mexOnly.userId));
  // Two registers matched and a mail server: more than the project's 60 s on a shared, loaded machine.
}, 240_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const day = { start: "2026-11-21", end: "2026-11-21" } as const;

describe("a report of JFK", () => {
  it("holds only JFK's rows, its times in New York's local time (and UTC in ZULU)", async () => {
    const local = await slot.ok("getReport", { params: { type: "full_delays" }, query: { ...day, timezone: "local", airport: "JFK" } });
    expect(local.rows).toEqual([
      expect.objectContaining({ flight: "VB700", date: "2026-11-21", origin: "MEX", destination: "JFK", assigned_time: "22:30", real_time: "23:05" }),
    ]);
    const zulu = await slot.ok("getReport", { params: { type: "full_delays" }, query: { start: "2026-11-22", end: "2026-11-22", timezone: "zulu", airport: "JFK" } });
    expect(zulu.rows).toEqual([expect.objectContaining({ flight: "VB700", date: "2026-11-22", assigned_time: "03:30", real_time: "04:05" })]);
  });

  it("leaves JFK's flight out of MEX's report, whose rows are MEX's fixture", async () => {
    const mex = await slot.ok("getReport", { params: { type: "slot_assignment" }, query: { start: "2026-11-20", end: "2026-11-22", timezone: "zulu" } });
    const flights = mex.rows.flatMap((row) => ("arr_flight" in row ? [row.arr_flight, row.dep_flight] : []));
    expect(flights).toContain("VB100");
    expect(flights).not.toContain("VB700");
    const jfk = await slot.ok("getReport", { params: { type: "slot_assignment" }, query: { start: "2026-11-20", end: "2026-11-22", timezone: "zulu", airport: "JFK" } });
    expect(jfk.rows.flatMap((row) => ("arr_flight" in row ? [row.arr_flight, row.dep_flight] : [])).filter((f) => f !== null)).toEqual(["VB700"]);
  });

  it("downloads a file named for JFK, and offers only JFK's matches to add", async () => {
    const response = await slot.call("downloadReport", { params: { type: "full_delays" }, body: { ...day, timezone: "local", airport: "JFK" } });
    expect(response.status).toBe(200);
    expect(decodeURIComponent(String(response.headers["content-disposition"]))).toContain("DEMORAS COMPLETAS JFK 21 nov.xlsx");
    const offered = await slot.ok("listReportAddRecords", { query: { ...day, timezone: "local", airport: "JFK" } });
    expect(offered.map((record) => record.flight)).toEqual(["VB700"]);
  });

  it("answers JFK's weekly answer from JFK's register only", async () => {
    const week = { start: "2026-11-16", end: "2026-11-22", timezone: "zulu" } as const;
    const jfk = await slot.ok("getReport", { params: { type: "weekly_monitoring" }, query: { ...week, airport: "JFK" } });
    const mex = await slot.ok("getReport", { params: { type: "weekly_monitoring" }, query: week });
    const flightsOf = (rows: typeof jfk.rows) => rows.flatMap((row) => ("category" in row ? [row.flight] : []));
    // VB700 flew 35 minutes off its slot on Sunday the 22nd (UTC): JFK's week holds it, and only it.
    expect([...new Set(flightsOf(jfk.rows))]).toEqual(["VB700"]);
    expect(flightsOf(mex.rows)).not.toContain("VB700");
    expect(jfk.monitoring?.counts.reduce((sum, count) => sum + count.total, 0)).toBe(flightsOf(jfk.rows).length);
  });

  it("refuses an airport the team does not hold (400)", async () => {
    const refusal = await slot.fail("getReport", { params: { type: "full_delays" }, query: { ...day, airport: "GDL" } });
    expect(refusal.status).toBe(400);
    expect(refusal.body.message).toBe("El aeropuerto GDL no está en la lista de aeropuertos activos.");
  });
});

describe("a user restricted to MEX", () => {
  it("gets 403 on JFK's report, download, send and schedule, and nothing is saved or sent", async () => {
    const message = "No tienes acceso al aeropuerto JFK.";
    const asks = [
      mexOnly.fail("getReport", { params: { type: "full_delays" }, query: { ...day, airport: "JFK" } }),
      mexOnly.fail("downloadReport", { params: { type: "full_delays" }, body: { ...day, airport: "JFK" } }),
      mexOnly.fail("sendReport", { params: { type: "full_delays" }, body: { ...day, airport: "JFK", cc: [] } }),
      mexOnly.fail("listReportAddRecords", { query: { ...day, airport: "JFK" } }),
      mexOnly.fail("getReportTemplate", { query: { report_name: "tovar_delays", airport: "JFK" } }),
      mexOnly.fail("saveReportTemplate", {
        body: { report_name: "tovar_delays", airport: "JFK", frequency: 1, schedule: ["07:00"], timezone: "local", send_to: contactId },
      }),
    ];
    for (const refusal of await Promise.all(asks)) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.message).toBe(message);
    }
    const saved = await queryRows<{ n: number }>(server.services.db, sql`select count(*)::int as n from report_templates where report_name = 'tovar_delays'`);
    expect(saved[0]?.n).toBe(0);
    expect((await admin.ok("listReportRuns")).items.filter((run) => run.airport === "JFK")).toEqual([]);
    // MEX's own report still answers.
    expect((await mexOnly.call("getReport", { params: { type: "slot_assignment" }, query: { start: "2026-11-20", end: "2026-11-20", timezone: "zulu" } })).status).toBe(200);
  });
});

describe("a JFK schedule", () => {
  it("is JFK's own (MEX's stays unsaved), runs at New York's 06:00 and e-mails a report that names JFK", async () => {
    const saved = await slot.ok("saveReportTemplate", {
      body: { report_name: "full_delays", airport: "JFK", frequency: 1, schedule: ["06:00"], timezone: "local", send_to: contactId },
    });
    // 06:00 in New York on the 22nd is 11:00Z; it reports the 21st of New York.
    expect(saved).toMatchObject({ airport: "JFK", saved: true, next_run: { at: "2026-11-22T11:00:00.000Z", day: "2026-11-21" } });
    expect(await slot.ok("getReportTemplate", { query: { report_name: "full_delays", airport: "JFK" } })).toEqual(saved);
    expect(await slot.ok("getReportTemplate", { query: { report_name: "full_delays" } })).toMatchObject({ airport: "MEX", saved: false });
    const rows = await server.services.db.select({ airport: reportTemplates.airport }).from(reportTemplates);
    expect(rows).toEqual([{ airport: "JFK" }]);

    now = new Date("2026-11-22T11:00:30Z");
    const scheduler = new ReportScheduler({ db: server.services.db, mailer: server.services.mailer, now: () => now, render: renderReportFile });
    expect((await scheduler.tick()).sent).toEqual(["full_delays@2026-11-22T11:00:00.000Z@JFK"]);
    now = new Date("2026-11-22T11:01:30Z");
    expect((await scheduler.tick()).sent).toEqual([]);
    await scheduler.stop();

    const mail = await smtp.waitFor((m) => m.subject.startsWith("Demoras completas"));
    expect(mail.subject).toBe("Demoras completas · 21/11/2026 · JFK");
    expect(mail.text).toContain("Se adjunta el reporte Demoras completas de JFK el 21/11/2026 (días completos, hora local de JFK (LOCAL); zona America/New_York).");
    expect(mail.text).toContain("Aeropuerto: JFK");
    expect(mail.attachments.map((a) => a.filename)).toEqual(["DEMORAS COMPLETAS JFK 21 nov.xlsx"]);
    const runs = await admin.ok("listReportRuns", { query: { report_name: "full_delays" } });
    expect(runs.items).toEqual([
      expect.objectContaining({ airport: "JFK", trigger: "schedule", scheduled_for: "2026-11-22T11:00:00.000Z", range_start: "2026-11-21", status: "sent" }),
    ]);
  });
});
