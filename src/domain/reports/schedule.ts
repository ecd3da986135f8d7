/**
 * A report's send schedule (seed 001 §2.7, §3 'Report settings', §4.4, §9): `frequency` sends a
 * day (1 to 3) at as many distinct times `HH:MM`, read in the toolbar's zone (ZULU = UTC, LOCAL =
 * the schedule's airport's zone through the zone database, Mexico City for MEX; `airportZone`,
 * issue 37). Each scheduled send reports the **previous day** of
 * that zone: the 06:00 LOCAL send of 25/11 carries 24/11 00:00–23:59 Mexico City time.
 *
 * The browser's schedule popover and the server's template check use these same rules.
 */
import type { components } from "../../generated/openapi";
import { addDays } from "../seasons";
import { type IanaZone, LOCAL_ZONE, startOfDayMs, zonedDateTime } from "../zones";
import { type ReportType, reportZone } from "./common";
import { WEEKLY_SEND_WEEKDAY, weeklyReportRange } from "./monitoring";
import { isoWeekday } from "../seasons";

export type ReportTimeZone = components["schemas"]["ReportTimeZone"];

/** Seed 001 §9: 1, 2 or 3 sends a day, at most 3 times. */
export const REPORT_FREQUENCIES = [1, 2, 3] as const;
export const MAX_SCHEDULE_TIMES = 3;
/** What a report's schedule is before anyone saves one. */
export const DEFAULT_SCHEDULE = { frequency: 1, schedule: ["06:00"], timezone: "local" } as const;

/** The IANA zone of ZULU/LOCAL (the reports' one rule). */
export const zoneOfReportTimeZone = reportZone;

/**
 * Seed 001 §4.4: a time counts only when its 4 digits are entered, hour below 24 and minute below
 * 60. `0630` and `06:30` are 06:30; `7:5`, `25:00` or `06:3` are not times. Answers `HH:MM` or null.
 */
export function parseScheduleTime(input: string): string | null {
  const match = /^(\d{2}):?(\d{2})$/.exec(input.trim());
  if (!match) return null;
  const [, hh = "", mm = ""] = match;
  if (Number(hh) > 23 || Number(mm) > 59) return null;
  return `${hh}:${mm}`;
}

export interface ScheduleProblem {
  /** The request's field: `frequency`, `schedule`, `schedule[1]`. */
  field: string;
  message: string;
}

/** Everything wrong with a frequency and its times, in Spanish; empty when they can be saved. */
export function scheduleProblems(frequency: number, schedule: readonly string[]): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  if (!REPORT_FREQUENCIES.some((f) => f === frequency)) {
    problems.push({ field: "frequency", message: `La frecuencia diaria debe ser 1, 2 o 3 envíos (se recibió ${frequency}).` });
  }
  if (schedule.length > MAX_SCHEDULE_TIMES) {
    problems.push({
      field: "schedule",
      message: `A lo sumo ${MAX_SCHEDULE_TIMES} horarios de envío (se recibieron ${schedule.length}).`,
    });
  }
  const seen = new Map<string, number>();
  schedule.forEach((raw, index) => {
    const time = parseScheduleTime(raw);
    if (time === null) {
      problems.push({
        field: `schedule[${index}]`,
        message: `Horario ${index + 1}: «${raw}» no es una hora válida. Escriba HH:MM con sus 4 dígitos, hora menor a 24 y minutos menores a 60.`,
      });
      return;
    }
    const first = seen.get(time);
    if (first !== undefined) {
      problems.push({ field: `schedule[${index}]`, message: `Horario ${index + 1}: ${time} repite el horario ${first + 1}.` });
    } else {
      seen.set(time, index);
    }
  });
  if (problems.length === 0 && schedule.length !== frequency) {
    problems.push({
      field: "schedule",
      message:
        frequency === 1
          ? `Con frecuencia 1 se necesita 1 horario de envío; se recibieron ${schedule.length}.`
          : `Con frecuencia ${frequency} se necesitan ${frequency} horarios de envío distintos; se recibieron ${schedule.length}.`,
    });
  }
  return problems;
}

/** The times in order of the day, as `HH:MM` (callers have checked them). */
export function normalisedSchedule(schedule: readonly string[]): string[] {
  return schedule
    .map((raw) => parseScheduleTime(raw))
    .filter((time): time is string => time !== null)
    .sort();
}

/**
 * Every scheduled instant (epoch ms) of a schedule after `afterMs` and up to `untilMs` (both
 * bounds: `after < t ≤ until`), oldest first. Each time is a wall-clock time of each day of the zone.
 */
export function scheduledInstants(
  schedule: readonly string[],
  timezone: ReportTimeZone,
  afterMs: number,
  untilMs: number,
  airportZone: IanaZone = LOCAL_ZONE,
): number[] {
  if (untilMs <= afterMs) return [];
  const zone = zoneOfReportTimeZone(timezone, airportZone);
  const times = normalisedSchedule(schedule).map((time) => {
    const [hh = 0, mm = 0] = time.split(":").map(Number);
    return (hh * 60 + mm) * 60_000;
  });
  const instants: number[] = [];
  const lastDay = zonedDateTime(untilMs, zone).day;
  for (let day = zonedDateTime(afterMs, zone).day; day <= lastDay; day = addDays(day, 1)) {
    const midnight = startOfDayMs(day, zone);
    // Wall-clock arithmetic from midnight is exact without a shift that day (UTC; Mexico City has
    // kept UTC−6 since October 2022). On a zone's shift day (New York's March and November
    // Sundays) the time is read again from the wall clock, so 06:00 stays 06:00.
    for (const offset of times) {
      const at = wallClockAt(day, offset, midnight, zone);
      if (at > afterMs && at <= untilMs) instants.push(at);
    }
  }
  return instants.sort((a, b) => a - b);
}

/** The instant of wall-clock `offset` (ms after 00:00) of `day` in the zone. */
function wallClockAt(day: string, offset: number, midnight: number, zone: IanaZone): number {
  const at = midnight + offset;
  const shown = zonedDateTime(at, zone);
  const [hh = 0, mm = 0] = shown.time.split(":").map(Number);
  const drift = shown.day === day ? (hh * 60 + mm) * 60_000 - offset : 0;
  return at - drift;
}

/** The day a send at `atMs` reports: the day before its own, in the schedule's zone. */
export function reportedDay(atMs: number, timezone: ReportTimeZone, airportZone: IanaZone = LOCAL_ZONE): string {
  return addDays(zonedDateTime(atMs, zoneOfReportTimeZone(timezone, airportZone)).day, -1);
}

/** The next scheduled instant strictly after `fromMs`, or null for an empty schedule. */
export function nextScheduledInstant(
  schedule: readonly string[],
  timezone: ReportTimeZone,
  fromMs: number,
  airportZone: IanaZone = LOCAL_ZONE,
): number | null {
  return scheduledInstants(schedule, timezone, fromMs, fromMs + 2 * 86_400_000, airportZone)[0] ?? null;
}


// ---- per report: Monitoreo semanal is weekly --------------------------------------------------

/** Whether `type` is sent on the day of `atMs` (in the schedule's zone): every day, Monitoreo semanal on Mondays. */
export function sendsOnDayOf(type: ReportType, atMs: number, timezone: ReportTimeZone, airportZone: IanaZone = LOCAL_ZONE): boolean {
  if (type !== "weekly_monitoring") return true;
  return isoWeekday(zonedDateTime(atMs, zoneOfReportTimeZone(timezone, airportZone)).day) === WEEKLY_SEND_WEEKDAY;
}

/** The scheduled instants of a report (`after < t ≤ until`): its schedule's, on the days it is sent. */
export function reportInstants(
  type: ReportType,
  schedule: readonly string[],
  timezone: ReportTimeZone,
  afterMs: number,
  untilMs: number,
  airportZone: IanaZone = LOCAL_ZONE,
): number[] {
  return scheduledInstants(schedule, timezone, afterMs, untilMs, airportZone).filter((at) =>
    sendsOnDayOf(type, at, timezone, airportZone),
  );
}

/** A report's next scheduled instant strictly after `fromMs` (a weekly one may be 7 days away), or null. */
export function nextReportInstant(
  type: ReportType,
  schedule: readonly string[],
  timezone: ReportTimeZone,
  fromMs: number,
  airportZone: IanaZone = LOCAL_ZONE,
): number | null {
  return reportInstants(type, schedule, timezone, fromMs, fromMs + 8 * 86_400_000, airportZone)[0] ?? null;
}

/** The days a send at `atMs` reports: the previous day, or for Monitoreo semanal the previous week. */
export function reportedRange(
  type: ReportType,
  atMs: number,
  timezone: ReportTimeZone,
  airportZone: IanaZone = LOCAL_ZONE,
): { start: string; end: string } {
  if (type === "weekly_monitoring") return weeklyReportRange(atMs, timezone, airportZone);
  const day = reportedDay(atMs, timezone, airportZone);
  return { start: day, end: day };
}
