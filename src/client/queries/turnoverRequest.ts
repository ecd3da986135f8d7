/**
 * What Entrega de turno and the dashboard timeline ask the turnover rows with: the stored range and
 * zone, and the visibility filter as the browser keeps it under 'filters' (seed 001 §2.4). Storage
 * may be unavailable (private windows, quotas): the filter then still applies to the page, it is
 * just not remembered. The shell starts a view's read with these before the view's code has
 * arrived (issue 35), under the very key the view asks with.
 */
import type { QueryClient } from "@tanstack/react-query";
import { readStoredRangeAndZone } from "../dates/rangeStorage";
import type { DateRange } from "../../domain/dateRange";
import {
  FILTERS_STORAGE_KEY,
  parseStoredFilters,
  serializeFilters,
  type TimeZoneMode,
  toTurnoverRequestFilters,
  type VisibilityFilters,
  zoneOf,
} from "../../domain/turnover";
import { prefetchTurnoverRowsQuery } from "./turnover";

export const readStoredFilters = (): VisibilityFilters => {
  try {
    return parseStoredFilters(window.localStorage.getItem(FILTERS_STORAGE_KEY));
  } catch {
    return parseStoredFilters(null);
  }
};

export const storeFilters = (filters: VisibilityFilters) => {
  try {
    window.localStorage.setItem(FILTERS_STORAGE_KEY, serializeFilters(filters));
  } catch {
    // Storage unavailable: the filter still applies to this page.
  }
};

/** What the rows of a range, zone and filters are asked with (the views and their early read). */
export const turnoverRowsRequest = (range: DateRange, zone: TimeZoneMode, filters: VisibilityFilters) =>
  ({
    start: range.start,
    end: range.end,
    time_zone: zoneOf(zone),
    airport: "MEX",
    ...toTurnoverRequestFilters(filters),
  }) as const;

/**
 * Starts the read a view will ask for when it mounts now: the stored range (or what `toAsked` makes
 * of it, the timeline's days around its window), zone and filter.
 */
export function prefetchStoredTurnoverRows(queryClient: QueryClient, toAsked: (range: DateRange, zone: TimeZoneMode) => DateRange = (range) => range): void {
  const { range, zone } = readStoredRangeAndZone();
  prefetchTurnoverRowsQuery(queryClient, turnoverRowsRequest(toAsked(range, zone), zone, readStoredFilters()));
}
