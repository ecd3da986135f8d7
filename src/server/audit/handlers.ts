/** Reading the audit log and the e-mail outbox (Admin). */
import type { components } from "../../generated/openapi";
import type { Handler } from "../contract/routes";
import { listAuditRows, listOutboxRows } from "./queries";

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
  "airport.create": true,
  "airport.update": true,
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
  airport: true,
};

const isAction = (value: string): value is AuditEntry["action"] => Object.hasOwn(AUDIT_ACTIONS, value);
const isTargetType = (value: string): value is AuditEntry["target_type"] => Object.hasOwn(TARGET_TYPES, value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const listAuditLog: Handler<"listAuditLog"> = async ({ query, services }) => {
  const { rows, total } = await listAuditRows(services.db, query.q?.trim() || undefined, query.limit ?? 50, query.offset ?? 0);
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
  return { status: 200, body: { items, total } };
};

export const listOutbox: Handler<"listOutbox"> = async ({ query, services }) => {
  const { rows, total } = await listOutboxRows(services.db, query.limit ?? 50, query.offset ?? 0);
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
      total,
    },
  };
};
