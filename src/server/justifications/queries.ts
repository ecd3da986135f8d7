/** The SQL of the justifications room: a slot as justifying reads it, and justifications as the contract answers them. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { AICM_RULE } from "../../domain/monitoring/rule";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { justificationReasons, justifications, slots } from "../db/schema";
import { queryRows } from "../db/sql";

type Justification = components["schemas"]["Justification"];
type JustificationReason = components["schemas"]["JustificationReason"];

/** A reason as the contract answers it. */
export const reasonColumns = {
  id: justificationReasons.id,
  code: justificationReasons.code,
  label: justificationReasons.label,
  delay_codes: justificationReasons.delayCodes,
  active: justificationReasons.active,
  position: justificationReasons.position,
  version: justificationReasons.version,
};

/**
 * The reasons by position; only the active ones unless `includeInactive`. With a flight's delay
 * codes, `proposeJustification` (src/domain/monitoring/justification.ts) picks the one they propose.
 */
export async function listReasons(db: Database, includeInactive: boolean): Promise<JustificationReason[]> {
  return db
    .select(reasonColumns)
    .from(justificationReasons)
    .where(includeInactive ? undefined : eq(justificationReasons.active, true))
    .orderBy(asc(justificationReasons.position), asc(justificationReasons.id));
}

/** The airports of these slots (issue 37), each once: whose register a read or write of them touches. */
export async function airportsOfSlots(db: Database, slotIds: readonly number[]): Promise<string[]> {
  if (slotIds.length === 0) return [];
  const rows = await db.selectDistinct({ airport: slots.airport }).from(slots).where(inArray(slots.id, [...slotIds]));
  return rows.map((row) => row.airport);
}

/** The airport of a justification's slot; null when there is no such justification. */
export async function justificationAirport(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ airport: slots.airport })
    .from(justifications)
    .innerJoin(slots, eq(slots.id, justifications.slotId))
    .where(eq(justifications.id, id));
  return row?.airport ?? null;
}

/** A slot with what happened to it and its season's rule and end. */
export type SlotToJustify = {
  id: number;
  season: string;
  flightNumber: string;
  date: string;
  time: string;
  isArrival: boolean;
  /** The season's last day; null when the season is not registered. */
  seasonEnd: string | null;
  tolerance: number;
  flightId: number | null;
  /** Matched to a flight that was not cancelled. */
  operated: boolean;
  /** Minutes off the slot: actual − slot, else scheduled − slot (the matcher's); null without a flight. */
  difference: number | null;
};

/** The slot, its season's tolerance and end, its flight's use; null when there is no such slot. */
export async function slotToJustify(db: Database, slotId: number): Promise<SlotToJustify | null> {
  const [row] = await queryRows<{
    id: number;
    season: string;
    flight_number: string;
    date: string;
    time: string;
    is_arrival: boolean;
    season_end: string | null;
    tolerance: number | null;
    flight_id: number | null;
    cancelled: boolean;
    difference: number | null;
  }>(
    db,
    sql`select s.id, s.season, s.flight_number, s.date::text as date, s.time, s.is_arrival,
               se.end_date::text as season_end, se.tolerance_minutes as tolerance,
               f.id as flight_id, coalesce(f.status = 'C', false) as cancelled,
               coalesce(m.real_difference, m.scheduled_difference) as difference
        from slots s
        left join seasons se on se.airport = s.airport and se.name = s.season
        left join matches m on m.slot_id = s.id
        left join flights f on f.id = m.flight_id
        where s.id = ${slotId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    season: row.season,
    flightNumber: row.flight_number,
    date: row.date,
    time: row.time,
    isArrival: row.is_arrival,
    seasonEnd: row.season_end,
    tolerance: row.tolerance ?? AICM_RULE.tolerance,
    flightId: row.flight_id,
    operated: row.flight_id !== null && !row.cancelled,
    difference: row.difference,
  };
}

/**
 * The flight's delay codes in their order: the team's evaluation once the flight was evaluated,
 * else AIMS's (as Histórico and Reportes read them).
 */
export async function flightDelayCodes(db: Database, flightId: number | null): Promise<string[]> {
  if (flightId === null) return [];
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select d.code from flights f
        join lateral (
          select e.code, e.position from flight_delay_evaluations e where f.delays_evaluated_at is not null and e.flight_id = f.id
          union all
          select a.code, a.position from flight_delays a where f.delays_evaluated_at is null and a.flight_id = f.id
        ) d on true
        where f.id = ${flightId}
        order by d.position`,
  );
  return rows.map((row) => row.code);
}

const answerColumns = {
  id: justifications.id,
  slot_id: justifications.slotId,
  kind: justifications.kind,
  reason_id: justificationReasons.id,
  reason_code: justificationReasons.code,
  reason_label: justificationReasons.label,
  note: justifications.note,
  proposed_by_code: justifications.proposedByCode,
  file_name: justifications.fileName,
  created_by_name: justifications.createdByName,
  created_at: justifications.createdAt,
  version: justifications.version,
  updated_by_name: justifications.updatedByName,
  updated_at: justifications.updatedAt,
};

const isKind = (kind: string): kind is Justification["kind"] => kind === "not_used" || kind === "off_tolerance";

const selectAnswers = (db: Database) =>
  db.select(answerColumns).from(justifications).innerJoin(justificationReasons, eq(justificationReasons.id, justifications.reasonId));
type AnswerRow = Awaited<ReturnType<typeof selectAnswers>>[number];

/** The justifications of these slots, as the contract answers them, by slot id. */
export async function justificationsOfSlots(db: Database, slotIds: readonly number[]): Promise<Justification[]> {
  if (slotIds.length === 0) return [];
  return answers(await selectAnswers(db).where(inArray(justifications.slotId, [...slotIds])).orderBy(asc(justifications.slotId)));
}

/** One justification as the contract answers it; null when there is none. */
export async function justificationById(db: Database, id: number): Promise<Justification | null> {
  return answers(await selectAnswers(db).where(eq(justifications.id, id)))[0] ?? null;
}

function answers(rows: readonly AnswerRow[]): Justification[] {
  return rows.map((row) => {
    // The table's check allows only the two kinds.
    if (!isKind(row.kind)) throw new Error(`justification ${row.id} has kind ${row.kind}`);
    return {
      id: row.id,
      slot_id: row.slot_id,
      kind: row.kind,
      reason: { id: row.reason_id, code: row.reason_code, label: row.reason_label },
      note: row.note,
      proposed_by_code: row.proposed_by_code,
      file_name: row.file_name,
      created_by_name: row.created_by_name,
      created_at: row.created_at.toISOString(),
      version: row.version,
      updated_by_name: row.updated_by_name,
      updated_at: row.updated_at.toISOString(),
    };
  });
}
