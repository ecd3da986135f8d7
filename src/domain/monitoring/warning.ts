/**
 * The early warning in Monitoreo (issue 27 item 4): the series of a season that Histórico flags —
 * grouped and ordered as `seasonHistory` does (`groupSeries`), judged by Histórico's own test
 * (`seriesPunctuality`: the t-test at 90 % and the "repeated" rule) at the season's tolerance —
 * with the operations that test looked at, for the plot. The proposal's slots and lines:
 * `./retime`.
 */
import type { components } from "../../generated/openapi";
import { groupSeries, type HistorySlot, seriesPunctuality } from "../history";
import { slotEpochMinutes } from "../matching/differences";
import { isoWeekday } from "../seasons";

export type SeriesWarning = components["schemas"]["MonitoringSeriesWarning"];

/** The operations `seriesPunctuality` tests: operated slots whose time has come, with an actual time. */
function seriesOperations(slots: readonly HistorySlot[], nowMinutes: number): { date: string; deviation: number }[] {
  return slots.flatMap((slot) =>
    slot.realDifference !== null && !slot.flightCancelled && slotEpochMinutes(slot.date, slot.time) <= nowMinutes
      ? [{ date: slot.date, deviation: slot.realDifference }]
      : [],
  );
}

/** The flagged series of a season's slots at `now`, by series number. */
export function flaggedSeries(slots: readonly HistorySlot[], season: string, tolerance: number, now: Date): SeriesWarning[] {
  const nowMinutes = Math.floor(now.getTime() / 60_000);
  const out: SeriesWarning[] = [];
  for (const { serie, slots: sorted } of groupSeries(slots)) {
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
      operations: seriesOperations(sorted, nowMinutes),
    });
  }
  return out;
}
