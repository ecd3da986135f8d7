/**
 * Histórico: a season's series against the use-it-or-lose-it rule (seed 002 §2–§4, issue 13).
 *
 * A **series** is the slots of a season that share a series number (`slots.serie`): one flight
 * number, one direction, one time, on some weekdays, week after week.
 *
 * Everything is counted under the season's rule (`SeasonRule`: threshold, tolerance, whether an
 * operation outside it counts as used) and calendar (`baseline.ts`). Definitions (the legend
 * repeats them in Spanish):
 * - **The baseline**: the series as held at the Historics Baseline Date. A slot handed back on or
 *   before the Series Return Deadline is not part of it (not allocated, not remaining); one handed
 *   back later stays allocated and not used. A slot added after the HBD is not part of it either
 *   when its series has slots that are (it only counts in the new slots' rate); a series made
 *   entirely after the HBD is its own baseline.
 * - **Allocated so far**: the baseline's slots whose UTC date and time are at or before now,
 *   cancelled ones (CAN, C) included.
 * - **Operated**: an allocated slot matched to a flight that was not cancelled, or a justified
 *   one (a non-use or an off-tolerance operation justified with an accepted reason, issue 27
 *   item 2: the guidelines count it as used).
 * - **Usage** = operated ÷ allocated so far × 100 (100 while nothing is allocated yet).
 * - **Chargeable** (imputable): an allocated slot the coordinator would hold against the airline:
 *   not operated (no flight, or a cancelled flight), or operated outside the season's tolerance
 *   (actual time, else scheduled) when the season does not count those as used, unless one of the
 *   flight's delay codes (the team's evaluation when there is one, else AIMS's) is outside the
 *   airline's control (`isOutsideAirlineControl`). A justified slot is never chargeable.
 * - **Chargeable rate** = (allocated − chargeable) ÷ allocated × 100: the share the coordinator
 *   would count as used.
 * - **New chargeable rate**: the same over the series' new slots only (status ADD); null when the
 *   series has none so far.
 * - **Rating** = the lesser of usage and the chargeable rate. Below the season's threshold →
 *   alert (red: the series is losing its historic); below the warning level (the `accomplishment`
 *   setting, never below the threshold) → warn (amber); else ok (green). A warning level of 100
 *   gives the seed's colours: green only at 100.
 * - **Forecast**: the rates at the end of the season if the remaining slots go as the last 28
 *   days went (today's rate; the season so far when nothing was allocated in those days). It
 *   answers one question at that rate: a series whose forecast is at or above the season's
 *   threshold can lose N more slots than today's rate already expects and still end there ("A
 *   este ritmo puede perder N vuelos más"); a series below it ('En riesgo') must operate N of its
 *   M remaining slots on time to get back to the threshold ("Debe operar N de los M restantes"),
 *   or cannot get back even flying them all.
 */
import type { components } from "../../generated/openapi";
import { addDays, isoWeekday, parseDate } from "../seasons";
import { isOutsideAirlineControl } from "../matching/delayCodes";
import { slotEpochMinutes } from "../matching/differences";
import { deviationTest, offTolerance, proposedRetime } from "../monitoring/deviation";
import { retimeCandidates } from "../monitoring/retime";
import { operationCountsAsUsed, type SeasonRule } from "../monitoring/rule";
import { type BaselineDates, baselineStanding } from "./baseline";

export { type BaselineDates, type BaselineStanding, baselineStanding } from "./baseline";
export { AICM_RULE, isWithinTolerance, operationCountsAsUsed, type SeasonRule } from "../monitoring/rule";

/** The days before now whose outcome is "today's rate" for the forecast. */
export const FORECAST_WINDOW_DAYS = 28;

/** One slot of a season with what happened to it, as the server reads it. */
export type HistorySlot = {
  slotId: number;
  serie: number;
  flightNumber: string;
  /** UTC `yyyy-MM-dd`. */
  date: string;
  /** UTC `HH:MM`. */
  time: string;
  isArrival: boolean;
  /** Slot status code (D, K, U, ADD, CAN, WIP, S, C). */
  status: string;
  matchId: number | null;
  flightId: number | null;
  /** The paired flight is cancelled (AIMS status C). */
  flightCancelled: boolean;
  /** Minutes off the slot: actual − slot, else scheduled − slot; null without a flight. */
  difference: number | null;
  /** Minutes off the slot by the actual time alone (actual − slot); null until the flight flew. */
  realDifference: number | null;
  /** The flight's delay codes: the team's evaluation when evaluated, else AIMS's. */
  delayCodes: readonly string[];
  /** The slot has a justification (issue 27 item 2): it counts as used and is not chargeable. */
  justified: boolean;
  /** When the airline asked to cancel the slot (ISO instant), for a slot now cancelled (CAN, C); else null. */
  returnedAt: string | null;
  /** When the coordinator granted the slot as an alta (ISO instant); null for a slot held from the season's start. */
  addedAt: string | null;
};

/** What a season's slots are counted against: its rule and the calendar dates the count follows. */
export type HistoryRule = { rule: SeasonRule; calendar: BaselineDates };

export type HistorySeasonDates = { start_date: string; end_date: string };

/** What a series' rates and forecast are computed from (sent to the browser as is: the contract's). */
export type SeriesCounts = components["schemas"]["HistoryCounts"];

export type RatingLevel = components["schemas"]["HistoryRatingLevel"];
export const RATING_LEVELS = ["ok", "warn", "alert"] as const satisfies readonly RatingLevel[];
export const isRatingLevel = (value: unknown): value is RatingLevel => RATING_LEVELS.some((level) => level === value);

/** Weekly cell status: Imputable, Alta, Cancelado, or nothing to say. */
export type CellStatus = components["schemas"]["HistoryCellStatus"];

export type SlotOutcome = {
  /** The slot's time has come. */
  past: boolean;
  operated: boolean;
  chargeable: boolean;
  cell: CellStatus;
};

/** The two-decimal-free percentage the cards show: one decimal. */
const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 100);

/** Whether a delay code of the flight justifies an off-slot operation or a cancellation. */
const justified = (codes: readonly string[]): boolean => codes.some((code) => isOutsideAirlineControl(code));

/** What one slot counts for, at `nowMinutes` (minutes since the epoch, UTC), under the season's `rule`. */
export function slotOutcome(slot: HistorySlot, nowMinutes: number, rule: SeasonRule): SlotOutcome {
  const past = slotEpochMinutes(slot.date, slot.time) <= nowMinutes;
  if (!past) return { past, operated: false, chargeable: false, cell: null };
  // A justified non-use or off-tolerance operation counts as used, whatever happened.
  if (slot.justified) return { past, operated: true, chargeable: false, cell: "justified" };
  const operated = slot.flightId !== null && !slot.flightCancelled;
  const offSlot = operated && !operationCountsAsUsed(slot.difference, rule);
  const chargeable = (!operated || offSlot) && !justified(slot.delayCodes);
  let cell: CellStatus = null;
  if (!operated) cell = "cancellation";
  else if (chargeable) cell = "chargeable";
  else if (slot.status === "ADD") cell = "new";
  return { past, operated, chargeable, cell };
}

/**
 * The counts of one series' slots at `nowMinutes`, under the season's rule and over its baseline
 * (see the module's definitions): slots handed back by the Series Return Deadline count for
 * nothing; slots added after the Historics Baseline Date only count in the new slots' rate when
 * the series has slots that were held at it.
 */
export function seriesCounts(slots: readonly HistorySlot[], nowMinutes: number, { rule, calendar }: HistoryRule): SeriesCounts {
  const standings = slots.map((slot) => baselineStanding(slot, calendar));
  const hasHeld = standings.includes("held");
  const recentFrom = nowMinutes - FORECAST_WINDOW_DAYS * 1440;
  const counts: SeriesCounts = {
    allocated: 0,
    operated: 0,
    chargeable: 0,
    remaining: 0,
    recent_allocated: 0,
    recent_operated: 0,
    recent_chargeable: 0,
    new_allocated: 0,
    new_chargeable: 0,
  };
  slots.forEach((slot, index) => {
    const standing = standings[index];
    if (standing === "returned") return;
    const inBaseline = standing === "held" || !hasHeld;
    const outcome = slotOutcome(slot, nowMinutes, rule);
    if (!outcome.past) {
      if (inBaseline) counts.remaining += 1;
      return;
    }
    if (slot.status === "ADD") {
      counts.new_allocated += 1;
      if (outcome.chargeable) counts.new_chargeable += 1;
    }
    if (!inBaseline) return;
    counts.allocated += 1;
    if (outcome.operated) counts.operated += 1;
    if (outcome.chargeable) counts.chargeable += 1;
    if (slotEpochMinutes(slot.date, slot.time) > recentFrom) {
      counts.recent_allocated += 1;
      if (outcome.operated) counts.recent_operated += 1;
      if (outcome.chargeable) counts.recent_chargeable += 1;
    }
  });
  return counts;
}

export type SeriesRates = {
  usage: number;
  chargeable: number;
  new_chargeable: number | null;
  /** The lesser of usage and chargeable. */
  rating: number;
};

export function seriesRates(counts: SeriesCounts): SeriesRates {
  const usage = percent(counts.operated, counts.allocated);
  const chargeable = percent(counts.allocated - counts.chargeable, counts.allocated);
  const newChargeable =
    counts.new_allocated > 0 ? percent(counts.new_allocated - counts.new_chargeable, counts.new_allocated) : null;
  return { usage, chargeable, new_chargeable: newChargeable, rating: Math.min(usage, chargeable) };
}

/**
 * The warning level in force: the `accomplishment` setting (Histórico's slider), never below the
 * season's threshold nor above 100. At the threshold there is no amber band.
 */
export const effectiveWarningLevel = (warning: number, threshold: number): number => Math.min(100, Math.max(warning, threshold));

/** The two levels a rating is coloured against: the season's threshold and the warning level. */
export type RatingLevels = { threshold: number; warning: number };

/**
 * Below the season's threshold → alert (red: the series is losing its historic); below the
 * warning level → warn (amber); else ok (green). 100 is always ok; a warning level of 100 gives
 * the seed's colours (green only at 100, amber at or above the threshold).
 */
export function ratingLevel(rating: number, { threshold, warning }: RatingLevels): RatingLevel {
  if (rating < threshold) return "alert";
  return rating >= effectiveWarningLevel(warning, threshold) ? "ok" : "warn";
}

/** The season-end forecast at today's rate: `can_lose` while at or above the threshold, `must_operate` of `remaining` when `at_risk` ('En riesgo'). */
export type SeriesForecast = components["schemas"]["HistoryForecast"];

/** The season-end forecast of a series at today's rate, against `threshold` (a percentage). */
export function seriesForecast(counts: SeriesCounts, threshold: number): SeriesForecast {
  const total = counts.allocated + counts.remaining;
  const recent = counts.recent_allocated > 0;
  const usageRate = recent
    ? counts.recent_operated / counts.recent_allocated
    : counts.allocated > 0
      ? counts.operated / counts.allocated
      : 1;
  const keptRate = recent
    ? 1 - counts.recent_chargeable / counts.recent_allocated
    : counts.allocated > 0
      ? 1 - counts.chargeable / counts.allocated
      : 1;
  const usage = percent(counts.operated + usageRate * counts.remaining, total);
  const chargeable = percent(counts.allocated - counts.chargeable + keptRate * counts.remaining, total);
  const rating = Math.min(usage, chargeable);
  const atRisk = rating < threshold;
  // Slots counted as used: by usage and by the chargeable rate, the lesser (as the rating).
  const needed = (threshold / 100) * total;
  const expectedGood = Math.min(counts.operated + usageRate * counts.remaining, counts.allocated - counts.chargeable + keptRate * counts.remaining);
  const goodSoFar = Math.min(counts.operated, counts.allocated - counts.chargeable);
  return {
    usage,
    chargeable,
    rating,
    // Each more slot lost lowers both counts by one.
    can_lose: atRisk ? 0 : Math.max(0, Math.floor(expectedGood - needed + 1e-9)),
    must_operate: atRisk ? Math.max(0, Math.ceil(needed - goodSoFar - 1e-9)) : null,
    remaining: counts.remaining,
    at_risk: atRisk,
  };
}

/** The coordinator's early warning on a series (the contract's HistoryPunctuality). */
export type SeriesPunctuality = components["schemas"]["HistoryPunctuality"];

/**
 * The early warning on a series' operations so far (issue 27 item 4, `src/domain/monitoring`):
 * the t-test of the signed deviations of its operated slots with an actual time, and the count of
 * those off the season's tolerance. The proposal retimes the series' (first) time by the median
 * deviation, with how many slots it moves (`retimeCandidates`: the lines of the same slots are
 * `retimeLines`, served by `GET /api/monitoring/retime/`).
 */
export function seriesPunctuality(slots: readonly HistorySlot[], nowMinutes: number, rule: Pick<SeasonRule, "tolerance">): SeriesPunctuality {
  const { tolerance } = rule;
  const deviations: number[] = [];
  // The test reads every operation, as the coordinator's does; a justified one is not a misuse.
  const unjustified: number[] = [];
  for (const slot of slots) {
    if (slot.realDifference === null || slot.flightCancelled) continue;
    if (slotEpochMinutes(slot.date, slot.time) > nowMinutes) continue;
    deviations.push(slot.realDifference);
    if (!slot.justified) unjustified.push(slot.realDifference);
  }
  const test = deviationTest(deviations);
  const off = offTolerance(unjustified, tolerance);
  const significant = test.verdict === "late" || test.verdict === "early";
  const flagged = significant || off.repeated;
  const time = slots[0]?.time;
  const retime = flagged && time !== undefined ? proposedRetime(time, deviations) : null;
  const proposal = retime ? { ...retime, slots: retimeCandidates(slots, new Date(nowMinutes * 60_000)).length } : null;
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    operations: test.n,
    mean: round(test.mean),
    lower: round(test.lower),
    upper: round(test.upper),
    verdict: test.verdict,
    tolerance,
    off_tolerance: off.count,
    repeated: off.repeated,
    flagged,
    proposal,
  };
}

/** Number of weeks of a season: whole weeks from its first day, the last one possibly short. */
export function seasonWeeks(season: HistorySeasonDates): number {
  const days = dayIndex(season.end_date, season.start_date) + 1;
  return Math.max(1, Math.ceil(days / 7));
}

function dayIndex(date: string, from: string): number {
  const a = parseDate(date);
  const b = parseDate(from);
  if (!a || !b) throw new RangeError(`Invalid date: ${date} / ${from}`);
  return Math.round((Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / 86_400_000);
}

/** Week of the season (1-based) a date falls in; weeks start on the season's first day. */
export function seasonWeekOf(date: string, season: HistorySeasonDates): number {
  return Math.floor(dayIndex(date, season.start_date) / 7) + 1;
}

/**
 * One cell of the weekly table: a slot of the series in a week on one weekday at one hour. A
 * week in which the series has no slot there has `slot_id` 0 (a disabled cell).
 */
/** One cell of the weekly table (`weekday` ISO, 1 = Monday; `slot_id` 0 where the series has no slot). */
export type WeeklyEntry = components["schemas"]["HistoryWeeklyEntry"];

/** A series as the history shows it (before the threshold is applied). */
export type SeriesHistory = {
  serie: number;
  flight_number: string;
  /** L (arrival) or S (departure). */
  type: "L" | "S";
  total_flights: number;
  /** The series' UTC times, `HH:MM`, in order. */
  hour: string[];
  /** Weekdays of operation in order, as SSIM writes them: `1357`. */
  frequency: string;
  first_date: string;
  last_date: string;
  counts: SeriesCounts;
  rates: SeriesRates;
  /** The rating (`rates.rating`), where the filters and the contract read it. */
  rating: number;
  punctuality: SeriesPunctuality;
  /** Hour → the weekly entries at that hour, by weekday and week. */
  flights: Record<string, WeeklyEntry[]>;
};

/** A season's slots by series number, each series' slots in date and time order (Histórico's and Monitoreo's grouping). */
export function groupSeries(slots: readonly HistorySlot[]): { serie: number; slots: HistorySlot[] }[] {
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

/**
 * Groups a season's slots into series and computes each one's counts, rates and weekly table under
 * `count`. With `weeks: false` the weekly tables are left empty: the cards do not carry them (issue
 * 35 item 3), and building every series' table was most of the work.
 */
export function seasonHistory(
  slots: readonly HistorySlot[],
  season: HistorySeasonDates,
  now: Date,
  count: HistoryRule,
  { weeks: withWeeks = true }: { weeks?: boolean } = {},
): SeriesHistory[] {
  const nowMinutes = Math.floor(now.getTime() / 60_000);
  const weeks = seasonWeeks(season);
  const result: SeriesHistory[] = [];
  for (const { serie, slots: sorted } of groupSeries(slots)) {
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    if (!first || !last) continue;
    const hours = [...new Set(sorted.map((s) => s.time))].sort();
    const weekdays = [...new Set(sorted.map((s) => isoWeekday(s.date)))].sort();
    const counts = seriesCounts(sorted, nowMinutes, count);
    const rates = seriesRates(counts);
    const flights: Record<string, WeeklyEntry[]> = {};
    for (const hour of withWeeks ? hours : []) {
      const cells = new Map<string, WeeklyEntry>();
      for (const slot of sorted) {
        if (slot.time !== hour) continue;
        const week = seasonWeekOf(slot.date, season);
        if (week < 1 || week > weeks) continue;
        const weekday = isoWeekday(slot.date);
        cells.set(`${week}-${weekday}`, {
          week,
          weekday,
          date: slot.date,
          slot_id: slot.slotId,
          match_id: slot.matchId,
          name: slot.flightNumber,
          status: slotOutcome(slot, nowMinutes, count.rule).cell,
          deviation: slot.flightCancelled ? null : slot.realDifference,
        });
      }
      const entries: WeeklyEntry[] = [];
      for (const weekday of weekdays) {
        for (let week = 1; week <= weeks; week++) {
          const entry = cells.get(`${week}-${weekday}`);
          entries.push(entry ?? emptyEntry(week, weekday, season));
        }
      }
      flights[hour] = entries;
    }
    result.push({
      serie,
      flight_number: first.flightNumber,
      type: first.isArrival ? "L" : "S",
      total_flights: sorted.length,
      hour: hours,
      frequency: weekdays.join(""),
      first_date: first.date,
      last_date: last.date,
      counts,
      rates,
      rating: rates.rating,
      punctuality: seriesPunctuality(sorted, nowMinutes, count.rule),
      flights,
    });
  }
  return result;
}

/** The date of a weekday in a season week (the week's first day is the season's first day). */
function emptyEntry(week: number, weekday: number, season: HistorySeasonDates): WeeklyEntry {
  const weekStart = addDays(season.start_date, (week - 1) * 7);
  const offset = (weekday - isoWeekday(weekStart) + 7) % 7;
  return { week, weekday, date: addDays(weekStart, offset), slot_id: 0, match_id: null, name: "", status: null, deviation: null };
}

export type HistoryFilter = {
  serieIds?: readonly number[];
  ratings?: readonly RatingLevel[];
  /** Weekdays 1–7: a series is kept when it operates on any of them. */
  frequencies?: readonly number[];
  /** `HH:MM` bounds, inclusive: a series is kept when any of its times is inside. */
  hourRange?: readonly [string, string];
  atRisk?: boolean;
};

/**
 * The series a filter keeps (an empty list of ratings or frequencies keeps them all: seed 002 §5).
 * Ratings are coloured at `levels`; 'En riesgo' is the forecast against the season's threshold.
 */
export function filterSeries<T extends Pick<SeriesHistory, "serie" | "frequency" | "hour" | "counts" | "rating">>(
  series: readonly T[],
  filter: HistoryFilter,
  levels: RatingLevels,
): T[] {
  const ids = filter.serieIds && filter.serieIds.length > 0 ? new Set(filter.serieIds) : null;
  const ratings = filter.ratings && filter.ratings.length > 0 ? new Set(filter.ratings) : null;
  const days = filter.frequencies && filter.frequencies.length > 0 ? filter.frequencies.map(String) : null;
  return series.filter((s) => {
    if (ids && !ids.has(s.serie)) return false;
    if (ratings && !ratings.has(ratingLevel(s.rating, levels))) return false;
    if (days && !days.some((d) => s.frequency.includes(d))) return false;
    if (filter.hourRange) {
      const [from, to] = filter.hourRange;
      if (!s.hour.some((h) => h >= from && h <= to)) return false;
    }
    if (filter.atRisk && !seriesForecast(s.counts, levels.threshold).at_risk) return false;
    return true;
  });
}

/** Series ids typed as `12, 15,x` → [12, 15]: non-numeric parts are dropped (seed 002 §5). */
export function parseSerieIds(text: string): number[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/** `HH:MM` with hour below 24 and minute below 60 (seed 002 §5). */
export function isHourText(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
}
