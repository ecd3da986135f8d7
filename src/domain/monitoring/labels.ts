/**
 * The Spanish names of Monitoreo's categories and states: one list for the view (its catalog reads
 * it) and the weekly report's file and e-mail, which the server writes.
 */
import type { MonitoringCategory, MonitoringState } from "./isoWeek";

export const MONITORING_CATEGORY_LABELS = {
  no_slot: "Vuelos sin slot",
  not_used: "Slots no utilizados",
  schedule_vs_slot: "Programado distinto del slot",
  off_tolerance: "Fuera de tolerancia",
  aircraft: "Aeronave o asientos distintos",
} as const satisfies Record<MonitoringCategory, string>;

export const MONITORING_STATE_LABELS = {
  unjustified: "Sin justificar",
  justified: "Justificado",
  requested: "Solicitado",
  corrected: "Corregido",
} as const satisfies Record<MonitoringState, string>;

/** A row's state as a person reads it: a request waiting for the coordinator names its reference, "Solicitado (REF 12)". */
export function monitoringStateLabel(state: MonitoringState, reference: number | null): string {
  if (state === "requested" && reference !== null) return `${MONITORING_STATE_LABELS.requested} (REF ${reference})`;
  return MONITORING_STATE_LABELS[state];
}
