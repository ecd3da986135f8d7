/**
 * Plain data shapes of the matching engine (flights from AIMS paired with the coordinator's slots).
 * Everything is UTC: slot dates and times are the SCR's UTC values, flight instants are ISO strings
 * with an explicit zone designator (`Z` or `±hh:mm`).
 */

/** Record id as the caller stores it (database ids are numbers or strings). */
export type MatchId = string | number;

/** Slot status codes (seed 000 §4.6 / seed 001 §4.1). SOBC is the long name of S. */
export const SLOT_STATUSES = ["D", "K", "U", "ADD", "CAN", "WIP", "S", "C"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** Slot statuses that never take part in matching: the slot no longer grants a movement. */
export const CANCELLED_SLOT_STATUSES: readonly SlotStatus[] = ["CAN", "C"];

/** Flight status codes as AIMS and the seeds show them (seed 001 §4.1, SC included). */
export const FLIGHT_STATUSES = ["D", "X", "E", "T", "C", "N", "R", "SC"] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/**
 * General (match) status codes, seed 001 §4.1:
 * X flight with no slot · A slot with no flight (leftover) · CA flight cancelled in AIMS ·
 * AH hour limit (|scheduled difference| > 15) · D field differences · S in progress (slot WIP) ·
 * DIFF the times differ within the tolerance (1–15 min) · OK nothing differs (beyond the seed's
 * list, which gave every ordinary pair DIFF even at 0 minutes).
 */
export const GENERAL_STATUSES = ["X", "A", "CA", "AH", "D", "S", "DIFF", "OK"] as const;
export type GeneralStatus = (typeof GENERAL_STATUSES)[number];

/**
 * Whether the viewer may separate a match — every flight–slot pair can be. After the separation the flight
 * stays without slot and the slot stays a leftover until someone assigns either of them.
 */
export const isSeparable = <T extends { flight_id: number | null; slot_id: number | null }>(
  match: T,
): match is T & { flight_id: number; slot_id: number } => match.flight_id !== null && match.slot_id !== null;

/** Difference classes (seed 001 §4.1). */
export const DIFFERENCE_CLASSES = ["null_diff", "no_diff", "mid_diff", "high_diff"] as const;
export type DifferenceClass = (typeof DIFFERENCE_CLASSES)[number];

export type SlotInput = {
  id: MatchId;
  /** UTC date of the slot, `yyyy-MM-dd`. */
  date: string;
  /** UTC time of the slot, `HH:MM` (a trailing `:SS` is accepted and must be `00`). */
  time: string;
  isArrival: boolean;
  /** Designator as the slot holds it: `VB1234`, `VB012A`. */
  flightNumber: string;
  status: SlotStatus;
  /** IATA aircraft subtype (`320`, `321`), optional: compared only when both sides give one. */
  aircraftType?: string | null;
};

export type FlightInput = {
  id: MatchId;
  /**
   * Operation date as AIMS reports it. Informational: grouping uses the UTC date of
   * `scheduledAt` (the movement's UTC date at MEX), so a local-date `date` cannot misplace a flight.
   */
  date: string;
  isArrival: boolean;
  flightNumber: string;
  /** ISO instant of the movement at MEX: STA for arrivals, STD for departures. */
  scheduledAt: string;
  /** ISO instant of the actual movement at MEX (ATA / ATD), or null. */
  actualAt: string | null;
  status: FlightStatus;
  aircraftType?: string | null;
};

/**
 * A user's decision in the match viewer. Decisions are read in array order (oldest first).
 * `separated` leaves its flight and its slot alone (no pass may pair either) and undoes an earlier
 * assignment of either; a later `assigned` of the flight or of the slot ends that, and replaces
 * the earlier assignment of that flight or slot.
 */
export type ManualDecision =
  | { kind: "separated"; flightId: MatchId; slotId: MatchId }
  | { kind: "assigned"; flightId: MatchId; slotId: MatchId };

/** How a pair was made: same designator pass, time-window pass, or a user's assignment. */
export type PairSource = "number" | "time" | "manual";

export type MatchResult = {
  flightId: MatchId | null;
  slotId: MatchId | null;
  /** The slot's UTC date for pairs and leftovers, the flight's UTC movement date for a flight alone. */
  date: string;
  isArrival: boolean;
  generalStatus: GeneralStatus;
  /** Minutes, flight scheduled − slot time (full UTC instants); null without a pair. */
  scheduledDifference: number | null;
  /** Minutes, actual − slot time; null without a pair, without an actual, or for a cancelled flight. */
  realDifference: number | null;
  scheduledClass: DifferenceClass;
  realClass: DifferenceClass;
  source: PairSource | null;
  flightStatus: FlightStatus | null;
  slotStatus: SlotStatus | null;
  /** UTC date of the flight's movement at MEX (from `scheduledAt`), or null. */
  flightDate: string | null;
  slotDate: string | null;
};

export type MatchOptions = {
  /**
   * Widest |flight − slot| difference, in minutes, for a pair made by time alone (different
   * designators) and for a same-designator pair across UTC midnight. Default 180.
   */
  windowMinutes?: number;
};

export function isSlotStatus(value: unknown): value is SlotStatus {
  return typeof value === "string" && (SLOT_STATUSES as readonly string[]).includes(value);
}

export function isFlightStatus(value: unknown): value is FlightStatus {
  return typeof value === "string" && (FLIGHT_STATUSES as readonly string[]).includes(value);
}
