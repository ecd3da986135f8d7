/**
 * The match viewer (seed 001 §2.6): one match's row, the delay codes, delay evaluation and
 * affectations, the slot's change history, leftover slots, the two manual decisions (separate,
 * assign a leftover slot), the Admin's correction of real dates. Every change runs in one
 * transaction (changes.ts).
 */
import { differenceToSlot } from "../../domain/matching";
import { assertRecordsAccess } from "../airports/access";
import type { components } from "../../generated/openapi";
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { HttpError } from "../http/errors";
import { expectedVersion } from "../http/versions";
import { slotChanges } from "../slots/register";
import { turnoverRow, turnoverRows } from "../turnover/rows";
import { assignLeftover, correctRealDates, editAffectation, evaluateDelays, separate } from "./changes";
import {
  actualSources,
  delayCodeList,
  findMatch,
  flightAffectations,
  flightMovement,
  leftoverSlots,
  viewerVersion } from "./queries";

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

// ---- reads ------------------------------------------------------------------------------------

export const getMatch: Handler<"getMatch"> = async ({ params, user, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
  return { status: 200, body: [await rowOrFail(services.db, params.id)] };
};

export const listDelayCodes: Handler<"listDelayCodes"> = async ({ query, services }) => {
  const codes = await delayCodeList(services.db);
  return { status: 200, body: query.codes_only ? codes.map(({ code }) => ({ code })) : codes };
};

export const listSlotChanges: Handler<"listSlotChanges"> = async ({ params, user, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
  const match = await findMatch(services.db, params.id);
  if (match.slot_id === null) return { status: 200, body: [] };
  return { status: 200, body: await slotChanges(services.db, match.slot_id) };
};

export const listSlotLeftovers: Handler<"listSlotLeftovers"> = async ({ params, user, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
  const match = await findMatch(services.db, params.id);
  if (match.flight_id === null) return { status: 200, body: [] };
  const flight = await flightMovement(services.db, match.flight_id);
  const slots = await leftoverSlots(services.db, flight.movement_date, flight.is_arrival, flight.airport);
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

export const listAffectations: Handler<"listAffectations"> = async ({ params, user, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
  const match = await findMatch(services.db, params.id);
  // A leftover slot has no flight, hence no delays and no affectations.
  if (match.flight_id === null) return { status: 200, body: [] };
  return { status: 200, body: await flightAffectations(services.db, match.flight_id) };
};

// ---- changes ----------------------------------------------------------------------------------

export const evaluateMatchDelays: Handler<"evaluateMatchDelays"> = async ({ params, body, user, request, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
  const expected = expectedVersion(request, body.version);
  await evaluateDelays(services.db, user, params, body, expected, services.now());
  return { status: 200, body: await rowOrFail(services.db, params.id) };
};

export const updateAffectation: Handler<"updateAffectation"> = async ({ body, user, request, services }) => {
  await assertRecordsAccess(services, user, { affectationIds: [body.id] });
  const expected = expectedVersion(request, body.version);
  const row = await editAffectation(services.db, user, body, expected, services.now());
  return { status: 200, body: row };
};

export const assignSlotLeftover: Handler<"assignSlotLeftover"> = async ({ params, body, user, request, services }) => {
  await assertRecordsAccess(services, user, { matchIds: [params.id], slotIds: [body.match_slot_leftover] });
  const expected = expectedVersion(request, body.version);
  const matchId = await assignLeftover(services.db, user, params, body.match_slot_leftover, expected, services.now());
  return { status: 200, body: await rowOrFail(services.db, matchId) };
};

export const separateMatch: Handler<"separateMatch"> = async ({ params, user, request, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
  const expected = expectedVersion(request);
  const ids = await separate(services.db, user, params, expected, services.now());
  const rows = await turnoverRows(services.db, { ids });
  const ordered = ids.map((id) => rows.find((row) => row.id === id)).filter((row): row is TurnoverRow => !!row);
  return { status: 200, body: await Promise.all(ordered.map((row) => viewerRow(services.db, row))) };
};

export const updateRealDates: Handler<"updateRealDates"> = async ({ params, body, user, request, services }) => {
  // Issue 37: the match's airport must be the caller's.
  await assertRecordsAccess(services, user, { matchIds: [params.id] });
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
  await correctRealDates(services.db, user, params, departure, arrival, expected, services.now());
  return { status: 200, body: await rowOrFail(services.db, params.id) };
};
