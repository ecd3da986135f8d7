/**
 * The `seasons` resource. `GET /api/seasons/` returns every matching season at once (a few
 * dozen at most), so search, sort and paging happen in the browser; the contract's own filters
 * (current, id, name, for_date) go to the server.
 */
import { HttpError } from "react-admin";
import { apiClient } from "../../client/api/client";
import { failure, listInBrowser, numericId, pickIds, type ResourceHandlers } from "../../client/data/resourceHandlers";
import { translate } from "../../client/i18n/i18nProvider";
import type { components, operations } from "../../generated/openapi";

/** A season with its rule and calendar (issue 27 item 1), as the resource lists and edits it. */
export type Season = components["schemas"]["SeasonDetail"];
export type SeasonWrite = components["schemas"]["SeasonWrite"];
type SeasonQuery = NonNullable<operations["listSeasons"]["parameters"]["query"]>;

const SEASON_SERVER_FILTERS = ["current", "id", "name", "for_date"] as const;
type SeasonServerFilter = (typeof SEASON_SERVER_FILTERS)[number];
const isSeasonServerFilter = (key: string): key is SeasonServerFilter =>
  SEASON_SERVER_FILTERS.some((filter) => filter === key);

const fetchSeasons = async (query: SeasonQuery, signal?: AbortSignal): Promise<Season[]> => {
  const { data, error, response } = await apiClient.GET("/api/seasons/", { params: { query }, signal });
  if (!data) throw failure(error, response.status);
  return data;
};

const toSeasonQuery = (filter: Record<string, unknown>): SeasonQuery => {
  const query: SeasonQuery = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === "" || key === "q") continue;
    if (!isSeasonServerFilter(key)) {
      throw new HttpError(translate("slotdesk.errors.filter_unavailable", { filter: key }), 400);
    }
    if (key === "current") query.current = value === true || value === "true";
    else if (key === "id") query.id = Number(value);
    else if (key === "name") query.name = String(value);
    else query.for_date = String(value);
  }
  return query;
};

/** The write of a season: its code and dates, and the rule and calendar fields the form holds. */
const toWrite = (data: Partial<Season>): SeasonWrite => {
  if (typeof data.name !== "string" || typeof data.start_date !== "string" || typeof data.end_date !== "string") {
    throw new HttpError("Faltan el código o las fechas de la temporada.", 400);
  }
  return {
    name: data.name,
    start_date: data.start_date,
    end_date: data.end_date,
    ...(data.usage_threshold !== undefined ? { usage_threshold: data.usage_threshold } : {}),
    ...(data.tolerance_minutes !== undefined ? { tolerance_minutes: data.tolerance_minutes } : {}),
    ...(data.outside_counts_as_used !== undefined ? { outside_counts_as_used: data.outside_counts_as_used } : {}),
    ...(data.historics_baseline_date ? { historics_baseline_date: data.historics_baseline_date } : {}),
    ...(data.series_return_deadline ? { series_return_deadline: data.series_return_deadline } : {}),
    ...(data.initial_submission_deadline ? { initial_submission_deadline: data.initial_submission_deadline } : {}),
    ...(data.shl_deadline ? { shl_deadline: data.shl_deadline } : {}),
  };
};

export const seasons: ResourceHandlers<Season> = {
  async getList(params) {
    const rows = await fetchSeasons(toSeasonQuery(params.filter ?? {}), params.signal);
    return listInBrowser(rows, params, (season) => [season.name]);
  },
  async getOne({ id, signal }) {
    const valid = Number.isInteger(Number(id)) && Number(id) > 0;
    const season = valid ? (await fetchSeasons({ id: Number(id) }, signal))[0] : undefined;
    if (!season) throw new HttpError(translate("slotdesk.errors.season_not_found", { id: String(id) }), 404);
    return { data: season };
  },
  async getMany({ ids, signal }) {
    return { data: pickIds(await fetchSeasons({}, signal), ids) };
  },
  async create({ data }) {
    const { data: created, error, response } = await apiClient.POST("/api/seasons/create/", { body: toWrite(data) });
    if (!created) throw failure(error, response.status);
    return { data: created };
  },
  async update({ id, data, previousData }) {
    // The version of the season the form was opened on: a save after someone else's is refused (409).
    const { data: updated, error, response } = await apiClient.PUT("/api/seasons/{id}/", {
      params: { path: { id: numericId(id) } },
      body: { ...toWrite(data), ...(previousData ? { version: previousData.version } : {}) },
    });
    if (!updated) throw failure(error, response.status);
    return { data: updated };
  },
};
