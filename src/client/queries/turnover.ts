/**
 * Entrega de turno: the turnover rows (`POST /api/turnover/`, a read with a filter body), the
 * table's file and the real dates' correction.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type TurnoverRequest = components["schemas"]["TurnoverRequest"];
type TurnoverDownloadRequest = components["schemas"]["TurnoverDownloadRequest"];
type RealDatesUpdate = components["schemas"]["RealDatesUpdate"];

const rowsKey = [...queryKeys.turnover, "rows"] as const;

/** The rows of a range, zone and filters (Entrega de turno, the timeline). */
export function useTurnoverRowsQuery(request: TurnoverRequest) {
  return useQuery({
    queryKey: [...rowsKey, request],
    queryFn: ({ signal }) => dataOf(apiClient.POST("/api/turnover/", { body: request, signal })),
    ...ONE_CALL,
  });
}

/** The turnover rows of these slots (`filter_slots`); none is asked for an empty list. */
export function useTurnoverSlots(slotIds: readonly number[]) {
  return useQuery({
    queryKey: [...queryKeys.turnover, "slots", slotIds.join(",")],
    queryFn: ({ signal }) => dataOf(apiClient.POST("/api/turnover/", { body: { filter_slots: [...slotIds] }, signal })),
    enabled: slotIds.length > 0,
    ...ONE_CALL,
  });
}

/** The table as a file (`POST /api/turnover/download/`), for the caller to name and save. */
export const downloadTurnover = (body: TurnoverDownloadRequest) =>
  apiClient.POST("/api/turnover/download/", { body, parseAs: "blob" });

/**
 * Corrects a flight's real dates; answers the match as stored, else fails. The stored row takes
 * its place in every cached list of rows (no reload: the table shows it at once, its time of last
 * update unchanged), and the match viewer's copy of the match is marked stale.
 */
export function useSaveRealDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, dates }: { matchId: number; dates: RealDatesUpdate }) =>
      dataOf(apiClient.PUT("/api/turnover/{id}/real_dates/", { params: { path: { id: matchId } }, body: dates })),
    onSuccess: (saved) => {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: rowsKey })) {
        queryClient.setQueryData<TurnoverRow[]>(
          query.queryKey,
          (rows) => rows?.map((row) => (row.id === saved.id ? saved : row)),
          { updatedAt: query.state.dataUpdatedAt },
        );
      }
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.matchViewer, saved.id], refetchType: "none" });
    },
  });
}
