/**
 * The comparison as a workbook ('Comparación SIR W26 21-11.xlsx'): a sheet of differences, one row
 * each, and a sheet of their dates, with the shared header style, frozen, filters on. The column
 * names are the domain's (src/domain/coordinatorList/columnTexts.ts), as the view says them.
 */
import { differenceColumns as c, directionLabels, kindEffects, kindLabels, sheetNames } from "../../domain/coordinatorList/columnTexts";
import type { components } from "../../generated/openapi";
import { newWorkbook, tableSheet, XLSX_DATE, type XlsxCell } from "../formats/xlsx";

type Comparison = components["schemas"]["CoordinatorListComparison"];

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
const yesNo = (value: boolean) => (value ? "Sí" : "No");

/** `Comparación SIR W26 21-11.xlsx`. */
export function comparisonFileName(comparison: Comparison): string {
  const day = comparison.message_date ? ` ${comparison.message_date.slice(8, 10)}-${comparison.message_date.slice(5, 7)}` : "";
  return `Comparación ${comparison.message_type} ${comparison.season}${day}.xlsx`;
}

export async function comparisonWorkbook(comparison: Comparison): Promise<Buffer> {
  const workbook = await newWorkbook();
  const differences: XlsxCell[][] = [];
  const dates: XlsxCell[][] = [];
  for (const series of comparison.series) {
    const direction = directionLabels[series.direction];
    for (const difference of series.differences) {
      const first = difference.dates[0]?.date;
      const last = difference.dates[difference.dates.length - 1]?.date;
      differences.push([
        series.serie,
        series.flight,
        direction,
        kindLabels[difference.kind],
        difference.here,
        difference.there,
        difference.dates.length,
        first ? asDate(first) : null,
        last ? asDate(last) : null,
        series.line,
        yesNo(difference.wip),
        difference.wip
          ? "No se aplica: una solicitud en proceso la explica"
          : difference.uncertain
            ? "No se aplica: la lista tiene líneas que no se pudieron leer"
            : kindEffects[difference.kind],
      ]);
      for (const date of difference.dates) {
        dates.push([series.serie, series.flight, direction, kindLabels[difference.kind], asDate(date.date), date.here, date.there, yesNo(date.wip)]);
      }
    }
  }
  tableSheet(
    workbook,
    sheetNames.differences,
    [
      { header: c.serie, width: 8 },
      { header: c.flight, width: 10 },
      { header: c.direction, width: 9 },
      { header: c.kind, width: 18 },
      { header: c.here, width: 12 },
      { header: c.there, width: 12 },
      { header: c.dates, width: 8 },
      { header: c.first_date, width: 12, numFmt: XLSX_DATE },
      { header: c.last_date, width: 12, numFmt: XLSX_DATE },
      { header: c.line, width: 10 },
      { header: c.wip, width: 10 },
      { header: c.effect, width: 48 },
    ],
    differences,
  );
  tableSheet(
    workbook,
    sheetNames.dates,
    [
      { header: c.serie, width: 8 },
      { header: c.flight, width: 10 },
      { header: c.direction, width: 9 },
      { header: c.kind, width: 18 },
      { header: c.date, width: 12, numFmt: XLSX_DATE },
      { header: c.here, width: 12 },
      { header: c.there, width: 12 },
      { header: c.wip, width: 10 },
    ],
    dates,
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
