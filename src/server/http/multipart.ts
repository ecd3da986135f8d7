/**
 * multipart/form-data bodies (the seeds' uploads: the season start file, seed 002 §7), read with
 * @fastify/multipart. Only the operations whose contract takes a form accept one (the others
 * answer 415 as before); their handler reads the form with `readMultipartForm`, within the limits
 * it gives, and gets a `MultipartForm` to check field by field.
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

export interface UploadedFile {
  name: string;
  type: string;
  content: Buffer;
}

/** A form as read: its text fields and its files, by field name (each at most once). */
export class MultipartForm {
  constructor(
    private readonly fields: ReadonlyMap<string, string>,
    private readonly files: ReadonlyMap<string, UploadedFile>,
  ) {}

  field(name: string): string | undefined {
    return this.fields.get(name);
  }

  file(name: string): UploadedFile | undefined {
    return this.files.get(name);
  }

  names(): string[] {
    return [...this.fields.keys(), ...this.files.keys()];
  }
}

export interface FormLimits {
  /** Bytes of the largest file. */
  fileSize: number;
  files: number;
  fields: number;
}

/** @fastify/multipart's error codes, in Spanish. */
const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, "El archivo es demasiado grande."],
  FST_FILES_LIMIT: [400, "El formulario trae más archivos de los que se esperan."],
  FST_FIELDS_LIMIT: [400, "El formulario trae más campos de los que se esperan."],
  FST_PARTS_LIMIT: [400, "El formulario trae más partes de las que se esperan."],
  FST_PROTO_VIOLATION: [400, "El formulario trae un campo con un nombre no permitido."],
};

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/**
 * Reads the whole form of a multipart request (415 when it is not one). The file limit is
 * checked while reading: a larger file is refused before it is all in memory.
 */
export async function readMultipartForm(request: FastifyRequest, limits: FormLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, "Se esperaba un formulario multipart/form-data.");
  }
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile>();
  const once = (name: string) => {
    if (fields.has(name) || files.has(name)) {
      throw new HttpError(400, `El campo «${name}» viene más de una vez en el formulario.`, [
        { field: name, message: "Solo se admite un valor (un archivo) por campo." },
      ]);
    }
  };
  try {
    for await (const part of request.parts({ limits: { ...limits, parts: limits.files + limits.fields } })) {
      once(part.fieldname);
      if (part.type === "file") {
        files.set(part.fieldname, { name: part.filename, type: part.mimetype, content: await part.toBuffer() });
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        // PostgreSQL cannot store U+0000 in text: refused here with the field named, as a JSON body's is.
        if (value.includes("\u0000") || part.fieldname.includes("\u0000")) {
          const field = part.fieldname.replaceAll("\u0000", "\\u0000");
          const message = `El campo «${field}» contiene el carácter nulo (U+0000), que no se admite.`;
          throw new HttpError(400, message, [{ field, message }]);
        }
        fields.set(part.fieldname, value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const known = MULTIPART_ERRORS[codeOf(error) ?? ""];
    if (known) throw new HttpError(known[0], known[1]);
    throw new HttpError(400, "El formulario (multipart/form-data) no se pudo leer.");
  }
  return new MultipartForm(fields, files);
}

/** Registers @fastify/multipart; the route checks refuse forms sent to JSON operations. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  app.addHook("preValidation", async (request) => {
    const operation = request.routeOptions.config.operation;
    if (operation && !operation.multipart && request.isMultipart()) {
      throw new HttpError(415, "Tipo de contenido no admitido; envíe application/json.");
    }
  });
}
