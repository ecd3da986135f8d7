/**
 * The turnover table as a CSV file ('Entrega de turno.csv', seed 001 §2.1 and §7): the columns of
 * the table, headers in Spanish, dates dd/MM/yyyy and times HH:mm (seed 001 §9) in UTC or in
 * Mexico City time.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { safeText, writeCsv } from "../formats/csv";

type TurnoverRow = components["schemas"]["TurnoverRow"];
export type CsvTimeZone = "utc" | "local";

export const TURNOVER_CSV_NAME = "Entrega de turno.csv";

export const TURNOVER_CSV_HEADER = [
  "Registro",
  "Temporada",
  "Movimiento",
  "Estatus vuelo",
  "Vuelo",
  "Ruta",
  "Fecha",
  "ST",
  "ET",
  "AT",
  "Matrícula",
  "Estatus slot",
  "Slot",
  "Ruta slot",
  "Fecha slot",
  "Hora slot",
  "Tipo",
  "Diferencia programada (min)",
  "Diferencia real (min)",
  "Estatus general",
  "Códigos de demora",
  "Observaciones",
] as const;

function formatter(timeZone: CsvTimeZone) {
  return (iso: string | null, pattern: string): string => {
    if (!iso) return "";
    const ms = Date.parse(iso);
    return timeZone === "local"
      ? format(new TZDate(ms, DEFAULT_TIME_ZONE), pattern)
      : format(new TZDate(ms, "UTC"), pattern);
  };
}

const dmy = (date: string | null) => (date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : "");
const number = (value: number | null) => (value === null ? "" : String(value));

function codesText(row: TurnoverRow): string {
  const c = row.codes;
  return [
    [c.first_code, c.first_time],
    [c.second_code, c.second_time],
    [c.third_code, c.third_time],
    [c.fourth_code, c.fourth_time],
  ]
    .filter(([code]) => code !== null)
    .map(([code, minutes]) => `${code} (${minutes ?? 0} min)`)
    .join(", ");
}

/** The file's text (with its BOM). */
export function turnoverCsv(rows: readonly TurnoverRow[], timeZone: CsvTimeZone): string {
  const at = formatter(timeZone);
  const lines = rows.map((row) => {
    const slotInstant = row.slot_date && row.slot_time ? `${row.slot_date}T${row.slot_time}:00Z` : null;
    return [
      String(row.id),
      row.season,
      row.is_arrival ? "L" : "S",
      row.flight_status ?? "",
      row.flight_name ?? "",
      row.flight_route ?? "",
      dmy(row.flight_date),
      at(row.flight_scheduled, "dd/MM/yyyy HH:mm"),
      at(row.flight_estimated, "dd/MM/yyyy HH:mm"),
      at(row.flight_real, "dd/MM/yyyy HH:mm"),
      row.flight_register ?? "",
      row.slot_status ?? "",
      row.slot_name ?? "",
      row.slot_route ?? "",
      slotInstant ? at(slotInstant, "dd/MM/yyyy") : "",
      slotInstant ? at(slotInstant, "HH:mm") : "",
      row.slot_type ?? "",
      number(row.scheduled_difference),
      number(row.real_difference),
      row.general_status,
      codesText(row),
      safeText(row.observations),
    ];
  });
  return writeCsv(TURNOVER_CSV_HEADER, lines);
}
