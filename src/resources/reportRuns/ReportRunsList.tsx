/**
 * Envíos de reportes (Admin): every report send, manual or scheduled — who or which schedule,
 * when, the range, to whom and cc, and how it ended with the SMTP server's answer. A row opens
 * the whole answer.
 */
import { Box, Chip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslate } from "react-admin";
import { REPORT_LABELS } from "../../domain/reports";
import { formatDate } from "../../domain/dateRange";
import { localDateTime } from "../../client/dates/localDateTime";
import { AdminList, RowDetailDialog } from "../../client/ui/grid";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import type { ReportRun } from "./data";
import "../../client/i18n/reportsTexts";
import "../../client/i18n/adminTexts";

const STATUS_KEYS = {
  sending: "slotdesk.reportsSend.runs.statuses.sending",
  sent: "slotdesk.reportsSend.runs.statuses.sent",
  kept: "slotdesk.reportsSend.runs.statuses.kept",
  failed: "slotdesk.reportsSend.runs.statuses.failed",
  no_data: "slotdesk.reportsSend.runs.statuses.no_data",
  skipped: "slotdesk.reportsSend.runs.statuses.skipped",
} as const satisfies Record<ReportRun["status"], string>;

const STATUS_COLORS = {
  sending: "info",
  sent: "success",
  kept: "warning",
  failed: "error",
  no_data: "default",
  skipped: "default",
} as const satisfies Record<ReportRun["status"], string>;

const rangeOf = (run: ReportRun) =>
  run.range_start === run.range_end ? formatDate(run.range_start) : `${formatDate(run.range_start)} – ${formatDate(run.range_end)}`;

const RunStatus = ({ run }: { run: ReportRun }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[run.status]} label={translate(STATUS_KEYS[run.status])} />;
};

const Trigger = ({ run }: { run: ReportRun }) => {
  const translate = useTranslate();
  return run.trigger === "schedule" && run.scheduled_for
    ? translate("slotdesk.reportsSend.runs.scheduled", { at: localDateTime(run.scheduled_for) })
    : translate("slotdesk.reportsSend.runs.manual", { who: run.requested_by ?? "—" });
};

export const ReportRunsList = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState<ReportRun | null>(null);
  return (
    <>
      <AdminList resource="reportRuns" searchable={false}>
        <ResourceGrid
          resource="reportRuns"
          onRow={setOpen}
          cells={{
            report_name: { render: (r) => REPORT_LABELS[r.report_name] },
            trigger: { render: (r) => <Trigger run={r} /> },
            range_start: { render: rangeOf },
            status: { render: (r) => <RunStatus run={r} /> },
          }}
        />
      </AdminList>
      <RowDetailDialog row={open} onClose={() => setOpen(null)} title={(run) => `${REPORT_LABELS[run.report_name]} · ${rangeOf(run)}`}>
        {(run) => (
          <Box sx={{ display: "grid", gap: 1 }}>
            <Typography variant="body2">
              <Trigger run={run} />
            </Typography>
            <Typography variant="body2">
              {translate("slotdesk.reportsSend.runs.to")}: {run.to.join(", ")}
              {run.cc.length > 0 ? ` · ${translate("slotdesk.reportsSend.runs.cc")}: ${run.cc.join(", ")}` : ""}
            </Typography>
            {run.file_name ? (
              <Typography variant="body2">
                {translate("slotdesk.reportsSend.runs.file")}: {run.file_name}
              </Typography>
            ) : null}
            <Box>
              <RunStatus run={run} />
            </Box>
            <Typography variant="caption" color="text.secondary">
              {translate("slotdesk.reportsSend.runs.detail")}
            </Typography>
            <Box component="pre" sx={{ m: 0, p: 2, bgcolor: "grey.100", fontFamily: "monospace", whiteSpace: "pre-wrap" }}>
              {run.detail ?? "—"}
            </Box>
          </Box>
        )}
      </RowDetailDialog>
    </>
  );
};
