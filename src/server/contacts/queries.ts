/**
 * The contacts table's SQL: the directory's list and its edits, each one transaction with its
 * audit record and version check (directory.ts reads the cc addresses).
 */
import { asc, eq } from "drizzle-orm";
import type { AuditDetails } from "../../domain/audit";
import { type AuditRecord, changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";

const columns = { id: contacts.id, name: contacts.name, email: contacts.email, notes: contacts.notes, version: contacts.version };

/** A contact's fields as typed, trimmed (the e-mail also lower-cased). */
export type ContactValues = { name: string; email: string; notes: string };

/** The fields an edit records in the audit log (the id never changes). */
const auditFields = (row: ContactValues) => ({ name: row.name, email: row.email, notes: row.notes });

async function refuseDuplicate(db: Database, email: string, exceptId?: number): Promise<void> {
  const [existing] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email));
  if (existing && existing.id !== exceptId) {
    throw new HttpError(409, `Ya existe un contacto con el correo ${email}.`, [
      { field: "email", message: `Ya existe un contacto con el correo ${email}.` },
    ]);
  }
}

/** The audit record of an action on a contact, named by its e-mail. */
async function auditContact(
  db: Database,
  actor: AuthenticatedUser,
  now: Date,
  action: AuditRecord["action"],
  contact: { id: number; email: string },
  details: AuditDetails,
): Promise<void> {
  await recordAudit(db, actor, now, { action, targetType: "contact", targetId: contact.id, targetLabel: contact.email, details });
}

/**
 * The contact, its row locked for the rest of the transaction; 409 `STALE VERSION` when the
 * change was made from another version than the current one, 404 when there is no such contact.
 */
async function lockContact(db: Database, id: number, expected: number | null) {
  const [row] = await db
    .select({ ...columns, changedBy: contacts.updatedByName, changedAt: contacts.updatedAt })
    .from(contacts)
    .where(eq(contacts.id, id))
    .for("update");
  if (!row) throw new HttpError(404, `No existe el contacto ${id}.`);
  checkVersion(expected, row, `el contacto ${row.email}`);
  return { id: row.id, name: row.name, email: row.email, notes: row.notes, version: row.version };
}

export function listContactRows(db: Database) {
  return db.select(columns).from(contacts).orderBy(asc(contacts.name), asc(contacts.email));
}

export function insertContact(db: Database, values: ContactValues, user: AuthenticatedUser, now: Date) {
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, values.email);
    const [inserted] = await tx.insert(contacts).values({ ...values, createdAt: now }).returning(columns);
    if (!inserted) throw new Error("insert returned no row");
    await auditContact(tx, user, now, "contact.create", inserted, { name: inserted.name });
    return inserted;
  });
}

export function updateContactRow(db: Database, id: number, expected: number | null, values: ContactValues, user: AuthenticatedUser, now: Date) {
  return db.transaction(async (tx) => {
    const before = await lockContact(tx, id, expected);
    // Saved unchanged, the contact keeps its version.
    if (Object.keys(changes(auditFields(before), auditFields(values))).length === 0) return before;
    await refuseDuplicate(tx, values.email, before.id);
    const [after] = await tx
      .update(contacts)
      .set({ ...values, ...versionStamp(contacts.version, user, now) })
      .where(eq(contacts.id, before.id))
      .returning(columns);
    if (!after) throw new Error("update returned no row");
    const diff = changes(auditFields(before), auditFields(after));
    if (Object.keys(diff).length > 0) {
      await auditContact(tx, user, now, "contact.update", after, diff);
    }
    return after;
  });
}

export async function deleteContactRow(db: Database, id: number, expected: number | null, user: AuthenticatedUser, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockContact(tx, id, expected);
    await tx.delete(contacts).where(eq(contacts.id, before.id));
    await auditContact(tx, user, now, "contact.delete", before, { name: before.name });
  });
}
