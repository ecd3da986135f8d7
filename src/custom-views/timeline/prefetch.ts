/**
 * The timeline's first read, started by the shell with the click on its menu entry (issue 35):
 * the days around the window the view will draw, under the key `useTurnoverRows` asks with.
 */
import type { QueryClient } from "@tanstack/react-query";
import { prefetchStoredTurnoverRows } from "../../client/queries/turnoverRequest";
import { fetchRange, timelineWindow } from "../../domain/timeline/geometry";

/** Starts the read the timeline will ask for when it mounts now. */
export const prefetchTimelineRows = (queryClient: QueryClient): void =>
  prefetchStoredTurnoverRows(queryClient, (range, timeZone) => fetchRange(timelineWindow(range, timeZone)));
