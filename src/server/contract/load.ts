/**
 * Reads openapi/openapi.yaml once and turns it into what the server and the generator need:
 * the operations (method, path, roles, parameter and body schemas) and the component schemas,
 * rewritten so that Ajv can resolve `$ref`s without the rest of the OpenAPI document.
 * It refuses a contract that breaks our own rules (no operationId, no x-roles, unknown role, an
 * integer without a range, a request string without a bound on its length).
 */
import { readFile } from "node:fs/promises";
import { parse } from "yaml";

export const CONTRACT_SCHEMA_ID = "slotdesk-contract";
export const ANONYMOUS = "Anonymous";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof METHODS)[number];

export type JsonSchema = { [key: string]: unknown };

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The path as the contract writes it: `/api/turnover/{id}/changes/`. */
  path: string;
  /** The same path in Fastify's syntax: `/api/turnover/:id/changes/`. */
  routePath: string;
  roles: string[];
  isPublic: boolean;
  isMutating: boolean;
  querySchema: JsonSchema | null;
  paramsSchema: JsonSchema | null;
  bodySchema: JsonSchema | null;
  bodyRequired: boolean;
  /** The body is a multipart/form-data form (checked by its handler, see http/multipart.ts). */
  multipart: boolean;
}

export interface Contract {
  document: JsonSchema;
  version: string;
  operations: ContractOperation[];
  capabilities: Record<string, string[]>;
  /** RoleName's enum plus `Anonymous`. */
  roleNames: string[];
  /** `{ $id, $defs }` holding every component schema, refs rewritten to point inside it. */
  schemaBundle: JsonSchema;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Points `#/components/schemas/X` at `slotdesk-contract#/$defs/X`, deep, and drops our `x-`
 * extensions (such as `x-form`), which are for the generator, not for validation.
 */
export function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!isObject(value)) return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith("x-")) continue;
    if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/components/schemas/")) {
      out[key] = `${CONTRACT_SCHEMA_ID}#/$defs/${inner.slice("#/components/schemas/".length)}`;
    } else {
      out[key] = rewriteRefs(inner);
    }
  }
  return out;
}

/** The largest value of a PostgreSQL `integer` (and `serial`) column. */
export const MAX_INT32 = 2_147_483_647;

/**
 * The years a request's dates and instants may fall in (the contract's conventions say so). The
 * `date` and `date-time` formats alone accept 0000-01-01, which PostgreSQL has no year for, and
 * 9999-12-31, whose next day no longer has four digits; no slot season is near either.
 */
export const REQUEST_YEARS = { first: 1900, last: 2199 } as const;

function typesOf(schema: JsonSchema): unknown[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** Keys whose values are data, not schemas: they are not walked. */
const NOT_SCHEMA_KEYS = new Set(["example", "examples", "default", "const", "enum"]);

/**
 * Every integer schema in the document without both bounds, as JSON pointers. An unbounded
 * integer reaches PostgreSQL as a value its column cannot hold (`1e20` for a serial id) and the
 * database, not the contract, rejects it: a 500 instead of a 400 that names the field.
 */
export function unboundedIntegers(document: JsonSchema): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[document, ""]];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop() as [unknown, string];
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push([item, `${pointer}/${index}`]));
      continue;
    }
    if (!isObject(node)) continue;
    if (typesOf(node).includes("integer") && node.enum === undefined && node.const === undefined) {
      const low = node.minimum !== undefined || node.exclusiveMinimum !== undefined;
      const high = node.maximum !== undefined || node.exclusiveMaximum !== undefined;
      if (!low || !high) found.push(pointer || "/");
    }
    for (const [key, inner] of Object.entries(node)) {
      if (key.startsWith("x-") || NOT_SCHEMA_KEYS.has(key)) continue;
      stack.push([inner, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
    }
  }
  return found.sort();
}

/** A pattern that cannot match a string longer than some length: no `*`, `+` or open `{n,}`. */
function isBoundedPattern(pattern: unknown): boolean {
  return typeof pattern === "string" && !/[*+]|\{\d*,\}/.test(pattern);
}

/**
 * Every string a request may carry (path, query, body, following `$ref`s) that has no bound on
 * its length: no maxLength, enum, const, date format or bounded pattern. Such a string goes into
 * a text column, an index or a log as long as the body limit allows.
 */
export function unboundedRequestStrings(operations: ContractOperation[], schemaBundle: JsonSchema): string[] {
  const defs = isObject(schemaBundle.$defs) ? schemaBundle.$defs : {};
  const prefix = `${CONTRACT_SCHEMA_ID}#/$defs/`;
  const found = new Set<string>();
  const seenRefs = new Set<string>();
  for (const op of operations) {
    const parts: Array<[string, JsonSchema | null]> = [
      ["path", op.paramsSchema],
      ["query", op.querySchema],
      ["body", op.bodySchema],
    ];
    const stack: Array<[unknown, string]> = parts.map(([part, schema]) => [schema, `${op.operationId} ${part}`]);
    while (stack.length > 0) {
      const [node, where] = stack.pop() as [unknown, string];
      if (Array.isArray(node)) {
        for (const item of node) stack.push([item, where]);
        continue;
      }
      if (!isObject(node)) continue;
      if (typeof node.$ref === "string" && node.$ref.startsWith(prefix)) {
        const name = node.$ref.slice(prefix.length);
        if (!seenRefs.has(name)) {
          seenRefs.add(name);
          stack.push([defs[name], `#/components/schemas/${name}`]);
        }
      }
      const bounded =
        node.maxLength !== undefined ||
        node.enum !== undefined ||
        node.const !== undefined ||
        node.format === "date" ||
        node.format === "date-time" ||
        isBoundedPattern(node.pattern);
      if (typesOf(node).includes("string") && !bounded) found.add(where);
      for (const [key, inner] of Object.entries(node)) {
        if (key === "properties" && isObject(inner)) {
          for (const [name, property] of Object.entries(inner)) stack.push([property, `${where}.${name}`]);
        } else if (key === "items") {
          stack.push([inner, `${where}[]`]);
        } else if (key !== "$ref" && !NOT_SCHEMA_KEYS.has(key)) {
          stack.push([inner, where]);
        }
      }
    }
  }
  return [...found].sort();
}

/**
 * A parameter as written, or the one a `#/components/parameters/X` reference names. (Skipping
 * references left an operation's path parameter unvalidated: `GET /api/turnover/abc/` reached
 * the database as `abc`.)
 */
function resolveParameter(parameter: unknown, parameters: JsonSchema, where: string): JsonSchema {
  if (!isObject(parameter)) throw new Error(`Contract: ${where} has a parameter that is not a mapping`);
  if (typeof parameter.$ref !== "string") return parameter;
  const prefix = "#/components/parameters/";
  const target = parameter.$ref.startsWith(prefix) ? parameters[parameter.$ref.slice(prefix.length)] : undefined;
  if (!isObject(target)) throw new Error(`Contract: ${where} refers to unknown parameter ${parameter.$ref}`);
  return target;
}

function stringList(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === "string")) {
    throw new Error(`Contract: ${where} must be a non-empty list of role names`);
  }
  return value as string[];
}

export function readContract(document: JsonSchema): Contract {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const roleSchema = isObject(schemas.RoleName) ? schemas.RoleName : {};
  const roleNames = [...stringList(roleSchema.enum, "components.schemas.RoleName.enum"), ANONYMOUS];

  const capabilities: Record<string, string[]> = {};
  const rawCapabilities = isObject(document["x-capabilities"]) ? document["x-capabilities"] : {};
  for (const [name, roles] of Object.entries(rawCapabilities)) {
    capabilities[name] = stringList(roles, `x-capabilities.${name}`);
  }

  const parameters = isObject(components.parameters) ? components.parameters : {};
  const operations: ContractOperation[] = [];
  const seen = new Set<string>();
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const operationId = op.operationId;
      if (typeof operationId !== "string") throw new Error(`Contract: ${where} has no operationId`);
      if (seen.has(operationId)) throw new Error(`Contract: operationId ${operationId} is used twice`);
      seen.add(operationId);
      const roles = stringList(op["x-roles"], `${where} x-roles`);
      for (const role of roles) {
        if (!roleNames.includes(role)) throw new Error(`Contract: ${where} names unknown role ${role}`);
      }

      const params = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) =>
        resolveParameter(p, parameters, where),
      );
      const part = (location: string): JsonSchema | null => {
        const inPart = params.filter((p) => p.in === location);
        if (inPart.length === 0 && location !== "query") return null;
        return {
          type: "object",
          properties: Object.fromEntries(inPart.map((p) => [p.name, rewriteRefs(p.schema ?? {})])),
          required: inPart.filter((p) => p.required === true || location === "path").map((p) => p.name),
          additionalProperties: false,
        };
      };

      let bodySchema: JsonSchema | null = null;
      let bodyRequired = false;
      let multipart = false;
      if (isObject(op.requestBody)) {
        const content = isObject(op.requestBody.content) ? op.requestBody.content : {};
        multipart = isObject(content["multipart/form-data"]);
        const json = isObject(content["application/json"]) ? content["application/json"] : null;
        if (json && isObject(json.schema)) bodySchema = rewriteRefs(json.schema) as JsonSchema;
        bodyRequired = op.requestBody.required === true;
      }

      operations.push({
        operationId,
        method,
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
        roles,
        isPublic: roles.includes(ANONYMOUS),
        isMutating: method !== "get",
        querySchema: part("query"),
        paramsSchema: part("path"),
        bodySchema,
        bodyRequired,
        multipart,
      });
    }
  }

  const schemaBundle: JsonSchema = { $id: CONTRACT_SCHEMA_ID, $defs: rewriteRefs(schemas) };
  const unbounded = unboundedIntegers(document);
  if (unbounded.length > 0) {
    throw new Error(
      `Contract: every integer needs a minimum and a maximum (its column's range, e.g. 1..${MAX_INT32} for an id); missing at ${unbounded.join(", ")}`,
    );
  }
  const longStrings = unboundedRequestStrings(operations, schemaBundle);
  if (longStrings.length > 0) {
    throw new Error(
      `Contract: every string a request carries needs a maxLength (or an enum, a date format or a bounded pattern); missing at ${longStrings.join(", ")}`,
    );
  }

  const info = isObject(document.info) ? document.info : {};
  return {
    document,
    version: typeof info.version === "string" ? info.version : "0.0.0",
    operations,
    capabilities,
    roleNames,
    schemaBundle,
  };
}

/** Reads the contract from the YAML, or from its JSON copy that `npm run generate` writes. */
export async function loadContract(file: string): Promise<Contract> {
  const text = await readFile(file, "utf8");
  const document = (file.endsWith(".json") ? JSON.parse(text) : parse(text)) as unknown;
  if (!isObject(document)) throw new Error(`Contract: ${file} is not a YAML mapping`);
  return readContract(document);
}

export { CONTRACT_FILE, CONTRACT_JSON_FILE } from "../paths";
