/** The tabs of Reportes: the six of seed 001 §2.7 and Monitoreo semanal (issue 27), and the server report of each (§7). */
import type { ReportMonthlySection, ReportType } from "../../domain/reports";

export type ReportTab = "assignment" | "delays" | "custom" | "registration" | "monthly" | "appearance" | "weekly";

export const REPORT_TABS: readonly { tab: ReportTab; type: ReportType; labelKey: string }[] = [
  { tab: "assignment", type: "slot_assignment", labelKey: "slotdesk.reports.tabs.assignment" },
  { tab: "delays", type: "full_delays", labelKey: "slotdesk.reports.tabs.delays" },
  { tab: "custom", type: "tovar_delays", labelKey: "slotdesk.reports.tabs.custom" },
  { tab: "registration", type: "plates", labelKey: "slotdesk.reports.tabs.registration" },
  { tab: "monthly", type: "end_of_month", labelKey: "slotdesk.reports.tabs.monthly" },
  { tab: "appearance", type: "appearance", labelKey: "slotdesk.reports.tabs.appearance" },
  { tab: "weekly", type: "weekly_monitoring", labelKey: "slotdesk.reports.tabs.weekly" },
];

export const MONTHLY_TABS: readonly { section: ReportMonthlySection; labelKey: string }[] = [
  { section: "returned_to_position", labelKey: "slotdesk.reports.sections.returned_to_position" },
  { section: "cancellation", labelKey: "slotdesk.reports.sections.cancellation" },
  { section: "operation", labelKey: "slotdesk.reports.sections.operation" },
];
