/**
 * Monitoreo (issue 27 items 3 and 4): a week as the coordinator's weekly monitoring will see it —
 * the week's discrepancies in its categories with their state (sin justificar, justificado,
 * corregido), what to do from each one, and the early warning per series of the season. The week
 * is an ISO week of UTC days; the view opens on the last whole week.
 */
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from "@mui/material";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { useTranslate } from "react-admin";
import { useJustificationReasons, useJustifications } from "../../client/queries/justifications";
import { markRead } from "../../client/perf/marks";
import { useAirportChoice } from "../../client/airport/useAirport";
import { type MonitoringWeek, useMonitoring } from "../../client/queries/monitoring";
import { proposeJustification } from "../../domain/monitoring/justification";
import { formatDate } from "../../domain/dateRange";
import {
  currentIsoWeek,
  MONITORING_CATEGORIES,
  MONITORING_STATES,
  type MonitoringCategory,
  type MonitoringRow,
  type MonitoringState,
  parseIsoWeek,
  shiftIsoWeek,
} from "../../domain/monitoring/isoWeek";
import { MatchViewer } from "../match-viewer";
import { DiscrepancyTable } from "./DiscrepancyTable";
import { EarlyWarning } from "./EarlyWarning";
import { CATEGORY_HELP_KEYS, CATEGORY_KEYS, STATE_KEYS } from "./labels";
import "./texts";

/** Justifying is a generated form (@rjsf/mui): it loads when the dialog opens, not with Monitoreo. */
const JustifyDialog = lazy(() => import("./JustifyDialog").then((module) => ({ default: module.JustifyDialog })));

type CategoryFilter = MonitoringCategory | "all";

/** Weeks the selector lists, back from the current one. */
const WEEKS_LISTED = 53;
type StateFilter = MonitoringState | "all";

const isCategoryFilter = (value: unknown): value is CategoryFilter => value === "all" || MONITORING_CATEGORIES.some((c) => c === value);
const isStateFilter = (value: unknown): value is StateFilter => value === "all" || MONITORING_STATES.some((s) => s === value);

/** The week's counts by category and state, and the corrective SCRs sent; a category's name filters the rows. */
const WeekSummary = ({ data, onPick }: { data: MonitoringWeek; onPick: (category: MonitoringCategory) => void }) => {
  const translate = useTranslate();
  const headingId = useId();
  const [scrsOpen, setScrsOpen] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        {translate("slotdesk.monitoring.summary")}
      </Typography>
      <Table size="small" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("slotdesk.monitoring.summary_category")}</TableCell>
            <TableCell align="right">{translate("slotdesk.monitoring.summary_total")}</TableCell>
            {MONITORING_STATES.map((state) => (
              <TableCell key={state} align="right">
                {translate(STATE_KEYS[state])}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.counts.map((count) => (
            <TableRow key={count.category}>
              <TableCell>
                <Tooltip title={translate(CATEGORY_HELP_KEYS[count.category])} placement="right" describeChild>
                  <Button size="small" sx={{ textTransform: "none", p: 0, minWidth: 0 }} onClick={() => onPick(count.category)}>
                    {translate(CATEGORY_KEYS[count.category])}
                  </Button>
                </Tooltip>
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {count.total}
              </TableCell>
              <TableCell align="right" sx={{ color: count.unjustified > 0 ? "error.main" : undefined }}>
                {count.unjustified}
              </TableCell>
              <TableCell align="right">{count.justified}</TableCell>
              <TableCell align="right">{count.requested}</TableCell>
              <TableCell align="right">{count.corrected}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
        <Typography variant="body2">{translate("slotdesk.monitoring.corrective_scrs", { smart_count: data.corrective_scrs.length })}</Typography>
        {data.corrective_scrs.length > 0 ? (
          <Button size="small" onClick={() => setScrsOpen((open) => !open)} aria-expanded={scrsOpen}>
            {scrsOpen
              ? translate("slotdesk.monitoring.hide_scrs")
              : translate("slotdesk.monitoring.show_scrs", { smart_count: data.corrective_scrs.length })}
          </Button>
        ) : null}
      </Stack>
      {(scrsOpen ? data.corrective_scrs : []).map((scr) => (
        <Typography key={`${scr.season}-${scr.reference ?? scr.sent_at}`} variant="body2" color="text.secondary">
          {translate("slotdesk.monitoring.corrective_scr", {
            reference: scr.reference ?? translate("slotdesk.monitoring.no_reference"),
            type: scr.type,
            date: formatDate(scr.sent_at.slice(0, 10)),
            smart_count: scr.rows,
          })}
        </Typography>
      ))}
    </Paper>
  );
};

export default function MonitoringView() {
  const translate = useTranslate();
  const stateLabelId = useId();
  const weekLabelId = useId();
  const weekHintId = useId();
  // null: the server's default, the last whole week.
  const [week, setWeek] = useState<string | null>(null);
  const [category, setCategory] = useState<CategoryFilter>("all");
  const [state, setState] = useState<StateFilter>("all");
  const [viewerId, setViewerId] = useState<number | null>(null);
  const [justifying, setJustifying] = useState<MonitoringRow | null>(null);
  // Issue 37: the week of the airport chosen in the top bar; another airport is read anew.
  const { airport, settled } = useAirportChoice();
  const monitoring = useMonitoring(settled ? airport.code : null, week);
  const data = monitoring.data;
  const shown = useMemo(() => (data ? parseIsoWeek(data.week) : null), [data]);
  const current = useMemo(() => currentIsoWeek(new Date()), []);

  const rows = useMemo(() => {
    if (data) markRead("monitoring", "data");
    return (data?.rows ?? []).filter((row) => (category === "all" || row.category === category) && (state === "all" || row.state === state));
  }, [data, category, state]);
  const totalOf = (c: CategoryFilter) => (data ? (c === "all" ? data.rows.length : data.rows.filter((row) => row.category === c).length) : 0);

  // The weeks to choose from: the last year up to this week, and the one shown when older.
  const weekOptions = useMemo(() => {
    const weeks = Array.from({ length: WEEKS_LISTED }, (_, i) => shiftIsoWeek(current, -i));
    return shown && !weeks.some((w) => w.label === shown.label) ? [...weeks, shown] : weeks;
  }, [current, shown]);

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {translate("slotdesk.views.monitoring")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate("slotdesk.monitoring.subtitle")}
      </Typography>

      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <IconButton
          aria-label={translate("slotdesk.monitoring.previous_week")}
          disabled={!shown}
          onClick={() => shown && setWeek(shiftIsoWeek(shown, -1).label)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <FormControl size="small" fullWidth={false} sx={{ width: 270 }}>
          <InputLabel id={weekLabelId}>{translate("slotdesk.monitoring.week")}</InputLabel>
          <Select
            labelId={weekLabelId}
            label={translate("slotdesk.monitoring.week")}
            value={data?.week ?? week ?? shiftIsoWeek(current, -1).label}
            onChange={(event) => setWeek(event.target.value)}
            aria-describedby={weekHintId}
          >
            {weekOptions.map((option) => (
              <MenuItem key={option.label} value={option.label}>
                {translate("slotdesk.monitoring.week_option", {
                  week: option.week,
                  start: formatDate(option.start).slice(0, 5),
                  end: formatDate(option.end),
                })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <IconButton
          aria-label={translate("slotdesk.monitoring.next_week")}
          disabled={!shown || shown.start >= current.start}
          onClick={() => shown && setWeek(shiftIsoWeek(shown, 1).label)}
        >
          <ChevronRightIcon />
        </IconButton>
        <Button onClick={() => setWeek(null)} disabled={week === null}>
          {translate("slotdesk.monitoring.last_week")}
        </Button>
        <Tooltip title={translate("slotdesk.monitoring.refresh")}>
          <span>
            <IconButton aria-label={translate("slotdesk.monitoring.refresh")} onClick={() => void monitoring.refetch()} disabled={monitoring.isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        {data && shown ? (
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {translate("slotdesk.monitoring.week_range", { week: shown.week, start: formatDate(data.start_date), end: formatDate(data.end_date) })}
          </Typography>
        ) : null}
        {monitoring.isFetching ? <CircularProgress size={20} aria-label={translate("ra.page.loading")} /> : null}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" id={weekHintId} sx={{ mt: -1.5, mb: 2 }}>
        {translate("slotdesk.monitoring.week_hint")}
      </Typography>

      {monitoring.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate("slotdesk.monitoring.load_failed", { message: monitoring.error.message })}
        </Alert>
      ) : null}

      {data ? (
        <>
          <WeekSummary
            data={data}
            onPick={(picked) => {
              setCategory(picked);
              setState("all");
            }}
          />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
              <Tabs
                value={category}
                onChange={(_, value: unknown) => isCategoryFilter(value) && setCategory(value)}
                variant="scrollable"
                aria-label={translate("slotdesk.monitoring.categories_label")}
                sx={{ flex: 1, minWidth: 0 }}
              >
                <Tab value="all" label={`${translate("slotdesk.monitoring.categories.all")} (${totalOf("all")})`} />
                {MONITORING_CATEGORIES.map((c) => (
                  <Tab key={c} value={c} label={`${translate(CATEGORY_KEYS[c])} (${totalOf(c)})`} />
                ))}
              </Tabs>
              <FormControl size="small" fullWidth={false} sx={{ width: 200 }}>
                <InputLabel id={stateLabelId}>{translate("slotdesk.monitoring.state_filter")}</InputLabel>
                <Select
                  labelId={stateLabelId}
                  label={translate("slotdesk.monitoring.state_filter")}
                  value={state}
                  onChange={(event) => isStateFilter(event.target.value) && setState(event.target.value)}
                >
                  <MenuItem value="all">{translate("slotdesk.monitoring.states.all")}</MenuItem>
                  {MONITORING_STATES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {translate(STATE_KEYS[s])}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Stack>
            {category !== "all" ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate(CATEGORY_HELP_KEYS[category])}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {translate("slotdesk.monitoring.count_shown", { shown: rows.length, total: data.rows.length })}
            </Typography>
            <DiscrepancyTable rows={rows} showCategory={category === "all"} onViewMatch={setViewerId} onJustify={setJustifying} />
          </Paper>
          <EarlyWarning data={data} />
        </>
      ) : monitoring.isPending ? (
        <CircularProgress aria-label={translate("ra.page.loading")} />
      ) : null}

      <MatchViewer matchId={viewerId} zone="utc" onClose={() => setViewerId(null)} onChanged={() => void monitoring.refetch()} />
      {justifying?.slot_id ? (
        <JustifyRow key={justifying.id} row={justifying} slotId={justifying.slot_id} onClose={() => setJustifying(null)} onChanged={() => void monitoring.refetch()} />
      ) : null}
    </Box>
  );
}

/**
 * The justification dialog of a row: a slot not used, or an operation off the tolerance. The
 * flight's delay codes propose a reason (a person confirms it); a justified row opens its
 * justification, read when the dialog opens.
 */
function JustifyRow({ row, slotId, onClose, onChanged }: { row: MonitoringRow; slotId: number; onClose: () => void; onChanged: () => void }) {
  const reasons = useJustificationReasons();
  const existing = useJustifications(row.justification ? [slotId] : []);
  const proposal = useMemo(() => {
    const found = proposeJustification(row.delay_codes, reasons.data ?? []);
    return found ? { reasonId: found.reasonId, code: found.code } : null;
  }, [row.delay_codes, reasons.data]);
  // Wait for the justification to be read before opening on it, so the dialog starts from its version.
  if (row.justification && !existing.data) return null;
  return (
    <Suspense fallback={null}>
      <JustifyDialog
        open
        slotId={slotId}
        slot={{ flight: row.flight_number, date: row.date, time: row.slot_at?.slice(11, 16) ?? "", isArrival: row.is_arrival }}
        kind={row.category === "not_used" ? "not_used" : "off_tolerance"}
        proposal={proposal}
        existing={existing.data?.find((j) => j.slot_id === slotId) ?? null}
        onClose={onClose}
        onSaved={onChanged}
        onDeleted={onChanged}
      />
    </Suspense>
  );
}
