/**
 * Histórico (seed 002 §2–§5, §9; issues 13 and 27): the series of a season as cards coloured by
 * their rating against the season's threshold (its rule, Admin → Temporadas: red below it) and the
 * warning level (green from it), with the forecast at the season's threshold. The warning level is
 * the `accomplishment` setting: its slider starts at 61 until the setting loads (seed 002 §9), never
 * shows less than the season's threshold, and is saved when released; the visibility filter is
 * kept under 'history_filter'. The cards are filtered here, so the slider recolours them at once.
 */
import DownloadIcon from "@mui/icons-material/Download";
import FilterListIcon from "@mui/icons-material/FilterList";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Popover,
  Select,
  Slider,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useCapability } from "../../client/auth/capabilities";
import { getStoredSeason } from "../../client/auth/session";
import { useAirportChoice } from "../../client/airport/useAirport";
import { markRead } from "../../client/perf/marks";
import { useFirstScreen } from "../../client/ui/useFirstScreen";
import { downloadHistory, useHistory } from "../../client/queries/history";
import { type Season, type SeasonDetail, useSeasons } from "../../client/queries/seasons";
import { apiErrorMessage } from "../../client/api/client";
import { staleVersionOf } from "../../client/queries/request";
import { useSaveSetting, useSettings } from "../../client/queries/settings";
import { AICM_RULE, effectiveWarningLevel, filterSeries, isHourText, parseSerieIds, RATING_LEVELS } from "../../domain/history";
import { LEVEL_COLORS } from "../../domain/history/colors";
import { saveDownload } from "../../client/files/download";
import { formatDate } from "../../domain/dateRange";
import { DEFAULT_FILTER, readVisibilityFilter, storeVisibilityFilter, type VisibilityFilter } from "./filterStorage";
import { LEVEL_KEYS, WEEKDAY_KEYS } from "./labels";
import { type HistorySeries, SeriesCard } from "./SeriesCard";
import { WeeklyTableDialog } from "./WeeklyTableDialog";
import "./texts";

/** Seed 002 §9: the slider's value until the setting loads. */
export const INITIAL_THRESHOLD = 61;

type Loaded =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; series: HistorySeries[]; at: Date };

const NO_SEASONS: SeasonDetail[] = [];

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** A filter's fieldset of checkboxes: `chosen` are the checked options, a click adds or takes one out. */
function ChecksFieldset<T extends string | number>({
  legend,
  row = false,
  options,
  chosen,
  label,
  onChange,
}: {
  legend: string;
  row?: boolean;
  options: readonly T[];
  chosen: readonly T[];
  label: (option: T) => string;
  onChange: (chosen: T[]) => void;
}) {
  const toggle = (option: T) => (chosen.includes(option) ? chosen.filter((v) => v !== option) : [...chosen, option]);
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row={row}>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            control={<Checkbox size="small" checked={chosen.includes(option)} onChange={() => onChange(toggle(option))} />}
            label={label(option)}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/** About the cards a 1366×768 screen shows, with room to spare. */
const FIRST_SCREEN_CARDS = 24;

/**
 * The season's cards, first screen first (issue 35): mounted with the answer, it draws the cards
 * in view at once and the hundreds below them right after, without holding the page.
 */
function FirstScreenFirst<T>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  return useFirstScreen(items, FIRST_SCREEN_CARDS).map(render);
}

const timeText = (at: Date) => at.toLocaleTimeString("es-MX", { hour: "2-digit", minute: "2-digit", hour12: false });

export default function HistoryView() {
  const translate = useTranslate();
  const notify = useNotify();
  const canSaveThreshold = useCapability("settingsModify");
  const seasonLabelId = useId();
  // Issue 37: the airport chosen in the top bar; its seasons only, and a season is read only once
  // it is known to be one of them (the stored season may be another airport's). When the airport
  // changes, the season of the same name there is kept.
  const { airport, settled } = useAirportChoice();
  const seasonList = useSeasons(settled ? airport.code : null);
  const seasons = seasonList.data ?? NO_SEASONS;
  const [picked, setSeason] = useState<Season | null>(getStoredSeason);
  const season = useMemo(
    () => seasons.find((s) => s.id === picked?.id) ?? seasons.find((s) => s.name === picked?.name) ?? null,
    [seasons, picked],
  );
  const history = useHistory(airport.code, season?.id ?? null);
  // While a refresh runs the cards give way to the spinner, as on the first load.
  const loaded = useMemo<Loaded>(() => {
    if (!season) return { status: "idle" };
    if (history.isFetching || history.isPending) return { status: "loading" };
    if (history.isError) return { status: "error", message: history.error.message };
    markRead("history", "data");
    return { status: "ready", series: history.data, at: new Date(history.dataUpdatedAt) };
  }, [season, history.isFetching, history.isPending, history.isError, history.error, history.data, history.dataUpdatedAt]);
  const [threshold, setThreshold] = useState(INITIAL_THRESHOLD);
  const settings = useSettings("accomplishment");
  const modifySetting = useSaveSetting();
  const stored = settings.data?.find((s) => s.name === "accomplishment");
  const setting = stored ? { id: stored.id, version: stored.version } : null;
  // Set when another person saved the threshold first (issue 25): the setting is read again for
  // its version, and the slider keeps the value this person chose.
  const [keepThreshold, setKeepThreshold] = useState(false);
  // The stored threshold replaces the slider's value each time the setting (re)loads.
  const [seenSettings, setSeenSettings] = useState(settings.data);
  if (seenSettings !== settings.data) {
    setSeenSettings(settings.data);
    if (keepThreshold) setKeepThreshold(false);
    else if (stored && "accomplishment" in stored.value) setThreshold(stored.value.accomplishment);
  }
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<VisibilityFilter>(readVisibilityFilter);
  const [atRisk, setAtRisk] = useState(false);
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [legendOpen, setLegendOpen] = useState(false);
  const [opened, setOpened] = useState<HistorySeries | null>(null);
  const [downloading, setDownloading] = useState(false);

  const { refetch } = history;
  const reload = useCallback(() => void refetch(), [refetch]);

  const changeFilter = (next: VisibilityFilter) => {
    setFilter(next);
    storeVisibilityFilter(next);
  };

  // Saves go one after the other, each from the version the last one made: moving the slider by
  // keys saves at every step, and a step must not be refused by this person's own previous save.
  const savingThreshold = useRef<Promise<void>>(Promise.resolve());
  const ownVersion = useRef(0);
  const saveThreshold = (value: number) => {
    savingThreshold.current = savingThreshold.current.then(() => saveThresholdNow(value));
    return savingThreshold.current;
  };
  const saveThresholdNow = async (value: number) => {
    if (!canSaveThreshold || !setting) return;
    try {
      const version = Math.max(setting.version, ownVersion.current);
      const result = await modifySetting.mutateAsync({ id: setting.id, value: { accomplishment: value }, version });
      if (result?.data) ownVersion.current = result.data.version;
      if (staleVersionOf(result?.error) !== null) {
        // The server's message names who changed it and when; saving again applies this value.
        notify(apiErrorMessage(result?.error), { type: "warning", autoHideDuration: 15_000 });
        setKeepThreshold(true);
        void settings.refetch();
        return;
      }
      const data = result?.data;
      notify(data ? "slotdesk.history.threshold_saved" : "slotdesk.history.threshold_failed", {
        type: data ? "success" : "error",
      });
    } catch {
      notify("slotdesk.history.threshold_failed", { type: "error" });
    }
  };

  const download = async () => {
    if (!season) return;
    setDownloading(true);
    try {
      const { data, response } = await downloadHistory(airport.code, season.name);
      if (!data) throw new Error(String(response.status));
      saveDownload(data, response, `Histórico ${season.name}.xlsx`);
      notify("slotdesk.history.downloaded", { type: "success", messageArgs: { season: season.name } });
    } catch {
      notify("slotdesk.history.download_failed", { type: "error" });
    } finally {
      setDownloading(false);
    }
  };

  // The season's rule, from the season list; AICM's until it loads.
  const seasonThreshold = season?.usage_threshold ?? AICM_RULE.threshold;
  // The warning level in force: never below the season's threshold (the slider cannot go there).
  const warning = effectiveWarningLevel(threshold, seasonThreshold);
  const levels = { threshold: seasonThreshold, warning };

  const hoursValid = isHourText(filter.hourFrom) && isHourText(filter.hourTo);
  // Filtered here (the React compiler memoizes it), so the slider recolours the cards at once.
  const visible =
    loaded.status !== "ready"
      ? []
      : filterSeries(
          loaded.series,
          {
            serieIds: parseSerieIds(search),
            ratings: filter.ratings,
            frequencies: filter.frequencies,
            ...(hoursValid ? { hourRange: [filter.hourFrom, filter.hourTo] as const } : {}),
            atRisk,
          },
          levels,
        );


  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate("slotdesk.views.history")}
      </Typography>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 130 }}>
          <InputLabel id={seasonLabelId}>{translate("slotdesk.history.season")}</InputLabel>
          <Select
            labelId={seasonLabelId}
            label={translate("slotdesk.history.season")}
            value={season ? season.id : ""}
            onChange={(event) => setSeason(seasons.find((s) => s.id === Number(event.target.value)) ?? null)}
          >
            {seasons.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Tooltip title={translate("slotdesk.history.refresh")} describeChild>
          <span>
            <IconButton aria-label={translate("slotdesk.history.refresh")} onClick={reload} disabled={!season}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        {loaded.status === "ready" ? (
          <Typography variant="body2" color="text.secondary">
            {translate("slotdesk.history.last_update", { time: timeText(loaded.at) })}
          </Typography>
        ) : null}
        <TextField
          size="small"
          label={translate("slotdesk.history.search")}
          placeholder="12, 15"
          helperText={translate("slotdesk.history.search_hint")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: 200 }}
        />
        <Button startIcon={<FilterListIcon />} variant="outlined" onClick={(event) => setFilterAnchor(event.currentTarget)}>
          {translate("slotdesk.history.filter")}
        </Button>
        <Tooltip title={translate("slotdesk.history.at_risk_hint")} describeChild>
          <Chip
            label={translate("slotdesk.history.at_risk_filter")}
            color={atRisk ? "error" : "default"}
            variant={atRisk ? "filled" : "outlined"}
            onClick={() => setAtRisk((on) => !on)}
            aria-pressed={atRisk}
          />
        </Tooltip>
        <Box sx={{ width: 280, px: 1 }}>
          <Typography variant="body2" id={`${seasonLabelId}-threshold`}>
            {translate("slotdesk.history.threshold", { value: warning })}
          </Typography>
          <Tooltip
            title={
              canSaveThreshold
                ? translate("slotdesk.history.threshold_hint")
                : `${translate("slotdesk.history.threshold_hint")} ${translate("slotdesk.history.threshold_readonly")}`
            }
            describeChild
          >
            <Slider
              size="small"
              // The warning level cannot go below the season's threshold (there is no amber band then).
              min={seasonThreshold}
              max={100}
              value={warning}
              valueLabelDisplay="auto"
              aria-labelledby={`${seasonLabelId}-threshold`}
              onChange={(_, value) => setThreshold(Array.isArray(value) ? (value[0] ?? threshold) : value)}
              onChangeCommitted={(_, value) => void saveThreshold(Array.isArray(value) ? (value[0] ?? threshold) : value)}
            />
          </Tooltip>
          {season ? (
            <Typography variant="caption" color="text.secondary" data-testid="season-rule">
              {translate("slotdesk.history.season_rule", {
                season: season.name,
                threshold: season.usage_threshold,
                tolerance: season.tolerance_minutes,
              })}
            </Typography>
          ) : null}
        </Box>
        <Button startIcon={<HelpOutlineIcon />} onClick={() => setLegendOpen(true)}>
          {translate("slotdesk.history.legend")}
        </Button>
        <Button
          startIcon={downloading ? <CircularProgress size={16} /> : <DownloadIcon />}
          variant="contained"
          onClick={() => void download()}
          disabled={!season || downloading}
        >
          {translate("slotdesk.history.download")}
        </Button>
      </Stack>

      {season === null && !seasonList.isPending ? <Alert severity="info">{translate("slotdesk.history.no_season")}</Alert> : null}
      {loaded.status === "loading" ? <CircularProgress aria-label={translate("ra.page.loading")} /> : null}
      {loaded.status === "error" ? (
        <Alert severity="error">{translate("slotdesk.history.load_failed", { message: loaded.message })}</Alert>
      ) : null}
      {loaded.status === "ready" && season ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate("slotdesk.history.count", { shown: visible.length, total: loaded.series.length })}
          </Typography>
          {visible.length === 0 ? (
            <Alert severity="info">{translate("slotdesk.history.empty")}</Alert>
          ) : (
            <Box
              role="list"
              sx={{
                display: "grid",
                gap: 1.5,
                // Seed 002 §9: 4 columns, 5 on very large screens.
                gridTemplateColumns: { xs: "repeat(4, minmax(0, 1fr))", xl: "repeat(5, minmax(0, 1fr))" },
              }}
            >
              <FirstScreenFirst
                items={visible}
                render={(series) => (
                  <Box role="listitem" key={series.serie}>
                    <SeriesCard series={series} levels={levels} season={season} onOpen={setOpened} />
                  </Box>
                )}
              />
            </Box>
          )}
        </>
      ) : null}

      <Popover
        open={filterAnchor !== null}
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 320 }} aria-label={translate("slotdesk.history.filter")} role="group">
          <ChecksFieldset
            legend={translate("slotdesk.history.filter_ratings")}
            options={RATING_LEVELS}
            chosen={filter.ratings}
            label={(level) => translate(LEVEL_KEYS[level])}
            onChange={(ratings) => changeFilter({ ...filter, ratings })}
          />
          <ChecksFieldset
            legend={translate("slotdesk.history.filter_frequencies")}
            row
            options={WEEKDAYS}
            chosen={filter.frequencies}
            label={(day) => translate(WEEKDAY_KEYS[day] ?? "")}
            onChange={(frequencies) => changeFilter({ ...filter, frequencies })}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend">{translate("slotdesk.history.filter_hours")}</FormLabel>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {(["hourFrom", "hourTo"] as const).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  label={translate(field === "hourFrom" ? "slotdesk.history.hour_from" : "slotdesk.history.hour_to")}
                  value={filter[field]}
                  error={!isHourText(filter[field])}
                  helperText={isHourText(filter[field]) ? " " : translate("slotdesk.history.hour_invalid")}
                  onChange={(event) => changeFilter({ ...filter, [field]: event.target.value })}
                  slotProps={{ htmlInput: { maxLength: 5, inputMode: "numeric" } }}
                />
              ))}
            </Stack>
          </FormControl>
          <Button onClick={() => changeFilter(DEFAULT_FILTER)}>{translate("slotdesk.history.filter_reset")}</Button>
        </Stack>
      </Popover>

      <Dialog open={legendOpen} onClose={() => setLegendOpen(false)} aria-labelledby={`${seasonLabelId}-legend`} maxWidth="sm">
        <DialogTitle id={`${seasonLabelId}-legend`}>{translate("slotdesk.history.legend")}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ mb: 2 }}>
            {RATING_LEVELS.map((level) => (
              <Stack key={level} direction="row" spacing={1} alignItems="center">
                <Box
                  sx={{
                    width: 18,
                    height: 18,
                    borderRadius: 0.5,
                    bgcolor: `#${LEVEL_COLORS[level].fill}`,
                    border: `2px solid #${LEVEL_COLORS[level].text}`,
                  }}
                />
                <Typography variant="body2">{translate(LEVEL_KEYS[level])}</Typography>
              </Stack>
            ))}
          </Stack>
          <Typography variant="subtitle2">{translate("slotdesk.history.definitions.title")}</Typography>
          {season ? (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate("slotdesk.history.definitions.rule", {
                  threshold: season.usage_threshold,
                  tolerance: season.tolerance_minutes,
                  outside: translate(
                    season.outside_counts_as_used
                      ? "slotdesk.history.definitions.outside_used"
                      : "slotdesk.history.definitions.outside_not_used",
                  ),
                })}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate("slotdesk.history.definitions.baseline", {
                  hbd: formatDate(season.historics_baseline_date),
                  srd: formatDate(season.series_return_deadline),
                })}
              </Typography>
            </>
          ) : null}
          {(
            [
              "slotdesk.history.definitions.usage",
              "slotdesk.history.definitions.chargeable",
              "slotdesk.history.definitions.new_chargeable",
              "slotdesk.history.definitions.rating",
              "slotdesk.history.definitions.forecast",
              "slotdesk.history.definitions.cells",
            ] as const
          ).map((key) => (
            <Typography key={key} variant="body2" sx={{ mt: 1 }}>
              {translate(key)}
            </Typography>
          ))}
        </DialogContent>
      </Dialog>

      {opened && season ? (
        <WeeklyTableDialog series={opened} season={season} onClose={() => setOpened(null)} onChanged={reload} />
      ) : null}
    </Box>
  );
}
