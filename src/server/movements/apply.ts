/**
 * Movement messages (MVT, issue 23 item 2) applied to the flights they name, through the data
 * loads (src/server/loads): a preview plans and writes nothing; an apply writes the plan in the
 * load's transaction.
 *
 * - A message for another station or airline is skipped (the reader's warning says so).
 * - The flights are found in one query (designator and direction among the batch's, scheduled to
 *   leave within 40 days of now) and picked by the day of month of their departure, nearest now.
 * - Each message is applied in order on the flight as the messages before it left it
 *   (src/domain/mvt/resolve.ts); a flight is written once, only when it differs from the table,
 *   so the same message twice changes nothing. AIMS's codes (flight_delays) change, never the
 *   team's evaluation; the affectations follow, as after a CSV load. The touched dates are
 *   re-matched in the same transaction.
 * - A message whose flight Slotdesk does not know is kept in mvt_pending and applied when a later
 *   schedule or flights load brings the flight (`applyPendingMovementsUnmatched`, in the load's apply step).
 */
import { createHash } from "node:crypto";
import {
  applyMvt,
  HOME_STATION,
  isInboundEstimate,
  mvtFlightKey,
  mvtForStation,
  type MvtFlightKey,
  type MvtMessage,
  readMvt,
  sameFlightState,
} from "../../domain/mvt";
import { parseDesignator } from "../../domain/matching";
import { hasErrors, type ReadProblem, sortProblems, splitLines, warning } from "../../domain/reading";
import type { Database } from "../db/client";
import { syncAffectations } from "../flights/delays";
import { writeMovementFlights } from "../flights/movements";
import { rematch } from "../matching/rematch";
import {
  type CandidateFlight,
  candidateFlights,
  deletePending,
  flightsById,
  keepPending,
  type PendingRecord,
  pendingWithFlight,
} from "./queries";

export type MovementReading = {
  messages: MvtMessage[];
  problems: ReadProblem[];
  lines: string[];
  airlines: readonly string[];
  /** The active airports (issue 37): a message is applied to the airport it names. */
  airports: readonly string[];
};

/**
 * Reads a text of movement messages for the airline's designators (`airlines`, from the setting)
 * at the active airports (`airports`; a message of another station is skipped with a warning).
 */
export function readMovements(text: string, airlines: readonly string[], airports: readonly string[] = [HOME_STATION]): MovementReading {
  const read = readMvt(text, { stations: airports, airlines });
  return { messages: read.items, problems: read.problems, lines: splitLines(text), airlines, airports };
}

/**
 * Where a message applies (issue 37): at its own station when the team holds it, and at its
 * destination's arrival when the message estimates it (EA) and the team holds that airport too.
 */
function messageTargets(message: MvtMessage, airports: readonly string[]): { airport: string; key: MvtFlightKey; message: MvtMessage }[] {
  const targets: { airport: string; key: MvtFlightKey; message: MvtMessage }[] = [];
  const own = message.station;
  if (own !== null && airports.includes(own)) {
    const key = mvtFlightKey(message, own);
    if (key !== null) targets.push({ airport: own, key, message });
  }
  const destination = message.destination;
  if (destination !== null && destination !== own && airports.includes(destination) && isInboundEstimate(message, destination)) {
    const key = mvtFlightKey(message, destination);
    if (key !== null) targets.push({ airport: destination, key, message: mvtForStation(message, destination) });
  }
  return targets;
}

export type MovementPlan = {
  counts: { new: number; changed: number; unchanged: number; skipped: number; pending: number };
  /** The reader's problems and those of applying, in line order. */
  problems: ReadProblem[];
  /** The flights to write (those that differ from the table). */
  flights: CandidateFlight[];
  /** The flights the messages met, as the table holds them (what a preview lists as before). */
  before: ReadonlyMap<number, CandidateFlight>;
  pending: PendingRecord[];
  /** The movement dates to re-match. */
  dates: string[];
};

/** Seconds precision, as the table gives its instants back (so a second apply compares equal). */
const instant = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString().replace(".000Z", "Z");

const dayOfDeparture = (f: CandidateFlight) => new Date(f.scheduledDeparture).getUTCDate();

/**
 * What a message says, without where it was in its file: the same message in two files is one.
 * A MEX message's key is as it was before issue 37 (so one kept then is not kept twice).
 */
function messageKey(airport: string, key: MvtFlightKey, message: MvtMessage): string {
  const { line: _line, problems: _problems, ...said } = message;
  const parts = airport === HOME_STATION ? [key, said] : [key, said, airport];
  return createHash("sha256").update(JSON.stringify(parts), "utf8").digest("hex");
}

const ours = (message: MvtMessage, airlines: readonly string[]) => {
  const airline = message.flight === null ? null : (parseDesignator(message.flight)?.airline ?? null);
  return airline !== null && airlines.includes(airline);
};

/** Applies messages in order on the flights' states; answers what each changed. */
function applyInOrder(
  states: Map<number, CandidateFlight>,
  items: readonly { message: MvtMessage; flightId: number; receivedAt: string }[],
  lines: readonly string[],
  problems: ReadProblem[],
): { changed: number; unchanged: number; failed: number } {
  let changed = 0;
  let unchanged = 0;
  let failed = 0;
  for (const { message, flightId, receivedAt } of items) {
    const before = states.get(flightId);
    if (!before) continue;
    const applied = applyMvt(before, message, {
      isArrival: before.isArrival,
      receivedAt,
      line: message.line,
      text: lines[message.line - 1] ?? "",
    });
    problems.push(...applied.problems);
    if (applied.failed) failed++;
    else if (sameFlightState(before, applied.state)) unchanged++;
    else {
      changed++;
      states.set(flightId, { ...before, ...applied.state });
    }
  }
  return { changed, unchanged, failed };
}

/** The flights whose state differs from the table, and their movement dates. */
function toWrite(original: ReadonlyMap<number, CandidateFlight>, states: ReadonlyMap<number, CandidateFlight>) {
  const flights = [...states.values()].filter((f) => {
    const before = original.get(f.id);
    return before === undefined || !sameFlightState(before, f);
  });
  return { flights, dates: [...new Set(flights.map((f) => f.movementDate))].sort() };
}

/** What the messages would change, read from the database without writing. */
export async function planMovements(db: Database, reading: MovementReading, now: Date): Promise<MovementPlan> {
  const problems = [...reading.problems];
  const receivedAt = instant(now);
  let skipped = 0;
  const keyed: { message: MvtMessage; key: MvtFlightKey; airport: string }[] = [];
  for (const message of reading.messages) {
    const targets = messageTargets(message, reading.airports);
    // In error, or for another station or airline (the reader's warning names why).
    if (hasErrors(message.problems) || targets.length === 0 || !ours(message, reading.airlines)) skipped++;
    else keyed.push(...targets);
  }
  const candidates = await candidateFlights(
    db,
    keyed.map((k) => ({ ...k.key, airport: k.airport })),
    now,
  );
  const byKey = new Map<string, CandidateFlight[]>();
  for (const f of candidates) {
    const key = `${f.airport}|${f.flightNumber}|${f.isArrival}|${dayOfDeparture(f)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), f]);
  }
  const distance = (f: CandidateFlight) => Math.abs(Date.parse(f.scheduledDeparture) - now.getTime());
  const original = new Map<number, CandidateFlight>();
  const items: { message: MvtMessage; flightId: number; receivedAt: string }[] = [];
  const pending = new Map<string, PendingRecord>();
  let pendingCount = 0;
  for (const { message, key, airport } of keyed) {
    const found = (byKey.get(`${airport}|${key.flightNumber}|${key.isArrival}|${key.day}`) ?? []).reduce<CandidateFlight | null>(
      (best, f) => (best === null || distance(f) < distance(best) ? f : best),
      null,
    );
    if (found) {
      original.set(found.id, found);
      items.push({ message, flightId: found.id, receivedAt });
      continue;
    }
    pendingCount++;
    problems.push(
      warning(
        message.line,
        1,
        reading.lines[message.line - 1] ?? "",
        `El vuelo ${key.flightNumber} del día ${key.day} no está en Slotdesk: el mensaje queda pendiente y se aplicará cuando llegue el vuelo.`,
      ),
    );
    const messageKeyText = messageKey(airport, key, message);
    pending.set(messageKeyText, { ...key, airport, message, messageKey: messageKeyText });
  }
  const states = new Map(original);
  const applied = applyInOrder(states, items, reading.lines, problems);
  const { flights, dates } = toWrite(original, states);
  return {
    counts: {
      new: 0,
      changed: applied.changed,
      unchanged: applied.unchanged,
      skipped: skipped + applied.failed,
      pending: pendingCount,
    },
    problems: sortProblems(problems),
    flights,
    before: original,
    pending: [...pending.values()],
    dates,
  };
}

/** Writes a plan (inside the load's transaction); answers the dates re-matched. */
export async function applyMovementPlan(db: Database, plan: MovementPlan, loadId: number, now: Date): Promise<string[]> {
  await keepPending(db, plan.pending, loadId, instant(now));
  if (plan.flights.length === 0) return [];
  await writeMovementFlights(db, plan.flights);
  const matched = await rematch(db, plan.dates);
  await syncAffectations(
    db,
    plan.flights.map((f) => f.id),
  );
  return matched.dates;
}

/**
 * Applies the pending messages whose flight is known now, oldest first, and deletes them (a
 * message in error against its flight too: its load keeps the original). Runs in the caller's
 * transaction, after flights were stored, and leaves the re-match to it: a load applies its
 * flights and the messages that waited for them, then re-matches every date once (read → plan →
 * apply → rematch). Answers the movement dates the messages touched.
 */
export async function applyPendingMovementsUnmatched(db: Database): Promise<string[]> {
  const rows = await pendingWithFlight(db);
  if (rows.length === 0) return [];
  const original = new Map((await flightsById(db, [...new Set(rows.map((r) => r.flight_id))])).map((f) => [f.id, f]));
  const states = new Map(original);
  const problems: ReadProblem[] = [];
  // The message's own line numbers point into its load's file, not into any lines here.
  applyInOrder(
    states,
    rows.map((r) => ({ message: r.message, flightId: r.flight_id, receivedAt: r.received_at })),
    [],
    problems,
  );
  await deletePending(
    db,
    rows.map((r) => r.id),
  );
  const { flights, dates } = toWrite(original, states);
  if (flights.length === 0) return [];
  await writeMovementFlights(db, flights);
  await syncAffectations(
    db,
    flights.map((f) => f.id),
  );
  return [...dates];
}
