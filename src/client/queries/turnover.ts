/**
 * Entrega de turno: the turnover rows (`POST /api/turnover/`, a read with a filter body), the
 * table's file and the real dates' correction.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { timedRead } from "../perf/marks";
import { dataOf, ONE_CALL } from "./request";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type TurnoverRequest = components["schemas"]["TurnoverRequest"];
type TurnoverDownloadRequest = components["schemas"]["TurnoverDownloadRequest"];
type RealDatesUpdate = components["schemas"]["RealDatesUpdate"];

const rowsKey = [...queryKeys.turnover, "rows"] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (isRecord(a) && isRecord(b) && JSON.stringify(a) === JSON.stringify(b));
const sameRow = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => sameValue(a[key], b[key]));
};

/**
 * A list read again keeps each unchanged row's object (by id, wherever it moved), so a view can
 * tell the rows that changed (a live update marks them) and leave the others as they were.
 */
export function keepUnchangedRows(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return next;
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const row of previous) if (isRecord(row)) byId.set(row.id, row);
  let same = previous.length === next.length;
  const merged = next.map((row: unknown, index) => {
    const old = isRecord(row) ? byId.get(row.id) : undefined;
    const kept = old && isRecord(row) && sameRow(old, row) ? old : row;
    if (kept !== previous[index]) same = false;
    return kept;
  });
  return same ? previous : merged;
}

/** The rows of a range, zone and filters (Entrega de turno, the timeline). */
export function useTurnoverRowsQuery(request: TurnoverRequest) {
  return useQuery({
    queryKey: [...rowsKey, request],
    queryFn: ({ signal }) => timedRead("turnover", () => dataOf(apiClient.POST("/api/turnover/", { body: request, signal }))),
    structuralSharing: keepUnchangedRows,
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
