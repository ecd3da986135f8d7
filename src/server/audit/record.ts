/** The audit log: one row per administrative action, written in the action's own transaction. */
import type { AuditDetailField, AuditDetails } from "../../domain/audit";
import type { components } from "../../generated/openapi";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

type AuditEntry = components["schemas"]["AuditEntry"];

export interface AuditRecord {
  action: AuditEntry["action"];
  targetType: AuditEntry["target_type"];
  targetId: number | null;
  targetLabel: string;
  /** Only the fields of AUDIT_DETAIL_FIELDS, which the browser can name in Spanish. */
  details?: AuditDetails;
}

export async function recordAudit(db: Database, actor: AuthenticatedUser, at: Date, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel: record.targetLabel,
    details: record.details ?? {},
  });
}

/** `{field: {from, to}}` for the fields that really changed. */
export function changes<K extends AuditDetailField>(before: Record<K, unknown>, after: Record<K, unknown>): AuditDetails {
  const out: AuditDetails = {};
  for (const key of Object.keys(after).filter((k): k is K => Object.hasOwn(after, k))) {
    const value = after[key];
    if (value !== undefined && before[key] !== value) out[key] = { from: before[key] ?? null, to: value };
  }
  return out;
}
