/** A season's series as the contract sends them: the domain's history plus level and forecast. */
import {
  type HistoryFilter,
  filterSeries,
  ratingLevel,
  type SeriesHistory,
  seasonHistory,
  seriesForecast,
} from "../../domain/history";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { type HistorySeason, seasonSlots } from "./read";

export type HistorySeries = components["schemas"]["HistorySeries"];

export async function historySeries(
  db: Database,
  season: HistorySeason,
  threshold: number,
  now: Date,
  filter: HistoryFilter = {},
): Promise<HistorySeries[]> {
  const slots = await seasonSlots(db, season.name);
  const series = filterSeries(seasonHistory(slots, season, now), filter, threshold);
  return series.map((s) => contractSeries(s, threshold));
}

/** The contract's shape of a series: its level and forecast at `threshold`. */
export function contractSeries(s: SeriesHistory, threshold: number): HistorySeries {
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
    level: ratingLevel(s.rating, threshold),
    counts: s.counts,
    forecast: seriesForecast(s.counts, threshold),
    punctuality: s.punctuality,
    flights: s.flights,
  };
}
