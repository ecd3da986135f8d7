/**
 * Monitoreo (issue 27 item 3): a week of the airline's operations as the coordinator's weekly
 * monitoring will sort it, on the airline's data first.
 *
 * **The week** is an ISO week (Monday to Sunday, `2026-W47`) of **UTC** days. A row belongs to it
 * by its instant at MEX — the slot's date and time, else the flight's scheduled movement — as in
 * Reportes ("a row belongs to a day by its instant at MEX"), read in UTC rather than Mexico City:
 * the coordinator's slots, its SCR dates and its weekly reports are UTC. So the week's rows are the
 * matches whose `date` (the slot's UTC date, else the flight's UTC movement date) is in it.
 *
 * **The categories** (the Dutch coordinator's weekly report, README "Monitoreo"):
 * - `no_slot` (NOREC): a flight not cancelled, whose movement time has passed, without a slot;
 * - `not_used` (NOOPS): a slot whose time has passed with no operated flight (none, or cancelled)
 *   that was not handed back before its time — no cancellation request about it was sent at or
 *   before the slot's time (`slot_history`); a slot cancelled (CAN, C) with no dated request is
 *   taken as handed back in time (a season upload, a coordinator's list);
 * - `schedule_vs_slot` (COORD/STT): a planned flight (the imported schedule or AIMS's, not
 *   cancelled) whose scheduled time differs from its slot's by any minute;
 * - `off_tolerance` (COORD/ACTUAL): an operation whose actual time is outside the season's
 *   tolerance (`withinTolerance`, ±15 at AICM: 15 is within, 16 is not); a flight without an actual
 *   time has not operated yet and is not judged;
 * - `aircraft`: a flight not cancelled whose aircraft type differs from the slot's, or with more
 *   seats than the slot's (each compared only when both sides give it).
 * A match can give a row in several categories (a flight scheduled and flown 30 minutes late is
 * both COORD/STT and COORD/ACTUAL, as the coordinator counts them).
 *
 * **The state** of a row: `justified` when its slot has a justification (issue 27 item 2);
 * else `corrected` when its corrective request took effect (the coordinator's granting reply was
 * applied, or the register changed the slot); else `requested` ("Solicitado (REF n)") when it was
 * sent and not answered yet; a refused request corrects nothing. The corrective request — a cancellation for a slot not used, a
 * modification for the others — about its slot, or about a later slot of its series on the same
 * weekday (where the corrective SCR of a past slot goes), was sent after the discrepancy — the slot's time, or for a planned difference (`schedule_vs_slot`,
 * `aircraft`) the moment the planned flight was loaded; else `unjustified`. A flight without slot
 * has neither: it leaves the list once a slot is granted and matched to it.
 *
 * **The corrective draft** of a row: a slot not used goes to the cancellations draft (when the
 * drafts accept it: not leftover, cancelled or in process); for the other slot categories, the
 * series' slots on the row's weekday still open to a modification (12 hours or more ahead) go to
 * the modifications draft.
 *
 * Pure: the server reads the week's matches, the series' later slots and the requests sent.
 */
import { differenceToSlot, instantEpochMinutes, slotEpochMinutes } from "../matching/differences";
import { isoWeekday } from "../seasons";
import { isPastModificationCutoff, NOT_DRAFTABLE_SLOT_STATUSES } from "../turnover/rules";
import { withinTolerance } from "./deviation";

export {
  currentIsoWeek,
  type IsoWeek,
  isoWeekOf,
  isoWeekProblem,
  isoWeeksInYear,
  lastIsoWeek,
  MONITORING_CATEGORIES,
  MONITORING_STATES,
  type MonitoringCategory,
  type MonitoringCorrectiveScr,
  type MonitoringCount,
  type MonitoringRow,
  type MonitoringState,
  parseIsoWeek,
  shiftIsoWeek,
  weekThursday,
} from "./isoWeek";
import {
  type IsoWeek,
  MONITORING_CATEGORIES,
  type MonitoringCategory,
  type MonitoringCorrectiveScr,
  type MonitoringCount,
  type MonitoringRow,
  type MonitoringState,
} from "./isoWeek";

// ---- the week's discrepancies --------------------------------------------------------------------

/** A slot of the week, as the server reads it. */
export type WeekSlot = {
  id: number;
  season: string;
  serie: number;
  flightNumber: string;
  /** UTC `yyyy-MM-dd` and `HH:MM`. */
  date: string;
  time: string;
  isArrival: boolean;
  /** The other station. */
  route: string;
  aircraftType: string;
  seats: number;
  status: string;
  /** When the first cancellation request about it was sent (ISO), null when none was. */
  cancellationSentAt: string | null;
};

/** A flight of the week, as the server reads it: times are its movement at MEX (ISO instants). */
export type WeekFlight = {
  id: number;
  flightNumber: string;
  route: string;
  scheduledAt: string;
  actualAt: string | null;
  cancelled: boolean;
  aircraftType: string | null;
  seats: number | null;
  /** When Slotdesk first stored the flight (the planned flight was loaded). */
  loadedAt: string;
  /** The team's evaluation once evaluated, else AIMS's. */
  delayCodes: readonly string[];
};

/** A match of the week: a pair, a slot without flight or a flight without slot. */
export type WeekMatch = {
  matchId: number;
  season: string;
  /** UTC `yyyy-MM-dd`: the slot's date, else the flight's movement date. */
  date: string;
  isArrival: boolean;
  slot: WeekSlot | null;
  flight: WeekFlight | null;
  justification: { id: number; kind: "not_used" | "off_tolerance" } | null;
};

/** A slot of a series of the week, from the week's first day on: where corrections and drafts go. */
export type SeriesSlotRef = { id: number; season: string; serie: number; date: string; time: string; isArrival: boolean; status: string };

/**
 * A modification or cancellation request sent about a slot (`slot_history`: the first row of each
 * reference), with when it took effect: `appliedAt` is the first reply row of that reference that
 * granted it (K, KH, T, X), or a later change of the slot by the register (the coordinator's list);
 * null while the coordinator has not answered. `refused` when the coordinator answered without
 * granting it (U, W…): it corrects nothing.
 */
export type ScrSent = { slotId: number; reference: number | null; type: string; sentAt: string; appliedAt: string | null; refused: boolean };

/** Request types that correct a discrepancy (REQUEST_TYPE_NAME of the send). */
export const CORRECTIVE_REQUEST_TYPES: readonly string[] = ["Modificación", "Cancelación"];

/** The coordinator's reply codes that grant a request (SSIM Ch. 6): the correction took effect. */
export const GRANTING_REPLIES: readonly string[] = ["K", "KH", "T", "X"];

/** The request that corrects a category: a slot not used is handed back, the others are retimed or changed. */
export const correctiveType = (category: MonitoringCategory): string => (category === "not_used" ? "Cancelación" : "Modificación");

export type WeekInput = {
  week: IsoWeek;
  matches: readonly WeekMatch[];
  /** The slots of the week's series dated on or after the week's first day (any status). */
  seriesSlots: readonly SeriesSlotRef[];
  /** Modification and cancellation requests about those slots. */
  sent: readonly ScrSent[];
  /** The season's punctuality tolerance, minutes (its rule: `seasons.tolerance_minutes`). */
  toleranceOf: (season: string) => number;
  now: Date;
};

export type WeekDiscrepancies = {
  rows: MonitoringRow[];
  counts: MonitoringCount[];
  correctiveScrs: MonitoringCorrectiveScr[];
};

const NOT_DRAFTABLE: ReadonlySet<string> = new Set(NOT_DRAFTABLE_SLOT_STATUSES);
const CANCELLED_SLOT: ReadonlySet<string> = new Set(["CAN", "C"]);

const isoOfMinutes = (minutes: number) => new Date(minutes * 60_000).toISOString();
const slotMinutes = (slot: { date: string; time: string }) => slotEpochMinutes(slot.date, slot.time);

/** Whether the airline handed the slot back before its time (see the module's note). */
function handedBack(slot: WeekSlot): boolean {
  if (slot.cancellationSentAt !== null) return instantEpochMinutes(slot.cancellationSentAt) <= slotMinutes(slot);
  return CANCELLED_SLOT.has(slot.status);
}

/** Aircraft type differs (both given) or the flight has more seats than the slot (both given). */
function aircraftDiffers(slot: WeekSlot, flight: WeekFlight): boolean {
  const type = flight.aircraftType?.trim().toUpperCase() ?? "";
  const slotType = slot.aircraftType.trim().toUpperCase();
  const otherType = type !== "" && slotType !== "" && type !== slotType;
  const moreSeats = flight.seats !== null && flight.seats > slot.seats;
  return otherType || moreSeats;
}

/** The categories of one match at `nowMinutes`, with the minutes each one reports. */
function categoriesOf(match: WeekMatch, tolerance: number, nowMinutes: number): { category: MonitoringCategory; difference: number | null }[] {
  const { slot, flight } = match;
  const out: { category: MonitoringCategory; difference: number | null }[] = [];
  const operated = flight !== null && !flight.cancelled;
  if (!slot) {
    if (operated && instantEpochMinutes(flight.actualAt ?? flight.scheduledAt) <= nowMinutes) out.push({ category: "no_slot", difference: null });
    return out;
  }
  if (!operated) {
    if (slotMinutes(slot) <= nowMinutes && !handedBack(slot)) out.push({ category: "not_used", difference: null });
    return out;
  }
  const scheduled = differenceToSlot(flight.scheduledAt, slot.date, slot.time);
  if (scheduled !== 0) out.push({ category: "schedule_vs_slot", difference: scheduled });
  if (flight.actualAt !== null) {
    const actual = differenceToSlot(flight.actualAt, slot.date, slot.time);
    if (!withinTolerance(actual, tolerance)) out.push({ category: "off_tolerance", difference: actual });
  }
  if (aircraftDiffers(slot, flight)) out.push({ category: "aircraft", difference: null });
  return out;
}

/** Slots of a series, by `season|serie|direction`, in date and time order. */
function seriesIndex(slots: readonly SeriesSlotRef[]): Map<string, SeriesSlotRef[]> {
  const index = new Map<string, SeriesSlotRef[]>();
  for (const slot of slots) {
    const key = `${slot.season}|${slot.serie}|${slot.isArrival}`;
    const list = index.get(key);
    if (list) list.push(slot);
    else index.set(key, [slot]);
  }
  for (const list of index.values()) list.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
  return index;
}

/** The slot and the later slots of its series on the same weekday (the row's own first). */
function sameWeekdayFrom(slot: WeekSlot, series: readonly SeriesSlotRef[]): SeriesSlotRef[] {
  const weekday = isoWeekday(slot.date);
  const from = slotMinutes(slot);
  const later = series.filter((s) => s.id !== slot.id && isoWeekday(s.date) === weekday && slotMinutes(s) >= from);
  return [{ id: slot.id, season: slot.season, serie: slot.serie, date: slot.date, time: slot.time, isArrival: slot.isArrival, status: slot.status }, ...later];
}

/**
 * A series on a weekday, `season_serie_isArrival_isoWeekday` (`W26_12_true_3`; the server's SQL
 * writes the same text): the later slots a row's correction and draft are looked for in.
 */
export const followUpKey = (season: string, serie: number, isArrival: boolean, weekday: number): string =>
  `${season}_${serie}_${isArrival}_${weekday}`;

/** The series on a weekday (`followUpKey`) of the week's rows with a slot: what `seriesSlots` and `sent` must cover. */
export function weekFollowUpKeys(input: Pick<WeekInput, "matches" | "toleranceOf" | "now">): string[] {
  const nowMinutes = Math.floor(input.now.getTime() / 60_000);
  const keys = new Set<string>();
  for (const match of input.matches) {
    const slot = match.slot;
    if (!slot || categoriesOf(match, input.toleranceOf(match.season), nowMinutes).length === 0) continue;
    keys.add(followUpKey(slot.season, slot.serie, slot.isArrival, isoWeekday(slot.date)));
  }
  return [...keys];
}

/** Computes the week's rows, their counts and the corrective SCRs among them. */
export function weekDiscrepancies(input: WeekInput): WeekDiscrepancies {
  const nowMinutes = Math.floor(input.now.getTime() / 60_000);
  const series = seriesIndex(input.seriesSlots);
  const sentBySlot = new Map<number, ScrSent[]>();
  for (const sent of input.sent) {
    if (!CORRECTIVE_REQUEST_TYPES.includes(sent.type)) continue;
    const list = sentBySlot.get(sent.slotId);
    if (list) list.push(sent);
    else sentBySlot.set(sent.slotId, [sent]);
  }

  const rows: MonitoringRow[] = [];
  const order = new Map<string, number>();
  for (const match of input.matches) {
    const tolerance = input.toleranceOf(match.season);
    const { slot, flight } = match;
    const found = categoriesOf(match, tolerance, nowMinutes);
    if (found.length === 0) continue;
    const family = slot ? sameWeekdayFrom(slot, series.get(`${slot.season}|${slot.serie}|${slot.isArrival}`) ?? []) : [];
    const instant = slot ? slotMinutes(slot) : instantEpochMinutes(flight?.scheduledAt ?? `${match.date}T00:00:00Z`);
    for (const { category, difference } of found) {
      // When the discrepancy was there to be corrected: the slot's time, or the planned flight's loading.
      const since =
        (category === "schedule_vs_slot" || category === "aircraft") && flight ? instantEpochMinutes(flight.loadedAt) : instant;
      // The first correction that took effect, else the first request still waiting for an answer.
      let correction: MonitoringRow["correction"] = null;
      if (slot) {
        for (const target of family) {
          for (const sent of sentBySlot.get(target.id) ?? []) {
            if (sent.refused || sent.type !== correctiveType(category) || instantEpochMinutes(sent.sentAt) <= since) continue;
            const sentAt = new Date(sent.sentAt).toISOString();
            const appliedAt = sent.appliedAt === null ? null : new Date(sent.appliedAt).toISOString();
            const better =
              !correction ||
              (appliedAt !== null && correction.applied_at === null) ||
              ((appliedAt === null) === (correction.applied_at === null) && sentAt < correction.sent_at);
            if (better) correction = { reference: sent.reference, type: sent.type, sent_at: sentAt, applied_at: appliedAt, slot_id: target.id };
          }
        }
      }
      const state: MonitoringState =
        slot && match.justification ? "justified" : correction ? (correction.applied_at !== null ? "corrected" : "requested") : "unjustified";
      let draft: MonitoringRow["draft"] = null;
      if (slot && category === "not_used") {
        if (!NOT_DRAFTABLE.has(slot.status)) draft = { kind: "cancel", slots: [{ slot_id: slot.id, date: slot.date }] };
      } else if (slot && category !== "no_slot") {
        const open = family.filter((s) => !NOT_DRAFTABLE.has(s.status) && !isPastModificationCutoff(s.date, s.time, input.now));
        if (open.length > 0) draft = { kind: "modify", slots: open.map((s) => ({ slot_id: s.id, date: s.date })) };
      }
      const row: MonitoringRow = {
        id: `${category}:${match.matchId}`,
        category,
        state,
        season: match.season,
        serie: slot?.serie ?? null,
        flight_number: slot?.flightNumber ?? flight?.flightNumber ?? "",
        is_arrival: match.isArrival,
        route: slot?.route ?? flight?.route ?? null,
        date: match.date,
        match_id: match.matchId,
        slot_id: slot?.id ?? null,
        flight_id: flight?.id ?? null,
        slot_at: slot ? isoOfMinutes(slotMinutes(slot)) : null,
        slot_status: slot?.status ?? null,
        scheduled_at: flight ? new Date(flight.scheduledAt).toISOString() : null,
        actual_at: flight?.actualAt ? new Date(flight.actualAt).toISOString() : null,
        flight_cancelled: flight?.cancelled ?? false,
        difference,
        tolerance,
        delay_codes: [...(flight?.delayCodes ?? [])],
        slot_aircraft: slot?.aircraftType ?? null,
        slot_seats: slot?.seats ?? null,
        flight_aircraft: flight?.aircraftType ?? null,
        flight_seats: flight?.seats ?? null,
        justification: slot ? match.justification : null,
        correction,
        draft,
      };
      order.set(row.id, instant);
      rows.push(row);
    }
  }
  const categoryIndex = (c: MonitoringCategory) => MONITORING_CATEGORIES.indexOf(c);
  rows.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0) ||
      categoryIndex(a.category) - categoryIndex(b.category) ||
      a.match_id - b.match_id,
  );
  return { rows, counts: countRows(rows), correctiveScrs: correctiveScrs(rows) };
}

/** One count per category, in the categories' order. */
export function countRows(rows: readonly MonitoringRow[]): MonitoringCount[] {
  return MONITORING_CATEGORIES.map((category) => {
    const own = rows.filter((row) => row.category === category);
    const count = (state: MonitoringState) => own.filter((row) => row.state === state).length;
    return {
      category,
      total: own.length,
      unjustified: count("unjustified"),
      justified: count("justified"),
      requested: count("requested"),
      corrected: count("corrected"),
    };
  });
}

/** The SCRs that corrected rows, each with how many, by the time they were sent. */
export function correctiveScrs(rows: readonly MonitoringRow[]): MonitoringCorrectiveScr[] {
  const byRequest = new Map<string, MonitoringCorrectiveScr>();
  for (const row of rows) {
    const c = row.state === "corrected" ? row.correction : null;
    if (!c) continue;
    // A reference names one request within a season; a request without one is told by its time.
    const key = `${row.season}|${c.reference ?? c.sent_at}`;
    const known = byRequest.get(key);
    if (known) known.rows += 1;
    else byRequest.set(key, { season: row.season, reference: c.reference, type: c.type, sent_at: c.sent_at, rows: 1 });
  }
  return [...byRequest.values()].sort((a, b) => a.sent_at.localeCompare(b.sent_at) || (a.reference ?? 0) - (b.reference ?? 0));
}
