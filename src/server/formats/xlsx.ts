/**
 * Workbook helpers shared by every .xlsx Slotdesk writes (Histórico, Reportes): the header row
 * (bold white on the brand blue, frozen), and a table sheet with column widths, number formats and
 * filters on. exceljs runs on the server only.
 */
import type ExcelJS from "exceljs";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * A new workbook. exceljs (large, CommonJS, with its own zip and stream packages) is loaded at the
 * first spreadsheet written, not when the server starts: loading it took more CPU than the rest
 * of the start (issue 26).
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  workbook.creator = "Slotdesk";
  return workbook;
}

/** A solid fill of an RGB colour (`163F7A`). */
export const xlsxFill = (argb: string): ExcelJS.Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb: `FF${argb}` } });

/** Adds the header row, styled, and freezes it. */
export function headerRow(sheet: ExcelJS.Worksheet, titles: readonly string[]): ExcelJS.Row {
  const row = sheet.addRow([...titles]);
  row.font = { bold: true, color: { argb: "FFFFFFFF" } };
  row.eachCell((cell) => {
    cell.fill = xlsxFill("163F7A");
  });
  sheet.views = [{ state: "frozen", ySplit: 1, xSplit: 0 }];
  return row;
}

export type XlsxColumn = { header: string; width: number; numFmt?: string };
export type XlsxCell = string | number | boolean | Date | null;

/** `dd/MM/yyyy` (seed 001 §9) as Excel writes it. */
export const XLSX_DATE = "dd/mm/yyyy";
export const XLSX_DATE_TIME = "dd/mm/yyyy hh:mm";

/** A sheet holding one table: styled frozen header, widths, formats, filters over every column. */
export function tableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly XlsxColumn[],
  rows: ReadonlyArray<readonly XlsxCell[]>,
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  headerRow(sheet, columns.map((column) => column.header));
  for (const row of rows) sheet.addRow([...row]);
  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = Math.max(column.width, column.header.length + 2);
    if (column.numFmt) {
      sheetColumn.eachCell((cell, rowNumber) => {
        if (rowNumber > 1) cell.numFmt = column.numFmt ?? "";
      });
    }
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, rows.length + 1), column: Math.max(1, columns.length) } };
  return sheet;
}
