/**
 * Monitoreo semanal (issue 27 item 5): the week's answer to the coordinator. Its rows are
 * Monitoreo's discrepancies (the server reads them, `src/domain/monitoring`); this module writes
 * the summary — counts by category, justified and not, the corrective SCRs sent — and the day the
 * airline must answer by: five working days after the week's end, counted as the offers' are
 * (Monday to Friday, `addWorkingDays`). A scheduled send goes out on Mondays and reports the ISO
 * week before it, Monday to Sunday, in the schedule's zone.
 */
import { isoWeekOf, shiftIsoWeek } from "../monitoring/isoWeek";
import { addWorkingDays } from "../scr/offers";
import { type IanaZone, LOCAL_ZONE, zonedDateTime } from "../zones";
import type { ReportMonitoringRow, ReportMonitoringSummary, ReportTimeZone } from "./common";
import { reportZone } from "./common";

/** Working days the airline has to answer the coordinator's weekly monitoring. */
export const MONITORING_ANSWER_WORKING_DAYS = 5;

/** The ISO weekday a weekly report is sent on: Monday, the day after its week ends. */
export const WEEKLY_SEND_WEEKDAY = 1;

/** The week a send at `atMs` reports: the Monday-to-Sunday week before the send's own day. */
export function weeklyReportRange(atMs: number, timezone: ReportTimeZone, airportZone: IanaZone = LOCAL_ZONE): { start: string; end: string } {
  const { start, end } = shiftIsoWeek(isoWeekOf(zonedDateTime(atMs, reportZone(timezone, airportZone)).day), -1);
  return { start, end };
}

/** `2026-W47` when the range is exactly one ISO week (Monday to Sunday), else null. */
export function isoWeekLabel(start: string, end: string): string | null {
  const week = isoWeekOf(start);
  return week.start === start && week.end === end ? week.label : null;
}

/** A discrepancy as the summary counts it: its category (server name and label) and state. */
export type SummaryEntry = { category: string; label: string; state: "unjustified" | "justified" | "requested" | "corrected" };

/** What the weekly report's compared time is ("Tipo de hora"): the actual or the planned movement. */
export const MONITORING_TIME_BASIS = { actual: "Real", planned: "Programada" } as const;

/**
 * The week's answer: every category in `categories` order (those without rows count 0), the rows
 * the user kept (`rows` keys) only, and the deadline after the range's last day.
 */
export function monitoringSummary(
  categories: readonly { category: string; label: string }[],
  entries: readonly (SummaryEntry & { key: string })[],
  kept: readonly ReportMonitoringRow[],
  range: { start: string; end: string },
  correctiveScrs: number,
): ReportMonitoringSummary {
  const keys = new Set(kept.map((row) => row.key));
  const counts = categories.map(({ category, label }) => ({ category, label, total: 0, unjustified: 0, justified: 0, requested: 0, corrected: 0 }));
  for (const entry of entries) {
    if (!keys.has(entry.key)) continue;
    const count = counts.find((c) => c.category === entry.category);
    if (!count) continue;
    count.total += 1;
    count[entry.state] += 1;
  }
  return {
    week: isoWeekLabel(range.start, range.end),
    deadline: addWorkingDays(range.end, MONITORING_ANSWER_WORKING_DAYS),
    counts,
    corrective_scrs: correctiveScrs,
  };
}
