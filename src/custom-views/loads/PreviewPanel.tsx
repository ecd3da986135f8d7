/**
 * A file's preview (it wrote nothing): what it would add, change and leave out, the dates whose
 * matches would be computed again, and every warning and error by line with the line's text.
 * With lines in error the load button says how many lines load and how many are left out.
 */
import { Alert, Box, Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useAirport } from "../../client/airport/useAirport";
import type { DataLoadPreview } from "../../client/queries/loads";
import { Fact } from "../../client/ui/Fact";
import { formatDate } from "../../domain/dateRange";
import type { components } from "../../generated/openapi";
import { ChangesList } from "./ChangesList";
import "./texts";

type ReadProblem = components["schemas"]["ReadProblem"];

/** Lines that would load: the lines read but those in error. */
export const loadingLines = (preview: DataLoadPreview) => Math.max(0, preview.counts.lines - preview.counts.skipped);

export function ProblemsTable({ problems }: { problems: readonly ReadProblem[] }) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={translate("slotdesk.loads.problems.title")}>
        <TableHead>
          <TableRow>
            <TableCell align="right">{translate("slotdesk.loads.problems.line")}</TableCell>
            <TableCell align="right">{translate("slotdesk.loads.problems.column")}</TableCell>
            <TableCell>{translate("slotdesk.loads.problems.severity")}</TableCell>
            <TableCell>{translate("slotdesk.loads.problems.message")}</TableCell>
            <TableCell>{translate("slotdesk.loads.problems.text")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {problems.map((problem, index) => (
            <TableRow key={`${problem.line}-${problem.column}-${index}`}>
              <TableCell align="right">{problem.line}</TableCell>
              <TableCell align="right">{problem.column}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={problem.severity === "error" ? "error" : "warning"}
                  label={translate(problem.severity === "error" ? "slotdesk.loads.problems.error" : "slotdesk.loads.problems.aviso")}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 240 }}>{problem.message}</TableCell>
              <TableCell sx={{ fontFamily: "monospace", fontSize: 12, whiteSpace: "pre", maxWidth: 420, overflowX: "auto" }}>
                {problem.text}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The flights per airport, when the file has some at more than one active airport (issue 37). A
 * file is the airline's, not one airport's: every airport stays listed, the one chosen in the top
 * bar first and marked, so a station's team reads its own line at once.
 */
function AirportsTable({ airports }: { airports: NonNullable<DataLoadPreview["airports"]> }) {
  const translate = useTranslate();
  const { code } = useAirport();
  if (airports.length < 2) return null;
  const ordered = [...airports.filter((row) => row.airport === code), ...airports.filter((row) => row.airport !== code)];
  return (
    <TableContainer sx={{ mb: 2, maxWidth: 640 }}>
      <Table size="small" aria-label={translate("slotdesk.loads.preview.by_airport")}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("slotdesk.loads.preview.airport")}</TableCell>
            <TableCell align="right">{translate("slotdesk.loads.preview.flights")}</TableCell>
            <TableCell align="right">{translate("slotdesk.loads.preview.new")}</TableCell>
            <TableCell align="right">{translate("slotdesk.loads.preview.changed")}</TableCell>
            <TableCell align="right">{translate("slotdesk.loads.preview.unchanged")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ordered.map((row) => (
            <TableRow key={row.airport} selected={row.airport === code}>
              <TableCell>{row.airport === code ? translate("slotdesk.loads.preview.chosen_airport", { code }) : row.airport}</TableCell>
              <TableCell align="right">{row.flights}</TableCell>
              <TableCell align="right">{row.new}</TableCell>
              <TableCell align="right">{row.changed}</TableCell>
              <TableCell align="right">{row.unchanged}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function PreviewPanel({
  preview,
  busy,
  onLoad,
  onCancel,
}: {
  preview: DataLoadPreview;
  busy: boolean;
  onLoad: () => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const { counts, rematch_dates: dates } = preview;
  const first = dates[0];
  const last = dates[dates.length - 1];
  // A movement file counts messages, not lines: what it loads and leaves out are messages.
  const messages = preview.kind === "mvt";
  const loadLabel =
    preview.errors === 0
      ? translate("slotdesk.loads.preview.load")
      : messages
        ? translate("slotdesk.loads.preview.load_skipping_messages", {
            messages: translate("slotdesk.loads.preview.messages_count", { smart_count: loadingLines(preview) }),
            skipped: translate("slotdesk.loads.preview.messages_count", { smart_count: counts.skipped }),
          })
        : translate("slotdesk.loads.preview.load_skipping", {
            lines: translate("slotdesk.loads.preview.lines_count", { smart_count: loadingLines(preview) }),
            errors: preview.errors,
          });
  // Nothing loads: the one error that says why (e.g. another airline's file) is the reason shown.
  const reason = preview.errors === 1 ? preview.problems.find((problem) => problem.severity === "error") : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label={translate("slotdesk.loads.preview.title", { file: preview.file_name })}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate("slotdesk.loads.preview.title", { file: preview.file_name })}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate("slotdesk.loads.preview.note")}
      </Alert>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <Fact label={translate("slotdesk.loads.preview.new")}>{counts.new}</Fact>
        <Fact label={translate("slotdesk.loads.preview.changed")}>{counts.changed}</Fact>
        <Fact label={translate("slotdesk.loads.preview.unchanged")}>{counts.unchanged}</Fact>
        <Fact label={translate("slotdesk.loads.preview.skipped")}>{counts.skipped}</Fact>
        {counts.pending > 0 ? <Fact label={translate("slotdesk.loads.preview.pending")}>{counts.pending}</Fact> : null}
        <Fact label={translate(messages ? "slotdesk.loads.preview.messages" : "slotdesk.loads.preview.lines")}>{counts.lines}</Fact>
        <Fact label={translate("slotdesk.loads.preview.rematch")}>
          {first && last
            ? translate("slotdesk.loads.preview.rematch_range", { first: formatDate(first), last: formatDate(last), smart_count: dates.length })
            : translate("slotdesk.loads.preview.rematch_none")}
        </Fact>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Chip color={preview.warnings > 0 ? "warning" : "default"} label={translate("slotdesk.loads.preview.warnings", { smart_count: preview.warnings })} />
        <Chip color={preview.errors > 0 ? "error" : "default"} label={translate("slotdesk.loads.preview.errors", { smart_count: preview.errors })} />
      </Stack>
      {preview.airports ? <AirportsTable airports={preview.airports} /> : null}
      <ChangesList changes={preview.changes} />
      {!preview.loadable ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {reason ? translate("slotdesk.loads.preview.not_loadable_because", { reason: reason.message }) : translate("slotdesk.loads.preview.not_loadable")}
        </Alert>
      ) : preview.errors > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate("slotdesk.loads.preview.errors_note")}
        </Alert>
      ) : null}
      {preview.problems.length > 0 ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {translate("slotdesk.loads.problems.title")}
          </Typography>
          {preview.problems.length < preview.warnings + preview.errors ? (
            <Typography variant="body2" color="text.secondary">
              {translate("slotdesk.loads.preview.truncated", { shown: preview.problems.length, total: preview.warnings + preview.errors })}
            </Typography>
          ) : null}
          <ProblemsTable problems={preview.problems} />
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate("slotdesk.loads.preview.no_problems")}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        <Button onClick={onCancel} disabled={busy}>
          {translate("slotdesk.loads.preview.cancel")}
        </Button>
        {preview.loadable ? (
          <Button variant="contained" onClick={onLoad} disabled={busy}>
            {loadLabel}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
