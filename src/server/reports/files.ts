/**
 * A report as a file (seed 001 §7 download_report; also what send_report attaches): an .xlsx
 * with one sheet per list (Fin de mes: its three lists), each a styled and frozen header, column
 * widths, dates as real dates, times in the report's zone and filters on; Matrículas and the FIDS
 * a `;` csv with a BOM. The name is the upper-case label and the first day 'dd MMM' (es).
 */
import { fidsColumns, monitoringSummaryTexts, reportColumns, reportFlags, reportSectionTexts } from "../../domain/reports/columnTexts";
import {
  clock,
  MONTHLY_SECTIONS,
  REPORT_COLUMNS,
  REPORT_LABELS,
  REPORT_TABLE,
  type ReportAnswer,
  type ReportAssignmentRow,
  type ReportColumn,
  type ReportMonitoringSummary,
  reportExtension,
  reportFileName,
  type ReportType,
  reportZone,
  RETURN_COLUMNS,
} from "../../domain/reports";
import type { IanaZone } from "../../domain/zones";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { safeText, writeCsv } from "../formats/csv";
import { newWorkbook, tableSheet, XLSX_CONTENT_TYPE, XLSX_DATE, XLSX_DATE_TIME, type XlsxCell, type XlsxColumn } from "../formats/xlsx";
import { heldAirports } from "../airports/held";
import { computeReport, reportAirportOf, type ReportAirport } from "./data";

export type ReportDownloadRequest = components["schemas"]["ReportDownloadRequest"];
export type ReportFile = { fileName: string; contentType: string; content: Buffer };

const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

type Row = ReportAnswer["rows"][number];

/** A row's value by column field (every row shape is a plain record of cells). */
function valueOf(row: Row, field: string): unknown {
  return Object.entries(row).find(([key]) => key === field)?.[1] ?? null;
}

const headerOf = (field: string): string => Object.entries(reportColumns).find(([key]) => key === field)?.[1] ?? field;

/** A calendar date as the Date Excel shows as that date (exceljs writes Dates in UTC). */
const dateCell = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** An ISO instant as the Date whose UTC wall clock is the instant's in the zone. */
function instantCell(iso: string, zone: IanaZone): Date {
  const local = clock(Date.parse(iso), zone);
  return new Date(`${local.day}T${local.time}:00Z`);
}

function cellOf(value: unknown, column: ReportColumn, zone: IanaZone): XlsxCell {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case "date":
      return typeof value === "string" ? dateCell(value) : null;
    case "instant":
      return typeof value === "string" ? instantCell(value, zone) : null;
    case "number":
      return typeof value === "number" ? value : null;
    case "flag":
      return value === true ? reportFlags.yes : reportFlags.no;
    default:
      return typeof value === "string" ? safeText(value) : String(value);
  }
}

const xlsxColumns = (columns: readonly ReportColumn[]): XlsxColumn[] =>
  columns.map((column) => ({
    header: headerOf(column.field),
    width: column.width,
    ...(column.kind === "date" ? { numFmt: XLSX_DATE } : column.kind === "instant" ? { numFmt: XLSX_DATE_TIME } : {}),
  }));

const cells = (rows: readonly Row[], columns: readonly ReportColumn[], zone: IanaZone): XlsxCell[][] =>
  rows.map((row) => columns.map((column) => cellOf(valueOf(row, column.field), column, zone)));

/**
 * Monitoreo semanal's first sheet: the week, the day the coordinator must be answered by, and the
 * counts by category (justified and not), then the corrective SCRs sent.
 */
function summarySheet(workbook: Awaited<ReturnType<typeof newWorkbook>>, report: ReportAnswer, summary: ReportMonitoringSummary): void {
  const t = monitoringSummaryTexts;
  const columns: XlsxColumn[] = [
    { header: t.category, width: 30 },
    { header: t.total, width: 8 },
    { header: t.unjustified, width: 14 },
    { header: t.justified, width: 12 },
    { header: t.requested, width: 12 },
    { header: t.corrected, width: 11 },
  ];
  const sheet = tableSheet(
    workbook,
    t.sheet,
    columns,
    summary.counts.map((count) => [count.label, count.total, count.unjustified, count.justified, count.requested, count.corrected]),
  );
  sheet.addRow([]);
  sheet.addRow([t.corrective, summary.corrective_scrs]);
  sheet.addRow([t.week, summary.week ?? `${t.range} ${report.start} ${t.to} ${report.end}`]);
  sheet.addRow([t.deadline, dateCell(summary.deadline)]).getCell(2).numFmt = XLSX_DATE;
}

/** The workbook of a report of `airport` (LOCAL is its zone). */
export async function reportWorkbook(report: ReportAnswer, airport: ReportAirport): Promise<Buffer> {
  const zone = reportZone(report.timezone, airport.timeZone);
  const workbook = await newWorkbook();
  if (report.sections) {
    for (const section of MONTHLY_SECTIONS) {
      const columns = section === "returned_to_position" ? RETURN_COLUMNS : REPORT_COLUMNS.operation;
      tableSheet(workbook, reportSectionTexts[section], xlsxColumns(columns), cells(report.sections[section], columns, zone));
    }
  } else {
    if (report.monitoring) summarySheet(workbook, report, report.monitoring);
    const columns = REPORT_COLUMNS[REPORT_TABLE[report.type]];
    const name = report.monitoring ? monitoringSummaryTexts.rows : REPORT_LABELS[report.type];
    tableSheet(workbook, name, xlsxColumns(columns), cells(report.rows, columns, zone));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const text = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "boolean" ? (value ? reportFlags.yes : reportFlags.no) : safeText(String(value));

/** The csv of a table (Matrículas). Dates as dd/MM/yyyy. */
function tableCsv(rows: readonly Row[], columns: readonly ReportColumn[]): string {
  const format = (value: unknown, column: ReportColumn) =>
    column.kind === "date" && typeof value === "string" ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : text(value);
  return writeCsv(
    columns.map((column) => headerOf(column.field)),
    rows.map((row) => columns.map((column) => format(valueOf(row, column.field), column))),
  );
}

const isAssignment = (row: Row): row is ReportAssignmentRow => "arrival_id" in row;

/**
 * The FIDS csv: one line per movement of the assignment rows, fields 1–11 = date (dd/MM/yyyy),
 * flight, L/S, other station, STA/STD, slot time, registration, equipment, capacity, service type,
 * general status.
 */
function fidsCsv(rows: readonly Row[]): string {
  const lines: string[][] = [];
  const date = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : "");
  for (const row of rows.filter(isAssignment)) {
    if (row.arrival_id !== null) {
      lines.push([date(row.arr_date), row.arr_flight, "L", row.arr_origin, row.arr_sta, row.arr_slot, row.register, row.arr_equipment, row.arr_capacity, row.arr_type, row.status].map(text));
    }
    if (row.departure_id !== null) {
      lines.push([date(row.dep_date), row.dep_flight, "S", row.dep_destination, row.dep_std, row.dep_slot, row.register, row.dep_equipment, row.dep_capacity, row.dep_type, row.status].map(text));
    }
  }
  return writeCsv(fidsColumns, lines);
}

/**
 * The file of a computed report of `airport`. Its name says the airport when the team holds
 * more than one (issue 37); a MEX-only install names its files as before.
 */
export async function reportFile(db: Database, report: ReportAnswer, airport: ReportAirport, fids = false): Promise<ReportFile> {
  const named = (await heldAirports(db)).length > 1;
  const fileName = reportFileName(report.type, report.start, fids, named ? airport.code : undefined);
  if (reportExtension(report.type, fids) === "csv") {
    const content = fids ? fidsCsv(report.rows) : tableCsv(report.rows, REPORT_COLUMNS[REPORT_TABLE[report.type]]);
    return { fileName, contentType: CSV_CONTENT_TYPE, content: Buffer.from(content, "utf8") };
  }
  return { fileName, contentType: XLSX_CONTENT_TYPE, content: await reportWorkbook(report, airport) };
}

/**
 * The report file of `type` for a download body (the same fields as download_report): computed
 * from the database, then written. Throws HttpError 404 (the seed's message) when there is no
 * row, 400 on a bad range or an airport not held. What send_report attaches; its `airport`
 * (else MEX) was checked against the caller already.
 */
export async function renderReportFile(db: Database, type: ReportType, query: ReportDownloadRequest, now: Date): Promise<ReportFile> {
  const airport = await reportAirportOf(db, query.airport);
  const report = await computeReport(db, type, query, now, airport);
  return reportFile(db, report, airport, query.format === "csv");
}

