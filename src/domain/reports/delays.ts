/**
 * Demoras completas (server name full_delays): every delayed or early movement. **Rows**: the
 * flights that operated (real time at MEX, not cancelled) more than 15 minutes off their slot —
 * off their schedule when they have no slot — or that carry delay codes (the team's evaluation
 * once made, AIMS's codes before). **Times**: the assigned time (the slot's) and the real time in
 * the chosen zone; the difference is real − slot in minutes. **Causes**: the general cause is the
 * IATA group of the code with the most minutes; then up to four causes (the team's words, else the
 * code's description) each with its code.
 */
import {
  byInstant,
  delaysOf,
  direction,
  generalCause,
  isOperated,
  JUSTIFICATION_MINUTES,
  movementColumns,
  offMinutes,
  type ReportContext,
  type ReportDelayRow,
  type ReportStatusNew,
  routeOf,
  slotTimeIn,
  timeIn,
  type TurnoverRow,
} from "./common";

export function selectsDelay(row: TurnoverRow): boolean {
  if (!isOperated(row)) return false;
  const off = offMinutes(row);
  return (off !== null && Math.abs(off) > JUSTIFICATION_MINUTES) || row.has_codes;
}

export function delayRow(row: TurnoverRow, context: ReportContext, statusNew: ReportStatusNew = null): ReportDelayRow {
  const delays = delaysOf(row);
  const route = routeOf(row, context.airport);
  return {
    ...movementColumns(row, context, statusNew),
    direction: direction(row),
    origin: route.origin,
    destination: route.destination,
    assigned_time: slotTimeIn(row, context.zone),
    real_time: timeIn(row.flight_real, context.zone),
    difference: offMinutes(row),
    general_cause: generalCause(row),
    cause_1: delays[0]?.cause ?? null,
    code_1: delays[0]?.code ?? null,
    cause_2: delays[1]?.cause ?? null,
    code_2: delays[1]?.code ?? null,
    cause_3: delays[2]?.cause ?? null,
    code_3: delays[2]?.code ?? null,
    cause_4: delays[3]?.cause ?? null,
    code_4: delays[3]?.code ?? null,
  };
}

export function delaysReport(rows: readonly TurnoverRow[], context: ReportContext): ReportDelayRow[] {
  return rows.filter(selectsDelay).sort(byInstant).map((row) => delayRow(row, context));
}
