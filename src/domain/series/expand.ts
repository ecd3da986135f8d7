/**
 * Expanding series into the coordinator's dated slots: one slot per date of operation and
 * direction, with the series number (arrival and departure are two series, as in the demo
 * season), the frequency (the ISO weekday of the slot's UTC date) and status D or ADD.
 */
import type { EncodableSlot } from "../scr/encode";
import { addDays, isoWeekday } from "../seasons";
import type { SeriesRow, SeriesStatus } from "./rows";

/** A dated slot of a series: its SCR fields, season, series number, frequency and status. */
export type SeriesSlot = EncodableSlot & {
  season: string;
  serie: number;
  /** ISO weekday of `date`, 1 = Monday … 7 = Sunday. */
  frequency: number;
  status: SeriesStatus;
};

/** The dates of a series' period that are days of operation. */
export function operatingDates(series: Pick<SeriesRow, "firstDate" | "lastDate" | "days">): string[] {
  const dates: string[] = [];
  for (let date = series.firstDate; date <= series.lastDate; date = addDays(date, 1)) {
    if (series.days & (1 << (isoWeekday(date) - 1))) dates.push(date);
  }
  return dates;
}

/** Slots of every series, numbered from `firstSerie` in row order (arrival before departure). */
export function expandSeries(series: readonly SeriesRow[], season: string, firstSerie = 1): SeriesSlot[] {
  const slots: SeriesSlot[] = [];
  let serie = firstSerie;
  for (const s of series) {
    const dates = operatingDates(s);
    const arrivalService = s.serviceType[0] ?? "J";
    const departureService = s.serviceType[s.serviceType.length - 1] ?? "J";
    const common = { season, aircraftType: s.aircraftType, seats: s.seats, status: s.status };
    if (s.arrivalFlight && s.arrivalTime && s.origin) {
      for (const date of dates) {
        slots.push({
          ...common,
          serie,
          flightNumber: s.arrivalFlight,
          date,
          time: s.arrivalTime,
          isArrival: true,
          route: s.origin,
          frequency: isoWeekday(date),
          serviceType: arrivalService,
        });
      }
      serie++;
    }
    if (s.departureFlight && s.departureTime && s.destination) {
      for (const arrivalDate of dates) {
        const date = s.overnight === 0 ? arrivalDate : addDays(arrivalDate, s.overnight);
        slots.push({
          ...common,
          serie,
          flightNumber: s.departureFlight,
          date,
          time: s.departureTime,
          isArrival: false,
          route: s.destination,
          frequency: isoWeekday(date),
          serviceType: departureService,
        });
      }
      serie++;
    }
  }
  return slots;
}
