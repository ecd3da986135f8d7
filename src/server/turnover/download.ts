/**
 * The turnover table as a CSV file ('Entrega de turno.csv', seed 001 §2.1 and §7): the columns of
 * the table under the table's own headers, dates dd/MM/yyyy and times HH:mm (seed 001 §9) in the zone of
 * the request (UTC or Mexico City). Dates come from the same rule as the table's and the match
 * viewer's (`rowDateTimes`): the flight's Fecha is its scheduled movement's date in the zone,
 * never AIMS's operation date.
 */
import { type TurnoverColumn, turnoverColumns } from "../../domain/turnover/columnTexts";
import { instantMs, rowDateTimes } from "../../domain/turnover/time";
import { type DayZone, zonedDateTime } from "../../domain/zones";
import type { components } from "../../generated/openapi";
import { safeText, writeCsv } from "../formats/csv";

type TurnoverRow = components["schemas"]["TurnoverRow"];

export const TURNOVER_CSV_NAME = "Entrega de turno.csv";

/** The CSV's columns, in the table's order, plus the observations the table does not show. */
const CSV_COLUMNS = [
  "id",
  "season",
  "direction",
  "flight_status",
  "flight_name",
  "flight_route",
  "flight_date",
  "st",
  "et",
  "at",
  "register",
  "slot_status",
  "slot_name",
  "slot_route",
  "slot_date",
  "slot_time",
  "slot_type",
  "scheduled_difference",
  "real_difference",
  "general_status",
  "has_codes",
  "observations",
] as const satisfies readonly TurnoverColumn[];

/** The columns whose values are in the file's zone: their headers say which, as the table's do. */
const ZONED_COLUMNS: ReadonlySet<TurnoverColumn> = new Set(["flight_date", "st", "et", "at", "slot_date", "slot_time"]);

/**
 * The headers are the table's own texts (one catalog module for both), the date and time ones
 * with their zone as the table's header tooltips give them: "Hora slot (UTC)", "Fecha (Local)".
 */
export function turnoverCsvHeader(zone: DayZone): string[] {
  const zoneName = zone === "UTC" ? "UTC" : "Local";
  return CSV_COLUMNS.map((column) =>
    ZONED_COLUMNS.has(column) ? `${turnoverColumns[column]} (${zoneName})` : turnoverColumns[column],
  );
}

/** `dd/MM/yyyy HH:mm` of an ISO instant in the zone; '' for none. */
function dateTime(iso: string | null, zone: DayZone): string {
  const ms = instantMs(iso);
  if (ms === null) return "";
  const { date, time } = zonedDateTime(ms, zone);
  return `${date} ${time}`;
}

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

/** The file's text (with its BOM), every date and time in `zone`. */
export function turnoverCsv(rows: readonly TurnoverRow[], zone: DayZone): string {
  const lines = rows.map((row) => {
    const { flight, slot } = rowDateTimes(row, zone);
    return [
      String(row.id),
      row.season,
      row.is_arrival ? "L" : "S",
      row.flight_status ?? "",
      row.flight_name ?? "",
      row.flight_route ?? "",
      flight?.date ?? "",
      dateTime(row.flight_scheduled, zone),
      dateTime(row.flight_estimated, zone),
      dateTime(row.flight_real, zone),
      row.flight_register ?? "",
      row.slot_status ?? "",
      row.slot_name ?? "",
      row.slot_route ?? "",
      slot?.date ?? "",
      slot?.time ?? "",
      row.slot_type ?? "",
      number(row.scheduled_difference),
      number(row.real_difference),
      row.general_status,
      codesText(row),
      safeText(row.observations),
    ];
  });
  return writeCsv(turnoverCsvHeader(zone), lines);
}
