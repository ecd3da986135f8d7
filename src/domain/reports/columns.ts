/**
 * The columns of each report table (seed 001 §2.7), shared by the view's tables and the
 * downloaded files: the field, how its value is written and a width in characters. The Spanish
 * headers are in the catalog (./columnTexts.ts), keyed by field.
 */
import type { ReportType } from "./common";

/**
 * date: a calendar date `yyyy-MM-dd` (a real date in a workbook); time: `HH:mm` already in the
 * report's zone; instant: an ISO UTC instant, written in the report's zone; number; flag (Sí/No);
 * text.
 */
export type ReportColumnKind = "date" | "time" | "instant" | "number" | "flag" | "text";

export type ReportColumn<F extends string = string> = { field: F; kind: ReportColumnKind; width: number };

/** The row shapes: one table (and sheet) each. */
export type ReportTable = "assignment" | "delays" | "operation" | "plates" | "appearance" | "monitoring";

const col = <F extends string>(field: F, kind: ReportColumnKind, width: number): ReportColumn<F> => ({ field, kind, width });

const side = (prefix: "arr" | "dep", station: string, time: string) => [
  col(`${prefix}_date`, "date", 12),
  col(`${prefix}_flight`, "text", 10),
  col(`${prefix}_${station}`, "text", 9),
  col(`${prefix}_${time}`, "time", 8),
  col(`${prefix}_slot`, "time", 8),
  col(`${prefix}_within_15`, "flag", 9),
  col(`${prefix}_over_15`, "flag", 9),
  col(`${prefix}_capacity`, "number", 10),
  col(`${prefix}_type`, "text", 6),
  col(`${prefix}_equipment`, "text", 10),
];

export const REPORT_COLUMNS: Readonly<Record<ReportTable, readonly ReportColumn[]>> = {
  assignment: [col("register", "text", 10), ...side("arr", "origin", "sta"), ...side("dep", "destination", "std")],
  delays: [
    col("date", "date", 12),
    col("airline", "text", 9),
    col("flight", "text", 10),
    col("equipment", "text", 10),
    col("direction", "text", 6),
    col("origin", "text", 8),
    col("destination", "text", 8),
    col("assigned_time", "time", 10),
    col("real_time", "time", 10),
    col("difference", "number", 10),
    col("general_cause", "text", 28),
    col("cause_1", "text", 28),
    col("code_1", "text", 8),
    col("cause_2", "text", 28),
    col("code_2", "text", 8),
    col("cause_3", "text", 28),
    col("code_3", "text", 8),
    col("cause_4", "text", 28),
    col("code_4", "text", 8),
  ],
  operation: [
    col("date", "date", 12),
    col("airline", "text", 9),
    col("flight", "text", 10),
    col("equipment", "text", 10),
    col("airport", "text", 9),
    col("assigned_time", "time", 10),
    col("real_time", "time", 10),
    col("difference", "number", 10),
    col("delay_code", "text", 9),
    col("service", "text", 9),
    col("status", "text", 8),
    col("schedule_type", "text", 8),
    col("historic_datetime", "instant", 17),
    col("historic_flight_number", "text", 12),
  ],
  plates: [
    col("register", "text", 12),
    col("equipment", "text", 10),
    col("operations", "number", 12),
    col("first_date", "date", 12),
    col("last_date", "date", 12),
  ],
  appearance: [
    col("date", "date", 12),
    col("flight", "text", 10),
    col("route", "text", 8),
    col("frequency", "number", 10),
    col("suffix", "text", 8),
    col("slot", "time", 8),
    col("ata", "time", 8),
    col("actual_difference", "number", 10),
    col("scheduled_difference", "number", 10),
    col("cause_1", "text", 28),
    col("code_1", "text", 8),
    col("cause_2", "text", 28),
    col("code_2", "text", 8),
    col("last_change", "instant", 17),
    col("changes", "number", 9),
  ],
  monitoring: [
    col("category", "text", 28),
    col("date", "date", 12),
    col("serie", "number", 8),
    col("flight", "text", 10),
    col("direction", "text", 6),
    col("slot", "time", 8),
    col("time", "time", 10),
    col("time_basis", "text", 11),
    col("difference", "number", 10),
    col("codes", "text", 12),
    col("state", "text", 14),
    col("reason", "text", 24),
  ],
};

/** Returns to position add the first and the real departure to the movement columns. */
export const RETURN_COLUMNS: readonly ReportColumn[] = [
  ...REPORT_COLUMNS.operation.slice(0, 7),
  col("first_departure", "time", 12),
  col("real_departure", "time", 12),
  ...REPORT_COLUMNS.operation.slice(7),
];

/** The table of each report type (end_of_month uses `operation` for its three lists). */
export const REPORT_TABLE: Readonly<Record<ReportType, ReportTable>> = {
  slot_assignment: "assignment",
  full_delays: "delays",
  tovar_delays: "operation",
  plates: "plates",
  end_of_month: "operation",
  appearance: "appearance",
  weekly_monitoring: "monitoring",
};

/** The FIDS csv's eleven generic fields (seed 001 §2.7), taken from an assignment row's arrival or departure. */
export const FIDS_FIELDS = [
  "date",
  "flight",
  "direction",
  "station",
  "scheduled",
  "slot",
  "register",
  "equipment",
  "capacity",
  "service",
  "status",
] as const;
