/**
 * Monitoreo's vocabulary, apart from the week's rules (./week.ts) so the browser's views can read
 * it without the drafts' and matching's rules: the categories and states in order, and ISO weeks
 * (Monday to Sunday, UTC days) — their labels, parsing and shifting.
 */
import type { components } from "../../generated/openapi";
import { addDays, isoWeekday } from "../seasons";

export type MonitoringCategory = components["schemas"]["MonitoringCategory"];
export type MonitoringState = components["schemas"]["MonitoringState"];
export type MonitoringRow = components["schemas"]["MonitoringRow"];
export type MonitoringCount = components["schemas"]["MonitoringCount"];
export type MonitoringCorrectiveScr = components["schemas"]["MonitoringCorrectiveScr"];

/** The categories in the order the coordinator's report and the view list them. */
export const MONITORING_CATEGORIES = [
  "no_slot",
  "not_used",
  "schedule_vs_slot",
  "off_tolerance",
  "aircraft",
] as const satisfies readonly MonitoringCategory[];

export const MONITORING_STATES = ["unjustified", "justified", "requested", "corrected"] as const satisfies readonly MonitoringState[];

// ---- ISO weeks ---------------------------------------------------------------------------------

/** An ISO week: `label` `2026-W47`, Monday `start` and Sunday `end` (`yyyy-MM-dd`, UTC days). */
export type IsoWeek = { year: number; week: number; label: string; start: string; end: string };

const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

const weekLabel = (year: number, week: number) => `${year}-W${String(week).padStart(2, "0")}`;

/** The Monday of ISO week 1 of `year`: the week holding 4 January. */
function firstMonday(year: number): string {
  const january4 = `${String(year).padStart(4, "0")}-01-04`;
  return addDays(january4, 1 - isoWeekday(january4));
}

/** Number of ISO weeks of `year` (52 or 53): the week of 28 December. */
export function isoWeeksInYear(year: number): number {
  return isoWeekOf(`${String(year).padStart(4, "0")}-12-28`).week;
}

function weekAt(year: number, week: number): IsoWeek {
  const start = addDays(firstMonday(year), (week - 1) * 7);
  return { year, week, label: weekLabel(year, week), start, end: addDays(start, 6) };
}

/** The ISO week holding a `yyyy-MM-dd` date: its year is the year of its Thursday. */
export function isoWeekOf(date: string): IsoWeek {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const days = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstMonday(year)}T00:00:00Z`)) / 86_400_000);
  return weekAt(year, Math.floor(days / 7) + 1);
}

/** Why `text` is not an ISO week, in Spanish, or null when it is one. */
export function isoWeekProblem(text: string): string | null {
  const match = WEEK_PATTERN.exec(text);
  if (!match) return `La semana «${text}» no tiene el formato AAAA-Wss (por ejemplo 2026-W47).`;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (year < 1900 || year > 2199) return `La semana «${text}» está fuera de los años 1900 a 2199.`;
  const weeks = isoWeeksInYear(year);
  if (week < 1 || week > weeks) return `La semana ${week} de ${year} no existe: ${year} tiene ${weeks} semanas ISO.`;
  return null;
}

/** The ISO week `text` names (`2026-W47`), or null when it is not one (see `isoWeekProblem`). */
export function parseIsoWeek(text: string): IsoWeek | null {
  if (isoWeekProblem(text) !== null) return null;
  const match = WEEK_PATTERN.exec(text);
  return match ? weekAt(Number(match[1]), Number(match[2])) : null;
}

/** The week `weeks` weeks after (before, when negative) `week`. */
export const shiftIsoWeek = (week: IsoWeek, weeks: number): IsoWeek => isoWeekOf(addDays(week.start, weeks * 7));

/** The ISO week holding instant `now`'s UTC date. */
export const currentIsoWeek = (now: Date): IsoWeek => isoWeekOf(now.toISOString().slice(0, 10));

/** The last whole week before `now`: Monitoreo's default (the week the coordinator reports next). */
export const lastIsoWeek = (now: Date): IsoWeek => shiftIsoWeek(currentIsoWeek(now), -1);

/** Thursday of the week: the day that names its year, and the season a week is taken to be in. */
export const weekThursday = (week: IsoWeek): string => addDays(week.start, 3);
