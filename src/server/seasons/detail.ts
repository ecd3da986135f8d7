/**
 * A season with its rule and calendar (issue 27 item 1), as the Admin resource and the season
 * lists answer it (`SeasonDetail`), and the count rule Histórico applies. A calendar date nobody
 * set (null: a season created before migration 0018 filled it, or by a plain insert) answers the
 * guidelines' default for the season's code, so every reader sees the same dates.
 */
import type { HistoryRule } from "../../domain/history";
import { AICM_RULE } from "../../domain/monitoring/rule";
import { defaultSeasonCalendar, type SeasonCalendar } from "../../domain/seasonCalendar";
import type { components } from "../../generated/openapi";
import { seasons } from "../db/schema";

export type SeasonDetail = components["schemas"]["SeasonDetail"];

/** The columns a `SeasonDetail` is read from. */
export const seasonDetailColumns = {
  id: seasons.id,
  airport: seasons.airport,
  name: seasons.name,
  start_date: seasons.startDate,
  end_date: seasons.endDate,
  version: seasons.version,
  usage_threshold: seasons.usageThreshold,
  tolerance_minutes: seasons.toleranceMinutes,
  outside_counts_as_used: seasons.outsideCountsAsUsed,
  historics_baseline_date: seasons.historicsBaselineDate,
  series_return_deadline: seasons.seriesReturnDeadline,
  initial_submission_deadline: seasons.initialSubmissionDeadline,
  shl_deadline: seasons.shlDeadline,
};

export type SeasonDetailRow = Omit<SeasonDetail, keyof SeasonCalendarFields> & { [K in keyof SeasonCalendarFields]: string | null };

/** The calendar's fields as the contract names them. */
type SeasonCalendarFields = Pick<SeasonDetail, "historics_baseline_date" | "series_return_deadline" | "initial_submission_deadline" | "shl_deadline">;

/** The row with every calendar date set (the default of its code where none was stored). */
export function seasonDetail(row: SeasonDetailRow): SeasonDetail {
  const defaults = defaultSeasonCalendar(row.name);
  return {
    ...row,
    historics_baseline_date: row.historics_baseline_date ?? defaults.historicsBaselineDate,
    series_return_deadline: row.series_return_deadline ?? defaults.seriesReturnDeadline,
    initial_submission_deadline: row.initial_submission_deadline ?? defaults.initialSubmissionDeadline,
    shl_deadline: row.shl_deadline ?? defaults.shlDeadline,
  };
}

/** A season's calendar in the domain's names. */
export const calendarOf = (season: SeasonDetail): SeasonCalendar => ({
  historicsBaselineDate: season.historics_baseline_date,
  seriesReturnDeadline: season.series_return_deadline,
  initialSubmissionDeadline: season.initial_submission_deadline,
  shlDeadline: season.shl_deadline,
});

/** What Histórico counts a season's slots against: its rule and its calendar. */
export const historyRuleOf = (season: SeasonDetail): HistoryRule => ({
  rule: { threshold: season.usage_threshold, tolerance: season.tolerance_minutes, outsideCountsAsUsed: season.outside_counts_as_used },
  calendar: calendarOf(season),
});

/**
 * The stored columns of a new season's rule and calendar: AICM's rule and the guidelines' dates of
 * its code. Every path that creates a season (Admin, the season upload, the reference-data seed)
 * starts from these.
 */
export function newSeasonRuleColumns(name: string) {
  const calendar = defaultSeasonCalendar(name);
  return {
    usageThreshold: AICM_RULE.threshold,
    toleranceMinutes: AICM_RULE.tolerance,
    outsideCountsAsUsed: AICM_RULE.outsideCountsAsUsed,
    historicsBaselineDate: calendar.historicsBaselineDate,
    seriesReturnDeadline: calendar.seriesReturnDeadline,
    initialSubmissionDeadline: calendar.initialSubmissionDeadline,
    shlDeadline: calendar.shlDeadline,
  };
}
