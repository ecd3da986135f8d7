/**
 * The react-admin resources the contract describes (`x-resource` on operations), for
 * src/generated/resources.ts, and the request schemas their forms are generated from.
 *
 *   x-resource: { name, action: list|one|create|update|delete, id?, record?, query?, body?, when? }
 *
 * - `id`: the body property that names the record (update, delete); a `{id}` path parameter is
 *   found by itself.
 * - `record`: the property of the answer that holds the record (`addUser` answers `{ user, … }`).
 * - `query`, `body`: values always sent (`include_inactive: true`, `write_file: true`).
 * - `when`: the filter (list) or field (create) that chooses among several operations of one
 *   action (matches: `kind: medium` or `short`).
 * The record schema is the list's items (an array, or a page's `items`), else the `one` answer.
 */
import { inline, isJsonObject, type Json, type JsonObject, operationsOf, refName, schemasOf } from "./document";

export const ACTIONS = ["list", "one", "create", "update", "delete"] as const;
export type Action = (typeof ACTIONS)[number];

export interface ResourceOperation {
  operationId: string;
  method: string;
  path: string;
  /** The path has an `{id}` parameter: the record's id goes there. */
  pathId: boolean;
  /** The body property that carries the record's id. */
  idField: string | null;
  /** The request body's schema name; its form is FORM_SCHEMAS[form]. */
  body: string | null;
  form: string | null;
  /** The body has `version`: an edit sends the version it was read at (409 when stale). */
  versioned: boolean;
  /** The answer's property that holds the record, when it is not the answer itself. */
  record: string | null;
  /** A list answer: `array` (served whole; search, sort and paging in the browser) or `page` ({ items, total }). */
  envelope: "array" | "page" | null;
  /** Query parameters the operation reads: a list filter of that name goes to the server. */
  queryParams: string[];
  requiredQuery: string[];
  query: JsonObject;
  fixedBody: JsonObject;
  when: JsonObject;
}

export interface ResourceDefinition {
  record: string;
  operations: { [A in Action]?: ResourceOperation[] };
}

const VERSION = "version";

const jsonContentSchema = (holder: Json | undefined): Json | undefined => {
  if (!isJsonObject(holder)) return undefined;
  const content = holder.content;
  const json = isJsonObject(content) ? content["application/json"] : undefined;
  return isJsonObject(json) ? json.schema : undefined;
};

const successSchema = (op: JsonObject): Json | undefined => {
  const responses = op.responses;
  if (!isJsonObject(responses)) return undefined;
  for (const status of ["200", "201"]) {
    const schema = jsonContentSchema(responses[status]);
    if (schema !== undefined) return schema;
  }
  return undefined;
};

const parametersOf = (op: JsonObject, pathItem: JsonObject, document: Json): JsonObject[] => {
  const components = isJsonObject(document) ? document.components : undefined;
  const shared = isJsonObject(components) ? components.parameters : undefined;
  const list = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])];
  return list.flatMap((parameter) => {
    if (isJsonObject(parameter) && typeof parameter.$ref === "string" && isJsonObject(shared)) {
      const target = shared[parameter.$ref.split("/").pop() ?? ""];
      return isJsonObject(target) ? [target] : [];
    }
    return isJsonObject(parameter) ? [parameter] : [];
  });
};

/** The record schema's name in a list answer (array items or a page's items) or a one/create answer. */
function recordOfAnswer(schema: Json | undefined, schemas: JsonObject, property: string | null): { name: string | null; envelope: "array" | "page" | null } {
  let target = schema;
  const named = refName(target);
  if (named !== null) target = schemas[named];
  if (property !== null && isJsonObject(target) && isJsonObject(target.properties)) {
    return { name: refName(target.properties[property]), envelope: null };
  }
  if (isJsonObject(target) && target.type === "array") return { name: refName(target.items), envelope: "array" };
  if (isJsonObject(target) && isJsonObject(target.properties) && isJsonObject(target.properties.items)) {
    return { name: refName(target.properties.items.items), envelope: "page" };
  }
  return { name: named, envelope: null };
}

export interface ResourceBuild {
  resources: Record<string, ResourceDefinition>;
  /** Each record schema, inlined: its titled properties are a list's columns, in order. */
  recordSchemas: Record<string, Json>;
  /** The schemas the browser renders as forms: `x-form: true` ones, and each resource write's body less its id and version. */
  formSchemas: Record<string, Json>;
}

export function buildResources(document: Json): ResourceBuild {
  const schemas = schemasOf(document);
  const resources: Record<string, ResourceDefinition> = {};
  const recordSchemas: Record<string, Json> = {};
  const formSchemas: Record<string, Json> = {};
  const bodiesOf: Array<{ resource: string; body: string; drop: string[] }> = [];

  for (const [name, schema] of Object.entries(schemas)) {
    if (isJsonObject(schema) && schema["x-form"] === true) formSchemas[name] = inline(schema, schemas);
  }

  for (const { operationId, method, path, op, pathItem } of operationsOf(document)) {
    const spec = op["x-resource"];
    if (!isJsonObject(spec)) continue;
    const name = spec.name;
    const action = spec.action;
    if (typeof name !== "string" || !ACTIONS.some((known) => known === action) || typeof action !== "string") {
      throw new Error(`${operationId}: x-resource needs a name and one of the actions ${ACTIONS.join(", ")}`);
    }
    const idField = typeof spec.id === "string" ? spec.id : null;
    const recordProperty = typeof spec.record === "string" ? spec.record : null;
    const bodySchema = jsonContentSchema(op.requestBody);
    const body = refName(bodySchema);
    if (bodySchema !== undefined && body === null) throw new Error(`${operationId}: a resource's request body must be a named schema`);
    const bodyTarget = body !== null ? schemas[body] : undefined;
    const bodyProperties = isJsonObject(bodyTarget) && isJsonObject(bodyTarget.properties) ? bodyTarget.properties : {};
    if (idField !== null && !(idField in bodyProperties)) throw new Error(`${operationId}: x-resource id ${idField} is not a property of ${body ?? "its body"}`);
    const parameters = parametersOf(op, pathItem, document);
    const query = parameters.filter((parameter) => parameter.in === "query");
    const answer = recordOfAnswer(successSchema(op), schemas, recordProperty);
    const fixedBody = isJsonObject(spec.body) ? spec.body : {};
    const operation: ResourceOperation = {
      operationId,
      method,
      path,
      pathId: parameters.some((parameter) => parameter.in === "path" && parameter.name === "id"),
      idField,
      body,
      form: body !== null && (action === "create" || action === "update") ? body : null,
      versioned: VERSION in bodyProperties,
      record: recordProperty,
      envelope: action === "list" ? answer.envelope : null,
      queryParams: query.flatMap((parameter) => (typeof parameter.name === "string" ? [parameter.name] : [])),
      requiredQuery: query.flatMap((parameter) => (parameter.required === true && typeof parameter.name === "string" ? [parameter.name] : [])),
      query: isJsonObject(spec.query) ? spec.query : {},
      fixedBody,
      when: isJsonObject(spec.when) ? spec.when : {},
    };
    const resource = (resources[name] ??= { record: "", operations: {} });
    const known = (resource.operations[action as Action] ??= []);
    known.push(operation);
    if ((action === "list" || action === "one") && answer.name !== null && (resource.record === "" || action === "list")) {
      resource.record = answer.name;
    }
    if (operation.form !== null && body !== null) {
      bodiesOf.push({ resource: name, body, drop: [...(idField ? [idField] : []), VERSION, ...Object.keys(fixedBody)] });
    }
  }

  for (const [name, resource] of Object.entries(resources)) {
    if (resource.record === "" || !(resource.record in schemas)) throw new Error(`resource ${name}: no list or one operation names its record schema`);
    recordSchemas[resource.record] = inline(schemas[resource.record] ?? null, schemas);
  }

  // A write's form: its body less what the person does not type (the id, the version, the fixed
  // values), each field titled as the record titles it unless the body gives its own title.
  for (const { resource, body, drop } of bodiesOf) {
    const inlined = inline(schemas[body] ?? null, schemas);
    if (!isJsonObject(inlined) || !isJsonObject(inlined.properties)) continue;
    const definition = resources[resource];
    const record = definition ? recordSchemas[definition.record] : undefined;
    const recordProperties = isJsonObject(record) && isJsonObject(record.properties) ? record.properties : {};
    const properties: JsonObject = {};
    for (const [field, property] of Object.entries(inlined.properties)) {
      if (drop.includes(field)) continue;
      const fromRecord = recordProperties[field];
      const title = isJsonObject(fromRecord) && typeof fromRecord.title === "string" ? fromRecord.title : undefined;
      properties[field] = isJsonObject(property) && property.title === undefined && title !== undefined ? { ...property, title } : property;
    }
    const required = Array.isArray(inlined.required) ? inlined.required.filter((field) => typeof field === "string" && !drop.includes(field)) : [];
    formSchemas[body] = { ...inlined, properties, required };
  }
  return { resources, recordSchemas, formSchemas };
}
