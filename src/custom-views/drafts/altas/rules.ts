/**
 * The Altas form (seed 000 §2.3, §5.2, §9): its values, what each field accepts, and the draft
 * item it makes. Pure; the messages are catalog keys.
 *
 * Fecha is required and must be today (Mexico City) or later, within the draft's season: an undated
 * alta used to be dated on the season's first day, in the past. Items kept from older drafts may
 * still be undated placeholders, dated on the first day of their season, to be dated in the editor.
 */
import { isCalendarDate, isDateInSeason, type SeasonBounds } from "../../../domain/seasons";
import { isServiceTypeCode, SEATS_BY_AIRCRAFT, type ServiceTypeCode } from "../../../domain/scr";
import {
  DEFAULT_FREQUENCY,
  DEFAULT_PASSENGER_COUNT,
  frequencyFromDate,
  type RequestTimeProblem,
  requestTimeProblem,
  toDraftDate,
} from "../../../domain/turnover";
import type { components } from "../../../generated/openapi";
import "../../../client/i18n/draftsTexts";

type NewSlotDraftItem = components["schemas"]["NewSlotDraftItem"];
export type AircraftType = NewSlotDraftItem["aircraftType"];

export const AIRCRAFT_TYPES: readonly AircraftType[] = ["320", "321"];
export const FLIGHT_MAX_LENGTH = 5;
export const PASSENGERS_MAX_DIGITS = 3;
/** The catalog key of each problem of the requested time (a real hour on the 5-minute grid, seed 000 §5.1). */
const TIME_PROBLEM_KEYS: Readonly<Record<RequestTimeProblem, string>> = {
  empty: "slotdesk.drafts.altas.required",
  invalid: "slotdesk.drafts.altas.time_invalid",
  not_multiple_of_5: "slotdesk.drafts.altas.time_step",
};

export interface NewSlotForm {
  isArrival: boolean;
  flight: string;
  /** `yyyy-MM-dd`, or empty. */
  date: string;
  flightType: ServiceTypeCode;
  /** `HH:mm`, UTC. */
  time: string;
  airport: string;
  aircraftType: AircraftType;
  psxCount: string;
}

export const INITIAL_FORM: NewSlotForm = {
  isArrival: true,
  flight: "",
  date: "",
  flightType: "J",
  time: "",
  airport: "",
  aircraftType: "320",
  psxCount: String(DEFAULT_PASSENGER_COUNT),
};

export type FormField = "flight" | "date" | "time" | "airport" | "psxCount";

/** Flight number as typed: letters and digits, upper-case, at most 5. */
export const filterFlight = (text: string): string =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, FLIGHT_MAX_LENGTH);

/** Passenger count as typed: digits only, at most 3. */
export const filterPassengers = (text: string): string => text.replace(/[^0-9]/g, "").slice(0, PASSENGERS_MAX_DIGITS);

/** Time as typed: digits, shown as `HH:mm` once there are more than two. */
export function filterTime(text: string): string {
  const digits = text.replace(/[^0-9]/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** The frequency the item takes: the ISO weekday of its date, 7 without one (seed 000 §5.2). */
export const frequencyOf = (date: string): number => (date === "" ? DEFAULT_FREQUENCY : frequencyFromDate(date));

/**
 * Problems of the form, by field, as catalog keys. `today` is Mexico City's `yyyy-MM-dd`: the date
 * is required and may not be before it.
 */
export function formProblems(form: NewSlotForm, today: string): Partial<Record<FormField, string>> {
  const problems: Partial<Record<FormField, string>> = {};
  if (form.flight.trim() === "") problems.flight = "slotdesk.drafts.altas.required";
  if (form.date === "") problems.date = "slotdesk.drafts.altas.required";
  else if (!isCalendarDate(form.date)) problems.date = "slotdesk.drafts.altas.date_invalid";
  else if (form.date < today) problems.date = "slotdesk.drafts.altas.date_past";
  const timeProblem = requestTimeProblem(form.time);
  if (timeProblem) problems.time = TIME_PROBLEM_KEYS[timeProblem];
  if (form.airport === "") problems.airport = "slotdesk.drafts.altas.required";
  if (form.psxCount === "") problems.psxCount = "slotdesk.drafts.altas.required";
  return problems;
}

/** True when the date is set and falls outside the draft's season (seed 000 §5.2). */
export const isOutsideDraftSeason = (date: string, draftSeason: string | null): boolean =>
  draftSeason !== null && isCalendarDate(date) && !isDateInSeason(date, draftSeason);

/** `dd-MM-yyyy` → `dd/MM/yyyy`, as the tables show dates. */
export const showDraftDate = (date: string): string => date.replaceAll("-", "/");

/** The season an item joins: the draft's, else the stored season holding its date (or today's). */
export function seasonForItem<S extends SeasonBounds>(
  date: string,
  draftSeason: string | null,
  seasons: readonly S[],
  today: string,
): S | undefined {
  if (draftSeason !== null) return seasons.find((season) => season.name === draftSeason);
  const day = isCalendarDate(date) ? date : today;
  return seasons.find((season) => season.start_date <= day && day <= season.end_date);
}

/** The draft item the form describes, in `season`. */
export function toDraftItem(form: NewSlotForm, id: string, season: SeasonBounds): NewSlotDraftItem {
  const dated = isCalendarDate(form.date);
  const day = dated ? form.date : season.start_date;
  return {
    id,
    flight: form.flight,
    flightType: form.flightType,
    startDate: toDraftDate(day),
    endDate: toDraftDate(day),
    time: form.time,
    airport: form.airport,
    frequency: dated ? frequencyOf(form.date) : DEFAULT_FREQUENCY,
    aircraftType: form.aircraftType,
    psxCount: Number(form.psxCount),
    isArrival: form.isArrival,
    placeholder: !dated,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const text = (value: unknown, fallback: string): string => (typeof value === "string" ? value : fallback);

/** The form as the draft kept it (`new_slot_data.form`), each value checked; defaults elsewhere. */
export function restoreForm(value: unknown): NewSlotForm {
  if (!isRecord(value)) return INITIAL_FORM;
  const aircraftType = value.aircraftType === "321" ? "321" : "320";
  return {
    isArrival: typeof value.isArrival === "boolean" ? value.isArrival : INITIAL_FORM.isArrival,
    flight: filterFlight(text(value.flight, "")),
    date: isCalendarDate(value.date) ? value.date : "",
    flightType: isServiceTypeCode(value.flightType) ? value.flightType : INITIAL_FORM.flightType,
    time: filterTime(text(value.time, "")),
    airport: typeof value.airport === "string" && /^[A-Z]{3}$/.test(value.airport) ? value.airport : "",
    aircraftType,
    psxCount: filterPassengers(text(value.psxCount, String(SEATS_BY_AIRCRAFT[aircraftType]))),
  };
}

/** The form as the draft keeps it. */
export const storedForm = (form: NewSlotForm): Record<string, unknown> => ({ ...form });
