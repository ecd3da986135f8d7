/**
 * multipart/form-data bodies (the season start upload, seed 002 §7). Read with the platform's own
 * parser (undici's `Response.formData()`, part of Node) instead of a plugin: the only form the
 * API takes is one small file plus a few text fields, bounded by the route's body limit.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

export interface UploadedFile {
  name: string;
  type: string;
  content: Buffer;
}

/**
 * A parsed form. Its parts sit in Maps so the request checks that walk a JSON body (the NUL
 * refusal) see nothing to walk; the handler reads and checks each field itself.
 */
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

export async function parseMultipart(body: Buffer, contentType: string): Promise<MultipartForm> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new HttpError(400, "El formulario (multipart/form-data) no se pudo leer.");
  }
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile>();
  for (const [name, value] of form) {
    if (fields.has(name) || files.has(name)) {
      throw new HttpError(400, `El campo «${name}» viene más de una vez en el formulario.`, [
        { field: name, message: "Solo se admite un valor (un archivo) por campo." },
      ]);
    }
    if (typeof value === "string") fields.set(name, value);
    else files.set(name, { name: value.name, type: value.type, content: Buffer.from(await value.arrayBuffer()) });
  }
  return new MultipartForm(fields, files);
}

/**
 * Makes Fastify read multipart/form-data bodies into a `MultipartForm` (within each route's body
 * limit), for the operations whose contract declares a form.
 */
export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, async (request: FastifyRequest, body: Buffer | string) => {
    // Only the operations whose contract takes a form; the others keep answering 415 as before.
    if (!request.routeOptions.config.operation?.multipart) {
      throw new HttpError(415, "Tipo de contenido no admitido; envíe application/json.");
    }
    const buffer = typeof body === "string" ? Buffer.from(body) : body;
    return parseMultipart(buffer, request.headers["content-type"] ?? "multipart/form-data");
  });
}
