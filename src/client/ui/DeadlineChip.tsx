/**
 * A day someone must answer the coordinator by (the offers' three working days, the weekly
 * monitoring's five): amber until it passes, red once it has ("Vencida"). The texts are the
 * caller's, already translated, so each room keeps its own words.
 */
import { Chip } from "@mui/material";
import { formatDate } from "../../domain/dateRange";
import { todayInZone } from "../../domain/seasons";

export function DeadlineChip({ date, label, overdueLabel }: { date: string; label: (shown: string) => string; overdueLabel: string }) {
  const overdue = date < todayInZone(new Date());
  return (
    <Chip
      size="small"
      color={overdue ? "error" : "warning"}
      variant="outlined"
      label={`${label(formatDate(date))}${overdue ? ` · ${overdueLabel}` : ""}`}
    />
  );
}
