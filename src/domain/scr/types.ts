/**
 * The value of an SCR message (IATA SSIM Chapter 6), exactly as `npm run scr -- parse` prints it
 * as JSON: plain objects, strings, numbers and null (never undefined), so the CLI is a thin wrapper.
 *
 * Conventions:
 * - Dates are `DDMMM` strings as written (no year; see `scrDateToIso` for the year), times `HHMM`.
 * - Absent values are null.
 * - `line` is the 1-based line number of the data line in the message text.
 * - Six-letter stations are split in route order (SSIM Chapter 6, "origin/previous station" and
 *   "next/destination station", e.g. `DRWDRW0930 1130MELADL`): an arrival `ORGPRV0930` is origin
 *   then previous station; a departure `1130NXTDST` is next station then destination.
 * - `si`/`gi`: one entry per `SI`/`GI` line; a continuation line (a later line that starts with
 *   neither and is not a data line) is appended to the entry above it after a newline (`\n`).
 */
import type { ReadProblem } from "../reading";

/** Airline → coordinator: N new, C held (followed by R/L), R revised (offers welcome), L revised (no offers), D delete, A accept offer, P accept and keep pending, Z decline offer. */
export const SCR_REQUEST_ACTIONS = ["N", "C", "R", "L", "D", "A", "P", "Z"] as const;
/** Coordinator → airline: K confirmed, T confirmed with conditions, U unable, O offer, X deleted/replaced, H held slot kept, W unable to reconcile, I initial (seeds). */
export const SCR_REPLY_ACTIONS = ["K", "T", "U", "O", "X", "H", "W", "I"] as const;

export type ScrRequestAction = (typeof SCR_REQUEST_ACTIONS)[number];
export type ScrReplyAction = (typeof SCR_REPLY_ACTIONS)[number];
export type ScrAction = ScrRequestAction | ScrReplyAction;

/**
 * The messages a coordinator sends an airline that the reader takes (SSIM Chapter 6): SCR (slot
 * clearance: requests echoed and replies), SIR (slot information request, and its reply), SAL (slot allocation
 * list), SHL (historic slot list), SMA (schedule movement advice). Their data lines share SCR's.
 */
export const SCR_MESSAGE_TYPES = ["SCR", "SIR", "SAL", "SHL", "SMA"] as const;
export type ScrMessageType = (typeof SCR_MESSAGE_TYPES)[number];

export type ScrHeader = {
  /**
   * Standard message identifier from the first line (`SCR` when that line is missing, which is an
   * error). The builder writes `SCR` only.
   */
  smi: ScrMessageType;
  /** Text after `/` on the creator-reference line (`""` for a bare `/`), null without that line. */
  creator: string | null;
  /** Season code, e.g. `W26`. */
  season: string | null;
  /** Message date `DDMMM`. */
  date: string | null;
  /** Airport, 3 letters. */
  airport: string | null;
  /** Text after `REYT/` (reference of the message answered), null without that line. */
  reyt: string | null;
};

export type ScrArrival = {
  /** Arrival flight designator, e.g. `VB1234`, `VB012A`. */
  flight: string;
  /** Origin station (first 3 letters of a 6-letter station). */
  origin: string;
  /** Previous station (last 3 letters of a 6-letter station), else null. */
  previous: string | null;
  /** Arrival time `HHMM` (UTC). */
  time: string | null;
};

export type ScrDeparture = {
  /** Departure flight designator. */
  flight: string;
  /** Departure time `HHMM` (UTC). */
  time: string | null;
  /** Overnight indicator digit (0–9) written right after the time, else null. */
  overnight: number | null;
  /** Next station (first 3 letters of a 6-letter station), else null. */
  next: string | null;
  /** Destination station (the only 3 letters, or the last 3 of a 6-letter station). */
  destination: string;
};

export type ScrDataLine = {
  /** 1-based line number in the message. */
  line: number;
  action: ScrAction;
  arrival: ScrArrival | null;
  departure: ScrDeparture | null;
  /** First date of the period, `DDMMM`. */
  from: string;
  /** Last date of the period, `DDMMM` (equal to `from` for a single date). */
  to: string;
  /**
   * Seven characters, digit n at position n or `0`; null when left out (a single date, or a reply
   * line that refuses or deletes: then every day of the period, with a warning). The operating
   * dates are the listed days within the period: a period whose first or last date is not one of
   * them is read with a warning.
   */
  days: string | null;
  /** Seats, 0–999. */
  seats: number | null;
  /** IATA aircraft subtype, 3 characters (`320`, `32N`). */
  aircraft: string | null;
  /** Service type letters, one per direction: `J`, or `JJ` for a turnaround. */
  service: string;
  /** Frequency-rate digit (1–9) after the service type, else null. */
  frequencyRate: number | null;
  /** Text between the slashes of `/ … /` (trimmed), on the line or on the next one; else null. */
  extra: string | null;
};

export type ScrError = {
  /** 1-based line number. */
  line: number;
  /** 1-based column of the offending token. */
  column: number;
  /** Spanish explanation. */
  message: string;
};

export type ScrMessage = {
  header: ScrHeader;
  /** The data lines read (with or without warnings); a line with an error is not here. */
  lines: ScrDataLine[];
  si: string[];
  gi: string[];
  /** The errors only, in the shape callers used before the reading model (same order as in `problems`). */
  errors: ScrError[];
  /** Every problem, warnings (`aviso`) and errors, in file order, with the line's text. */
  problems: ReadProblem[];
};
