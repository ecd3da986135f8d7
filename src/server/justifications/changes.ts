/**
 * Justifications' changes (issue 27 item 2), each one transaction with its audit record: the rules
 * a justification must meet, checked on the rows it locks, and the PDF it may carry.
 */
import { eq } from "drizzle-orm";
import { formatDate } from "../../domain/dateRange";
import { slotEpochMinutes } from "../../domain/matching/differences";
import { JUSTIFICATION_KIND_LABELS, justifiableKind, proposeJustification } from "../../domain/monitoring/justification";
import { todayInZone } from "../../domain/seasons";
import { LOCAL_ZONE, zonedDateTime } from "../../domain/zones";
import type { components } from "../../generated/openapi";
import type { AuditDetails } from "../../domain/audit";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { justificationReasons, justifications } from "../db/schema";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import type { UploadedFile } from "../http/multipart";
import { checkVersion, SYSTEM_AUTHOR } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import { flightDelayCodes, justificationById, listReasons, type SlotToJustify, slotToJustify } from "./queries";

type Justification = components["schemas"]["Justification"];
type Kind = Justification["kind"];

/** A 400 naming the field. */
export function refuse(field: string, message: string): never {
  throw new HttpError(400, message, [{ field, message }]);
}

// ---- the rules -----------------------------------------------------------------------------

/** "VB100 (salida del 20/11/2026 a las 10:00 UTC)": a slot as messages name it. */
const slotName = (slot: SlotToJustify) =>
  `${slot.flightNumber} (${slot.isArrival ? "llegada" : "salida"} del ${formatDate(slot.date)} a las ${slot.time} UTC)`;

/** The audit log's label of a slot. */
const slotLabel = (slot: SlotToJustify) => `${slot.flightNumber} ${slot.isArrival ? "L" : "S"} ${slot.date} ${slot.time}`;

/** 400 when the slot's season is over (its last day before today in Mexico City): its count is final. */
function refuseClosedSeason(slot: SlotToJustify, now: Date): void {
  if (slot.seasonEnd !== null && slot.seasonEnd < todayInZone(now)) {
    throw new HttpError(
      400,
      `La temporada ${slot.season} ya cerró (terminó el ${formatDate(slot.seasonEnd)}): sus slots ya no se justifican ni se cambian sus justificaciones.`,
    );
  }
}

/**
 * 400 unless the slot can take this kind of justification now: its time has come, its season is
 * open, and it was not used (`not_used`) or operated outside the season's tolerance (`off_tolerance`).
 */
function refuseUnjustifiable(slot: SlotToJustify, kind: Kind, now: Date): void {
  if (slotEpochMinutes(slot.date, slot.time) > now.getTime() / 60_000) {
    throw new HttpError(400, `El slot ${slotName(slot)} aún no llega: solo se justifica un slot cuya hora ya pasó.`);
  }
  refuseClosedSeason(slot, now);
  const needed = justifiableKind({ operated: slot.operated, difference: slot.difference }, slot.tolerance);
  if (needed === kind) return;
  if (needed === "not_used") {
    throw new HttpError(400, `El slot ${slotName(slot)} no fue operado: se justifica como slot no usado, no como operación fuera de tolerancia.`);
  }
  if (needed === "off_tolerance") {
    throw new HttpError(400, `El slot ${slotName(slot)} fue operado: no se justifica como no usado, sino como operación fuera de tolerancia.`);
  }
  const signed = slot.difference === null ? "" : ` (${slot.difference > 0 ? "+" : ""}${slot.difference} min)`;
  const operated = kind === "not_used" ? "fue operado" : "se operó";
  throw new HttpError(400, `El slot ${slotName(slot)} ${operated} dentro de la tolerancia de ±${slot.tolerance} min${signed}: no necesita justificación.`);
}

/** The reason chosen; 400 when it does not exist, or is inactive and `allowInactive` is false. */
async function chosenReason(db: Database, reasonId: number, allowInactive: boolean) {
  const [reason] = await db
    .select({ id: justificationReasons.id, label: justificationReasons.label, active: justificationReasons.active })
    .from(justificationReasons)
    .where(eq(justificationReasons.id, reasonId));
  if (!reason) refuse("reason_id", `No existe el motivo de justificación ${reasonId}.`);
  if (!reason.active && !allowInactive) refuse("reason_id", `El motivo «${reason.label}» ya no se ofrece; elija otro.`);
  return reason;
}

/** The delay code that proposes `reasonId` for the slot's flight, or null when its codes propose another or none. */
async function proposingCode(db: Database, slot: SlotToJustify, reasonId: number): Promise<string | null> {
  const proposal = proposeJustification(await flightDelayCodes(db, slot.flightId), await listReasons(db, false));
  return proposal?.reasonId === reasonId ? proposal.code : null;
}

/** "a las 10:42" today, "el 20/11/2026 a las 10:42" another day (Mexico City). */
function whenText(at: Date, now: Date): string {
  const local = zonedDateTime(at.getTime(), LOCAL_ZONE);
  return zonedDateTime(now.getTime(), LOCAL_ZONE).day === local.day ? `a las ${local.time}` : `el ${local.date} a las ${local.time}`;
}

async function auditJustification(
  db: Database,
  actor: AuthenticatedUser,
  now: Date,
  action: "justification.create" | "justification.update" | "justification.delete",
  slot: SlotToJustify,
  details: AuditDetails,
): Promise<void> {
  await recordAudit(db, actor, now, { action, targetType: "slot", targetId: slot.id, targetLabel: slotLabel(slot), details });
}

/** The justification, its row locked for the rest of the transaction; 404 without it, 409 from another version. */
async function lockJustification(db: Database, id: number, expected: number | null) {
  const [row] = await db
    .select({
      id: justifications.id,
      slotId: justifications.slotId,
      kind: justifications.kind,
      reasonId: justifications.reasonId,
      note: justifications.note,
      fileName: justifications.fileName,
      version: justifications.version,
      changedBy: justifications.updatedByName,
      changedAt: justifications.updatedAt,
    })
    .from(justifications)
    .where(eq(justifications.id, id))
    .for("update");
  if (!row) {
    throw new HttpError(404, `No existe la justificación ${id}: quizá otra persona la retiró. Recargue para ver el estado del slot.`);
  }
  checkVersion(expected, row, "la justificación de este slot");
  const slot = await slotToJustify(db, row.slotId);
  if (!slot) throw new Error(`justification ${id} has no slot`);
  return { row, slot };
}

const requireAnswer = (answer: Justification | null): Justification => {
  if (!answer) throw new Error("the justification just written is not there");
  return answer;
};

/** A new justification of a slot; 409 `ALREADY JUSTIFIED` when someone justified it first. */
export function insertJustification(
  db: Database,
  user: AuthenticatedUser,
  input: { slotId: number; kind: Kind; reasonId: number; note: string; pdf: UploadedFile | null },
  now: Date,
): Promise<Justification> {
  const { slotId, kind, reasonId, note, pdf } = input;
  return db.transaction(async (tx) => {
    const reason = await chosenReason(tx, reasonId, false);
    const slot = await slotToJustify(tx, slotId);
    if (!slot) throw new HttpError(404, `No existe el slot ${slotId}.`);
    refuseUnjustifiable(slot, kind, now);
    const [inserted] = await tx
      .insert(justifications)
      .values({
        slotId,
        kind,
        reasonId,
        note,
        proposedByCode: await proposingCode(tx, slot, reasonId),
        fileName: pdf?.name ?? null,
        fileContent: pdf?.content ?? null,
        createdBy: user.id,
        createdByName: authorName(user),
        createdAt: now,
        updatedAt: now,
        updatedBy: user.id,
        updatedByName: authorName(user),
      })
      .onConflictDoNothing({ target: justifications.slotId })
      .returning({ id: justifications.id });
    if (!inserted) {
      const [existing] = await tx
        .select({ by: justifications.createdByName, at: justifications.createdAt })
        .from(justifications)
        .where(eq(justifications.slotId, slotId));
      const who = existing?.by?.trim() || SYSTEM_AUTHOR;
      const when = existing ? ` ${whenText(existing.at, now)} (hora de México)` : "";
      throw new HttpError(
        409,
        `${who.charAt(0).toUpperCase()}${who.slice(1)} ya justificó el slot ${slotName(slot)}${when}. Recargue para verla y edítela si hace falta.`,
        undefined,
        undefined,
        { code: "ALREADY JUSTIFIED", changed_by: who, ...(existing ? { changed_at: existing.at.toISOString() } : {}) },
      );
    }
    await auditJustification(tx, user, now, "justification.create", slot, {
      kind: JUSTIFICATION_KIND_LABELS[kind],
      reason: reason.label,
      ...(note ? { note } : {}),
      ...(pdf ? { file: pdf.name } : {}),
    });
    return requireAnswer(await justificationById(tx, inserted.id));
  });
}

/** The justification as edited from version `expected` (a new PDF, or the old one removed). */
export function updateJustificationRow(
  db: Database,
  user: AuthenticatedUser,
  id: number,
  expected: number | null,
  input: { reasonId: number; note: string | undefined; removeFile: string | undefined; pdf: UploadedFile | null },
  now: Date,
): Promise<Justification> {
  const { reasonId, note, removeFile, pdf } = input;
  return db.transaction(async (tx) => {
    const { row, slot } = await lockJustification(tx, id, expected);
    refuseClosedSeason(slot, now);
    // The reason it already has may have been deactivated since: keeping it is allowed.
    const reason = await chosenReason(tx, reasonId, reasonId === row.reasonId);
    const [before] = await tx
      .select({ label: justificationReasons.label })
      .from(justificationReasons)
      .where(eq(justificationReasons.id, row.reasonId));
    const nextNote = note ?? row.note;
    const dropFile = removeFile === "true" && row.fileName !== null;
    const details: AuditDetails = {};
    if (reason.id !== row.reasonId) details.reason = { from: before?.label ?? null, to: reason.label };
    if (nextNote !== row.note) details.note = { from: row.note, to: nextNote };
    if (pdf) details.file = { from: row.fileName, to: pdf.name };
    else if (dropFile) details.file = { from: row.fileName, to: null };
    // Saved unchanged, the justification keeps its version.
    if (Object.keys(details).length === 0) return requireAnswer(await justificationById(tx, row.id));
    await tx
      .update(justifications)
      .set({
        reasonId: reason.id,
        note: nextNote,
        proposedByCode: await proposingCode(tx, slot, reason.id),
        ...(pdf ? { fileName: pdf.name, fileContent: pdf.content } : dropFile ? { fileName: null, fileContent: null } : {}),
        ...versionStamp(justifications.version, user, now),
      })
      .where(eq(justifications.id, row.id));
    await auditJustification(tx, user, now, "justification.update", slot, details);
    return requireAnswer(await justificationById(tx, row.id));
  });
}

export async function deleteJustificationRow(db: Database, user: AuthenticatedUser, id: number, expected: number | null, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { row, slot } = await lockJustification(tx, id, expected);
    refuseClosedSeason(slot, now);
    const [reason] = await tx
      .select({ label: justificationReasons.label })
      .from(justificationReasons)
      .where(eq(justificationReasons.id, row.reasonId));
    await tx.delete(justifications).where(eq(justifications.id, row.id));
    await auditJustification(tx, user, now, "justification.delete", slot, {
      kind: row.kind === "not_used" || row.kind === "off_tolerance" ? JUSTIFICATION_KIND_LABELS[row.kind] : row.kind,
      reason: reason?.label ?? null,
    });
  });
}

/** A justification's PDF; 404 without the justification or without a PDF. */
export async function justificationFile(db: Database, id: number): Promise<{ name: string; content: Buffer }> {
  const [row] = await db
    .select({ name: justifications.fileName, content: justifications.fileContent })
    .from(justifications)
    .where(eq(justifications.id, id));
  if (!row) throw new HttpError(404, `No existe la justificación ${id}.`);
  if (row.name === null || row.content === null) throw new HttpError(404, "Esta justificación no tiene un PDF adjunto.");
  return { name: row.name, content: row.content };
}

