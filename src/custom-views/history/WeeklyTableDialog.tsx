/**
 * A series' weekly table (seed 002 §2, §4): one row per hour and weekday, one column per week of
 * the season; cells Imputable / Alta / Cancelado / empty, a cell without slot (slot_id 0) disabled.
 * The table is read when the dialog opens (`GET /api/history/series/`, issue 35 item 3): the cards'
 * answer leaves it out.
 * A cell opens the match viewer on that match's slot changes. Each week's header says its days,
 * and the current week is marked and scrolled into view (issue 24 item 7).
 */
import {
  Alert,
  Box,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from "@mui/material";
import { useId, useState } from "react";
import { useAirport } from "../../client/airport/useAirport";
import { useHistorySeries } from "../../client/queries/history";
import { useTranslate } from "react-admin";
import { CELL_COLORS } from "../../domain/history/colors";
import { addDays, todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { MatchViewer } from "../match-viewer";
import { CELL_KEYS, WEEKDAY_KEYS } from "./labels";
import { PunctualityChart } from "./Punctuality";
import type { HistorySeries } from "./SeriesCard";
import "./texts";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";

type WeeklyEntry = components["schemas"]["HistoryWeeklyEntry"];
type Weeks = components["schemas"]["HistorySeriesWeeks"]["flights"];
type Season = components["schemas"]["Season"];

/** `dd/MM` of a `yyyy-MM-dd` date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export const WeeklyTableDialog = ({
  series,
  season,
  onClose,
  onChanged,
}: {
  series: HistorySeries;
  season: Season;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [viewerId, setViewerId] = useState<number | null>(null);
  const detail = useHistorySeries(season.id, series.serie);

  return (
    <>
      <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {translate("slotdesk.history.weekly.title", { serie: series.serie, flight: series.flight_number })}
          <DialogCloseButton label={translate("slotdesk.history.weekly.close")} onClick={onClose} />
        </DialogTitle>
        <DialogContent>
          {detail.data ? (
            <>
              <PunctualityChart series={series} flights={detail.data.flights} />
              <WeeklyTable flights={detail.data.flights} season={season} onOpenMatch={setViewerId} />
            </>
          ) : detail.isError ? (
            <Alert severity="error">{translate("slotdesk.history.weekly.load_failed", { message: detail.error.message })}</Alert>
          ) : (
            <CircularProgress aria-label={translate("slotdesk.history.weekly.loading")} />
          )}
        </DialogContent>
      </Dialog>
      <MatchViewer matchId={viewerId} zone="utc" initialPanel="changes" onClose={() => setViewerId(null)} onChanged={onChanged} />
    </>
  );
};

/** The table itself, from the series' weekly entries; a cell opens the match viewer on its match. */
const WeeklyTable = ({ flights, season, onOpenMatch }: { flights: Weeks; season: Season; onOpenMatch: (matchId: number) => void }) => {
  const translate = useTranslate();
  const weeks = Math.max(0, ...Object.values(flights).flatMap((entries) => entries.map((e) => e.week)));
  // Weeks start on the season's first day; the last one ends with the season.
  const weekStart = (week: number) => addDays(season.start_date, (week - 1) * 7);
  const weekEnd = (week: number) => {
    const end = addDays(weekStart(week), 6);
    return end < season.end_date ? end : season.end_date;
  };
  // "This week" is the chosen airport's (issue 37): its season's days are local there.
  const { timeZone } = useAirport();
  const [today] = useState(() => todayInZone(new Date(), timeZone));
  const currentWeek =
    today >= season.start_date && today <= season.end_date
      ? Math.floor((Date.parse(today) - Date.parse(season.start_date)) / (7 * 86_400_000)) + 1
      : null;
  const currentStyle = { bgcolor: "action.selected" };
  const rows = Object.entries(flights).flatMap(([hour, entries]) => {
    const byWeekday = new Map<number, WeeklyEntry[]>();
    for (const entry of entries) byWeekday.set(entry.weekday, [...(byWeekday.get(entry.weekday) ?? []), entry]);
    return [...byWeekday].map(([weekday, list]) => ({ hour, weekday, list }));
  });

  const cell = (entry: WeeklyEntry | undefined, hour: string, week: number) => {
    if (!entry || entry.slot_id === 0) {
      return (
        <ButtonBase
          disabled
          aria-label={translate("slotdesk.history.cells.no_slot")}
          data-week={week}
          sx={{ width: "100%", minHeight: 28, color: "text.disabled" }}>
          –
        </ButtonBase>
      );
    }
    const label = entry.status ? translate(CELL_KEYS[entry.status]) : "";
    const colours = entry.status ? CELL_COLORS[entry.status] : null;
    return (
      <ButtonBase
        disabled={entry.match_id === null}
        onClick={() => entry.match_id !== null && onOpenMatch(entry.match_id)}
        aria-label={translate("slotdesk.history.weekly.open_cell", {
          date: dayMonth(entry.date),
          hour,
          status: label || entry.name,
        })}
        data-week={week}
        sx={{
          width: "100%",
          minHeight: 28,
          fontSize: 12,
          borderRadius: 1,
          bgcolor: colours ? `#${colours.fill}` : "action.hover",
          color: colours ? `#${colours.text}` : "text.primary",
        }}
      >
        {label}
      </ButtonBase>
    );
  };

  return (
          <TableContainer sx={{ maxHeight: "60vh" }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{translate("slotdesk.history.weekly.hour")}</TableCell>
                  <TableCell>{translate("slotdesk.history.weekly.day")}</TableCell>
                  {Array.from({ length: weeks }, (_, i) => {
                    const current = currentWeek === i + 1;
                    return (
                      <TableCell
                        key={i}
                        align="center"
                        aria-current={current ? "date" : undefined}
                        // The current week in view when the table opens (the season has 20 to 30 weeks).
                        ref={current ? (node: HTMLTableCellElement | null) => node?.scrollIntoView?.({ block: "nearest", inline: "center" }) : undefined}
                        title={translate("slotdesk.history.weekly.week_start", { week: i + 1, date: dayMonth(weekStart(i + 1)) })}
                        sx={{ lineHeight: 1.3, // The sticky header stays opaque: the mark is its bottom border, the column below is tinted.
                          ...(current ? { borderBottom: 3, borderBottomColor: "primary.main" } : {}) }}
                      >
                        <Box component="span" sx={{ display: "block", fontWeight: 600 }}>
                          {translate("slotdesk.history.weekly.week", { week: i + 1 })}
                        </Box>
                        <Box component="span" sx={{ display: "block", fontSize: 11, color: "text.secondary", whiteSpace: "nowrap" }}>
                          {" "}
                          {translate("slotdesk.history.weekly.week_dates", { start: dayMonth(weekStart(i + 1)), end: dayMonth(weekEnd(i + 1)) })}
                        </Box>
                        {current ? (
                          <Box component="span" sx={{ display: "block", fontSize: 11, color: "primary.main", fontWeight: 600, whiteSpace: "nowrap" }}>
                            {" "}
                            {translate("slotdesk.history.weekly.current_week")}
                          </Box>
                        ) : null}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ hour, weekday, list }) => (
                  <TableRow key={`${hour}-${weekday}`}>
                    <TableCell>{hour}</TableCell>
                    <TableCell>{translate(WEEKDAY_KEYS[weekday] ?? "")}</TableCell>
                    {Array.from({ length: weeks }, (_, i) => (
                      <TableCell key={i} sx={{ p: 0.25, minWidth: 76, ...(currentWeek === i + 1 ? currentStyle : {}) }}>
                        <Box>{cell(list.find((e) => e.week === i + 1), hour, i + 1)}</Box>
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
  );
};
