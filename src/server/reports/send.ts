/**
 * Sending a report (seed 001 §2.8, §4.4): one e-mail to the report's send-to contact, copied to
 * cc, with the report's file attached and a body that summarises the range. Manual sends (the
 * send modal) and scheduled ones (scheduler.ts) are runs of `report_runs`, recorded whatever
 * happens: the row is written first ('sending'), then the file is built and the e-mail sent and
 * the row finished in one transaction ('sent' with the SMTP server's answer, or 'kept' in the
 * outbox); a refusal finishes it as 'failed' (the SMTP answer) or 'no_data'.
 *
 * A scheduled run's row is its claim: the unique key (report, airport, scheduled time) lets one
 * insert win, on any number of server instances sharing the database (see scheduler.ts). Each run
 * covers one airport (issue 37): the subject, the body and the file's name say which.
 */
import { eq } from "drizzle-orm";
import { MONITORING_ANSWER_WORKING_DAYS, REPORT_LABELS } from "../../domain/reports";
import { addWorkingDays } from "../../domain/scr/offers";
import { zoneOfReportTimeZone } from "../../domain/reports/schedule";
import type { components } from "../../generated/openapi";
import type { AuthenticatedUser } from "../auth/sessions";
import { directoryAddresses } from "../contacts/directory";
import type { Database } from "../db/client";
import { DEFAULT_AIRPORT, heldAirport } from "../airports/held";
import { reportRuns, seasons } from "../db/schema";
import { HttpError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import type { Services } from "../services";
import { type ReportDownloadRequest, type ReportFile, renderReportFile } from "./files";
import { readTemplates } from "./templates";

type ReportType = components["schemas"]["ReportType"];
type ReportRun = components["schemas"]["ReportRun"];
type ReportRunStatus = components["schemas"]["ReportRunStatus"];
/** What identifies a report's content: the fields of `download_report`. */

export type { ReportFile } from "./files";

/** Builds a report's file (the one `download_report` answers); 404 when the range has no rows. */
/** Builds a report's file as of `now` (the scheduler's clock for a scheduled send, which a test moves). */
export type RenderReportFile = (db: Database, type: ReportType, query: ReportDownloadRequest, now: Date) => Promise<ReportFile>;

/** The seed's message for a range without rows (seed 001 §8, 'Report send'). */
export const NO_DATA_MESSAGE = "No se han encontrado datos para el rango y la temporada seleccionados";

export interface SendDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  render: RenderReportFile;
}

export interface RunRequest {
  reportName: ReportType;
  /** `airport` is the airport the run covers (absent: MEX). */
  query: ReportDownloadRequest;
  to: string[];
  cc: string[];
  /** Manual: the person; scheduled: the scheduled time. */
  requestedBy: AuthenticatedUser | null;
  scheduledFor: Date | null;
  /** For the body of a scheduled send: its time as the template shows it (`06:00 LOCAL`). */
  scheduleLabel?: string;
}

/**
 * Writes the run's row. A scheduled run answers null when another instance (or an earlier start
 * of this one) already holds that (report, time): the row is the claim, nothing in memory is.
 */
export async function claimRun(db: Database, now: Date, run: RunRequest, status: "sending" | "skipped" = "sending") {
  const [row] = await db
    .insert(reportRuns)
    .values({
      reportName: run.reportName,
      airport: run.query.airport ?? DEFAULT_AIRPORT,
      trigger: run.scheduledFor ? "schedule" : "manual",
      scheduledFor: run.scheduledFor,
      requestedBy: run.requestedBy?.id ?? null,
      requestedByEmail: run.requestedBy?.email ?? null,
      startedAt: now,
      finishedAt: status === "skipped" ? now : null,
      rangeStart: run.query.start,
      rangeEnd: run.query.end,
      timeZone: run.query.timezone ?? "local",
      to: run.to,
      cc: run.cc,
      status,
      detail:
        status === "skipped"
          ? "Omitido: ningún servidor estaba activo a esa hora y se envió el horario posterior."
          : null,
    })
    .onConflictDoNothing({ target: [reportRuns.reportName, reportRuns.airport, reportRuns.scheduledFor] })
    .returning({ id: reportRuns.id });
  return row?.id ?? null;
}

const formatDay = (day: string) => day.split("-").reverse().join("/");

async function seasonName(db: Database, id: number | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: seasons.name }).from(seasons).where(eq(seasons.id, id));
  return row?.name ?? null;
}

/** The airport a run covers: its code, and its local zone (the body names it). */
type MailAirport = { code: string; timeZone: string };

function mailBody(run: RunRequest, fileName: string, season: string | null, airport: MailAirport): { subject: string; text: string } {
  const label = REPORT_LABELS[run.reportName];
  const weekly = run.reportName === "weekly_monitoring";
  const timezone = run.query.timezone ?? "local";
  const local = airport.code === DEFAULT_AIRPORT ? "hora de la Ciudad de México (LOCAL)" : `hora local de ${airport.code} (LOCAL)`;
  const zone = timezone === "zulu" ? "UTC (ZULU)" : local;
  const range =
    run.query.start === run.query.end
      ? `el ${formatDay(run.query.start)}`
      : `del ${formatDay(run.query.start)} al ${formatDay(run.query.end)}`;
  const who = run.requestedBy
    ? `Enviado por ${run.requestedBy.name} ${run.requestedBy.lastName} (${run.requestedBy.email}) desde Slotdesk.`
    : `Envío programado${run.scheduleLabel ? ` de las ${run.scheduleLabel}` : ""} de Slotdesk: el reporte ${
        weekly ? "de la semana anterior" : "del día anterior"
      }.`;
  const subject = `${label} · ${run.query.start === run.query.end ? formatDay(run.query.start) : `${formatDay(run.query.start)} al ${formatDay(run.query.end)}`} · ${airport.code}`;
  const text = [
    "Buen día:",
    "",
    `Se adjunta el reporte ${label} de ${airport.code} ${range} (días completos, ${zone}; zona ${zoneOfReportTimeZone(timezone, airport.timeZone)}).`,
    "",
    `Reporte: ${label}`,
    `Rango: ${range.replace(/^el /, "")}`,
    `Aeropuerto: ${airport.code}`,
    `Temporada: ${season ?? "---"}`,
    ...(weekly
      ? [
          `Plazo de respuesta al coordinador: ${formatDay(addWorkingDays(run.query.end, MONITORING_ANSWER_WORKING_DAYS))} (${MONITORING_ANSWER_WORKING_DAYS} días hábiles después del fin de la semana).`,
        ]
      : []),
    `Archivo adjunto: ${fileName}`,
    "",
    who,
  ].join("\n");
  return { subject, text };
}

/**
 * Builds the file and sends the claimed run `runId`, then finishes its row. Never throws for a
 * refusal: answers the finished status, and the refusal to show a person (manual sends).
 */
export async function deliverRun(
  deps: SendDeps,
  runId: number,
  run: RunRequest,
): Promise<{ status: ReportRunStatus; refusal: HttpError | null }> {
  try {
    const file = await deps.render(deps.db, run.reportName, run.query, deps.now());
    const season = await seasonName(deps.db, run.query.season);
    const code = run.query.airport ?? DEFAULT_AIRPORT;
    // The file was built, so the airport is held; its zone names LOCAL in the body.
    const airport = (await heldAirport(deps.db, code)) ?? { code, timeZone: zoneOfReportTimeZone("local") };
    const { subject, text } = mailBody(run, file.fileName, season, airport);
    const status = await deps.db.transaction(async (tx) => {
      const mail = await deps.mailer.send(tx, {
        purpose: "report",
        to: run.to,
        cc: run.cc,
        subject,
        text,
        attachments: [{ filename: file.fileName, contentType: file.contentType, content: file.content }],
      });
      await tx
        .update(reportRuns)
        .set({
          status: mail.status,
          detail: mail.response ?? "Sin servidor de correo (SMTP): el mensaje quedó en la bandeja de salida.",
          fileName: file.fileName,
          outboxId: mail.id,
          finishedAt: deps.now(),
        })
        .where(eq(reportRuns.id, runId));
      return mail.status;
    });
    return { status, refusal: null };
  } catch (error) {
    const refusal =
      error instanceof HttpError
        ? error
        : new HttpError(500, `No se pudo preparar el reporte: ${error instanceof Error ? error.message : String(error)}`);
    const status: ReportRunStatus = refusal.status === 404 ? "no_data" : "failed";
    await deps.db
      .update(reportRuns)
      .set({ status, detail: refusal.message, finishedAt: deps.now() })
      .where(eq(reportRuns.id, runId));
    return { status, refusal };
  }
}

/** A run's row as the contract shows it. */
export function toReportRun(row: typeof reportRuns.$inferSelect, reportName: ReportType): ReportRun {
  const statuses: readonly ReportRunStatus[] = ["sending", "sent", "kept", "failed", "no_data", "skipped"];
  const status = statuses.find((s) => s === row.status) ?? "failed";
  return {
    id: row.id,
    report_name: reportName,
    airport: row.airport,
    trigger: row.trigger === "schedule" ? "schedule" : "manual",
    requested_by: row.requestedByEmail,
    scheduled_for: row.scheduledFor ? row.scheduledFor.toISOString() : null,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    range_start: row.rangeStart,
    range_end: row.rangeEnd,
    timezone: row.timeZone === "zulu" ? "zulu" : "local",
    to: row.to,
    cc: row.cc,
    file_name: row.fileName,
    status,
    detail: row.detail,
    outbox_id: row.outboxId,
  };
}

/**
 * Sends a report now to its saved contact at the body's airport (and the copies asked for),
 * recorded as a run. The caller's access to `body.airport` was checked by the handler.
 */
export async function sendReportNow(services: Services, type: ReportType, body: ReportDownloadRequest & { cc?: string[] | undefined }, user: AuthenticatedUser): Promise<ReportRun> {
  const params = { type };
  const [template] = await readTemplates(services.db, { reportName: params.type, airport: body.airport ?? DEFAULT_AIRPORT });
  const contact = template?.sendTo;
  if (!contact) {
    throw new HttpError(400, `Elija el contacto «Enviar a» del reporte ${REPORT_LABELS[params.type]} antes de enviarlo.`, [
      { field: "send_to", message: "El reporte no tiene un contacto de envío guardado." },
    ]);
  }
  const copies = await directoryAddresses(services.db, body.cc ?? []);
  if (copies.problems.length > 0) {
    throw new HttpError(400, copies.problems.map((p) => p.message).join(" "), copies.problems);
  }
  const run: RunRequest = {
    reportName: params.type,
    query: body,
    to: [contact.email],
    cc: copies.emails.filter((address) => address !== contact.email),
    requestedBy: user,
    scheduledFor: null,
  };
  const deps: SendDeps = { db: services.db, mailer: services.mailer, now: services.now, render: renderReportFile };
  const runId = await claimRun(services.db, services.now(), run);
  if (runId === null) throw new Error("A manual run was not recorded");
  const { refusal } = await deliverRun(deps, runId, run);
  if (refusal) {
    if (refusal.status === 404) throw new HttpError(404, NO_DATA_MESSAGE, refusal.errors);
    throw refusal;
  }
  const [row] = await services.db.select().from(reportRuns).where(eq(reportRuns.id, runId));
  if (!row) throw new Error(`Report run ${runId} vanished`);
  return toReportRun(row, params.type);
}
