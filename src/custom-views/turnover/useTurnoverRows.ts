/** Loading the turnover rows for the stored range (days of the chosen zone) and filters, with the time of the last load. */
import { useCallback, useEffect, useState } from "react";
import { apiClient, apiErrorMessage } from "../../client/api/client";
import type { DateRange } from "../../domain/dateRange";
import { serializeFilters, type TimeZoneMode, toTurnoverRequestFilters, type VisibilityFilters, zoneOf } from "../../domain/turnover";
import type { TurnoverRow } from "../../client/status/statusDisplay";

export interface TurnoverRowsState {
  rows: TurnoverRow[];
  loading: boolean;
  /** The Spanish message of the last failed load, until the next success. */
  error: string | null;
  lastUpdate: Date | null;
  reload: () => void;
  /** Replaces one row with the server's newer copy (after an edit), without a reload. */
  replaceRow: (row: TurnoverRow) => void;
}

/**
 * `range` holds days of `zone` (LOCAL: Mexico City days; UTC: UTC days), and is sent with that
 * zone, so the server answers the rows of exactly those days. `sentRequests` counts the SCR requests sent from the drafts modal while this page is open: each
 * send marks slots in process, so the rows are loaded again.
 */
export function useTurnoverRows(
  range: DateRange,
  zone: TimeZoneMode,
  filters: VisibilityFilters,
  sentRequests = 0,
): TurnoverRowsState {
  const [rows, setRows] = useState<TurnoverRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [lastUpdate, setLastUpdate] = useState<Date | null>(null);
  const [generation, setGeneration] = useState(0);
  // What is asked for, and what the last finished request was for: loading while they differ.
  const timeZone = zoneOf(zone);
  const requestKey = `${range.start}|${range.end}|${timeZone}|${generation}|${sentRequests}|${serializeFilters(filters)}`;
  const [settledKey, setSettledKey] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      try {
        const { data, error: failure } = await apiClient.POST("/api/turnover/", {
          body: { start: range.start, end: range.end, time_zone: timeZone, airport: "MEX", ...toTurnoverRequestFilters(filters) },
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        if (data) {
          setRows(data);
          setError(null);
          setLastUpdate(new Date());
        } else {
          setError(apiErrorMessage(failure));
        }
      } catch (failure) {
        if (controller.signal.aborted) return;
        setError(apiErrorMessage(failure));
      }
      setSettledKey(requestKey);
    })();
    return () => controller.abort();
  }, [range.start, range.end, timeZone, filters, requestKey]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replaceRow = useCallback(
    (row: TurnoverRow) => setRows((current) => current.map((existing) => (existing.id === row.id ? row : existing))),
    [],
  );

  return { rows, loading: settledKey !== requestKey, error, lastUpdate, reload, replaceRow };
}
