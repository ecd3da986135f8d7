/** The contract as plain JSON, and the helpers every generator step shares. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isJsonObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const SCHEMA_REF = "#/components/schemas/";

/** components.schemas of the document, or an error naming what is missing. */
export function schemasOf(document: Json): JsonObject {
  const components = isJsonObject(document) ? document.components : undefined;
  const schemas = isJsonObject(components) ? components.schemas : undefined;
  if (!isJsonObject(schemas)) throw new Error("the contract has no components.schemas");
  return schemas;
}

/** The schema name a `$ref` points at, or null. */
export const refName = (value: Json | undefined): string | null =>
  isJsonObject(value) && typeof value.$ref === "string" && value.$ref.startsWith(SCHEMA_REF)
    ? value.$ref.slice(SCHEMA_REF.length)
    : null;

/**
 * Inlines `#/components/schemas/X` references and drops the `x-` extensions and the English
 * `description`s, which are for developers: what a person reads is the Spanish `title`, and the
 * Spanish `x-help` becomes the field's description (its help line in a form). `x-list: false`
 * stays: a titled record property that the list leaves to the detail.
 */
export function inline(value: Json, schemas: JsonObject): Json {
  if (Array.isArray(value)) return value.map((item) => inline(item, schemas));
  if (!isJsonObject(value)) return value;
  const ref = refName(value);
  if (ref !== null) {
    const target = schemas[ref];
    if (target === undefined) throw new Error(`unknown schema ${SCHEMA_REF}${ref}`);
    // A `$ref` with siblings (a title beside it) keeps the siblings over the target's own.
    const { $ref: _ref, ...siblings } = value;
    const inlined = inline(target, schemas);
    const extra = inline(siblings, schemas);
    return isJsonObject(inlined) && isJsonObject(extra) ? { ...inlined, ...extra } : inlined;
  }
  const entries: Array<[string, Json]> = [];
  for (const [key, inner] of Object.entries(value)) {
    if (key === "x-help" && typeof inner === "string") entries.push(["description", inner]);
    else if (key === "x-list") entries.push([key, inline(inner, schemas)]);
    else if (key.startsWith("x-") || (key === "description" && typeof inner === "string")) continue;
    else entries.push([key, inline(inner, schemas)]);
  }
  return Object.fromEntries(entries);
}

/** Every operation of the document: its id, method, path and the operation object. */
export function operationsOf(document: Json): Array<{ operationId: string; method: string; path: string; op: JsonObject; pathItem: JsonObject }> {
  const paths = isJsonObject(document) ? document.paths : undefined;
  if (!isJsonObject(paths)) return [];
  const result: Array<{ operationId: string; method: string; path: string; op: JsonObject; pathItem: JsonObject }> = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isJsonObject(pathItem)) continue;
    for (const method of ["get", "put", "post", "delete", "patch"]) {
      const op = pathItem[method];
      if (isJsonObject(op) && typeof op.operationId === "string") result.push({ operationId: op.operationId, method, path, op, pathItem });
    }
  }
  return result;
}
