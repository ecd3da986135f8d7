/**
 * Medium- and short-term matches (seed 002 §2, §3, §7; issue 15 item 3): the airline's planned
 * flights of a range compared with the slots of that range by the same optimal matcher as
 * Entrega de turno (`matchAll`). Pure: the server loads the plan and keeps the result.
 *
 * The matcher lets a UTC date take still-unpaired items of the first hours of the next date, so
 * the caller gives the plan of the range plus one day each side (`planSpan`) and `comparePlan`
 * keeps the rows dated inside the range: the edges pair as they would in Entrega de turno.
 */
import { matchAll, type FlightInput, type GeneralStatus, type MatchResult, type PairSource, type SlotInput } from "../matching";
import { addDays, isCalendarDate } from "../seasons";

/** The longest range a generation may cover, in days (issue 15, Bad input). */
export const MAX_RANGE_DAYS = 190;
/** Short term: 1 to 14 days from the date to check. */
export const SHORT_TERM_MAX_DAYS = 14;

export type GenerationKind = "medium" | "short";

export type DayRange = { start: string; end: string };

/** Days from `start` to `end`, both included (dates as UTC days of 86,400,000 ms, seed 002 §9). */
export function daysInRange({ start, end }: DayRange): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a range cannot be generated, in Spanish, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!isCalendarDate(range.start) || !isCalendarDate(range.end)) return "Las fechas del rango no son válidas.";
  if (range.end < range.start) return "La fecha final es anterior a la fecha inicial.";
  // IATA seasons (and so the matches' seasons) are named for the years 2000–2099 only.
  if (range.start < "2000-01-01" || range.end > "2099-12-31") return "Las fechas deben estar entre los años 2000 y 2099.";
  if (daysInRange(range) > MAX_RANGE_DAYS) return `El rango no puede pasar de ${MAX_RANGE_DAYS} días.`;
  return null;
}

/** Why a short-term request cannot be generated, in Spanish, or null. */
export function shortTermProblem(days: number): string | null {
  return Number.isInteger(days) && days >= 1 && days <= SHORT_TERM_MAX_DAYS
    ? null
    : `Los días a revisar deben ser de 1 a ${SHORT_TERM_MAX_DAYS}.`;
}

/** The short term's range: `days` days from the date to check. */
export const shortTermRange = (dateToCheck: string, days: number): DayRange => ({
  start: dateToCheck,
  end: addDays(dateToCheck, days - 1),
});

/** The dates whose plan a generation of `range` reads: the range and one day each side. */
export const planSpan = (range: DayRange): DayRange => ({ start: addDays(range.start, -1), end: addDays(range.end, 1) });

/** The 409 of a second generation of the same range (seed 002 §8). */
export const alreadyExistsMessage = (kind: GenerationKind): string =>
  `Ya existen matches a ${kind === "medium" ? "mediano" : "corto"} plazo para el rango de fechas seleccionado`;

/** The 409 while a generation of the same range runs. */
export const runningMessage = (kind: GenerationKind): string =>
  `Ya se están generando matches a ${kind === "medium" ? "mediano" : "corto"} plazo para el rango de fechas seleccionado; espera a que termine.`;

/** The result file's name (seed 002 §7). */
export const matchesFileName = ({ start, end }: DayRange): string => `Matches ${start} - ${end}.csv`;

/** A planned flight (no actual time yet) and a slot, with the route the file shows. */
export type PlanFlight = FlightInput & { route: string };
export type PlanSlot = SlotInput & { route: string };

/** One line of the result: a pair, a planned flight without slot or a slot without flight. */
export type PlanRow = {
  date: string;
  isArrival: boolean;
  flight: PlanFlight | null;
  slot: PlanSlot | null;
  /** Minutes, flight scheduled − slot; null without a pair. */
  difference: number | null;
  status: GeneralStatus;
  source: PairSource | null;
};

export type PlanSummary = {
  flights: number;
  slots: number;
  paired: number;
  withoutSlot: number;
  leftoverSlots: number;
  /** Pairs beyond the ±15 minutes the coordinator tolerates (AH). */
  offSlot: number;
};

const rowInstant = (row: PlanRow): string =>
  row.slot ? `${row.slot.date}T${row.slot.time.slice(0, 5)}` : (row.flight?.scheduledAt ?? row.date).slice(0, 16);

/**
 * Pairs the plan and keeps the rows dated in `range`, in time order (arrivals first at the same
 * minute). Actual times are ignored: a planned flight has none.
 */
export function comparePlan(
  slots: readonly PlanSlot[],
  flights: readonly PlanFlight[],
  range: DayRange,
): { rows: PlanRow[]; summary: PlanSummary } {
  const slotById = new Map(slots.map((s) => [String(s.id), s]));
  const flightById = new Map(flights.map((f) => [String(f.id), f]));
  const planned = flights.map((f) => ({ ...f, actualAt: null }));
  const results: MatchResult[] = matchAll(slots, planned);
  const rows: PlanRow[] = [];
  for (const r of results) {
    if (r.date < range.start || r.date > range.end) continue;
    rows.push({
      date: r.date,
      isArrival: r.isArrival,
      flight: r.flightId === null ? null : (flightById.get(String(r.flightId)) ?? null),
      slot: r.slotId === null ? null : (slotById.get(String(r.slotId)) ?? null),
      difference: r.scheduledDifference,
      status: r.generalStatus,
      source: r.source,
    });
  }
  rows.sort((a, b) => rowInstant(a).localeCompare(rowInstant(b)) || Number(b.isArrival) - Number(a.isArrival));
  const summary: PlanSummary = { flights: 0, slots: 0, paired: 0, withoutSlot: 0, leftoverSlots: 0, offSlot: 0 };
  for (const row of rows) {
    if (row.flight) summary.flights += 1;
    if (row.slot) summary.slots += 1;
    if (row.flight && row.slot) summary.paired += 1;
    if (row.flight && !row.slot) summary.withoutSlot += 1;
    if (row.slot && !row.flight) summary.leftoverSlots += 1;
    if (row.status === "AH") summary.offSlot += 1;
  }
  return { rows, summary };
}

/** HH:mm of an ISO instant, in UTC. */
const utcTime = (iso: string): string => new Date(iso).toISOString().slice(11, 16);

/** The cells of one row, in `MATCHES_FILE_COLUMNS` order (UTC dates and times). */
export function planRowCells(row: PlanRow, texts: MatchesFileTexts): string[] {
  return [
    row.date,
    texts.direction[row.isArrival ? "arrival" : "departure"],
    row.flight?.flightNumber ?? "",
    row.flight?.route ?? "",
    row.flight ? utcTime(row.flight.scheduledAt) : "",
    row.slot?.flightNumber ?? "",
    row.slot?.route ?? "",
    row.slot ? row.slot.time.slice(0, 5) : "",
    row.difference === null ? "" : String(row.difference),
    row.status,
    texts.status[row.status],
    row.source ? texts.source[row.source] : "",
  ];
}

/** The Spanish texts of the file (./fileTexts.ts). */
export type MatchesFileTexts = {
  header: readonly string[];
  direction: { arrival: string; departure: string };
  status: Record<GeneralStatus, string>;
  source: Record<PairSource, string>;
};
