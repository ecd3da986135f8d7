/**
 * The six reports of Reportes (seed 001 §2.7, §7), one module each: what rows, times and zone each
 * holds is written at the top of its module (and the shared rules in common.ts). `buildReport`
 * is what the server answers and downloads: the report's rows for the range, only those the user
 * kept on screen (`keep`), then the matches the user added by hand, marked `status_new: 'new'`.
 */
import { format } from "date-fns";
import { es } from "date-fns/locale";
import { parseDate } from "../seasons";
import { appearanceReport, appearanceRow } from "./appearance";
import { assignmentReport, assignmentRow } from "./assignment";
import {
  type ReportAddRecord,
  type ReportAnswer,
  type ReportContext,
  type ReportMonthlySection,
  type ReportOperationRow,
  type ReportType,
  type TurnoverRow,
  byInstant,
  clock,
  direction,
  offMinutes,
  otherStation,
  rowDay,
  rowMs,
  slotTimeIn,
  timeIn,
} from "./common";
import { delayRow, delaysReport } from "./delays";
import { endOfMonthReport, type MonthlySections } from "./endOfMonth";
import { operationRow } from "./operations";
import { plateRows, platesReport } from "./plates";
import { tovarReport } from "./tovar";

export * from "./common";
export { assignmentReport } from "./assignment";
export { delaysReport } from "./delays";
export { tovarReport } from "./tovar";
export { platesReport } from "./plates";
export { endOfMonthReport, MONTHLY_SELECTORS, type MonthlySections } from "./endOfMonth";
export { appearanceReport, suffixOf } from "./appearance";
export { isoWeekLabel, MONITORING_TIME_BASIS, monitoringSummary, MONITORING_ANSWER_WORKING_DAYS, weeklyReportRange } from "./monitoring";

/** The labels of seed 001 §7 ("Report names by view"). */
export const REPORT_LABELS: Readonly<Record<ReportType, string>> = {
  slot_assignment: "Asignación de Slots",
  full_delays: "Demoras completas",
  tovar_delays: "Demoras Tovar",
  plates: "Matrículas",
  end_of_month: "Fin de mes",
  appearance: "Comparecencias",
  weekly_monitoring: "Monitoreo semanal",
};

/** The label of the FIDS csv (slot_assignment downloaded as csv). */
export const FIDS_LABEL = "FIDS";

export type ReportRows = Pick<ReportAnswer, "rows" | "sections">;

/** What the user kept on screen and added (seed 001 §7's ids for send and download). */
export type ReportSelection = {
  /** Keep only the rows with these ids (assignment: either of its two); absent keeps all. */
  keep?: readonly number[];
  /** The matches added by hand. */
  added?: readonly TurnoverRow[];
  /** For end_of_month, the list the added rows go to (default operation). */
  section?: ReportMonthlySection;
};

type Row = ReportAnswer["rows"][number];

/** The matches a report row stands for: its id, or an assignment turn's arrival and departure. */
export const rowIds = (row: Row): number[] =>
  "arrival_id" in row ? [row.arrival_id, row.departure_id].flatMap((id) => (id === null ? [] : [id])) : [row.id];

/** The report of `rows` (the range's turnover rows) with the user's selection. */
export function buildReport(
  type: ReportType,
  rows: readonly TurnoverRow[],
  context: ReportContext,
  selection: ReportSelection = {},
): ReportRows {
  const keep = selection.keep ? new Set(selection.keep) : null;
  const kept = <T extends Row>(list: T[]): T[] => (keep ? list.filter((row) => rowIds(row).some((id) => keep.has(id))) : list);
  const added = [...(selection.added ?? [])].sort(byInstant);
  const present = (list: readonly Row[]) => new Set(list.flatMap(rowIds));
  const fresh = <T extends Row>(list: T[], extra: T[]): T[] => {
    const ids = present(list);
    return [...list, ...extra.filter((row) => !rowIds(row).some((id) => ids.has(id)))];
  };

  switch (type) {
    case "slot_assignment": {
      const extra = added.map((row) =>
        row.is_arrival ? assignmentRow(row, undefined, context, "new") : assignmentRow(undefined, row, context, "new"),
      );
      return { rows: fresh(kept(assignmentReport(rows, context)), extra), sections: null };
    }
    case "full_delays":
      return { rows: fresh(kept(delaysReport(rows, context)), added.map((row) => delayRow(row, context, "new"))), sections: null };
    case "tovar_delays":
      return { rows: fresh(kept(tovarReport(rows, context)), added.map((row) => operationRow(row, context, "new"))), sections: null };
    case "plates":
      return { rows: fresh(kept(platesReport(rows, context)), plateRows(added, context, "new")), sections: null };
    case "appearance":
      return {
        rows: fresh(kept(appearanceReport(rows, context)), added.flatMap((row) => appearanceRow(row, context, "new") ?? [])),
        sections: null,
      };
    case "weekly_monitoring":
      // Its rows come from Monitoreo (the server reads them); rows are not added by hand.
      return { rows: kept([...(context.monitoring ?? [])]), sections: null };
    case "end_of_month": {
      const sections: MonthlySections = endOfMonthReport(rows, context);
      const target = selection.section ?? "operation";
      const extra: ReportOperationRow[] = added.map((row) => operationRow(row, context, "new"));
      return {
        rows: [],
        sections: {
          returned_to_position: kept(sections.returned_to_position),
          cancellation: kept(sections.cancellation),
          operation: kept(sections.operation),
          [target]: fresh(kept(sections[target]), extra),
        },
      };
    }
  }
}

/** True when a report has no row at all (the seed's 404). */
export const isEmptyReport = (report: ReportRows): boolean =>
  report.rows.length === 0 &&
  (report.sections === null ||
    (report.sections.returned_to_position.length === 0 &&
      report.sections.cancellation.length === 0 &&
      report.sections.operation.length === 0));

/**
 * The ids sent with a download or a send (seed 001 §7): for assignment the distinct arrival and
 * departure ids, split into existing and new by `status_new`; for end of month only the new rows'
 * ids (the computed lists are sent whole); otherwise every row's id, split the same way.
 */
export function reportIds(type: ReportType, rows: readonly Row[]): { match_ids?: number[]; new_match_ids: number[] } {
  const existing = new Set<number>();
  const added = new Set<number>();
  for (const row of rows) for (const id of rowIds(row)) (row.status_new === "new" ? added : existing).add(id);
  if (type === "end_of_month") return { new_match_ids: [...added] };
  return { match_ids: [...existing], new_match_ids: [...added] };
}

/** The file's extension: csv for plates and the FIDS, xlsx otherwise (seed 001 §7). */
export const reportExtension = (type: ReportType, fids = false): "csv" | "xlsx" =>
  type === "plates" || (type === "slot_assignment" && fids) ? "csv" : "xlsx";

/**
 * The file name (seed 001 §7): the upper-case label, a space and the range's first day as 'dd MMM'
 * in Spanish (date-fns es), then the extension: 'DEMORAS COMPLETAS 16 nov.xlsx'.
 */
export function reportFileName(type: ReportType, start: string, fids = false, airport?: string): string {
  const ymd = parseDate(start);
  const day = ymd ? format(new Date(ymd.year, ymd.month - 1, ymd.day), "dd MMM", { locale: es }) : start;
  const label = type === "slot_assignment" && fids ? FIDS_LABEL : REPORT_LABELS[type];
  // Issue 37: a team holding several airports reads the airport in the name (`DEMORAS COMPLETAS JFK 16 nov.xlsx`).
  return `${label.toLocaleUpperCase("es-MX")}${airport ? ` ${airport}` : ""} ${day}.${reportExtension(type, fids)}`;
}

// ---- Añadir registro ---------------------------------------------------------------------------

/** The add-record filters (seed 001 §2.7), already parsed. */
export type AddRecordFilter = {
  /** Flight numbers (the digits of the designator, 12 matches VB012 and VB12A); empty = all. */
  flights: readonly number[];
  /** Inclusive HH:MM bounds in the zone. */
  hourRange: readonly [string, string];
  /** ISO weekdays of the row's day in the zone; empty = all (what 'Todas' means). */
  frequency: readonly number[];
  slotType: "L" | "S";
};

export const DEFAULT_HOUR_RANGE: readonly [string, string] = ["00:00", "23:55"];

/** The digits of a designator as a number (VB012A → 12), or null. */
export function flightDigits(flight: string | null): number | null {
  const match = /^[A-Z0-9]{2}[A-Z]?([0-9]{1,5})[A-Z]?$/.exec(flight ?? "");
  return match?.[1] ? Number(match[1]) : null;
}

/** The rows 'Añadir registro' offers: the range's matches that pass the filters, in time order. */
export function addRecords(rows: readonly TurnoverRow[], filter: AddRecordFilter, context: ReportContext): ReportAddRecord[] {
  const flights = new Set(filter.flights);
  const weekdays = new Set(filter.frequency.filter((d) => d >= 1 && d <= 7));
  const [from, to] = filter.hourRange;
  return [...rows]
    .filter((row) => direction(row) === filter.slotType)
    .filter((row) => {
      if (flights.size === 0) return true;
      const digits = flightDigits(row.flight_name) ?? flightDigits(row.slot_name);
      return digits !== null && flights.has(digits);
    })
    .filter((row) => {
      const at = clock(rowMs(row), context.zone);
      if (at.time < from || at.time > to) return false;
      if (weekdays.size === 0) return true;
      const weekday = new Date(`${at.day}T00:00:00Z`).getUTCDay() || 7;
      return weekdays.has(weekday);
    })
    .sort(byInstant)
    .map((row) => ({
      id: row.id,
      flight: row.flight_name ?? row.slot_name,
      type: direction(row),
      slot: slotTimeIn(row, context.zone),
      schedule: timeIn(row.flight_real ?? row.flight_scheduled, context.zone),
      diff: offMinutes(row),
      date: rowDay(row, context.zone),
      airport: otherStation(row),
    }));
}
export * from "./columns";
