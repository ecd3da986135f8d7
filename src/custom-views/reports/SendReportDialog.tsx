/**
 * 'Confirmación de envío de reporte' (seed 001 §2.8, §4.4, §8): a full-screen dialog with the
 * report's header (type, season or '---', date, the report's airport, send-to address, the cc contacts),
 * the report's table as the view shows it, its download, and the checkbox 'He revisado y confirmo
 * el envío del reporte'. 'Enviar' opens 'Envío de reporte': without the checkbox it asks the
 * user to review the report first (Entendido); with it, it asks to confirm (Confirmar). Then the
 * dialog closes and the pending, success or error notice shows.
 */
import CloseIcon from "@mui/icons-material/Close";
import DownloadIcon from "@mui/icons-material/Download";
import SendIcon from "@mui/icons-material/Send";
import {
  AppBar,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Toolbar,
  Typography,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { formatDate } from "../../domain/dateRange";
import { REPORT_LABELS } from "../../domain/reports";
import { type Contact, useContacts } from "../../client/queries/contacts";
import { type ReportSendRequest, type ReportType, useSendReport } from "../../client/queries/reports";
import { Fact } from "../../client/ui/Fact";
import { useAirport } from "../../client/airport/useAirport";
import "../../client/i18n/reportsTexts";

export interface SendReportDialogProps {
  open: boolean;
  onClose: () => void;
  reportName: ReportType;
  /** The report as the view shows it (range, zone, season, rows kept and added). */
  query: Omit<ReportSendRequest, "cc">;
  seasonName: string | null;
  sendToEmail: string;
  /** The view's table of this report. */
  preview?: ReactNode;
  /** The view's download of this report (its loader included). */
  onDownload?: () => Promise<void> | void;
}

/** How long 'Preparando reporte para su envío...' stays before the outcome may show. */
const PENDING_NOTICE_MS = 1500;

const NO_CONTACTS: Contact[] = [];


export const SendReportDialog = ({
  open,
  onClose,
  reportName,
  query,
  seasonName,
  sendToEmail,
  preview,
  onDownload,
}: SendReportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const contacts = useContacts().data ?? NO_CONTACTS;
  const sendNow = useSendReport();
  // The top bar's airport, which the view put in `query` (issue 37).
  const airport = useAirport();
  const [cc, setCc] = useState<string[]>([]);
  const [reviewed, setReviewed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);

  // Mounted for each opening (the toolbar renders it only while open): the checkbox and cc start empty.

  const label = REPORT_LABELS[reportName];
  const range = query.start === query.end ? formatDate(query.start) : `${formatDate(query.start)} – ${formatDate(query.end)}`;
  const ccOptions = contacts.map((c) => c.email).filter((email) => email !== sendToEmail);

  const download = async () => {
    if (!onDownload) return;
    setDownloading(true);
    try {
      await onDownload();
    } finally {
      setDownloading(false);
    }
  };

  const send = async () => {
    setAsking(false);
    onClose();
    // Notices show one at a time: the pending one gives way soon, so the outcome is not held back.
    notify(translate("slotdesk.reportsSend.pending"), { type: "info", autoHideDuration: PENDING_NOTICE_MS });
    const outcome = await sendNow.mutateAsync({ type: reportName, body: { ...query, cc } });
    if (outcome.ok) {
      notify(translate(outcome.run.status === "kept" ? "slotdesk.reportsSend.kept" : "slotdesk.reportsSend.sent"), {
        type: outcome.run.status === "kept" ? "warning" : "success",
      });
    } else {
      notify(outcome.status === 404 ? translate("slotdesk.reportsSend.no_data") : outcome.message, { type: "error" });
    }
  };

  return (
    <>
      <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="send-report-title">
        <AppBar position="relative" color="default" elevation={1}>
          <Toolbar variant="dense">
            <IconButton edge="start" onClick={onClose} aria-label={translate("slotdesk.reportsSend.dialog.close")}>
              <CloseIcon />
            </IconButton>
            <Typography id="send-report-title" variant="h6" component="h2" sx={{ ml: 1, flex: 1 }}>
              {translate("slotdesk.reportsSend.dialog.title")}
            </Typography>
            {onDownload ? (
              <Button
                startIcon={downloading ? <CircularProgress size={16} /> : <DownloadIcon />}
                disabled={downloading}
                onClick={() => void download()}
              >
                {translate("slotdesk.reportsSend.dialog.download")}
              </Button>
            ) : null}
          </Toolbar>
        </AppBar>
        <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: "wrap", alignItems: "flex-end" }}>
            <Fact label={translate("slotdesk.reportsSend.dialog.type")}>{label}</Fact>
            <Fact label={translate("slotdesk.reportsSend.dialog.season")}>{seasonName ?? "---"}</Fact>
            <Fact label={translate("slotdesk.reportsSend.dialog.date")}>{range}</Fact>
            <Fact label={translate("slotdesk.reportsSend.dialog.airport")}>{query.airport ?? airport.code}</Fact>
            <Fact label={translate("slotdesk.reportsSend.dialog.send_to")}>{sendToEmail}</Fact>
            <Autocomplete
              multiple
              size="small"
              sx={{ minWidth: 320, flex: 1 }}
              options={ccOptions}
              value={cc}
              onChange={(_event, value) => setCc(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate("slotdesk.reportsSend.dialog.cc")}
                  placeholder={translate("slotdesk.reportsSend.dialog.cc_placeholder")}
                />
              )}
            />
          </Stack>
          <Box sx={{ flex: 1, minHeight: 240 }}>
            {preview ?? (
              <Typography color="text.secondary">{translate("slotdesk.reportsSend.dialog.preview_empty")}</Typography>
            )}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, justifyContent: "space-between" }}>
          <FormControlLabel
            control={<Checkbox checked={reviewed} onChange={(event) => setReviewed(event.target.checked)} />}
            label={translate("slotdesk.reportsSend.dialog.review")}
          />
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => setAsking(true)}>
            {translate("slotdesk.reportsSend.dialog.send")}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="send-report-confirm-title">
        <DialogTitle id="send-report-confirm-title">{translate("slotdesk.reportsSend.confirm.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {reviewed
              ? translate("slotdesk.reportsSend.confirm.question", { name: label, email: sendToEmail })
              : translate("slotdesk.reportsSend.confirm.must_review")}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          {reviewed ? (
            <>
              <Button onClick={() => setAsking(false)}>{translate("slotdesk.reportsSend.confirm.cancel")}</Button>
              <Button variant="contained" onClick={() => void send()}>
                {translate("slotdesk.reportsSend.confirm.confirm")}
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={() => setAsking(false)}>
              {translate("slotdesk.reportsSend.confirm.understood")}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
