/**
 * A flagged series' proposed retime as modification draft lines (issue 27 item 4), the one path
 * Histórico's card and Monitoreo's early warning share: which of the series' slots a retime moves
 * (`retimeCandidates`, whose count the proposal carries) and their lines (`retimeLines`, which the
 * server answers through `GET /api/monitoring/retime/`). No import of `../history`: Histórico's
 * proposal counts its slots with this module.
 */
import type { components } from "../../generated/openapi";
import { slotEpochMinutes } from "../matching/differences";
import { type EncodableSlot, slotLine } from "../scr";
import { isPastModificationCutoff, NOT_DRAFTABLE_SLOT_STATUSES } from "../turnover/rules";

export type RetimeLine = components["schemas"]["MonitoringRetimeLine"];

/** A slot of a series as the retime lines need it. */
export type RetimeSlot = EncodableSlot & { id: number; status: string };

const NOT_DRAFTABLE: ReadonlySet<string> = new Set(NOT_DRAFTABLE_SLOT_STATUSES);

/**
 * The slots a retime moves, in date and time order: as a modification draft takes them, 12 hours
 * or more ahead and not leftover, cancelled or in process. A shift across midnight UTC moves the
 * slot to the next or previous day (`retimeLines`), so no slot is left out for that.
 */
export function retimeCandidates<T extends { date: string; time: string; status: string }>(slots: readonly T[], now: Date): T[] {
  return slots
    .filter((slot) => !NOT_DRAFTABLE.has(slot.status) && !isPastModificationCutoff(slot.date, slot.time, now))
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

/** Slot times move in steps of five minutes; a shift of 0 moves nothing, and a whole day is a date change, not a retime. */
export const isRetimeShift = (shift: number): boolean => Number.isInteger(shift) && shift !== 0 && shift % 5 === 0 && Math.abs(shift) < 1440;

/**
 * The modification draft lines that move a series by `shift` minutes: for each of its
 * `retimeCandidates`, its C line as held and the request line at its own time plus the shift (the
 * next or previous UTC day when the shift crosses midnight). The request letter is the draft's
 * (the editor's L/R switch): R asks the coordinator to offer another time if it cannot grant this one.
 */
export function retimeLines(slots: readonly RetimeSlot[], shift: number, now: Date, letter: "L" | "R" = "R"): RetimeLine[] {
  return retimeCandidates(slots, now).map((slot) => {
    const moved = new Date((slotEpochMinutes(slot.date, slot.time) + shift) * 60_000).toISOString();
    return {
      slot_id: slot.id,
      date: slot.date,
      change: slotLine("C", slot),
      request: slotLine(letter, { ...slot, date: moved.slice(0, 10), time: moved.slice(11, 16) }),
    };
  });
}
