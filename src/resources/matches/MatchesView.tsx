/**
 * Matches (seed 002 §2 "Matches screen", §4, §8; issue 15 item 3): the medium- or short-term
 * generations of a season and a range (the current month by default), with refresh and a quick
 * search. 'Generar' offers Computar or No computar, then the range to generate; the list then
 * shows that generation (its range and season join the filters). The list asks only for complete
 * dates, never for what is half typed in 'Desde' or 'Hasta' (issue 24 item 5). Each row downloads
 * its result file.
 */
import DownloadIcon from "@mui/icons-material/Download";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from "@mui/material";
import { type MouseEvent, useState } from "react";
import {
  Datagrid,
  List,
  RefreshButton,
  SearchInput,
  TopToolbar,
  useDataProvider,
  useGetList,
  useNotify,
  useRefresh,
  useTranslate,
} from "react-admin";
import { useAirportChoice } from "../../client/airport/useAirport";
import { getStoredSeason } from "../../client/auth/session";
import { DateInput } from "../../client/dates/DateInput";
import { formatDate, rangeForPreset } from "../../domain/dateRange";
import { seasonCodeForDate } from "../../domain/seasons";
import { matchesFileName } from "../../domain/termMatches";
import { saveDownload } from "../../client/files/download";
import { downloadMatches } from "../../client/queries/matches";
import { useResourceColumns } from "../../client/schema/ResourceGrid";
import { AdminPagination, DEFAULT_PAGE_SIZE, GridEmpty, Menu } from "../../client/ui/grid";
import { type GenerationRequest, generationFailure, type MatchGeneration, type MatchKind } from "./data";
import "./texts";

type Pending = { kind: MatchKind; compute: boolean };
type Range = { start: string; end: string };

/**
 * A day the list may ask for: empty (no bound) or a whole `yyyy-MM-dd` in the years the contract
 * takes. A date picker emits a date at every keystroke (year 0002, 0020, 0202 while 2026 is typed).
 */
const isQueryDay = (value: string) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && value >= "1900-01-01" && value <= "2199-12-31");
const isQueryRange = (range: Range) =>
  isQueryDay(range.start) && isQueryDay(range.end) && (range.start === "" || range.end === "" || range.start <= range.end);

/** The list's range widened to hold a generation's days (an empty bound stays open). */
const widen = (range: Range, generation: MatchGeneration): Range => ({
  start: range.start !== "" && range.start > generation.start_date ? generation.start_date : range.start,
  end: range.end !== "" && range.end < generation.end_date ? generation.end_date : range.end,
});

/** The range calendar after Computar / No computar: a range (medium term) or a day and 1–14 days (short term). */
const GenerateDialog = ({
  pending,
  initial,
  onClose,
  onGenerate,
}: {
  pending: Pending;
  initial: { start: string; end: string };
  onClose(): void;
  onGenerate(request: GenerationRequest): Promise<void>;
}) => {
  const translate = useTranslate();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [days, setDays] = useState("7");
  const [busy, setBusy] = useState(false);
  const medium = pending.kind === "medium";
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 14;
  const datesValid = /^\d{4}-\d{2}-\d{2}$/.test(start) && (!medium || (/^\d{4}-\d{2}-\d{2}$/.test(end) && end >= start));
  const valid = datesValid && (medium || daysValid);
  const mode = translate(pending.compute ? "slotdesk.matches.compute" : "slotdesk.matches.no_compute");

  const submit = async () => {
    setBusy(true);
    try {
      await onGenerate(
        medium
          ? { kind: "medium", start_date: start, end_date: end, compute: pending.compute, write_file: true }
          : { kind: "short", date_to_check: start, days: dayCount, compute: pending.compute, write_file: true },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="matches-generate-title">
      <DialogTitle id="matches-generate-title">
        {translate(medium ? "slotdesk.matches.dialog_title_medium" : "slotdesk.matches.dialog_title_short", { mode })}
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ pt: 1 }}>
          <DateInput
            label={translate(medium ? "slotdesk.matches.start" : "slotdesk.matches.date_to_check")}
            value={start}
            onChange={setStart}
            size="small"
          />
          {medium ? (
            <DateInput
              label={translate("slotdesk.matches.end")}
              value={end}
              onChange={setEnd}
              size="small"
              min={start}
              error={datesValid === false && end !== ""}
            />
          ) : (
            <TextField
              label={translate("slotdesk.matches.days")}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              size="small"
              type="number"
              slotProps={{ htmlInput: { min: 1, max: 14 } }}
              error={!daysValid}
              helperText={daysValid ? undefined : translate("slotdesk.matches.invalid_days")}
            />
          )}
        </Stack>
        {medium && !datesValid && start !== "" && end !== "" ? (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {translate("slotdesk.matches.invalid_range")}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("slotdesk.matches.cancel")}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()}>
          {translate("slotdesk.matches.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const DownloadButton = ({ row }: { row: MatchGeneration }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const download = async () => {
    try {
      const { data, response } = await downloadMatches(row.id);
      if (!data) throw new Error(String(response.status));
      saveDownload(data, response, matchesFileName({ start: row.start_date, end: row.end_date }));
    } catch {
      notify("slotdesk.matches.download_failed", { type: "error" });
    }
  };
  if (!row.has_file) return <Typography variant="body2">{translate("slotdesk.matches.no_file")}</Typography>;
  return (
    <Tooltip title={translate("slotdesk.matches.download")}>
      <IconButton
        size="small"
        aria-label={translate("slotdesk.matches.download_named", {
          start: formatDate(row.start_date),
          end: formatDate(row.end_date),
        })}
        onClick={(event) => {
          event.stopPropagation();
          void download();
        }}
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

const MatchesView = () => {
  const translate = useTranslate();
  // The contract's columns (MatchGeneration's titles); the file is a download button.
  const columns = useResourceColumns("matches", { has_file: { render: (row) => <DownloadButton row={row} />, sortBy: false } });
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  // Issue 37: the generations, seasons and new generations of the airport chosen in the top bar.
  // Nothing is asked until the person's airport is known (the default meanwhile is MEX).
  const { airport: chosen, settled } = useAirportChoice();
  const airport = chosen.code;
  const [kind, setKind] = useState<MatchKind>("medium");
  const [season, setSeason] = useState(() => getStoredSeason()?.name ?? "");
  // Seed 002 §2: the first to the last day of the current month.
  const [range, setRange] = useState<Range>(() => rangeForPreset("this_month", new Date()));
  // What the list asks for: the last range of complete dates (range is what the inputs hold).
  const [queried, setQueried] = useState<Range>(range);
  const changeRange = (next: Range) => {
    setRange(next);
    if (isQueryRange(next)) setQueried(next);
  };
  const reversed = isQueryDay(range.start) && isQueryDay(range.end) && range.start !== "" && range.end !== "" && range.end < range.start;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const seasons = useGetList<{ id: number; name: string; start_date: string }>("seasons", {
    pagination: { page: 1, perPage: 100 },
    sort: { field: "start_date", order: "DESC" },
    filter: { airport },
  }, { enabled: settled });

  const choose = (compute: boolean) => {
    setMenuAnchor(null);
    setPending({ kind, compute });
  };

  const generate = async (request: GenerationRequest) => {
    const successKey = request.kind === "medium" ? "slotdesk.matches.success_medium" : "slotdesk.matches.success_short";
    try {
      const { data: created } = await dataProvider.create<MatchGeneration>("matches", { data: { ...request, airport } });
      notify(successKey, { type: "success" });
      setPending(null);
      // Show what was just generated: its days join the list's range, its season the filter.
      changeRange(widen(queried, created));
      if (season !== "") setSeason(seasonCodeForDate(created.start_date));
    } catch (error) {
      notify(generationFailure(error), { type: "error" });
    }
    refresh();
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("slotdesk.views.matches")}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: "center", flexWrap: "wrap" }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          aria-label={translate("slotdesk.matches.kind_label")}
          onChange={(_event, value: MatchKind | null) => {
            if (value) setKind(value);
          }}
        >
          <ToggleButton value="medium">{translate("slotdesk.matches.kinds.medium")}</ToggleButton>
          <ToggleButton value="short">{translate("slotdesk.matches.kinds.short")}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={translate("slotdesk.matches.season")}
          // The stored season is offered once the list of seasons is in (MUI warns about an unknown value).
          value={seasons.data ? season : ""}
          onChange={(event) => setSeason(event.target.value)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">---</MenuItem>
          {(seasons.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.name}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <DateInput
          label={translate("slotdesk.matches.start")}
          value={range.start}
          onChange={(start) => changeRange({ ...range, start })}
          size="small"
        />
        <DateInput
          label={translate("slotdesk.matches.end")}
          value={range.end}
          onChange={(end) => changeRange({ ...range, end })}
          size="small"
          error={reversed}
          helperText={reversed ? translate("slotdesk.matches.range_reversed") : undefined}
        />
      </Stack>
      <List
        resource="matches"
        title={false}
        disableSyncWithLocation
        storeKey={false}
        perPage={DEFAULT_PAGE_SIZE}
        sort={{ field: "created_at", order: "DESC" }}
        filter={{ kind, airport, season, start: queried.start, end: queried.end }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate("slotdesk.matches.search")} />]}
        pagination={<AdminPagination />}
        empty={false}
        queryOptions={{
          gcTime: 0,
          enabled: settled,
          // Spanish, never the server's sentence about a query field (react-admin would toast it).
          onError: () => notify("slotdesk.matches.list_failed", { type: "error" }),
        }}
        actions={
          <TopToolbar>
            <Button
              variant="contained"
              size="small"
              startIcon={<PlayArrowIcon />}
              aria-haspopup="menu"
              onClick={(event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget)}
            >
              {translate("slotdesk.matches.generate")}
            </Button>
            <RefreshButton label="slotdesk.matches.refresh" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<GridEmpty emptyKey="slotdesk.matches.empty" />}>
          {columns}
        </Datagrid>
      </List>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => choose(true)}>{translate("slotdesk.matches.compute")}</MenuItem>
        <MenuItem onClick={() => choose(false)}>{translate("slotdesk.matches.no_compute")}</MenuItem>
      </Menu>
      {pending ? (
        <GenerateDialog pending={pending} initial={range} onClose={() => setPending(null)} onGenerate={generate} />
      ) : null}
    </Box>
  );
};

export default MatchesView;
