/** Reading the audit log and the e-mail outbox (Admin). */
import { count, desc, ilike, or } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Handler } from "../contract/routes";
import { auditLog, outbox } from "../db/schema";

type AuditEntry = components["schemas"]["AuditEntry"];
/** Every action and target type of the contract: a value missing here fails the type check. */
const AUDIT_ACTIONS: Record<AuditEntry["action"], true> = {
  "user.invite": true,
  "user.update": true,
  "user.role": true,
  "user.block": true,
  "user.unblock": true,
  "user.delete": true,
  "user.password_reset": true,
  "contact.create": true,
  "contact.update": true,
  "contact.delete": true,
  "season.create": true,
  "season.update": true,
  "season.upload": true,
  "setting.modify": true,
  "request.send": true,
  "request.delete": true,
  "reference.request_upload": true,
  "reference.response_upload": true,
  "reference.line_status": true,
  "request.create": true,
  "request.offer_answer": true,
  "logbook.file_upload": true,
  "logbook.file_delete": true,
  "match.separate": true,
  "match.assign_slot": true,
  "match.evaluate_delays": true,
  "affectation.update": true,
  "flight.real_dates": true,
  "report.template": true,
  "season.coordinator_list": true,
  "justification_reason.create": true,
  "justification_reason.update": true,
  "justification.create": true,
  "justification.update": true,
  "justification.delete": true,
};
const TARGET_TYPES: Record<AuditEntry["target_type"], true> = {
  user: true,
  contact: true,
  season: true,
  setting: true,
  request: true,
  match: true,
  flight: true,
  report: true,
  slot: true,
  justification_reason: true,
};

const isAction = (value: string): value is AuditEntry["action"] => Object.hasOwn(AUDIT_ACTIONS, value);
const isTargetType = (value: string): value is AuditEntry["target_type"] => Object.hasOwn(TARGET_TYPES, value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const listAuditLog: Handler<"listAuditLog"> = async ({ query, services }) => {
  const text = query.q?.trim();
  const where = text
    ? or(
        ilike(auditLog.actorEmail, likePattern(text)),
        ilike(auditLog.targetLabel, likePattern(text)),
        ilike(auditLog.action, likePattern(text)),
      )
    : undefined;
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const [rows, [total]] = await Promise.all([
    services.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
    services.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const items = rows.flatMap((row): AuditEntry[] =>
    isAction(row.action) && isTargetType(row.targetType)
      ? [
          {
            id: row.id,
            at: row.at.toISOString(),
            actor_id: row.actorId,
            actor_email: row.actorEmail,
            action: row.action,
            target_type: row.targetType,
            target_id: row.targetId,
            target_label: row.targetLabel,
            details: isRecord(row.details) ? row.details : {},
          },
        ]
      : [],
  );
  return { status: 200, body: { items, total: total?.n ?? 0 } };
};

export const listOutbox: Handler<"listOutbox"> = async ({ query, services }) => {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const [rows, [total]] = await Promise.all([
    services.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset),
    services.db.select({ n: count() }).from(outbox),
  ]);
  return {
    status: 200,
    body: {
      items: rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        purpose: row.purpose,
        to: row.to,
        cc: row.cc,
        subject: row.subject,
        text: row.text,
        attachments: row.attachments,
        status: row.status === "sent" ? "sent" : "kept",
        sent_at: row.sentAt ? row.sentAt.toISOString() : null,
      })),
      total: total?.n ?? 0,
    },
  };
};
