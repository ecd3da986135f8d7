/**
 * From the schedule's legs to dated planned flights at one airport: every leg arriving at or
 * leaving the station, on every date of its period whose weekday it operates (every other week
 * with frequency 2), becomes an arrival or a departure with UTC times. Its `date` is the UTC date
 * of the movement at the station, as the demo season and the matcher key flights, so a flight,
 * date and direction appear once: a second time is an error of the later line, naming both. The
 * flights of every line come back; a caller that loads a file with errors leaves out the flights
 * of the lines with an error (`errorLines` of ../reading).
 */
import { addDays, isoWeekday } from "../seasons";
import { legInstants, type Ssim7Leg, type Ssim7Problem } from "./read";

export type PlannedFlight = {
  line: number;
  flightNumber: string;
  /** UTC date of the movement at the station, `yyyy-MM-dd`. */
  date: string;
  isArrival: boolean;
  origin: string;
  destination: string;
  /** ISO instants, UTC. */
  scheduledDeparture: string;
  scheduledArrival: string;
  aircraftType: string;
  serviceType: string;
};

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");

export function expandLegs(legs: readonly Ssim7Leg[], station: string): { flights: PlannedFlight[]; errors: Ssim7Problem[] } {
  const flights: PlannedFlight[] = [];
  const errors: Ssim7Problem[] = [];
  const seen = new Map<string, number>();
  for (const leg of legs) {
    const isArrival = leg.arrivalStation === station;
    if (!isArrival && leg.departureStation !== station) continue;
    const days = new Set(leg.days);
    const fromMs = Date.parse(`${leg.from}T00:00:00Z`);
    for (let date = leg.from; date <= leg.to; date = addDays(date, 1)) {
      if (!days.has(isoWeekday(date))) continue;
      if (leg.frequency === 2 && Math.floor((Date.parse(`${date}T00:00:00Z`) - fromMs) / DAY_MS / 7) % 2 === 1) continue;
      const { departure, arrival } = legInstants(leg, date);
      const scheduledDeparture = iso(departure);
      const scheduledArrival = iso(arrival);
      const movementDate = (isArrival ? scheduledArrival : scheduledDeparture).slice(0, 10);
      const key = `${leg.flightNumber}|${movementDate}|${isArrival}`;
      const first = seen.get(key);
      if (first !== undefined) {
        if (errors.length < 500) {
          errors.push({
            line: leg.line,
            column: 15,
            field: "periodo",
            message: `El vuelo ${leg.flightNumber} (${isArrival ? "llegada" : "salida"} del ${movementDate}) ya sale de la línea ${first}: los periodos se solapan.`,
          });
        }
        continue;
      }
      seen.set(key, leg.line);
      flights.push({
        line: leg.line,
        flightNumber: leg.flightNumber,
        date: movementDate,
        isArrival,
        origin: leg.departureStation,
        destination: leg.arrivalStation,
        scheduledDeparture,
        scheduledArrival,
        aircraftType: leg.aircraftType,
        serviceType: leg.serviceType,
      });
    }
  }
  return { flights, errors };
}
