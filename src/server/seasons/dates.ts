/** A season's dates checked against the IATA rule (the Admin resource and the season start upload). */
import { formatDate } from "../../domain/dateRange";
import { seasonBounds } from "../../domain/seasons";
import { HttpError } from "../http/errors";

/**
 * 400 unless the dates are the IATA dates of the season's name (shared with the season start
 * upload). The messages are read by people: dates as dd/mm/yyyy (issue 24 item 10).
 */
export function assertIataDates(body: { name: string; start_date: string; end_date: string }): void {
  const iata = seasonBounds(body.name);
  const bounds = { start_date: formatDate(iata.start_date), end_date: formatDate(iata.end_date) };
  const errors = [
    ...(body.start_date !== iata.start_date
      ? [{ field: "start_date", message: `La temporada ${body.name} empieza el ${bounds.start_date} (regla IATA).` }]
      : []),
    ...(body.end_date !== iata.end_date
      ? [{ field: "end_date", message: `La temporada ${body.name} termina el ${bounds.end_date} (regla IATA).` }]
      : []),
  ];
  if (errors.length > 0) {
    throw new HttpError(
      400,
      `Las fechas no corresponden a la temporada ${body.name}: según la regla IATA va del ${bounds.start_date} al ${bounds.end_date}.`,
      errors,
    );
  }
}
