/**
 * Carga de referencias (issue 12 items 4 and 5, seed 002 §3–§8): the form, the file, the refusals
 * and the preview. A preview (`compute=false`) runs the very same work in a transaction that is
 * then rolled back, so what it answers is what a compute would do and nothing is written.
 */
import type { FastifyRequest } from "fastify";
import type { Airline } from "../../domain/airline";
import { decodeText, type ReadProblem } from "../../domain/reading";
import { parseReferenceFileName, referenceFileName, type ReferenceFileName } from "../../domain/references";
import { parseScr, type ScrMessage } from "../../domain/scr";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { HttpError, type ErrorDetail } from "../http/errors";
import { readMultipartForm } from "../http/multipart";

type ErrorCode = NonNullable<components["schemas"]["Error"]["code"]>;

const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** A 400 with the seed's server message as `code` (the browser maps it, seed 002 §8). */
export function refuse(code: ErrorCode | null, message: string, errors?: ErrorDetail[]): HttpError {
  return new HttpError(400, message, errors, undefined, code === null ? undefined : { code });
}

/** An uploaded reference file; `airline` is the setting its name was read with. */
/** `chosen`: the airport the screen shows (issue 37), null when the form names none. */
export type ReferenceFile = { fileName: string; name: ReferenceFileName; text: string; compute: boolean; airline: Airline; chosen: string | null };

/** The form's `file` and `compute`, the reference and part of the file's name. */
export async function readReferenceForm(request: FastifyRequest, airline: Airline): Promise<ReferenceFile> {
  const form = await readMultipartForm(request, { fileSize: MAX_FILE_BYTES, files: 1, fields: 3 });
  const errors: ErrorDetail[] = [];
  for (const field of form.names()) {
    if (field !== "file" && field !== "compute" && field !== "airport") errors.push({ field, message: `El campo «${field}» no forma parte del formulario.` });
  }
  const compute = form.field("compute");
  const chosen = form.field("airport") ?? null;
  if (chosen !== null && !/^[A-Z]{3}$/.test(chosen)) errors.push({ field: "airport", message: "El aeropuerto debe ser un código IATA de tres letras (p. ej. MEX)." });
  if (compute !== "true" && compute !== "false") errors.push({ field: "compute", message: "«compute» debe ser true o false." });
  const file = form.file("file");
  if (!file) errors.push({ field: "file", message: "Selecciona un archivo .txt antes de cargar." });
  if (errors.length > 0 || !file) throw refuse(null, errors[0]?.message ?? "Formulario incompleto.", errors);
  const fileName = file.name || "archivo";
  if (!/\.txt$/i.test(fileName)) {
    throw refuse(null, `Formato de archivo invalido. ${fileName} no es un archivo .txt.`, [{ field: "file", message: "Formato de archivo invalido." }]);
  }
  const name = parseReferenceFileName(fileName, airline);
  if (!name) {
    const icao = airline.icao;
    const message = `El nombre del archivo ${fileName} no sigue el formato ${icao}{temporada}{referencia}[-{parte}].txt (p. ej. ${referenceFileName(airline, "W26", 1, 1)} o ${referenceFileName(airline, "W26", 1, 2)}).`;
    throw refuse(null, message, [{ field: "file", message }]);
  }
  return { fileName, name, text: decodeText(file.content), compute: compute === "true", airline, chosen };
}

/**
 * The SCR message of the file, or the refusal naming the file and each line: a header that is not
 * an SCR's is `failed to decode header`.
 */
export function parseReferenceFile(file: ReferenceFile, what: "solicitud" | "respuesta"): ScrMessage {
  const message = parseScr(file.text);
  if (message.errors.length === 0 && message.lines.length > 0) {
    if (message.header.season !== null && message.header.season !== file.name.season) {
      const text = `El archivo ${file.fileName} es de la temporada ${message.header.season}, pero su nombre dice ${file.name.season}.`;
      throw refuse("failed to decode header", text, [{ field: "file", message: text }]);
    }
    return message;
  }
  const firstData = message.lines[0]?.line ?? Number.MAX_SAFE_INTEGER;
  const headerError = message.errors.find((error) => error.line < firstData);
  const details: ErrorDetail[] = message.errors.map((error) => ({
    field: "file",
    line: error.line,
    column: error.column,
    message: `${file.fileName}, línea ${error.line}, columna ${error.column}: ${error.message}`,
  }));
  if (headerError || message.errors.length === 0) {
    const where = headerError ? `, línea ${headerError.line}: ${headerError.message}` : ": no trae ninguna línea de datos";
    throw refuse(
      "failed to decode header",
      `Archivo de ${what} inválido (no es un mensaje SCR que se pueda leer): ${file.fileName}${where}`,
      details.length > 0 ? details : [{ field: "file", message: `${file.fileName} no trae líneas de datos.` }],
    );
  }
  const first = details[0];
  throw refuse(
    null,
    `Archivo de ${what} inválido: ${file.fileName} tiene ${details.length === 1 ? "una línea" : `${details.length} líneas`} que no se pudieron leer. ${first?.message ?? ""}`,
    details,
  );
}

/**
 * What the reader assumed to read the file (its `aviso` problems), as the result's optional
 * `warnings`: absent when it assumed nothing, so a preview shows them before anything is written.
 */
export function readerWarnings(message: ScrMessage): { warnings?: ReadProblem[] } {
  const warnings = message.problems.filter((problem) => problem.severity === "aviso");
  return warnings.length > 0 ? { warnings } : {};
}

/** The text of a line of the file as written (trimmed), by its 1-based number. */
export function lineTexts(text: string): (line: number) => string {
  const lines = text.split(/\r?\n|\r/);
  return (line) => (lines[line - 1] ?? "").trim();
}

/**
 * A part's stored reply after a later reply to it (coordinators answer a request in several
 * messages): still one SCR message, so the K/U toggle can pair it again — the later reply's data
 * lines go after the earlier ones, before the first footer line, and its SI/GI lines at the end.
 */
export function mergeReplyTexts(stored: string, laterDataLines: readonly string[], laterFooter: readonly string[]): string {
  const lines = stored.trimEnd().split(/\r?\n|\r/);
  const footerAt = lines.findIndex((line, index) => index > 0 && /^(SI|GI)\b/.test(line.trim()));
  const at = footerAt === -1 ? lines.length : footerAt;
  return [...lines.slice(0, at), ...laterDataLines, ...lines.slice(at), ...laterFooter].join("\n");
}

/** Thrown to roll a preview back once its answer is kept. */
class PreviewDone extends Error {}

/** `work` in one transaction: committed when `compute`, rolled back (a preview) otherwise. */
export async function inTransaction<T>(db: Database, compute: boolean, work: (tx: Database) => Promise<T>): Promise<T> {
  if (compute) return db.transaction(work);
  // Assigned inside the callback: declared wide so the compiler does not narrow it to null.
  let result = null as { value: T } | null;
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx) };
      throw new PreviewDone("preview");
    });
  } catch (error) {
    if (!(error instanceof PreviewDone)) throw error;
  }
  if (result === null) throw new Error("a preview ended without an answer");
  return result.value;
}
