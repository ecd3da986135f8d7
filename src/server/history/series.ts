/**
 * A season's series as the contract sends them: the domain's history plus level and forecast —
 * the cards (`listHistory`), and apart the weekly table of one series (`getHistorySeries`, issue
 * 35 item 3); the workbook takes both for every series.
 */
import {
  type HistoryFilter,
  filterSeries,
  ratingLevel,
  type RatingLevels,
  type SeriesHistory,
  seasonHistory,
  seriesForecast,
} from "../../domain/history";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { historyRuleOf } from "../seasons/detail";
import { type HistorySeason, seasonSlots } from "./read";

export type HistorySeries = components["schemas"]["HistorySeries"];
/** A series' weekly table: hour → its entries, by weekday then week. */
export type HistoryWeeks = components["schemas"]["HistorySeriesWeeks"]["flights"];
/** A card with its weekly table, as the workbook writes both. */
export type HistorySeriesWithWeeks = HistorySeries & { flights: HistoryWeeks };

/** The season's series under its rule and calendar, filtered at `levels`; their weekly tables only when `weeks`. */
async function seasonSeries(
  db: Database,
  season: HistorySeason,
  levels: RatingLevels,
  now: Date,
  filter: HistoryFilter,
  weeks: boolean,
  airport: string | undefined,
): Promise<SeriesHistory[]> {
  const slots = await seasonSlots(db, season.name, { airport });
  return filterSeries(seasonHistory(slots, season, now, historyRuleOf(season), { weeks }), filter, levels);
}

/**
 * The season's series under its rule and calendar, coloured at `warning` (the warning level) and
 * the season's threshold, which also decides the forecast and 'En riesgo'.
 */
export async function historySeries(
  db: Database,
  season: HistorySeason,
  warning: number,
  now: Date,
  filter: HistoryFilter = {},
  airport?: string,
): Promise<HistorySeries[]> {
  const levels: RatingLevels = { threshold: season.usage_threshold, warning };
  return (await seasonSeries(db, season, levels, now, filter, false, airport)).map((s) => contractSeries(s, levels));
}

/** Every series of the season with its weekly table (the workbook's two sheets). */
export async function historySeriesWithWeeks(
  db: Database,
  season: HistorySeason,
  warning: number,
  now: Date,
  airport?: string,
): Promise<HistorySeriesWithWeeks[]> {
  const levels: RatingLevels = { threshold: season.usage_threshold, warning };
  return (await seasonSeries(db, season, levels, now, {}, true, airport)).map((s) => ({ ...contractSeries(s, levels), flights: s.flights }));
}

/**
 * One series' weekly table, computed from its own slots alone (a series' table reads nothing of
 * the others'); null when the season has no such series.
 */
export async function historySeriesWeeks(
  db: Database,
  season: HistorySeason,
  serie: number,
  now: Date,
  airport?: string,
): Promise<HistoryWeeks | null> {
  const slots = await seasonSlots(db, season.name, { serie, airport });
  const [series] = seasonHistory(slots, season, now, historyRuleOf(season));
  return series ? series.flights : null;
}

/** The contract's shape of a series' card: its level at `levels`, its forecast at the season's threshold. */
export function contractSeries(s: SeriesHistory, levels: RatingLevels): HistorySeries {
  return {
    serie: s.serie,
    flight_number: s.flight_number,
    type: s.type,
    total_flights: s.total_flights,
    hour: s.hour,
    frequency: s.frequency,
    first_date: s.first_date,
    last_date: s.last_date,
    global: { usage: s.rates.usage, chargeable: s.rates.chargeable },
    new: { chargeable: s.rates.new_chargeable },
    rating: s.rating,
    level: ratingLevel(s.rating, levels),
    counts: s.counts,
    forecast: seriesForecast(s.counts, levels.threshold),
    punctuality: s.punctuality,
  };
}
