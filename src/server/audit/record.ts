/** The audit log: one row per administrative action, written in the action's own transaction. */
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
  details?: Record<string, unknown>;
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
export function changes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) out[key] = { from: before[key] ?? null, to: value };
  }
  return out;
}
