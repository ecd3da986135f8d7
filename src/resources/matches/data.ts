/**
 * The `matches` resource (seed 002 §3 "Match record", §7; issue 15 item 3): the medium- or
 * short-term generations, chosen by the list's `kind` filter, and a generation (`create`). The
 * server answers a kind's whole list (a few per month), so search, sort and paging happen here.
 */
import { HttpError } from "react-admin";
import { apiClient } from "../../client/api/client";
import { failure, listInBrowser, type ResourceHandlers } from "../../client/data/resourceHandlers";
import { translate } from "../../client/i18n/i18nProvider";
import { formatDate } from "../../domain/dateRange";
import type { components } from "../../generated/openapi";

export type MatchGeneration = components["schemas"]["MatchGeneration"];
export type MatchKind = MatchGeneration["kind"];
type MediumTermRequest = components["schemas"]["MediumTermMatchesRequest"];
type ShortTermRequest = components["schemas"]["ShortTermMatchesRequest"];

/** What the view asks to generate: the kind's own request body. */
export type GenerationRequest = ({ kind: "medium" } & MediumTermRequest) | ({ kind: "short" } & ShortTermRequest);

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const isKind = (value: unknown): value is MatchKind => value === "medium" || value === "short";
const isGenerationRequest = (value: Partial<MatchGeneration> | GenerationRequest): value is GenerationRequest =>
  "kind" in value && (("start_date" in value && "end_date" in value) || ("date_to_check" in value && "days" in value));

/**
 * The Spanish notice of a failed generation (seed 002 §8): the server's own sentence for a refused
 * request ('Ya existen matches…', a bad range), the generic one for anything else.
 */
export const generationFailure = (error: unknown): string =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : translate("slotdesk.matches.failed");

export const matches: ResourceHandlers<MatchGeneration> = {
  async getList(params) {
    const kind = isKind(params.filter?.kind) ? params.filter.kind : "medium";
    const query = { season: text(params.filter?.season), start: text(params.filter?.start), end: text(params.filter?.end) };
    const { data, error, response } =
      kind === "medium"
        ? await apiClient.GET("/api/matches/medium-term/", { params: { query }, signal: params.signal })
        : await apiClient.GET("/api/matches/short-term/", { params: { query }, signal: params.signal });
    if (!data) throw failure(error, response.status);
    // The quick search finds a date as the table shows it (dd/MM/yyyy) or as the API gives it.
    return listInBrowser(data, params, (row) => [
      formatDate(row.start_date),
      formatDate(row.end_date),
      row.start_date,
      row.end_date,
      row.created_at,
    ]);
  },

  async create({ data: input }) {
    if (!isGenerationRequest(input)) throw new HttpError(translate("slotdesk.matches.failed"), 400);
    // The seed's calls always ask for the file (seed 002 §7: write_file true).
    const { data, error, response } =
      input.kind === "medium"
        ? await apiClient.POST("/api/matches/medium-term/", {
            body: { start_date: input.start_date, end_date: input.end_date, compute: input.compute, write_file: true },
          })
        : await apiClient.POST("/api/matches/short-term/", {
            body: { date_to_check: input.date_to_check, days: input.days, compute: input.compute, write_file: true },
          });
    if (!data) throw failure(error, response.status);
    return { data };
  },
};
