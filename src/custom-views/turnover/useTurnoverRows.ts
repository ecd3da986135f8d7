/** The turnover rows for the stored range (days of the chosen zone) and filters, with the time of the last load. */
import { useCallback, useEffect, useMemo, useState } from "react";
import { isLiveFetching } from "../../client/live/messages";
import { markRead } from "../../client/perf/marks";
import type { DateRange } from "../../domain/dateRange";
import type { ShownZone, VisibilityFilters } from "../../domain/turnover";
import { type TurnoverRow, useTurnoverRowsQuery } from "../../client/queries/turnover";
import { turnoverRowsRequest } from "../../client/queries/turnoverRequest";

export interface TurnoverRowsState {
  rows: TurnoverRow[];
  loading: boolean;
  /** The Spanish message of the last failed load, until the next success. */
  error: string | null;
  lastUpdate: Date | null;
  reload: () => void;
  /** The rows that changed when the same range was read again (a live update), for a few seconds. */
  changedIds: ReadonlySet<number>;
}

/** How long a changed row stays marked. */
const MARK_MS = 4_000;
const NO_CHANGES: ReadonlySet<number> = new Set();

/** What the view showed last: the rows it keeps while others load, the time they loaded, the last failure. */
interface Shown {
  rows: TurnoverRow[];
  at: number;
  error: string | null;
  /** The request the rows answer, to tell a new range from the same one read again. */
  asked: string;
  /** The airport the rows are of: another airport's are never kept on screen while it loads. */
  airport: string;
  changedIds: ReadonlySet<number>;
}

const NOTHING_SHOWN: Shown = { rows: [], at: 0, error: null, asked: "", airport: "", changedIds: NO_CHANGES };

/** The rows of `next` that are not in `previous` as they were (unchanged rows keep their object). */
function changedRows(previous: readonly TurnoverRow[], next: readonly TurnoverRow[]): ReadonlySet<number> {
  if (previous.length === 0) return NO_CHANGES;
  const before = new Set(previous);
  const changed = new Set<number>();
  for (const row of next) if (!before.has(row)) changed.add(row.id);
  return changed.size === 0 ? NO_CHANGES : changed;
}

/**
 * `range` holds days of `zone` (LOCAL: the airport's days, e.g. Mexico City's at MEX; UTC: UTC
 * days), and is sent with that zone and the airport, so the server answers the airport's rows of
 * exactly those days. Nothing is asked until the chosen airport is `settled` (read from the
 * person's preferences), so another airport's rows are never read nor shown. A sent SCR request, a real dates'
 * correction or a line's K/U switch changes the cached rows (their mutations say how).
 */
export function useTurnoverRows(range: DateRange, zone: ShownZone, airport: string, filters: VisibilityFilters, settled: boolean): TurnoverRowsState {
  const request = turnoverRowsRequest(range, zone.timeZone, airport, filters);
  const query = useTurnoverRowsQuery(request, settled);
  const asked = JSON.stringify(request);
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);
  // As before the cache: the last rows stay until others arrive (a new range, a failure), and a
  // failure's message stays until the next success.
  const kept = shown.airport === airport ? shown : NOTHING_SHOWN;
  const rows = query.data ?? kept.rows;
  const at = query.data === undefined ? kept.at : query.dataUpdatedAt;
  const error = query.status === "error" ? query.error.message : query.isPending ? kept.error : null;
  if (rows !== shown.rows || at !== shown.at || error !== shown.error || airport !== shown.airport) {
    // The same range read again (a live update, 'Actualizar'): the rows that changed are marked.
    if (rows !== shown.rows && rows.length > 0) markRead("turnover", "data");
    const changedIds = rows !== shown.rows && asked === shown.asked ? changedRows(shown.rows, rows) : shown.changedIds;
    setShown({ rows, at, error, asked: query.data === undefined ? kept.asked : asked, airport, changedIds });
  }
  const { changedIds } = shown;
  useEffect(() => {
    if (changedIds.size === 0) return;
    const timer = setTimeout(() => setShown((current) => ({ ...current, changedIds: NO_CHANGES })), MARK_MS);
    return () => clearTimeout(timer);
  }, [changedIds]);
  const lastUpdate = useMemo(() => (at === 0 ? null : new Date(at)), [at]);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  // A live update reads the rows again quietly: the table stays as it is, the changed rows are marked.
  // Until the airport is settled the read has not started: loading, not "no rows".
  const loading = !settled || (query.isFetching && !(query.isRefetching && isLiveFetching()));
  return { rows, loading, error, lastUpdate, reload, changedIds };
}
