/**
 * The hourly load under the timeline header (issue 15 item 2): per UTC hour column, the
 * airline's slots and its movements (actual once flown, planned before), bars aligned with the
 * hour columns. The movements bar turns red where it differs from the slots: the hours the
 * airline operates off its slots, which is what the authority sanctions.
 */
import { useTheme } from "@mui/material";
import { useTranslate } from "react-admin";
import { Bar, BarChart, Cell, Tooltip, YAxis } from "recharts";
import { HOUR_WIDTH, type HourLoad } from "../../domain/timeline";
import "./texts";

const HOUR_LABEL = new Intl.DateTimeFormat("es-MX", {
  day: "2-digit",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const COUNT = new Intl.NumberFormat("es-MX");

/** `max`: the top of the scale, the same for every block of the window. */
export const HourlyLoadChart = ({ data, height, max }: { data: HourLoad[]; height: number; max: number }) => {
  const theme = useTheme();
  const translate = useTranslate();
  const slotsName = translate("slotdesk.timeline.load_slots");
  const movementsName = translate("slotdesk.timeline.load_movements");
  return (
    <BarChart
      width={data.length * HOUR_WIDTH}
      height={height}
      data={data}
      margin={{ top: 18, right: 0, bottom: 2, left: 0 }}
      barCategoryGap={12}
      barGap={2}
      accessibilityLayer
      aria-label={translate("slotdesk.timeline.load")}
    >
      <YAxis hide allowDecimals={false} domain={[0, max]} />
      <Tooltip
        isAnimationActive={false}
        labelFormatter={(_label, payload) => {
          const ms = payload[0]?.payload?.ms;
          return typeof ms === "number" ? `${HOUR_LABEL.format(ms)} UTC` : "";
        }}
        formatter={(value, name) => [typeof value === "number" ? COUNT.format(value) : String(value), name]}
      />
      <Bar dataKey="slots" name={slotsName} fill={theme.palette.grey[500]} isAnimationActive={false} />
      <Bar dataKey="movements" name={movementsName} isAnimationActive={false}>
        {data.map((hour) => (
          <Cell key={hour.column} fill={hour.off ? theme.palette.error.main : theme.palette.primary.main} data-off={hour.off} />
        ))}
      </Bar>
    </BarChart>
  );
};
