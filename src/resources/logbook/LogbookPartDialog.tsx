/**
 * The 'Solicitud' viewer of one logbook part (seed 002 §2, §3): its header, S.I. and G.I., the
 * lines (actual, request and the coordinator's response) and the message exactly as e-mailed.
 * The commentary and tracing are edited here (saved on blur); switching a line's response and the
 * files come in a later issue.
 */
import CloseIcon from "@mui/icons-material/Close";
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type ReactNode, useId } from "react";
import { useGetOne, useTranslate } from "react-admin";
import { SCR_TEXT } from "../../app/theme";
import { localDateTime } from "../audit/AuditList";
import { LOGBOOK_TYPE_KEYS, type LogbookPart } from "./data";
import { LogbookNotes } from "./LogbookNotes";


const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography component="div" sx={{ fontWeight: 600 }} aria-label={label}>
      {children}
    </Typography>
  </Box>
);

const PartBody = ({ part }: { part: LogbookPart }) => {
  const translate = useTranslate();
  const linesId = useId();
  const messageId = useId();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Fact label={translate("slotdesk.logbook.viewer.reference")}>{part.reference}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.part")}>{part.part}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.type")}>{translate(LOGBOOK_TYPE_KEYS[part.type])}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.season")}>{part.season.name}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.airport")}>{part.airport}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.request_date")}>{localDateTime(part.request_date)}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.response_date")}>
          {part.response_date ? localDateTime(part.response_date) : "---"}
        </Fact>
        <Fact label={translate("slotdesk.logbook.viewer.responsible")}>{part.responsible ?? "---"}</Fact>
      </Stack>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Fact label={translate("slotdesk.logbook.viewer.si")}>{part.si || "---"}</Fact>
        <Fact label={translate("slotdesk.logbook.viewer.gi")}>{part.gi || "---"}</Fact>
      </Stack>
      <LogbookNotes requestId={part.request_id} commentary={part.commentary} tracing={part.tracing} />

      <Box>
        <Typography id={linesId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {translate("slotdesk.logbook.viewer.lines")}
        </Typography>
        {part.lines.length === 0 ? (
          <Typography color="text.secondary">{translate("slotdesk.logbook.viewer.no_lines")}</Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby={linesId}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate("slotdesk.logbook.viewer.actual")}</TableCell>
                  <TableCell>{translate("slotdesk.logbook.viewer.request")}</TableCell>
                  <TableCell>{translate("slotdesk.logbook.viewer.response")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {part.lines.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell sx={SCR_TEXT}>{line.actual ?? "—"}</TableCell>
                    <TableCell sx={SCR_TEXT}>{line.request ?? "—"}</TableCell>
                    <TableCell>{line.response ?? translate("slotdesk.logbook.viewer.pending")}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>

      <Box>
        <Typography id={messageId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {translate("slotdesk.logbook.viewer.message")}
        </Typography>
        {part.request_text ? (
          <Paper variant="outlined" sx={{ p: 1.5, bgcolor: "grey.50" }}>
            <Box component="pre" aria-labelledby={messageId} sx={{ ...SCR_TEXT, m: 0, fontSize: 13, overflowX: "auto" }}>
              {part.request_text}
            </Box>
          </Paper>
        ) : (
          <Typography color="text.secondary">{translate("slotdesk.logbook.viewer.no_message")}</Typography>
        )}
      </Box>

      <Alert severity="info">{translate("slotdesk.logbook.later")}</Alert>
    </Stack>
  );
};

export const LogbookPartDialog = ({ partId, onClose }: { partId: number; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const { data, isPending, error } = useGetOne<LogbookPart>("logbookParts", { id: partId }, { gcTime: 0 });
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {translate("slotdesk.logbook.viewer.title")}
        {data ? ` · ${data.reference}${data.part > 1 ? `-${data.part}` : ""}` : ""}
        <IconButton
          aria-label={translate("slotdesk.logbook.viewer.close")}
          onClick={onClose}
          sx={{ position: "absolute", right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
            <CircularProgress size={18} aria-hidden />
            <Typography>{translate("slotdesk.logbook.viewer.loading")}</Typography>
          </Stack>
        ) : null}
        {error ? (
          <Alert severity="error">
            {translate("slotdesk.logbook.viewer.failed", { message: error instanceof Error ? error.message : "" })}
          </Alert>
        ) : null}
        {data ? <PartBody part={data} /> : null}
      </DialogContent>
    </Dialog>
  );
};
