/**
 * The `logbook` resource (seed 002 §3, §7): a season's requests, one row per reference. The server
 * answers the whole season at once (a few hundred references at most), so search, sort and
 * paging happen in the browser. `logbookParts` reads one part with its lines and message text.
 */
import { apiClient } from "../../client/api/client";
import { failure, listInBrowser, numericId, type ResourceHandlers } from "../../client/data/resourceHandlers";
import { translate } from "../../client/i18n/i18nProvider";
import type { components } from "../../generated/openapi";

export type LogbookRow = components["schemas"]["LogbookRow"];
export type LogbookPart = components["schemas"]["LogbookPart"];
type LogbookType = components["schemas"]["LogbookType"];

/** Catalog key of each request type's name (seed 002 §3: 1 season start, 2 Alta, 3 Cancelación, 4 Modificación). */
export const LOGBOOK_TYPE_KEYS: Record<LogbookType, string> = {
  1: "slotdesk.logbook.types.season_start",
  2: "slotdesk.logbook.types.new",
  3: "slotdesk.logbook.types.cancel",
  4: "slotdesk.logbook.types.modify",
};

/** The season the list is filtered by, or null when none is chosen. */
const seasonOf = (filter: Record<string, unknown> | undefined): number | null => {
  const value = Number(filter?.season_id);
  return Number.isInteger(value) && value > 0 ? value : null;
};

export const logbook: ResourceHandlers<LogbookRow> = {
  async getList(params) {
    const season = seasonOf(params.filter);
    if (season === null) return { data: [], total: 0 };
    const { data, error, response } = await apiClient.GET("/api/logbook/", {
      params: { query: { season_id: season } },
      signal: params.signal,
    });
    if (!data) throw failure(error, response.status);
    return listInBrowser(data, params, (row) => [
      String(row.reference),
      translate(LOGBOOK_TYPE_KEYS[row.type]),
      row.responsible ?? "",
      row.commentary ?? "",
      row.tracing ?? "",
      row.delay_code ?? "",
    ]);
  },
};

export const logbookParts: ResourceHandlers<LogbookPart> = {
  async getOne({ id, signal }) {
    const { data, error, response } = await apiClient.GET("/api/logbook/{id}", {
      params: { path: { id: numericId(id) } },
      signal,
    });
    if (!data) throw failure(error, response.status);
    return { data };
  },
};
