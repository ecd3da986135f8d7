/**
 * Matrículas (server name plates, a csv): the aircraft that operated at MEX. **Rows**: one per
 * registration of the flights that operated (real time, not cancelled) in the range, with its
 * latest equipment, how many movements it made and its first and last day in the chosen zone;
 * ordered by registration. The row's id is its first match.
 */
import { byInstant, isOperated, type ReportContext, type ReportPlateRow, type ReportStatusNew, rowDay, type TurnoverRow } from "./common";

export const selectsPlate = (row: TurnoverRow): boolean => isOperated(row) && row.flight_register !== null;

/** The registrations of `rows` (already selected), merged. */
export function plateRows(rows: readonly TurnoverRow[], context: ReportContext, statusNew: ReportStatusNew = null): ReportPlateRow[] {
  const plates = new Map<string, ReportPlateRow>();
  for (const row of [...rows].sort(byInstant)) {
    if (!row.flight_register) continue;
    const day = rowDay(row, context.zone);
    const known = plates.get(row.flight_register);
    if (known) {
      known.operations += 1;
      known.last_date = day;
      known.equipment = row.flight_aircraft?.type ?? known.equipment;
    } else {
      plates.set(row.flight_register, {
        id: row.id,
        status_new: statusNew,
        register: row.flight_register,
        equipment: row.flight_aircraft?.type ?? null,
        operations: 1,
        first_date: day,
        last_date: day,
      });
    }
  }
  return [...plates.values()].sort((a, b) => a.register.localeCompare(b.register));
}

export function platesReport(rows: readonly TurnoverRow[], context: ReportContext): ReportPlateRow[] {
  return plateRows(rows.filter(selectsPlate), context);
}
