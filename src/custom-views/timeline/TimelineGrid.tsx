/**
 * The timeline's grid (seed 001 §2.2): a header of two hourly rows (UTC and CDMX) with day chips
 * at hour 0 and the hourly load under it, a side column of aircraft, and the chips, in one
 * scroller. Header and side column stay put with `position: sticky`; only the rows and hour
 * columns inside the viewport (plus an overscan) are rendered, so 28 days × every aircraft
 * scrolls smoothly. One shared popper is the chips' tooltip (a tooltip per chip would mount and
 * unmount with every scrolled frame).
 */
import { Box, Chip, Paper, Popper, Typography, useTheme } from "@mui/material";
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
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
  type TimelineChip,
  type TimelineLayout,
  type TimelineWindow,
  visibleColumns,
  visibleRows,
} from "../../domain/timeline";
import { formatMs, instantMs, slotMs, type TimeZoneMode } from "../../domain/turnover";
import { LOCAL_ZONE } from "../../domain/zones";
import { GENERAL_STATUS_COLORS, generalStatusLabelKey, type TurnoverRow } from "../turnover/statusDisplay";

/** recharts is only needed here: it loads with the chart, after the grid's first paint. */
const HourlyLoadChart = lazy(() => import("./HourlyLoadChart").then((module) => ({ default: module.HourlyLoadChart })));

export const SIDE_WIDTH = 128;
const HOUR_ROW_HEIGHT = 26;
export const LOAD_HEIGHT = 64;
const HEADER_HEIGHT = 2 * HOUR_ROW_HEIGHT + LOAD_HEIGHT;

type Chipped = TimelineChip<TurnoverRow>;

export interface TimelineGridProps {
  timeline: TimelineWindow;
  layout: TimelineLayout<TurnoverRow>;
  load: HourLoad[];
  zone: TimeZoneMode;
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

export const TimelineGrid = ({ timeline: range, layout, load, zone, nowMs, onOpen }: TimelineGridProps) => {
  const translate = useTranslate();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>(() => measure(null));
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const frame = useRef<number | null>(null);
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

  // A new window opens scrolled to 'AHORA' when it is inside, a third from the left.
  const now = nowX(nowMs, range);
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    const opening = nowX(Date.now(), range);
    const left = opening === null ? 0 : Math.max(0, opening - measure(element).width / 3);
    element.scrollLeft = left;
    element.scrollTop = 0;
    setScroll({ top: 0, left });
  }, [range]);

  useEffect(() => () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
  }, []);

  const onScroll = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const element = scrollerRef.current;
      if (element) setScroll({ top: element.scrollTop, left: element.scrollLeft });
    });
  }, []);

  const columns = visibleColumns(scroll.left, viewport.width, range);
  const rows = visibleRows(scroll.top, viewport.height, layout.tops);
  // The chart follows the columns a moment later, so a horizontal scroll never waits for it.
  const chartColumns = useDeferredValue(columns);
  const chartData = useMemo(
    () => load.slice(chartColumns.first, chartColumns.last + 1),
    [load, chartColumns.first, chartColumns.last],
  );

  const cells = useMemo(() => hourCells(range, columns.first, columns.last), [range, columns.first, columns.last]);
  const days = useMemo(() => dayChips(range, columns.first, columns.last), [range, columns.first, columns.last]);

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
      sx={{ flex: 1, minHeight: 0, overflow: "auto", position: "relative", border: 1, borderColor: "divider", borderRadius: 1 }}
    >
      <Box sx={{ width: SIDE_WIDTH + bodyWidth, position: "relative" }}>
        {/* Header: corner, UTC row, CDMX row, hourly load. */}
        <Box sx={{ position: "sticky", top: 0, zIndex: 3, display: "flex", bgcolor: "background.paper", borderBottom: 1, borderColor: "divider" }}>
          <Box
            sx={{
              position: "sticky",
              left: 0,
              zIndex: 4,
              width: SIDE_WIDTH,
              flex: "none",
              height: HEADER_HEIGHT,
              bgcolor: "background.paper",
              borderRight: 1,
              borderColor: "divider",
              fontSize: 12,
            }}
          >
            <Box sx={{ height: HOUR_ROW_HEIGHT, px: 1, display: "flex", alignItems: "center", fontWeight: 600 }}>
              {translate("slotdesk.timeline.utc_row")}
            </Box>
            <Box sx={{ height: HOUR_ROW_HEIGHT, px: 1, display: "flex", alignItems: "center", fontWeight: 600 }}>
              {translate("slotdesk.timeline.cdmx_row")}
            </Box>
            <Box sx={{ height: LOAD_HEIGHT, px: 1, display: "flex", alignItems: "center", color: "text.secondary" }} title={translate("slotdesk.timeline.load_hint")}>
              {translate("slotdesk.timeline.load")}
            </Box>
          </Box>
          <Box sx={{ position: "relative", width: bodyWidth, height: HEADER_HEIGHT, flex: "none" }}>
            {cells.map((cell) => (
              <HourCellPair key={cell.column} x={cell.x} utc={pad(cell.utcHour)} cdmx={pad(cell.cdmxHour)} column={cell.column} />
            ))}
            {days.map((day) => (
              <Chip
                key={`${day.zone}-${day.column}`}
                data-testid={day.zone === LOCAL_ZONE ? "timeline-day-cdmx" : "timeline-day-utc"}
                data-x={day.x}
                size="small"
                color="primary"
                variant="outlined"
                label={day.label}
                sx={{
                  position: "absolute",
                  left: day.x + 22,
                  top: (day.zone === LOCAL_ZONE ? HOUR_ROW_HEIGHT : 0) + 3,
                  height: 20,
                  fontSize: 11,
                  bgcolor: "background.paper",
                  "& .MuiChip-label": { px: 0.75 },
                }}
              />
            ))}
            {chartData.length > 0 ? (
              <Box sx={{ position: "absolute", left: chartColumns.first * HOUR_WIDTH, top: 2 * HOUR_ROW_HEIGHT }}>
                <Suspense fallback={null}>
                  <HourlyLoadChart data={chartData} height={LOAD_HEIGHT} />
                </Suspense>
              </Box>
            ) : null}
            {now !== null ? (
              <Box
                data-testid="timeline-now-label"
                sx={{
                  position: "absolute",
                  left: now,
                  top: 0,
                  transform: "translateX(-50%)",
                  zIndex: 2,
                  px: 0.5,
                  fontSize: 10,
                  fontWeight: 700,
                  borderRadius: 0.5,
                  bgcolor: "error.main",
                  color: "error.contrastText",
                }}
              >
                {translate("slotdesk.timeline.now")}
              </Box>
            ) : null}
          </Box>
        </Box>
        {/* Body: side column of aircraft and the chips. */}
        <Box sx={{ display: "flex", height: layout.height }}>
          <Box
            sx={{
              position: "sticky",
              left: 0,
              zIndex: 2,
              width: SIDE_WIDTH,
              flex: "none",
              height: layout.height,
              bgcolor: "background.paper",
              borderRight: 1,
              borderColor: "divider",
            }}
          >
            {visible.map((row) => (
              <Box
                key={row.key}
                data-testid="timeline-aircraft"
                sx={{
                  position: "absolute",
                  top: row.top,
                  height: row.height,
                  width: "100%",
                  px: 1,
                  display: "flex",
                  alignItems: "center",
                  fontSize: 12,
                  fontWeight: row.special ? 400 : 600,
                  fontStyle: row.special ? "italic" : "normal",
                  borderBottom: 1,
                  borderColor: "divider",
                }}
              >
                {row.special === "leftover"
                  ? translate("slotdesk.timeline.leftover_row")
                  : row.special === "no_register"
                    ? translate("slotdesk.timeline.no_register_row")
                    : row.key}
              </Box>
            ))}
          </Box>
          <Box
            sx={{
              position: "relative",
              width: bodyWidth,
              flex: "none",
              height: layout.height,
              // Hour lines drawn by the background: no element per cell.
              backgroundImage: `repeating-linear-gradient(to right, transparent 0 ${HOUR_WIDTH - 1}px, rgba(0,0,0,0.08) ${HOUR_WIDTH - 1}px ${HOUR_WIDTH}px)`,
            }}
          >
            {visible.map((row) =>
              chipsInColumns(row, columns.first, columns.last).map((chip) => (
                <TimelineChipButton
                  key={chip.row.id}
                  chip={chip}
                  top={row.top + 2 + chip.lane * LANE_HEIGHT}
                  zone={zone}
                  onOpen={onOpen}
                  onHover={hover}
                  onLeave={leave}
                />
              )),
            )}
            {now !== null ? (
              <Box
                data-testid="timeline-now"
                data-x={now}
                aria-hidden
                sx={{ position: "absolute", left: now, top: 0, bottom: 0, width: 2, bgcolor: "error.main", zIndex: 1, pointerEvents: "none" }}
              />
            ) : null}
          </Box>
        </Box>
      </Box>
      <Popper open={hovered !== null} anchorEl={hovered?.anchor} placement="top" sx={{ zIndex: 1500, pointerEvents: "none" }}>
        {hovered ? <ChipTooltip chip={hovered.chip} zone={zone} /> : null}
      </Popper>
    </Box>
  );
};

const HourCellPair = memo(function HourCellPair({ x, utc, cdmx, column }: { x: number; utc: string; cdmx: string; column: number }) {
  const cell = {
    position: "absolute",
    left: x,
    width: HOUR_WIDTH,
    height: HOUR_ROW_HEIGHT,
    px: 0.5,
    display: "flex",
    alignItems: "center",
    fontSize: 11,
    borderLeft: 1,
    borderColor: "divider",
  } as const;
  return (
    <>
      <Box data-testid="timeline-hour-utc" data-column={column} data-x={x} sx={{ ...cell, top: 0 }}>
        {utc}
      </Box>
      <Box data-testid="timeline-hour-cdmx" data-column={column} data-x={x} sx={{ ...cell, top: HOUR_ROW_HEIGHT, color: "text.secondary" }}>
        {cdmx}
      </Box>
    </>
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
  onOpen,
  onHover,
  onLeave,
}: {
  chip: Chipped;
  top: number;
  zone: TimeZoneMode;
  onOpen: (matchId: number) => void;
  onHover: (anchor: HTMLElement, chip: Chipped) => void;
  onLeave: () => void;
}) {
  const theme = useTheme();
  const translate = useTranslate();
  const text = useChipText()(chip);
  const color = GENERAL_STATUS_COLORS[chip.row.general_status];
  const palette = color === "default" ? { main: theme.palette.grey[400], contrastText: theme.palette.text.primary } : theme.palette[color];
  const direction = translate(chip.row.is_arrival ? "slotdesk.timeline.arrival" : "slotdesk.timeline.departure");
  return (
    <Box
      component="button"
      type="button"
      data-testid="timeline-chip"
      data-status={chip.row.general_status}
      aria-label={translate("slotdesk.timeline.chip_label", { label: text, direction, time: formatMs(chip.ms, zone, "dd/MM/yyyy HH:mm") })}
      onClick={() => onOpen(chip.row.id)}
      onMouseEnter={(event) => onHover(event.currentTarget, chip)}
      onFocus={(event) => onHover(event.currentTarget, chip)}
      onMouseLeave={onLeave}
      onBlur={onLeave}
      style={{ left: chip.x + 1, top, backgroundColor: palette.main, color: palette.contrastText }}
      sx={{
        position: "absolute",
        width: HOUR_WIDTH - 2,
        height: LANE_HEIGHT - 4,
        border: 0,
        borderRadius: 3,
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
        opacity: chip.kind === "leftover" ? 0.85 : 1,
      }}
    >
      {text}
    </Box>
  );
});

/** Direction, route, scheduled time and slot time (seed 001 §2.2), in the zone the user reads. */
const ChipTooltip = ({ chip, zone }: { chip: Chipped; zone: TimeZoneMode }) => {
  const translate = useTranslate();
  const text = useChipText()(chip);
  const { row } = chip;
  const none = translate("slotdesk.timeline.none");
  const scheduled = instantMs(row.flight_scheduled);
  const slot = slotMs(row.slot_date, row.slot_time);
  const when = (ms: number | null) => (ms === null ? none : `${formatMs(ms, zone, "dd/MM/yyyy HH:mm")} ${zone === "utc" ? "UTC" : "CDMX"}`);
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
