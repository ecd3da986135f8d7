/**
 * What every report shares (seed 001 §2.7, §7, §9): the input is the turnover's rows (one per
 * match: a flight with its slot, a flight without slot or a leftover slot; the contract's
 * TurnoverRow), the output the contract's report rows.
 *
 * **Which rows.** A report covers the whole days of a range in the zone the user chose: a match
 * belongs to a day by its instant at the report's airport (MEX, or the one chosen since issue 37)
 * — the slot's date and time, else the flight's scheduled movement (STA of an arrival, STD of a
 * departure) — exactly as Entrega de turno does.
 *
 * **Which zone.** `zulu` is UTC, `local` the airport's zone (Mexico City for MEX, New York for
 * JFK) read through the zone database (never a fixed offset). Every date and time a report
 * writes (slot time, ST, AT) is the instant's wall clock in that zone, so a slot at 02:30 UTC on
 * the 2nd is 20:30 on the 1st in Mexico City's LOCAL.
 *
 * **Off the slot.** The justification threshold is 15 minutes (seed 001 §9): a movement is
 * "within ±15" when its real time (else its scheduled time) is at most 15 minutes from its slot.
 */
import type { components } from "../../generated/openapi";
import { delayCode, DELAY_CODE_CATEGORY_LABELS, delayCodeDescription } from "../matching/delayCodes";
import { TZDate } from "@date-fns/tz";
import { type IanaZone, LOCAL_ZONE, UTC_ZONE } from "../zones";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type ReportType = components["schemas"]["ReportType"];
export type ReportTimeZone = components["schemas"]["ReportTimeZone"];
export type ReportMonthlySection = components["schemas"]["ReportMonthlySection"];
export type ReportStatusNew = components["schemas"]["ReportStatusNew"];
export type ReportAssignmentRow = components["schemas"]["ReportAssignmentRow"];
export type ReportDelayRow = components["schemas"]["ReportDelayRow"];
export type ReportOperationRow = components["schemas"]["ReportOperationRow"];
export type ReportPlateRow = components["schemas"]["ReportPlateRow"];
export type ReportAppearanceRow = components["schemas"]["ReportAppearanceRow"];
export type ReportMonitoringRow = components["schemas"]["ReportMonitoringRow"];
export type ReportMonitoringSummary = components["schemas"]["ReportMonitoringSummary"];
export type ReportAnswer = components["schemas"]["ReportAnswer"];
export type ReportAddRecord = components["schemas"]["ReportAddRecord"];

/** The justification threshold in minutes (seed 001 §9). */
export const JUSTIFICATION_MINUTES = 15;

/** The report types, in the order of the view's tabs. */
export const REPORT_TYPES: readonly ReportType[] = [
  "slot_assignment",
  "full_delays",
  "tovar_delays",
  "plates",
  "end_of_month",
  "appearance",
  "weekly_monitoring",
];

export function isReportType(value: unknown): value is ReportType {
  return REPORT_TYPES.some((type) => type === value);
}

export const MONTHLY_SECTIONS: readonly ReportMonthlySection[] = ["returned_to_position", "cancellation", "operation"];

/** The zone of a report's `timezone`: zulu is UTC, local the report's airport's (Mexico City for MEX, issue 37). */
export const reportZone = (timezone: ReportTimeZone, airportZone: IanaZone = LOCAL_ZONE): IanaZone =>
  timezone === "zulu" ? UTC_ZONE : airportZone;

/** What a report needs besides the rows. */
export type ReportContext = {
  zone: IanaZone;
  /** The report's airport (issue 37; MEX when absent): a leftover slot's route ends or starts there. */
  airport?: string;
  /** Per slot id: how many changes its history holds and the newest (ISO UTC). Appearance only. */
  slotChanges?: ReadonlyMap<number, { count: number; last: string }>;
  /** The week's discrepancies (Monitoreo semanal only; read from Monitoreo by the server). */
  monitoring?: readonly ReportMonitoringRow[];
};

const HOUR_MS = 3_600_000;
/** The zone's offset from UTC (ms) per UTC hour: read once from the zone database, then reused. */
const OFFSETS = new Map<IanaZone, Map<number, number>>();

function offsetMs(ms: number, zone: IanaZone): number {
  if (zone === UTC_ZONE) return 0;
  let byHour = OFFSETS.get(zone);
  if (!byHour) OFFSETS.set(zone, (byHour = new Map()));
  const hour = Math.floor(ms / HOUR_MS);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    offset = -new TZDate(hour * HOUR_MS, zone).getTimezoneOffset() * 60_000;
    byHour.set(hour, offset);
  }
  return offset;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The calendar day (`yyyy-MM-dd`) and wall-clock time (`HH:mm`) of an instant in the zone: what
 * `zonedDateTime` (src/domain/zones.ts) gives, with the zone's offset read once per UTC hour (a
 * report converts tens of thousands of instants; the airports' zones change offset only on the hour).
 */
export function clock(ms: number, zone: IanaZone): { day: string; time: string } {
  const local = new Date(ms + offsetMs(ms, zone));
  return {
    day: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** Epoch ms of the slot's UTC date and time, or null without slot. */
export function slotMs(row: TurnoverRow): number | null {
  if (!row.slot_date || !row.slot_time) return null;
  return Date.parse(`${row.slot_date}T${row.slot_time}:00Z`);
}

/** The row's instant at MEX: the slot's, else the flight's scheduled movement (the turnover's `sort_at`). */
export function rowMs(row: TurnoverRow): number {
  const slot = slotMs(row);
  if (slot !== null) return slot;
  if (row.flight_scheduled) return Date.parse(row.flight_scheduled);
  return Date.parse(`${row.date}T00:00:00Z`);
}

/** The row's day in the zone (`yyyy-MM-dd`). */
export const rowDay = (row: TurnoverRow, zone: IanaZone): string => clock(rowMs(row), zone).day;

/** `HH:mm` of an ISO instant in the zone, or null. */
export function timeIn(iso: string | null, zone: IanaZone): string | null {
  return iso ? clock(Date.parse(iso), zone).time : null;
}

/** `HH:mm` of the slot in the zone, or null without slot. */
export function slotTimeIn(row: TurnoverRow, zone: IanaZone): string | null {
  const ms = slotMs(row);
  return ms === null ? null : clock(ms, zone).time;
}

/** The slot's instant as ISO UTC, or null. */
export function slotIso(row: TurnoverRow): string | null {
  const ms = slotMs(row);
  return ms === null ? null : new Date(ms).toISOString();
}

/** L (arrival at MEX) or S (departure). */
export const direction = (row: TurnoverRow): "L" | "S" => (row.is_arrival ? "L" : "S");

/** The designator's airline: its letters before the number (VB1234 → VB). */
export function airlineOf(flight: string | null): string {
  const match = /^([A-Z0-9]{2}[A-Z]?)(?=[0-9])/.exec(flight ?? "");
  return match?.[1] ?? (flight ?? "").slice(0, 2);
}

/**
 * The columns a movement's row opens with (Demoras completas, Demoras Tovar, Fin de mes): the
 * match, whether it was added, its day, the airline and flight flown (else the slot's) and the
 * aircraft flown (else the slot's).
 */
export function movementColumns(
  row: TurnoverRow,
  context: ReportContext,
  statusNew: ReportStatusNew,
): Pick<ReportOperationRow & ReportDelayRow, "id" | "status_new" | "date" | "airline" | "flight" | "equipment"> {
  const flight = row.flight_name ?? row.slot_name ?? "";
  return {
    id: row.id,
    status_new: statusNew,
    date: rowDay(row, context.zone),
    airline: airlineOf(flight),
    flight,
    equipment: row.flight_aircraft?.type ?? row.slot_aircraft?.type ?? null,
  };
}

/** Origin and destination of the movement (from the flight's route, else the airport and the slot's station). */
export function routeOf(row: TurnoverRow, airport = "MEX"): { origin: string; destination: string } {
  const [origin, destination] = (row.flight_route ?? "").split("-");
  if (origin && destination) return { origin, destination };
  const other = row.slot_route ?? "";
  return row.is_arrival ? { origin: other, destination: airport } : { origin: airport, destination: other };
}

/** The other station: origin of an arrival, destination of a departure. */
export function otherStation(row: TurnoverRow): string {
  const route = routeOf(row);
  return row.is_arrival ? route.origin : route.destination;
}

/** True when the flight was cancelled (AIMS's status C, or the match's general status CA). */
export const isCancelled = (row: TurnoverRow): boolean =>
  row.flight_id !== null && (row.flight_status === "C" || row.general_status === "CA");

/** True when the flight operated: it has a real time at MEX and was not cancelled. */
export const isOperated = (row: TurnoverRow): boolean => row.flight_real !== null && !isCancelled(row);

/**
 * Minutes off: the flight's real time against its slot (else against its schedule when it has no
 * slot), or the scheduled difference before it flew; null for a leftover slot.
 */
export function offMinutes(row: TurnoverRow): number | null {
  if (row.real_difference !== null) return row.real_difference;
  if (row.slot_id === null && row.flight_real && row.flight_scheduled) {
    return Math.round((Date.parse(row.flight_real) - Date.parse(row.flight_scheduled)) / 60_000);
  }
  return row.scheduled_difference;
}

/** The delay codes of a row, in position order: code, minutes and the user's words (or the code's description). */
export function delaysOf(row: TurnoverRow): { code: string; minutes: number; cause: string }[] {
  const c = row.codes;
  const entries = [
    [c.first_code, c.first_time, c.first_cause],
    [c.second_code, c.second_time, c.second_cause],
    [c.third_code, c.third_time, c.third_cause],
    [c.fourth_code, c.fourth_time, c.fourth_cause],
  ] as const;
  return entries.flatMap(([code, minutes, cause]) =>
    code ? [{ code, minutes: minutes ?? 0, cause: cause ?? delayCodeDescription(code) ?? code }] : [],
  );
}

/** The general cause: the IATA group (Spanish) of the code with the most minutes; null without codes. */
export function generalCause(row: TurnoverRow): string | null {
  const delays = delaysOf(row);
  const main = delays.reduce<(typeof delays)[number] | null>((best, d) => (!best || d.minutes > best.minutes ? d : best), null);
  if (!main) return null;
  const known = delayCode(main.code);
  return known ? DELAY_CODE_CATEGORY_LABELS[known.category] : null;
}

/** Orders rows as the turnover does: by instant, arrivals first, then id. */
export const byInstant = (a: TurnoverRow, b: TurnoverRow): number =>
  rowMs(a) - rowMs(b) || Number(b.is_arrival) - Number(a.is_arrival) || a.id - b.id;
