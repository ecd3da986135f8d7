/**
 * The timeline's grid (seed 001 §2.2): a header of two hourly rows (UTC and CDMX) with day chips
 * at hour 0 and the hourly load under it, a side column of aircraft, and the chips, in one
 * scroller. Header and side column stay put with `position: sticky`; only the rows and hour
 * columns inside the viewport (plus an overscan) are rendered, so 28 days × every aircraft
 * scrolls smoothly.
 *
 * What scrolling re-renders is kept cheap: cells and chips are plain elements styled by one
 * stylesheet (classes on the scroller, no per-element sx), the header cells of the whole window
 * are computed once, one shared popper is the chips' tooltip (a tooltip per chip would mount and
 * unmount with every frame), and the hourly-load chart, in blocks of a day, follows the viewport
 * only once the scrolling pauses.
 */
import { Box, Paper, Popper, Typography, useTheme } from "@mui/material";
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslate } from "react-admin";
import {
  chipsInColumns,
  dayChips,
  type HourLoad,
  HOUR_WIDTH,
  hourCells,
  LANE_HEIGHT,
  nowX,
  RESIZE_DEBOUNCE_MS,
  type Span,
  type TimelineChip,
  type TimelineLayout,
  type TimelineRowLayout,
  type TimelineWindow,
  visibleColumns,
  visibleRows,
} from "../../domain/timeline";
import { formatMs, instantMs, type ShownZone, slotMs } from "../../domain/turnover";
import { UTC_ZONE } from "../../domain/zones";
import { GENERAL_STATUS_COLORS, generalStatusLabelKey, type GeneralStatus, type TurnoverRow } from "../../client/status/statusDisplay";
import "./texts";

/** recharts is only needed here: it loads with the chart, after the grid's first paint. */
const HourlyLoadChart = lazy(() => import("./HourlyLoadChart").then((module) => ({ default: module.HourlyLoadChart })));

export const SIDE_WIDTH = 128;
const HOUR_ROW_HEIGHT = 26;
export const LOAD_HEIGHT = 64;
const HEADER_HEIGHT = 2 * HOUR_ROW_HEIGHT + LOAD_HEIGHT;
/** Columns per chart block: one day. */
const CHART_BLOCK = 24;
/** The chart follows the viewport once scrolling has paused this long. */
const CHART_SETTLE_MS = 120;

type Chipped = TimelineChip<TurnoverRow>;
type ChipColors = { background: string; color: string };

export interface TimelineGridProps {
  timeline: TimelineWindow;
  layout: TimelineLayout<TurnoverRow>;
  load: HourLoad[];
  zone: ShownZone;
  /** The local row's name: CDMX at MEX, the airport's code elsewhere (issue 37). */
  localLabel: string;
  nowMs: number;
  onOpen: (matchId: number) => void;
}

interface Viewport {
  width: number;
  height: number;
}

/** The scroller's inner size; jsdom measures 0, so the window's size stands in there. */
const measure = (element: HTMLElement | null): Viewport => ({
  width: Math.max(0, (element?.clientWidth || window.innerWidth) - SIDE_WIDTH),
  height: Math.max(0, (element?.clientHeight || window.innerHeight) - HEADER_HEIGHT),
});

const pad = (hour: number) => String(hour).padStart(2, "0");

/** Chart blocks (of CHART_BLOCK columns) that hold columns first..last. */
const blocksOf = (span: Span): Span => ({ first: Math.floor(span.first / CHART_BLOCK), last: Math.floor(span.last / CHART_BLOCK) });

export const TimelineGrid = ({ timeline: range, layout, load, zone, localLabel, nowMs, onOpen }: TimelineGridProps) => {
  const translate = useTranslate();
  const theme = useTheme();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>(() => measure(null));
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const frame = useRef<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [hovered, setHovered] = useState<{ anchor: HTMLElement; chip: Chipped } | null>(null);

  // Reload on window resize, debounced (seed 001 §2.2): measure the viewport again.
  useLayoutEffect(() => {
    setViewport(measure(scrollerRef.current));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setViewport(measure(scrollerRef.current)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);

  const columns = visibleColumns(scroll.left, viewport.width, range);
  const rows = visibleRows(scroll.top, viewport.height, layout.tops);
  // Where the chart was last placed: the scroll position once it paused.
  const [chartLeft, setChartLeft] = useState(0);

  // A new window opens scrolled to 'AHORA' when it is inside, a third from the left.
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    const opening = nowX(Date.now(), range);
    const size = measure(element);
    const left = opening === null ? 0 : Math.max(0, opening - size.width / 3);
    element.scrollLeft = left;
    element.scrollTop = 0;
    setScroll({ top: 0, left });
    setChartLeft(left);
  }, [range]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      clearTimeout(settle.current);
    },
    [],
  );

  const onScroll = useCallback(() => {
    if (frame.current === null) {
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        const element = scrollerRef.current;
        if (element) setScroll({ top: element.scrollTop, left: element.scrollLeft });
      });
    }
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const element = scrollerRef.current;
      if (element) setChartLeft(element.scrollLeft);
    }, CHART_SETTLE_MS);
  }, []);

  // The whole window's header, computed once per window; scrolling only slices it.
  const cells = useMemo(() => hourCells(range), [range]);
  const days = useMemo(() => dayChips(range), [range]);
  const shownDays = days.filter((day) => day.column >= columns.first && day.column <= columns.last);
  // One scale for every block, so bars of different days compare.
  const loadMax = useMemo(() => load.reduce((max, hour) => Math.max(max, hour.slots, hour.movements), 1), [load]);
  const chartBlocks = blocksOf(visibleColumns(chartLeft, viewport.width, range, 0));
  const blocks: number[] = [];
  for (let block = chartBlocks.first; block <= chartBlocks.last; block++) blocks.push(block);

  // The general status colours of Entrega de turno, resolved once per theme.
  const colors = useCallback(
    (status: GeneralStatus): ChipColors => {
      const color = GENERAL_STATUS_COLORS[status];
      const palette =
        color === "default" ? { main: theme.palette.grey[400], contrastText: theme.palette.text.primary } : theme.palette[color];
      return { background: palette.main, color: palette.contrastText };
    },
    [theme],
  );

  const now = nowX(nowMs, range);
  const visible = layout.rows.slice(rows.first, rows.last + 1);
  const bodyWidth = range.width;

  const hover = useCallback((anchor: HTMLElement, chip: Chipped) => setHovered({ anchor, chip }), []);
  const leave = useCallback(() => setHovered(null), []);

  return (
    <Box
      ref={scrollerRef}
      onScroll={onScroll}
      role="region"
      aria-label={translate("slotdesk.timeline.grid")}
      tabIndex={0}
      data-testid="timeline-scroller"
      data-rows={layout.rows.length}
      data-chips={layout.chipCount}
      sx={gridStyles}
    >
      <div className="tl-canvas" style={{ width: SIDE_WIDTH + bodyWidth }}>
        {/* Header: corner, UTC row, CDMX row, hourly load. */}
        <div className="tl-header">
          <div className="tl-corner">
            <div className="tl-corner-row">{translate("slotdesk.timeline.utc_row")}</div>
            <div className="tl-corner-row">{localLabel}</div>
            <div className="tl-corner-load" title={translate("slotdesk.timeline.load_hint")}>
              {translate("slotdesk.timeline.load")}
            </div>
          </div>
          <div className="tl-header-hours" style={{ width: bodyWidth }}>
            {cells.slice(columns.first, columns.last + 1).map((cell) => (
              <HourCellPair key={cell.column} x={cell.x} utc={pad(cell.utcHour)} cdmx={pad(cell.cdmxHour)} column={cell.column} />
            ))}
            {shownDays.map((day) => (
              <span
                key={`${day.zone}-${day.column}`}
                className="tl-day"
                data-testid={day.zone === UTC_ZONE ? "timeline-day-utc" : "timeline-day-cdmx"}
                data-x={day.x}
                style={{ left: day.x + 22, top: (day.zone === UTC_ZONE ? 0 : HOUR_ROW_HEIGHT) + 3 }}
              >
                {day.label}
              </span>
            ))}
            <Suspense fallback={null}>
              {blocks.map((block) => (
                <ChartBlock key={block} block={block} load={load} max={loadMax} />
              ))}
            </Suspense>
            {now !== null ? (
              <span className="tl-now-label" data-testid="timeline-now-label" style={{ left: now }}>
                {translate("slotdesk.timeline.now")}
              </span>
            ) : null}
          </div>
        </div>
        {/* Body: side column of aircraft and the chips. */}
        <div className="tl-body" style={{ height: layout.height }}>
          <div className="tl-side" style={{ height: layout.height }}>
            {visible.map((row) => (
              <AircraftLabel key={row.key} row={row} />
            ))}
          </div>
          <div className="tl-chips" style={{ width: bodyWidth, height: layout.height }}>
            {/* Before the chips, so their labels stay readable over the line. */}
            {now !== null ? <div className="tl-now" data-testid="timeline-now" data-x={now} aria-hidden style={{ left: now }} /> : null}
            {visible.map((row) =>
              chipsInColumns(row, columns.first, columns.last).map((chip) => (
                <TimelineChipButton
                  key={chip.row.id}
                  chip={chip}
                  top={row.top + 2 + chip.lane * LANE_HEIGHT}
                  zone={zone}
                  colors={colors}
                  onOpen={onOpen}
                  onHover={hover}
                  onLeave={leave}
                />
              )),
            )}
          </div>
        </div>
      </div>
      <Popper open={hovered !== null} anchorEl={hovered?.anchor} placement="top" sx={{ zIndex: 1500, pointerEvents: "none" }}>
        {hovered ? <ChipTooltip chip={hovered.chip} zone={zone} localLabel={localLabel} /> : null}
      </Popper>
    </Box>
  );
};

/** One stylesheet for every cell and chip: scrolling mounts plain elements only. */
const gridStyles = {
  flex: 1,
  minHeight: 0,
  overflow: "auto",
  position: "relative",
  border: 1,
  borderColor: "divider",
  borderRadius: 1,
  fontSize: 12,
  "& .tl-canvas": { position: "relative" },
  "& .tl-header": {
    position: "sticky",
    top: 0,
    zIndex: 3,
    display: "flex",
    bgcolor: "background.paper",
    borderBottom: 1,
    borderColor: "divider",
  },
  "& .tl-corner": {
    position: "sticky",
    left: 0,
    zIndex: 4,
    width: SIDE_WIDTH,
    flex: "none",
    height: HEADER_HEIGHT,
    bgcolor: "background.paper",
    borderRight: 1,
    borderColor: "divider",
  },
  "& .tl-corner-row": { height: HOUR_ROW_HEIGHT, px: 1, display: "flex", alignItems: "center", fontWeight: 600 },
  "& .tl-corner-load": { height: LOAD_HEIGHT, px: 1, display: "flex", alignItems: "center", color: "text.secondary" },
  "& .tl-header-hours": { position: "relative", height: HEADER_HEIGHT, flex: "none" },
  "& .tl-hour": {
    position: "absolute",
    width: HOUR_WIDTH,
    height: HOUR_ROW_HEIGHT,
    px: 0.5,
    display: "flex",
    alignItems: "center",
    fontSize: 11,
    borderLeft: 1,
    borderColor: "divider",
  },
  "& .tl-hour-cdmx": { top: HOUR_ROW_HEIGHT, color: "text.secondary" },
  "& .tl-day": {
    position: "absolute",
    height: 20,
    lineHeight: "18px",
    px: 0.75,
    fontSize: 11,
    borderRadius: 10,
    border: 1,
    borderColor: "primary.main",
    color: "primary.main",
    bgcolor: "background.paper",
    whiteSpace: "nowrap",
  },
  "& .tl-chart": { position: "absolute", top: 2 * HOUR_ROW_HEIGHT },
  "& .tl-now-label": {
    position: "absolute",
    top: 2 * HOUR_ROW_HEIGHT,
    transform: "translateX(-50%)",
    zIndex: 2,
    px: 0.5,
    fontSize: 10,
    fontWeight: 700,
    borderRadius: 0.5,
    bgcolor: "error.main",
    color: "error.contrastText",
  },
  "& .tl-body": { display: "flex" },
  "& .tl-side": {
    position: "sticky",
    left: 0,
    zIndex: 2,
    width: SIDE_WIDTH,
    flex: "none",
    bgcolor: "background.paper",
    borderRight: 1,
    borderColor: "divider",
  },
  "& .tl-aircraft": {
    position: "absolute",
    width: "100%",
    px: 1,
    display: "flex",
    alignItems: "center",
    fontWeight: 600,
    borderBottom: 1,
    borderColor: "divider",
    boxSizing: "border-box",
  },
  "& .tl-aircraft-special": { fontWeight: 400, fontStyle: "italic" },
  "& .tl-chips": {
    position: "relative",
    flex: "none",
    // Hour lines drawn by the background: no element per cell.
    backgroundImage: `repeating-linear-gradient(to right, transparent 0 ${HOUR_WIDTH - 1}px, rgba(0,0,0,0.08) ${HOUR_WIDTH - 1}px ${HOUR_WIDTH}px)`,
  },
  "& .tl-chip": {
    position: "absolute",
    width: HOUR_WIDTH - 2,
    height: LANE_HEIGHT - 4,
    border: 0,
    borderRadius: "3px",
    px: 0.75,
    fontSize: 11,
    fontFamily: "inherit",
    fontWeight: 600,
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
    cursor: "pointer",
    textAlign: "left",
    outlineOffset: 1,
  },
  "& .tl-chip-leftover": { opacity: 0.85 },
  "& .tl-now": { position: "absolute", top: 0, bottom: 0, width: 2, bgcolor: "error.main", pointerEvents: "none" },
} as const;

const HourCellPair = memo(function HourCellPair({ x, utc, cdmx, column }: { x: number; utc: string; cdmx: string; column: number }) {
  return (
    <>
      <div className="tl-hour" data-testid="timeline-hour-utc" data-column={column} data-x={x} style={{ left: x, top: 0 }}>
        {utc}
      </div>
      <div className="tl-hour tl-hour-cdmx" data-testid="timeline-hour-cdmx" data-column={column} data-x={x} style={{ left: x }}>
        {cdmx}
      </div>
    </>
  );
});

/** One day of the hourly load, rendered once and kept while it stays near the viewport. */
const ChartBlock = memo(function ChartBlock({ block, load, max }: { block: number; load: HourLoad[]; max: number }) {
  const data = useMemo(() => load.slice(block * CHART_BLOCK, (block + 1) * CHART_BLOCK), [load, block]);
  if (data.length === 0) return null;
  return (
    <div className="tl-chart" style={{ left: block * CHART_BLOCK * HOUR_WIDTH }}>
      <HourlyLoadChart data={data} height={LOAD_HEIGHT} max={max} />
    </div>
  );
});

const AircraftLabel = memo(function AircraftLabel({ row }: { row: TimelineRowLayout<TurnoverRow> }) {
  const translate = useTranslate();
  return (
    <div
      className={row.special ? "tl-aircraft tl-aircraft-special" : "tl-aircraft"}
      data-testid="timeline-aircraft"
      style={{ top: row.top, height: row.height }}
    >
      {row.special === "leftover"
        ? translate("slotdesk.timeline.leftover_row")
        : row.special === "no_register"
          ? translate("slotdesk.timeline.no_register_row")
          : row.key}
    </div>
  );
});

/** The chip's text: the flight, or the seed's labels for a leftover slot and a flight without slot. */
const useChipText = () => {
  const translate = useTranslate();
  return useCallback(
    (chip: Chipped): string => {
      if (chip.kind === "leftover") return translate("slotdesk.timeline.leftover_chip");
      if (chip.kind === "no_slot") return translate("slotdesk.timeline.no_slot_chip");
      return `${chip.row.is_arrival ? "L" : "S"} ${chip.row.flight_name ?? chip.row.slot_name ?? ""}`;
    },
    [translate],
  );
};

const TimelineChipButton = memo(function TimelineChipButton({
  chip,
  top,
  zone,
  colors,
  onOpen,
  onHover,
  onLeave,
}: {
  chip: Chipped;
  top: number;
  zone: ShownZone;
  colors: (status: GeneralStatus) => ChipColors;
  onOpen: (matchId: number) => void;
  onHover: (anchor: HTMLElement, chip: Chipped) => void;
  onLeave: () => void;
}) {
  const translate = useTranslate();
  const text = useChipText()(chip);
  const direction = translate(chip.row.is_arrival ? "slotdesk.timeline.arrival" : "slotdesk.timeline.departure");
  const { background, color } = colors(chip.row.general_status);
  return (
    <button
      type="button"
      className={chip.kind === "leftover" ? "tl-chip tl-chip-leftover" : "tl-chip"}
      data-testid="timeline-chip"
      data-status={chip.row.general_status}
      aria-label={translate("slotdesk.timeline.chip_label", { label: text, direction, time: formatMs(chip.ms, zone.timeZone, "dd/MM/yyyy HH:mm") })}
      onClick={() => onOpen(chip.row.id)}
      onMouseEnter={(event) => onHover(event.currentTarget, chip)}
      onFocus={(event) => onHover(event.currentTarget, chip)}
      onMouseLeave={onLeave}
      onBlur={onLeave}
      style={{ left: chip.x + 1, top, backgroundColor: background, color }}
    >
      {text}
    </button>
  );
});

/** Direction, route, scheduled time and slot time (seed 001 §2.2), in the zone the user reads. */
const ChipTooltip = ({ chip, zone, localLabel }: { chip: Chipped; zone: ShownZone; localLabel: string }) => {
  const translate = useTranslate();
  const text = useChipText()(chip);
  const { row } = chip;
  const none = translate("slotdesk.timeline.none");
  const scheduled = instantMs(row.flight_scheduled);
  const slot = slotMs(row.slot_date, row.slot_time);
  const when = (ms: number | null) => (ms === null ? none : `${formatMs(ms, zone.timeZone, "dd/MM/yyyy HH:mm")} ${zone.mode === "utc" ? "UTC" : localLabel}`);
  return (
    <Paper elevation={4} sx={{ p: 1, fontSize: 12 }} role="tooltip" data-testid="timeline-tooltip">
      <Typography variant="subtitle2">
        {text} · {translate(generalStatusLabelKey(row.general_status))}
      </Typography>
      <div>{translate(row.is_arrival ? "slotdesk.timeline.arrival" : "slotdesk.timeline.departure")}</div>
      <div>{translate("slotdesk.timeline.route", { route: row.flight_route ?? row.slot_route ?? none })}</div>
      <div>{translate("slotdesk.timeline.scheduled", { time: when(scheduled) })}</div>
      <div>{translate("slotdesk.timeline.slot", { time: when(slot) })}</div>
    </Paper>
  );
};
