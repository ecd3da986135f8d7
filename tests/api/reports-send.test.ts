/**
 * Sending reports and their schedules through the HTTP interface (seed 001 §2.7, §2.8, §4.4, §7,
 * §8; issue 14 items 4 and 5), with a real SMTP server: the template's checks (nothing saved on
 * a refusal), the send with its attachment, cc and summary, every run recorded (delivered,
 * refused with the SMTP answer, without data), the outbox's attachment names, and who may do what.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { contacts } from "../../src/server/db/schema";
import { renderReportFile } from "../../src/server/reports/files";
import { ReportScheduler } from "../../src/server/reports/scheduler";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { FIXTURE_DATE, FIXTURE_NOW, loadTurnoverFixture } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type ReportTemplate = components["schemas"]["ReportTemplate"];
type SignedIn = TestClient & { userId: number; email: string };

let server: TestServer;
let smtp: TestSmtpServer;
let admin: SignedIn;
let reportes: SignedIn;
let contactId: number;
let refusedContactId: number;

beforeAll(async () => {
  smtp = await startSmtpServer(undefined, {
    refuseRecipient: (address) => (address.startsWith("rechaza") ? "550 5.1.1 Buzón inexistente" : null),
  });
  server = await startServer({ now: () => FIXTURE_NOW, config: { smtpUrl: smtp.url } });
  await loadTurnoverFixture(server.services.db);
  const inserted = await server.services.db
    .insert(contacts)
    .values([
      { name: "Finanzas", email: "finanzas@aerolinea.example" },
      { name: "Buzón roto", email: "rechaza@aerolinea.example" },
      { name: "Operaciones", email: "operaciones@aerolinea.example" },
    ])
    .returning({ id: contacts.id });
  contactId = inserted[0]?.id ?? 0;
  refusedContactId = inserted[1]?.id ?? 0;
  [admin, reportes] = await Promise.all([server.signIn("Admin"), server.signIn("Reportes")]);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const template = (overrides: Record<string, unknown> = {}) => ({
  report_name: "full_delays",
  frequency: 2,
  schedule: ["06:00", "18:30"],
  timezone: "local",
  send_to: contactId,
  ...overrides,
});

describe("report templates", () => {
  it("answers the defaults before anything is saved, then the saved template with its next send", async () => {
    const before = await admin.ok("getReportTemplate", { query: { report_name: "plates" } });
    expect(before).toMatchObject({ saved: false, frequency: 1, schedule: ["06:00"], timezone: "local", send_to: null, next_run: null });

    const saved = await reportes.ok("saveReportTemplate", { body: template({ schedule: ["18:30", "0600"] }) });
    expect(saved).toMatchObject({
      saved: true,
      frequency: 2,
      schedule: ["06:00", "18:30"],
      send_to: contactId,
      send_to_email: "finanzas@aerolinea.example",
      updated_by: reportes.email,
    });
    // 2026-11-22 12:00Z is 06:00 in Mexico City: the next send is 18:30 LOCAL, reporting the 21st.
    expect(saved.next_run).toEqual({ at: "2026-11-23T00:30:00.000Z", day: "2026-11-21" });
    const read = await reportes.ok("getReportTemplate", { query: { report_name: "full_delays" } });
    expect(read).toEqual(saved);
    // The report itself carries its settings (seed 001 §7: "reports and settings").
    const report = await reportes.ok("getReport", { params: { type: "full_delays" }, query: { start: FIXTURE_DATE, end: FIXTURE_DATE, timezone: "zulu" } });
    expect(report.settings).toEqual(saved);
    // Auditoría says who changed where a report goes, and when.
    const audit = await admin.ok("listAuditLog", { query: { q: "Demoras completas" } });
    expect(audit.items[0]).toMatchObject({
      actor_email: reportes.email,
      action: "report.template",
      target_type: "report",
      target_label: "Demoras completas",
      details: {
        frequency: { from: null, to: 2 },
        schedule: { from: null, to: "06:00, 18:30" },
        timezone: { from: null, to: "LOCAL" },
        send_to: { from: null, to: "finanzas@aerolinea.example" },
      },
    });
  });

  const refusals: Array<[string, Record<string, unknown>, number, RegExp]> = [
    ["an hour 25", { schedule: ["25:00", "18:30"] }, 400, /Horario 1: «25:00» no es una hora válida/],
    ["a time without its four digits", { schedule: ["7:5", "18:30"] }, 400, /Horario 1: «7:5» no es una hora válida/],
    ["four times", { frequency: 3, schedule: ["01:00", "02:00", "03:00", "04:00"] }, 400, /schedule/],
    ["frequency 4", { frequency: 4, schedule: ["01:00", "02:00", "03:00"] }, 400, /frequency/],
    ["fewer times than the frequency", { frequency: 3, schedule: ["01:00", "02:00"] }, 400, /Con frecuencia 3 se necesitan 3 horarios/],
    ["the same time twice", { schedule: ["06:00", "06:00"] }, 400, /Horario 2: 06:00 repite el horario 1/],
    ["an unknown contact", { send_to: 999_999 }, 404, /El contacto 999999 no existe en el Directorio/],
    ["a report that does not exist", { report_name: "ventas" }, 400, /report_name/],
  ];
  for (const [what, overrides, status, message] of refusals) {
    it(`refuses ${what} in Spanish and saves nothing`, async () => {
      const before = await admin.ok("getReportTemplate", { query: { report_name: "full_delays" } });
      const refusal = await admin.fail("saveReportTemplate", { body: template({ frequency: 1, schedule: ["09:00"], ...overrides }) });
      expect(refusal.status).toBe(status);
      expect(`${refusal.body.message} ${JSON.stringify(refusal.body.errors ?? [])}`).toMatch(message);
      expect(await admin.ok("getReportTemplate", { query: { report_name: "full_delays" } })).toEqual(before);
    });
  }
});

describe("sending a report", () => {
  const range = { start: FIXTURE_DATE, end: FIXTURE_DATE, timezone: "zulu", airport: "MEX" };

  it("e-mails the file to the send-to contact with cc and records the run (a Reportes user may send)", async () => {
    await admin.ok("saveReportTemplate", { body: template({ report_name: "tovar_delays" }) });
    const run = await reportes.ok("sendReport", {
      params: { type: "tovar_delays" },
      body: { ...range, cc: ["Operaciones@aerolinea.example"] },
    });
    expect(run).toMatchObject({
      report_name: "tovar_delays",
      trigger: "manual",
      requested_by: reportes.email,
      scheduled_for: null,
      to: ["finanzas@aerolinea.example"],
      cc: ["operaciones@aerolinea.example"],
      status: "sent",
      range_start: FIXTURE_DATE,
      range_end: FIXTURE_DATE,
    });
    expect(run.detail).toMatch(/^250/);
    const mail = await smtp.waitFor((m) => m.subject.startsWith("Demoras Tovar"));
    expect(mail.to.sort()).toEqual(["finanzas@aerolinea.example", "operaciones@aerolinea.example"]);
    expect(mail.headers.cc).toContain("operaciones@aerolinea.example");
    expect(mail.text).toContain("Se adjunta el reporte Demoras Tovar de MEX el 20/11/2026");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe(run.file_name);
    // The report's real .xlsx, the file download_report answers ('DEMORAS TOVAR 20 nov.xlsx').
    expect(run.file_name).toMatch(/^DEMORAS TOVAR 20 nov\.xlsx$/);
    expect(mail.attachments[0]?.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(mail.attachments[0]?.content ?? Buffer.alloc(0)).buffer);
    expect(book.worksheets[0]?.rowCount).toBeGreaterThan(1);

    const outbox = await admin.ok("listOutbox");
    expect(outbox.items[0]).toMatchObject({ purpose: "report", attachments: [run.file_name], status: "sent" });
    const runs = await admin.ok("listReportRuns", { query: { report_name: "tovar_delays" } });
    expect(runs.items[0]).toEqual(run);
  });

  it("answers the seed's message for a range without data and records the run", async () => {
    const refusal = await admin.fail("sendReport", {
      params: { type: "tovar_delays" },
      body: { ...range, start: "2026-01-05", end: "2026-01-05", cc: [] },
    });
    expect(refusal.status).toBe(404);
    expect(refusal.body.message).toBe("No se han encontrado datos para el rango y la temporada seleccionados");
    const runs = await admin.ok("listReportRuns", { query: { report_name: "tovar_delays" } });
    expect(runs.items[0]).toMatchObject({ status: "no_data", range_start: "2026-01-05", requested_by: admin.email });
  });

  it("records the SMTP server's refusal, keeps nothing in the outbox and answers 502", async () => {
    await admin.ok("saveReportTemplate", { body: template({ report_name: "appearance", send_to: refusedContactId }) });
    const outboxBefore = (await admin.ok("listOutbox")).total;
    const refusal = await admin.fail("sendReport", { params: { type: "appearance" }, body: { ...range, cc: [] } });
    expect(refusal.status).toBe(502);
    expect(refusal.body.message).toMatch(/rechaza@aerolinea\.example.*Buzón inexistente/);
    expect((await admin.ok("listOutbox")).total).toBe(outboxBefore);
    const runs = await admin.ok("listReportRuns", { query: { report_name: "appearance" } });
    expect(runs.items[0]).toMatchObject({ status: "failed", to: ["rechaza@aerolinea.example"] });
    expect(runs.items[0]?.detail).toMatch(/550/);
  });

  it("copies only contacts of the directory", async () => {
    const refusal = await admin.fail("sendReport", {
      params: { type: "tovar_delays" },
      body: { ...range, cc: ["desconocido@otra.example"] },
    });
    expect(refusal.status).toBe(400);
    expect(refusal.body.message).toBe("El correo desconocido@otra.example no está en el directorio de contactos.");
    expect(refusal.body.errors).toEqual([{ field: "cc[0]", message: refusal.body.message }]);
  });

  it("refuses a report without a send-to contact", async () => {
    const refusal = await admin.fail("sendReport", { params: { type: "plates" }, body: { ...range, cc: [] } });
    expect(refusal.status).toBe(400);
    expect(refusal.body.message).toContain("Elija el contacto «Enviar a» del reporte Matrículas");
  });

  it("refuses a report type that does not exist", async () => {
    const refusal = await admin.fail("sendReport", { params: { type: "ventas" }, body: { ...range, cc: [] } });
    expect(refusal.status).toBe(400);
  });
});

describe("the scheduler on this test's database (PGlite by default)", () => {
  it("sends a saved schedule's run once, through the same path, and records it", async () => {
    // Saved now (2026-11-22 12:00Z = 06:00 LOCAL): the next send is 18:00 LOCAL, 00:00Z of the 23rd.
    await admin.ok("saveReportTemplate", { body: template({ report_name: "plates", frequency: 1, schedule: ["18:00"] }) });
    let clock = Date.parse("2026-11-23T00:00:30Z");
    const scheduler = new ReportScheduler({
      db: server.services.db,
      mailer: server.services.mailer,
      now: () => new Date(clock),
      render: renderReportFile,
    });
    expect((await scheduler.tick()).sent).toEqual(["plates@2026-11-23T00:00:00.000Z"]);
    clock += 60_000;
    expect((await scheduler.tick()).sent).toEqual([]);
    await scheduler.stop();
    const runs = await admin.ok("listReportRuns", { query: { report_name: "plates" } });
    expect(runs.items.filter((run) => run.trigger === "schedule")).toEqual([
      expect.objectContaining({ scheduled_for: "2026-11-23T00:00:00.000Z", range_start: "2026-11-21", to: ["finanzas@aerolinea.example"] }),
    ]);
    expect(runs.items[0]).toMatchObject({ status: "sent", detail: expect.stringMatching(/^250/) });
    const mail = await smtp.waitFor((m) => m.subject.startsWith("Matrículas") && m.text.includes("Envío programado de las 18:00 LOCAL"));
    expect(mail.attachments[0]?.filename).toMatch(/^MATRÍCULAS 21 nov\.csv$/);
  });
});

describe("who may do what", () => {
  it("lets every role read and save templates and send, and only Admin list the runs", async () => {
    for (const role of ["Slot", "Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      const saved: ReportTemplate = await client.ok("saveReportTemplate", { body: template({ report_name: "end_of_month" }) });
      expect(saved.updated_by).toBe(client.email);
      const refused = await client.fail("listReportRuns");
      expect(refused.status).toBe(403);
    }
    const anonymous = server.client();
    expect((await anonymous.fail("getReportTemplate", { query: { report_name: "plates" } })).status).toBe(401);
    expect((await anonymous.fail("sendReport", { params: { type: "plates" }, body: { ...{ start: FIXTURE_DATE, end: FIXTURE_DATE }, cc: [] } })).status).toBe(401);
  });
});
