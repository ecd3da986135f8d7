/**
 * Entrega de turno's rows asked for while the view's code downloads (issue 35): the shell's views
 * table calls this as the view opens, with the range, zone and filters the view will read, so the
 * answer travels and is parsed meanwhile and the view finds it kept.
 */
import type { QueryClient } from "@tanstack/react-query";
import { readStoredRange, readStoredZone } from "../../client/dates/rangeStorage";
import { prefetchTurnoverRows } from "../../client/queries/turnover";
import { rangeForPreset } from "../../domain/dateRange";
import { zoneOf } from "../../domain/turnover";
import { readStoredFilters } from "./filterStorage";
import { turnoverRowsRequest } from "./useTurnoverRows";

export function prefetchTurnover(queryClient: QueryClient): void {
  const zone = readStoredZone();
  // As `useStoredRange`: until a range is stored, today in the zone.
  const range = readStoredRange() ?? rangeForPreset("today", new Date(), zoneOf(zone));
  prefetchTurnoverRows(queryClient, turnoverRowsRequest(range, zone, readStoredFilters()));
}
