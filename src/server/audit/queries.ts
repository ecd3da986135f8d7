/** Reading the audit log and the outbox (record.ts writes the log; mail writes the outbox). */
import { count, desc, ilike, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog, outbox } from "../db/schema";

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the audit log, newest first, filtered by actor, target or action (any part of them). */
export async function listAuditRows(db: Database, text: string | undefined, limit: number, offset: number) {
  const where = text
    ? or(ilike(auditLog.actorEmail, likePattern(text)), ilike(auditLog.targetLabel, likePattern(text)), ilike(auditLog.action, likePattern(text)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the outbox, newest first. */
export async function listOutboxRows(db: Database, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(outbox),
  ]);
  return { rows, total: total?.n ?? 0 };
}
