/**
 * The dashboard, 'AIMS view' (seed 001 §2.2; issue 15 items 1 and 2): the matches of the stored
 * range (at most 28 days) per aircraft and UTC hour, with refresh and last update, the
 * 'Visualizar' filter and the legend shared with Entrega de turno, the floating 'AHORA' marker
 * and the hourly load. A chip opens the match viewer.
 *
 * Data: the turnover rows (POST /api/turnover/) of the days around the window, with the same
 * visibility filter the table sends; the grid keeps the ones inside the window.
 */
import { Alert, Box, Typography } from "@mui/material";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslate } from "react-admin";
import { useAirportChoice } from "../../client/airport/useAirport";
import { useStoredRange, useStoredZone, writeStoredZone } from "../../client/dates/rangeStorage";
import { fetchRange, hourlyLoad, layoutTimeline, NOW_REFRESH_MS, timelineWindow } from "../../domain/timeline";
import { shownZone, type TimeZoneMode, type VisibilityFilters } from "../../domain/turnover";
import { LOCAL_ZONE } from "../../domain/zones";
import {
  NomenclatureButton,
  NomenclatureDialog,
  readStoredFilters,
  RefreshControl,
  storeFilters,
  useTurnoverRows,
  VisibilityFilter,
  ZoneToggle,
} from "../turnover";
import { MatchViewer } from "../match-viewer";
import { TimelineGrid } from "./TimelineGrid";
import "./texts";


/** The current instant, moved every 5 minutes: where 'AHORA' stands. */
export function useNow(every = NOW_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const TimelineView = () => {
  const translate = useTranslate();
  const stored = useStoredRange();
  // The chosen airport's rows (issue 37); LOCAL and the header's local row are its zone.
  const { airport, settled } = useAirportChoice();
  const mode = useStoredZone();
  const zone = useMemo(() => shownZone(mode, airport.timeZone), [mode, airport.timeZone]);
  const localLabel = airport.timeZone === LOCAL_ZONE ? translate("slotdesk.timeline.cdmx_row") : airport.code;
  const setZone = useCallback((next: TimeZoneMode) => writeStoredZone(next, new Date(), airport.timeZone), [airport.timeZone]);
  const [filters, setFilters] = useState<VisibilityFilters>(readStoredFilters);
  const [legendOpen, setLegendOpen] = useState(false);
  const [viewerId, setViewerId] = useState<number | null>(null);
  const nowMs = useNow();

  const timeline = useMemo(() => timelineWindow(stored, zone.timeZone, airport.timeZone), [stored, zone, airport.timeZone]);
  const asked = useMemo(() => fetchRange(timeline), [timeline]);
  const { rows, loading, error, lastUpdate, reload } = useTurnoverRows(asked, zone, airport.code, filters, settled);
  const layout = useMemo(() => layoutTimeline(rows, timeline), [rows, timeline]);
  const load = useMemo(() => hourlyLoad(rows, timeline), [rows, timeline]);

  const applyFilters = useCallback((next: VisibilityFilters) => {
    storeFilters(next);
    setFilters(next);
  }, []);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 420, gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 2, rowGap: 1 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {translate("slotdesk.views.timeline")}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate("slotdesk.views.timeline_subtitle")}
          </Typography>
        </Box>
        <RefreshControl loading={loading} lastUpdate={lastUpdate} zone={zone} onRefresh={reload} />
        <Box sx={{ flex: 1 }} />
        <ZoneToggle mode={mode} localZone={airport.timeZone} onChange={setZone} />
        <VisibilityFilter value={filters} onApply={applyFilters} />
        <NomenclatureButton onClick={() => setLegendOpen(true)} />
      </Box>
      {timeline.clamped ? (
        <Alert severity="info" variant="outlined">
          {translate("slotdesk.timeline.clamped", { start: formatDay(timeline.range.start), end: formatDay(timeline.range.end) })}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" variant="outlined">
          {error}
        </Alert>
      ) : null}
      {!loading && layout.rows.length === 0 ? (
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="timeline-empty">
          {translate("slotdesk.timeline.empty")}
        </Typography>
      ) : (
        <TimelineGrid timeline={timeline} layout={layout} load={load} zone={zone} localLabel={localLabel} nowMs={nowMs} onOpen={setViewerId} />
      )}
      <NomenclatureDialog open={legendOpen} onClose={() => setLegendOpen(false)} />
      <MatchViewer matchId={viewerId} zone={mode} onClose={() => setViewerId(null)} onChanged={reload} />
    </Box>
  );
};

export default TimelineView;
