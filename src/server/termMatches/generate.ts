/**
 * Generating medium- and short-term matches (issue 15 item 3): the plan of a range (the flights
 * of the `flights` table that have no actual time yet, and the slots) is paired by the domain
 * (`comparePlan`, the same optimal matcher as Entrega de turno) and kept as a generation with its
 * result file, in one transaction.
 *
 * `compute`: Entrega de turno reads the `matches` table, which every import and upload already
 * keeps re-matched for every date (src/server/matching/rematch.ts). Computing a generation
 * re-matches the range's dates in the same transaction, so the stored pairs — the ones Entrega de
 * turno shows for those future dates, manual decisions included — are the current plan's even
 * when something changed the flights or slots without a rematch. It never adds rows of its own:
 * the table stays one row per flight and per slot.
 */
import { sql } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";
import { matchesFileTexts } from "../../domain/termMatches/fileTexts";
import {
  alreadyExistsMessage,
  comparePlan,
  type DayRange,
  type GenerationKind,
  type PlanFlight,
  type PlanSlot,
  planRowCells,
  planSpan,
  rangeProblem,
  runningMessage,
} from "../../domain/termMatches";
import { isFlightStatus, isSlotStatus } from "../../domain/matching";
import { addDays, seasonCodeForDate } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { isoUtc, queryJson, queryRows } from "../db/sql";
import { writeCsv } from "../formats/csv";
import { HttpError, sqlStateOf } from "../http/errors";
import { rematch } from "../matching/rematch";

export type MatchGeneration = components["schemas"]["MatchGeneration"];

/** The ranges being generated, per database: a second request for one of them is refused. */
const running = new WeakMap<Database, Set<string>>();

/**
 * Runs `work` while holding the range of `kind`; throws the Spanish 409 when it is already held.
 * Exported so a test can hold a range and prove the refusal.
 */
export async function withRangeLock<T>(
  db: Database,
  kind: GenerationKind,
  range: DayRange,
  work: () => Promise<T>,
  airport = DEFAULT_AIRPORT,
): Promise<T> {
  const key = `${airport}|${kind}|${range.start}|${range.end}`;
  let held = running.get(db);
  if (!held) {
    held = new Set();
    running.set(db, held);
  }
  if (held.has(key)) throw new HttpError(409, runningMessage(kind));
  held.add(key);
  try {
    return await work();
  } finally {
    held.delete(key);
  }
}

/** The slots and planned flights of `span` (UTC dates, inclusive) at `airport` (issue 37). */
export async function loadPlan(db: Database, span: DayRange, airport = DEFAULT_AIRPORT): Promise<{ slots: PlanSlot[]; flights: PlanFlight[] }> {
  type SlotTuple = [number, string, string, boolean, string, string, string, string];
  const slots = (
    await queryJson<SlotTuple>(
      db,
      sql`select json_agg(json_build_array(id, date, time, is_arrival, flight_number, status, aircraft_type, route) order by id)::text as j
          from slots where airport = ${airport} and date between ${span.start} and ${span.end}`,
    )
  ).map(([id, date, time, isArrival, flightNumber, status, aircraftType, route]): PlanSlot => {
    if (!isSlotStatus(status)) throw new Error(`slot ${id} has an unknown status ${status}`);
    return { id, date, time, isArrival, flightNumber, status, aircraftType, route };
  });
  type FlightTuple = [number, string, boolean, string, string | null, string, string, string];
  const flights = (
    await queryJson<FlightTuple>(
      db,
      sql`select json_agg(json_build_array(id, date, is_arrival, flight_number, aircraft_type, status,
            ${isoUtc(sql`case when is_arrival then scheduled_arrival else scheduled_departure end`)},
            case when is_arrival then origin else destination end) order by id)::text as j
          from flights
          where airport = ${airport} and movement_date between ${span.start} and ${span.end}
            and (case when is_arrival then actual_arrival else actual_departure end) is null`,
    )
  ).map(([id, date, isArrival, flightNumber, aircraftType, status, scheduledAt, route]): PlanFlight => {
    if (!isFlightStatus(status)) throw new Error(`flight ${id} has an unknown status ${status}`);
    return { id, date, isArrival, flightNumber, aircraftType, status, scheduledAt, actualAt: null, route };
  });
  return { slots, flights };
}

/** A stored generation as read back: the contract's shape, its kind still a plain text until checked. */
type GenerationRow = Omit<MatchGeneration, "kind"> & { kind: string };

const GENERATION_COLUMNS = sql`id, kind, ${isoUtc(sql`created_at`)} as created_at, start_date::text as start_date,
  end_date::text as end_date, computed, result_csv is not null as has_file, flights, slots, paired, without_slot,
  leftover_slots, off_slot`;

const isKind = (kind: string): kind is GenerationKind => kind === "medium" || kind === "short";

const toGeneration = (row: GenerationRow): MatchGeneration => {
  if (!isKind(row.kind)) throw new Error(`generation ${row.id} has an unknown kind ${row.kind}`);
  return { ...row, kind: row.kind };
};

export type GenerationFilter = { season?: string | undefined; start?: string | undefined; end?: string | undefined };

/** The generations of a kind at an airport (issue 37), newest first; the filters combine with AND. */
export async function listGenerations(
  db: Database,
  kind: GenerationKind,
  filter: GenerationFilter,
  airport = DEFAULT_AIRPORT,
): Promise<MatchGeneration[]> {
  const conditions = [sql`airport = ${airport}`, sql`kind = ${kind}`];
  if (filter.season) conditions.push(sql`season = ${filter.season}`);
  if (filter.start) conditions.push(sql`end_date >= ${filter.start}`);
  if (filter.end) conditions.push(sql`start_date <= ${filter.end}`);
  const rows = await queryRows<GenerationRow>(
    db,
    sql`select ${GENERATION_COLUMNS} from match_generations where ${sql.join(conditions, sql` and `)}
        order by created_at desc, id desc`,
  );
  return rows.map(toGeneration);
}

export type GenerateInput = {
  kind: GenerationKind;
  range: DayRange;
  compute: boolean;
  writeFile: boolean;
  userId: number | null;
  /** Whose slots and flights are compared (issue 37); each airport keeps its own generations. */
  airport: string;
};

/** Generates, or throws the Spanish 400 (bad range) or 409 (exists or running). Nothing is kept on a refusal. */
export async function generateMatches(db: Database, input: GenerateInput): Promise<MatchGeneration> {
  const { kind, range, airport } = input;
  const problem = rangeProblem(range);
  if (problem) throw new HttpError(400, problem, [{ field: "end_date", message: problem }]);
  return withRangeLock(db, kind, range, async () => {
    const exists = await queryRows<{ id: number }>(
      db,
      sql`select id from match_generations
          where airport = ${airport} and kind = ${kind} and start_date = ${range.start} and end_date = ${range.end}`,
    );
    if (exists.length > 0) throw new HttpError(409, alreadyExistsMessage(kind));
    try {
      return await db.transaction(async (tx) => {
        if (input.compute) {
          const dates: string[] = [];
          for (let date = range.start; date <= range.end; date = addDays(date, 1)) dates.push(date);
          await rematch(tx, dates);
        }
        const plan = await loadPlan(tx, planSpan(range), airport);
        const { rows, summary } = comparePlan(plan.slots, plan.flights, range);
        const csv = input.writeFile
          ? writeCsv(
              matchesFileTexts.header,
              rows.map((row) => planRowCells(row, matchesFileTexts)),
            )
          : null;
        const [row] = await queryRows<GenerationRow>(
          tx,
          sql`insert into match_generations (airport, kind, season, start_date, end_date, computed, flights, slots, paired,
                without_slot, leftover_slots, off_slot, result_csv, created_by)
              values (${airport}, ${kind}, ${seasonCodeForDate(range.start)}, ${range.start}, ${range.end}, ${input.compute},
                ${summary.flights}, ${summary.slots}, ${summary.paired}, ${summary.withoutSlot}, ${summary.leftoverSlots},
                ${summary.offSlot}, ${csv}, ${input.userId})
              returning ${GENERATION_COLUMNS}`,
        );
        if (!row) throw new Error("the generation was not stored");
        return toGeneration(row);
      });
    } catch (error) {
      // Another server process stored the same range meanwhile (the unique index).
      if (sqlStateOf(error) === "23505") throw new HttpError(409, alreadyExistsMessage(kind));
      throw error;
    }
  }, airport);
}

/** A generation's file (null when it was made without one), range and airport; a Spanish 404 without the generation. */
export async function generationFile(db: Database, id: number): Promise<{ csv: string | null; range: DayRange; airport: string }> {
  const [row] = await queryRows<{ start_date: string; end_date: string; result_csv: string | null; airport: string }>(
    db,
    sql`select start_date::text as start_date, end_date::text as end_date, result_csv, airport from match_generations where id = ${id}`,
  );
  if (!row) throw new HttpError(404, `No existe la generación de matches ${id}.`);
  return { csv: row.result_csv, range: { start: row.start_date, end: row.end_date }, airport: row.airport };
}
