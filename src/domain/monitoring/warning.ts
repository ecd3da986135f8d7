/**
 * The early warning in Monitoreo (issue 27 item 4): the series of a season that Histórico flags —
 * its series grouped and ordered as `seasonHistory` does, judged by Histórico's own test
 * (`seriesPunctuality`: the t-test at 90 % and the "repeated" rule) at the season's tolerance —
 * with the operations that test looked at, for the plot, and the proposed retime as modification
 * draft lines.
 */
import type { components } from "../../generated/openapi";
import { type HistorySlot, seriesPunctuality } from "../history";
import { slotEpochMinutes } from "../matching/differences";
import { isoWeekday } from "../seasons";
import { type EncodableSlot, slotLine } from "../scr";
import { isPastModificationCutoff, NOT_DRAFTABLE_SLOT_STATUSES } from "../turnover/rules";

export type SeriesWarning = components["schemas"]["MonitoringSeriesWarning"];
export type RetimeLine = components["schemas"]["MonitoringRetimeLine"];

/** A season's slots by series number, each in date and time order (as `seasonHistory` groups them). */
function groupSeries(slots: readonly HistorySlot[]): { serie: number; slots: HistorySlot[] }[] {
  const bySerie = new Map<number, HistorySlot[]>();
  for (const slot of slots) {
    const list = bySerie.get(slot.serie);
    if (list) list.push(slot);
    else bySerie.set(slot.serie, [slot]);
  }
  return [...bySerie]
    .sort((a, b) => a[0] - b[0])
    .map(([serie, list]) => ({ serie, slots: [...list].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time)) }));
}

/** The operations `seriesPunctuality` tests: operated slots whose time has come, with an actual time. */
function seriesOperations(slots: readonly HistorySlot[], nowMinutes: number): { date: string; deviation: number }[] {
  return slots.flatMap((slot) =>
    slot.realDifference !== null && !slot.flightCancelled && slotEpochMinutes(slot.date, slot.time) <= nowMinutes
      ? [{ date: slot.date, deviation: slot.realDifference }]
      : [],
  );
}

/** The flagged series of a season's slots at `now`, by series number; `retime_slots` is filled with `retimeCandidates`. */
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
      retime_slots: 0,
    });
  }
  return out;
}

/** A slot of a series as the retime lines need it. */
export type RetimeSlot = EncodableSlot & { id: number; status: string };

const NOT_DRAFTABLE: ReadonlySet<string> = new Set(NOT_DRAFTABLE_SLOT_STATUSES);

/** The slots a retime may move, in date and time order: 12 hours or more ahead, not leftover, cancelled or in process. */
export function retimeCandidates<T extends { date: string; time: string; status: string }>(slots: readonly T[], now: Date): T[] {
  return slots
    .filter((slot) => !NOT_DRAFTABLE.has(slot.status) && !isPastModificationCutoff(slot.date, slot.time, now))
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

/** Slot times move in steps of five minutes; a shift of 0 moves nothing, and a whole day is a date change, not a retime. */
export const isRetimeShift = (shift: number): boolean => Number.isInteger(shift) && shift !== 0 && shift % 5 === 0 && Math.abs(shift) < 1440;

/**
 * The modification draft lines that move a series by `shift` minutes: for each of its
 * `retimeCandidates`, its C line and the R line at its own time plus the shift (the next or
 * previous UTC day when the shift crosses midnight). The R letter asks the coordinator to offer
 * another time if it cannot grant this one.
 */
export function retimeLines(slots: readonly RetimeSlot[], shift: number, now: Date): RetimeLine[] {
  return retimeCandidates(slots, now).map((slot) => {
    const moved = new Date((slotEpochMinutes(slot.date, slot.time) + shift) * 60_000).toISOString();
    return {
      slot_id: slot.id,
      date: slot.date,
      change: slotLine("C", slot),
      request: slotLine("R", { ...slot, date: moved.slice(0, 10), time: moved.slice(11, 16) }),
    };
  });
}
