/**
 * Registers one Fastify route per contract operation, wired to its handler by operationId.
 *
 * The order of checks on every request is deliberate:
 *   1. onRequest (before the body is even read): session, then x-roles (401 / 403), then the
 *      CSRF header on mutating calls. A refused caller learns nothing about the operation.
 *   2. Fastify validates path, query and body against the contract's schemas (Spanish errors).
 *   3. The handler runs with values typed from the generated `operations`.
 */
import Ajv2020, { type AnySchema, type ValidateFunction } from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OPERATIONS, type OperationId } from "../../generated/access";
import type { operations } from "../../generated/openapi";
import type { AuthenticatedUser } from "../auth/sessions";
import { contentOf, HttpError } from "../http/errors";
import { runHeavy } from "../workers/pool";
import type { Services } from "../services";
import { type Contract, type ContractOperation, REQUEST_YEARS } from "./load";

declare module "fastify" {
  interface FastifyContextConfig {
    operation?: ContractOperation;
  }
  interface FastifyRequest {
    sessionUser: AuthenticatedUser | null;
    /**
     * When the request arrived (`performance.now()`), before its session was checked: a shared
     * read whose statement started later may answer it (turnover/sharedReads.ts).
     */
    arrivedAt: number;
  }
}

// ---- types derived from the generated contract -------------------------------------------

type Op<K extends OperationId> = operations[K];
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : T;
type JsonOf<T> = T extends { content: { "application/json": infer B } } ? B : never;

export type RequestBodyOf<K extends OperationId> =
  Op<K> extends { requestBody: infer R }
    ? JsonOf<R>
    : Op<K> extends { requestBody?: infer R }
      ? JsonOf<NonNullable<R>> | undefined
      : undefined;
export type QueryOf<K extends OperationId> = OrEmpty<NonNullable<Op<K>["parameters"]["query"]>>;
export type PathOf<K extends OperationId> = OrEmpty<NonNullable<Op<K>["parameters"]["path"]>>;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<K extends OperationId> = Op<K>["responses"];
/**
 * What a handler returns: one of the operation's success statuses with its body, if any. A JSON
 * body may also come already serialised as `json`, UTF-8 bytes (JSON the database built, e.g. the
 * turnover rows: parsing and re-serialising megabytes would double the work). A body of another media type
 * (text/csv, an .xlsx Buffer) is sent as is; the handler sets its Content-Type and other headers on the reply.
 */
export type HandlerResult<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: Responses<K>[S] extends { content: { "application/json": infer B } }
    ? { status: S; body: B } | { status: S; json: Buffer }
    : Responses<K>[S] extends { content: Record<string, infer B> }
      ? // A binary body (`format: binary`, generated as string) is sent as the bytes the handler made.
        { status: S; body: B | (B extends string ? Buffer : never) }
      : { status: S };
}[keyof Responses<K> & SuccessStatus];

type RolesOf<K extends OperationId> = (typeof OPERATIONS)[K]["roles"][number];
/** Public operations may be called without a session; the others always have a user. */
export type UserOf<K extends OperationId> =
  "Anonymous" extends RolesOf<K> ? AuthenticatedUser | null : AuthenticatedUser;

export interface HandlerContext<K extends OperationId> {
  body: RequestBodyOf<K>;
  query: QueryOf<K>;
  params: PathOf<K>;
  user: UserOf<K>;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
}

export type Handler<K extends OperationId> = (context: HandlerContext<K>) => Promise<HandlerResult<K>>;
/** Every operation of the contract needs a handler: a missing one is a type error. */
export type Handlers = { [K in OperationId]: Handler<K> };

// ---- validation ----------------------------------------------------------------------------

/** The standard `date` and `date-time` checks, to which the request validators add the years. */
// Two fixed schemas: no meta-schema check (compiling the meta-schema costs a start ~0.1 s).
const standardFormats = addFormats(new Ajv2020({ validateSchema: false }));
const isStandardDate = standardFormats.compile({ type: "string", format: "date" });
const isStandardInstant = standardFormats.compile({ type: "string", format: "date-time" });
const inRequestYears = (text: string) => {
  const year = Number(text.slice(0, 4));
  return year >= REQUEST_YEARS.first && year <= REQUEST_YEARS.last;
};

export function contractAjv(contract: Pick<Contract, "schemaBundle">, coerce: boolean) {
  const ajv = new Ajv2020({
    allErrors: true,
    // Fastify's default would silently drop unknown fields; the contract says they are errors.
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: coerce ? "array" : false,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    // The bundle and every operation's request schemas were checked against the JSON Schema
    // meta-schema at start, by SchemaValidator (contract/schemas.ts).
    validateSchema: false,
  });
  addFormats(ajv);
  ajv.addFormat("date", { type: "string", validate: (text) => isStandardDate(text) && inRequestYears(text) });
  // RFC 3339 also allows what JavaScript's Date cannot read (a leap second 23:59:60, an offset
  // without minutes): the handlers read instants with Date, so such a text is refused here.
  ajv.addFormat("date-time", {
    type: "string",
    validate: (text) => isStandardInstant(text) && inRequestYears(text) && !Number.isNaN(Date.parse(text)),
  });
  ajv.addKeyword({ keyword: "example" });
  ajv.addKeyword({ keyword: "discriminator" });
  ajv.addSchema(contract.schemaBundle as AnySchema);
  return ajv;
}

/**
 * A validator compiled on its first call: compiling all of the contract's request schemas took
 * a third of a second of every start, and most operations are not called in the first minutes.
 * Fastify reads `errors` from the function after a failed call, as from Ajv's own.
 */
function compileOnFirstUse(compile: () => ValidateFunction, check?: (data: unknown) => ErrorObject[]) {
  let validate: ValidateFunction | undefined;
  const run = (data: unknown): boolean => {
    // A big body was checked in the worker pool, against the same schema (bigJsonParser).
    const verdict = typeof data === "object" && data !== null ? checkedBodies.get(data) : undefined;
    if (verdict) {
      run.errors = verdict.errors;
      return verdict.errors === null;
    }
    validate ??= compile();
    const valid = validate(data) === true;
    run.errors = validate.errors;
    if (!valid || !check) return valid;
    const errors = check(data);
    if (errors.length > 0) run.errors = errors;
    return errors.length === 0;
  };
  run.errors = null as ValidateFunction["errors"];
  return run;
}

/** The type a part's schema names for one of its properties, as Ajv's `type` error gives it. */
function declaredType(schema: unknown, key: string): string {
  const properties = typeof schema === "object" && schema !== null ? Reflect.get(schema, "properties") : undefined;
  const property: unknown = typeof properties === "object" && properties !== null ? Reflect.get(properties, key) : undefined;
  const type: unknown = typeof property === "object" && property !== null ? Reflect.get(property, "type") : undefined;
  return Array.isArray(type) ? type.join(",") : typeof type === "string" ? type : "number";
}

/**
 * Ajv coerces the path or query text "Infinity" (or "1e400") into a number that its minimum and
 * maximum then skip, as they test finite numbers only: `GET /api/turnover/Infinity/` passed as
 * valid. The texts of a path or a query must give finite numbers.
 */
function finiteNumbers(schema: unknown) {
  return (data: unknown): ErrorObject[] => {
    if (typeof data !== "object" || data === null) return [];
    const errors: ErrorObject[] = [];
    for (const [key, value] of Object.entries(data)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (!values.some((v) => typeof v === "number" && !Number.isFinite(v))) continue;
      errors.push({
        keyword: "type",
        instancePath: `/${key}`,
        schemaPath: `#/properties/${key}/type`,
        params: { type: declaredType(schema, key) },
        message: "must be a finite number",
      });
    }
    return errors;
  };
}

/**
 * Operations whose request body may exceed the app's 1 MiB default: a data load carries a whole
 * file, a season start upload a spreadsheet.
 */
export const BODY_LIMITS: Partial<Record<OperationId, number>> = {
  // Cargas de datos: a file of up to 20,000,000 characters (DataLoadRequest.content), as JSON
  // (every line break escaped, accented letters two bytes).
  previewDataLoad: 48 * 1024 * 1024,
  applyDataLoad: 48 * 1024 * 1024,
  // The season start file (16 MiB) and its form's boundaries and fields.
  uploadSeasonSlots: 17 * 1024 * 1024,
  // The coordinator's list (at most 5,000,000 characters, each up to 3 bytes, escaped in JSON).
  compareCoordinatorList: 16 * 1024 * 1024,
  applyCoordinatorListDifferences: 17 * 1024 * 1024,
  downloadCoordinatorListComparison: 16 * 1024 * 1024,
};

const PARTS_WITH_NUL_MESSAGE = { params: "la ruta", query: "la consulta", body: "el cuerpo de la solicitud" } as const;

/**
 * The place of the first string (a value or an object key) holding U+0000, as `a.b[0]`, or
 * null. PostgreSQL cannot store that character in text or jsonb and refuses the whole query, so
 * it is refused here, with the field named, before any handler runs. Walks without recursion: a
 * body may nest deeper than the call stack.
 */
export function placeOfNul(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length > 0) {
    const [node, place] = stack.pop() as [unknown, string];
    if (typeof node === "string") {
      if (node.includes("\u0000")) return place;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push([node[i], `${place}[${i}]`]);
    } else if (typeof node === "object" && node !== null) {
      for (const [key, inner] of Object.entries(node).reverse()) {
        const inside = place ? `${place}.${key}` : key;
        if (key.includes("\u0000")) return inside;
        stack.push([inner, inside]);
      }
    }
  }
  return null;
}

function refuseNul(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const part of ["params", "query", "body"] as const) {
    const value = parts[part];
    const checked = typeof value === "object" && value !== null ? checkedBodies.get(value) : undefined;
    const place = checked ? checked.nulAt : placeOfNul(value);
    if (place === null) continue;
    // A key may hold the character itself: name it visibly.
    const field = place.replaceAll("\u0000", "\\u0000");
    const subject = field ? `El campo «${field}»` : contentOf(PARTS_WITH_NUL_MESSAGE[part]);
    const message = `${subject} contiene el carácter nulo (U+0000), que no se admite.`;
    throw new HttpError(400, message, [field ? { field, message } : { message }]);
  }
}

/** What the worker found in a big body it parsed (bigJsonParser): the checks are not run again here. */
const checkedBodies = new WeakMap<object, { nulAt: string | null; errors: ErrorObject[] | null }>();

/** A JSON body over this size is parsed and checked in the worker pool (contract/bodyWork.ts). */
export const BIG_BODY_BYTES = 1024 * 1024;

/**
 * Fastify's JSON parser, but a body over BIG_BODY_BYTES for an operation with a BODY_LIMITS entry
 * is decoded, parsed and checked against its schema in the worker pool: the request thread only
 * collects its bytes and takes the verdict. What the worker could not parse (not JSON, or naming
 * `__proto__`/`constructor`) is parsed here as always, so every refusal reads as before.
 */
function bigJsonParser(app: FastifyInstance, contract: Contract) {
  const usual = app.getDefaultJsonParser("error", "error");
  return (request: FastifyRequest, bytes: Buffer, done: (error: Error | null, body?: unknown) => void): void => {
    const operation = request.routeOptions.config.operation;
    const id = operation?.operationId;
    if (!operation?.bodySchema || id === undefined || !isOperationId(id) || !BODY_LIMITS[id] || bytes.length <= BIG_BODY_BYTES) {
      usual(request, bytes.toString("utf8"), done);
      return;
    }
    runHeavy("readJsonBody", { bytes, operationId: id, bodySchema: operation.bodySchema, schemaBundle: contract.schemaBundle }).then(
      (verdict) => {
        if (verdict.unparsed) return usual(request, bytes.toString("utf8"), done);
        if (typeof verdict.body === "object" && verdict.body !== null) {
          checkedBodies.set(verdict.body, { nulAt: verdict.nulAt, errors: verdict.errors });
        }
        done(null, verdict.body);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(OPERATIONS, id);
}

/** What the route needs to send any operation's result. */
interface SendableResult {
  status: number;
  body?: unknown;
  json?: Buffer;
}

function invoke<K extends OperationId>(handlers: Handlers, id: K, context: HandlerContext<K>): Promise<SendableResult> {
  return handlers[id](context);
}

export interface GateHooks {
  /** Reads the session cookie; null when there is no live session. */
  authenticate(request: FastifyRequest): Promise<AuthenticatedUser | null>;
  /** Throws 403 when a mutating call lacks a valid CSRF header. */
  verifyCsrf(request: FastifyRequest): void;
}

export function registerContractRoutes(
  app: FastifyInstance,
  contract: Contract,
  handlers: Handlers,
  services: Services,
  gate: GateHooks,
): void {
  const bodyAjv = contractAjv(contract, false);
  const paramAjv = contractAjv(contract, true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === "body"
      ? compileOnFirstUse(() => bodyAjv.compile(schema as AnySchema))
      : compileOnFirstUse(() => paramAjv.compile(schema as AnySchema), finiteNumbers(schema)),
  );

  app.addContentTypeParser("application/json", { parseAs: "buffer" }, bigJsonParser(app, contract));

  app.decorateRequest("sessionUser", null);
  app.decorateRequest("arrivedAt", 0);
  app.addHook("onRequest", async (request) => {
    request.arrivedAt = performance.now();
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    request.sessionUser = operation.isPublic ? null : await gate.authenticate(request);
    if (!operation.isPublic) {
      if (!request.sessionUser) {
        throw new HttpError(401, "SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
      }
      if (!operation.roles.includes(request.sessionUser.role)) {
        throw new HttpError(403, "Su rol no tiene permiso para realizar esta operación.");
      }
    }
    if (operation.isMutating) gate.verifyCsrf(request);
  });

  for (const operation of contract.operations) {
    const { operationId } = operation;
    if (!isOperationId(operationId)) {
      throw new Error(
        `src/generated is stale: ${operationId} is in the contract but not generated. Run npm run generate.`,
      );
    }
    app.route({
      method: operation.method.toUpperCase() as Uppercase<typeof operation.method>,
      url: operation.routePath,
      config: { operation },
      ...(BODY_LIMITS[operationId] ? { bodyLimit: BODY_LIMITS[operationId] } : {}),
      schema: {
        ...(operation.querySchema ? { querystring: operation.querySchema } : {}),
        ...(operation.paramsSchema ? { params: operation.paramsSchema } : {}),
        ...(operation.bodySchema ? { body: operation.bodySchema } : {}),
      },
      preValidation: async (request) => {
        // A form's body is read by its handler (http/multipart.ts), not before.
        if (operation.bodyRequired && !operation.multipart && request.body === undefined) {
          throw new HttpError(400, "Falta el cuerpo de la solicitud (JSON).");
        }
        refuseNul(request);
      },
      handler: async (request, reply) => {
        // The values below were validated against the very schemas the types were generated
        // from, so reading them with those types is sound.
        const result = await invoke(handlers, operationId, {
          body: request.body as RequestBodyOf<typeof operationId>,
          query: (request.query ?? {}) as QueryOf<typeof operationId>,
          params: (request.params ?? {}) as PathOf<typeof operationId>,
          user: request.sessionUser as UserOf<typeof operationId>,
          request,
          reply,
          services,
        });
        // A handler that took the connection over (the live event stream) answers on it itself.
        if (reply.sent) return reply;
        reply.code(result.status);
        if (result.json) return reply.type("application/json; charset=utf-8").send(result.json);
        return "body" in result ? reply.send(result.body) : reply.send();
      },
    });
  }
}
