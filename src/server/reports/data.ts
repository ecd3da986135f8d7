/**
 * A report's data (seed 001 §7 get_report): the turnover rows of the range (one read of the
 * matches' cached row JSON, see turnover/rows.ts), of the season when one is asked for, the
 * matches added by hand, and for Comparecencia each slot's change count — then the pure report of
 * src/domain/reports. A report with no row is the seed's 404.
 */
import { DEFAULT_AIRPORT } from "../airports/held";
import { sql } from "drizzle-orm";
import { rangeInstants } from "../../domain/dateRange";
import {
  buildReport,
  isEmptyReport,
  REPORT_LABELS,
  type ReportAnswer,
  type ReportContext,
  type ReportTimeZone,
  type ReportType,
  reportZone,
  type TurnoverRow,
} from "../../domain/reports";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { intArray, isoUtc, queryRows } from "../db/sql";
import { seasonById } from "../history/read";
import { HttpError } from "../http/errors";
import { turnoverRows } from "../turnover/rows";
import { MAX_RANGE_DAYS } from "../turnover/range";
import { weeklyMonitoringReport } from "./monitoring";

/** The seed's 404 (§8), for get_report, download and send. */
export const NO_REPORT_DATA = "No se han encontrado datos para el rango y la temporada seleccionados";

/**
 * What get_report, download_report (and send_report) are asked: the contract's download body
 * without what only the file and the e-mail read (format, airport, cc).
 */
export type ReportQuery = Pick<
  components["schemas"]["ReportDownloadRequest"],
  "start" | "end" | "timezone" | "season" | "match_ids" | "new_match_ids" | "new_match_section"
>;

/** The range's UTC instants after checking its order and length (400 in Spanish). */
export function reportSpan(start: string, end: string, timezone: ReportTimeZone) {
  if (end < start) {
    const message = "La fecha final no puede ser anterior a la fecha inicial.";
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  if ((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 > MAX_RANGE_DAYS) {
    const message = `El rango de fechas no puede pasar de ${MAX_RANGE_DAYS} días.`;
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  return rangeInstants({ start, end }, reportZone(timezone));
}

/** The change count and newest change of each slot (Comparecencia). */
async function slotChanges(db: Database, rows: readonly TurnoverRow[]): Promise<Map<number, { count: number; last: string }>> {
  const ids = [...new Set(rows.flatMap((row) => (row.slot_id === null ? [] : [row.slot_id])))];
  if (ids.length === 0) return new Map();
  const found = await queryRows<{ slot_id: number; count: number; last: string }>(
    db,
    sql`select slot_id, count(*)::int as count, ${isoUtc(sql`max(changed_at)`)} as last
        from slot_history where slot_id = any(${intArray(ids)}) group by slot_id`,
  );
  return new Map(found.map((row) => [row.slot_id, { count: row.count, last: row.last }]));
}

/** The report, or 404 (NO_REPORT_DATA) when the range and season hold no row of it. */
export async function computeReport(db: Database, type: ReportType, query: ReportQuery, now = new Date()): Promise<ReportAnswer> {
  // Its rows are Monitoreo's discrepancies of one ISO week, not the range's turnover rows.
  if (type === "weekly_monitoring") return weeklyMonitoringReport(db, query, now);
  const timezone = query.timezone ?? "local";
  const span = reportSpan(query.start, query.end, timezone);
  const season = query.season ? await seasonById(db, query.season) : null;
  const inSeason = (rows: TurnoverRow[]) => (season ? rows.filter((row) => row.season === season.name) : rows);
  // Issue 37: the reports are MEX's until they name their airport (the contract's `airport` is MEX).
  const rows = inSeason(await turnoverRows(db, { airport: DEFAULT_AIRPORT, span }));
  const added = query.new_match_ids?.length ? await turnoverRows(db, { ids: query.new_match_ids }) : [];
  const context: ReportContext = {
    zone: reportZone(timezone),
    ...(type === "appearance" ? { slotChanges: await slotChanges(db, [...rows, ...added]) } : {}),
  };
  const report = buildReport(type, rows, context, {
    ...(query.match_ids ? { keep: query.match_ids } : {}),
    added,
    ...(query.new_match_section ? { section: query.new_match_section } : {}),
  });
  if (isEmptyReport(report)) throw new HttpError(404, NO_REPORT_DATA);
  return {
    type,
    name: REPORT_LABELS[type],
    season: season?.name ?? null,
    start: query.start,
    end: query.end,
    timezone,
    updated_at: now.toISOString(),
    ...report,
  };
}

/** The rows of 'Añadir registro': every match of the range (filtered by the caller). */
export async function rangeRows(db: Database, start: string, end: string, timezone: ReportTimeZone): Promise<TurnoverRow[]> {
  return turnoverRows(db, { airport: DEFAULT_AIRPORT, span: reportSpan(start, end, timezone) });
}
