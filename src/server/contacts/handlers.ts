/** The coordinator contact directory (seed 000 §7): everyone reads it, Admin manages it. */
import { asc, eq } from "drizzle-orm";
import type { AuditDetails } from "../../domain/audit";
import { type AuditRecord, changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion, expectedVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import type { Services } from "../services";

const columns = { id: contacts.id, name: contacts.name, email: contacts.email, notes: contacts.notes, version: contacts.version };

/** The fields an edit records in the audit log (the id never changes). */
const auditFields = (row: { name: string; email: string; notes: string }) => ({ name: row.name, email: row.email, notes: row.notes });

const normalise = (input: { name: string; email: string; notes?: string | undefined }) => ({
  name: input.name.trim(),
  email: input.email.trim().toLowerCase(),
  notes: input.notes?.trim() ?? "",
});

function requireName(name: string): void {
  if (!name) throw new HttpError(400, "El nombre es obligatorio.", [{ field: "name", message: "El nombre es obligatorio." }]);
}

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
  services: Services,
  action: AuditRecord["action"],
  contact: { id: number; email: string },
  details: AuditDetails,
): Promise<void> {
  await recordAudit(db, actor, services.now(), { action, targetType: "contact", targetId: contact.id, targetLabel: contact.email, details });
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

export const listContacts: Handler<"listContacts"> = async ({ services }) => {
  const rows = await services.db.select(columns).from(contacts).orderBy(asc(contacts.name), asc(contacts.email));
  return { status: 200, body: rows };
};

export const createContact: Handler<"createContact"> = async ({ body, user, services }) => {
  const values = normalise(body);
  requireName(values.name);
  const row = await services.db.transaction(async (tx) => {
    await refuseDuplicate(tx, values.email);
    const [inserted] = await tx.insert(contacts).values({ ...values, createdAt: services.now() }).returning(columns);
    if (!inserted) throw new Error("insert returned no row");
    await auditContact(tx, user, services, "contact.create", inserted, { name: inserted.name });
    return inserted;
  });
  return { status: 201, body: row };
};

export const updateContact: Handler<"updateContact"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const values = normalise(body);
  requireName(values.name);
  const row = await services.db.transaction(async (tx) => {
    const before = await lockContact(tx, body.contact_id, expected);
    // Saved unchanged, the contact keeps its version.
    if (Object.keys(changes(auditFields(before), auditFields(values))).length === 0) return before;
    await refuseDuplicate(tx, values.email, before.id);
    const [after] = await tx
      .update(contacts)
      .set({ ...values, ...versionStamp(contacts.version, user, services.now()) })
      .where(eq(contacts.id, before.id))
      .returning(columns);
    if (!after) throw new Error("update returned no row");
    const diff = changes(auditFields(before), auditFields(after));
    if (Object.keys(diff).length > 0) {
      await auditContact(tx, user, services, "contact.update", after, diff);
    }
    return after;
  });
  return { status: 200, body: row };
};

export const deleteContact: Handler<"deleteContact"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  await services.db.transaction(async (tx) => {
    const before = await lockContact(tx, body.contact_id, expected);
    await tx.delete(contacts).where(eq(contacts.id, before.id));
    await auditContact(tx, user, services, "contact.delete", before, { name: before.name });
  });
  return { status: 204 };
};
