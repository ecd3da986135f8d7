/**
 * Demoras Tovar (server name tovar_delays; the view's "custom" report): the late operations the
 * airline answers for to the authority. **Rows**: flights that operated (real time, not
 * cancelled) on a slot more than 15 minutes AFTER it (real − slot > 15); early ones and flights
 * without slot are not in it. One row per flight with its first delay code, in the shared movement
 * columns (see operations.ts), times in the chosen zone.
 */
import { byInstant, isOperated, JUSTIFICATION_MINUTES, type ReportContext, type ReportOperationRow, type TurnoverRow } from "./common";
import { operationRow } from "./operations";

export const selectsTovar = (row: TurnoverRow): boolean =>
  isOperated(row) && row.slot_id !== null && row.real_difference !== null && row.real_difference > JUSTIFICATION_MINUTES;

export function tovarReport(rows: readonly TurnoverRow[], context: ReportContext): ReportOperationRow[] {
  return rows.filter(selectsTovar).sort(byInstant).map((row) => operationRow(row, context));
}
