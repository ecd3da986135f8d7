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
import type { Handler } from "../contract/routes";
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

async function filesOfPart(db: Database, partId: number): Promise<LogbookFiles> {
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

const RESPONSE_TEXT_MESSAGE =
  "El archivo de respuesta (txt) llega con la Carga de referencias: aquí solo se descarga.";

/** `true`/`false` of a form field; 400 naming it otherwise. */
function flag(form: MultipartForm, name: string): boolean {
  const value = form.field(name);
  if (value === "true") return true;
  if (value === "false") return false;
  const message = `El campo «${name}» debe ser true o false.`;
  throw new HttpError(400, message, [{ field: name, message }]);
}

export const uploadLogbookFile: Handler<"uploadLogbookFile"> = async ({ params, request, user, services }) => {
  const form = await readLogbookForm(request, { files: 1, fields: 2 });
  for (const name of form.names()) {
    if (!["is_request", "is_text_file", "file"].includes(name)) {
      throw new HttpError(400, `El campo «${name}» no forma parte del formulario.`, [{ field: name, message: "Campo desconocido." }]);
    }
  }
  const isRequest = flag(form, "is_request");
  const isText = flag(form, "is_text_file");
  const file = form.file("file");
  if (!file) throw new HttpError(400, "Selecciona un archivo antes de intentar guardar la información", [{ field: "file", message: "Falta el archivo." }]);
  if (isText && !isRequest) throw new HttpError(400, RESPONSE_TEXT_MESSAGE);
  // Checked before the transaction: a refused file never reaches the database.
  const text = isText ? decodeTextFile(file) : null;
  if (!isText) assertPdf(file);

  await services.db.transaction(async (tx) => {
    const part = await partOfFiles(tx, params.id, true);
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
    await recordAudit(tx, user, services.now(), {
      action: "logbook.file_upload",
      targetType: "request",
      targetId: part.requestId,
      targetLabel: `${part.season} REF ${part.reference}`,
      details: { season: part.season, reference: part.reference, part: part.part, file: `${FILE_LABEL(isRequest, isText)}: ${file.name}` },
    });
  });
  return { status: 201, body: await filesOfPart(services.db, params.id) };
};

export const downloadLogbookFile: Handler<"downloadLogbookFile"> = async ({ params, query, reply, services }) => {
  const db = services.db;
  const part = await partOfFiles(db, params.id, false);
  const missing = () =>
    new HttpError(404, `La parte ${part.part} de la referencia ${part.reference} no tiene el archivo ${FILE_LABEL(query.is_request, query.is_text_file)}.`);
  const name = logFileName(await storedAirline(db), part.season, part.reference, part.part, query.is_text_file ? "txt" : "pdf");
  reply.header("Content-Disposition", `attachment; filename="${name}"`);
  if (query.is_text_file) {
    const text = query.is_request ? part.requestText : part.responseText;
    if (text === null) throw missing();
    reply.type("text/plain; charset=utf-8");
    return { status: 200, body: text };
  }
  const [pdf] = await db
    .select({ content: logbookFiles.content })
    .from(logbookFiles)
    .where(and(eq(logbookFiles.partId, part.id), eq(logbookFiles.isRequest, query.is_request)));
  if (!pdf) throw missing();
  reply.type("application/pdf");
  return { status: 200, body: pdf.content };
};

export const deleteLogbookFile: Handler<"deleteLogbookFile"> = async ({ params, query, user, services }) => {
  if (query.is_text_file && !query.is_request) throw new HttpError(400, RESPONSE_TEXT_MESSAGE);
  await services.db.transaction(async (tx) => {
    const part = await partOfFiles(tx, params.id, true);
    const missing = () =>
      new HttpError(404, `La parte ${part.part} de la referencia ${part.reference} no tiene el archivo ${FILE_LABEL(query.is_request, query.is_text_file)}.`);
    if (query.is_text_file) {
      if (part.requestText === null) throw missing();
      await tx.update(logbookParts).set({ requestText: null }).where(eq(logbookParts.id, part.id));
    } else {
      const deleted = await tx
        .delete(logbookFiles)
        .where(and(eq(logbookFiles.partId, part.id), eq(logbookFiles.isRequest, query.is_request)))
        .returning({ id: logbookFiles.id });
      if (deleted.length === 0) throw missing();
    }
    await recordAudit(tx, user, services.now(), {
      action: "logbook.file_delete",
      targetType: "request",
      targetId: part.requestId,
      targetLabel: `${part.season} REF ${part.reference}`,
      details: { season: part.season, reference: part.reference, part: part.part, file: FILE_LABEL(query.is_request, query.is_text_file) },
    });
  });
  return { status: 200, body: await filesOfPart(services.db, params.id) };
};
