import type { ReadProblem } from "../reading";

/**
 * A time as the message writes it, UTC: `HHMM` (on the flight line's day of month) or `DDHHMM`
 * (the day of month given, when it is not the flight's day: a movement after midnight). Kept as
 * written, like `nextInformation`: the day of month only becomes a date against the flight's
 * scheduled date, which the applying code knows. An `HHMM` that goes backwards by at most
 * `MIDNIGHT_CROSSING_MAX_MINUTES` from the event before it is the next day (the reader warns).
 */
export type MvtTime = string;

/** One delay: its code as written (`93`, `93A`, `RA`) and its duration, when the message gives one. */
export type MvtDelay = { code: string; minutes: number | null };

/** A diversion (`DR`): where to, the estimated touchdown there, and the reason code. */
export type MvtDiversion = {
  /** The airport the flight is diverted to (after `DR`, or `EA`'s airport in the same message). */
  station: string | null;
  /** The estimated touchdown at that airport (`DR`'s time, or `EA`'s). */
  estimatedArrival: MvtTime | null;
  /** The reason, a delay code as written. */
  reason: string | null;
};

/**
 * A return: `ramp` (`RR`, back to the stand before take-off: the new on-block time) or `airborne`
 * (`FR`, back to the departure airport after take-off: touchdown / on-block).
 */
export type MvtReturn = {
  kind: "ramp" | "airborne";
  touchdown: MvtTime | null;
  onBlock: MvtTime | null;
};

/** One movement message (IATA AHM 780) as read. Absent elements are `null` (lists empty). */
export type MvtMessage = {
  /** 1-based line of its `MVT` line (of its flight line when the `MVT` line is missing). */
  line: number;
  /** Airline designator + flight number + operational suffix as written (`VB1234`, `VB1234A`). */
  flight: string | null;
  /** Day of month of the flight's scheduled departure (UTC), from the flight line. */
  day: number | null;
  /**
   * `FLD` (flight leg date, AHM 780): the day of month of this leg's scheduled departure when it
   * is not the flight's (a later leg of a flight that crosses midnight); null when absent.
   */
  legDay: number | null;
  /** Aircraft registration without dot or hyphen (`XAVRA`). */
  registration: string | null;
  /** Station of the movement: the departure airport for AD/ED/RR/FR, the arrival one for AA. */
  station: string | null;
  /** `COR`: this message replaces what an earlier one for the same flight said. */
  correction: boolean;
  offBlock: MvtTime | null;
  airborne: MvtTime | null;
  touchdown: MvtTime | null;
  onBlock: MvtTime | null;
  estimatedDeparture: MvtTime | null;
  estimatedArrival: MvtTime | null;
  /** The airport after `EA`'s time (the destination; the diversion airport in a diversion). */
  destination: string | null;
  nextInformation: MvtTime | null;
  delays: MvtDelay[];
  passengers: number | null;
  /** Supplementary information: the text after `SI` and each continuation line, as written. */
  si: string[];
  diversion: MvtDiversion | null;
  return: MvtReturn | null;
  /** This message's problems (its lines, and those before its `MVT` line). */
  problems: ReadProblem[];
};

/**
 * What the reader checks a message against, when given: the station the airline's team works
 * (`MEX`) and the airline designators it flies. A message for another station or airline gets a
 * warning (the applying code skips it); without options nothing is checked.
 */
export type MvtReadOptions = {
  station?: string;
  /** The active airports (issue 37): a message of any of them is read as ours; overrides `station`. */
  stations?: readonly string[];
  airlines?: readonly string[];
};
