/** A season's dates checked against the IATA rule (the Admin resource and the season start upload). */
import { formatDate } from "../../domain/dateRange";
import { isCalendarDate, seasonBounds } from "../../domain/seasons";
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

/** The calendar's dates as people read them in a refusal. */
const CALENDAR_LABELS: Record<CalendarField, string> = {
  historics_baseline_date: "La fecha base de históricos (HBD)",
  series_return_deadline: "La fecha límite de devolución de series (SRD)",
  initial_submission_deadline: "La fecha límite de solicitud inicial (IDD)",
  shl_deadline: "La fecha límite de la lista de históricos (SHL)",
};

const CALENDAR_FIELDS = ["shl_deadline", "initial_submission_deadline", "series_return_deadline", "historics_baseline_date"] as const;
type CalendarField = (typeof CALENDAR_FIELDS)[number];

/**
 * 400 unless each calendar date given is a real date (the contract's format checks its shape) on
 * or before the season's last day: a deadline after the season would never come. Nothing else is
 * imposed on their order, which coordinators have moved (the EU's 2021 return date fell after the HBD).
 */
export function assertCalendarDates(season: { name: string; end_date: string } & Partial<Record<CalendarField, string>>): void {
  const errors = CALENDAR_FIELDS.flatMap((field) => {
    const value = season[field];
    if (value === undefined) return [];
    if (!isCalendarDate(value)) return [{ field, message: `${CALENDAR_LABELS[field]} «${value}» no es una fecha válida (aaaa-mm-dd).` }];
    if (value > season.end_date) {
      return [
        {
          field,
          message: `${CALENDAR_LABELS[field]} (${formatDate(value)}) es posterior al fin de la temporada ${season.name} (${formatDate(season.end_date)}).`,
        },
      ];
    }
    return [];
  });
  const first = errors[0];
  if (first) throw new HttpError(400, errors.length > 1 ? `${first.message} (y ${errors.length - 1} más)` : first.message, errors);
}
