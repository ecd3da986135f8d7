/**
 * The summary of the send view: the editor's line pairs in order, each modification with what its
 * request changes against the held slot (highlighted in the line and named in 'Cambios', or 'Sin
 * cambios' as a warning), and the exact message to be e-mailed.
 */
import {
  Alert,
  Box,
  CircularProgress,
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
import { Fragment, type ReactNode, useId } from "react";
import { useTranslate } from "react-admin";
import { SCR_TEXT } from "../../../client/ui/scrText";
import { changedFields, type LineField, lineFields } from "../../../domain/scr";
import type { components } from "../../../generated/openapi";
import type { PreviewState } from "./usePreview";
import "./texts";

type RequestLinePair = components["schemas"]["RequestLinePair"];

/** A 48-character line fits its column on a 1366 px laptop. */
const LINE_CELL = { ...SCR_TEXT, fontSize: 12.5, px: 1 } as const;

/** The catalog key naming each field of a line. */
export const CHANGE_KEYS: Record<LineField, string> = {
  designator: "slotdesk.send.changes.designator",
  dates: "slotdesk.send.changes.dates",
  frequency: "slotdesk.send.changes.frequency",
  equipment: "slotdesk.send.changes.equipment",
  time: "slotdesk.send.changes.time",
  route: "slotdesk.send.changes.route",
  service_type: "slotdesk.send.changes.service_type",
};

/** The rows (1-based) of the pairs whose request changes nothing against the held slot. */
export const unchangedRows = (pairs: readonly RequestLinePair[]): number[] =>
  pairs.flatMap((pair, index) => (changedFields(pair.change, pair.request)?.length === 0 ? [index + 1] : []));

/** The request line with each changed field marked. */
function markedLine(line: string, fields: readonly LineField[]): ReactNode {
  const tokens = lineFields(line);
  if (!tokens || fields.length === 0) return line;
  const spans = fields.map((field) => tokens[field]).sort((a, b) => a.at - b.at);
  const out: ReactNode[] = [];
  let at = 0;
  for (const span of spans) {
    out.push(line.slice(at, span.at));
    out.push(
      <Box component="mark" key={span.at} sx={{ bgcolor: "warning.light", color: "inherit", borderRadius: 0.5 }}>
        {span.text}
      </Box>,
    );
    at = span.at + span.text.length;
  }
  out.push(line.slice(at));
  return out.map((piece, index) => <Fragment key={index}>{piece}</Fragment>);
}

export const LinesSummary = ({ pairs, showChange }: { pairs: RequestLinePair[]; showChange: boolean }) => {
  const translate = useTranslate();
  const titleId = useId();
  const changesCell = (pair: RequestLinePair) => {
    const fields = changedFields(pair.change, pair.request);
    if (fields === null) return <Typography variant="body2" color="text.secondary">{translate("slotdesk.send.changes.unknown")}</Typography>;
    if (fields.length === 0) {
      return (
        <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 600 }}>
          {translate("slotdesk.send.changes.none")}
        </Typography>
      );
    }
    return (
      <Typography variant="body2">
        {translate("slotdesk.send.changes.changed", { fields: fields.map((field) => translate(CHANGE_KEYS[field])).join(", ") })}
      </Typography>
    );
  };
  return (
    <Box>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate("slotdesk.send.summary")}{" "}
        <Typography component="span" variant="body2" color="text.secondary">
          {/* Altas and Cancelaciones send single lines, Modificaciones C/R pairs (issue 24 item 10). */}
          ({translate(pairs.every((pair) => pair.change === null) ? "slotdesk.send.single_lines_count" : "slotdesk.send.lines_count", { smart_count: pairs.length })})
        </Typography>
      </Typography>
      {pairs.length === 0 ? (
        <Alert severity="warning">{translate("slotdesk.send.no_lines")}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 260 }}>
          <Table size="small" stickyHeader aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 40 }}>{translate("slotdesk.send.columns.index")}</TableCell>
                {showChange ? <TableCell>{translate("slotdesk.send.columns.change")}</TableCell> : null}
                <TableCell>{translate("slotdesk.send.columns.request")}</TableCell>
                {showChange ? <TableCell>{translate("slotdesk.send.columns.changes")}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {pairs.map((pair, index) => (
                <TableRow key={`${pair.id}-${index}`}>
                  <TableCell>{index + 1}</TableCell>
                  {showChange ? <TableCell sx={LINE_CELL}>{pair.change ?? "—"}</TableCell> : null}
                  <TableCell sx={LINE_CELL}>
                    {showChange && pair.request !== null
                      ? markedLine(pair.request, changedFields(pair.change, pair.request) ?? [])
                      : (pair.request ?? "—")}
                  </TableCell>
                  {showChange ? <TableCell>{changesCell(pair)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};

export const MessagePreview = ({ preview }: { preview: PreviewState }) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate("slotdesk.send.preview.title")}
      </Typography>
      {preview.kind === "idle" ? (
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.send.preview.hint")}
        </Typography>
      ) : null}
      {preview.kind === "loading" ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{translate("slotdesk.send.preview.loading")}</Typography>
        </Stack>
      ) : null}
      {preview.kind === "failed" ? (
        <Alert severity="error">
          {translate("slotdesk.send.preview.failed", { message: preview.message })}
          {preview.details.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {preview.details.map((detail, index) => (
                <li key={`${index}-${detail}`}>{detail}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      {preview.kind === "ready" ? (
        <Stack spacing={1}>
          {preview.parts.map((part) => (
            <Paper key={part.part} variant="outlined" sx={{ p: 1.5, bgcolor: "grey.50" }}>
              {preview.parts.length > 1 ? (
                <Typography variant="caption" color="text.secondary">
                  {translate("slotdesk.send.preview.part", { part: part.part })}
                </Typography>
              ) : null}
              <Box
                component="pre"
                aria-label={translate("slotdesk.send.preview.part", { part: part.part })}
                sx={{ ...SCR_TEXT, m: 0, fontSize: 13, overflowX: "auto" }}
              >
                {part.text}
              </Box>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
};
