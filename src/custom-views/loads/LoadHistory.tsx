/**
 * The history of every load, newest first: when (Mexico City time), who or what loaded it, from
 * where, the file (downloadable as it arrived), the counts, the warnings, whether it loaded, and
 * the lines it left out (downloadable) when it left any.
 */
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
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
import { useNotify, useTranslate } from "react-admin";
import { localDateTime } from "../../client/dates/localDateTime";
import { type DataLoad, type DataLoadFilePart, downloadDataLoadFile, useDataLoads } from "../../client/queries/loads";
import "./texts";

const SOURCE_KEYS: Record<DataLoad["source"], string> = {
  web: "slotdesk.loads.history.sources.web",
  feed: "slotdesk.loads.history.sources.feed",
  cli: "slotdesk.loads.history.sources.cli",
};
const KIND_KEYS: Record<DataLoad["kind"], string> = {
  schedule: "slotdesk.loads.history.kinds.schedule",
  flights: "slotdesk.loads.history.kinds.flights",
  mvt: "slotdesk.loads.history.kinds.mvt",
};

/** Who loaded it: the person; a load by no person (the feed folder, a command) is named once, by its origin. */
const loaderKey = (load: DataLoad): string | null => (load.loaded_by ? null : "slotdesk.loads.history.unknown_user");

/**
 * A load's outcome: refused, a feed file whose content was loaded before (grey), loaded whole
 * (green), or loaded with lines left out (not the same green).
 */
function statusChip(load: DataLoad): { color: "success" | "warning" | "error" | "default"; key: string; count?: number } {
  if (load.status === "unchanged") return { color: "default", key: "slotdesk.loads.history.unchanged_status" };
  if (load.status !== "applied") return { color: "error", key: "slotdesk.loads.history.refused" };
  if (load.errors > 0) return { color: "warning", key: "slotdesk.loads.history.applied_partly", count: load.errors };
  return { color: "success", key: "slotdesk.loads.history.applied" };
}

export function LoadHistory() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, isPending, isFetching, refetch } = useDataLoads();

  const download = (load: DataLoad, part: DataLoadFilePart) => {
    downloadDataLoadFile(load, part).catch((failure: unknown) =>
      notify(failure instanceof Error ? failure.message : translate("slotdesk.loads.errors.download"), { type: "error" }),
    );
  };

  const columns: ReadonlyArray<[string, "left" | "right"]> = [
    ["slotdesk.loads.history.date", "left"],
    ["slotdesk.loads.history.user", "left"],
    ["slotdesk.loads.history.source", "left"],
    ["slotdesk.loads.history.file", "left"],
    ["slotdesk.loads.history.kind", "left"],
    ["slotdesk.loads.history.new", "right"],
    ["slotdesk.loads.history.changed", "right"],
    ["slotdesk.loads.history.unchanged", "right"],
    ["slotdesk.loads.history.skipped", "right"],
    ["slotdesk.loads.history.warnings", "right"],
    ["slotdesk.loads.history.status", "left"],
    ["slotdesk.loads.history.skipped_lines", "left"],
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate("slotdesk.loads.history.title")}
        </Typography>
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
          {translate("slotdesk.loads.history.refresh")}
        </Button>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching ? <LinearProgress /> : null}</Box>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : !isPending && data.length === 0 ? (
        <Typography color="text.secondary">{translate("slotdesk.loads.history.empty")}</Typography>
      ) : data ? (
        <TableContainer>
          <Table size="small" aria-label={translate("slotdesk.loads.history.title")}>
            <TableHead>
              <TableRow>
                {columns.map(([key, align]) => (
                  <TableCell key={key} align={align}>
                    {translate(key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((load) => {
                const loader = loaderKey(load);
                return (
                  <TableRow key={load.id}>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{localDateTime(load.loaded_at)}</TableCell>
                    <TableCell>{loader ? translate(loader) : load.loaded_by}</TableCell>
                    <TableCell>{translate(SOURCE_KEYS[load.source])}</TableCell>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        onClick={() => download(load, "original")}
                        aria-label={translate("slotdesk.loads.history.download_original", { file: load.file_name })}
                        sx={{ textAlign: "left", wordBreak: "break-all" }}
                      >
                        {load.file_name}
                      </Link>
                    </TableCell>
                    <TableCell>{translate(KIND_KEYS[load.kind])}</TableCell>
                    <TableCell align="right">{load.counts.new}</TableCell>
                    <TableCell align="right">{load.counts.changed}</TableCell>
                    <TableCell align="right">{load.counts.unchanged}</TableCell>
                    <TableCell align="right">{load.counts.skipped}</TableCell>
                    <TableCell align="right">{load.warnings}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={statusChip(load).color}
                        label={translate(statusChip(load).key, { smart_count: statusChip(load).count ?? 0 })}
                      />
                      {load.message ? (
                        <Typography variant="body2" color={load.status === "refused" ? "error" : "text.secondary"} sx={{ mt: 0.5, maxWidth: 320 }}>
                          {load.message}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {load.status !== "unchanged" && load.errors > 0 ? (
                        <Link
                          component="button"
                          type="button"
                          onClick={() => download(load, "skipped")}
                          aria-label={translate("slotdesk.loads.history.download_skipped", { file: load.file_name })}
                        >
                          {translate("slotdesk.loads.history.skipped_lines")}
                        </Link>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
