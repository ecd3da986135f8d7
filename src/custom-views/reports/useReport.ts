/** One report (seed 001 §7 get_report) as the view shows it: loading while any load runs, then its rows, empty or the error. */
import { useCallback, useMemo } from "react";
import { useReport as useReportQuery } from "../../client/queries/reports";
import type { DateRange } from "../../domain/dateRange";
import type { ReportAnswer, ReportMonthlySection, ReportTimeZone, ReportType } from "../../domain/reports";

export type ReportRequest = {
  type: ReportType;
  /** The airport chosen in the top bar (issue 37): the report reads its register. */
  airport: string;
  /** false while the person's airport is still being read: nothing is asked (never MEX first for a JFK desk). */
  ready?: boolean;
  range: DateRange;
  timezone: ReportTimeZone;
  season: number | null;
  added: readonly number[];
  section: ReportMonthlySection;
};

export type ReportState =
  | { status: "loading" }
  | { status: "empty"; at: Date }
  | { status: "error"; message: string }
  | { status: "ready"; answer: ReportAnswer; at: Date };

export function useReport({ type, airport, range, timezone, season, added, section, ready = true }: ReportRequest): {
  state: ReportState;
  reload: () => void;
} {
  const query = useReportQuery(type, {
    start: range.start,
    end: range.end,
    timezone,
    airport,
    ...(season ? { season } : {}),
    ...(added.length ? { new_match_ids: added.join(",") } : {}),
    ...(type === "end_of_month" ? { new_match_section: section } : {}),
  }, ready);
  const { isFetching, error, data, dataUpdatedAt, refetch } = query;
  const state = useMemo<ReportState>(() => {
    if (isFetching || (!data && !error)) return { status: "loading" };
    if (error) return { status: "error", message: error.message };
    if (!data) return { status: "loading" };
    const at = new Date(dataUpdatedAt);
    return "answer" in data ? { status: "ready", answer: data.answer, at } : { status: "empty", at };
  }, [isFetching, error, data, dataUpdatedAt]);
  const reload = useCallback(() => void refetch(), [refetch]);
  return { state, reload };
}
