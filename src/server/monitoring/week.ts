/**
 * Monitoreo's server side (issue 27 items 3 and 4): a week's discrepancies and a season's early
 * warning, from the rules of `src/domain/monitoring`. What other concepts may use: the weekly
 * report (item 5) summarises a week with `monitoringWeek` — its `counts` (by category: total,
 * unjustified, justified, corrected) and its `corrective_scrs` (the SCRs sent that corrected rows).
 */
import { AICM_RULE } from "../../domain/monitoring/rule";
import {
  type IsoWeek,
  type MonitoringCorrectiveScr,
  type MonitoringCount,
  type MonitoringRow,
  weekDiscrepancies,
  weekFollowUpKeys,
} from "../../domain/monitoring/week";
import { type RetimeLine, retimeLines } from "../../domain/monitoring/retime";
import { type SeriesOperation, seriesOperations, type SeriesWarning } from "../../domain/monitoring/warning";
import type { Database } from "../db/client";
import { DEFAULT_AIRPORT } from "../airports/held";
import { seasonSeries, seasonWarning } from "./seasonCache";
import { correctiveRequests, seasonTolerances, seriesSlotsFrom, seriesSlotsOfSeason, weekMatches } from "./queries";

/** A week as Monitoreo and the weekly report read it. */
export type MonitoringWeekSummary = {
  week: string;
  start_date: string;
  end_date: string;
  rows: MonitoringRow[];
  counts: MonitoringCount[];
  corrective_scrs: MonitoringCorrectiveScr[];
};

/**
 * The week's discrepancies at `now`: each row with its category, state and corrective draft, the
 * counts by category and state, and the corrective SCRs sent. Each row is judged by its own
 * season's tolerance (a week can straddle two seasons).
 */
export async function monitoringWeek(db: Database, week: IsoWeek, now: Date, airport?: string): Promise<MonitoringWeekSummary> {
  const [matches, tolerances] = await Promise.all([weekMatches(db, week, airport), seasonTolerances(db, airport)]);
  const toleranceOf = (season: string) => tolerances.get(season) ?? AICM_RULE.tolerance;
  // The series whose later slots can correct or carry a draft: only those of the week's rows.
  const keys = weekFollowUpKeys({ matches, toleranceOf, now });
  const seriesSlots = await seriesSlotsFrom(db, keys, week.start, airport);
  const sent = await correctiveRequests(db, seriesSlots.map((slot) => slot.id));
  const { rows, counts, correctiveScrs } = weekDiscrepancies({ week, matches, seriesSlots, sent, toleranceOf, now });
  return { week: week.label, start_date: week.start, end_date: week.end, rows, counts, corrective_scrs: correctiveScrs };
}

/**
 * The season's flagged series at `now` (Histórico's test at the season's tolerance); each proposal
 * says how many slots it would move (`slots`). From the season's slots as last read, read again
 * only when the register changed (`./seasonCache`).
 */
export async function earlyWarning(
  db: Database,
  season: { name: string },
  tolerance: number,
  now: Date,
  airport = DEFAULT_AIRPORT,
): Promise<SeriesWarning[]> {
  return seasonWarning(db, airport, season.name, tolerance, now);
}

/** A series' operations as the early warning tests them at `now` (its picture); null when the season has no such series. */
export async function warningOperations(
  db: Database,
  season: { name: string },
  serie: number,
  now: Date,
  airport = DEFAULT_AIRPORT,
): Promise<SeriesOperation[] | null> {
  const found = (await seasonSeries(db, airport, season.name)).find((s) => s.serie === serie);
  return found ? seriesOperations(found.slots, Math.floor(now.getTime() / 60_000)) : null;
}

/** The modification draft lines that move a series of a season by `shift` minutes, with the draft's request `letter`. */
export async function seriesRetime(
  db: Database,
  season: { name: string },
  serie: number,
  shift: number,
  now: Date,
  letter?: "L" | "R",
  airport?: string,
): Promise<RetimeLine[] | null> {
  const own = await seriesSlotsOfSeason(db, season.name, serie, airport);
  return own ? retimeLines(own, shift, now, letter) : null;
}
