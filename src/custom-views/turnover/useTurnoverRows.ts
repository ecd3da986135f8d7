/** The turnover rows for the stored range (days of the chosen zone) and filters, with the time of the last load. */
import { useCallback, useMemo, useState } from "react";
import type { DateRange } from "../../domain/dateRange";
import { type TimeZoneMode, toTurnoverRequestFilters, type VisibilityFilters, zoneOf } from "../../domain/turnover";
import { type TurnoverRow, useTurnoverRowsQuery } from "../../client/queries/turnover";

export interface TurnoverRowsState {
  rows: TurnoverRow[];
  loading: boolean;
  /** The Spanish message of the last failed load, until the next success. */
  error: string | null;
  lastUpdate: Date | null;
  reload: () => void;
}

/** What the view showed last: the rows it keeps while others load, the time they loaded, the last failure. */
interface Shown {
  rows: TurnoverRow[];
  at: number;
  error: string | null;
}

const NOTHING_SHOWN: Shown = { rows: [], at: 0, error: null };

/**
 * `range` holds days of `zone` (LOCAL: Mexico City days; UTC: UTC days), and is sent with that
 * zone, so the server answers the rows of exactly those days. A sent SCR request, a real dates'
 * correction or a line's K/U switch changes the cached rows (their mutations say how).
 */
export function useTurnoverRows(range: DateRange, zone: TimeZoneMode, filters: VisibilityFilters): TurnoverRowsState {
  const query = useTurnoverRowsQuery({
    start: range.start,
    end: range.end,
    time_zone: zoneOf(zone),
    airport: "MEX",
    ...toTurnoverRequestFilters(filters),
  });
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);
  // As before the cache: the last rows stay until others arrive (a new range, a failure), and a
  // failure's message stays until the next success.
  const rows = query.data ?? shown.rows;
  const at = query.data === undefined ? shown.at : query.dataUpdatedAt;
  const error = query.status === "error" ? query.error.message : query.isPending ? shown.error : null;
  if (rows !== shown.rows || at !== shown.at || error !== shown.error) setShown({ rows, at, error });
  const lastUpdate = useMemo(() => (at === 0 ? null : new Date(at)), [at]);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { rows, loading: query.isFetching, error, lastUpdate, reload };
}
