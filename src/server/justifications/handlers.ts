/**
 * Justified non-use (issue 27 item 2): a slot not used, or operated outside its season's
 * tolerance, justified with a reason coordinators accept, a note and an optional PDF. A justified
 * slot counts as used in Histórico. One per slot; versioned (issue 25) and audited. The PDF lives
 * in PostgreSQL with its row, as the Bitácora's letters do. Everything a write refuses is checked
 * in its transaction: a refused write leaves the database as it was.
 */
import type { FastifyRequest } from "fastify";
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
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { justificationReasons, justifications } from "../db/schema";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { type MultipartForm, readMultipartForm, type UploadedFile } from "../http/multipart";
import { checkVersion, expectedVersion, SYSTEM_AUTHOR } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import type { Services } from "../services";
import { flightDelayCodes, justificationById, justificationsOfSlots, listReasons, type SlotToJustify, slotToJustify } from "./queries";

type Justification = components["schemas"]["Justification"];
type Kind = Justification["kind"];

/** The largest PDF a justification takes: a coordinator's notice or a NOTAM print, a few pages. */
export const MAX_JUSTIFICATION_PDF_BYTES = 5 * 1024 * 1024;
const FILE_TOO_LARGE_MESSAGE = "El archivo supera el límite de 5 MB.";
const MAX_NOTE_LENGTH = 2000;
/** At most this many slots per list call (the contract bounds the text too). */
const MAX_LISTED_SLOTS = 5000;

// ---- reading the form ----------------------------------------------------------------------

async function readJustificationForm(request: FastifyRequest, fields: readonly string[]): Promise<MultipartForm> {
  let form: MultipartForm;
  try {
    form = await readMultipartForm(request, { fileSize: MAX_JUSTIFICATION_PDF_BYTES, files: 1, fields: fields.length });
  } catch (error) {
    // Refused while it arrives, before it is all in memory.
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
    throw error;
  }
  for (const name of form.names()) {
    if (name !== "file" && !fields.includes(name)) {
      throw new HttpError(400, `El campo «${name}» no forma parte del formulario.`, [{ field: name, message: "Campo desconocido." }]);
    }
  }
  return form;
}

function refuse(field: string, message: string): never {
  throw new HttpError(400, message, [{ field, message }]);
}

/** A positive id in a form field; `missing` is said when it is absent or empty. */
function formId(form: MultipartForm, field: string, missing: string): number {
  const text = form.field(field)?.trim() ?? "";
  if (text === "") refuse(field, missing);
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
    refuse(field, `«${text}» no es un identificador válido.`);
  }
  return Number(text);
}

function formKind(form: MultipartForm): Kind {
  const kind = form.field("kind");
  if (kind === "not_used" || kind === "off_tolerance") return kind;
  return refuse("kind", "Indique qué se justifica: un slot no usado o una operación fuera de tolerancia.");
}

/** The note, trimmed; undefined when the form has none. */
function formNote(form: MultipartForm): string | undefined {
  const note = form.field("note");
  if (note === undefined) return undefined;
  const trimmed = note.trim();
  if (trimmed.length > MAX_NOTE_LENGTH) refuse("note", `La nota admite hasta ${MAX_NOTE_LENGTH} caracteres; tiene ${trimmed.length}.`);
  return trimmed;
}

/**
 * A PDF as readers take one: `%PDF-` within the first kilobyte (Adobe's readers accept bytes before
 * it — a BOM, a line end or a mail gateway's leftovers in front of a scanned notice), not only at 0.
 */
const isPdf = (content: Buffer) => content.subarray(0, 1024).includes("%PDF-", 0, "latin1");

/** The attached PDF, null without one (an empty file input sends a nameless empty part); 400 when it is not a PDF. */
function formPdf(form: MultipartForm): UploadedFile | null {
  const file = form.file("file");
  if (!file || (file.content.length === 0 && file.name.trim() === "")) return null;
  const name = file.name.trim() || "archivo";
  if (file.content.length === 0) refuse("file", `El archivo «${name}» está vacío.`);
  if (!isPdf(file.content)) refuse("file", `El archivo «${name}» no es un PDF: su contenido no empieza con %PDF-.`);
  return { ...file, name: name.slice(0, 255) };
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
  services: Services,
  action: "justification.create" | "justification.update" | "justification.delete",
  slot: SlotToJustify,
  details: AuditDetails,
): Promise<void> {
  await recordAudit(db, actor, services.now(), { action, targetType: "slot", targetId: slot.id, targetLabel: slotLabel(slot), details });
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

// ---- operations ----------------------------------------------------------------------------

export const listJustifications: Handler<"listJustifications"> = async ({ query, services }) => {
  const ids = [...new Set(query.slot_ids.split(",").map(Number))];
  if (ids.length > MAX_LISTED_SLOTS) refuse("slot_ids", `Se piden ${ids.length} slots; el máximo es ${MAX_LISTED_SLOTS} por consulta.`);
  if (ids.some((id) => id < 1 || id > 2_147_483_647)) refuse("slot_ids", "La lista de slots tiene un identificador inválido.");
  return { status: 200, body: await justificationsOfSlots(services.db, ids) };
};

export const createJustification: Handler<"createJustification"> = async ({ request, user, services }) => {
  const form = await readJustificationForm(request, ["slot_id", "kind", "reason_id", "note"]);
  const slotId = formId(form, "slot_id", "Falta el slot que se justifica.");
  const kind = formKind(form);
  const reasonId = formId(form, "reason_id", "Elija el motivo de la justificación.");
  const note = formNote(form) ?? "";
  const pdf = formPdf(form);
  const now = services.now();

  const answer = await services.db.transaction(async (tx) => {
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
    await auditJustification(tx, user, services, "justification.create", slot, {
      kind: JUSTIFICATION_KIND_LABELS[kind],
      reason: reason.label,
      ...(note ? { note } : {}),
      ...(pdf ? { file: pdf.name } : {}),
    });
    return requireAnswer(await justificationById(tx, inserted.id));
  });
  return { status: 201, body: answer };
};

export const updateJustification: Handler<"updateJustification"> = async ({ params, request, user, services }) => {
  const form = await readJustificationForm(request, ["reason_id", "note", "version", "remove_file"]);
  const reasonId = formId(form, "reason_id", "Elija el motivo de la justificación.");
  const note = formNote(form);
  const versionText = form.field("version")?.trim();
  const expected = expectedVersion(request, versionText ? formId(form, "version", "") : null);
  const removeFile = form.field("remove_file");
  if (removeFile !== undefined && removeFile !== "true" && removeFile !== "false") refuse("remove_file", "«remove_file» debe ser true o false.");
  const pdf = formPdf(form);
  if (pdf && removeFile === "true") refuse("file", "Adjunte un PDF nuevo o quite el actual, no ambas cosas.");
  const now = services.now();

  const answer = await services.db.transaction(async (tx) => {
    const { row, slot } = await lockJustification(tx, params.id, expected);
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
    await auditJustification(tx, user, services, "justification.update", slot, details);
    return requireAnswer(await justificationById(tx, row.id));
  });
  return { status: 200, body: answer };
};

export const deleteJustification: Handler<"deleteJustification"> = async ({ params, request, user, services }) => {
  const expected = expectedVersion(request);
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const { row, slot } = await lockJustification(tx, params.id, expected);
    refuseClosedSeason(slot, now);
    const [reason] = await tx
      .select({ label: justificationReasons.label })
      .from(justificationReasons)
      .where(eq(justificationReasons.id, row.reasonId));
    await tx.delete(justifications).where(eq(justifications.id, row.id));
    await auditJustification(tx, user, services, "justification.delete", slot, {
      kind: row.kind === "not_used" || row.kind === "off_tolerance" ? JUSTIFICATION_KIND_LABELS[row.kind] : row.kind,
      reason: reason?.label ?? null,
    });
  });
  return { status: 204 };
};

export const downloadJustificationFile: Handler<"downloadJustificationFile"> = async ({ params, reply, services }) => {
  const [row] = await services.db
    .select({ name: justifications.fileName, content: justifications.fileContent })
    .from(justifications)
    .where(eq(justifications.id, params.id));
  if (!row) throw new HttpError(404, `No existe la justificación ${params.id}.`);
  if (row.name === null || row.content === null) throw new HttpError(404, "Esta justificación no tiene un PDF adjunto.");
  // The plain filename keeps ASCII only (the header is Latin-1); filename* carries the real name.
  const ascii = row.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  reply
    .type("application/pdf")
    .header("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`);
  return { status: 200, body: row.content };
};
