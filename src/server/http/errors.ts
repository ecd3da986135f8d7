/**
 * One error shape for every 4xx/5xx: `{ message, errors?, code?, slots?, recommended_reference? }`,
 * in Spanish. Handlers throw HttpError; the error handler turns everything else (validation, bad
 * JSON, crashes) into the same shape without leaking a stack trace.
 */
import type { ErrorObject } from "ajv";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { components } from "../../generated/openapi";
import { REQUEST_YEARS } from "../contract/load";

export type ErrorBody = components["schemas"]["Error"];
export type ErrorDetail = components["schemas"]["ErrorDetail"];
/** The Error schema's optional fields beyond the message, for a browser that must act on the reason. */
export type ErrorExtra = Pick<
  ErrorBody,
  "code" | "slots" | "recommended_reference" | "changed_by" | "changed_at" | "current_version"
>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorDetail[],
    readonly headers?: Record<string, string>,
    readonly extra?: ErrorExtra,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const PARTS: Record<string, string> = {
  body: "el cuerpo de la solicitud",
  querystring: "los parámetros de la consulta",
  params: "la ruta",
  headers: "los encabezados",
};

/** "El contenido del cuerpo…", "El contenido de la ruta…": Spanish contracts de + el. */
export const contentOf = (part: string): string => (part.startsWith("el ") ? `El contenido del ${part.slice(3)}` : `El contenido de ${part}`);

/** The field an Ajv error is about, as `a.b[0].c` (or the missing property's name). */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split("/")
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : part))
    .join(".")
    .replace(/\.\[/g, "[");
  if (error.keyword === "required") {
    const missing = String(error.params.missingProperty);
    return path ? `${path}.${missing}` : missing;
  }
  if (error.keyword === "additionalProperties") {
    const extra = String(error.params.additionalProperty);
    return path ? `${path}.${extra}` : extra;
  }
  return path;
}

const TYPE_NAMES: Record<string, string> = {
  string: "un texto",
  number: "un número",
  integer: "un número entero",
  boolean: "verdadero o falso",
  object: "un objeto",
  array: "una lista",
  null: "nulo",
};

const YEARS = `de ${REQUEST_YEARS.first} a ${REQUEST_YEARS.last}`;
const FORMAT_NAMES: Record<string, string> = {
  email: "un correo electrónico válido",
  date: `una fecha con formato aaaa-mm-dd, de un año ${YEARS}`,
  "date-time": `una fecha y hora ISO 8601, de un año ${YEARS}`,
  uri: "una dirección URL",
};

/** A Spanish sentence for one Ajv error, naming the field. */
export function spanishValidationMessage(error: ErrorObject, part: string): string {
  const field = fieldOf(error);
  const subject = field ? `El campo «${field}»` : contentOf(PARTS[part] ?? part);
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return `${subject} es obligatorio.`;
    case "additionalProperties":
      return part === "querystring" ? `Parámetro desconocido: «${field}».` : `${subject} no está permitido.`;
    case "type": {
      const types = String(p.type)
        .split(",")
        .map((t) => TYPE_NAMES[t] ?? t);
      return `${subject} debe ser ${types.join(" o ")}.`;
    }
    case "format":
      return `${subject} debe ser ${FORMAT_NAMES[String(p.format)] ?? `de formato ${String(p.format)}`}.`;
    case "minLength":
      return Number(p.limit) === 1
        ? `${subject} no puede estar vacío.`
        : `${subject} debe tener al menos ${String(p.limit)} caracteres.`;
    case "maxLength":
      return `${subject} debe tener como máximo ${String(p.limit)} caracteres.`;
    case "minimum":
      return `${subject} debe ser mayor o igual a ${String(p.limit)}.`;
    case "maximum":
      return `${subject} debe ser menor o igual a ${String(p.limit)}.`;
    case "exclusiveMinimum":
      return `${subject} debe ser mayor a ${String(p.limit)}.`;
    case "exclusiveMaximum":
      return `${subject} debe ser menor a ${String(p.limit)}.`;
    case "enum":
      return `${subject} debe ser uno de: ${(p.allowedValues as unknown[]).map(String).join(", ")}.`;
    case "const":
      return `${subject} debe ser ${String(p.allowedValue)}.`;
    case "pattern":
      return `${subject} no tiene el formato esperado.`;
    case "minItems":
      return `${subject} debe tener al menos ${String(p.limit)} elementos.`;
    case "maxItems":
      return `${subject} debe tener como máximo ${String(p.limit)} elementos.`;
    case "oneOf":
    case "anyOf":
      return `${subject} no tiene una forma válida.`;
    default:
      return `${subject} no es válido.`;
  }
}

/** The Spanish error body for a list of Ajv errors. Drops oneOf noise when a branch says more. */
export function validationErrorBody(errors: ErrorObject[], part: string): ErrorBody {
  const specific = errors.filter((e) => e.keyword !== "oneOf" && e.keyword !== "anyOf" && e.keyword !== "if");
  const chosen = specific.length > 0 ? specific : errors;
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of chosen) {
    const message = spanishValidationMessage(error, part);
    if (seen.has(message)) continue;
    seen.add(message);
    const field = fieldOf(error);
    details.push(field ? { field, message } : { message });
  }
  const first = details[0]?.message ?? "La solicitud no es válida.";
  return {
    message: details.length > 1 ? `La solicitud tiene ${details.length} errores. ${first}` : first,
    errors: details,
  };
}

/**
 * Control characters of what a client sent, quoted back in a message (a field's name, a value),
 * written as `\uXXXX`: a person reading the message, or a log, never gets raw control bytes.
 */
export const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const visible = (text: string): string =>
  Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return isControl(code) && c !== "\t" && c !== "\n" && c !== "\r" ? `\\u${code.toString(16).padStart(4, "0")}` : c;
  }).join("");

function send(reply: FastifyReply, status: number, body: ErrorBody, headers?: Record<string, string>): FastifyReply {
  if (headers) reply.headers(headers);
  const shown: ErrorBody = {
    ...body,
    message: visible(body.message),
    ...(body.errors ? { errors: body.errors.map((e) => ({ ...e, message: visible(e.message), ...(e.field !== undefined ? { field: visible(e.field) } : {}) })) } : {}),
  };
  return reply.code(status).type("application/json; charset=utf-8").send(shown);
}

/** Fastify's own error codes that mean "the client sent something we cannot read". */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "El cuerpo de la solicitud no es JSON válido."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "El cuerpo de la solicitud está vacío; se esperaba JSON."],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "El cuerpo de la solicitud es demasiado grande."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Tipo de contenido no admitido; envíe application/json."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "La longitud del contenido no coincide con el cuerpo enviado."],
  FST_ERR_BAD_URL: [400, "La dirección solicitada no es válida."],
  FST_ERR_MAX_PARAM_LENGTH: [414, "La dirección solicitada es demasiado larga."],
};

/** The answer when PostgreSQL, not the contract, refused a request's value (a bound is missing). */
export const DATABASE_REFUSED_VALUE = "Un valor de la solicitud está fuera de rango o contiene caracteres no admitidos.";

/**
 * The SQLSTATE of a failed query (pg and PGlite put it on the error; Drizzle wraps that error as
 * its `cause`), or undefined when the error did not come from PostgreSQL.
 */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth += 1) {
    const code: unknown = Reflect.get(current, "code");
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = Reflect.get(current, "cause");
  }
  return undefined;
}

export function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error.extra?.code !== undefined) body.code = error.extra.code;
    if (error.extra?.slots !== undefined) body.slots = error.extra.slots;
    if (error.extra?.recommended_reference !== undefined) body.recommended_reference = error.extra.recommended_reference;
    if (error.extra?.changed_by !== undefined) body.changed_by = error.extra.changed_by;
    if (error.extra?.changed_at !== undefined) body.changed_at = error.extra.changed_at;
    if (error.extra?.current_version !== undefined) body.current_version = error.extra.current_version;
    return send(reply, error.status, body, error.headers);
  }
  if (error.validation) {
    return send(reply, 400, validationErrorBody(error.validation as ErrorObject[], error.validationContext ?? "body"));
  }
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return send(reply, known[0], { message: known[1] });
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.warn({ err: error }, "client error");
    return send(reply, error.statusCode, { message: "La solicitud no es válida." });
  }
  if (sqlStateOf(error)?.startsWith("22")) {
    // PostgreSQL refused a value (class 22, data exception: out of range, invalid text, a
    // character it cannot store). The contract's bounds should have refused it first with the
    // field named; logged as an error so that the missing bound gets added.
    request.log.error({ err: error }, "the database refused a request value the contract let through");
    return send(reply, 400, { message: DATABASE_REFUSED_VALUE });
  }
  request.log.error({ err: error }, "unhandled error");
  return send(reply, 500, { message: "Ha ocurrido un error interno del servidor. Inténtalo de nuevo más tarde." });
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, { message: `No existe la ruta ${request.method} ${request.url.split("?")[0]}.` });
}
