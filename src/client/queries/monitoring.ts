/**
 * Monitoreo: a week's discrepancies and the season's early warning (`GET /api/monitoring/`), a
 * flagged series' operations when its panel opens (`GET /api/monitoring/operations/`, issue 35
 * item 3), and a series' retime lines.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { timedRead } from "../perf/marks";
import { dataOf, ONE_CALL } from "./request";

export type MonitoringWeek = components["schemas"]["MonitoringWeek"];
export type MonitoringRow = components["schemas"]["MonitoringRow"];
export type MonitoringSeriesWarning = components["schemas"]["MonitoringSeriesWarning"];

/**
 * The airport's week `YYYY-Www` (issue 37); null asks for the server's default, the last whole
 * week. Nothing is asked while the airport is not known (null).
 */
export function useMonitoring(airport: string | null, week: string | null) {
  return useQuery({
    enabled: airport !== null,
    queryKey: [...queryKeys.monitoring, airport, week],
    queryFn: ({ signal }) =>
      timedRead("monitoring", () =>
        dataOf(apiClient.GET("/api/monitoring/", { params: { query: { airport: airport ?? undefined, ...(week === null ? {} : { week }) } }, signal })),
      ),
    // Moving to another week keeps the last one on screen until the new one arrives.
    placeholderData: keepPreviousData,
    ...ONE_CALL,
  });
}

/** A series' operations for its picture, read when its early warning panel is opened. */
export function useWarningOperations(seasonId: number, serie: number) {
  return useQuery({
    queryKey: [...queryKeys.monitoring, "operations", seasonId, serie],
    queryFn: ({ signal }) =>
      dataOf(apiClient.GET("/api/monitoring/operations/", { params: { query: { season_id: seasonId, serie } }, signal })),
    ...ONE_CALL,
  });
}

/**
 * A flagged series' proposal as modification draft lines (`GET /api/monitoring/retime/`), for
 * Histórico's card and Monitoreo's early warning: a computation, not stored.
 */
export function useRetimeLines() {
  const queryClient = useQueryClient();
  return useCallback(
    (query: { season_id: number; serie: number; shift: number; letter?: "L" | "R" }) =>
      queryClient.fetchQuery({
        queryKey: [...queryKeys.monitoring, "retime", query],
        queryFn: ({ signal }) => dataOf(apiClient.GET("/api/monitoring/retime/", { params: { query }, signal })),
        // Computed from the register as it is now: read again each time the button is pressed.
        staleTime: 0,
      }),
    [queryClient],
  );
}
