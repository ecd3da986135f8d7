/**
 * The timeline's first read, started by the shell with the click on its menu entry (issue 35):
 * the days around the window the view will draw, under the key `useTurnoverRows` asks with.
 */
import type { QueryClient } from "@tanstack/react-query";
import { readStoredRangeAndZone } from "../../client/dates/rangeStorage";
import { prefetchTurnoverRowsQuery } from "../../client/queries/turnover";
import { fetchRange, timelineWindow } from "../../domain/timeline/geometry";
import { zoneOf } from "../../domain/zones";
import { readStoredFilters } from "../turnover/filterStorage";
import { turnoverRowsRequest } from "../turnover/prefetch";

/** Starts the read the timeline will ask for when it mounts now. */
export function prefetchTimelineRows(queryClient: QueryClient): void {
  const { range, zone } = readStoredRangeAndZone();
  const asked = fetchRange(timelineWindow(range, zoneOf(zone)));
  prefetchTurnoverRowsQuery(queryClient, turnoverRowsRequest(asked, zone, readStoredFilters()));
}
