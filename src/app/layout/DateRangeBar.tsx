import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslate } from "react-admin";
import {
  type DateRange,
  presetsForView,
  type RangePreset,
  type RangeView,
  rangeForPreset,
  shiftRange,
  withEnd,
  withStart,
} from "../../domain/dateRange";
import { zoneAt } from "../../domain/zones";
import { useAirport } from "../../client/airport/useAirport";
import { useStoredRangeState, useStoredZone, writeStoredRange } from "../../client/dates/rangeStorage";
import { RangeDateField } from "./RangeDateField";

export type DateRangeBarProps = {
  view: RangeView;
  /** Clock, injectable for tests. */
  now?: () => Date;
  /** A narrow window (the top bar's compact mode): narrower fields. */
  compact?: boolean;
};

const defaultNow = () => new Date();

type Edge = "start" | "end";

/**
 * Top-bar date range: preset list, previous/next-day arrows and a read-only range picker (two
 * date fields whose calendar's code loads when first wanted: RangeDateField).
 * Every change is stored (localStorage `range` and `range_preset`) and announced with the
 * `slotdesk:range` window event. The days are days of the zone the user looks in (the stored
 * LOCAL/UTC toggle, DESIGN.md §6): at 18:30 in Mexico City, 'Hoy' is today in LOCAL and
 * already tomorrow in UTC. The bar says which zone its days are in.
 */
export function DateRangeBar({ view, now = defaultNow, compact = false }: DateRangeBarProps) {
  const translate = useTranslate();
  const stored = useStoredRangeState();
  const mode = useStoredZone();
  // Issue 37: LOCAL days are the chosen airport's days ('Hoy' at JFK is New York's today).
  const { timeZone: airportZone } = useAirport();
  const zone = zoneAt(mode, airportZone);
  const [fallback] = useState<DateRange>(() => rangeForPreset("today", now(), zone));
  const [openEdge, setOpenEdge] = useState<Edge | null>(null);

  const needsInitialRange = stored.range === null;
  useEffect(() => {
    if (needsInitialRange) writeStoredRange(rangeForPreset("today", now(), zone), "today");
  }, [needsInitialRange, now, zone]);

  const range = stored.range ?? fallback;
  const options = presetsForView(view);
  const preset: RangePreset =
    stored.range !== null && stored.preset !== null && options.includes(stored.preset) ? stored.preset : "custom";
  const shownPreset: RangePreset = stored.range === null ? "today" : preset;
  const menu = shownPreset === "custom" ? [...options, "custom" as const] : options;

  const choosePreset = (value: string) => {
    const next = options.find((option) => option === value);
    if (next) writeStoredRange(rangeForPreset(next, now(), zone), next);
  };

  const pick = (edge: Edge, date: string) => {
    writeStoredRange(edge === "start" ? withStart(range, date) : withEnd(range, date), "custom");
  };

  // Keyed by its date: a preset or the arrows that change the date give a fresh picker, whose last
  // accepted value is the date shown — else picking the date it held before is taken as no change.
  const picker = (edge: Edge, label: string) => (
    <RangeDateField
      key={`${edge}-${range[edge]}`}
      label={label}
      date={range[edge]}
      open={openEdge === edge}
      compact={compact}
      onOpen={() => setOpenEdge(edge)}
      onClose={() => setOpenEdge(null)}
      onPick={(date) => pick(edge, date)}
    />
  );

  return (
    <Box
      role="group"
      aria-label={translate("slotdesk.range.group")}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 0.5,
        py: 1,
        px: compact ? 0.5 : 1,
        minWidth: 0,
        borderRadius: 1,
        bgcolor: "background.paper",
        color: "text.primary",
      }}
    >
      <TextField
        select
        size="small"
        label={translate("slotdesk.range.preset")}
        value={shownPreset}
        onChange={(event) => choosePreset(event.target.value)}
        sx={{ width: compact ? 124 : 150 }}
      >
        {menu.map((option) => (
          <MenuItem key={option} value={option} disabled={option === "custom"} dense>
            {translate(`slotdesk.range.presets.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={translate("slotdesk.range.previous_day")}>
        <IconButton
          size="small"
          aria-label={translate("slotdesk.range.previous_day")}
          onClick={() => writeStoredRange(shiftRange(range, -1), "custom")}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate("slotdesk.range.next_day")}>
        <IconButton
          size="small"
          aria-label={translate("slotdesk.range.next_day")}
          onClick={() => writeStoredRange(shiftRange(range, 1), "custom")}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {picker("start", translate("slotdesk.range.start"))}
      {picker("end", translate("slotdesk.range.end"))}
      <Tooltip title={mode === "utc" ? translate("slotdesk.range.zone_utc_hint") : translate("slotdesk.range.zone_local_hint", { zone: airportZone })}>
        <Typography variant="caption" color="text.secondary" data-testid="range-zone" sx={{ ml: 0.5, whiteSpace: "nowrap" }}>
          {translate(mode === "utc" ? "slotdesk.range.zone_utc" : "slotdesk.range.zone_local")}
        </Typography>
      </Tooltip>
    </Box>
  );
}
