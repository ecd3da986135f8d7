/**
 * One data provider for every resource the contract describes (`x-resource`, generated into
 * src/generated/resources.ts): which operation lists, reads, creates, updates and deletes a
 * record, where its id and version go, and which request schema its body follows. Nothing here
 * names a resource: a property added to a schema travels in the list, the forms and the body.
 */
import type {
  CreateParams,
  CreateResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from "react-admin";
import { HttpError } from "react-admin";
import { FORM_SCHEMAS, type FormSchemaName } from "../../generated/forms";
import { RECORD_SCHEMAS, RESOURCE_REGISTRY, type ResourceAction, type RecordSchema, type ResourceDefinition, type ResourceOperation } from "../../generated/resources";
import { resourceClient } from "../api/client";
import { translate } from "../i18n/i18nProvider";
import { formatValue, propertiesOf, shownProperties } from "../schema/records";
import { failure, listInBrowser, numericId, pickIds, type Signal, unavailable } from "./resourceHandlers";
import "../i18n/formsTexts";

type Action = ResourceAction;
/** The registry, looked up by the name react-admin hands over as a string. */
const REGISTRY: Readonly<Record<string, ResourceDefinition>> = RESOURCE_REGISTRY;
const RECORDS: Readonly<Record<string, RecordSchema>> = RECORD_SCHEMAS;
const FORMS: Readonly<Record<string, (typeof FORM_SCHEMAS)[FormSchemaName]>> = FORM_SCHEMAS;

export const isContractResource = (resource: string): boolean => Object.hasOwn(REGISTRY, resource);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isRecord = (value: unknown): value is RaRecord =>
  isObject(value) && (typeof value.id === "number" || typeof value.id === "string");

/** The operation of an action whose `when` the values match (matches: `kind`), else the first. */
function operationFor(resource: string, action: Action, values: Record<string, unknown> = {}): ResourceOperation {
  const operations = REGISTRY[resource]?.operations[action] ?? [];
  const chosen = operations.find((op) => Object.entries(op.when).every(([key, value]) => values[key] === value)) ?? operations[0];
  if (!chosen) throw unavailable(resource);
  return chosen;
}

const has = (resource: string, action: Action): boolean => (REGISTRY[resource]?.operations[action]?.length ?? 0) > 0;

interface Call {
  id?: Identifier;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** Calls one operation through the contract-typed client; a refusal becomes a Spanish HttpError. */
async function call(op: ResourceOperation, { id, query, body, signal }: Call): Promise<unknown> {
  const params = {
    ...(query ? { query } : {}),
    ...(op.pathId && id !== undefined ? { path: { id: numericId(id) } } : {}),
  };
  const init = { params, ...(body ? { body } : {}), ...(signal ? { signal } : {}) };
  const result =
    op.method === "get"
      ? await resourceClient.GET(op.path, init)
      : op.method === "put"
        ? await resourceClient.PUT(op.path, init)
        : op.method === "delete"
          ? await resourceClient.DELETE(op.path, init)
          : await resourceClient.POST(op.path, init);
  if (!result.response.ok) throw failure(result.error, result.response.status);
  return result.data;
}

/** The record in an answer (the answer itself, or its `x-resource` `record` property). */
function recordOf(op: ResourceOperation, answer: unknown): RaRecord {
  const record = op.record !== null && isObject(answer) ? answer[op.record] : answer;
  if (!isRecord(record)) throw new HttpError(translate("slotdesk.errors.generic"), 502);
  return record;
}

/**
 * The body of a write: what the form holds, as its request schema allows it (every property the
 * schema has, none it lacks), the operation's fixed values, and the record's id and version.
 * A text the person emptied in an edit is sent empty, so that clearing a field clears it.
 */
function bodyOf(op: ResourceOperation, values: Record<string, unknown>, id?: Identifier, previous?: RaRecord): Record<string, unknown> {
  const form = op.form !== null ? FORMS[op.form] : undefined;
  const body: Record<string, unknown> = {};
  for (const [name, property] of form ? propertiesOf(form) : []) {
    const value = values[name];
    if (value !== undefined) body[name] = value;
    else if (previous && property.type === "string" && !property.format && !property.pattern && !(Number(property.minLength) > 0) && previous[name] !== undefined) {
      body[name] = "";
    }
  }
  Object.assign(body, op.fixedBody);
  if (op.idField !== null && id !== undefined) body[op.idField] = numericId(id);
  if (op.versioned && previous && typeof previous.version === "number") body.version = previous.version;
  return body;
}

/** The text a quick search looks in: each shown property as the grid writes it, and its raw text. */
function searchTexts(resource: string): (record: RaRecord) => string[] {
  const schema = RECORDS[REGISTRY[resource]?.record ?? ""];
  const shown = schema ? shownProperties(schema, "detail") : [];
  const words = { yes: translate("slotdesk.forms.yes"), no: translate("slotdesk.forms.no"), empty: "" };
  return (record) =>
    shown.flatMap(([name, property]) => {
      const value = record[name];
      return typeof value === "string" ? [value, formatValue(property, value, words)] : [formatValue(property, value, words)];
    });
}

const blank = (value: unknown) => value === undefined || value === null || value === "";

/** The list's query: the operation's fixed values and the filters it reads; any other filter is refused in Spanish. */
function listQuery(op: ResourceOperation, filter: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = { ...op.query };
  for (const [key, value] of Object.entries(filter)) {
    if (blank(value) || key in op.when || (key === "q" && !op.queryParams.includes("q"))) continue;
    if (!op.queryParams.includes(key)) throw new HttpError(translate("slotdesk.errors.filter_unavailable", { filter: key }), 400);
    query[key] = typeof value === "string" && key === "q" ? value.trim() : value;
  }
  return query;
}

async function listAll(resource: string, params: GetListParams & Signal): Promise<GetListResult> {
  const filter = params.filter ?? {};
  const op = operationFor(resource, "list", filter);
  const query = listQuery(op, filter);
  // A list that needs a choice first (the Bitácora's season) is empty until it is made.
  if (op.requiredQuery.some((key) => blank(query[key]))) return { data: [], total: 0 };
  if (op.envelope === "page") {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 50 };
    const answer = await call(op, { query: { ...query, offset: (page - 1) * perPage, limit: perPage }, signal: params.signal });
    const items = isObject(answer) && Array.isArray(answer.items) ? answer.items.filter(isRecord) : [];
    const total = isObject(answer) && typeof answer.total === "number" ? answer.total : items.length;
    return { data: items, total };
  }
  const answer = await call(op, { query, signal: params.signal });
  const rows = Array.isArray(answer) ? answer.filter(isRecord) : [];
  return listInBrowser(rows, params, searchTexts(resource));
}

const everything = (signal?: AbortSignal): GetListParams & Signal => ({
  pagination: { page: 1, perPage: 10_000 },
  sort: { field: "id", order: "ASC" },
  filter: {},
  ...(signal ? { signal } : {}),
});

export const contractResources = {
  async getList(resource: string, params: GetListParams & Signal): Promise<GetListResult> {
    return await listAll(resource, params);
  },

  async getOne(resource: string, { id, signal }: GetOneParams & Signal): Promise<GetOneResult> {
    if (has(resource, "one")) return { data: recordOf(operationFor(resource, "one"), await call(operationFor(resource, "one"), { id, signal })) };
    const found = (await listAll(resource, everything(signal))).data.find((row) => String(row.id) === String(id));
    if (!found) throw new HttpError(translate("slotdesk.errors.record_not_found", { id: String(id) }), 404);
    return { data: found };
  },

  async getMany(resource: string, { ids, signal }: GetManyParams & Signal): Promise<GetManyResult> {
    return { data: pickIds((await listAll(resource, everything(signal))).data, ids) };
  },

  /** The answer travels whole in `meta.answer` (an invitation says whether its e-mail left). */
  async create(resource: string, { data }: CreateParams): Promise<CreateResult> {
    const values = isObject(data) ? data : {};
    const op = operationFor(resource, "create", values);
    const answer = await call(op, { body: bodyOf(op, values) });
    return { data: recordOf(op, answer), meta: { answer } };
  },

  async update(resource: string, { id, data, previousData }: UpdateParams): Promise<UpdateResult> {
    const values = isObject(data) ? data : {};
    const op = operationFor(resource, "update", values);
    return { data: recordOf(op, await call(op, { id, body: bodyOf(op, values, id, previousData) })) };
  },

  async delete(resource: string, { id, previousData }: DeleteParams): Promise<DeleteResult> {
    const op = operationFor(resource, "delete");
    await call(op, { id, body: op.body !== null ? bodyOf(op, {}, id, previousData) : undefined });
    if (!previousData) throw new HttpError(translate("slotdesk.errors.record_not_found", { id: String(id) }), 404);
    return { data: previousData };
  },
};
