/** A season's dates checked against the IATA rule (the Admin resource and the season start upload). */
import { seasonBounds } from "../../domain/seasons";
import { HttpError } from "../http/errors";

/** 400 unless the dates are the IATA dates of the season's name (shared with the season start upload). */
export function assertIataDates(body: { name: string; start_date: string; end_date: string }): void {
  const bounds = seasonBounds(body.name);
  const errors = [
    ...(body.start_date !== bounds.start_date
      ? [{ field: "start_date", message: `La temporada ${body.name} empieza el ${bounds.start_date} (regla IATA).` }]
      : []),
    ...(body.end_date !== bounds.end_date
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
