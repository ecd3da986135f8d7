/**
 * Monitoreo semanal's head (issue 27 item 5): the week shown, with the previous and next weeks,
 * the day the coordinator must be answered by (five working days after the week's end, shown like
 * the offers' deadline), and the counts by category, justified and not, with the corrective SCRs.
 */
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { DeadlineChip } from "../../client/ui/DeadlineChip";
import { formatDate } from "../../domain/dateRange";
import { isoWeekLabel, type ReportMonitoringSummary } from "../../domain/reports";
import { addDays } from "../../domain/seasons";

export type Week = { start: string; end: string };

export function WeekHeader({ week, onWeek, summary }: { week: Week; onWeek: (week: Week) => void; summary: ReportMonitoringSummary | null }) {
  const translate = useTranslate();
  const move = (days: number) => onWeek({ start: addDays(week.start, days), end: addDays(week.end, days) });
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <Tooltip title={translate("slotdesk.reports.weekly.previous")}>
        <IconButton size="small" aria-label={translate("slotdesk.reports.weekly.previous")} onClick={() => move(-7)}>
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Typography variant="subtitle1" component="h2">
        {translate("slotdesk.reports.weekly.week", {
          week: isoWeekLabel(week.start, week.end) ?? "",
          start: formatDate(week.start),
          end: formatDate(week.end),
        })}
      </Typography>
      <Tooltip title={translate("slotdesk.reports.weekly.next")}>
        <IconButton size="small" aria-label={translate("slotdesk.reports.weekly.next")} onClick={() => move(7)}>
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {summary ? (
        <>
          <DeadlineChip
            date={summary.deadline}
            label={(date) => translate("slotdesk.reports.weekly.deadline", { date })}
            overdueLabel={translate("slotdesk.reports.weekly.overdue")}
          />
          <Typography variant="body2" color="text.secondary">
            {translate("slotdesk.reports.weekly.corrective", { count: summary.corrective_scrs })}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

export function WeeklyCounts({ summary }: { summary: ReportMonitoringSummary }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate("slotdesk.reports.weekly.summary")} sx={{ maxWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate("slotdesk.reports.weekly.category")}</TableCell>
          <TableCell align="right">{translate("slotdesk.reports.weekly.total")}</TableCell>
          <TableCell align="right">{translate("slotdesk.reports.weekly.unjustified")}</TableCell>
          <TableCell align="right">{translate("slotdesk.reports.weekly.justified")}</TableCell>
          <TableCell align="right">{translate("slotdesk.reports.weekly.requested")}</TableCell>
          <TableCell align="right">{translate("slotdesk.reports.weekly.corrected")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {summary.counts.map((count) => (
          <TableRow key={count.category}>
            <TableCell component="th" scope="row">
              {count.label}
            </TableCell>
            <TableCell align="right">{count.total}</TableCell>
            <TableCell align="right">{count.unjustified}</TableCell>
            <TableCell align="right">{count.justified}</TableCell>
            <TableCell align="right">{count.requested}</TableCell>
            <TableCell align="right">{count.corrected}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
