/**
 * The season start file (README, "Season start upload"): the .xlsx spreadsheet of series read with
 * exceljs, or the coordinator's SAL/SHL text list read with the SCR codec. Reading only: every
 * problem comes back with its sheet (or file), row and column, nothing is written here.
 */
import type { CellValue as ExcelCellValue, Workbook, Worksheet } from "exceljs";
import {
  type CellValue,
  cellText,
  checkSeriesPeriod,
  columnLetter,
  columnNumber,
  describeProblem,
  findOverlaps,
  normalizeHeader,
  readScrList,
  readSeriesRow,
  SERIES_COLUMNS,
  SERIES_SHEET,
  type SeriesColumnKey,
  type SeriesProblem,
  type SeriesRow,
} from "../../domain/series";
import type { ReadProblem } from "../../domain/reading";
import type { SeasonBounds } from "../../domain/seasons";
import type { ErrorDetail } from "../http/errors";

/** More problems than this are left out: a person fixes the file from the first ones. */
const MAX_PROBLEMS = 200;
/** A season has a few hundred series; this bounds the work a file can ask for. */
export const MAX_SERIES_ROWS = 20_000;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Read: the series, and what the reader assumed (a text list's warnings; none for a spreadsheet). */
export type SeasonFileResult = { series: SeriesRow[]; errors: []; warnings: ReadProblem[] } | { series: null; errors: ErrorDetail[] };

/** exceljs is large and only this upload and the downloads need it: loaded on first use. */
async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import("exceljs");
  return new ExcelJS.Workbook();
}

/** A cell as the domain reads it: formulas give their result, rich text its text. */
function plainCell(value: ExcelCellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date) {
    return value;
  }
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("hyperlink" in value) return value.text;
  if ("error" in value) return value.error;
  if ("result" in value) {
    const result = value.result;
    if (result === undefined) return null;
    return typeof result === "object" && !(result instanceof Date) ? result.error : result;
  }
  return null;
}

type Place = { sheet: string } | { file: string };

function detail(problem: SeriesProblem, place: Place): ErrorDetail {
  const column = problem.column === null ? problem.textColumn : columnNumber(problem.column);
  const field =
    "sheet" in place
      ? `${place.sheet}!${column === undefined ? "" : columnLetter(column)}${problem.row}`
      : `línea ${problem.row}`;
  return {
    field,
    line: problem.row,
    ...(column === undefined ? {} : { column }),
    message: describeProblem(problem, place),
  };
}

/** The checks that need the whole file, once each row could be read. */
function checkAll(series: SeriesRow[], problems: SeriesProblem[], season: SeasonBounds): SeriesProblem[] {
  const all = [...problems];
  for (const s of series) all.push(...checkSeriesPeriod(s, season));
  if (all.length === 0) all.push(...findOverlaps(series));
  return all;
}

function finish(series: SeriesRow[], problems: SeriesProblem[], season: SeasonBounds, place: Place, warnings: ReadProblem[] = []): SeasonFileResult {
  const all = checkAll(series, problems, season);
  if (all.length === 0 && series.length === 0) {
    return { series: null, errors: [{ field: "xls_file", message: "El archivo no tiene ninguna serie." }] };
  }
  if (all.length === 0) return { series, errors: [], warnings };
  all.sort((a, b) => a.row - b.row);
  const errors = all.slice(0, MAX_PROBLEMS).map((problem) => detail(problem, place));
  if (all.length > MAX_PROBLEMS) {
    errors.push({ field: "xls_file", message: `Y ${all.length - MAX_PROBLEMS} problemas más que no se muestran.` });
  }
  return { series: null, errors };
}

function seriesSheet(workbook: Workbook): Worksheet | undefined {
  return workbook.getWorksheet(SERIES_SHEET) ?? workbook.worksheets[0];
}

/** Reads the .xlsx season start spreadsheet. */
export async function readSeasonSpreadsheet(content: Buffer, fileName: string, season: SeasonBounds): Promise<SeasonFileResult> {
  const notXlsx = {
    series: null,
    errors: [
      {
        field: "xls_file",
        message: `El archivo «${fileName}» no es un libro de Excel .xlsx (ni una lista SAL/SHL de texto).`,
      },
    ],
  };
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) return notXlsx;
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(new Uint8Array(content).buffer);
  } catch {
    return notXlsx;
  }
  const sheet = seriesSheet(workbook);
  if (!sheet) return { series: null, errors: [{ field: "xls_file", message: `El libro no tiene la hoja «${SERIES_SHEET}».` }] };
  const place = { sheet: sheet.name };

  const problems: SeriesProblem[] = [];
  const header = sheet.getRow(1);
  SERIES_COLUMNS.forEach((column, index) => {
    const found = plainCell(header.getCell(index + 1).value);
    const text = found === null ? "" : String(found);
    if (normalizeHeader(text) !== normalizeHeader(column.header)) {
      problems.push({
        row: 1,
        column: column.key,
        value: text,
        message: text === "" ? `falta la columna «${column.header}»` : `se esperaba la columna «${column.header}»`,
      });
    }
  });
  if (problems.length > 0) return finish([], problems, season, place);
  if (sheet.actualRowCount - 1 > MAX_SERIES_ROWS) {
    return {
      series: null,
      errors: [{ field: "xls_file", message: `La hoja «${sheet.name}» tiene más de ${MAX_SERIES_ROWS} series.` }],
    };
  }

  const series: SeriesRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cell = (key: SeriesColumnKey) => plainCell(row.getCell(columnNumber(key)).value);
    if (SERIES_COLUMNS.every(({ key }) => cellText(cell(key)) === "")) return;
    const read = readSeriesRow(rowNumber, cell);
    if (read.series) series.push(read.series);
    else problems.push(...read.problems);
  });
  return finish(series, problems, season, place);
}

/** Reads a SAL/SHL text list; null when the file is not one. */
export function readSeasonTextList(content: Buffer, fileName: string, season: SeasonBounds): SeasonFileResult | null {
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) return null;
  const text = content.toString("utf8");
  const read = readScrList(text, season.name);
  if (!read) return null;
  return finish(read.series, read.problems, season, { file: fileName }, read.warnings);
}

/** Either kind of season file. */
export async function readSeasonFile(content: Buffer, fileName: string, season: SeasonBounds): Promise<SeasonFileResult> {
  return readSeasonTextList(content, fileName, season) ?? readSeasonSpreadsheet(content, fileName, season);
}

/** The template: the header row, one example series over the whole of `season`, a notes sheet. */
export async function seasonTemplate(season: SeasonBounds): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(SERIES_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = SERIES_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    // Text, so Excel keeps 1030507 and 09:05 as written.
    style: { numFmt: column.key === "first_date" || column.key === "last_date" ? "yyyy-mm-dd" : "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  const example: Record<SeriesColumnKey, string | number | Date> = {
    arrival_flight: "VB1101",
    departure_flight: "VB1100",
    first_date: new Date(`${season.start_date}T00:00:00Z`),
    last_date: new Date(`${season.end_date}T00:00:00Z`),
    days: "1234567",
    seats: 180,
    aircraft_type: "320",
    origin: "CUN",
    arrival_time: "14:05",
    departure_time: "15:10",
    destination: "CUN",
    service_type: "J",
    status: "D",
  };
  sheet.addRow(example);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SERIES_COLUMNS.length } };

  const notes = workbook.addWorksheet("Instrucciones");
  notes.getColumn(1).width = 24;
  notes.getColumn(2).width = 100;
  const lines: Array<[string, string]> = [
    ["Hoja", `Una fila por serie en la hoja «${SERIES_SHEET}»; la fila 1 son los encabezados, sin cambiarlos.`],
    ["Horas", "En UTC, HH:MM."],
    ["Fechas", "aaaa-mm-dd o dd/mm/aaaa, dentro de la temporada (la primera y la última deben ser días de operación)."],
    ["Días", "1 = lunes … 7 = domingo: 1234567, 1030507 o 135."],
    ["Llegada / salida", "Llegada: vuelo, origen y hora. Salida: vuelo, hora y destino. Una o ambas."],
    ["Tipo de servicio", "Letra SSIM (J), o una por sentido (JJ). Vacío: J."],
    ["Estado", "D = histórica, ADD = nueva."],
  ];
  for (const line of lines) notes.addRow(line);
  notes.getColumn(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
