/**
 * Entrega de turno: the turnover rows (`POST /api/turnover/`, a read with a filter body), the
 * table's file and the real dates' correction.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { rowInstantMs } from "../../domain/turnover";
import { markRead, timedRead } from "../perf/marks";
import { dataOf, ONE_CALL } from "./request";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type TurnoverRequest = components["schemas"]["TurnoverRequest"];
type TurnoverRangeRequest = components["schemas"]["TurnoverRangeRequest"];
type TurnoverDownloadRequest = components["schemas"]["TurnoverDownloadRequest"];
type RealDatesUpdate = components["schemas"]["RealDatesUpdate"];

const rowsKey = [...queryKeys.turnover, "rows"] as const;

/** Whether a query key is one of the turnover's range reads (what a live update patches). */
export const isTurnoverRowsKey = (key: readonly unknown[]): boolean => key[0] === rowsKey[0] && key[1] === rowsKey[1];

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
    // A row a live update left as it was is the same object: kept without comparing.
    const kept = old === row ? old : old && isRecord(row) && sameRow(old, row) ? old : row;
    if (kept !== previous[index]) same = false;
    return kept;
  });
  return same ? previous : merged;
}

const isRangeRequest = (value: unknown): value is TurnoverRangeRequest =>
  isRecord(value) && typeof value.start === "string" && typeof value.end === "string" && typeof value.time_zone === "string";

/**
 * The rows after a live update of `ids`: each changed row in its place, a new one at its instant
 * (the order the server answers), a row the answer no longer holds (out of the range or the
 * filters, or gone) dropped; every other row stays the same object.
 */
export function patchRows(rows: readonly TurnoverRow[], ids: readonly number[], fresh: readonly TurnoverRow[]): TurnoverRow[] {
  const asked = new Set(ids);
  const byId = new Map(fresh.map((row) => [row.id, row]));
  const placed = new Set<number>();
  const next: TurnoverRow[] = [];
  for (const row of rows) {
    if (!asked.has(row.id)) next.push(row);
    else {
      const changed = byId.get(row.id);
      if (changed) {
        next.push(changed);
        placed.add(row.id);
      }
    }
  }
  for (const row of fresh) {
    if (placed.has(row.id)) continue;
    const at = rowInstantMs(row) ?? Number.POSITIVE_INFINITY;
    let index = next.length;
    while (index > 0 && (rowInstantMs(next[index - 1] ?? row) ?? Number.POSITIVE_INFINITY) > at) index -= 1;
    next.splice(index, 0, row);
  }
  return next;
}

/**
 * A live change of some matches (their ids, from the event stream): each range on screen reads
 * just those rows again (`ids`) and patches them in, instead of reading the whole range; ranges not
 * on screen are read again when next shown. Resolves once every range on screen is patched.
 */
export async function patchTurnoverRows(queryClient: QueryClient, ids: readonly number[]): Promise<void> {
  const queries = queryClient.getQueryCache().findAll({ queryKey: rowsKey });
  await Promise.all(
    queries.map(async (query) => {
      const request = query.queryKey[rowsKey.length];
      if (!query.isActive() || !isRangeRequest(request) || query.state.data === undefined) {
        await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: "none" });
        return;
      }
      markRead("turnover-patch", "fetch");
      const fresh = await dataOf(apiClient.POST("/api/turnover/", { body: { ...request, ids: [...ids] } }));
      markRead("turnover-patch", "parsed");
      queryClient.setQueryData<TurnoverRow[]>(query.queryKey, (rows) => (rows ? patchRows(rows, ids, fresh) : rows));
    }),
  );
}

const rowsQuery = (request: TurnoverRequest) => ({
  queryKey: [...rowsKey, request],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    timedRead("turnover", () => dataOf(apiClient.POST("/api/turnover/", { body: request, signal }))),
  structuralSharing: keepUnchangedRows,
  ...ONE_CALL,
});

/** The rows of a range, zone and filters (Entrega de turno, the timeline); none asked until `enabled`. */
export function useTurnoverRowsQuery(request: TurnoverRequest, enabled = true) {
  return useQuery({ ...rowsQuery(request), enabled });
}

/**
 * Starts the read `useTurnoverRowsQuery(request)` will ask for, under the same key and options, so
 * the view finds it on its way (or arrived) when it mounts. A read on its way is not asked again.
 */
export function prefetchTurnoverRowsQuery(queryClient: QueryClient, request: TurnoverRequest): void {
  void queryClient.prefetchQuery(rowsQuery(request));
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
