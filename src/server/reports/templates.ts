/**
 * A report's send settings (seed 001 §2.7 toolbar, §3 'Template update payload', §4.4): read by the
 * toolbar, saved from it, and read by the scheduler. One row per report and airport in
 * `report_templates` (issue 37: each airport's team schedules its own sends; LOCAL is the
 * airport's zone).
 */
import { and, eq, sql } from "drizzle-orm";
import {
  DEFAULT_SCHEDULE,
  nextReportInstant,
  normalisedSchedule,
  reportedRange,
  scheduleProblems,
} from "../../domain/reports/schedule";
import { isReportType, REPORT_LABELS } from "../../domain/reports";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { airports, contacts, reportTemplates } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion, staleVersion } from "../http/versions";
import { authorName } from "../http/author";
import { DEFAULT_AIRPORT } from "../airports/held";
import type { ReportAirport } from "./data";

type ReportTemplate = components["schemas"]["ReportTemplate"];
type ReportType = components["schemas"]["ReportType"];
type ReportTimeZone = components["schemas"]["ReportTimeZone"];

/** A saved template as the scheduler and the send use it. */
export interface StoredTemplate {
  reportName: ReportType;
  /** The airport whose report it sends, and its zone (LOCAL); `active` false: it sends nothing. */
  airport: ReportAirport & { active: boolean };
  frequency: number;
  schedule: string[];
  timezone: ReportTimeZone;
  sendTo: { id: number; name: string; email: string } | null;
  updatedAt: Date;
  updatedByEmail: string | null;
  /** Bumped by every save (issue 25), and the full name of who saved last. */
  version: number;
  updatedByName: string | null;
}

const asTimeZone = (value: string): ReportTimeZone => (value === "zulu" ? "zulu" : "local");

/** A report's label in Auditoría and a 409: another airport's says whose it is, MEX's reads as before issue 37. */
const labelAt = (reportName: ReportType, airport: string): string =>
  airport === DEFAULT_AIRPORT ? REPORT_LABELS[reportName] : `${REPORT_LABELS[reportName]} (${airport})`;


/** Every saved template (the scheduler's reading), or one report's at one airport. */
export async function readTemplates(db: Database, one?: { reportName: ReportType; airport: string }): Promise<StoredTemplate[]> {
  const rows = await db
    .select({
      reportName: reportTemplates.reportName,
      airport: reportTemplates.airport,
      airportZone: airports.timeZone,
      airportActive: airports.active,
      frequency: reportTemplates.frequency,
      schedule: reportTemplates.schedule,
      timezone: reportTemplates.timezone,
      updatedAt: reportTemplates.updatedAt,
      updatedByEmail: reportTemplates.updatedByEmail,
      version: reportTemplates.version,
      updatedByName: reportTemplates.updatedByName,
      contactId: contacts.id,
      contactName: contacts.name,
      contactEmail: contacts.email,
    })
    .from(reportTemplates)
    .leftJoin(contacts, eq(contacts.id, reportTemplates.sendTo))
    .innerJoin(airports, eq(airports.code, reportTemplates.airport))
    .where(one ? and(eq(reportTemplates.reportName, one.reportName), eq(reportTemplates.airport, one.airport)) : undefined);
  return rows.flatMap((row) => {
    if (!isReportType(row.reportName)) return [];
    return [
      {
        reportName: row.reportName,
        airport: { code: row.airport, timeZone: row.airportZone, active: row.airportActive },
        frequency: row.frequency,
        schedule: row.schedule,
        timezone: asTimeZone(row.timezone),
        sendTo:
          row.contactId !== null && row.contactName !== null && row.contactEmail !== null
            ? { id: row.contactId, name: row.contactName, email: row.contactEmail }
            : null,
        updatedAt: row.updatedAt,
        updatedByEmail: row.updatedByEmail,
        version: row.version,
        updatedByName: row.updatedByName,
      },
    ];
  });
}

function toTemplate(reportName: ReportType, airport: ReportAirport, stored: StoredTemplate | undefined, now: Date): ReportTemplate {
  const schedule = stored ? stored.schedule : [...DEFAULT_SCHEDULE.schedule];
  const timezone = stored ? stored.timezone : DEFAULT_SCHEDULE.timezone;
  const next = stored?.sendTo ? nextReportInstant(reportName, schedule, timezone, now.getTime(), airport.timeZone) : null;
  const reported = next === null ? null : reportedRange(reportName, next, timezone, airport.timeZone);
  return {
    report_name: reportName,
    airport: airport.code,
    saved: stored !== undefined,
    frequency: stored ? stored.frequency : DEFAULT_SCHEDULE.frequency,
    schedule,
    timezone,
    send_to: stored?.sendTo?.id ?? null,
    send_to_email: stored?.sendTo?.email ?? null,
    send_to_name: stored?.sendTo?.name ?? null,
    updated_at: stored ? stored.updatedAt.toISOString() : null,
    updated_by: stored?.updatedByEmail ?? null,
    next_run:
      next === null || reported === null
        ? null
        : { at: new Date(next).toISOString(), day: reported.start, ...(reported.end !== reported.start ? { end: reported.end } : {}) },
    version: stored ? stored.version : 0,
  };
}

/** A report's send settings at an airport as saved, or the defaults when nothing is saved yet. */
export async function reportTemplateOf(db: Database, reportName: ReportType, airport: ReportAirport, now: Date): Promise<ReportTemplate> {
  const [stored] = await readTemplates(db, { reportName, airport: airport.code });
  return toTemplate(reportName, airport, stored, now);
}

/** Saves a report's send settings at `airport` from version `expected`, audited; answers them as saved. */
export async function saveTemplate(
  db: Database,
  user: AuthenticatedUser,
  body: components["schemas"]["ReportTemplateUpdate"],
  airport: ReportAirport,
  expected: number | null,
  now: Date,
): Promise<ReportTemplate> {
  const one = { reportName: body.report_name, airport: airport.code };
  const thisRow = and(eq(reportTemplates.reportName, body.report_name), eq(reportTemplates.airport, airport.code));
  const problems = scheduleProblems(body.frequency, body.schedule);
  if (problems.length > 0) {
    throw new HttpError(
      400,
      `No se guardó el horario de envío: ${problems.map((p) => p.message).join(" ")}`,
      problems,
    );
  }
  const schedule = normalisedSchedule(body.schedule);
  await db.transaction(async (tx) => {
    let sendTo: string | null = null;
    if (body.send_to !== null) {
      const [contact] = await tx.select({ email: contacts.email }).from(contacts).where(eq(contacts.id, body.send_to));
      sendTo = contact?.email ?? null;
      if (!contact) {
        throw new HttpError(404, `El contacto ${body.send_to} no existe en el Directorio: elija otro en «Enviar a».`, [
          { field: "send_to", message: `No existe el contacto ${body.send_to}.` },
        ]);
      }
    }
    const values = {
      frequency: body.frequency,
      schedule,
      timezone: body.timezone,
      sendTo: body.send_to,
      updatedAt: now,
      updatedBy: user.id,
      updatedByEmail: user.email,
      updatedByName: authorName(user),
    };
    const what = `el envío de «${labelAt(body.report_name, airport.code)}»`;
    // The saved row, locked for the rest of the transaction; a save made from another version is refused.
    const [locked] = await tx
      .select({ version: reportTemplates.version, changedBy: reportTemplates.updatedByName, changedAt: reportTemplates.updatedAt })
      .from(reportTemplates)
      .where(thisRow)
      .for("update");
    if (locked) checkVersion(expected, locked, what);
    const [before] = await readTemplates(tx, one);
    const bumped = { ...values, version: sql`${reportTemplates.version} + 1` };
    if (locked) {
      // Saved again as it is, the template keeps its version: nobody's view of it went stale.
      const same =
        before !== undefined &&
        before.frequency === body.frequency &&
        before.schedule.join(",") === schedule.join(",") &&
        before.timezone === body.timezone &&
        (before.sendTo?.id ?? null) === body.send_to;
      await tx
        .update(reportTemplates)
        .set(same ? values : bumped)
        .where(thisRow);
    } else {
      // Nothing saved yet (version 0). Another first save at the same moment wins the row: this
      // one is then stale, unless it carried no version (then it overwrites, as before versions).
      const inserted = await tx
        .insert(reportTemplates)
        .values({ reportName: body.report_name, airport: airport.code, ...values })
        .onConflictDoNothing()
        .returning({ version: reportTemplates.version });
      if (inserted.length === 0) {
        const [winner] = await tx
          .select({ version: reportTemplates.version, changedBy: reportTemplates.updatedByName, changedAt: reportTemplates.updatedAt })
          .from(reportTemplates)
          .where(thisRow)
          .for("update");
        if (!winner) throw new Error("the report template row vanished");
        if (expected !== null) throw staleVersion(winner, what);
        await tx.update(reportTemplates).set(bumped).where(thisRow);
      }
    }
    // Who receives a report outside the team, and when, is worth a line in Auditoría.
    const zoneName = (timezone: string | undefined) => (timezone === "zulu" ? "ZULU" : timezone === "local" ? "LOCAL" : null);
    const changes = {
      frequency: { from: before?.frequency ?? null, to: body.frequency },
      schedule: { from: before ? before.schedule.join(", ") : null, to: schedule.join(", ") },
      timezone: { from: zoneName(before?.timezone), to: zoneName(body.timezone) },
      send_to: { from: before?.sendTo?.email ?? null, to: sendTo },
    };
    const details = Object.fromEntries(Object.entries(changes).filter(([, change]) => change.from !== change.to));
    if (Object.keys(details).length > 0) {
      await recordAudit(tx, user, now, {
        action: "report.template",
        targetType: "report",
        targetId: null,
        targetLabel: labelAt(body.report_name, airport.code),
        details,
      });
    }
  });
  const [stored] = await readTemplates(db, one);
  return toTemplate(body.report_name, airport, stored, now);
}
