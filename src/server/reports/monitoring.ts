/**
 * Monitoreo semanal's data (issue 27 item 5): one ISO week of Monitoreo's discrepancies
 * (`monitoringWeek`, src/server/monitoring), as report rows with the justification's reason, and
 * the week's answer — counts by category, justified and not, the corrective SCRs sent, the
 * deadline. A week without discrepancies is still a report (its summary says so), not a 404.
 */
import { MONITORING_CATEGORY_LABELS, monitoringStateLabel } from "../../domain/monitoring/labels";
import { isoWeekOf, MONITORING_CATEGORIES, type MonitoringRow } from "../../domain/monitoring/week";
import { buildReport, MONITORING_TIME_BASIS, monitoringSummary, REPORT_LABELS, type ReportAnswer, type ReportMonitoringRow } from "../../domain/reports";
import { UTC_ZONE } from "../../domain/zones";
import type { Database } from "../db/client";
import { seasonById } from "../history/read";
import { HttpError } from "../http/errors";
import { justificationsOfSlots } from "../justifications/queries";
import { monitoringWeek } from "../monitoring/week";
import type { ReportQuery } from "./data";

const utcTime = (iso: string | null): string | null => (iso === null ? null : iso.slice(11, 16));

/**
 * The flight's time the row's difference is computed from: the planned one for a planned
 * difference, the actual one for an operation off the tolerance, else the actual time once flown.
 */
function comparedTime(row: MonitoringRow): { time: string | null; basis: string | null } {
  const planned = { time: utcTime(row.scheduled_at), basis: row.scheduled_at === null ? null : MONITORING_TIME_BASIS.planned };
  const actual = { time: utcTime(row.actual_at), basis: MONITORING_TIME_BASIS.actual };
  if (row.category === "schedule_vs_slot") return planned;
  if (row.category === "off_tolerance" || row.actual_at !== null) return actual;
  return planned;
}

function reportRow(row: MonitoringRow, reasons: ReadonlyMap<number, string>): ReportMonitoringRow {
  return {
    id: row.match_id,
    key: row.id,
    status_new: null,
    category: MONITORING_CATEGORY_LABELS[row.category],
    date: row.date,
    serie: row.serie,
    flight: row.flight_number,
    direction: row.is_arrival ? "L" : "S",
    slot: utcTime(row.slot_at),
    ...(({ time, basis }) => ({ time, time_basis: basis }))(comparedTime(row)),
    difference: row.difference,
    codes: row.delay_codes.join(","),
    state: monitoringStateLabel(row.state, row.correction?.reference ?? null),
    reason: row.slot_id === null ? null : (reasons.get(row.slot_id) ?? null),
  };
}

/** The week's answer of one airport (issue 37): its coordinator is answered about its own register. */
export async function weeklyMonitoringReport(db: Database, query: ReportQuery, now: Date, airport: string): Promise<ReportAnswer> {
  const week = isoWeekOf(query.start);
  if (week.start !== query.start || week.end !== query.end) {
    const message = `Monitoreo semanal se pide por semana ISO, de lunes a domingo (la semana de ${query.start} va del ${week.start} al ${week.end}).`;
    throw new HttpError(400, message, [{ field: "start", message }]);
  }
  const season = query.season ? await seasonById(db, query.season) : null;
  const found = await monitoringWeek(db, week, now, airport);
  const rows = season ? found.rows.filter((row) => row.season === season.name) : found.rows;
  const justified = await justificationsOfSlots(
    db,
    rows.flatMap((row) => (row.justification && row.slot_id !== null ? [row.slot_id] : [])),
  );
  const reasons = new Map(justified.map((j) => [j.slot_id, j.reason.label]));
  const report = buildReport(
    "weekly_monitoring",
    [],
    { zone: UTC_ZONE, monitoring: rows.map((row) => reportRow(row, reasons)) },
    query.match_ids ? { keep: query.match_ids } : {},
  );
  const categories = MONITORING_CATEGORIES.map((category) => ({ category, label: MONITORING_CATEGORY_LABELS[category] }));
  const entries = rows.map((row) => ({ key: row.id, category: row.category, label: MONITORING_CATEGORY_LABELS[row.category], state: row.state }));
  const kept = report.rows.flatMap((row) => ("key" in row ? [row] : []));
  return {
    type: "weekly_monitoring",
    name: REPORT_LABELS.weekly_monitoring,
    season: season?.name ?? null,
    start: query.start,
    end: query.end,
    timezone: "zulu",
    updated_at: now.toISOString(),
    rows: report.rows,
    sections: null,
    monitoring: monitoringSummary(categories, entries, kept, week, found.corrective_scrs.length),
  };
}
