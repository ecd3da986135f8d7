/**
 * Scheduled report sends fire exactly once (issue 14 item 5): two scheduler instances, each with
 * its own connection pool and mailer, on one PostgreSQL database (DATABASE_URL's server, else the
 * local one on 127.0.0.1:5432, as the benches use), against a clock the test moves, with a real
 * SMTP server. Then restarts: a run missed while no server ran is sent once when one comes back
 * within the catch-up window, not again after another restart; older missed times of the window
 * are recorded as skipped, and times older than the window are left alone.
 */
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openAndPrepareDatabase } from "../../src/server/bootstrap";
import type { DatabaseHandle } from "../../src/server/db/client";
import { contacts, reportRuns, reportTemplates } from "../../src/server/db/schema";
import { Mailer } from "../../src/server/mail/mailer";
import { renderReportFile } from "../../src/server/reports/files";
import { ReportScheduler } from "../../src/server/reports/scheduler";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { loadTurnoverFixture } from "../support/turnoverFixtures";
import { databaseUrlFor } from "./databases";

const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const database = `slotdesk_scheduler_${process.pid}_${randomBytes(3).toString("hex")}`;

let smtp: TestSmtpServer;
const handles: DatabaseHandle[] = [];
let clock = Date.parse("2026-11-21T11:58:00Z");
const now = () => new Date(clock);

/** A server instance's scheduler: its own pool on the shared database, its own SMTP connection. */
async function instance(): Promise<ReportScheduler> {
  const handle = await openAndPrepareDatabase({ databaseUrl: databaseUrlFor(adminUrl, database) }, now());
  handles.push(handle);
  const mailer = new Mailer(smtp.url, "Slotdesk <slotdesk@aerolinea.example>", now);
  return new ReportScheduler({ db: handle.db, mailer, now, render: renderReportFile, intervalMs: 3_600_000 });
}

async function saveTemplate(db: DatabaseHandle["db"], reportName: string, timezone: "zulu" | "local", schedule: string[], sendTo: number) {
  await db.insert(reportTemplates).values({
    reportName,
    frequency: schedule.length,
    schedule,
    timezone,
    sendTo,
    updatedAt: new Date("2026-11-19T00:00:00Z"),
  });
}

const mailsAbout = (label: string, time: string) =>
  smtp.received.filter((mail) => mail.subject.startsWith(label) && mail.text.includes(`Envío programado de las ${time}`));

async function runsOf(db: DatabaseHandle["db"], reportName: string) {
  return db
    .select({ at: reportRuns.scheduledFor, status: reportRuns.status, detail: reportRuns.detail, range: reportRuns.rangeStart })
    .from(reportRuns)
    .where(eq(reportRuns.reportName, reportName))
    .orderBy(asc(reportRuns.scheduledFor));
}

let contactId = 0;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  smtp = await startSmtpServer();
  const setup = await openAndPrepareDatabase({ databaseUrl: databaseUrlFor(adminUrl, database) }, now());
  handles.push(setup);
  await loadTurnoverFixture(setup.db);
  const [contact] = await setup.db
    .insert(contacts)
    .values({ name: "Finanzas", email: "finanzas@aerolinea.example" })
    .returning({ id: contacts.id });
  contactId = contact?.id ?? 0;
});

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await smtp?.close();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
});

describe("two scheduler instances on one PostgreSQL database", () => {
  it("send each scheduled run exactly once", async () => {
    const db = handles[0]?.db;
    if (!db) throw new Error("no database");
    // 06:00 and 18:00 in Mexico City (12:00Z, 00:00Z); 12:00 UTC.
    await saveTemplate(db, "full_delays", "local", ["06:00", "18:00"], contactId);
    await saveTemplate(db, "tovar_delays", "zulu", ["12:00"], contactId);
    const [a, b] = await Promise.all([instance(), instance()]);
    if (!a || !b) throw new Error("no schedulers");

    // Every 30 s from 11:58Z to 12:03Z, both instances tick together (and each twice at once).
    for (; clock <= Date.parse("2026-11-21T12:03:00Z"); clock += 30_000) {
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    }
    expect(mailsAbout("Demoras completas", "06:00 LOCAL")).toHaveLength(1);
    expect(mailsAbout("Demoras Tovar", "12:00 ZULU")).toHaveLength(1);

    // 18:00 in Mexico City is 00:00Z of the 22nd.
    for (clock = Date.parse("2026-11-21T23:59:00Z"); clock <= Date.parse("2026-11-22T00:02:00Z"); clock += 30_000) {
      await Promise.all([b.tick(), a.tick()]);
    }
    expect(mailsAbout("Demoras completas", "06:00 LOCAL")).toHaveLength(1);
    expect(mailsAbout("Demoras completas", "18:00 LOCAL")).toHaveLength(1);
    expect(mailsAbout("Demoras Tovar", "12:00 ZULU")).toHaveLength(1);

    const full = await runsOf(db, "full_delays");
    expect(full.map((run) => [run.at?.toISOString(), run.status, run.range])).toEqual([
      ["2026-11-21T12:00:00.000Z", "sent", "2026-11-20"],
      ["2026-11-22T00:00:00.000Z", "sent", "2026-11-20"],
    ]);
    expect(full[0]?.detail).toMatch(/^250/);
    // The UTC day before 12:00Z of the 21st is the 20th.
    expect((await runsOf(db, "tovar_delays")).map((run) => [run.status, run.range])).toEqual([["sent", "2026-11-20"]]);
    await Promise.all([a.stop(), b.stop()]);
  });
});

describe("restarts", () => {
  // Each case has its own template alone: the clock moves back and forth between them.
  beforeEach(async () => {
    await handles[0]?.db.delete(reportTemplates);
  });

  it("send a run missed while the server was down once, not again after another restart", async () => {
    const db = handles[0]?.db;
    if (!db) throw new Error("no database");
    // 18:00 Mexico City of the 22nd (00:00Z of the 23rd) reports the 21st; no server runs then.
    await saveTemplate(db, "appearance", "local", ["18:00"], contactId);
    clock = Date.parse("2026-11-23T03:00:00Z");
    const first = await instance();
    expect((await first.tick()).sent).toEqual(["appearance@2026-11-23T00:00:00.000Z"]);
    await first.stop();
    // Another start an hour later finds the run claimed and sends nothing.
    clock = Date.parse("2026-11-23T04:00:00Z");
    const second = await instance();
    expect(await second.tick()).toEqual({ sent: [], skipped: [] });
    await second.stop();
    expect(mailsAbout("Comparecencias", "18:00 LOCAL")).toHaveLength(1);
    expect((await runsOf(db, "appearance")).map((run) => [run.status, run.range])).toEqual([["sent", "2026-11-21"]]);
  });

  it("send only the newest of several times missed in the window, and leave older ones alone", async () => {
    const db = handles[0]?.db;
    if (!db) throw new Error("no database");
    // 01:00, 02:00, 03:00 UTC; the server comes back at 03:30Z of the 22nd, 6 h window.
    await saveTemplate(db, "plates", "zulu", ["01:00", "02:00", "03:00"], contactId);
    clock = Date.parse("2026-11-22T03:30:00Z");
    const scheduler = await instance();
    const result = await scheduler.tick();
    // The times of the 21st (more than 6 h ago) are neither sent nor recorded.
    expect(result).toEqual({
      sent: ["plates@2026-11-22T03:00:00.000Z"],
      skipped: ["plates@2026-11-22T02:00:00.000Z", "plates@2026-11-22T01:00:00.000Z"],
    });
    expect(await scheduler.tick()).toEqual({ sent: [], skipped: [] });
    await scheduler.stop();
    expect(mailsAbout("Matrículas", "03:00 ZULU")).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.subject.startsWith("Matrículas"))).toHaveLength(1);
    const runs = await runsOf(db, "plates");
    expect(runs.map((run) => [run.at?.toISOString(), run.status])).toEqual([
      ["2026-11-22T01:00:00.000Z", "skipped"],
      ["2026-11-22T02:00:00.000Z", "skipped"],
      ["2026-11-22T03:00:00.000Z", "sent"],
    ]);
  });
});
