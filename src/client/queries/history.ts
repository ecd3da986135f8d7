/**
 * Histórico: a season's series as cards (`GET /api/history/`), one series' weekly table when its
 * card is opened (`GET /api/history/series/`, issue 35 item 3), and the season's workbook.
 */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { queryKeys } from "./keys";
import { timedRead } from "../perf/marks";
import { dataOf, ONE_CALL } from "./request";

/**
 * The airport's season's series (issue 37: the season is one of the airport's); none is asked while
 * no season is chosen (the view chooses one of the airport's only once the airport is known).
 */
export function useHistory(airport: string, seasonId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.history, airport, seasonId],
    queryFn: () =>
      timedRead("history", () => dataOf(apiClient.GET("/api/history/", { params: { query: { season_id: seasonId ?? 0, airport } } }))),
    enabled: seasonId !== null,
    ...ONE_CALL,
  });
}

/**
 * A series' weekly table, read when its card opens; kept under the season's key, so whatever
 * refreshes the cards (a live change, 'Actualizar') reads an open table again too.
 */
export function useHistorySeries(seasonId: number, serie: number) {
  return useQuery({
    queryKey: [...queryKeys.history, seasonId, "series", serie],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/history/series/", { params: { query: { season_id: seasonId, serie } }, signal })),
    ...ONE_CALL,
  });
}

/** The airport's season's workbook (`GET /api/history/download/`), for the caller to save. */
export const downloadHistory = (airport: string, season: string) =>
  apiClient.GET("/api/history/download/", { params: { query: { season, airport } }, parseAs: "blob" as const });
