/**
 * The history workbook ('Histórico {season}.xlsx', seed 002 §7): a sheet of series with their
 * rates, rating and forecast, and a sheet of the weekly table, coloured like the cards, each with
 * a frozen header and filters on.
 */
import type ExcelJS from "exceljs";
import { CELL_COLORS, CELL_LABELS, LEVEL_COLORS } from "../../domain/history/colors";
import { addDays } from "../../domain/seasons";
import { effectiveWarningLevel, seasonWeeks } from "../../domain/history";
import { headerRow, newWorkbook, xlsxFill } from "../formats/xlsx";
import type { HistorySeason } from "./read";
import type { HistorySeries, HistorySeriesWithWeeks } from "./series";

export const historyWorkbookName = (season: string): string => `Histórico ${season}.xlsx`;

const LEVEL_LABELS: Record<HistorySeries["level"], string> = { ok: "Cumple", warn: "Advertencia", alert: "Alerta" };
const WEEKDAYS = ["", "Lu", "Ma", "Mi", "Ju", "Vi", "Sá", "Do"];

const fill = xlsxFill;

/** The styled, frozen header row (the shared workbook style). */
function header(sheet: ExcelJS.Worksheet, titles: string[]): void {
  headerRow(sheet, titles);
}

/** `dd/MM` of a `yyyy-MM-dd` date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** The workbook of the season's series: forecast at the season's threshold, levels at the `warning` level too. */
export async function historyWorkbook(season: HistorySeason, series: HistorySeriesWithWeeks[], warning: number): Promise<Buffer> {
  const threshold = season.usage_threshold;
  const workbook = await newWorkbook();

  const summary = workbook.addWorksheet("Series");
  const titles = [
    "Serie",
    "Vuelo",
    "Tipo",
    "Horas (UTC)",
    "Frecuencia",
    "Primer día",
    "Último día",
    "Total vuelos",
    "Asignados a la fecha",
    "Operados",
    "Imputables",
    "Uso %",
    "Imputable %",
    "Altas imputable %",
    "Calificación %",
    `Nivel (umbral ${threshold} %, advertencia ${effectiveWarningLevel(warning, threshold)} %)`,
    `Pronóstico uso %`,
    `Pronóstico imputable %`,
    `Pronóstico calificación %`,
    `Margen: vuelos que puede perder sin bajar del umbral (${threshold} %)`,
    "En riesgo",
    "Debe operar a tiempo",
    "Restantes",
  ];
  header(summary, titles);
  for (const s of series) {
    const row = summary.addRow([
      s.serie,
      s.flight_number,
      s.type,
      s.hour.join(", "),
      s.frequency,
      s.first_date,
      s.last_date,
      s.total_flights,
      s.counts.allocated,
      s.counts.operated,
      s.counts.chargeable,
      s.global.usage,
      s.global.chargeable,
      s.new.chargeable ?? "",
      s.rating,
      LEVEL_LABELS[s.level],
      s.forecast.usage,
      s.forecast.chargeable,
      s.forecast.rating,
      s.forecast.at_risk ? "" : s.forecast.can_lose,
      s.forecast.at_risk ? "Sí" : "No",
      s.forecast.must_operate ?? "",
      s.forecast.remaining,
    ]);
    const colour = LEVEL_COLORS[s.level];
    for (const column of [15, 16]) {
      const cell = row.getCell(column);
      cell.fill = fill(colour.fill);
      cell.font = { bold: true, color: { argb: `FF${colour.text}` } };
    }
    if (s.forecast.at_risk) {
      const cell = row.getCell(21);
      cell.fill = fill(LEVEL_COLORS.alert.fill);
      cell.font = { color: { argb: `FF${LEVEL_COLORS.alert.text}` } };
    }
  }
  summary.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, series.length + 1), column: titles.length } };
  summary.columns.forEach((column, index) => {
    column.width = Math.max(10, (titles[index] ?? "").length + 2);
  });

  const weeks = seasonWeeks(season);
  const grid = workbook.addWorksheet("Semanas");
  const weekTitles = Array.from({ length: weeks }, (_, i) => `Sem ${i + 1} (${dayMonth(addDays(season.start_date, i * 7))})`);
  header(grid, ["Serie", "Vuelo", "Hora (UTC)", "Día", ...weekTitles]);
  for (const s of series) {
    for (const [hour, entries] of Object.entries(s.flights)) {
      const byWeekday = new Map<number, typeof entries>();
      for (const entry of entries) byWeekday.set(entry.weekday, [...(byWeekday.get(entry.weekday) ?? []), entry]);
      for (const [weekday, list] of byWeekday) {
        const cells = Array.from({ length: weeks }, (_, i) => list.find((e) => e.week === i + 1));
        const row = grid.addRow([
          s.serie,
          s.flight_number,
          hour,
          WEEKDAYS[weekday] ?? "",
          ...cells.map((e) => (!e || e.slot_id === 0 ? "–" : e.status ? CELL_LABELS[e.status] : "")),
        ]);
        cells.forEach((entry, i) => {
          if (!entry?.status) return;
          const colour = CELL_COLORS[entry.status];
          const cell = row.getCell(5 + i);
          cell.fill = fill(colour.fill);
          cell.font = { color: { argb: `FF${colour.text}` } };
        });
      }
    }
  }
  grid.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, grid.rowCount), column: 4 + weeks } };
  grid.columns.forEach((column, index) => {
    column.width = index < 4 ? 11 : 13;
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
