/**
 * The reasons a non-use is justified with (issue 27 item 2): the categories coordinators accept,
 * kept as data with the IATA delay codes that propose each. Everyone who sees Monitoreo reads
 * them; Admin adds and edits them. A reason is never deleted (justifications name it):
 * deactivating it stops offering it.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { operations } from "../../generated/openapi";
import { changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { delayCodes, justificationReasons } from "../db/schema";
import { textArray } from "../db/sql";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import { reasonColumns as columns } from "./queries";

type ReasonCreate = operations["createJustificationReason"]["requestBody"]["content"]["application/json"];
type ReasonUpdate = operations["updateJustificationReason"]["requestBody"]["content"]["application/json"];

/** The contract's largest position. */
const MAX_POSITION = 1000;

/**
 * The fields an edit records in the audit log, as the Auditoría shows them: the delay codes as one
 * text (so a change compares), whether it is offered as Sí / No.
 */
const auditFields = (row: { label: string; delay_codes: readonly string[]; active: boolean; position: number }) => ({
  label: row.label,
  delay_codes: row.delay_codes.join(", "),
  active: row.active ? "Sí" : "No",
  position: row.position,
});

function requireLabel(label: string): string {
  const trimmed = label.trim();
  if (!trimmed) {
    const message = "Escriba el nombre del motivo.";
    throw new HttpError(400, message, [{ field: "label", message }]);
  }
  return trimmed;
}

/**
 * 400 naming the first delay code Slotdesk does not know, or one an active reason other than
 * `exceptId` already lists (two reasons proposed by one code would make the proposal a guess).
 */
async function checkDelayCodes(db: Database, codes: readonly string[], active: boolean, exceptId?: number): Promise<void> {
  if (codes.length === 0) return;
  const known = new Set(
    (await db.select({ code: delayCodes.code }).from(delayCodes).where(inArray(delayCodes.code, [...codes]))).map((row) => row.code),
  );
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) {
    const message = `El código de demora ${unknown} no existe en el catálogo IATA de Slotdesk.`;
    throw new HttpError(400, message, [{ field: "delay_codes", message }]);
  }
  if (!active) return;
  const others = await db
    .select({ label: justificationReasons.label, codes: justificationReasons.delayCodes })
    .from(justificationReasons)
    .where(
      and(
        eq(justificationReasons.active, true),
        exceptId !== undefined ? ne(justificationReasons.id, exceptId) : undefined,
        sql`${justificationReasons.delayCodes} && ${textArray(codes)}`,
      ),
    );
  for (const other of others) {
    const shared = codes.find((code) => other.codes.includes(code));
    if (shared === undefined) continue;
    const message = `El código de demora ${shared} ya propone el motivo «${other.label}»; quítelo de ese motivo primero.`;
    throw new HttpError(400, message, [{ field: "delay_codes", message }]);
  }
}

async function auditReason(
  db: Database,
  actor: AuthenticatedUser,
  now: Date,
  action: "justification_reason.create" | "justification_reason.update",
  reason: { id: number; code: string },
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, actor, now, {
    action,
    targetType: "justification_reason",
    targetId: reason.id,
    targetLabel: reason.code,
    details,
  });
}

/** A new reason (last unless a position is given), audited. */
export function insertReason(db: Database, user: AuthenticatedUser, body: ReasonCreate, now: Date) {
  const label = requireLabel(body.label);
  const codes = body.delay_codes ?? [];
  const active = body.active ?? true;
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: justificationReasons.id }).from(justificationReasons).where(eq(justificationReasons.code, body.code));
    if (taken) {
      const message = `Ya existe un motivo con el código ${body.code}.`;
      throw new HttpError(409, message, [{ field: "code", message }]);
    }
    await checkDelayCodes(tx, codes, active);
    // Without a position, the reason goes last.
    const [last] = await tx.select({ max: sql<number | null>`max(${justificationReasons.position})` }).from(justificationReasons);
    const [inserted] = await tx
      .insert(justificationReasons)
      .values({
        code: body.code,
        label,
        delayCodes: [...codes],
        active,
        position: body.position ?? Math.min(Number(last?.max ?? 0) + 1, MAX_POSITION),
        updatedAt: now,
        updatedBy: user.id,
        updatedByName: authorName(user),
      })
      .returning(columns);
    if (!inserted) throw new Error("insert returned no row");
    await auditReason(tx, user, now, "justification_reason.create", inserted, auditFields(inserted));
    return inserted;
  });
}

/** The reason as edited from version `expected`, audited. */
export function updateReason(db: Database, user: AuthenticatedUser, id: number, body: ReasonUpdate, expected: number | null, now: Date) {
  const values = { label: requireLabel(body.label), delay_codes: [...body.delay_codes], active: body.active, position: body.position };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ ...columns, changedBy: justificationReasons.updatedByName, changedAt: justificationReasons.updatedAt })
      .from(justificationReasons)
      .where(eq(justificationReasons.id, id))
      .for("update");
    if (!before) throw new HttpError(404, `No existe el motivo de justificación ${id}.`);
    checkVersion(expected, before, `el motivo «${before.label}»`);
    const diff = changes(auditFields(before), auditFields(values));
    const current = { id: before.id, code: before.code, label: before.label, delay_codes: before.delay_codes, active: before.active, position: before.position, version: before.version };
    // Saved unchanged, the reason keeps its version.
    if (Object.keys(diff).length === 0) return current;
    await checkDelayCodes(tx, values.delay_codes, values.active, before.id);
    const [after] = await tx
      .update(justificationReasons)
      .set({
        label: values.label,
        delayCodes: values.delay_codes,
        active: values.active,
        position: values.position,
        ...versionStamp(justificationReasons.version, user, now),
      })
      .where(eq(justificationReasons.id, before.id))
      .returning(columns);
    if (!after) throw new Error("update returned no row");
    await auditReason(tx, user, now, "justification_reason.update", after, diff);
    return after;
  });
}
