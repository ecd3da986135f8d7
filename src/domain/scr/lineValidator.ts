/**
 * The draft editor's line validator (seed 000 §5.1): the change (`C`) and request (`L`/`R`) lines
 * of the modify and cancel editors, e.g.
 *
 *   CVB1102 12JAN12JAN 0200000 180320 CUN1310 J      letter glued to the flight: route then time
 *   R VB1103 13JAN13JAN 0030000 220321 1445CUN J     a blank after the letter: time then route
 *
 * Parts, in order: letter [blank] flight dates frequency capacity+type route/time type. Each part
 * has the seed's exact Spanish messages; the messages the seed does not spell out (line too long,
 * date format, route format, flight type, text left over, weekday, season) are ours.
 *
 * Interpretations: an empty or blank-only line is "empty"; the flight rule "a number under 100"
 * means a number written with fewer than 3 digits (VB012 is the padded form the message asks for,
 * so it is valid); the frequency's weekday and the season are checked only when a season is given
 * (the year of a `DDMMM` date comes from it).
 *
 * The same format also checks the lines of altas (`N`, kind `new`) and cancelaciones (`D`, kind
 * `delete`). An alta may ask for a weekly series, so its period may span several weeks
 * (`05DEC26DEC`): the last date must not come before the first and, with a season, must fall on
 * the frequency's weekday too. Every other kind keeps the seed's rule of two equal dates.
 */
import { type Airline, airlineDesignatorOf, DEFAULT_AIRLINE } from "../airline";
import { isoWeekday, isSeasonCode, parseDate, type SeasonBounds } from "../seasons";
import { resolveScrDate, WEEKDAYS_ES } from "./dates";
import { isServiceTypeChar, SERVICE_TYPE_LIST_ES } from "./serviceTypes";
import { MAX_DAYS, isDigit, isDigits, isLetters, isUpper, monthAt } from "./tokens";

export const DRAFT_LINE_MAX_LENGTH = 48;

export type DraftLineKind = "change" | "request" | "new" | "delete";

export type DraftLineOptions = {
  /** `change` lines start with C; `request` lines with the switch's letter; `new` N; `delete` D. */
  kind: DraftLineKind;
  /** The editor's switch: L when request lines are processed as arrivals, otherwise R (default). */
  requestLetter?: "L" | "R";
  /** The draft's season: enables the weekday and in-season checks. */
  season?: SeasonBounds;
  /**
   * The `airline` setting: a line's flight carries one of its designators (IATA, ICAO or another
   * it operates under). The demo's VB / VIV when absent; the server and the editor pass the setting.
   */
  airline?: Airline;
};

export type DraftLineError = {
  message: string;
  /** 1-based column of the offending part (absent for an empty line). */
  column?: number;
};

export const DRAFT_LINE_MESSAGES = {
  empty: "Este campo no puede estar vacío",
  tooLong: `La línea no puede tener más de ${DRAFT_LINE_MAX_LENGTH} caracteres`,
  letter: (letter: string) => `Este campo debe comenzar con la letra '${letter}'`,
  flightPadding: "El nombre de vuelo debe tener 3-4 dígitos, rellena con ceros a la izquierda",
  flightFormat: (iata: string) => `El nombre de vuelo debe tener el formato ${iata}000(0)(X)`,
  datesFormat: "Las fechas de operación deben tener el formato DDMMMDDMMM (p. ej. 12JAN12JAN)",
  datesEqual: "Las fechas de operación deben ser iguales",
  dateDoesNotExist: (date: string) => `La fecha de operación ${date} no existe en el calendario`,
  outOfSeason: (name: string) => `La fecha está fuera de la temporada ${name}`,
  frequencyNonZero: "La frecuencia debe tener un valor diferente de 0",
  frequencySingle: "La frecuencia solo puede tener un valor diferente de 0",
  frequencyPosition: "El valor de la frecuencia no coincide con la posición",
  frequencyFormat: "La frecuencia debe tener 7 dígitos (0-7)",
  frequencyWeekday: (weekday: string) => `La frecuencia no coincide con el día de la semana de la fecha (${weekday})`,
  periodOrder: "La fecha final del periodo no puede ser anterior a la fecha inicial",
  periodLastWeekday: (date: string, weekday: string) =>
    `La fecha final del periodo (${date}, ${weekday}) no cae en el día de la frecuencia`,
  capacity: "La capacidad y tipo de aeronave debe tener 3 dígitos para cada valor",
  routeThenTime: "El aeropuerto y el horario deben tener el formato XXX0000 (aeropuerto y hora)",
  timeThenRoute: "El horario y el aeropuerto deben tener el formato 0000XXX (hora y aeropuerto)",
  timeValid: "El horario de operación debe ser una hora válida",
  timeMultipleOf5: "El horario de operación debe ser un múltiplo de 5",
  flightType: `El tipo de vuelo debe ser una de las letras ${SERVICE_TYPE_LIST_ES}`,
  trailing: "La línea tiene texto de más después del tipo de vuelo",
} as const;

const M = DRAFT_LINE_MESSAGES;

/** The first problem of the line, or null when it is valid. */
export function validateDraftLine(text: string, options: DraftLineOptions): DraftLineError | null {
  return check(text, options, true)[0] ?? null;
}

/** Every problem of the line: at most one per part, in the order of the parts. */
export function validateDraftLineAll(text: string, options: DraftLineOptions): DraftLineError[] {
  return check(text, options, false);
}

type Part = { at: number; text: string };

/** The fixed leading letter of each kind; a request line takes the switch's letter. */
const LETTER_OF_KIND: Partial<Record<DraftLineKind, string>> = { change: "C", new: "N", delete: "D" };

/** The letter a line of this kind must start with (the editor shows it as the placeholder). */
export const draftLineLetter = (kind: DraftLineKind, requestLetter: "L" | "R" = "R"): string =>
  LETTER_OF_KIND[kind] ?? requestLetter;

function check(text: string, options: DraftLineOptions, firstOnly: boolean): DraftLineError[] {
  const errors: DraftLineError[] = [];
  const add = (message: string, index: number): boolean => {
    errors.push({ message, column: index + 1 });
    return firstOnly;
  };
  if (typeof text !== "string" || text.trim() === "") return [{ message: M.empty }];
  if (text.length > DRAFT_LINE_MAX_LENGTH && add(M.tooLong, DRAFT_LINE_MAX_LENGTH)) return errors;

  const letter = draftLineLetter(options.kind, options.requestLetter);
  if (text[0] !== letter && add(M.letter(letter), 0)) return errors;

  // A blank right after the letter switches the order of route and time.
  const spaced = text[1] === " ";
  const parts = splitParts(text, spaced ? 2 : 1);
  const part = (k: number): Part => parts[k] ?? { at: text.length, text: "" };
  const flight = part(0);
  const dates = part(1);
  const frequency = part(2);
  const capacity = part(3);
  const routeTime = part(4);
  const type = part(5);

  const flightMessage = checkFlight(flight.text, options.airline ?? DEFAULT_AIRLINE);
  if (flightMessage && add(flightMessage, flight.at)) return errors;

  const datesResult = checkDates(dates.text, options.season, options.kind === "new");
  if (datesResult.message && add(datesResult.message, dates.at)) return errors;

  const frequencyMessage = checkFrequency(frequency.text, datesResult.weekday);
  if (frequencyMessage && add(frequencyMessage, frequency.at)) return errors;

  if (!(capacity.text.length === 6 && isDigits(capacity.text, 0, 6)) && add(M.capacity, capacity.at)) return errors;

  const routeMessage = checkRouteTime(routeTime.text, spaced);
  if (routeMessage && add(routeMessage.message, routeTime.at + routeMessage.offset)) return errors;

  if (!(type.text.length === 1 && isServiceTypeChar(type.text.charCodeAt(0))) && add(M.flightType, type.at)) {
    return errors;
  }
  const extra = parts[6];
  if (extra) add(M.trailing, extra.at);
  return errors;
}

/** Parts separated by single blanks, from `start`; an empty part marks a doubled blank. */
function splitParts(text: string, start: number): Part[] {
  const parts: Part[] = [];
  let at = start;
  for (;;) {
    const blank = text.indexOf(" ", at);
    const end = blank === -1 ? text.length : blank;
    parts.push({ at, text: text.slice(at, end) });
    if (blank === -1) return parts;
    at = blank + 1;
  }
}

/** The flight: one of the airline's designators (as written: upper case), 3–4 digits, an optional suffix letter. */
function checkFlight(flight: string, airline: Airline): string | null {
  const format = M.flightFormat(airline.iata);
  const designator = airlineDesignatorOf(flight, airline);
  if (designator === null || !flight.startsWith(designator)) return format;
  const at = designator.length;
  let digits = 0;
  while (isDigit(flight.charCodeAt(at + digits))) digits++;
  const rest = flight.length - at - digits;
  const suffixOk = rest === 0 || (rest === 1 && isUpper(flight.charCodeAt(flight.length - 1)));
  if (digits === 0 || digits > 4 || !suffixOk) return format;
  if (digits < 3) return M.flightPadding;
  return null;
}

function checkDates(
  dates: string,
  season: SeasonBounds | undefined,
  allowRange: boolean,
): { message: string | null; weekday: number } {
  const none = { message: null, weekday: 0 };
  if (dates.length !== 10) return { ...none, message: M.datesFormat };
  for (const at of [0, 5]) {
    const day = isDigits(dates, at, at + 2) ? Number(dates.slice(at, at + 2)) : 0;
    if (day < 1 || day > 31 || monthAt(dates, at + 2) === 0) return { ...none, message: M.datesFormat };
  }
  const first = dates.slice(0, 5);
  const last = dates.slice(5);
  const ranged = first !== last;
  if (ranged && !allowRange) return { ...none, message: M.datesEqual };
  for (const date of ranged ? [first, last] : [first]) {
    if (Number(date.slice(0, 2)) > (MAX_DAYS[monthAt(date, 2)] ?? 0)) return { ...none, message: M.dateDoesNotExist(date) };
  }
  if (!season) return none;
  const iso = resolveInSeason(first, season);
  if (iso === null) return { ...none, message: M.dateDoesNotExist(first) };
  if (iso < season.start_date || iso > season.end_date) return { ...none, message: M.outOfSeason(season.name) };
  const weekday = isoWeekday(iso);
  if (ranged) {
    const lastIso = resolveInSeason(last, season);
    if (lastIso === null) return { ...none, message: M.dateDoesNotExist(last) };
    if (lastIso < season.start_date || lastIso > season.end_date) return { ...none, message: M.outOfSeason(season.name) };
    if (lastIso < iso) return { ...none, message: M.periodOrder };
    const lastWeekday = isoWeekday(lastIso);
    if (lastWeekday !== weekday) return { ...none, message: M.periodLastWeekday(last, WEEKDAYS_ES[lastWeekday] ?? "") };
  }
  return { message: null, weekday };
}

/**
 * The calendar date of `DDMMM` in the season: through resolveSeasonDate when the season's name is
 * a season code, else the year of the start or end date that puts it inside the bounds.
 */
function resolveInSeason(ddmmm: string, season: SeasonBounds): string | null {
  if (isSeasonCode(season.name)) return resolveScrDate(ddmmm, season.name)?.date ?? null;
  const month = String(monthAt(ddmmm, 2)).padStart(2, "0");
  const candidates = [season.start_date.slice(0, 4), season.end_date.slice(0, 4)].map(
    (year) => `${year}-${month}-${ddmmm.slice(0, 2)}`,
  );
  const real = candidates.filter((iso) => parseDate(iso) !== null);
  return real.find((iso) => iso >= season.start_date && iso <= season.end_date) ?? real[0] ?? null;
}

function checkFrequency(frequency: string, weekday: number): string | null {
  if (frequency.length !== 7) return M.frequencyFormat;
  let nonZero = 0;
  let position = -1;
  for (let k = 0; k < 7; k++) {
    const c = frequency.charCodeAt(k);
    if (c < 48 || c > 55) return M.frequencyFormat;
    if (c !== 48) {
      nonZero++;
      if (position === -1) position = k;
    }
  }
  if (nonZero === 0) return M.frequencyNonZero;
  if (nonZero > 1) return M.frequencySingle;
  const digit = frequency.charCodeAt(position) - 48;
  if (digit !== position + 1) return M.frequencyPosition;
  if (weekday !== 0 && digit !== weekday) return M.frequencyWeekday(WEEKDAYS_ES[weekday] ?? "");
  return null;
}

/** Route and time: `XXX0000` (letter glued to the flight) or `0000XXX` (blank after the letter). */
function checkRouteTime(part: string, spaced: boolean): { message: string; offset: number } | null {
  const timeAt = spaced ? 0 : 3;
  const routeAt = spaced ? 4 : 0;
  if (part.length !== 7 || !isDigits(part, timeAt, timeAt + 4) || !isLetters(part, routeAt, routeAt + 3)) {
    return { message: spaced ? M.timeThenRoute : M.routeThenTime, offset: 0 };
  }
  const hours = Number(part.slice(timeAt, timeAt + 2));
  const minutes = Number(part.slice(timeAt + 2, timeAt + 4));
  if (hours > 23 || minutes > 59) return { message: M.timeValid, offset: timeAt };
  if (minutes % 5 !== 0) return { message: M.timeMultipleOf5, offset: timeAt };
  return null;
}
