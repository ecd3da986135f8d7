/** Catalog keys of Monitoreo's words that depend on a value (written out: the i18n check reads literals). */
import type { CorrectiveDraftKind } from "../../domain/monitoring/drafts";
import type { MonitoringCategory, MonitoringState } from "../../domain/monitoring/isoWeek";
import "./texts";

export const CATEGORY_KEYS: Readonly<Record<MonitoringCategory, string>> = {
  no_slot: "slotdesk.monitoring.categories.no_slot",
  not_used: "slotdesk.monitoring.categories.not_used",
  schedule_vs_slot: "slotdesk.monitoring.categories.schedule_vs_slot",
  off_tolerance: "slotdesk.monitoring.categories.off_tolerance",
  aircraft: "slotdesk.monitoring.categories.aircraft",
};

export const CATEGORY_HELP_KEYS: Readonly<Record<MonitoringCategory, string>> = {
  no_slot: "slotdesk.monitoring.category_help.no_slot",
  not_used: "slotdesk.monitoring.category_help.not_used",
  schedule_vs_slot: "slotdesk.monitoring.category_help.schedule_vs_slot",
  off_tolerance: "slotdesk.monitoring.category_help.off_tolerance",
  aircraft: "slotdesk.monitoring.category_help.aircraft",
};

export const STATE_KEYS: Readonly<Record<MonitoringState, string>> = {
  unjustified: "slotdesk.monitoring.states.unjustified",
  justified: "slotdesk.monitoring.states.justified",
  requested: "slotdesk.monitoring.states.requested",
  corrected: "slotdesk.monitoring.states.corrected",
};

export const STATE_COLORS: Readonly<Record<MonitoringState, "error" | "success" | "warning" | "info">> = {
  unjustified: "error",
  justified: "success",
  requested: "warning",
  corrected: "info",
};

export const DRAFT_KEYS: Readonly<Record<CorrectiveDraftKind, string>> = {
  modify: "slotdesk.monitoring.drafts.modify",
  cancel: "slotdesk.monitoring.drafts.cancel",
};

/** `+25 min`, `−16 min`: the sign says early or late. */
export const signedMinutes = (minutes: number): string => `${minutes > 0 ? "+" : minutes < 0 ? "−" : ""}${Math.abs(minutes)} min`;
