/**
 * Fin de mes (server name end_of_month): three lists in the shared movement columns (see
 * operations.ts), times in the chosen zone, in time order.
 * - **Regresos a posición** (returned_to_position): departures AIMS reports as returned to
 *   position (flight status R), with the first off-block (AIMS's estimated departure) and the
 *   departure that flew (the actual one).
 * - **Cancelaciones** (cancellation): the flights cancelled in AIMS (status C, general status CA).
 * - **Registro de operaciones** (operation): every flight that operated (real time, not
 *   cancelled), on a slot or not.
 */
import { byInstant, isCancelled, isOperated, type ReportContext, type ReportMonthlySection, type ReportOperationRow, type TurnoverRow } from "./common";
import { operationRow } from "./operations";

export const MONTHLY_SELECTORS: Readonly<Record<ReportMonthlySection, (row: TurnoverRow) => boolean>> = {
  returned_to_position: (row) => row.flight_id !== null && row.flight_status === "R" && !row.is_arrival,
  cancellation: isCancelled,
  operation: isOperated,
};

export type MonthlySections = Record<ReportMonthlySection, ReportOperationRow[]>;

export function endOfMonthReport(rows: readonly TurnoverRow[], context: ReportContext): MonthlySections {
  const sorted = [...rows].sort(byInstant);
  const of = (section: ReportMonthlySection) =>
    sorted.filter(MONTHLY_SELECTORS[section]).map((row) => operationRow(row, context));
  return { returned_to_position: of("returned_to_position"), cancellation: of("cancellation"), operation: of("operation") };
}
