/**
 * A big JSON body read in the worker pool (issue 34 item 1): a data load's body is up to 48 MiB,
 * and decoding it, parsing it, checking it against the contract's schema (every character of a
 * 20,000,000-character `content` counted for its maxLength) and looking for U+0000 in it held the
 * request thread for a second and more, four bodies at once for seconds. Here it is done beside
 * the other heavy work, with the very validator the request thread would compile (routes.ts), and
 * the request thread takes the verdict (routes.ts, `bigJsonParser`).
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { JsonSchema } from "./load";
import { contractAjv, placeOfNul } from "./routes";

export type BodyWork = {
  bytes: Uint8Array;
  /** The route's body schema and the contract's bundle it refers to (compiled once per worker). */
  operationId: string;
  bodySchema: JsonSchema;
  schemaBundle: JsonSchema;
};

/**
 * The body parsed, with what the request thread's checks would find: the place of a U+0000 (the
 * first of them, as `placeOfNul` names it), or Ajv's errors. `unparsed`: not valid JSON, or it
 * names `__proto__` or `constructor` (Fastify's parser refuses those): the request thread parses
 * it again the usual way and answers as it always did.
 */
export type BodyVerdict = { unparsed: true } | { unparsed: false; body: unknown; nulAt: string | null; errors: ErrorObject[] | null };

/** What Fastify's JSON parser (secure-json-parse) looks for before it refuses a body. */
const SUSPECT = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"|"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"/;

const validators = new Map<string, ValidateFunction>();
let ajv: ReturnType<typeof contractAjv> | null = null;

function validatorOf(work: BodyWork): ValidateFunction {
  let validate = validators.get(work.operationId);
  if (!validate) {
    ajv ??= contractAjv({ schemaBundle: work.schemaBundle }, false);
    validate = ajv.compile(work.bodySchema);
    validators.set(work.operationId, validate);
  }
  return validate;
}

export function readJsonBody(work: BodyWork): BodyVerdict {
  const text = Buffer.from(work.bytes.buffer, work.bytes.byteOffset, work.bytes.byteLength).toString("utf8");
  if (SUSPECT.test(text)) return { unparsed: true };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { unparsed: true };
  }
  const nulAt = placeOfNul(body);
  if (nulAt !== null) return { unparsed: false, body, nulAt, errors: null };
  const validate = validatorOf(work);
  return { unparsed: false, body, nulAt: null, errors: validate(body) === true ? null : [...(validate.errors ?? [])] };
}
