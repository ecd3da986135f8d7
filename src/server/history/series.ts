/** A season's series as the contract sends them: the domain's history plus level and forecast. */
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
  const slots = await seasonSlots(db, season.name, airport);
  const levels: RatingLevels = { threshold: season.usage_threshold, warning };
  const series = filterSeries(seasonHistory(slots, season, now, historyRuleOf(season)), filter, levels);
  return series.map((s) => contractSeries(s, levels));
}

/** The contract's shape of a series: its level at `levels`, its forecast at the season's threshold. */
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
    flights: s.flights,
  };
}
