/** The visibility filter of Histórico, kept under localStorage 'history_filter' (seed 002 §3). */
import { isHourText, RATING_LEVELS, type RatingLevel } from "../../domain/history";

export const HISTORY_FILTER_KEY = "history_filter";

export type VisibilityFilter = {
  /** None ticked: all three apply (seed 002 §5). */
  ratings: RatingLevel[];
  /** None chosen: every weekday 1–7 applies. */
  frequencies: number[];
  hourFrom: string;
  hourTo: string;
};

/** Seed 002 §5: the default hour range is 00:00 to 23:59. */
export const DEFAULT_FILTER: VisibilityFilter = { ratings: [], frequencies: [], hourFrom: "00:00", hourTo: "23:59" };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The stored filter, each part checked; anything unreadable falls back to its default. */
export function readVisibilityFilter(): VisibilityFilter {
  let value: unknown;
  try {
    value = JSON.parse(localStorage.getItem(HISTORY_FILTER_KEY) ?? "null");
  } catch {
    return DEFAULT_FILTER;
  }
  if (!isRecord(value)) return DEFAULT_FILTER;
  const storedRatings: unknown[] = Array.isArray(value.ratings) ? value.ratings : [];
  const storedFrequencies: unknown[] = Array.isArray(value.frequencies) ? value.frequencies : [];
  const ratings = RATING_LEVELS.filter((level) => storedRatings.includes(level));
  const frequencies = [1, 2, 3, 4, 5, 6, 7].filter((day) => storedFrequencies.includes(day));
  const hourFrom = typeof value.hourFrom === "string" && isHourText(value.hourFrom) ? value.hourFrom : DEFAULT_FILTER.hourFrom;
  const hourTo = typeof value.hourTo === "string" && isHourText(value.hourTo) ? value.hourTo : DEFAULT_FILTER.hourTo;
  return { ratings, frequencies, hourFrom, hourTo };
}

export function storeVisibilityFilter(filter: VisibilityFilter): void {
  localStorage.setItem(HISTORY_FILTER_KEY, JSON.stringify(filter));
}
