/**
 * Registers one Fastify route per contract operation, wired to its handler by operationId.
 *
 * The order of checks on every request is deliberate:
 *   1. onRequest (before the body is even read): session, then x-roles (401 / 403), then the
 *      CSRF header on mutating calls. A refused caller learns nothing about the operation.
 *   2. Fastify validates path, query and body against the contract's schemas (Spanish errors).
 *   3. The handler runs with values typed from the generated `operations`.
 */
import Ajv2020, { type AnySchema, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OPERATIONS, type OperationId } from "../../generated/access";
import type { operations } from "../../generated/openapi";
import type { AuthenticatedUser } from "../auth/sessions";
import { HttpError } from "../http/errors";
import type { Services } from "../services";
import type { Contract, ContractOperation } from "./load";

declare module "fastify" {
  interface FastifyContextConfig {
    operation?: ContractOperation;
  }
  interface FastifyRequest {
    sessionUser: AuthenticatedUser | null;
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
 * (text/csv) is sent as is; the handler sets its Content-Type and other headers on the reply.
 */
export type HandlerResult<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: Responses<K>[S] extends { content: { "application/json": infer B } }
    ? { status: S; body: B } | { status: S; json: Buffer }
    : Responses<K>[S] extends { content: Record<string, infer B> }
      ? { status: S; body: B }
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

function contractAjv(contract: Contract, coerce: boolean) {
  const ajv = new Ajv2020({
    allErrors: true,
    // Fastify's default would silently drop unknown fields; the contract says they are errors.
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: coerce ? "array" : false,
    strict: true,
    strictTypes: false,
    strictRequired: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: "example" });
  ajv.addKeyword({ keyword: "discriminator" });
  // The bundle was checked against the JSON Schema meta-schema once, by SchemaValidator.
  ajv.addSchema(contract.schemaBundle as AnySchema, undefined, undefined, false);
  return ajv;
}

/**
 * A validator compiled on its first call: compiling all of the contract's request schemas took
 * a third of a second of every start, and most operations are not called in the first minutes.
 * Fastify reads `errors` from the function after a failed call, as from Ajv's own.
 */
function compileOnFirstUse(compile: () => ValidateFunction) {
  let validate: ValidateFunction | undefined;
  const run = (data: unknown): boolean => {
    validate ??= compile();
    const valid = validate(data) === true;
    run.errors = validate.errors;
    return valid;
  };
  run.errors = null as ValidateFunction["errors"];
  return run;
}

/**
 * Operations whose request body may exceed the app's 1 MiB default: a flight import carries a
 * whole CSV file (the contract allows 20,000,000 characters; JSON escaping adds a little).
 */
const BODY_LIMITS: Partial<Record<OperationId, number>> = {
  importFlights: 32 * 1024 * 1024,
};

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
    compileOnFirstUse(() => (httpPart === "body" ? bodyAjv : paramAjv).compile(schema as AnySchema)),
  );

  app.decorateRequest("sessionUser", null);
  app.addHook("onRequest", async (request) => {
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
        if (operation.bodyRequired && request.body === undefined) {
          throw new HttpError(400, "Falta el cuerpo de la solicitud (JSON).");
        }
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
        reply.code(result.status);
        if (result.json) return reply.type("application/json; charset=utf-8").send(result.json);
        return "body" in result ? reply.send(result.body) : reply.send();
      },
    });
  }
}
