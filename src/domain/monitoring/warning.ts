/**
 * The early warning in Monitoreo (issue 27 item 4): the series of a season that Histórico flags —
 * grouped and ordered as `seasonHistory` does (`groupSeries`), judged by Histórico's own test
 * (`seriesPunctuality`: the t-test at 90 % and the "repeated" rule) at the season's tolerance —
 * and, for one series' plot, the operations that test looked at. The proposal's slots and lines:
 * `./retime`.
 */
import type { components } from "../../generated/openapi";
import { groupSeries, type HistorySlot, seriesPunctuality } from "../history";
import { slotEpochMinutes } from "../matching/differences";
import { isoWeekday } from "../seasons";

export type SeriesWarning = components["schemas"]["MonitoringSeriesWarning"];

/** A series' operation as the picture plots it: its slot's UTC date and its signed deviation (minutes). */
export type SeriesOperation = components["schemas"]["MonitoringSeriesOperations"]["operations"][number];

/** The operations `seriesPunctuality` tests: operated slots whose time has come, with an actual time. */
export function seriesOperations(slots: readonly HistorySlot[], nowMinutes: number): SeriesOperation[] {
  return slots.flatMap((slot) =>
    slot.realDifference !== null && !slot.flightCancelled && slotEpochMinutes(slot.date, slot.time) <= nowMinutes
      ? [{ date: slot.date, deviation: slot.realDifference }]
      : [],
  );
}

/** The flagged series of a season's slots at `now`, by series number. */
export function flaggedSeries(slots: readonly HistorySlot[], season: string, tolerance: number, now: Date): SeriesWarning[] {
  return flaggedOfSeries(groupSeries(slots), season, tolerance, now);
}

/**
 * The flagged series among a season's series already grouped (`groupSeries`: each series' slots in
 * date and time order), at `now`, by series number. The operations a series' picture plots are
 * `seriesOperations`'s, read apart when its panel opens (issue 35 item 3).
 */
export function flaggedOfSeries(
  groups: readonly { serie: number; slots: readonly HistorySlot[] }[],
  season: string,
  tolerance: number,
  now: Date,
): SeriesWarning[] {
  const nowMinutes = Math.floor(now.getTime() / 60_000);
  const out: SeriesWarning[] = [];
  for (const { serie, slots: sorted } of groups) {
    const punctuality = seriesPunctuality(sorted, nowMinutes, { tolerance });
    const first = sorted[0];
    if (!punctuality.flagged || !first) continue;
    out.push({
      season,
      serie,
      flight_number: first.flightNumber,
      type: first.isArrival ? "L" : "S",
      hour: [...new Set(sorted.map((s) => s.time))].sort(),
      frequency: [...new Set(sorted.map((s) => isoWeekday(s.date)))].sort().join(""),
      punctuality,
    });
  }
  return out;
}
