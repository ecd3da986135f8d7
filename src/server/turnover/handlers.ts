/**
 * Entrega de turno and the match viewer (seed 001 §2.1, §2.6, §7): the turnover rows, the CSV
 * download, the delay codes, delay evaluation and affectations, the slot's change history,
 * leftover slots, the two manual decisions (separate, assign a leftover slot), the Admin's
 * correction of real dates. Every change runs in one transaction.
 */
import { sql } from "drizzle-orm";
import { type InstantRange, rangeInstants } from "../../domain/dateRange";
import { differenceToSlot, isSeparable } from "../../domain/matching";
import type { DayZone } from "../../domain/zones";
import { changes, recordAudit } from "../audit/record";
import type { components } from "../../generated/openapi";
import { MAX_INT32 } from "../contract/load";
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { HttpError } from "../http/errors";
import { turnoverCsv, TURNOVER_CSV_NAME } from "./download";
import { syncAffectations } from "../flights/delays";
import { rematch } from "../matching/rematch";
import { slotChanges } from "../slots/register";
import { type RowSelection, rowsShapeFor, turnoverRow, turnoverRows, turnoverRowsJson } from "./rows";
import { bulkInsert, isoUtc, queryRows } from "../db/sql";

type TurnoverRow = components["schemas"]["TurnoverRow"];

/** The widest range the turnover answers (a season is 7 months at most: 190 days covers one view). */
export const MAX_RANGE_DAYS = 190;
const DAY_MS = 86_400_000;

/**
 * The UTC instants [start, end) of a range of whole days of `zone` (DESIGN.md §6: a day is a
 * day of the zone the user looks in), after checking that the range is ordered and at most
 * MAX_RANGE_DAYS long.
 */
function checkedRange(start: string, end: string, zone: DayZone): InstantRange {
  if (end < start) {
    const message = "La fecha final no puede ser anterior a la fecha inicial.";
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  if ((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS > MAX_RANGE_DAYS) {
    const message = `El rango de fechas no puede pasar de ${MAX_RANGE_DAYS} días.`;
    throw new HttpError(400, message, [{ field: "end", message }]);
  }
  return rangeInstants({ start, end }, zone);
}

type MatchRecord = {
  id: number;
  date: string;
  is_arrival: boolean;
  general_status: string;
  slot_id: number | null;
  flight_id: number | null;
  flight_date: string | null;
  slot_date: string | null;
  flight_number: string | null;
  slot_name: string | null;
};

/** The match with its flight's and slot's dates, locked for the rest of the transaction; 404 if unknown. */
async function findMatch(db: Database, id: number, lock = false): Promise<MatchRecord> {
  const [match] = await queryRows<MatchRecord>(
    db,
    sql`select m.id, m.date, m.is_arrival, m.general_status, m.slot_id, m.flight_id,
          f.movement_date as flight_date, s.date as slot_date, f.flight_number, s.flight_number as slot_name
        from matches m left join flights f on f.id = m.flight_id left join slots s on s.id = m.slot_id
        where m.id = ${id} ${lock ? sql`for update of m` : sql``}`,
  );
  if (!match) throw new HttpError(404, `No existe el match ${id}.`);
  return match;
}

async function rowOrFail(db: Database, id: number): Promise<TurnoverRow> {
  const row = await turnoverRow(db, id);
  if (!row) throw new HttpError(404, `No existe el match ${id}.`);
  return row;
}

/** The id of the match that holds a flight (or a slot) now. */
async function matchIdOf(db: Database, column: "flight_id" | "slot_id", id: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from matches where ${sql.identifier(column)} = ${id}`);
  if (!row) throw new Error(`no match holds ${column} ${id}`);
  return row.id;
}

// ---- audit ------------------------------------------------------------------------------------

/** How the audit log names a flight or a match: the flight number (or the slot's) and the UTC date. */
const auditLabel = (name: string | null, date: string) => `${name ?? "—"} ${date} (UTC)`;

const matchLabel = (match: MatchRecord) => auditLabel(match.flight_number ?? match.slot_name, match.date);

/** A slot as the audit log shows it: number, UTC date and time ("VB114 2026-11-20 23:30 UTC"). */
async function slotText(db: Database, slotId: number | null): Promise<string | null> {
  if (slotId === null) return null;
  const [slot] = await queryRows<{ flight_number: string; date: string; time: string }>(
    db,
    sql`select flight_number, date, time from slots where id = ${slotId}`,
  );
  return slot ? `${slot.flight_number} ${slot.date} ${slot.time} UTC` : null;
}

async function generalStatusOf(db: Database, matchId: number): Promise<string | null> {
  const [row] = await queryRows<{ general_status: string }>(db, sql`select general_status from matches where id = ${matchId}`);
  return row?.general_status ?? null;
}

type DelayText = { code: string; minutes: number; cause: string };

/** "41 20 min (Falla en APU), 93 10 min", or null for none. */
const delaysText = (delays: readonly DelayText[]): string | null =>
  delays.length === 0
    ? null
    : delays.map((d) => `${d.code} ${d.minutes} min${d.cause ? ` (${d.cause})` : ""}`).join(", ");

/** The delays the viewer shows for a flight now (its evaluation, else AIMS's codes) and its observations. */
async function evaluationState(db: Database, flightId: number): Promise<{ delays: string | null; observations: string }> {
  const [state] = await queryRows<{ observations: string; evaluated: boolean }>(
    db,
    sql`select delay_observations as observations, delays_evaluated_at is not null as evaluated
        from flights where id = ${flightId}`,
  );
  const delays = await queryRows<DelayText>(
    db,
    state?.evaluated
      ? sql`select code, minutes, cause from flight_delay_evaluations where flight_id = ${flightId} order by position`
      : sql`select code, minutes, '' as cause from flight_delays where flight_id = ${flightId} order by position`,
  );
  return { delays: delaysText(delays), observations: state?.observations ?? "" };
}

/** A flight's real dates (ISO UTC) and the real difference of its match. */
async function realDatesState(db: Database, flightId: number) {
  const [state] = await queryRows<{
    actual_departure: string | null;
    actual_arrival: string | null;
    real_difference: number | null;
  }>(
    db,
    sql`select ${isoUtc(sql`f.actual_departure`)} as actual_departure, ${isoUtc(sql`f.actual_arrival`)} as actual_arrival,
          m.real_difference
        from flights f left join matches m on m.flight_id = f.id where f.id = ${flightId}`,
  );
  return state ?? { actual_departure: null, actual_arrival: null, real_difference: null };
}

// ---- reads ------------------------------------------------------------------------------------

export const getTurnover: Handler<"getTurnover"> = async ({ body, services }) => {
  let selection: RowSelection;
  if ("id" in body) selection = { ids: [body.id] };
  else if ("filter_slots" in body) selection = { slotIds: body.filter_slots };
  else {
    selection = {
      span: checkedRange(body.start, body.end, body.time_zone),
      ...(body.filter_status ? { filters: body.filter_status } : {}),
      ...(body.filter_difference ? { differences: body.filter_difference } : {}),
    };
  }
  return { status: 200, json: await turnoverRowsJson(services.db, selection, rowsShapeFor(services.dbKind)) };
};

export const getTurnoverByIds: Handler<"getTurnoverByIds"> = async ({ query, services }) => {
  const span = checkedRange(query.start, query.end, query.time_zone);
  const ids = [...new Set(query.ids.split(",").map(Number))];
  // The pattern admits any digits; an id is a PostgreSQL integer.
  if (ids.some((id) => id < 1 || id > MAX_INT32)) {
    const message = `Cada id debe ser un número entero de 1 a ${MAX_INT32}.`;
    throw new HttpError(400, message, [{ field: "ids", message }]);
  }
  if (ids.length > 500) {
    const message = "Se pueden pedir como máximo 500 matches a la vez.";
    throw new HttpError(400, message, [{ field: "ids", message }]);
  }
  const selection = { ids, span };
  return { status: 200, json: await turnoverRowsJson(services.db, selection, rowsShapeFor(services.dbKind)) };
};

export const getMatch: Handler<"getMatch"> = async ({ params, services }) => {
  return { status: 200, body: [await rowOrFail(services.db, params.id)] };
};

export const downloadTurnover: Handler<"downloadTurnover"> = async ({ body, reply, services }) => {
  const rows = await turnoverRows(services.db, {
    span: checkedRange(body.start, body.end, body.time_zone),
    ...(body.filters ? { filters: body.filters } : {}),
  });
  reply
    .type("text/csv; charset=utf-8")
    .header(
      "Content-Disposition",
      `attachment; filename="${TURNOVER_CSV_NAME}"; filename*=UTF-8''${encodeURIComponent(TURNOVER_CSV_NAME)}`,
    );
  return { status: 200, body: turnoverCsv(rows, body.time_zone) };
};

export const listDelayCodes: Handler<"listDelayCodes"> = async ({ query, services }) => {
  const codes = await queryRows<{ code: string; description: string }>(
    services.db,
    sql`select code, description from delay_codes order by code`,
  );
  return { status: 200, body: query.codes_only ? codes.map(({ code }) => ({ code })) : codes };
};

export const listSlotChanges: Handler<"listSlotChanges"> = async ({ params, services }) => {
  const match = await findMatch(services.db, params.id);
  if (match.slot_id === null) return { status: 200, body: [] };
  return { status: 200, body: await slotChanges(services.db, match.slot_id) };
};

type LeftoverRecord = {
  id: number;
  name: string;
  slot_schedule_date: string;
  slot_schedule_time: string;
  frequency: number;
  aircraft_capacity: number;
  aircraft_type: string;
  airport: string;
  flight_type: string;
  is_arrival: boolean;
};

/** Slots with no flight (general status A) of a UTC date and direction, not cancelled. */
async function leftoverSlots(db: Database, date: string, isArrival: boolean): Promise<LeftoverRecord[]> {
  return queryRows<LeftoverRecord>(
    db,
    sql`select s.id, s.flight_number as name, s.date as slot_schedule_date, s.time as slot_schedule_time,
          s.frequency::int as frequency, s.seats as aircraft_capacity, s.aircraft_type, s.route as airport,
          s.service_type as flight_type, s.is_arrival
        from matches m join slots s on s.id = m.slot_id
        where m.flight_id is null and m.general_status = 'A' and s.date = ${date}::date
          and s.is_arrival = ${isArrival} and s.status not in ('CAN', 'C')`,
  );
}

/** The flight's scheduled movement at MEX (ISO) and its UTC date. */
async function flightMovement(db: Database, flightId: number) {
  const [flight] = await queryRows<{ movement_date: string; is_arrival: boolean; scheduled_at: string }>(
    db,
    sql`select movement_date, is_arrival,
          ${isoUtc(sql`case when is_arrival then scheduled_arrival else scheduled_departure end`)} as scheduled_at
        from flights where id = ${flightId}`,
  );
  if (!flight) throw new Error(`flight ${flightId} vanished`);
  return flight;
}

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
  const rows = await queryRows<components["schemas"]["Affectation"]>(
    services.db,
    sql`select a.id, a.code, a.date, a.affectation, a.affectation_number, a.observations
        from affectations a join flights f on f.id = a.flight_id
        left join lateral (
          select min(d.position) as position from (
            select fe.position from flight_delay_evaluations fe
            where fe.flight_id = f.id and fe.code = a.code and f.delays_evaluated_at is not null
            union all
            select fd.position from flight_delays fd
            where fd.flight_id = f.id and fd.code = a.code and f.delays_evaluated_at is null
          ) d
        ) o on true
        where a.flight_id = ${match.flight_id} order by o.position nulls last, a.id`,
  );
  return { status: 200, body: rows };
};

// ---- changes ----------------------------------------------------------------------------------

export const evaluateMatchDelays: Handler<"evaluateMatchDelays"> = async ({ params, body, user, services }) => {
  await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true);
    if (match.flight_id === null) {
      throw new HttpError(400, "Este match no tiene vuelo: no hay demoras que evaluar.");
    }
    const known = new Set(
      (await queryRows<{ code: string }>(tx, sql`select code from delay_codes`)).map((row) => row.code),
    );
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
    await tx.execute(sql`delete from flight_delay_evaluations where flight_id = ${flightId}`);
    await bulkInsert(
      tx,
      "flight_delay_evaluations",
      [
        ["flight_id", "int"],
        ["position", "smallint"],
        ["code", "text"],
        ["minutes", "int"],
        ["cause", "text"],
      ],
      body.delays.map((delay, i) => ({
        flight_id: flightId,
        position: i + 1,
        code: delay.code,
        minutes: delay.minutes,
        cause: delay.cause?.trim() ?? "",
      })),
    );
    await tx.execute(sql`
      update flights set delays_evaluated_at = ${services.now().toISOString()}::timestamptz, updated_at = now()
        ${body.observations !== undefined ? sql`, delay_observations = ${body.observations.trim()}` : sql``}
      where id = ${flightId}`);
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

export const updateAffectation: Handler<"updateAffectation"> = async ({ body, user, services }) => {
  const row = await services.db.transaction(async (tx) => {
    const [before] = await queryRows<{ flight_id: number; affectation_number: number; observations: string }>(
      tx,
      sql`select flight_id, affectation_number, observations from affectations where id = ${body.id} for update`,
    );
    if (!before) throw new HttpError(404, `No existe la afectación ${body.id}.`);
    const [after] = await queryRows<components["schemas"]["Affectation"]>(
      tx,
      sql`update affectations set affectation_number = ${body.affectation_number}, observations = ${body.observations.trim()}
          where id = ${body.id}
          returning id, code, date, affectation, affectation_number, observations`,
    );
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
    return after;
  });
  return { status: 200, body: row };
};

export const assignSlotLeftover: Handler<"assignSlotLeftover"> = async ({ params, body, user, services }) => {
  const slotId = body.match_slot_leftover;
  const matchId = await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true);
    if (match.flight_id === null) {
      throw new HttpError(409, "Este match no tiene vuelo: un slot sobrante solo se asigna a un vuelo.");
    }
    const flight = await flightMovement(tx, match.flight_id);
    const [slot] = await queryRows<{ id: number; flight_number: string; date: string; time: string }>(
      tx,
      sql`select id, flight_number, date, time from slots where id = ${slotId}`,
    );
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
    await tx.execute(sql`
      insert into manual_decisions (kind, flight_id, slot_id, user_id, at)
      values ('assigned', ${match.flight_id}, ${slotId}, ${user.id}, ${services.now().toISOString()}::timestamptz)`);
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

export const separateMatch: Handler<"separateMatch"> = async ({ params, user, services }) => {
  const ids = await services.db.transaction(async (tx) => {
    const match = await findMatch(tx, params.id, true);
    if (!isSeparable(match)) {
      throw new HttpError(
        409,
        `Solo se puede desvincular un match de vuelo con slot; este tiene estatus general ${match.general_status}.`,
      );
    }
    const slotBefore = await slotText(tx, match.slot_id);
    await tx.execute(sql`
      insert into manual_decisions (kind, flight_id, slot_id, user_id, at)
      values ('separated', ${match.flight_id}, ${match.slot_id}, ${user.id}, ${services.now().toISOString()}::timestamptz)`);
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
  return { status: 200, body: ordered };
};

export const updateRealDates: Handler<"updateRealDates"> = async ({ params, body, user, services }) => {
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
    const match = await findMatch(tx, params.id, true);
    if (match.flight_id === null) {
      throw new HttpError(400, "Este match no tiene vuelo: no hay fechas reales que corregir.");
    }
    const before = await realDatesState(tx, match.flight_id);
    await tx.execute(sql`
      update flights set actual_departure = ${new Date(departure).toISOString()}::timestamptz,
        actual_arrival = ${new Date(arrival).toISOString()}::timestamptz, updated_at = now()
      where id = ${match.flight_id}`);
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
