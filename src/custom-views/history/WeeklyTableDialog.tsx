/**
 * A series' weekly table (seed 002 §2, §4): one row per hour and weekday, one column per week of
 * the season; cells Imputable / Alta / Cancelado / empty, a cell without slot (slot_id 0) disabled.
 * A cell opens the match viewer on that match's slot changes.
 */
import {
  Box,
  ButtonBase,
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
import { useTranslate } from "react-admin";
import { CELL_COLORS } from "../../domain/history/colors";
import { addDays } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { MatchViewerDialog } from "../match-viewer";
import { CELL_KEYS, WEEKDAY_KEYS } from "./labels";
import type { HistorySeries } from "./SeriesCard";
import "./texts";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";

type WeeklyEntry = components["schemas"]["HistoryWeeklyEntry"];
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
  const weeks = Math.max(0, ...Object.values(series.flights).flatMap((entries) => entries.map((e) => e.week)));
  const rows = Object.entries(series.flights).flatMap(([hour, entries]) => {
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
        onClick={() => entry.match_id !== null && setViewerId(entry.match_id)}
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
    <>
      <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {translate("slotdesk.history.weekly.title", { serie: series.serie, flight: series.flight_number })}
          <DialogCloseButton label={translate("slotdesk.history.weekly.close")} onClick={onClose} />
        </DialogTitle>
        <DialogContent>
          <TableContainer sx={{ maxHeight: "70vh" }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{translate("slotdesk.history.weekly.hour")}</TableCell>
                  <TableCell>{translate("slotdesk.history.weekly.day")}</TableCell>
                  {Array.from({ length: weeks }, (_, i) => (
                    <TableCell
                      key={i}
                      align="center"
                      title={translate("slotdesk.history.weekly.week_start", {
                        week: i + 1,
                        date: dayMonth(addDays(season.start_date, i * 7)),
                      })}
                    >
                      {translate("slotdesk.history.weekly.week", { week: i + 1 })}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ hour, weekday, list }) => (
                  <TableRow key={`${hour}-${weekday}`}>
                    <TableCell>{hour}</TableCell>
                    <TableCell>{translate(WEEKDAY_KEYS[weekday] ?? "")}</TableCell>
                    {Array.from({ length: weeks }, (_, i) => (
                      <TableCell key={i} sx={{ p: 0.25, minWidth: 76 }}>
                        <Box>{cell(list.find((e) => e.week === i + 1), hour, i + 1)}</Box>
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </DialogContent>
      </Dialog>
      {viewerId !== null ? (
        <MatchViewerDialog
          key={viewerId}
          matchId={viewerId}
          zone="utc"
          initialPanel="changes"
          onClose={() => setViewerId(null)}
          onChanged={onChanged}
        />
      ) : null}
    </>
  );
};
