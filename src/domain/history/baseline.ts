/**
 * The guidelines' calendar in the count (WASG; issue 27 item 1): usage is measured on the series as
 * held at the Historics Baseline Date (HBD).
 *
 * - A slot handed back (now cancelled: CAN, or C for a cancelled leftover) whose cancellation the
 *   airline asked for on or before the Series Return Deadline (SRD, UTC date) is not part of the
 *   baseline: it was returned in time and counts for nothing. Handed back later, it stays in the
 *   baseline as an allocated slot not used. A cancelled slot whose request Slotdesk does not know
 *   (no 'Cancelación' in its history) is counted, as before the calendar existed.
 * - A slot the coordinator granted as an alta after the HBD (UTC date) is not part of the baseline
 *   of the series as held at the HBD. The guidelines measure a series allocated after the HBD on
 *   its own for its historic eligibility, and Slotdesk gives every alta its own series, so such a
 *   series (all its slots added after the HBD) is its own baseline; see `seriesCounts`.
 *
 * Dates are `yyyy-MM-dd`, inclusive deadlines; instants ISO 8601.
 */

/** The calendar dates the count follows (`SeasonCalendar`'s, or any with these two). */
export type BaselineDates = { historicsBaselineDate: string; seriesReturnDeadline: string };

/** held: in the baseline; returned: handed back by the SRD; added: granted after the HBD. */
export type BaselineStanding = "held" | "returned" | "added";

const CANCELLED = new Set(["CAN", "C"]);

/** The UTC date of an ISO instant. */
const utcDate = (instant: string): string => new Date(instant).toISOString().slice(0, 10);

/** Where one slot stands against the season's baseline. */
export function baselineStanding(
  slot: { status: string; returnedAt: string | null; addedAt: string | null },
  calendar: BaselineDates,
): BaselineStanding {
  if (CANCELLED.has(slot.status) && slot.returnedAt !== null && utcDate(slot.returnedAt) <= calendar.seriesReturnDeadline) {
    return "returned";
  }
  if (slot.addedAt !== null && utcDate(slot.addedAt) > calendar.historicsBaselineDate) return "added";
  return "held";
}
