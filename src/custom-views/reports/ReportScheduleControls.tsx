/**
 * The send part of the Reportes toolbar (seed 001 §2.7, §4.4, §8, §9): daily frequency (1, 2 or
 * 3), the send-schedule popover (Horario 1..3, `HH:MM`: a time counts only when its 4 digits are
 * entered, hour below 24, minute below 60; clearing an entry removes that time, at least one
 * stays; and the zone the times are read in, ZULU or LOCAL), the send-to contact and the send
 * button that opens the send modal. Every change is saved at once as the report's template
 * ('Información de envío actualizada'); the next scheduled send and the day it carries (the
 * previous one) are in the popover and in the tooltip of the note beside the button. The toolbar's own ZULU/LOCAL is the zone of the table and
 * of a manual send; the schedule keeps its own, so looking at UTC never moves the 06:00 send.
 */
import { TZDate } from "@date-fns/tz";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import ScheduleIcon from "@mui/icons-material/Schedule";
import SendIcon from "@mui/icons-material/Send";
import {
  Autocomplete,
  Box,
  Button,
  IconButton,
  MenuItem,
  Popover,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { format } from "date-fns";
import { type ReactNode, useEffect, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { formatDate } from "../../domain/dateRange";
import {
  MAX_SCHEDULE_TIMES,
  parseScheduleTime,
  REPORT_FREQUENCIES,
  type ReportTimeZone,
  scheduleProblems,
  zoneOfReportTimeZone,
} from "../../domain/reports/schedule";
import { type Contact, useContacts } from "../../client/queries/contacts";
import {
  type ReportSendRequest,
  type ReportTemplate,
  type ReportTemplateUpdate,
  type ReportType,
  useReportTemplate,
  useSaveReportTemplate,
} from "../../client/queries/reports";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { useAirportChoice } from "../../client/airport/useAirport";
import { SendReportDialog } from "./SendReportDialog";
import "../../client/i18n/reportsTexts";
import "../../client/i18n/formsTexts";

const NO_CONTACTS: Contact[] = [];

export interface ReportScheduleControlsProps {
  reportName: ReportType;
  /** The report as the view shows it: what the send modal sends (without cc). */
  query: Omit<ReportSendRequest, "cc">;
  seasonName: string | null;
  /** The view's table of the report, shown in the send modal. */
  preview?: ReactNode;
  /** The view's download of the same report. */
  onDownload?: () => Promise<void> | void;
  /** False while the report has no rows to send (the send button waits). */
  canSend?: boolean;
}

/** What the time field shows for what was typed: digits only, `HH:MM` once past two. */
export const timeEntry = (typed: string): string => {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};

/** Times for a higher frequency: the existing ones, then every 8 hours after the first. */
function withFrequency(schedule: string[], frequency: number): string[] {
  const times = schedule.slice(0, frequency);
  const first = schedule[0] ?? "06:00";
  const [hh = 6, mm = 0] = first.split(":").map(Number);
  for (let step = 1; times.length < frequency && step < 24; step++) {
    const hour = (hh + step * 8) % 24;
    const candidate = `${String(hour).padStart(2, "0")}:${String(mm).padStart(2, "0")}`;
    if (!times.includes(candidate)) times.push(candidate);
  }
  return times;
}

const updateOf = (template: ReportTemplate, change: Partial<ReportTemplateUpdate>): ReportTemplateUpdate => ({
  report_name: template.report_name,
  airport: template.airport,
  frequency: template.frequency,
  schedule: template.schedule,
  timezone: template.timezone,
  send_to: template.send_to,
  // The version read: a save after another person's is refused (409) instead of undoing theirs.
  version: template.version,
  ...change,
});

export const ReportScheduleControls = ({
  reportName,
  query,
  seasonName,
  preview,
  onDownload,
  canSend = true,
}: ReportScheduleControlsProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  // Each airport schedules its own sends (issue 37): the one chosen in the top bar.
  // Nothing is asked until the person's airport is read (a JFK desk never reads MEX's first).
  const { airport, settled } = useAirportChoice();
  const templateQuery = useReportTemplate(reportName, airport.code, settled);
  const saveTemplate = useSaveReportTemplate();
  // Another report's or airport's template (until this one's arrives) is not shown.
  const read = templateQuery.data;
  const template = read?.report_name === reportName && read.airport === airport.code ? read : null;
  const contacts = useContacts().data ?? NO_CONTACTS;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<string[]>([]);
  const [draftZone, setDraftZone] = useState<ReportTimeZone>("local");
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The server's message when another person saved the settings first (issue 25); 'Recargar' clears it. */
  const [stale, setStale] = useState<string | null>(null);

  const templateError = templateQuery.error;
  useEffect(() => {
    if (!templateError) return;
    notify(translate("slotdesk.reportsSend.template_load_failed", { message: templateError.message }), { type: "error" });
  }, [templateError, notify, translate]);

  const save = async (change: Partial<ReportTemplateUpdate>): Promise<boolean> => {
    if (!template) return false;
    setSaving(true);
    const outcome = await saveTemplate.mutateAsync(updateOf(template, change));
    setSaving(false);
    if (!outcome.ok) {
      if (outcome.stale) setStale(outcome.message);
      else notify(`${translate("slotdesk.reportsSend.template_failed")}: ${outcome.message}`, { type: "error" });
      return false;
    }
    setStale(null);
    notify(translate("slotdesk.reportsSend.template_saved"), { type: "success" });
    return true;
  };

  const locked = template === null || saving;
  /** Reads the settings as saved now; what was typed in the schedule stays in its fields. */
  const reload = async () => {
    await templateQuery.refetch();
    setStale(null);
  };
  const staleAlert = stale ? (
    <Box sx={{ flexBasis: "100%" }}>
      <StaleVersionAlert stale={{ message: stale }} onReload={reload} />
    </Box>
  ) : null;
  const contact = contacts.find((c) => c.id === template?.send_to) ?? null;
  const draftProblems = scheduleProblems(draft.length, draft);
  const zone = template ? zoneOfReportTimeZone(template.timezone, airport.timeZone) : null;
  const run = template?.next_run;
  const nextRun =
    run && zone
      ? translate(run.end ? "slotdesk.reportsSend.next_run_week" : "slotdesk.reportsSend.next_run", {
          at: format(new TZDate(new Date(run.at).getTime(), zone), "dd/MM/yyyy HH:mm"),
          day: formatDate(run.day),
          ...(run.end ? { end: formatDate(run.end) } : {}),
        })
      : translate("slotdesk.reportsSend.no_next_run");
  const runNote = translate(
    reportName === "weekly_monitoring" ? "slotdesk.reportsSend.previous_week_note" : "slotdesk.reportsSend.previous_day_note",
  );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <TextField
        select
        size="small"
        fullWidth={false}
        label={translate("slotdesk.reportsSend.frequency")}
        value={template?.frequency ?? 1}
        disabled={locked}
        sx={{ minWidth: 140 }}
        onChange={(event) => {
          if (!template) return;
          const frequency = Number(event.target.value);
          void save({ frequency, schedule: withFrequency(template.schedule, frequency) });
        }}
      >
        {REPORT_FREQUENCIES.map((n) => (
          <MenuItem key={n} value={n}>
            {translate("slotdesk.reportsSend.frequency_option", { smart_count: n })}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        startIcon={<ScheduleIcon />}
        disabled={locked}
        aria-label={translate("slotdesk.reportsSend.schedule")}
        onClick={(event) => {
          setDraft(template?.schedule ?? []);
          setDraftZone(template?.timezone ?? "local");
          setAnchor(event.currentTarget);
        }}
      >
        {translate("slotdesk.reportsSend.schedule_button", {
          times: template?.schedule.join(", ") ?? "",
          zone: translate(template?.timezone === "zulu" ? "slotdesk.reportsSend.zulu" : "slotdesk.reportsSend.local"),
        })}
      </Button>
      <Tooltip title={`${nextRun} ${runNote}`}>
        <InfoOutlinedIcon fontSize="small" color="action" aria-label={`${nextRun} ${runNote}`} />
      </Tooltip>
      <Autocomplete
        size="small"
        sx={{ width: 220, flexShrink: 0 }}
        options={contacts}
        value={contact}
        disabled={locked}
        getOptionLabel={(c) => `${c.name} <${c.email}>`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, value) => void save({ send_to: value?.id ?? null })}
        renderInput={(params) => (
          <TextField {...params} label={translate("slotdesk.reportsSend.send_to")} placeholder={translate("slotdesk.reportsSend.send_to_none")} />
        )}
      />
      <Tooltip title={template?.send_to_email ? "" : translate("slotdesk.reportsSend.send_needs_contact")}>
        <span>
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            disabled={locked || !canSend || !template?.send_to_email}
            onClick={() => setSending(true)}
          >
            {translate("slotdesk.reportsSend.send_button")}
          </Button>
        </span>
      </Tooltip>

      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Box sx={{ p: 2, width: 300, display: "grid", gap: 1.5 }} role="group" aria-label={translate("slotdesk.reportsSend.schedule_title")}>
          <Typography variant="subtitle2">{translate("slotdesk.reportsSend.schedule_title")}</Typography>
          <Typography variant="body2">{nextRun}</Typography>
          {draft.map((value, index) => {
            const invalid = parseScheduleTime(value) === null;
            return (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                <TextField
                  size="small"
                  fullWidth
                  label={translate("slotdesk.reportsSend.schedule_time", { n: index + 1 })}
                  value={value}
                  error={invalid}
                  helperText={invalid ? translate("slotdesk.reportsSend.schedule_invalid") : " "}
                  slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
                  onChange={(event) => setDraft(draft.map((t, i) => (i === index ? timeEntry(event.target.value) : t)))}
                />
                <IconButton
                  aria-label={translate("slotdesk.reportsSend.schedule_remove")}
                  disabled={draft.length <= 1}
                  onClick={() => setDraft(draft.filter((_t, i) => i !== index))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            );
          })}
          <TextField
            select
            size="small"
            label={translate("slotdesk.reportsSend.timezone")}
            value={draftZone}
            onChange={(event) => setDraftZone(event.target.value === "zulu" ? "zulu" : "local")}
          >
            <MenuItem value="zulu">{translate("slotdesk.reportsSend.zulu")}</MenuItem>
            <MenuItem value="local">{translate("slotdesk.reportsSend.local")}</MenuItem>
          </TextField>
          {draftProblems.length > 0 && draft.every((t) => parseScheduleTime(t) !== null) ? (
            <Typography variant="caption" color="error">
              {draftProblems.map((p) => p.message).join(" ")}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {translate("slotdesk.reportsSend.schedule_help")}. {translate("slotdesk.reportsSend.previous_day_note")}
          </Typography>
          {anchor !== null ? staleAlert : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
            <Button onClick={() => setAnchor(null)}>{translate("slotdesk.reportsSend.schedule_cancel")}</Button>
            <Button
              variant="contained"
              disabled={draftProblems.length > 0 || draft.length > MAX_SCHEDULE_TIMES || saving}
              onClick={() =>
                void save({ frequency: draft.length, schedule: draft, timezone: draftZone }).then((ok) => {
                  if (ok) setAnchor(null);
                })
              }
            >
              {translate("slotdesk.reportsSend.schedule_save")}
            </Button>
          </Stack>
        </Box>
      </Popover>

      {anchor === null ? staleAlert : null}
      {sending && template?.send_to_email ? (
        <SendReportDialog
          open
          onClose={() => setSending(false)}
          reportName={reportName}
          query={query}
          seasonName={seasonName}
          sendToEmail={template.send_to_email}
          preview={preview}
          onDownload={onDownload}
        />
      ) : null}
    </Stack>
  );
};
