/**
 * A report's send settings (seed 001 §2.7 toolbar, §3 'Template update payload', §4.4): read by the
 * toolbar, saved from it, and read by the scheduler. One row per report in `report_templates`.
 */
import { eq, sql } from "drizzle-orm";
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
import { contacts, reportTemplates } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion, staleVersion } from "../http/versions";
import { authorName } from "../http/author";

type ReportTemplate = components["schemas"]["ReportTemplate"];
type ReportType = components["schemas"]["ReportType"];
type ReportTimeZone = components["schemas"]["ReportTimeZone"];

/** A saved template as the scheduler and the send use it. */
export interface StoredTemplate {
  reportName: ReportType;
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


/** Every saved template (the scheduler's reading), or one report's. */
export async function readTemplates(db: Database, reportName?: ReportType): Promise<StoredTemplate[]> {
  const rows = await db
    .select({
      reportName: reportTemplates.reportName,
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
    .where(reportName ? eq(reportTemplates.reportName, reportName) : undefined);
  return rows.flatMap((row) => {
    if (!isReportType(row.reportName)) return [];
    return [
      {
        reportName: row.reportName,
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

function toTemplate(reportName: ReportType, stored: StoredTemplate | undefined, now: Date): ReportTemplate {
  const schedule = stored ? stored.schedule : [...DEFAULT_SCHEDULE.schedule];
  const timezone = stored ? stored.timezone : DEFAULT_SCHEDULE.timezone;
  const next = stored?.sendTo ? nextReportInstant(reportName, schedule, timezone, now.getTime()) : null;
  const reported = next === null ? null : reportedRange(reportName, next, timezone);
  return {
    report_name: reportName,
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

/** A report's send settings as saved, or the defaults when nothing is saved yet. */
export async function reportTemplateOf(db: Database, reportName: ReportType, now: Date): Promise<ReportTemplate> {
  const [stored] = await readTemplates(db, reportName);
  return toTemplate(reportName, stored, now);
}

/** Saves a report's send settings from version `expected`, audited; answers them as saved. */
export async function saveTemplate(
  db: Database,
  user: AuthenticatedUser,
  body: components["schemas"]["ReportTemplateUpdate"],
  expected: number | null,
  now: Date,
): Promise<ReportTemplate> {
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
    const what = `el envío de «${REPORT_LABELS[body.report_name]}»`;
    // The saved row, locked for the rest of the transaction; a save made from another version is refused.
    const [locked] = await tx
      .select({ version: reportTemplates.version, changedBy: reportTemplates.updatedByName, changedAt: reportTemplates.updatedAt })
      .from(reportTemplates)
      .where(eq(reportTemplates.reportName, body.report_name))
      .for("update");
    if (locked) checkVersion(expected, locked, what);
    const [before] = await readTemplates(tx, body.report_name);
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
        .where(eq(reportTemplates.reportName, body.report_name));
    } else {
      // Nothing saved yet (version 0). Another first save at the same moment wins the row: this
      // one is then stale, unless it carried no version (then it overwrites, as before versions).
      const inserted = await tx
        .insert(reportTemplates)
        .values({ reportName: body.report_name, ...values })
        .onConflictDoNothing()
        .returning({ version: reportTemplates.version });
      if (inserted.length === 0) {
        const [winner] = await tx
          .select({ version: reportTemplates.version, changedBy: reportTemplates.updatedByName, changedAt: reportTemplates.updatedAt })
          .from(reportTemplates)
          .where(eq(reportTemplates.reportName, body.report_name))
          .for("update");
        if (!winner) throw new Error("the report template row vanished");
        if (expected !== null) throw staleVersion(winner, what);
        await tx.update(reportTemplates).set(bumped).where(eq(reportTemplates.reportName, body.report_name));
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
        targetLabel: REPORT_LABELS[body.report_name],
        details,
      });
    }
  });
  const [stored] = await readTemplates(db, body.report_name);
  return toTemplate(body.report_name, stored, now);
}
