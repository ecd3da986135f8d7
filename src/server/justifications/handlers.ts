/**
 * Justified non-use (issue 27 item 2): a slot not used, or operated outside its season's
 * tolerance, justified with a reason coordinators accept, a note and an optional PDF. A justified
 * slot counts as used in Histórico. One per slot; versioned (issue 25) and audited. The PDF lives
 * in PostgreSQL with its row, as the Bitácora's letters do. Everything a write refuses is checked
 * in its transaction: a refused write leaves the database as it was.
 */
import type { FastifyRequest } from "fastify";
import type { components } from "../../generated/openapi";
import { assertAirportAccess } from "../airports/access";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { type MultipartForm, readMultipartForm, type UploadedFile } from "../http/multipart";
import { expectedVersion } from "../http/versions";
import { deleteJustificationRow, insertJustification, justificationFile, refuse, updateJustificationRow } from "./changes";
import { airportsOfSlots, justificationAirport, justificationsOfSlots, listReasons } from "./queries";
import type { Services } from "../services";
import { insertReason, updateReason } from "./reasons";

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

// ---- the caller's airports (issue 37) ------------------------------------------------------

/** 403 unless the caller may see every airport these slots belong to (a slot is its airport's). */
async function assertSlotsAccess(services: Services, user: AuthenticatedUser | null, slotIds: readonly number[]): Promise<void> {
  for (const airport of await airportsOfSlots(services.db, slotIds)) await assertAirportAccess(services, user, airport);
}

/** 403 unless the caller may see the justification's slot's airport; an unknown id is the writer's 404. */
async function assertJustificationAccess(services: Services, user: AuthenticatedUser | null, id: number): Promise<void> {
  const airport = await justificationAirport(services.db, id);
  if (airport !== null) await assertAirportAccess(services, user, airport);
}

// ---- operations ----------------------------------------------------------------------------

export const listJustifications: Handler<"listJustifications"> = async ({ query, user, services }) => {
  const ids = [...new Set(query.slot_ids.split(",").map(Number))];
  if (ids.length > MAX_LISTED_SLOTS) refuse("slot_ids", `Se piden ${ids.length} slots; el máximo es ${MAX_LISTED_SLOTS} por consulta.`);
  if (ids.some((id) => id < 1 || id > 2_147_483_647)) refuse("slot_ids", "La lista de slots tiene un identificador inválido.");
  await assertSlotsAccess(services, user, ids);
  return { status: 200, body: await justificationsOfSlots(services.db, ids) };
};

export const createJustification: Handler<"createJustification"> = async ({ request, user, services }) => {
  const form = await readJustificationForm(request, ["slot_id", "kind", "reason_id", "note"]);
  const slotId = formId(form, "slot_id", "Falta el slot que se justifica.");
  await assertSlotsAccess(services, user, [slotId]);
  const kind = formKind(form);
  const reasonId = formId(form, "reason_id", "Elija el motivo de la justificación.");
  const note = formNote(form) ?? "";
  const pdf = formPdf(form);
  return { status: 201, body: await insertJustification(services.db, user, { slotId, kind, reasonId, note, pdf }, services.now()) };
};

export const updateJustification: Handler<"updateJustification"> = async ({ params, request, user, services }) => {
  await assertJustificationAccess(services, user, params.id);
  const form = await readJustificationForm(request, ["reason_id", "note", "version", "remove_file"]);
  const reasonId = formId(form, "reason_id", "Elija el motivo de la justificación.");
  const note = formNote(form);
  const versionText = form.field("version")?.trim();
  const expected = expectedVersion(request, versionText ? formId(form, "version", "") : null);
  const removeFile = form.field("remove_file");
  if (removeFile !== undefined && removeFile !== "true" && removeFile !== "false") refuse("remove_file", "«remove_file» debe ser true o false.");
  const pdf = formPdf(form);
  if (pdf && removeFile === "true") refuse("file", "Adjunte un PDF nuevo o quite el actual, no ambas cosas.");
  const input = { reasonId, note, removeFile, pdf };
  return { status: 200, body: await updateJustificationRow(services.db, user, params.id, expected, input, services.now()) };
};

export const deleteJustification: Handler<"deleteJustification"> = async ({ params, request, user, services }) => {
  await assertJustificationAccess(services, user, params.id);
  const expected = expectedVersion(request);
  await deleteJustificationRow(services.db, user, params.id, expected, services.now());
  return { status: 204 };
};

export const downloadJustificationFile: Handler<"downloadJustificationFile"> = async ({ params, reply, user, services }) => {
  await assertJustificationAccess(services, user, params.id);
  const file = await justificationFile(services.db, params.id);
  // The plain filename keeps ASCII only (the header is Latin-1); filename* carries the real name.
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  reply
    .type("application/pdf")
    .header("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  return { status: 200, body: file.content };
};

export const listJustificationReasons: Handler<"listJustificationReasons"> = async ({ query, services }) => ({
  status: 200,
  body: await listReasons(services.db, query.include_inactive === true),
});

export const createJustificationReason: Handler<"createJustificationReason"> = async ({ body, user, services }) => {
  return { status: 201, body: await insertReason(services.db, user, body, services.now()) };
};

export const updateJustificationReason: Handler<"updateJustificationReason"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  return { status: 200, body: await updateReason(services.db, user, params.id, body, expected, services.now()) };
};
