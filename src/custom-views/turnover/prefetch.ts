/**
 * Entrega de turno's first read, started by the shell (issue 35): with the click on the menu entry
 * the rows leave while the view's code loads and renders, under the very key and options
 * `useTurnoverRows` asks with (the stored range, zone and 'Visualizar' filter), so the view finds
 * them on their way or arrived.
 */
import type { QueryClient } from "@tanstack/react-query";
import { readStoredRangeAndZone } from "../../client/dates/rangeStorage";
import { prefetchTurnoverRowsQuery } from "../../client/queries/turnover";
import type { DateRange } from "../../domain/dateRange";
import { type TimeZoneMode, toTurnoverRequestFilters, type VisibilityFilters, zoneOf } from "../../domain/turnover";
import { readStoredFilters } from "./filterStorage";

/** What the rows of a range, zone and filters are asked with (the view, the timeline and the early read). */
export const turnoverRowsRequest = (range: DateRange, zone: TimeZoneMode, filters: VisibilityFilters) =>
  ({
    start: range.start,
    end: range.end,
    time_zone: zoneOf(zone),
    airport: "MEX",
    ...toTurnoverRequestFilters(filters),
  }) as const;

/** Starts the read Entrega de turno will ask for when it mounts now. */
export function prefetchTurnoverRows(queryClient: QueryClient): void {
  const { range, zone } = readStoredRangeAndZone();
  prefetchTurnoverRowsQuery(queryClient, turnoverRowsRequest(range, zone, readStoredFilters()));
}
