/**
 * What changed between two versions of the contract (src/generated/contract.json), and which of
 * the changes break a client built on the older one: an operation or a schema removed, a property
 * removed, a type narrowed (types, choices, lengths, bounds, a new pattern), a request field made
 * required. Adding an operation, a schema or an optional property breaks nobody.
 */
import { isJsonObject, type Json, type JsonObject } from "./document";

export interface ContractChange {
  breaking: boolean;
  /** One line, the same every run: the acknowledgement file quotes it. */
  text: string;
}

const operations = (document: Json): Map<string, string> => {
  const result = new Map<string, string>();
  const paths = isJsonObject(document) ? document.paths : undefined;
  if (!isJsonObject(paths)) return result;
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (isJsonObject(op) && typeof op.operationId === "string") result.set(op.operationId, `${method.toUpperCase()} ${path}`);
    }
  }
  return result;
};

const schemasOf = (document: Json): JsonObject => {
  const components = isJsonObject(document) ? document.components : undefined;
  const schemas = isJsonObject(components) ? components.schemas : undefined;
  return isJsonObject(schemas) ? schemas : {};
};

/** The names of the schemas a request body uses (directly): a new required field there breaks callers. */
const requestSchemas = (document: Json): Set<string> => {
  const names = new Set<string>();
  JSON.stringify(isJsonObject(document) ? document.paths : null, (key, value: unknown) => {
    if (key === "requestBody") {
      const text = JSON.stringify(value);
      for (const match of text.matchAll(/#\/components\/schemas\/(\w+)/g)) if (match[1]) names.add(match[1]);
    }
    return value;
  });
  return names;
};

const typesOf = (schema: JsonObject): string[] =>
  Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === "string" ? [schema.type] : [];

/** How a property's accepted values narrowed from `before` to `after`, if they did. */
function narrowing(before: JsonObject, after: JsonObject): string[] {
  const found: string[] = [];
  const beforeTypes = typesOf(before);
  const afterTypes = typesOf(after);
  if (beforeTypes.length > 0 && beforeTypes.some((type) => !afterTypes.includes(type) && !(type === "integer" && afterTypes.includes("number")))) {
    found.push(`type ${beforeTypes.join("|")} → ${afterTypes.join("|") || "any"}`);
  }
  const afterEnum = Array.isArray(after.enum) ? after.enum : null;
  if (Array.isArray(before.enum) && afterEnum) {
    const gone = before.enum.filter((value) => !afterEnum.some((other) => JSON.stringify(other) === JSON.stringify(value)));
    if (gone.length > 0) found.push(`choices removed ${JSON.stringify(gone)}`);
  } else if (!Array.isArray(before.enum) && Array.isArray(after.enum)) found.push("choices added");
  const bound = (key: string, narrower: (a: number, b: number) => boolean) => {
    const a = before[key];
    const b = after[key];
    if (typeof b === "number" && (typeof a !== "number" || narrower(a, b))) found.push(`${key} ${typeof a === "number" ? a : "none"} → ${b}`);
  };
  bound("maxLength", (a, b) => b < a);
  bound("maximum", (a, b) => b < a);
  bound("maxItems", (a, b) => b < a);
  bound("minLength", (a, b) => b > a);
  bound("minimum", (a, b) => b > a);
  bound("minItems", (a, b) => b > a);
  if (typeof after.pattern === "string" && after.pattern !== before.pattern) found.push(`pattern ${String(before.pattern ?? "none")} → ${after.pattern}`);
  if (typeof after.format === "string" && after.format !== before.format) found.push(`format ${String(before.format ?? "none")} → ${after.format}`);
  return found;
}

export function diffContracts(before: Json, after: Json): ContractChange[] {
  const changes: ContractChange[] = [];
  const beforeOps = operations(before);
  const afterOps = operations(after);
  for (const [id, where] of beforeOps) if (!afterOps.has(id)) changes.push({ breaking: true, text: `removed operation ${id} (${where})` });
  for (const [id, where] of afterOps) {
    const old = beforeOps.get(id);
    if (old === undefined) changes.push({ breaking: false, text: `added operation ${id} (${where})` });
    else if (old !== where) changes.push({ breaking: true, text: `moved operation ${id} (${old} → ${where})` });
  }
  const beforeSchemas = schemasOf(before);
  const afterSchemas = schemasOf(after);
  const requests = requestSchemas(after);
  for (const [name, schema] of Object.entries(beforeSchemas)) {
    const next = afterSchemas[name];
    if (!isJsonObject(schema)) continue;
    if (!isJsonObject(next)) {
      changes.push({ breaking: true, text: `removed schema ${name}` });
      continue;
    }
    changes.push(...narrowing(schema, next).map((text) => ({ breaking: true, text: `narrowed ${name}: ${text}` })));
    const props = isJsonObject(schema.properties) ? schema.properties : {};
    const nextProps = isJsonObject(next.properties) ? next.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const nextRequired = Array.isArray(next.required) ? next.required.map(String) : [];
    for (const [prop, value] of Object.entries(props)) {
      const nextValue = nextProps[prop];
      if (nextValue === undefined) {
        changes.push({ breaking: true, text: `removed property ${name}.${prop}` });
        continue;
      }
      if (isJsonObject(value) && isJsonObject(nextValue)) {
        changes.push(...narrowing(value, nextValue).map((text) => ({ breaking: true, text: `narrowed ${name}.${prop}: ${text}` })));
      }
    }
    for (const prop of Object.keys(nextProps)) {
      if (prop in props) continue;
      const isRequired = nextRequired.includes(prop);
      changes.push({
        breaking: isRequired && requests.has(name),
        text: `added ${isRequired ? "required" : "optional"} property ${name}.${prop}`,
      });
    }
    for (const prop of nextRequired) {
      if (prop in props && !required.has(prop) && requests.has(name)) changes.push({ breaking: true, text: `now required in a request: ${name}.${prop}` });
    }
  }
  for (const name of Object.keys(afterSchemas)) if (!(name in beforeSchemas)) changes.push({ breaking: false, text: `added schema ${name}` });
  return changes;
}
