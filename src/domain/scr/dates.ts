/**
 * Years for SCR dates. SCR dates are `DDMMM` with no year: the season gives it (in a winter season
 * January–March belong to the year after the season starts). All of it goes through
 * `resolveSeasonDate` from ../seasons; the resolver below only caches it per message, since a
 * message holds at most 366 distinct dates but may hold 100,000 lines.
 */
import { addDays, isoWeekday, isSeasonCode, parseDate, resolveSeasonDate, seasonBounds, type SeasonBounds } from "../seasons";
import { MONTH_NAMES, daysMaskAt } from "./tokens";

/** Spanish weekday names, index 1 = lunes … 7 = domingo (SSIM day numbers). */
export const WEEKDAYS_ES: readonly string[] = ["", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];

const DAY_MS = 86_400_000;

/**
 * The calendar date (`yyyy-MM-dd`) of an SCR date `DDMMM` in season `season` (`W26`, `S27`), or
 * null when the text is not a real date of that season's year(s) or the season code is not valid.
 * The date may still lie outside the season's bounds; see `resolveScrDate`.
 */
export function scrDateToIso(ddmmm: string, season: string): string | null {
  return resolveScrDate(ddmmm, season)?.date ?? null;
}

/** `resolveSeasonDate` that answers null, instead of throwing, for a bad season code. */
export function resolveScrDate(ddmmm: string, season: string): { date: string; inSeason: boolean } | null {
  if (!isSeasonCode(season)) return null;
  return resolveSeasonDate(ddmmm, season);
}

/** `2026-12-05` → `05DEC`; null for text that is not a calendar date. */
export function isoToScrDate(iso: string): string | null {
  const ymd = parseDate(iso);
  if (!ymd) return null;
  return `${String(ymd.day).padStart(2, "0")}${MONTH_NAMES[ymd.month - 1] ?? ""}`;
}

/** First and last calendar dates of a data line's period in `season`, or null. */
export function scrPeriodToIso(line: { from: string; to: string }, season: string): { from: string; to: string } | null {
  const from = scrDateToIso(line.from, season);
  const to = scrDateToIso(line.to, season);
  return from && to ? { from, to } : null;
}

export type ScrDateInfo = {
  /** `yyyy-MM-dd`. */
  iso: string;
  /** Days since 1970-01-01. */
  epochDay: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  inSeason: boolean;
};

/** Resolves `DDMMM` dates within one season, caching each distinct text. */
export class ScrDateResolver {
  readonly season: string;
  readonly bounds: SeasonBounds;
  private readonly cache = new Map<string, ScrDateInfo | null>();

  /** Null when `season` is not a valid season code. */
  static forSeason(season: string | null): ScrDateResolver | null {
    return season !== null && isSeasonCode(season) ? new ScrDateResolver(season) : null;
  }

  private constructor(season: string) {
    this.season = season;
    this.bounds = seasonBounds(season);
  }

  /** Null when the day does not exist in that month of the season's year (29FEB in 2027, 31APR). */
  resolve(ddmmm: string): ScrDateInfo | null {
    let info = this.cache.get(ddmmm);
    if (info !== undefined) return info;
    const resolved = resolveSeasonDate(ddmmm, this.season);
    info = null;
    if (resolved) {
      const ymd = parseDate(resolved.date);
      if (ymd) {
        info = {
          iso: resolved.date,
          epochDay: Date.UTC(ymd.year, ymd.month - 1, ymd.day) / DAY_MS,
          weekday: isoWeekday(resolved.date),
          inSeason: resolved.inSeason,
        };
      }
    }
    this.cache.set(ddmmm, info);
    return info;
  }
}

/** A problem with a period or its days, and which field it points at. */
export type PeriodProblem = { field: "from" | "to" | "days"; message: string };

/**
 * Checks the dates of a period whose two dates are already known to be `DDMMM` texts (see
 * `ddmmmAt`): that they exist in the season's years, lie in the season and are in order. Without
 * a resolver (no valid season) there is nothing more to check.
 */
export function checkPeriodDates(from: string, to: string, resolver: ScrDateResolver | null): PeriodProblem | null {
  if (!resolver) return null;
  const first = resolver.resolve(from);
  const problem = checkOneDate("from", from, first, resolver);
  if (problem) return problem;
  if (to === from) return null;
  const last = resolver.resolve(to);
  const lastProblem = checkOneDate("to", to, last, resolver);
  if (lastProblem) return lastProblem;
  if (first && last && last.epochDay < first.epochDay) {
    return { field: "to", message: `El periodo termina (${to}) antes de empezar (${from})` };
  }
  return null;
}

function checkOneDate(
  field: "from" | "to",
  text: string,
  info: ScrDateInfo | null,
  resolver: ScrDateResolver,
): PeriodProblem | null {
  if (!info) return { field, message: `La fecha ${text} no existe en la temporada ${resolver.season}` };
  if (!info.inSeason) {
    const { start_date, end_date } = resolver.bounds;
    return {
      field,
      message: `La fecha ${text} queda fuera de la temporada ${resolver.season} (del ${start_date} al ${end_date})`,
    };
  }
  return null;
}

export const MISSING_DAYS_MESSAGE =
  "Faltan los días de operación (solo pueden omitirse cuando el periodo es una sola fecha)";

/**
 * Checks a days field (already known to be well formed, see `daysErrorAt`) against its period:
 * at least one day, the first and last dates of the period are days of operation, and every day
 * listed falls within the period. Needs the season to know the weekdays.
 */
export function checkDaysAgainstPeriod(
  from: string,
  to: string,
  days: string,
  resolver: ScrDateResolver | null,
): PeriodProblem | null {
  const mask = daysMaskAt(days, 0);
  if (mask === 0) return { field: "days", message: "Los días de operación no incluyen ningún día" };
  if (!resolver) return null;
  const first = resolver.resolve(from);
  const last = resolver.resolve(to);
  if (!first || !last) return null;
  if ((mask & (1 << (first.weekday - 1))) === 0) {
    return {
      field: "days",
      message: `La primera fecha del periodo (${from}, ${WEEKDAYS_ES[first.weekday]}) no es un día de operación`,
    };
  }
  if ((mask & (1 << (last.weekday - 1))) === 0) {
    return {
      field: "days",
      message: `La última fecha del periodo (${to}, ${WEEKDAYS_ES[last.weekday]}) no es un día de operación`,
    };
  }
  const span = last.epochDay - first.epochDay;
  if (span < 6) {
    let inPeriod = 0;
    for (let k = 0; k <= span; k++) inPeriod |= 1 << ((first.weekday - 1 + k) % 7);
    const outside = mask & ~inPeriod;
    if (outside !== 0) {
      const day = 31 - Math.clz32(outside & -outside) + 1;
      return {
        field: "days",
        message: `El día ${day} (${WEEKDAYS_ES[day]}) de los días de operación no cae dentro del periodo ${from}–${to}`,
      };
    }
  }
  return null;
}

/** What the reader makes of a days field against its period: one error, or warnings, or null (all fine). */
export type DaysReading = { error: PeriodProblem } | { warnings: PeriodProblem[] } | null;

/** `DDMMM` of the date `offset` days after `info`. */
function scrDateAfter(info: ScrDateInfo, offset: number): string {
  return isoToScrDate(addDays(info.iso, offset)) ?? "";
}

/**
 * The reader's check of a days field (already well formed) against its period. Coordinators write
 * periods whose first or last date is not an operating day (their published guides do): the
 * operating dates are the listed days within the period, so such a line is read with a warning
 * naming its real first or last operation. Still an error: no day at all, a period in which no
 * listed day falls, and a listed day outside a period shorter than a week (a typing slip).
 * The builder keeps the strict `checkDaysAgainstPeriod`.
 */
export function readDaysAgainstPeriod(from: string, to: string, days: string, resolver: ScrDateResolver | null): DaysReading {
  const mask = daysMaskAt(days, 0);
  if (mask === 0) return { error: { field: "days", message: "Los días de operación no incluyen ningún día" } };
  if (!resolver) return null;
  const first = resolver.resolve(from);
  const last = resolver.resolve(to);
  if (!first || !last) return null;
  const firstOperates = (mask & (1 << (first.weekday - 1))) !== 0;
  const lastOperates = (mask & (1 << (last.weekday - 1))) !== 0;
  if (firstOperates && lastOperates && last.epochDay - first.epochDay >= 6) return null;
  const span = last.epochDay - first.epochDay;
  if (span < 6) {
    let inPeriod = 0;
    for (let k = 0; k <= span; k++) inPeriod |= 1 << ((first.weekday - 1 + k) % 7);
    if ((mask & inPeriod) === 0) {
      const message =
        span === 0
          ? `La primera fecha del periodo (${from}, ${WEEKDAYS_ES[first.weekday]}) no es un día de operación`
          : `Ninguna fecha del periodo ${from}–${to} es un día de operación (${days})`;
      return { error: { field: "days", message } };
    }
    const outside = mask & ~inPeriod;
    if (outside !== 0) {
      const day = 31 - Math.clz32(outside & -outside) + 1;
      return {
        error: {
          field: "days",
          message: `El día ${day} (${WEEKDAYS_ES[day]}) de los días de operación no cae dentro del periodo ${from}–${to}`,
        },
      };
    }
  }
  const warnings: PeriodProblem[] = [];
  if (!firstOperates) {
    let k = 1;
    while ((mask & (1 << ((first.weekday - 1 + k) % 7))) === 0) k++;
    warnings.push({
      field: "from",
      message:
        `Se asumió que la línea opera solo los días indicados dentro del periodo: la primera fecha (${from}, ` +
        `${WEEKDAYS_ES[first.weekday]}) no es un día de operación; la primera operación es el ${scrDateAfter(first, k)}`,
    });
  }
  if (!lastOperates) {
    let k = 1;
    while ((mask & (1 << ((last.weekday - 1 - k + 7 * 2) % 7))) === 0) k++;
    warnings.push({
      field: "to",
      message:
        `Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (${to}, ` +
        `${WEEKDAYS_ES[last.weekday]}) no es un día de operación; la última operación es el ${scrDateAfter(last, -k)}`,
    });
  }
  return warnings.length === 0 ? null : { warnings };
}
