/** Histórico: a season's series (`GET /api/history/`) and its workbook. */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { queryKeys } from "./keys";
import { timedRead } from "../perf/marks";
import { dataOf, ONE_CALL } from "./request";

/** MEX, the one airport the console serves. */
const MEX_AIRPORT_ID = 2;

/** The season's series; none is asked while no season is chosen. */
export function useHistory(seasonId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.history, seasonId],
    queryFn: () =>
      timedRead("history", () =>
        dataOf(apiClient.GET("/api/history/", { params: { query: { season_id: seasonId ?? 0, airport_id: MEX_AIRPORT_ID } } })),
      ),
    enabled: seasonId !== null,
    ...ONE_CALL,
  });
}

/** The season's workbook (`GET /api/history/download/`), for the caller to save. */
export const downloadHistory = (season: string) =>
  apiClient.GET("/api/history/download/", { params: { query: { season } }, parseAs: "blob" as const });
