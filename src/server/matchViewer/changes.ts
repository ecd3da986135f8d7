/**
 * The match viewer's changes (seed 001 §2.6), each one transaction: the flight's viewer version
 * claimed, the change, the re-match where it moves pairs, and the audit record.
 */
import { isSeparable } from "../../domain/matching";
import type { operations } from "../../generated/openapi";
import { changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { bumpViewerVersion, replaceDelayEvaluation, setRealDates, syncAffectations, updateAffectationRow } from "../flights/delays";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { rematch } from "../matching/rematch";
import {
  evaluationState,
  findMatch,
  findSlot,
  flightMovement,
  generalStatusOf,
  knownDelayCodes,
  leftoverSlots,
  lockAffectation,
  lockViewerVersion,
  matchIdOf,
  type MatchRecord,
  realDatesState,
  recordManualDecision,
  slotText,
} from "./queries";

/** What the viewer's 409 calls the resource: "Ana Pérez cambió este match a las 10:42". */
const THIS_MATCH = "este match";

/**
 * Inside a viewer write's transaction: the flight's version locked and checked against the one the
 * write was made from (409 when another write came first), then bumped as this write's.
 */
async function claimViewerVersion(
  tx: Database,
  flightId: number,
  expected: number | null,
  user: AuthenticatedUser,
  now: Date,
): Promise<number> {
  checkVersion(expected, await lockViewerVersion(tx, flightId), THIS_MATCH);
  return bumpViewerVersion(tx, flightId, authorName(user), now);
}

/** How the audit log names a flight or a match: the flight number (or the slot's) and the UTC date. */
const auditLabel = (name: string | null, date: string) => `${name ?? "—"} ${date} (UTC)`;

const matchLabel = (match: MatchRecord) => auditLabel(match.flight_number ?? match.slot_name, match.date);

/** evaluateMatchDelays's change, one transaction. */
export function evaluateDelays(db: Database, user: AuthenticatedUser, params: { id: number }, body: operations["evaluateMatchDelays"]["requestBody"]["content"]["application/json"], expected: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id === null) {
      throw new HttpError(400, "Este match no tiene vuelo: no hay demoras que evaluar.");
    }
    await claimViewerVersion(tx, match.flight_id, expected, user, now);
    const known = await knownDelayCodes(tx);
    const unknown = body.delays
      .map((delay, i) => ({ delay, i }))
      .filter(({ delay }) => !known.has(delay.code))
      .map(({ delay, i }) => ({
        field: `delays[${i}].code`,
        message: `El código de demora «${delay.code}» no existe en el catálogo.`,
      }));
    if (unknown.length > 0) {
      throw new HttpError(400, unknown.length === 1 ? (unknown[0]?.message ?? "") : "Hay códigos de demora que no existen.", unknown);
    }
    const flightId = match.flight_id;
    const before = await evaluationState(tx, flightId);
    await replaceDelayEvaluation(tx, flightId, body.delays, body.observations, now);
    await syncAffectations(tx, [flightId]);
    // Recorded even when nothing changed: evaluating is itself the act (it stamps delays_evaluated_at).
    await recordAudit(tx, user, now, {
      action: "match.evaluate_delays",
      targetType: "match",
      targetId: match.id,
      targetLabel: matchLabel(match),
      details: changes(before, await evaluationState(tx, flightId)),
    });
  });
}

/** updateAffectation's change, one transaction. */
export function editAffectation(db: Database, user: AuthenticatedUser, body: operations["updateAffectation"]["requestBody"]["content"]["application/json"], expected: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const before = await lockAffectation(tx, body.id);
    if (!before) throw new HttpError(404, `No existe la afectación ${body.id}.`);
    const version = await claimViewerVersion(tx, before.flight_id, expected, user, now);
    const after = await updateAffectationRow(tx, body.id, body.affectation_number, body.observations);
    if (!after) throw new Error(`affectation ${body.id} vanished`);
    const diff = changes(
      { affectation_number: before.affectation_number, observations: before.observations },
      { affectation_number: after.affectation_number, observations: after.observations },
    );
    if (Object.keys(diff).length > 0) {
      const match = await findMatch(tx, await matchIdOf(tx, "flight_id", before.flight_id));
      await recordAudit(tx, user, now, {
        action: "affectation.update",
        targetType: "match",
        targetId: match.id,
        targetLabel: matchLabel(match),
        details: { code: after.code, ...diff },
      });
    }
    return { ...after, version };
  });
}

/** assignSlotLeftover's change, one transaction. */
export function assignLeftover(db: Database, user: AuthenticatedUser, params: { id: number }, slotId: number, expected: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id === null) {
      throw new HttpError(409, "Este match no tiene vuelo: un slot sobrante solo se asigna a un vuelo.");
    }
    await claimViewerVersion(tx, match.flight_id, expected, user, now);
    const flight = await flightMovement(tx, match.flight_id);
    const slot = await findSlot(tx, slotId);
    if (!slot) throw new HttpError(404, `No existe el slot ${slotId}.`);
    const leftovers = await leftoverSlots(tx, flight.movement_date, flight.is_arrival, flight.airport);
    if (!leftovers.some((s) => s.id === slotId)) {
      throw new HttpError(
        409,
        `El slot ${slot.flight_number} del ${slot.date} a las ${slot.time} no es un slot sobrante ` +
          `de la misma fecha y dirección que el vuelo ${match.flight_number ?? ""}.`,
      );
    }
    const slotBefore = await slotText(tx, match.slot_id);
    await recordManualDecision(tx, "assigned", match.flight_id, slotId, user.id, now);
    await rematch(tx, [match.date, flight.movement_date, slot.date]);
    const assigned = await findMatch(tx, await matchIdOf(tx, "flight_id", match.flight_id));
    await recordAudit(tx, user, now, {
      action: "match.assign_slot",
      targetType: "match",
      targetId: assigned.id,
      targetLabel: matchLabel(assigned),
      details: changes(
        { slot: slotBefore, general_status: match.general_status },
        { slot: await slotText(tx, slotId), general_status: assigned.general_status },
      ),
    });
    return assigned.id;
  });
}

/** separateMatch's change, one transaction. */
export function separate(db: Database, user: AuthenticatedUser, params: { id: number }, expected: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id !== null) await claimViewerVersion(tx, match.flight_id, expected, user, now);
    if (!isSeparable(match)) {
      throw new HttpError(
        409,
        `Solo se puede desvincular un match de vuelo con slot; este tiene estatus general ${match.general_status}.`,
      );
    }
    const slotBefore = await slotText(tx, match.slot_id);
    await recordManualDecision(tx, "separated", match.flight_id, match.slot_id, user.id, now);
    const dates = [match.date, match.flight_date, match.slot_date].filter((d): d is string => d !== null);
    await rematch(tx, dates);
    const flightMatchId = await matchIdOf(tx, "flight_id", match.flight_id);
    await recordAudit(tx, user, now, {
      action: "match.separate",
      targetType: "match",
      targetId: match.id,
      targetLabel: matchLabel(match),
      details: changes(
        { slot: slotBefore, general_status: match.general_status },
        { slot: null, general_status: await generalStatusOf(tx, flightMatchId) },
      ),
    });
    return [flightMatchId, await matchIdOf(tx, "slot_id", match.slot_id)];
  });
}

/** updateRealDates's change, one transaction. */
export function correctRealDates(db: Database, user: AuthenticatedUser, params: { id: number }, departure: number, arrival: number, expected: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id === null) {
      throw new HttpError(400, "Este match no tiene vuelo: no hay fechas reales que corregir.");
    }
    await claimViewerVersion(tx, match.flight_id, expected, user, now);
    const before = await realDatesState(tx, match.flight_id);
    await setRealDates(tx, match.flight_id, new Date(departure), new Date(arrival), now);
    // The real difference comes from the engine, like every other value of the row.
    await rematch(tx, [match.date]);
    const diff = changes(before, await realDatesState(tx, match.flight_id));
    if (Object.keys(diff).length > 0) {
      await recordAudit(tx, user, now, {
        action: "flight.real_dates",
        targetType: "flight",
        targetId: match.flight_id,
        targetLabel: auditLabel(match.flight_number, match.flight_date ?? match.date),
        details: diff,
      });
    }
  });
}
