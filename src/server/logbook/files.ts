/**
 * The files of a logbook part (seed 002 §4, §7, §9): the request and response text files — the
 * part's `request_text` and `response_text`, one storage for what was sent and what the reference
 * upload brings — and the official letters (PDF) in `logbook_files`. All of them live in
 * PostgreSQL with the part, so they commit, roll back and back up with it. What a file is comes
 * from its content, never its name; at most 10 MB.
 */
import { decodeText } from "../../domain/reading";
import { and, eq, inArray } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import { logFileName } from "../../domain/logbook/fileName";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { logbookFiles, logbookParts, logbookRequests, seasons } from "../db/schema";
import { HttpError } from "../http/errors";
import { storedAirline } from "../settings/airline";
import { type FormLimits, type MultipartForm, readMultipartForm, type UploadedFile } from "../http/multipart";
import type { FastifyRequest } from "fastify";

type LogbookFiles = components["schemas"]["LogbookFiles"];

/** Seed-free limit of every logbook file (issue 12): 10 MB. */
export const MAX_LOG_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = "El archivo supera el límite de 10 MB.";

/** Reads a logbook form; a file over 10 MB is refused (413) while it arrives, not once it is all in memory. */
export async function readLogbookForm(request: FastifyRequest, limits: Omit<FormLimits, "fileSize">): Promise<MultipartForm> {
  try {
    return await readMultipartForm(request, { ...limits, fileSize: MAX_LOG_FILE_BYTES });
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
    throw error;
  }
}

const shownName = (file: UploadedFile) => (file.name.trim() === "" ? "archivo" : file.name);

/**
 * The text of a text file (`decodeText`: UTF-8, else the Latin-1 Windows tools write), without a BOM. 400 naming the file when it holds bytes no text file has (NUL, other
 * control characters) or is a PDF.
 */
export function decodeTextFile(file: UploadedFile): string {
  const name = shownName(file);
  if (file.content.length === 0) throw new HttpError(400, `El archivo «${name}» está vacío.`);
  if (isPdf(file.content)) throw new HttpError(400, `El archivo «${name}» es un PDF, no un archivo de texto (.txt).`);
  const text = decodeText(file.content);
  const control = firstControlCharacter(text);
  if (control !== -1) {
    const line = text.slice(0, control).split("\n").length;
    throw new HttpError(400, `El archivo «${name}» no es un archivo de texto: la línea ${line} tiene un carácter de control (código ${text.charCodeAt(control)}).`);
  }
  return text.replace(/\r\n?/g, "\n");
}

/** Where a text has a control character other than tab, line feed, form feed or carriage return (-1: none). */
function firstControlCharacter(text: string): number {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) return index;
  }
  return -1;
}

const isPdf = (content: Buffer) => content.subarray(0, 5).toString("latin1") === "%PDF-";

/** 400 naming the file unless its content is a PDF (it starts with `%PDF-`). */
export function assertPdf(file: UploadedFile): void {
  if (!isPdf(file.content)) {
    throw new HttpError(400, `El archivo «${shownName(file)}» no es un PDF: su contenido no empieza con %PDF-.`);
  }
}

/** Which of the four files each part has, by part id. */
export async function filesOfParts(db: Database, partIds: readonly number[]): Promise<Map<number, LogbookFiles>> {
  const result = new Map<number, LogbookFiles>();
  if (partIds.length === 0) return result;
  const [parts, pdfs] = await Promise.all([
    db
      .select({ id: logbookParts.id, hasRequest: logbookParts.requestText, hasResponse: logbookParts.responseText })
      .from(logbookParts)
      .where(inArray(logbookParts.id, [...partIds])),
    db
      .select({ partId: logbookFiles.partId, isRequest: logbookFiles.isRequest })
      .from(logbookFiles)
      .where(inArray(logbookFiles.partId, [...partIds])),
  ]);
  for (const part of parts) {
    const own = pdfs.filter((pdf) => pdf.partId === part.id);
    result.set(part.id, {
      is_request_text: part.hasRequest !== null,
      is_response_text: part.hasResponse !== null,
      is_request_pdf: own.some((pdf) => pdf.isRequest),
      is_response_pdf: own.some((pdf) => !pdf.isRequest),
    });
  }
  return result;
}

export async function filesOfPart(db: Database, partId: number): Promise<LogbookFiles> {
  const files = (await filesOfParts(db, [partId])).get(partId);
  if (!files) throw new HttpError(404, `No existe la parte ${partId} de la bitácora.`);
  return files;
}

/** The part with what names its files; locked for the rest of the transaction when `lock`. */
async function partOfFiles(db: Database, partId: number, lock: boolean) {
  const query = db
    .select({
      id: logbookParts.id,
      part: logbookParts.partNumber,
      requestText: logbookParts.requestText,
      responseText: logbookParts.responseText,
      requestId: logbookRequests.id,
      reference: logbookRequests.reference,
      season: seasons.name,
    })
    .from(logbookParts)
    .innerJoin(logbookRequests, eq(logbookRequests.id, logbookParts.requestId))
    .innerJoin(seasons, eq(seasons.id, logbookRequests.seasonId))
    .where(eq(logbookParts.id, partId));
  const [row] = lock ? await query.for("update", { of: logbookParts }) : await query;
  if (!row) throw new HttpError(404, `No existe la parte ${partId} de la bitácora.`);
  return row;
}

const FILE_LABEL = (isRequest: boolean, isText: boolean) =>
  isText ? (isRequest ? "de solicitud (txt)" : "de respuesta (txt)") : isRequest ? "Oficio Solicitud (pdf)" : "Oficio Respuesta (pdf)";

export const RESPONSE_TEXT_MESSAGE =
  "El archivo de respuesta (txt) llega con la Carga de referencias: aquí solo se descarga.";

/** `true`/`false` of a form field; 400 naming it otherwise. */
export function flag(form: MultipartForm, name: string): boolean {
  const value = form.field(name);
  if (value === "true") return true;
  if (value === "false") return false;
  const message = `El campo «${name}» debe ser true o false.`;
  throw new HttpError(400, message, [{ field: name, message }]);
}

/** Stores a checked file on a part (a request's text, or a PDF), audited; 409 when it has one. */
export async function storeLogbookFile(
  db: Database,
  user: AuthenticatedUser,
  partId: number,
  file: { isRequest: boolean; isText: boolean; name: string; text: string | null; content: Buffer },
  now: Date,
): Promise<void> {
  const { isRequest, isText, text } = file;
  await db.transaction(async (tx) => {
    const part = await partOfFiles(tx, partId, true);
    const taken = () =>
      new HttpError(409, `La parte ${part.part} de la referencia ${part.reference} ya tiene el archivo ${FILE_LABEL(isRequest, isText)}; elimínelo antes de subir otro.`);
    if (text !== null) {
      if (part.requestText !== null) throw taken();
      await tx.update(logbookParts).set({ requestText: text }).where(eq(logbookParts.id, part.id));
    } else {
      const [stored] = await tx
        .insert(logbookFiles)
        .values({ partId: part.id, isRequest, fileName: file.name.slice(0, 255), content: file.content, uploadedBy: user.id })
        .onConflictDoNothing({ target: [logbookFiles.partId, logbookFiles.isRequest] })
        .returning({ id: logbookFiles.id });
      if (!stored) throw taken();
    }
    await recordAudit(tx, user, now, {
      action: "logbook.file_upload",
      targetType: "request",
      targetId: part.requestId,
      targetLabel: `${part.season} REF ${part.reference}`,
      details: { season: part.season, reference: part.reference, part: part.part, file: `${FILE_LABEL(isRequest, isText)}: ${file.name}` },
    });
  });
}

/** A part's file as the download names it: its text, or its PDF; 404 when the part has none. */
export async function logbookFile(db: Database, partId: number, isRequest: boolean, isText: boolean): Promise<{ name: string; text: string } | { name: string; pdf: Buffer }> {
  const part = await partOfFiles(db, partId, false);
  const missing = () =>
    new HttpError(404, `La parte ${part.part} de la referencia ${part.reference} no tiene el archivo ${FILE_LABEL(isRequest, isText)}.`);
  const name = logFileName(await storedAirline(db), part.season, part.reference, part.part, isText ? "txt" : "pdf");
  if (isText) {
    const text = isRequest ? part.requestText : part.responseText;
    if (text === null) throw missing();
    return { name, text };
  }
  const [pdf] = await db
    .select({ content: logbookFiles.content })
    .from(logbookFiles)
    .where(and(eq(logbookFiles.partId, part.id), eq(logbookFiles.isRequest, isRequest)));
  if (!pdf) throw missing();
  return { name, pdf: pdf.content };
}

/** Removes a part's file (a request's text, or a PDF), audited; 404 when it has none. */
export async function removeLogbookFile(db: Database, user: AuthenticatedUser, partId: number, isRequest: boolean, isText: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const part = await partOfFiles(tx, partId, true);
    const missing = () =>
      new HttpError(404, `La parte ${part.part} de la referencia ${part.reference} no tiene el archivo ${FILE_LABEL(isRequest, isText)}.`);
    if (isText) {
      if (part.requestText === null) throw missing();
      await tx.update(logbookParts).set({ requestText: null }).where(eq(logbookParts.id, part.id));
    } else {
      const deleted = await tx
        .delete(logbookFiles)
        .where(and(eq(logbookFiles.partId, part.id), eq(logbookFiles.isRequest, isRequest)))
        .returning({ id: logbookFiles.id });
      if (deleted.length === 0) throw missing();
    }
    await recordAudit(tx, user, now, {
      action: "logbook.file_delete",
      targetType: "request",
      targetId: part.requestId,
      targetLabel: `${part.season} REF ${part.reference}`,
      details: { season: part.season, reference: part.reference, part: part.part, file: FILE_LABEL(isRequest, isText) },
    });
  });
}
