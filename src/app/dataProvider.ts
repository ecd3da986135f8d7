import {
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  HttpError,
  type Identifier,
  type RaRecord,
} from "react-admin";
import type { components, operations } from "../generated/openapi";
import { apiClient, apiErrorMessage } from "./api/client";
import { translate } from "./i18n/i18nProvider";

type Schemas = components["schemas"];
type Season = Schemas["Season"];
type SeasonQuery = NonNullable<operations["listSeasons"]["parameters"]["query"]>;

/** The record each resource serves, typed from the contract's schemas. */
interface ResourceRecords {
  seasons: Season;
}
type ResourceName = keyof ResourceRecords;

interface Signal {
  signal?: AbortSignal;
}

/**
 * What a resource implements. Methods (not function properties) so that the handlers of a
 * specific record type fit the map's common `RaRecord` signature.
 */
interface ResourceHandlers<R extends RaRecord> {
  getList?(params: GetListParams & Signal): Promise<GetListResult<R>>;
  getOne?(params: GetOneParams<R> & Signal): Promise<GetOneResult<R>>;
  getMany?(params: GetManyParams<R> & Signal): Promise<GetManyResult<R>>;
}

const unavailable = (resource: string): HttpError =>
  new HttpError(translate("slotdesk.errors.resource_unavailable", { resource }), 501);

const failure = (error: unknown, status: number): HttpError => new HttpError(apiErrorMessage(error), status, error);

// ---------------------------------------------------------------------------------------------
// seasons: GET /api/seasons/ returns every matching season at once (a few dozen at most), so
// sorting, free-text search and paging happen here.

const SEASON_SERVER_FILTERS = ["current", "id", "name", "for_date"] as const;
type SeasonServerFilter = (typeof SEASON_SERVER_FILTERS)[number];
const isSeasonServerFilter = (key: string): key is SeasonServerFilter =>
  SEASON_SERVER_FILTERS.some((filter) => filter === key);

const fetchSeasons = async (query: SeasonQuery, signal?: AbortSignal): Promise<Season[]> => {
  const { data, error, response } = await apiClient.GET("/api/seasons/", { params: { query }, signal });
  if (!data) throw failure(error, response.status);
  return data;
};

const toSeasonQuery = (filter: Record<string, unknown>): { query: SeasonQuery; text: string } => {
  const query: SeasonQuery = {};
  let text = "";
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "q") {
      text = String(value).trim().toLowerCase();
    } else if (isSeasonServerFilter(key)) {
      if (key === "current") query.current = value === true || value === "true";
      else if (key === "id") query.id = Number(value);
      else if (key === "name") query.name = String(value);
      else query.for_date = String(value);
    } else {
      throw new HttpError(translate("slotdesk.errors.filter_unavailable", { filter: key }), 400);
    }
  }
  return { query, text };
};

const compareValues = (left: unknown, right: unknown): number => {
  if (typeof left === "number" && typeof right === "number") return left - right;
  return String(left ?? "").localeCompare(String(right ?? ""), "es-MX", { numeric: true });
};

const seasonField = (season: Season, field: string): unknown =>
  Object.entries(season).find(([key]) => key === field)?.[1];

const seasons: ResourceHandlers<Season> = {
  async getList({ filter = {}, sort, pagination, signal }) {
    const { query, text } = toSeasonQuery(filter);
    let rows = await fetchSeasons(query, signal);
    if (text) rows = rows.filter((season) => season.name.toLowerCase().includes(text));
    if (sort?.field) {
      const direction = sort.order === "DESC" ? -1 : 1;
      rows = [...rows].sort(
        (a, b) => direction * compareValues(seasonField(a, sort.field), seasonField(b, sort.field)),
      );
    }
    const total = rows.length;
    if (pagination) {
      const start = (pagination.page - 1) * pagination.perPage;
      rows = rows.slice(start, start + pagination.perPage);
    }
    return { data: rows, total };
  },

  async getOne({ id, signal }) {
    const numericId = Number(id);
    const found = Number.isInteger(numericId) && numericId > 0 ? await fetchSeasons({ id: numericId }, signal) : [];
    const season = found[0];
    if (!season) throw new HttpError(translate("slotdesk.errors.season_not_found", { id: String(id) }), 404);
    return { data: season };
  },

  async getMany({ ids, signal }) {
    const wanted = new Set(ids.map((id: Identifier) => String(id)));
    const all = await fetchSeasons({}, signal);
    return { data: all.filter((season) => wanted.has(String(season.id))) };
  },
};

// ---------------------------------------------------------------------------------------------

const handlers: { [K in ResourceName]: ResourceHandlers<ResourceRecords[K]> } = { seasons };

const isResourceName = (resource: string): resource is ResourceName => Object.hasOwn(handlers, resource);

const handlersFor = (resource: string): ResourceHandlers<RaRecord> => {
  if (!isResourceName(resource)) throw unavailable(resource);
  return handlers[resource];
};

/**
 * The react-admin data provider, on the contract-typed API client. Each resource lists what it
 * implements; anything else rejects with a Spanish HttpError. The casts below are the single
 * place where a contract record becomes react-admin's caller-chosen `RecordType`.
 */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  async getList<RecordType extends RaRecord>(resource: string, params: GetListParams & Signal) {
    const handler = handlersFor(resource).getList;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetListResult<RecordType>;
  },

  async getOne<RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType> & Signal) {
    const handler = handlersFor(resource).getOne;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetOneResult<RecordType>;
  },

  async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType> & Signal) {
    const handler = handlersFor(resource).getMany;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetManyResult<RecordType>;
  },

  async getManyReference(resource) {
    throw unavailable(resource);
  },
  async create(resource) {
    throw unavailable(resource);
  },
  async update(resource) {
    throw unavailable(resource);
  },
  async updateMany(resource) {
    throw unavailable(resource);
  },
  async delete(resource) {
    throw unavailable(resource);
  },
  async deleteMany(resource) {
    throw unavailable(resource);
  },
};
