/**
 * The draft editor's lines, written from slots, flights and altas (seed 000 §4.1, §5.1): one data
 * line per slot in the editor's format, which `validateDraftLine` accepts and `parseScr` reads:
 *
 *   CVB1102 12JAN12JAN 0200000 180320 CUN1310 J      an arrival: letter glued, route then time
 *   R VB1103 13JAN13JAN 0030000 220321 1445CUN J     a departure: a blank, time then route
 *
 * and the five encode actions of a modification. Pure: the caller reads the slot, the flight
 * matched to it and the names of the other slots of that date and direction.
 *
 * Nothing is invented: when an action cannot apply (no matched flight, no suffix to remove, no
 * free suffix letter) the request line is a copy of the slot, and `applied` says so.
 */
import type { components } from "../../generated/openapi";
import { type Airline, airlineFlightName } from "../airline";
import { parseDesignator } from "../matching/differences";
import { addDays, isoWeekday, parseDate } from "../seasons";
import { isoToScrDate } from "./dates";

/** The letters a draft line starts with: C held, R/L revised, N new, D delete. */
export type DraftLineLetter = "C" | "R" | "L" | "N" | "D";

/** A slot as the lines need it. Date and time are UTC, as in SCR messages. */
export type EncodableSlot = {
  /** Designator with optional suffix: VB1234, VB012A. */
  flightNumber: string;
  /** `yyyy-MM-dd`. */
  date: string;
  /** `HH:MM`. */
  time: string;
  isArrival: boolean;
  /** The other station: origin of an arrival, destination of a departure. */
  route: string;
  aircraftType: string;
  seats: number;
  serviceType: string;
};

/** The flight matched to a slot (from the `matches` table). */
export type MatchedFlight = {
  flightNumber: string;
  /** The other station: origin of an arrival, destination of a departure. */
  route: string;
  /** The scheduled instant at MEX (STA of an arrival, STD of a departure), ISO 8601. */
  scheduledAtMex: string;
  /** Null when the operations feed does not know it. */
  aircraftType: string | null;
  seats: number | null;
};

/** Encode actions of a modification (seed 000 §4.1). */
export const ENCODE_ACTIONS = {
  addSuffixWithFlightName: 1,
  addLeftoverSuffix: 2,
  removeSuffix: 3,
  matchItinerary: 4,
  copySlot: 5,
} as const;
export type EncodeAction = (typeof ENCODE_ACTIONS)[keyof typeof ENCODE_ACTIONS];
/** The encode actions in the seed's order (1–5). */
export const ENCODE_ACTION_LIST: readonly EncodeAction[] = Object.values(ENCODE_ACTIONS);
/** Copy the slot as held: the action a modification draft starts with. */
export const DEFAULT_ENCODE_ACTION: EncodeAction = ENCODE_ACTIONS.copySlot;
export const isEncodeAction = (value: unknown): value is EncodeAction => ENCODE_ACTION_LIST.some((action) => action === value);
/** `value` when it is an encode action, else the default (a stored draft, an omitted field). */
export const encodeActionOrDefault = (value: unknown): EncodeAction => (isEncodeAction(value) ? value : DEFAULT_ENCODE_ACTION);

/** Seats of the fleet's types (seed 000 §5.2, §9). */
export const SEATS_BY_AIRCRAFT = { "320": 180, "321": 220 } as const;
/** The seats of one of the fleet's types; undefined for any other type. */
const fleetSeats = (type: string): number | undefined => Object.entries(SEATS_BY_AIRCRAFT).find(([name]) => name === type)?.[1];

const FIVE_MINUTES_MS = 300_000;
const SUFFIX_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** `VB12` → `VB012`: the editor asks for at least 3 digits; text that is not a designator stays as is. */
export function editorDesignator(name: string): string {
  const designator = parseDesignator(name);
  if (!designator) return name.trim().toUpperCase();
  return `${designator.airline}${String(designator.number).padStart(3, "0")}${designator.suffix}`;
}

/** `VB1234A` → `VB1234` (canonical number, no suffix); null when it is not a designator. */
function baseOf(name: string): string | null {
  const designator = parseDesignator(name);
  return designator ? `${designator.airline}${designator.number}` : null;
}

function suffixOf(name: string): string {
  return parseDesignator(name)?.suffix ?? "";
}

/**
 * The first letter A–Z that no other slot with the same number (airline and number, whatever
 * the padding) uses on that date and direction; null when all 26 are taken.
 */
export function firstFreeSuffix(name: string, otherNames: readonly string[]): string | null {
  const base = baseOf(name);
  if (base === null) return null;
  const used = new Set(otherNames.filter((other) => baseOf(other) === base).map(suffixOf));
  for (const letter of SUFFIX_LETTERS) if (!used.has(letter)) return letter;
  return null;
}

/** `name` without its suffix, with `suffix` added. */
function withSuffix(name: string, suffix: string): string {
  const designator = parseDesignator(name);
  if (!designator) return name;
  return editorDesignator(`${designator.airline}${designator.number}${suffix}`);
}

/** The days field of a single weekday: digit n at position n. */
function daysOf(weekday: number): string {
  return "0000000".slice(0, weekday - 1) + String(weekday) + "0000000".slice(weekday);
}

const threeDigits = (value: number) => String(value).padStart(3, "0");

/** A line's fields: a slot's, but for its flight (as the line writes it) and its period. */
type LineFields = Omit<EncodableSlot, "flightNumber" | "date"> & {
  flight: string;
  /** `yyyy-MM-dd`; `to` is the last date of a weekly series (altas), else equal to `from`. */
  from: string;
  to: string;
  weekday: number;
};

function writeLine(letter: DraftLineLetter, fields: LineFields): string {
  const from = isoToScrDate(fields.from) ?? fields.from;
  const to = isoToScrDate(fields.to) ?? fields.to;
  const flight = editorDesignator(fields.flight);
  const hhmm = fields.time.replace(":", "");
  const route = fields.route.trim().toUpperCase();
  const capacity = `${threeDigits(fields.seats)}${fields.aircraftType}`;
  const common = `${from}${to} ${daysOf(fields.weekday)} ${capacity}`;
  // SSIM: a blank after the letter means no arrival, so a departure-only line; its time comes first.
  return fields.isArrival
    ? `${letter}${flight} ${common} ${route}${hhmm} ${fields.serviceType}`
    : `${letter} ${flight} ${common} ${hhmm}${route} ${fields.serviceType}`;
}

/** The slot as one draft line starting with `letter` (C for the slot as held now, D to delete it…). */
export function slotLine(letter: DraftLineLetter, slot: EncodableSlot): string {
  return writeLine(letter, { ...slot, flight: slot.flightNumber, from: slot.date, to: slot.date, weekday: isoWeekday(slot.date) });
}

/**
 * An alta as the drafts store it (seed 000 §3): flight without airline code, dates `dd-MM-yyyy`.
 * The contract's draft item without what only the editor reads (its row id, the placeholder flag).
 */
export type NewSlotInput = Omit<components["schemas"]["NewSlotDraftItem"], "id" | "placeholder">;

/** `dd-MM-yyyy` → `yyyy-MM-dd`. */
const isoOfDraftDate = (ddMMyyyy: string) => `${ddMMyyyy.slice(6, 10)}-${ddMMyyyy.slice(3, 5)}-${ddMMyyyy.slice(0, 2)}`;

/**
 * The N line of an alta. A period of several days is a weekly series on the frequency's weekday,
 * so its last date is the last such weekday on or before the end date (the day the series really
 * operates last). The flight is the airline's IATA code (the `airline` setting) plus the number
 * typed in the form, or as typed when it already starts with one of the airline's designators.
 */
export function newSlotLine(item: NewSlotInput, airline: Airline): string {
  const from = isoOfDraftDate(item.startDate);
  let to = isoOfDraftDate(item.endDate);
  if (parseDate(from) && parseDate(to) && to > from && isoWeekday(from) === item.frequency) {
    to = addDays(to, -((isoWeekday(to) - item.frequency + 7) % 7));
  }
  return writeLine("N", {
    flight: airlineFlightName(item.flight, airline),
    from,
    to: parseDate(to) ? to : from,
    weekday: item.frequency,
    time: item.time,
    isArrival: item.isArrival,
    route: item.airport,
    aircraftType: item.aircraftType,
    seats: item.psxCount,
    serviceType: item.flightType,
  });
}

export type ModificationInput = {
  slot: EncodableSlot;
  /** The flight matched to the slot, or null (a leftover slot). */
  flight: MatchedFlight | null;
  /** Flight numbers of the other slots of the slot's date and direction (for the suffix rule). */
  otherNames: readonly string[];
  action: EncodeAction;
  /** The revised line's letter: R accepts offers, L does not (SSIM). */
  letter: "R" | "L";
};

export type EncodedModification = {
  /** The C line: the slot as held now. */
  change: string;
  /** The R or L line. */
  request: string;
  /** The action really applied: `copySlot` when the chosen one could not apply. */
  applied: EncodeAction;
  /** The flight number the request line asks for (with its suffix). */
  name: string;
};

/** The matched flight's time at MEX rounded to the nearest 5 minutes, as UTC date and time. */
function roundedFlightTime(flight: MatchedFlight): { date: string; time: string } | null {
  const ms = Date.parse(flight.scheduledAtMex);
  if (Number.isNaN(ms)) return null;
  const rounded = new Date(Math.round(ms / FIVE_MINUTES_MS) * FIVE_MINUTES_MS).toISOString();
  return { date: rounded.slice(0, 10), time: rounded.slice(11, 16) };
}

/** The request line's slot for an action, or null when the action cannot apply. */
function revisedSlot(input: ModificationInput): EncodableSlot | null {
  const { slot, flight, otherNames } = input;
  switch (input.action) {
    case ENCODE_ACTIONS.addSuffixWithFlightName: {
      if (!flight) return null;
      const suffix = firstFreeSuffix(flight.flightNumber, otherNames);
      if (suffix === null) return null;
      return { ...slot, flightNumber: withSuffix(flight.flightNumber, suffix), route: flight.route };
    }
    case ENCODE_ACTIONS.addLeftoverSuffix: {
      const suffix = firstFreeSuffix(slot.flightNumber, otherNames);
      return suffix === null ? null : { ...slot, flightNumber: withSuffix(slot.flightNumber, suffix) };
    }
    case ENCODE_ACTIONS.removeSuffix:
      return suffixOf(slot.flightNumber) === "" ? null : { ...slot, flightNumber: withSuffix(slot.flightNumber, "") };
    case ENCODE_ACTIONS.matchItinerary: {
      const at = flight ? roundedFlightTime(flight) : null;
      if (!flight || !at) return null;
      const type = flight.aircraftType;
      // The fleet's seats for its types; another known type with known seats as the feed says;
      // otherwise the slot's own aircraft stays (nothing is guessed).
      const seats = type === null ? null : (fleetSeats(type) ?? flight.seats);
      const aircraft = type !== null && seats !== null && /^[A-Z0-9]{3}$/.test(type) ? { aircraftType: type, seats } : {};
      return { ...slot, ...at, ...aircraft };
    }
    case ENCODE_ACTIONS.copySlot:
      return slot;
  }
}

/**
 * The C line of the slot and its revised R/L line for an encode action. Falls back to a copy of
 * the slot (and says so in `applied`) when the action cannot apply: no matched flight for 1 and
 * 4, no suffix to remove for 3, no free suffix letter for 1 and 2.
 */
export function encodeModification(input: ModificationInput): EncodedModification {
  const revised = revisedSlot(input);
  return {
    change: slotLine("C", input.slot),
    request: slotLine(input.letter, revised ?? input.slot),
    applied: revised ? input.action : ENCODE_ACTIONS.copySlot,
    name: editorDesignator((revised ?? input.slot).flightNumber),
  };
}
