/**
 * The season start spreadsheet (README, "Season start upload"): one sheet, one header row, then
 * one row per series as the coordinator allocated it — the fields of an SCR line. Times are UTC.
 * The order below is the column order of the template (A, B, C, …).
 */
export const SERIES_SHEET = "Series";

export const SERIES_COLUMNS = [
  { key: "arrival_flight", header: "Vuelo llegada", example: "VB1101", width: 14 },
  { key: "departure_flight", header: "Vuelo salida", example: "VB1100", width: 14 },
  { key: "first_date", header: "Primera fecha", example: "2026-10-25", width: 14 },
  { key: "last_date", header: "Última fecha", example: "2027-03-27", width: 14 },
  { key: "days", header: "Días", example: "1234567", width: 10 },
  { key: "seats", header: "Asientos", example: "180", width: 10 },
  { key: "aircraft_type", header: "Tipo de aeronave", example: "320", width: 16 },
  { key: "origin", header: "Origen", example: "CUN", width: 10 },
  { key: "arrival_time", header: "Hora llegada (UTC)", example: "14:05", width: 18 },
  { key: "departure_time", header: "Hora salida (UTC)", example: "15:10", width: 18 },
  { key: "destination", header: "Destino", example: "CUN", width: 10 },
  { key: "service_type", header: "Tipo de servicio", example: "J", width: 16 },
  { key: "status", header: "Estado", example: "D", width: 10 },
] as const;

export type SeriesColumnKey = (typeof SERIES_COLUMNS)[number]["key"];

/** The spreadsheet letter of a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(column: number): string {
  let out = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** 1-based column number of a key in the template. */
export function columnNumber(key: SeriesColumnKey): number {
  return SERIES_COLUMNS.findIndex((column) => column.key === key) + 1;
}

export function columnHeader(key: SeriesColumnKey): string {
  return SERIES_COLUMNS.find((column) => column.key === key)?.header ?? key;
}

/** Header text compared without case, accents or surrounding blanks ('ULTIMA FECHA' is 'Última fecha'). */
export function normalizeHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
