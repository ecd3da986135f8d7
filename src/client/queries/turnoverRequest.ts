/**
 * What Entrega de turno and the dashboard timeline ask the turnover rows with: the stored range and
 * zone, and the visibility filter as the browser keeps it under 'filters' (seed 001 §2.4). Storage
 * may be unavailable (private windows, quotas): the filter then still applies to the page, it is
 * just not remembered. The shell starts a view's read with these before the view's code has
 * arrived (issue 35), under the very key the view asks with, and for the same airport (issue 37).
 */
import type { QueryClient } from "@tanstack/react-query";
import { cachedChosenAirport } from "../airport/useAirport";
import { readStoredRangeAndZone } from "../dates/rangeStorage";
import type { DateRange } from "../../domain/dateRange";
import {
  FILTERS_STORAGE_KEY,
  parseStoredFilters,
  serializeFilters,
  type IanaZone,
  toTurnoverRequestFilters,
  type VisibilityFilters,
  zoneAt,
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

/**
 * What the rows of an airport's range, zone and filters are asked with (the views and their early
 * read): `timeZone` is the IANA zone the range's days are days of (the airport's, or UTC).
 */
export const turnoverRowsRequest = (range: DateRange, timeZone: IanaZone, airport: string, filters: VisibilityFilters) =>
  ({
    start: range.start,
    end: range.end,
    time_zone: timeZone,
    airport,
    ...toTurnoverRequestFilters(filters),
  }) as const;

/**
 * Starts the read a view will ask for when it mounts now: the chosen airport's stored range (or
 * what `toAsked` makes of it, the timeline's days around its window), zone and filter. Only when
 * the page already knows the chosen airport: a read of another airport's rows would be wasted (and
 * shown), so without it the view reads on its own.
 */
export function prefetchStoredTurnoverRows(queryClient: QueryClient, toAsked: (range: DateRange, timeZone: IanaZone) => DateRange = (range) => range): void {
  const airport = cachedChosenAirport(queryClient);
  if (airport === null) return;
  const { range, zone } = readStoredRangeAndZone();
  const timeZone = zoneAt(zone, airport.timeZone);
  prefetchTurnoverRowsQuery(queryClient, turnoverRowsRequest(toAsked(range, timeZone), timeZone, airport.code, readStoredFilters()));
}

