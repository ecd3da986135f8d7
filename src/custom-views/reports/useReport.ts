/** Loads one report (seed 001 §7 get_report); a new request key loads again, and only its answer counts. */
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { apiClient, apiErrorMessage } from "../../client/api/client";
import type { DateRange } from "../../domain/dateRange";
import type { ReportAnswer, ReportMonthlySection, ReportTimeZone, ReportType } from "../../domain/reports";

export type ReportRequest = {
  type: ReportType;
  range: DateRange;
  timezone: ReportTimeZone;
  season: number | null;
  added: readonly number[];
  section: ReportMonthlySection;
  reloads: number;
};

export type ReportState =
  | { status: "loading" }
  | { status: "empty"; at: Date }
  | { status: "error"; message: string }
  | { status: "ready"; answer: ReportAnswer; at: Date };

const keyOf = (r: ReportRequest) =>
  [r.type, r.range.start, r.range.end, r.timezone, r.season, r.added.join(","), r.type === "end_of_month" ? r.section : "", r.reloads].join("|");

export function useReport(request: ReportRequest): ReportState {
  const key = keyOf(request);
  const [settled, setSettled] = useState<{ key: string; state: ReportState } | null>(null);
  const { type, range, timezone, season, added, section } = request;
  // Only `key`, which names everything the request depends on, starts a new load.
  const load = useEffectEvent(() =>
    apiClient.GET("/api/reports/{type}/get_report/", {
      params: {
        path: { type },
        query: {
          start: range.start,
          end: range.end,
          timezone,
          airport: "MEX",
          ...(season ? { season } : {}),
          ...(added.length ? { new_match_ids: added.join(",") } : {}),
          ...(type === "end_of_month" ? { new_match_section: section } : {}),
        },
      },
    }),
  );
  useEffect(() => {
    let live = true;
    load().then(
      ({ data, error, response }) => {
        if (!live) return;
        const state: ReportState = data
          ? { status: "ready", answer: data, at: new Date() }
          : response.status === 404
            ? { status: "empty", at: new Date() }
            : { status: "error", message: apiErrorMessage(error) };
        setSettled({ key, state });
      },
      (error: unknown) => {
        if (live) setSettled({ key, state: { status: "error", message: apiErrorMessage(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return useMemo(() => (settled?.key === key ? settled.state : { status: "loading" }), [settled, key]);
}
