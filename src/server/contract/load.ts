/**
 * Reads openapi/openapi.yaml once and turns it into what the server and the generator need:
 * the operations (method, path, roles, parameter and body schemas) and the component schemas,
 * rewritten so that Ajv can resolve `$ref`s without the rest of the OpenAPI document.
 * It refuses a contract that breaks our own rules (no operationId, no x-roles, unknown role).
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

      const params = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].filter(isObject);
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
      if (isObject(op.requestBody)) {
        const content = isObject(op.requestBody.content) ? op.requestBody.content : {};
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
      });
    }
  }

  const info = isObject(document.info) ? document.info : {};
  return {
    document,
    version: typeof info.version === "string" ? info.version : "0.0.0",
    operations,
    capabilities,
    roleNames,
    schemaBundle: { $id: CONTRACT_SCHEMA_ID, $defs: rewriteRefs(schemas) },
  };
}

/** Reads the contract from the YAML, or from its JSON copy that `npm run generate` writes. */
export async function loadContract(file: string): Promise<Contract> {
  const text = await readFile(file, "utf8");
  const document = (file.endsWith(".json") ? JSON.parse(text) : parse(text)) as unknown;
  if (!isObject(document)) throw new Error(`Contract: ${file} is not a YAML mapping`);
  return readContract(document);
}

export const CONTRACT_FILE = new URL("../../../openapi/openapi.yaml", import.meta.url);
/** The same document as JSON (src/generated/, kept fresh by `npm run generate`; checked by `npm test`). */
export const CONTRACT_JSON_FILE = new URL("../../generated/contract.json", import.meta.url);
