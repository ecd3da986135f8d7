/** The date range the turnover (and the reports built on its rows) answers. */
import { type InstantRange, rangeInstants } from "../../domain/dateRange";
import { type DayZone, UTC_ZONE } from "../../domain/zones";
import type { HeldAirport } from "../airports/held";
import { HttpError } from "../http/errors";

/** The widest range the turnover answers (a season is 7 months at most: 190 days covers one view). */
export const MAX_RANGE_DAYS = 190;
const DAY_MS = 86_400_000;

/**
 * The UTC instants [start, end) of a range of whole days of `zone` (DESIGN.md §6: a day is a
 * day of the zone the user looks in), after checking that the range is ordered and at most
 * MAX_RANGE_DAYS long.
 */
export function checkedRange(start: string, end: string, zone: DayZone, airport: HeldAirport): InstantRange {
  checkedZone(zone, airport);
  if (end < start) {
    const message = "La fecha final no puede ser anterior a la fecha inicial.";
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  if ((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS > MAX_RANGE_DAYS) {
    const message = `El rango de fechas no puede pasar de ${MAX_RANGE_DAYS} días.`;
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  return rangeInstants({ start, end }, zone);
}

/**
 * The zones an airport's days are read in (issue 37): its own (the browser's LOCAL) or UTC. The
 * contract admits any IANA name; another airport's zone would cut the days where that airport's
 * screens do not, so it is refused rather than guessed.
 */
export function checkedZone(zone: DayZone, airport: HeldAirport): void {
  if (zone === UTC_ZONE || zone === airport.timeZone) return;
  const message = `La zona horaria ${zone} no es la del aeropuerto ${airport.code} (${airport.timeZone}) ni UTC.`;
  throw new HttpError(400, message, [{ field: "time_zone", message }]);
}
