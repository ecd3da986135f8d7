/**
 * Reportes (seed 001 §2.7, §4.4, §8; issue 14 items 1–3): the six reports of the top bar's range,
 * one tab each (Fin de mes with its three lists), refreshed on demand with the time of the last
 * update; the toolbar's season and time zone (ZULU or LOCAL: the zone of the range's days and of
 * every time shown); the download with its loader and the seed's messages. Admin, Slot and
 * Seguimiento may take rows off the list on screen (never off the server) and add matches by
 * hand ('Añadir registro'), marked new; the download (and the send) carries exactly those rows,
 * by the ids of seed 001 §7. An appearance row opens its slot's changes. Monitoreo semanal (issue
 * 27 item 5) reports an ISO week of UTC days chosen beside its table, with the week's summary. The toolbar's send
 * controls (ReportScheduleControls) save the report's schedule and open the send modal.
 */
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Alert,
  Backdrop,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useAirportChoice } from "../../client/airport/useAirport";
import { useCapability } from "../../client/auth/capabilities";
import { downloadReport } from "../../client/queries/reports";
import { type Season, useSeasons } from "../../client/queries/seasons";
import { useStoredRange, useStoredZone } from "../../client/dates/rangeStorage";
import {
  REPORT_COLUMNS,
  REPORT_TABLE,
  type ReportMonthlySection,
  reportIds,
  rowIds,
  type ReportTimeZone,
  RETURN_COLUMNS,
  weeklyReportRange,
} from "../../domain/reports";
import type { TimeZoneMode } from "../../domain/zones";
import { ChangesPanel } from "../match-viewer";
import { saveDownload } from "../../client/files/download";
import { AddRecordDialog } from "./AddRecordDialog";
import { ReportScheduleControls } from "./ReportScheduleControls";
import { ReportTable } from "./ReportTable";
import { ReportToolbar } from "./ReportToolbar";
import { type ReportRow, rowKey } from "./rows";
import { MONTHLY_TABS, REPORT_TABS, type ReportTab } from "./tabs";
import { useReport } from "./useReport";
import { type Week, WeekHeader, WeeklyCounts } from "./WeeklySummary";
import "../../client/i18n/reportsTexts";

const NO_SEASONS: Season[] = [];

/** Seed 001 §4.4: the loader ends 0.5 s after the download finishes. */
export const LOADER_TAIL_MS = 500;

const NO_KEYS: ReadonlySet<string> = new Set();
const NO_IDS: ReadonlySet<number> = new Set();

export default function ReportsView() {
  const translate = useTranslate();
  const notify = useNotify();
  const topRange = useStoredRange();
  const storedZone = useStoredZone();
  const canEdit = useCapability("reportsEdit");
  const [chosenZone, setTimezone] = useState<ReportTimeZone>(storedZone === "utc" ? "zulu" : "local");
  const [tab, setTab] = useState<ReportTab>("assignment");
  const [section, setSection] = useState<ReportMonthlySection>("returned_to_position");
  const seasons = useSeasons().data ?? NO_SEASONS;
  const [season, setSeason] = useState<Season | null>(null);
  const [downloading, setDownloading] = useState(false);
  // The loader's tail outlives the click; it must not outlive the view (a state update after it left).
  const loaderTail = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(loaderTail.current), []);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [adding, setAdding] = useState(false);
  const [changesOf, setChangesOf] = useState<ReportRow | null>(null);
  const type = REPORT_TABS.find((t) => t.tab === tab)?.type ?? "slot_assignment";
  // Monitoreo semanal reports an ISO week of UTC days (last week by default), not the top bar's range.
  const weekly = type === "weekly_monitoring";
  const [week, setWeek] = useState<Week>(() => weeklyReportRange(Date.now(), "zulu"));
  const range = weekly ? week : topRange;
  const timezone: ReportTimeZone = weekly ? "zulu" : chosenZone;

  // What the user did to this report's list (rows taken off, matches added) holds for one report
  // of one range, zone and season; another one starts clean. Adjusted while rendering.
  const { airport, settled } = useAirportChoice();
  const scope = `${type}|${airport.code}|${range.start}|${range.end}|${timezone}|${season?.id ?? ""}`;
  // `justAdded`: the matches of the last 'Agregar', whose rows stand out and are brought into view.
  const [edits, setEdits] = useState({ scope, added: [] as number[], justAdded: NO_IDS, removed: NO_KEYS, selected: NO_KEYS });
  if (edits.scope !== scope) setEdits({ scope, added: [], justAdded: NO_IDS, removed: NO_KEYS, selected: NO_KEYS });

  const zoneMode: TimeZoneMode = timezone === "zulu" ? "utc" : "local";
  const { state, reload } = useReport({ type, airport: airport.code, range, timezone, season: season?.id ?? null, added: edits.added, section, ready: settled });
  const rows = useMemo<ReportRow[]>(() => {
    if (state.status !== "ready") return [];
    const list = state.answer.sections ? state.answer.sections[section] : state.answer.rows;
    return list.filter((row) => !edits.removed.has(rowKey(row)));
  }, [state, section, edits.removed]);
  const justAdded = useMemo<ReadonlySet<string>>(
    () =>
      new Set(
        rows
          .filter((row) => row.status_new === "new" && rowIds(row).some((id) => edits.justAdded.has(id)))
          .map(rowKey),
      ),
    [rows, edits.justAdded],
  );
  const columns =
    type === "end_of_month" && section === "returned_to_position" ? RETURN_COLUMNS : REPORT_COLUMNS[REPORT_TABLE[type]];
  const tabLabel = translate(REPORT_TABS.find((t) => t.tab === tab)?.labelKey ?? "slotdesk.views.reports");
  const at = state.status === "ready" || state.status === "empty" ? state.at : null;

  // The report as shown: what the download carries, and the send (with its cc).
  const sendQuery = {
    start: range.start,
    end: range.end,
    timezone,
    airport: airport.code,
    season: season?.id ?? null,
    ...reportIds(type, rows),
    ...(type === "end_of_month" ? { new_match_section: section } : {}),
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { data, response } = await downloadReport(type, { ...sendQuery, cc: [] });
      // With parseAs blob the file (xlsx or csv) arrives as a Blob, whatever the contract's text type says.
      const file: unknown = data;
      if (file instanceof Blob) {
        saveDownload(file, response, `${tabLabel}.xlsx`);
        notify("slotdesk.reports.downloaded", { type: "success" });
      } else {
        const key =
          response.status === 403
            ? "slotdesk.reports.download_forbidden"
            : response.status === 404
              ? "slotdesk.reports.no_data"
              : "slotdesk.reports.download_failed";
        notify(key, { type: "error" });
      }
    } catch {
      notify("slotdesk.reports.download_failed", { type: "error" });
    } finally {
      loaderTail.current = window.setTimeout(() => setDownloading(false), LOADER_TAIL_MS);
    }
  };

  const removeSelected = () => {
    setEdits((e) => ({ ...e, removed: new Set([...e.removed, ...e.selected]), selected: NO_KEYS }));
    setConfirmDelete(false);
  };

  const addRecords = (ids: number[]) => {
    setEdits((e) => ({ ...e, added: [...new Set([...e.added, ...ids])], justAdded: new Set(ids) }));
    setAdding(false);
    notify("slotdesk.reports.records_added", { type: "success", messageArgs: { smart_count: ids.length } });
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 480, gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <Typography variant="h5" component="h1">
          {translate("slotdesk.views.reports")}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Tooltip title={translate("slotdesk.reports.refresh")}>
            <span>
              <IconButton
                size="small"
                aria-label={translate("slotdesk.reports.refresh")}
                onClick={reload}
                disabled={state.status === "loading"}
              >
                {state.status === "loading" ? <CircularProgress size={18} /> : <RefreshIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="caption" color="text.secondary" noWrap>
            {at
              ? translate("slotdesk.reports.last_update", {
                  // When it was read: a moment of the person's day, in the airport's local time on every tab (ZULU or not).
                  time: at.toLocaleTimeString("es-MX", { timeZone: airport.timeZone, hour12: false }),
                })
              : translate("slotdesk.reports.not_updated")}
          </Typography>
        </Box>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: ReportTab) => setTab(value)}
        variant="scrollable"
        aria-label={translate("slotdesk.views.reports")}
      >
        {REPORT_TABS.map((t) => (
          <Tab key={t.tab} value={t.tab} label={translate(t.labelKey)} />
        ))}
      </Tabs>
      {type === "end_of_month" ? (
        <Tabs value={section} onChange={(_event, value: ReportMonthlySection) => setSection(value)} sx={{ minHeight: 36 }}>
          {MONTHLY_TABS.map((t) => (
            <Tab key={t.section} value={t.section} label={translate(t.labelKey)} sx={{ minHeight: 36, py: 0.5 }} />
          ))}
        </Tabs>
      ) : null}
      <ReportToolbar
        seasons={seasons}
        season={season}
        onSeason={setSeason}
        timezone={timezone}
        onTimezone={setTimezone}
        downloading={downloading}
        canDownload={state.status === "ready"}
        onDownload={() => void download()}
        {...(canEdit
          ? {
              editing: {
                selected: edits.selected.size,
                onDelete: () => setConfirmDelete(true),
                ...(weekly ? {} : { onAdd: () => setAdding(true) }),
              },
            }
          : {})}
        scheduleControls={
          <ReportScheduleControls
            reportName={type}
            query={sendQuery}
            seasonName={season?.name ?? null}
            canSend={state.status === "ready"}
            onDownload={download}
            preview={
              <ReportTable
                label={tabLabel}
                rows={rows}
                columns={columns}
                zone={zoneMode}
                airportZone={airport.timeZone}
                loading={false}
                selectable={false}
                selected={NO_KEYS}
                onSelect={() => undefined}
              />
            }
          />
        }
      />
      {weekly ? (
        <>
          <WeekHeader week={week} onWeek={setWeek} summary={state.status === "ready" ? (state.answer.monitoring ?? null) : null} />
          {state.status === "ready" && state.answer.monitoring ? <WeeklyCounts summary={state.answer.monitoring} /> : null}
        </>
      ) : null}
      {state.status === "error" ? <Alert severity="error">{translate("slotdesk.reports.load_failed", { message: state.message })}</Alert> : null}
      {state.status === "empty" ? <Alert severity="info">{translate("slotdesk.reports.no_data")}</Alert> : null}
      <Box sx={{ flex: 1, display: "flex", minHeight: 0 }}>
        <ReportTable
          label={tabLabel}
          rows={rows}
          columns={columns}
          zone={zoneMode}
          airportZone={airport.timeZone}
          loading={state.status === "loading"}
          selectable={canEdit}
          selected={edits.selected}
          onSelect={(selected) => setEdits((e) => ({ ...e, selected }))}
          highlighted={justAdded}
          {...(type === "appearance" ? { onOpen: setChangesOf } : {})}
        />
      </Box>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby="report-delete-title">
        <DialogTitle id="report-delete-title">{translate("slotdesk.reports.delete_title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate("slotdesk.reports.delete_question")}</DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {translate("slotdesk.reports.delete_note")}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{translate("slotdesk.reports.cancel")}</Button>
          <Button color="error" variant="contained" onClick={removeSelected}>
            {translate("slotdesk.reports.confirm")}
          </Button>
        </DialogActions>
      </Dialog>

      {canEdit && adding ? (
        <AddRecordDialog open airport={airport.code} range={range} timezone={timezone} onClose={() => setAdding(false)} onAdd={addRecords} />
      ) : null}

      <Dialog open={changesOf !== null} onClose={() => setChangesOf(null)} maxWidth="lg" fullWidth aria-labelledby="report-changes-title">
        <DialogTitle id="report-changes-title">
          {translate("slotdesk.reports.changes_title", { flight: changesOf && "flight" in changesOf ? changesOf.flight : "" })}
        </DialogTitle>
        <DialogContent>{changesOf && "id" in changesOf ? <ChangesPanel matchId={changesOf.id} zone={zoneMode} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setChangesOf(null)}>{translate("slotdesk.reports.close")}</Button>
        </DialogActions>
      </Dialog>

      <Backdrop open={downloading} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: "#fff", flexDirection: "column", gap: 2 }}>
        <CircularProgress color="inherit" />
        <Typography>{translate("slotdesk.reports.downloading")}</Typography>
      </Backdrop>
    </Box>
  );
}
