/**
 * The 'Solicitud' viewer of one logbook part (seed 002 §2, §3): its header, S.I. and G.I., the
 * lines (actual, request and the coordinator's response) and the message exactly as e-mailed.
 * The commentary and tracing are edited here (saved on blur), the part's four files uploaded,
 * downloaded and deleted, and the coordinator's offers answered (A, P, Z); an Admin switches a
 * line's response between K and U by clicking it (LineStatusCell).
 */
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
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
import { lazy, Suspense, useCallback, useId, useState } from "react";
import { Confirm, useGetOne, useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { useDeleteLogbookRequest } from "../../client/queries/logbook";
import { type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { useCapability } from "../../client/auth/capabilities";
import { SCR_TEXT } from "../../client/ui/scrText";
import { localDateTime } from "../../client/dates/localDateTime";
import { LOGBOOK_TYPE_KEYS, type LogbookPart } from "./data";
import { LineStatusCell } from "./LineStatusCell";
import { LogbookNotes } from "./LogbookNotes";
import { LineOffers } from "./LogbookOffers";

/** The file groups are a generated form (@rjsf/mui): it loads with the part, not with the list of the Bitácora. */
const LogbookFiles = lazy(() => import("./LogbookFiles").then((module) => ({ default: module.LogbookFiles })));
import { Fact } from "../../client/ui/Fact";
import "../../client/i18n/logbookTexts";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";

/** The part; its writes (notes, files, offer answers) reload it through the cache. */
type Versioned = {
  version: number;
  onWritten: (version: number) => void;
  onStale: (stale: StaleVersion) => void;
};

const PartBody = ({ part, version, onWritten, onStale }: { part: LogbookPart } & Versioned) => {
  const translate = useTranslate();
  const linesId = useId();
  const messageId = useId();
  const responseId = useId();
  const withOffers = part.lines.some((line) => line.offers.length > 0);
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
      <LogbookNotes
        requestId={part.request_id}
        commentary={part.commentary}
        tracing={part.tracing}
        version={version}
        onWritten={onWritten}
        onStale={onStale}
      />
      <Suspense fallback={null}>
        <LogbookFiles part={part} />
      </Suspense>

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
                  {withOffers ? <TableCell>{translate("slotdesk.logbook.offers.column")}</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {part.lines.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell sx={SCR_TEXT}>{line.actual ?? "—"}</TableCell>
                    <TableCell sx={SCR_TEXT}>{line.request ?? "—"}</TableCell>
                    <TableCell>
                      <LineStatusCell line={line} version={version} onWritten={onWritten} onStale={onStale} />
                    </TableCell>
                    {withOffers ? (
                      <TableCell>
                        <LineOffers line={line} />
                      </TableCell>
                    ) : null}
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
      {part.response_text ? (
        <Box>
          <Typography id={responseId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {translate("slotdesk.logbook.viewer.response_message")}
          </Typography>
          <Paper variant="outlined" sx={{ p: 1.5, bgcolor: "grey.50" }}>
            <Box component="pre" aria-labelledby={responseId} sx={{ ...SCR_TEXT, m: 0, fontSize: 13, overflowX: "auto" }}>
              {part.response_text}
            </Box>
          </Paper>
        </Box>
      ) : null}
    </Stack>
  );
};

/**
 * Deletes the part's whole reference after the seed's confirmation (seed 002 §8). The server
 * refuses while a slot still waits in process; its message says which, else the seed's generic one.
 */
const DeleteReference = ({
  part,
  version,
  onDeleted,
  onStale,
}: {
  part: LogbookPart;
  version: number;
  onDeleted: () => void;
  onStale: (stale: StaleVersion) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const { mutateAsync: deleteRequest, isPending: deleting } = useDeleteLogbookRequest();
  const remove = async () => {
    try {
      const { error, response } = await deleteRequest({ requestId: part.request_id, version });
      if (response.status === 204) {
        notify("slotdesk.logbook.delete.success", { type: "success" });
        onDeleted();
        return;
      }
      const stale = staleVersionOf(error);
      if (stale) {
        onStale(stale);
        return;
      }
      notify(response.status === 409 ? apiErrorMessage(error) : translate("slotdesk.logbook.notes.failed"), { type: "error" });
    } catch {
      notify("slotdesk.logbook.notes.failed", { type: "error" });
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
        {translate("slotdesk.logbook.delete.button")}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="slotdesk.logbook.delete.title"
        content="slotdesk.logbook.delete.confirm"
        translateOptions={{ reference: part.reference }}
        confirm="slotdesk.logbook.delete.confirm_button"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

export const LogbookPartDialog = ({
  partId,
  onClose,
  onDeleted = onClose,
}: {
  partId: number;
  onClose: () => void;
  /** After the reference was deleted (the list reloads); closing by default. */
  onDeleted?: () => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const canDelete = useCapability("logbookDelete");
  const { data, isPending, error, refetch } = useGetOne<LogbookPart>("logbookParts", { id: partId }, { gcTime: 0 });
  // The request's version this viewer writes from: the part's as read, or newer after its own writes.
  const [written, setWritten] = useState(0);
  const version = Math.max(data?.version ?? 0, written);
  const onWritten = useCallback((next: number) => setWritten((current) => Math.max(current, next)), []);
  // A write refused because someone changed the request first: who and when, and 'Recargar'.
  const [stale, setStale] = useState<StaleVersion | null>(null);
  const reload = useCallback(async () => {
    await refetch();
    setStale(null);
  }, [refetch]);
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6, display: "flex", alignItems: "center", gap: 2 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {translate("slotdesk.logbook.viewer.title")}
          {data ? ` · ${data.reference}${data.part > 1 ? `-${data.part}` : ""}` : ""}
        </Box>
        {data && canDelete ? <DeleteReference part={data} version={version} onDeleted={onDeleted} onStale={setStale} /> : null}
        <DialogCloseButton label={translate("slotdesk.logbook.viewer.close")} onClick={onClose} />
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
        {stale ? (
          <Box sx={{ mb: 2 }}>
            <StaleVersionAlert stale={stale} onReload={reload} />
          </Box>
        ) : null}
        {data ? <PartBody part={data} version={version} onWritten={onWritten} onStale={setStale} /> : null}
      </DialogContent>
    </Dialog>
  );
};
