/**
 * What a movement message means for a flight at MEX (issue 23, item 2). Pure: the server finds the
 * flight and writes; these rules decide which flight a message is for, turn its times as written
 * (`HHMM`, `DDHHMM`) into instants, and compute the flight as the message leaves it.
 *
 * - A message is for a flight at MEX when its station (the movement's) is MEX: an arrival when it
 *   reports the arrival (AA: touchdown / on-block), a departure otherwise (AD, ED, RR, FR).
 * - A time is the instant nearest to the scheduled time of its event (STD for off-block, airborne,
 *   ED and a return; STA for touchdown, on-block and EA): `HHMM` on the day before, of or after,
 *   `DDHHMM` in the month before, of or after. A few hours of delay or a midnight crossing need no
 *   rule of their own.
 * - Block times decide: the actual departure is the off-block time, the actual arrival the
 *   on-block time; airborne and touchdown stand in for them only when they are missing (warning).
 * - Delays become AIMS's codes of the flight (positions 1..4), from the catalogue only.
 */
import { normaliseFlightNumber } from "../flights";
import { DELAY_CODES } from "../matching/delayCodes";
import { readError, type ReadProblem, warning } from "../reading";
import type { MvtMessage, MvtTime } from "./types";

/** The station whose movements Slotdesk keeps. */
export const HOME_STATION = "MEX";

/** Which flight a message is for: the designator as the flights table stores it, direction, day. */
export type MvtFlightKey = { flightNumber: string; isArrival: boolean; day: number };

export type ActualTimeSource = "mvt" | "csv" | "admin";

/** A flight's values a message may change (instants ISO UTC). */
export type MvtFlightState = {
  scheduledDeparture: string;
  scheduledArrival: string;
  estimatedDeparture: string | null;
  estimatedArrival: string | null;
  actualDeparture: string | null;
  actualArrival: string | null;
  actualDepartureSource: ActualTimeSource | null;
  actualDepartureSourceAt: string | null;
  actualArrivalSource: ActualTimeSource | null;
  actualArrivalSourceAt: string | null;
  registration: string | null;
  status: string;
  /** AIMS's delay codes, positions 1..4. */
  delays: { position: number; code: string; minutes: number }[];
};

export type MvtApplied = {
  /** The flight as the message leaves it (the same object when the message has an error). */
  state: MvtFlightState;
  problems: ReadProblem[];
  /** The message has an error: nothing of it is applied. */
  failed: boolean;
};

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
/** The most minutes a delay may last (as the flight CSV allows). */
const MAX_DELAY_MINUTES = 1_440;
const MAX_DELAYS = 4;

/**
 * The flight a message is for at `station`, or null when it is not (another station, or no
 * flight or day): the caller skips it. An arrival when the message reports touchdown or on-block.
 */
export function mvtFlightKey(message: MvtMessage, station = HOME_STATION): MvtFlightKey | null {
  if (message.flight === null || message.day === null) return null;
  const flightNumber = normaliseFlightNumber(message.flight);
  if (flightNumber === null) return null;
  // FLD names the leg's own departure day when it is not the flight's (a pending message stored
  // before FLD was read has no legDay).
  const day = message.legDay ?? message.day;
  if (message.station !== station) return isInboundEstimate(message, station) ? { flightNumber, isArrival: true, day } : null;
  const isArrival = (message.touchdown !== null || message.onBlock !== null) && message.return === null;
  return { flightNumber, isArrival, day };
}

/**
 * Whether a message of another station carries the estimated arrival at `station` (`EA281612 MEX`
 * in a departure message from MTY): the inbound flight's estimate, the one thing of it that is ours.
 */
export function isInboundEstimate(message: MvtMessage, station = HOME_STATION): boolean {
  return message.station !== station && message.destination === station && message.estimatedArrival !== null && message.diversion === null;
}

/**
 * What of a message applies at `station`: all of it when it is the station's own; of another
 * station's, only its estimated arrival at `station` (and the aircraft), for the inbound flight.
 */
export function mvtForStation(message: MvtMessage, station = HOME_STATION): MvtMessage {
  if (!isInboundEstimate(message, station)) return message;
  return {
    ...message,
    offBlock: null,
    airborne: null,
    touchdown: null,
    onBlock: null,
    estimatedDeparture: null,
    nextInformation: null,
    delays: [],
    return: null,
    correction: false,
  };
}

/** `VB1234/26`: how a message names its flight to a person. */
export const mvtFlightLabel = (key: MvtFlightKey) => `${key.flightNumber} del día ${key.day}`;

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/**
 * A time as written, as the instant nearest to `reference` (ISO): `HHMM` on the reference's UTC day
 * or the one before or after, `DDHHMM` on that day of the reference's month or the one before or
 * after. Null when the text is not a time.
 */
export function resolveMvtTime(time: MvtTime, reference: string): string | null {
  const match = /^(\d{2})?([01]\d|2[0-3])([0-5]\d)$/.exec(time);
  const ref = Date.parse(reference);
  if (!match || Number.isNaN(ref)) return null;
  const [, dayText, hh, mm] = match;
  const at = new Date(ref);
  const candidates: number[] = [];
  if (dayText === undefined) {
    const base = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), Number(hh), Number(mm));
    candidates.push(base - DAY, base, base + DAY);
  } else {
    const day = Number(dayText);
    for (const offset of [-1, 0, 1]) {
      const ms = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, day, Number(hh), Number(mm));
      // Day 31 in a month of 30 rolls into the next month: not that day.
      if (new Date(ms).getUTCDate() === day) candidates.push(ms);
    }
  }
  let best: number | null = null;
  for (const ms of candidates) if (best === null || Math.abs(ms - ref) < Math.abs(best - ref)) best = ms;
  return best === null ? null : iso(best);
}

const hhmmZ = (instant: string) => {
  const d = new Date(instant);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}Z`;
};

const BY_ALPHA = new Map(DELAY_CODES.map((entry) => [entry.alpha, entry.code]));
const KNOWN = new Set(DELAY_CODES.map((entry) => entry.code));

/** `off-block − STD` in whole minutes, or null. */
const minutesBetween = (from: string | null, to: string | null) =>
  from === null || to === null ? null : Math.round((Date.parse(to) - Date.parse(from)) / MINUTE);

/**
 * The message's delays as AIMS's codes of the flight (positions 1..4). A sub-code (`93A`) reads as
 * its code, an alpha code (`RA`) as its number, each with a warning; a code not in the catalogue is
 * left out (warning); a code without minutes takes the departure delay when it is the only one.
 */
export function mvtDelays(
  message: MvtMessage,
  departureDelay: number | null,
  report: (message: string) => void,
): MvtFlightState["delays"] {
  const out: MvtFlightState["delays"] = [];
  for (const delay of message.delays) {
    let code = delay.code.toUpperCase();
    if (/^\d{2}[A-Z]$/.test(code)) {
      report(`El código de demora ${code} se leyó como ${code.slice(0, 2)}: el catálogo no tiene subcódigos`);
      code = code.slice(0, 2);
    } else if (/^[A-Z]{2}$/.test(code) && BY_ALPHA.has(code)) {
      const numeric = BY_ALPHA.get(code) ?? code;
      report(`El código de demora ${code} se leyó como ${numeric}`);
      code = numeric;
    }
    if (!KNOWN.has(code)) {
      report(`El código de demora ${delay.code} no está en el catálogo: no se guardó`);
      continue;
    }
    let minutes = delay.minutes;
    if (minutes === null) {
      if (message.delays.length === 1 && departureDelay !== null && departureDelay >= 0) {
        report(`El código de demora ${code} no trae minutos: se le asignó la demora de salida (${departureDelay} min)`);
        minutes = departureDelay;
      } else {
        report(`El código de demora ${code} no trae minutos y no se pudo deducir: no se guardó`);
        continue;
      }
    }
    if (minutes > MAX_DELAY_MINUTES) {
      report(`La demora ${code} de ${minutes} minutos pasa de ${MAX_DELAY_MINUTES}: no se guardó`);
      continue;
    }
    if (out.length === MAX_DELAYS) {
      report(`Se guardan a lo más ${MAX_DELAYS} demoras: ${code} no se guardó`);
      continue;
    }
    out.push({ position: out.length + 1, code, minutes });
  }
  return out;
}

const sameRegistration = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.replace(/[-.\s]/g, "").toUpperCase() === b.replace(/[-.\s]/g, "").toUpperCase();

/**
 * The flight as `message` leaves it. `receivedAt` is when Slotdesk received the message (the
 * source time of the actual times it sets); `line`/`text` locate the problems (the message's
 * first line). A message with an error leaves the flight as it was.
 */
export function applyMvt(
  before: MvtFlightState,
  message: MvtMessage,
  options: { isArrival: boolean; receivedAt: string; line: number; text: string },
): MvtApplied {
  const problems: ReadProblem[] = [];
  const warn = (text: string) => problems.push(warning(options.line, 1, options.text, text));
  const fail = (text: string): MvtApplied => ({
    state: before,
    problems: [...problems, readError(options.line, 1, options.text, text)],
    failed: true,
  });
  const std = before.scheduledDeparture;
  const sta = before.scheduledArrival;
  const resolve = (time: MvtTime | null, reference: string) => (time === null ? null : resolveMvtTime(time, reference));

  const offBlock = resolve(message.offBlock, std);
  const airborne = resolve(message.airborne, std);
  const touchdown = resolve(message.touchdown, sta);
  const onBlock = resolve(message.onBlock, sta);
  const estimatedDeparture = resolve(message.estimatedDeparture, std);
  const estimatedArrival = resolve(message.estimatedArrival, sta);
  const returned = message.return;
  const returnTouchdown = resolve(returned?.touchdown ?? null, std);
  const returnOnBlock = resolve(returned?.onBlock ?? null, std);

  if (offBlock !== null && airborne !== null && airborne < offBlock) {
    return fail(`El despegue (${hhmmZ(airborne)}) queda antes de la salida de calzos (${hhmmZ(offBlock)}): no se aplicó el mensaje`);
  }
  if (touchdown !== null && onBlock !== null && onBlock < touchdown) {
    return fail(`La llegada a calzos (${hhmmZ(onBlock)}) queda antes del aterrizaje (${hhmmZ(touchdown)}): no se aplicó el mensaje`);
  }
  if (returnTouchdown !== null && returnOnBlock !== null && returnOnBlock < returnTouchdown) {
    return fail(`La llegada a calzos del regreso queda antes de su aterrizaje: no se aplicó el mensaje`);
  }

  const state: MvtFlightState = { ...before, delays: before.delays };
  const source = (kind: "Departure" | "Arrival", value: string) => {
    const actual = kind === "Departure" ? state.actualDeparture : state.actualArrival;
    const from = kind === "Departure" ? state.actualDepartureSource : state.actualArrivalSource;
    if (actual === value && from === "mvt") return;
    if (message.correction === false && from === "mvt" && actual !== null && actual !== value) {
      warn(`Un MVT anterior dio otra hora (${hhmmZ(actual)}); vale la de este mensaje aunque no diga COR`);
    }
    if (kind === "Departure") {
      state.actualDeparture = value;
      state.actualDepartureSource = "mvt";
      state.actualDepartureSourceAt = options.receivedAt;
    } else {
      state.actualArrival = value;
      state.actualArrivalSource = "mvt";
      state.actualArrivalSourceAt = options.receivedAt;
    }
  };

  if (!options.isArrival) {
    const departure = offBlock ?? airborne;
    if (offBlock === null && airborne !== null) warn("El mensaje no trae hora de salida de calzos: se tomó el despegue como salida real");
    if (departure !== null) {
      if (state.actualArrival !== null && departure > state.actualArrival) {
        return fail(`La salida real (${hhmmZ(departure)}) queda después de la llegada real del vuelo (${hhmmZ(state.actualArrival)}): no se aplicó el mensaje`);
      }
      source("Departure", departure);
    }
    if (estimatedDeparture !== null) state.estimatedDeparture = estimatedDeparture;
  } else {
    const arrival = onBlock ?? touchdown;
    if (onBlock === null && touchdown !== null) warn("El mensaje no trae hora de llegada a calzos: se tomó el aterrizaje como llegada real");
    if (arrival !== null) {
      if (state.actualDeparture !== null && arrival < state.actualDeparture) {
        return fail(`La llegada real (${hhmmZ(arrival)}) queda antes de la salida real del vuelo (${hhmmZ(state.actualDeparture)}): no se aplicó el mensaje`);
      }
      source("Arrival", arrival);
    }
  }
  if (message.diversion !== null) {
    warn(`El vuelo se desvió${message.diversion.station ? ` a ${message.diversion.station}` : ""}: Slotdesk no guarda desvíos; su llegada estimada no se aplicó`);
  } else if (estimatedArrival !== null) {
    state.estimatedArrival = estimatedArrival;
  }
  if (returned !== null) {
    if (state.status !== "R") state.status = "R";
    if (returned.kind === "ramp") warn("Regreso a plataforma (RR): el vuelo queda con estado R (regreso)");
    else warn("Regreso después del despegue (FR): el vuelo queda con estado R (regreso)");
  }
  if (message.registration !== null && !sameRegistration(message.registration, state.registration)) {
    state.registration = message.registration;
  }
  // A departure's COR replaces what the original said, its delays too; a message whose codes are
  // all left out changes none.
  const replacesDelays = message.correction && !options.isArrival;
  if (message.delays.length > 0 || replacesDelays) {
    const delays = mvtDelays(message, minutesBetween(std, state.actualDeparture), warn);
    if (delays.length > 0 || replacesDelays) state.delays = delays;
  }
  return { state, problems, failed: false };
}

/** Whether two states say the same (what the database would store). */
export function sameFlightState(a: MvtFlightState, b: MvtFlightState): boolean {
  const delays = (s: MvtFlightState) => s.delays.map((d) => `${d.position}:${d.code}:${d.minutes}`).join(",");
  return (
    a.estimatedDeparture === b.estimatedDeparture &&
    a.estimatedArrival === b.estimatedArrival &&
    a.actualDeparture === b.actualDeparture &&
    a.actualArrival === b.actualArrival &&
    a.actualDepartureSource === b.actualDepartureSource &&
    a.actualDepartureSourceAt === b.actualDepartureSourceAt &&
    a.actualArrivalSource === b.actualArrivalSource &&
    a.actualArrivalSourceAt === b.actualArrivalSourceAt &&
    a.registration === b.registration &&
    a.status === b.status &&
    delays(a) === delays(b)
  );
}
