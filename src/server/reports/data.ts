/**
 * A report's data (seed 001 §7 get_report): the turnover rows of the range (one read of the
 * matches' cached row JSON, see turnover/rows.ts), of the season when one is asked for, the
 * matches added by hand, and for Comparecencia each slot's change count — then the pure report of
 * src/domain/reports. A report with no row is the seed's 404.
 */
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
import { DEFAULT_AIRPORT, heldAirport, type HeldAirport } from "../airports/held";
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

/** The airport a report reads (issue 37): its register, and its zone for LOCAL. */
export type ReportAirport = Pick<HeldAirport, "code" | "timeZone">;

/**
 * The held airport a file is built for when no caller is at hand (a scheduled send, a file
 * rendered again for a send): the request's `airport`, else MEX; 400 when it is not active.
 * Whoever asked was checked already (the handlers' `resolveAirport`, the template's save).
 */
export async function reportAirportOf(db: Database, code: string | undefined): Promise<HeldAirport> {
  const chosen = code ?? DEFAULT_AIRPORT;
  const airport = await heldAirport(db, chosen);
  if (airport === null) throw new HttpError(400, `El aeropuerto ${chosen} no está en la lista de aeropuertos activos.`);
  return airport;
}

/** The range's UTC instants after checking its order and length (400 in Spanish). */
export function reportSpan(start: string, end: string, timezone: ReportTimeZone, airport: ReportAirport) {
  if (end < start) {
    const message = "La fecha final no puede ser anterior a la fecha inicial.";
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  if ((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 > MAX_RANGE_DAYS) {
    const message = `El rango de fechas no puede pasar de ${MAX_RANGE_DAYS} días.`;
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  return rangeInstants({ start, end }, reportZone(timezone, airport.timeZone));
}

/** The ids, of those asked, of matches at the airport. */
async function matchesAt(db: Database, ids: readonly number[], airport: string): Promise<number[]> {
  const found = await queryRows<{ id: number }>(db, sql`select id from matches where id = any(${intArray([...ids])}) and airport = ${airport}`);
  return found.map((row) => row.id);
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

/**
 * The report of `airport`'s register (issue 37: only its rows, LOCAL in its zone), or 404
 * (NO_REPORT_DATA) when the range and season hold no row of it.
 */
export async function computeReport(
  db: Database,
  type: ReportType,
  query: ReportQuery,
  now: Date,
  airport: ReportAirport,
): Promise<ReportAnswer> {
  // Its rows are Monitoreo's discrepancies of one ISO week, not the range's turnover rows.
  if (type === "weekly_monitoring") return weeklyMonitoringReport(db, query, now, airport.code);
  const timezone = query.timezone ?? "local";
  const span = reportSpan(query.start, query.end, timezone, airport);
  const season = query.season ? await seasonById(db, query.season) : null;
  const inSeason = (rows: TurnoverRow[]) => (season ? rows.filter((row) => row.season === season.name) : rows);
  const rows = inSeason(await turnoverRows(db, { airport: airport.code, span }));
  // Matches added by hand are read by id: another airport's are not the report's.
  const added = query.new_match_ids?.length ? await turnoverRows(db, { ids: await matchesAt(db, query.new_match_ids, airport.code) }) : [];
  const context: ReportContext = {
    zone: reportZone(timezone, airport.timeZone),
    airport: airport.code,
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

/** The rows of 'Añadir registro': every match of the airport's range (filtered by the caller). */
export async function rangeRows(db: Database, start: string, end: string, timezone: ReportTimeZone, airport: ReportAirport): Promise<TurnoverRow[]> {
  return turnoverRows(db, { airport: airport.code, span: reportSpan(start, end, timezone, airport) });
}
