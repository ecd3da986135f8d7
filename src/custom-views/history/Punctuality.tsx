/**
 * The coordinator's early warning on a series (issue 27 item 4): the card's lines when it is
 * flagged, and in the series' detail each operation's signed deviation from its slot, with the
 * tolerance band, the mean and its 90 % interval — what the coordinator's t-test looks at.
 * Monitoreo shows the same picture through the room's front door (index.ts).
 */
import { Box, Stack, Typography, useTheme } from "@mui/material";
import { useTranslate } from "react-admin";
import {
  CartesianGrid,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { components } from "../../generated/openapi";
import { WhenSeen } from "../../client/ui/WhenSeen";
import type { HistorySeries } from "./SeriesCard";
import { punctualityLines, signed } from "./punctualityLines";
import "./texts";

type Punctuality = components["schemas"]["HistoryPunctuality"];
type Weeks = components["schemas"]["HistorySeriesWeeks"]["flights"];

/** `dd/MM` of a `yyyy-MM-dd` date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** One operation of a series: its UTC date and its signed deviation from the slot (minutes). */
export type SeriesOperation = components["schemas"]["MonitoringSeriesOperations"]["operations"][number];

/** The series' operations with an actual time, from its weekly table. */
function operationsOf(flights: Weeks): SeriesOperation[] {
  return Object.values(flights)
    .flat()
    .flatMap((entry) => (entry.slot_id !== 0 && entry.deviation !== null ? [{ date: entry.date, deviation: entry.deviation }] : []));
}

/** A card's picture, from the weekly table read when the card opened. */
export const PunctualityChart = ({ series, flights }: { series: HistorySeries; flights: Weeks }) => (
  <DeviationChart punctuality={series.punctuality} operations={operationsOf(flights)} />
);

/** The plot's height; its room is held at this height until it is drawn. */
const CHART_HEIGHT = 180;

/**
 * The early warning's picture of a series (Histórico's detail, Monitoreo): each operation's
 * deviation by date, the tolerance band, the mean and its 90 % interval, and what the flag says.
 */
/**
 * The minutes axis of the deviation chart: symmetric about 0, with 0 always a tick (on time is the
 * line people read the dots against), in steps of 5 minutes or more that cover `extent`.
 */
export function deviationTicks(extent: number): number[] {
  const step = Math.max(5, Math.ceil(extent / 2 / 5) * 5);
  return [-2 * step, -step, 0, step, 2 * step];
}

export const DeviationChart = ({ punctuality: p, operations }: { punctuality: Punctuality; operations: readonly SeriesOperation[] }) => {
  const translate = useTranslate();
  const theme = useTheme();
  // x is the day (epoch days), y the minutes, in date order.
  const points = operations
    .map((operation) => ({ x: Date.parse(operation.date) / 86_400_000, y: operation.deviation, date: operation.date }))
    .sort((a, b) => a.x - b.x);
  const summary =
    p.verdict === "too_few"
      ? translate(points.length === 0 ? "slotdesk.history.punctuality.none" : "slotdesk.history.punctuality.too_few")
      : translate("slotdesk.history.punctuality.chart_summary", {
          operations: p.operations,
          mean: signed(p.mean ?? 0),
          lower: signed(p.lower ?? 0),
          upper: signed(p.upper ?? 0),
          tolerance: p.tolerance,
        });
  const ticks = deviationTicks(Math.max(p.tolerance + 5, ...points.map((point) => Math.abs(point.y) + 5)));
  const extent = ticks[ticks.length - 1] ?? 0;
  return (
    <Box component="section" aria-label={translate("slotdesk.history.punctuality.chart_title")} sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{translate("slotdesk.history.punctuality.chart_title")}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="punctuality-summary">
        {summary}
      </Typography>
      <Stack spacing={0.25} sx={{ my: 0.5 }}>
        {punctualityLines(translate, p).map((line) => (
          <Typography key={line} variant="body2" color="error.main" fontWeight={600}>
            {line}
          </Typography>
        ))}
      </Stack>
      {points.length > 0 ? (
        // Drawn when scrolled into view (issue 35 item 3); its room is held until then.
        <WhenSeen height={CHART_HEIGHT}>
          <ResponsiveContainer>
            <ScatterChart margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                type="number"
                dataKey="x"
                domain={["dataMin", "dataMax"]}
                tickFormatter={(x: number) => dayMonth(new Date(x * 86_400_000).toISOString().slice(0, 10))}
                name={translate("slotdesk.history.punctuality.axis_date")}
                fontSize={11}
              />
              <YAxis type="number" dataKey="y" domain={[-extent, extent]} ticks={ticks} interval={0} fontSize={11} width={40} name={translate("slotdesk.history.punctuality.axis_minutes")} />
              <ReferenceArea y1={-p.tolerance} y2={p.tolerance} fill={theme.palette.success.light} fillOpacity={0.15} ifOverflow="extendDomain" />
              {p.lower !== null && p.upper !== null ? (
                <ReferenceArea y1={p.lower} y2={p.upper} fill={theme.palette.warning.main} fillOpacity={0.2} />
              ) : null}
              {p.mean !== null ? <ReferenceLine y={p.mean} stroke={theme.palette.warning.dark} strokeWidth={2} /> : null}
              <ReferenceLine y={0} stroke={theme.palette.text.secondary} />
              <Tooltip
                formatter={(value) => `${String(value)} min`}
                labelFormatter={() => ""}
                cursor={false}
              />
              <Scatter data={points} fill={theme.palette.primary.main} isAnimationActive={false} />
            </ScatterChart>
          </ResponsiveContainer>
        </WhenSeen>
      ) : null}
    </Box>
  );
};
