/**
 * The match viewer (seed 001 §2.6): one match's row, the delay codes, delay evaluation and
 * affectations, the slot's change history, leftover slots, the two manual decisions (separate,
 * assign a leftover slot), the Admin's correction of real dates. Every change runs in one
 * transaction.
 */
import { differenceToSlot, isSeparable } from "../../domain/matching";
import type { components } from "../../generated/openapi";
import { changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { syncAffectations } from "../flights/delays";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion, expectedVersion } from "../http/versions";
import { rematch } from "../matching/rematch";
import { slotChanges } from "../slots/register";
import { turnoverRow, turnoverRows } from "../turnover/rows";
import {
  actualSources,
  bumpViewerVersion,
  delayCodeList,
  evaluationState,
  findMatch,
  findSlot,
  flightAffectations,
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
  replaceDelayEvaluation,
  setRealDates,
  slotText,
  updateAffectationRow,
  viewerVersion,
} from "./queries";

type TurnoverRow = components["schemas"]["TurnoverRow"];

/** The match's row as the viewer shows it: with where its flight's actual times came from and its version. */
async function rowOrFail(db: Database, id: number): Promise<TurnoverRow> {
  const row = await turnoverRow(db, id);
  if (!row) throw new HttpError(404, `No existe el match ${id}.`);
  return viewerRow(db, row);
}

async function viewerRow(db: Database, row: TurnoverRow): Promise<TurnoverRow> {
  if (row.flight_id === null) return row;
  const [sources, version] = await Promise.all([actualSources(db, row.flight_id), viewerVersion(db, row.flight_id)]);
  return { ...row, flight_actual_sources: sources, version };
}

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

// ---- reads ------------------------------------------------------------------------------------

export const getMatch: Handler<"getMatch"> = async ({ params, services }) => {
  return { status: 200, body: [await rowOrFail(services.db, params.id)] };
};

export const listDelayCodes: Handler<"listDelayCodes"> = async ({ query, services }) => {
  const codes = await delayCodeList(services.db);
  return { status: 200, body: query.codes_only ? codes.map(({ code }) => ({ code })) : codes };
};

export const listSlotChanges: Handler<"listSlotChanges"> = async ({ params, services }) => {
  const match = await findMatch(services.db, params.id);
  if (match.slot_id === null) return { status: 200, body: [] };
  return { status: 200, body: await slotChanges(services.db, match.slot_id) };
};

export const listSlotLeftovers: Handler<"listSlotLeftovers"> = async ({ params, services }) => {
  const match = await findMatch(services.db, params.id);
  if (match.flight_id === null) return { status: 200, body: [] };
  const flight = await flightMovement(services.db, match.flight_id);
  const slots = await leftoverSlots(services.db, flight.movement_date, flight.is_arrival);
  const body = slots
    .map((slot) => ({
      ...slot,
      difference: differenceToSlot(flight.scheduled_at, slot.slot_schedule_date, slot.slot_schedule_time),
    }))
    .sort(
      (a, b) =>
        Math.abs(a.difference) - Math.abs(b.difference) ||
        a.slot_schedule_time.localeCompare(b.slot_schedule_time) ||
        a.id - b.id,
    );
  return { status: 200, body };
};

export const listAffectations: Handler<"listAffectations"> = async ({ params, services }) => {
  const match = await findMatch(services.db, params.id);
  // A leftover slot has no flight, hence no delays and no affectations.
  if (match.flight_id === null) return { status: 200, body: [] };
  return { status: 200, body: await flightAffectations(services.db, match.flight_id) };
};

// ---- changes ----------------------------------------------------------------------------------

export const evaluateMatchDelays: Handler<"evaluateMatchDelays"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id === null) {
      throw new HttpError(400, "Este match no tiene vuelo: no hay demoras que evaluar.");
    }
    await claimViewerVersion(tx, match.flight_id, expected, user, services.now());
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
    await replaceDelayEvaluation(tx, flightId, body.delays, body.observations, services.now());
    await syncAffectations(tx, [flightId]);
    // Recorded even when nothing changed: evaluating is itself the act (it stamps delays_evaluated_at).
    await recordAudit(tx, user, services.now(), {
      action: "match.evaluate_delays",
      targetType: "match",
      targetId: match.id,
      targetLabel: matchLabel(match),
      details: changes(before, await evaluationState(tx, flightId)),
    });
  });
  return { status: 200, body: await rowOrFail(services.db, params.id) };
};

export const updateAffectation: Handler<"updateAffectation"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const row = await services.db.transaction(async (tx) => {
    const before = await lockAffectation(tx, body.id);
    if (!before) throw new HttpError(404, `No existe la afectación ${body.id}.`);
    const version = await claimViewerVersion(tx, before.flight_id, expected, user, services.now());
    const after = await updateAffectationRow(tx, body.id, body.affectation_number, body.observations);
    if (!after) throw new Error(`affectation ${body.id} vanished`);
    const diff = changes(
      { affectation_number: before.affectation_number, observations: before.observations },
      { affectation_number: after.affectation_number, observations: after.observations },
    );
    if (Object.keys(diff).length > 0) {
      const match = await findMatch(tx, await matchIdOf(tx, "flight_id", before.flight_id));
      await recordAudit(tx, user, services.now(), {
        action: "affectation.update",
        targetType: "match",
        targetId: match.id,
        targetLabel: matchLabel(match),
        details: { code: after.code, ...diff },
      });
    }
    return { ...after, version };
  });
  return { status: 200, body: row };
};

export const assignSlotLeftover: Handler<"assignSlotLeftover"> = async ({ params, body, user, request, services }) => {
  const slotId = body.match_slot_leftover;
  const expected = expectedVersion(request, body.version);
  const matchId = await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id === null) {
      throw new HttpError(409, "Este match no tiene vuelo: un slot sobrante solo se asigna a un vuelo.");
    }
    await claimViewerVersion(tx, match.flight_id, expected, user, services.now());
    const flight = await flightMovement(tx, match.flight_id);
    const slot = await findSlot(tx, slotId);
    if (!slot) throw new HttpError(404, `No existe el slot ${slotId}.`);
    const leftovers = await leftoverSlots(tx, flight.movement_date, flight.is_arrival);
    if (!leftovers.some((s) => s.id === slotId)) {
      throw new HttpError(
        409,
        `El slot ${slot.flight_number} del ${slot.date} a las ${slot.time} no es un slot sobrante ` +
          `de la misma fecha y dirección que el vuelo ${match.flight_number ?? ""}.`,
      );
    }
    const slotBefore = await slotText(tx, match.slot_id);
    await recordManualDecision(tx, "assigned", match.flight_id, slotId, user.id, services.now());
    await rematch(tx, [match.date, flight.movement_date, slot.date]);
    const assigned = await findMatch(tx, await matchIdOf(tx, "flight_id", match.flight_id));
    await recordAudit(tx, user, services.now(), {
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
  return { status: 200, body: await rowOrFail(services.db, matchId) };
};

export const separateMatch: Handler<"separateMatch"> = async ({ params, user, request, services }) => {
  const expected = expectedVersion(request);
  const ids = await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id !== null) await claimViewerVersion(tx, match.flight_id, expected, user, services.now());
    if (!isSeparable(match)) {
      throw new HttpError(
        409,
        `Solo se puede desvincular un match de vuelo con slot; este tiene estatus general ${match.general_status}.`,
      );
    }
    const slotBefore = await slotText(tx, match.slot_id);
    await recordManualDecision(tx, "separated", match.flight_id, match.slot_id, user.id, services.now());
    const dates = [match.date, match.flight_date, match.slot_date].filter((d): d is string => d !== null);
    await rematch(tx, dates);
    const flightMatchId = await matchIdOf(tx, "flight_id", match.flight_id);
    await recordAudit(tx, user, services.now(), {
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
  const rows = await turnoverRows(services.db, { ids });
  const ordered = ids.map((id) => rows.find((row) => row.id === id)).filter((row): row is TurnoverRow => !!row);
  return { status: 200, body: await Promise.all(ordered.map((row) => viewerRow(services.db, row))) };
};

export const updateRealDates: Handler<"updateRealDates"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const departure = Date.parse(body.actual_dep);
  const arrival = Date.parse(body.actual_arr);
  if (departure > arrival) {
    const message = "La salida real no puede ser posterior a la llegada real.";
    throw new HttpError(400, message, [
      { field: "actual_dep", message },
      { field: "actual_arr", message: "La llegada real no puede ser anterior a la salida real." },
    ]);
  }
  await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true, expected);
    if (match.flight_id === null) {
      throw new HttpError(400, "Este match no tiene vuelo: no hay fechas reales que corregir.");
    }
    await claimViewerVersion(tx, match.flight_id, expected, user, services.now());
    const before = await realDatesState(tx, match.flight_id);
    await setRealDates(tx, match.flight_id, new Date(departure), new Date(arrival), services.now());
    // The real difference comes from the engine, like every other value of the row.
    await rematch(tx, [match.date]);
    const diff = changes(before, await realDatesState(tx, match.flight_id));
    if (Object.keys(diff).length > 0) {
      await recordAudit(tx, user, services.now(), {
        action: "flight.real_dates",
        targetType: "flight",
        targetId: match.flight_id,
        targetLabel: auditLabel(match.flight_number, match.flight_date ?? match.date),
        details: diff,
      });
    }
  });
  return { status: 200, body: await rowOrFail(services.db, params.id) };
};
