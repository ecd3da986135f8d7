/**
 * The helpers of the contract's data provider (src/client/data/contractProvider.ts): Spanish
 * errors from an API error body, and a whole list served from the browser (the admin lists are a few hundred rows at most:
 * the server sends them whole and search, sort and paging happen here).
 */
import { type GetListParams, type GetListResult, HttpError, type Identifier, type RaRecord } from "react-admin";
import { apiErrorMessage } from "../api/client";
import { translate } from "../i18n/i18nProvider";
import { staleVersionOf } from "../queries/request";

export interface Signal {
  signal?: AbortSignal;
}

/**
 * A Spanish HttpError from an API error body (its `message`, and field errors for forms). The
 * body itself travels as `error`, so a form can tell a stale version (`staleVersionOf`) apart.
 */
export const failure = (error: unknown, status: number): HttpError => {
  const details =
    typeof error === "object" && error !== null && "errors" in error && Array.isArray(error.errors) ? error.errors : [];
  const fieldErrors: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail === "object" && detail !== null && "field" in detail && "message" in detail) {
      fieldErrors[String(detail.field)] = String(detail.message);
    }
  }
  return new HttpError(apiErrorMessage(error), status, { errors: fieldErrors, error });
};

/** Whether a failed call was refused because the record changed since it was read (409 `STALE VERSION`). */
export const isStaleVersion = (error: unknown): boolean => {
  if (!(error instanceof HttpError)) return false;
  const body: unknown = error.body;
  return typeof body === "object" && body !== null && staleVersionOf(Reflect.get(body, "error")) !== null;
};

export const unavailable = (resource: string): HttpError =>
  new HttpError(translate("slotdesk.errors.resource_unavailable", { resource }), 501);

export const compareValues = (left: unknown, right: unknown): number => {
  if (typeof left === "number" && typeof right === "number") return left - right;
  if (typeof left === "boolean" && typeof right === "boolean") return Number(left) - Number(right);
  return String(left ?? "").localeCompare(String(right ?? ""), "es-MX", { numeric: true });
};

/** The value at a dotted path (`role.name`), for sorting by a nested field. */
export const fieldValue = (record: object, path: string): unknown => {
  let value: unknown = record;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = Object.entries(value).find(([name]) => name === key)?.[1];
  }
  return value;
};

/** Search (`q`, over the given fields, accent- and case-insensitive), sort and page in the browser. */
export function listInBrowser<R extends RaRecord>(
  rows: R[],
  params: GetListParams,
  searchFields: (record: R) => string[],
): GetListResult<R> {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const q = typeof params.filter?.q === "string" ? fold(params.filter.q.trim()) : "";
  let result = q ? rows.filter((row) => searchFields(row).some((field) => fold(field).includes(q))) : rows;
  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === "DESC" ? -1 : 1;
    result = [...result].sort((a, b) => direction * compareValues(fieldValue(a, sort.field), fieldValue(b, sort.field)));
  }
  const total = result.length;
  if (params.pagination) {
    const start = (params.pagination.page - 1) * params.pagination.perPage;
    result = result.slice(start, start + params.pagination.perPage);
  }
  return { data: result, total };
}

/** The rows whose id is among `ids`. */
export const pickIds = <R extends RaRecord>(rows: R[], ids: Identifier[]): R[] => {
  const wanted = new Set(ids.map((id) => String(id)));
  return rows.filter((row) => wanted.has(String(row.id)));
};

/** A record id as the positive integer the contract expects, or a Spanish 400. */
export const numericId = (id: Identifier): number => {
  const value = Number(id);
  if (!Number.isInteger(value) || value < 1) throw new HttpError(translate("slotdesk.errors.bad_id", { id: String(id) }), 400);
  return value;
};
