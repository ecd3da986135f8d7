/**
 * Comparecencia (server name appearance): how each allocated slot was used, for the authority.
 * **Rows**: every slot of the range that is held (not cancelled: status CAN or C), flown or not.
 * **Times**: the slot and the actual time at MEX (ATA of an arrival, ATD of a departure) in the
 * chosen zone; actual difference = real − slot and scheduled difference = scheduled − slot, in
 * minutes. Two delay causes with their codes, the slot's last change (newest entry of its history)
 * and how many changes it had. A row opens its slot's changes (slot_id).
 */
import { byInstant, delaysOf, type ReportAppearanceRow, type ReportContext, type ReportStatusNew, rowDay, slotTimeIn, timeIn, type TurnoverRow } from "./common";

export const selectsAppearance = (row: TurnoverRow): boolean =>
  row.slot_id !== null && row.slot_status !== "CAN" && row.slot_status !== "C";

/** The suffix letter of a designator (VB012A → A), or ''. */
export const suffixOf = (flight: string): string => /[A-Z]$/.exec(flight.replace(/^[A-Z0-9]{2}/, ""))?.[0] ?? "";

export function appearanceRow(row: TurnoverRow, context: ReportContext, statusNew: ReportStatusNew = null): ReportAppearanceRow | null {
  if (row.slot_id === null) return null;
  const flight = row.slot_name ?? row.flight_name ?? "";
  const delays = delaysOf(row);
  const changes = context.slotChanges?.get(row.slot_id);
  return {
    id: row.id,
    slot_id: row.slot_id,
    status_new: statusNew,
    date: rowDay(row, context.zone),
    flight,
    route: row.slot_route ?? "",
    frequency: row.slot_frequency ?? 1,
    suffix: suffixOf(flight),
    slot: slotTimeIn(row, context.zone) ?? "",
    ata: timeIn(row.flight_real, context.zone),
    actual_difference: row.real_difference,
    scheduled_difference: row.scheduled_difference,
    cause_1: delays[0]?.cause ?? null,
    code_1: delays[0]?.code ?? null,
    cause_2: delays[1]?.cause ?? null,
    code_2: delays[1]?.code ?? null,
    last_change: changes?.last ?? null,
    changes: changes?.count ?? 0,
  };
}

export function appearanceReport(rows: readonly TurnoverRow[], context: ReportContext): ReportAppearanceRow[] {
  return rows
    .filter(selectsAppearance)
    .sort(byInstant)
    .flatMap((row) => appearanceRow(row, context) ?? []);
}
