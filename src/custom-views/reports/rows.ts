/** A report row on screen: its key (assignment rows have two ids), its ids and its cells. */
import type { ReportAnswer } from "../../domain/reports";

export type ReportRow = ReportAnswer["rows"][number];

/** The grid's row id: the match id, `arrival-departure` for an assignment turn, a discrepancy's `key` (a match may have several). */
export const rowKey = (row: ReportRow): string =>
  "arrival_id" in row ? `${row.arrival_id ?? "-"}-${row.departure_id ?? "-"}` : "key" in row ? row.key : String(row.id);

/** A cell of a row by field (every row shape is a flat record). */
export const cellOf = (row: ReportRow, field: string): unknown => Object.entries(row).find(([key]) => key === field)?.[1] ?? null;
