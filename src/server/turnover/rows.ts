/**
 * Turnover rows (seed 001 §3, the contract's TurnoverRow) built by the database: ONE query joins
 * matches, flights, slots and the delay codes and writes each row's JSON — no N+1, and no
 * converting thousands of values one by one in the server (a 28-day window of the demo season is
 * about 5,700 rows, 7.4 MB of JSON).
 *
 * Building that JSON costs the database far more than reading it (≈ 450 ms on PGlite and 120 ms on
 * PostgreSQL for 28 days), so each match's row JSON is cached in `turnover_row_cache` (match_id,
 * row_version, j), a narrow table of its own (migration 0021): filling it inserts small rows
 * instead of rewriting the wide match rows and their six indexes (that made the cold fill of 28
 * days cost ≈ 340 ms on PGlite, where it blocks the event loop, issue 25).
 *  - `fillRowCacheSql` builds the JSON of the selection's rows that have none at their match's
 *    version (after a change, or the first time);
 *  - `turnoverRowsSql` reads the rows in the turnover's order, a range UTC date by UTC date
 *    through the index of that order, and counts the rows whose JSON is missing; only then is
 *    the fill run and the rows read again;
 *  - `turnoverFingerprintSql` names the data a range's answer was read from: while it is the
 *    same, the last answer is sent again as it is (everyone reloading at once after a change
 *    costs one read, not one per request: `RecentAnswers`).
 * Triggers (migrations 0002 and 0021) bump `matches.row_version` whenever the match, its flight,
 * its slot or their delay codes change, whoever changes them, and a cached row is served only at
 * its match's current version: a fill computed from a snapshot older than a concurrent change may
 * land, but is never read (the next fill overwrites it).
 *
 * The codes of a match are its delay evaluation once somebody evaluated it, AIMS's codes of the
 * flight before that.
 *
 * A range is instants [start, end) (the days a user picked, in the zone they look in: see
 * `rangeInstants`). It answers the matches whose instant `sort_at` — the slot's time, else the
 * flight's scheduled movement at MEX, what the table sorts by — falls within. `matches.date` is
 * the UTC date of `sort_at` (rematch sets both from the same instant), so the UTC dates the range
 * touches (two for one Mexico City day) are read through the index on (date, sort_at, …), each
 * cut to the range by `sort_at`: still an index range scan, in order, with no sort.
 */
import { type SQL, sql } from "drizzle-orm";
import { type InstantRange, utcDatesOf } from "../../domain/dateRange";
import type { components } from "../../generated/openapi";
import type { Database, DatabaseKind } from "../db/client";
import { intArray, isoUtc, queryRows, textArray } from "../db/sql";
import { RecentAnswers } from "./recentAnswers";
import { SharedReads } from "./sharedReads";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type TurnoverFilters = components["schemas"]["TurnoverFilters"];
export type DifferenceClass = components["schemas"]["DifferenceClass"];

/** What rows to read: a range of instants with filters, some match ids (within a range or not), or some slots. */
export type RowSelection = {
  /** The airport whose rows (issue 37); absent: every airport's (a read by ids or slots). */
  airport?: string;
  /** The rows whose instant (`sort_at`) falls in [start, end), ISO UTC. */
  span?: InstantRange;
  ids?: readonly number[];
  slotIds?: readonly number[];
  filters?: TurnoverFilters;
  /** Extra difference classes (the seed's top-level `filter_difference`); both lists must pass. */
  differences?: readonly DifferenceClass[];
};

/**
 * The pivot of up to four delay codes by position, for the matches of `stale` (a CTE): the
 * flight's evaluation once the team evaluated it, else AIMS's codes.
 */
const CODES = sql`
  select match_id,
    max(code) filter (where position = 1) as c1, max(minutes) filter (where position = 1) as m1,
    max(cause) filter (where position = 1) as k1,
    max(code) filter (where position = 2) as c2, max(minutes) filter (where position = 2) as m2,
    max(cause) filter (where position = 2) as k2,
    max(code) filter (where position = 3) as c3, max(minutes) filter (where position = 3) as m3,
    max(cause) filter (where position = 3) as k3,
    max(code) filter (where position = 4) as c4, max(minutes) filter (where position = 4) as m4,
    max(cause) filter (where position = 4) as k4
  from (
    select stale.id as match_id, fe.position, fe.code, fe.minutes, nullif(fe.cause, '') as cause
    from flight_delay_evaluations fe join stale on stale.flight_id = fe.flight_id and stale.evaluated_at is not null
    union all
    select stale.id, fd.position, fd.code, fd.minutes, null::text
    from flight_delays fd join stale on stale.flight_id = fd.flight_id and stale.evaluated_at is null
  ) d
  group by match_id`;

const ts = (column: SQL) => isoUtc(column);

/** The JSON object of one row; `m`, `f`, `s` and `d` are the aliases of the FROM clause below. */
const ROW_JSON = sql`json_build_object(
  'id', m.id,
  'season', m.season,
  'slot_id', m.slot_id,
  'flight_id', m.flight_id,
  'is_arrival', m.is_arrival,
  'date', m.date,
  'flight_status', f.status,
  'slot_status', s.status,
  'general_status', m.general_status,
  'flight_name', f.flight_number,
  'flight_route', f.origin || '-' || f.destination,
  'flight_date', f.date,
  'flight_scheduled', ${ts(sql`case when f.is_arrival then f.scheduled_arrival else f.scheduled_departure end`)},
  'flight_estimated', ${ts(sql`case when f.is_arrival then f.estimated_arrival else f.estimated_departure end`)},
  'flight_real', ${ts(sql`case when f.is_arrival then f.actual_arrival else f.actual_departure end`)},
  'flight_register', f.registration,
  'flight_type', f.service_type,
  'flight_aircraft', case when f.aircraft_type is null then null
    else json_build_object('type', f.aircraft_type, 'capacity', coalesce(f.seats, 0)) end,
  'flight_actual_datetime_dep', ${ts(sql`f.actual_departure`)},
  'flight_actual_datetime_arr', ${ts(sql`f.actual_arrival`)},
  'flight_scheduled_datetime_dep', ${ts(sql`f.scheduled_departure`)},
  'flight_scheduled_datetime_arr', ${ts(sql`f.scheduled_arrival`)},
  'flight_cancellation', case when f.status = 'C' or f.cancellation_description is not null
    then json_build_object('description', coalesce(f.cancellation_description, ''),
      'timestamp', ${ts(sql`f.cancellation_time`)}) end,
  'slot_name', s.flight_number,
  'slot_route', s.route,
  'slot_date', s.date,
  'slot_time', s.time,
  'slot_type', s.service_type,
  'slot_frequency', s.frequency,
  'slot_serie', s.serie,
  'slot_aircraft', case when s.id is null then null
    else json_build_object('type', s.aircraft_type, 'capacity', s.seats) end,
  'scheduled_difference', m.scheduled_difference,
  'real_difference', m.real_difference,
  'scheduled_class', m.scheduled_class,
  'real_class', m.real_class,
  'has_codes', d.c1 is not null or d.c2 is not null or d.c3 is not null or d.c4 is not null,
  'codes', json_build_object(
    'first_code', d.c1, 'first_time', d.m1, 'first_cause', d.k1,
    'second_code', d.c2, 'second_time', d.m2, 'second_cause', d.k2,
    'third_code', d.c3, 'third_time', d.m3, 'third_cause', d.k3,
    'fourth_code', d.c4, 'fourth_time', d.m4, 'fourth_cause', d.k4),
  'observations', coalesce(f.delay_observations, ''),
  'is_manual', m.is_manual
)`;

/** The class a difference filter looks at: the real one once the flight has flown, else the scheduled one. */
const ROW_CLASS = sql`case when m.real_difference is not null then m.real_class else m.scheduled_class end`;

/** `sort_at` within the span: the rows of the days asked for. */
const withinSpan = (span: InstantRange) =>
  sql`m.sort_at >= ${span.start}::timestamptz and m.sort_at < ${span.end}::timestamptz`;

/** Which matches: the range, ids or slots asked for (the part the cache fill also uses). */
function scopeOf(selection: RowSelection): SQL[] {
  const parts: SQL[] = [];
  // The airport first: the turnover's index leads with it (one airport's range is read in order).
  if (selection.airport !== undefined) parts.push(sql`m.airport = ${selection.airport}`);
  if (selection.span) {
    // The UTC dates first, for the index on `date`; then the instants, which decide.
    const dates = utcDatesOf(selection.span);
    parts.push(sql`m.date between ${dates.start}::date and ${dates.end}::date`, withinSpan(selection.span));
  }
  if (selection.ids) parts.push(sql`m.id = any(${intArray(selection.ids)})`);
  if (selection.slotIds) parts.push(sql`m.slot_id = any(${intArray(selection.slotIds)})`);
  if (parts.length === 0) throw new Error("a turnover selection needs a range, ids or slots");
  return parts;
}

/** The filters on top of the scope. */
function filtersOf(selection: RowSelection): SQL[] {
  const parts: SQL[] = [];
  const filters = selection.filters ?? {};
  if (filters.general_status?.length) parts.push(sql`m.general_status = any(${textArray(filters.general_status)})`);
  if (filters.flight_status?.length) parts.push(sql`f.status = any(${textArray(filters.flight_status)})`);
  if (filters.slot_status?.length) parts.push(sql`s.status = any(${textArray(filters.slot_status)})`);
  if (filters.difference?.length) parts.push(sql`${ROW_CLASS} = any(${textArray(filters.difference)})`);
  if (selection.differences?.length) parts.push(sql`${ROW_CLASS} = any(${textArray(selection.differences)})`);
  return parts;
}

/**
 * Fills the missing JSON of the selection's matches (usually none: a no-op on a partial index).
 * A fill computed from an older snapshot than a concurrent change is skipped by the version check.
 */
export function fillRowCacheSql(selection: RowSelection): SQL {
  const scope = sql.join(scopeOf(selection), sql` and `);
  return sql`
    with stale as (
      select m.id, m.flight_id, ef.delays_evaluated_at as evaluated_at
      from matches m left join flights ef on ef.id = m.flight_id
      left join turnover_row_cache c on c.match_id = m.id and c.row_version = m.row_version
      where c.match_id is null and ${scope}
    )
    insert into turnover_row_cache (match_id, row_version, j)
    select m.id, m.row_version, (${ROW_JSON})::text
    from stale join matches m on m.id = stale.id
    left join flights f on f.id = m.flight_id
    left join slots s on s.id = m.slot_id
    left join (${CODES}) d on d.match_id = m.id
    on conflict (match_id) do update set row_version = excluded.row_version, j = excluded.j
      where turnover_row_cache.row_version < excluded.row_version`;
}

/**
 * How the rows come back: one text per row (`rows`, fastest on PostgreSQL) or all of them joined
 * by the database into one text (`aggregate`, fastest on PGlite, whose driver pays per row).
 */
export type RowsShape = "rows" | "aggregate";

/** The shape that is fastest on a driver. */
export const rowsShapeFor = (kind: DatabaseKind): RowsShape => (kind === "pglite" ? "aggregate" : "rows");

/**
 * The rows, in the turnover's order: date, the row's UTC instant (slot time, else the
 * flight's), arrivals first, ids. A range is read UTC date by UTC date through the index of that
 * order (a nested loop over the dates keeps their order), each date cut to the range's instants
 * on the index's second column, so 6,000 rows of 1.3 kB are never sorted (a sort that size
 * spills to disk). Column `j`: the row's JSON, or with `aggregate` all rows
 * joined by commas; column `missing`: rows whose JSON is not built (new, or emptied by a change)
 * (the caller fills and reads again). Exported for the bench, which runs it raw.
 */
export function turnoverRowsSql(selection: RowSelection, shape: RowsShape = "rows"): SQL {
  const filters = filtersOf(selection);
  const order = sql`m.sort_at, m.is_arrival desc nulls last, m.slot_id, m.flight_id`;
  // PostgreSQL drops the two left joins (unique keys) unless a filter reads them. The cached JSON
  // counts only at the match's current version (an older one is missing, filled again).
  const joins = sql`left join turnover_row_cache c on c.match_id = m.id and c.row_version = m.row_version
    left join flights f on f.id = m.flight_id left join slots s on s.id = m.slot_id`;
  const span = !selection.ids && !selection.slotIds ? selection.span : undefined;
  const dates = span ? utcDatesOf(span) : null;
  // Days as integers: PostgreSQL then knows how many there are (a date series is guessed at
  // 1,000 rows, which makes the plan look costly enough to be JIT-compiled: +50 ms).
  const days = dates ? Math.round((Date.parse(dates.end) - Date.parse(dates.start)) / 86_400_000) : 0;
  const rows = span && dates
    ? sql`
      select x.j from generate_series(0, ${days}::int) as d(i)
      cross join lateral (
        select c.j from matches m ${joins}
        where ${sql.join([...(selection.airport === undefined ? [] : [sql`m.airport = ${selection.airport}`]), sql`m.date = ${dates.start}::date + d.i`, withinSpan(span), ...filters], sql` and `)}
        order by ${order}
      ) x`
    : sql`
      select c.j from matches m ${joins}
      where ${sql.join([...scopeOf(selection), ...filters], sql` and `)}
      order by m.date, ${order}`;
  return shape === "rows"
    ? sql`select y.j, (y.j is null)::int as missing from (${rows}) y`
    : sql`select string_agg(y.j, ',') as j, (count(*) - count(y.j))::int as missing from (${rows}) y`;
}

/**
 * `[item,item,…]` as UTF-8 bytes, each item already JSON text. Written item by item into one
 * buffer of the exact size: joining 6,000 texts of 1.4 kB into one string and encoding that
 * costs five times as much (15 ms against 3 ms for the 28-day window, measured). Exact, because
 * memory outside the JS heap counts towards V8's next full collection: a worst-case buffer (3
 * bytes per character) would trigger one every few requests.
 */
function jsonArrayBytes(items: readonly string[]): Buffer {
  let size = 1 + Math.max(items.length, 1);
  for (const item of items) size += Buffer.byteLength(item);
  const bytes = Buffer.allocUnsafe(size);
  let offset = bytes.write("[", 0);
  items.forEach((item, index) => {
    if (index > 0) offset += bytes.write(",", offset);
    offset += bytes.write(item, offset);
  });
  bytes.write("]", offset);
  return bytes;
}

/** Serialises the row cache's fills across every connection and server instance. */
const FILL_LOCK = 7_041_305;

/**
 * Fills the selection's missing JSON, one fill at a time. When everyone reloads at once (a change
 * announced live, a cold cache after an import), concurrent fills of the same rows used to queue
 * on each other's row locks and each redid the whole work (p99 16 s on PostgreSQL, issue 25): now
 * a fill waits for the one before it to commit, and then finds nothing left to build.
 */
async function fillRowCache(db: Database, selection: RowSelection): Promise<void> {
  const fill = fillRowCacheSql(selection);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FILL_LOCK})`);
    await tx.execute(fill);
  });
}

/**
 * Which matches a selection answers, at which versions: a match's row changes only with a new
 * version of the match row (every change to it, its flight, its slot or their codes updates it,
 * the triggers of 0002/0021), and `xmin` — the transaction that wrote that version — never comes
 * back, not even for a match id reused after a truncate. Equal fingerprints, equal answers; reading
 * it is an index scan of the range that builds no JSON (≈ 5 ms for 28 days on PGlite).
 * Column `missing`: the ids of the rows whose JSON is not cached at their version, or null (a fill
 * of those ids comes first: by ids, the fill's plan is a few index lookups, ≈ 5 ms, where the
 * range's anti-join took 30-50 ms on PGlite even for one row).
 */
export function turnoverFingerprintSql(selection: RowSelection): SQL {
  const where = sql.join([...scopeOf(selection), ...filtersOf(selection)], sql` and `);
  return sql`
    select coalesce(md5(string_agg(m.id::text || ':' || m.row_version::text || ':' || m.xmin::text, ',' order by m.id)), '')
      as fingerprint,
      array_agg(m.id) filter (where c.match_id is null) as missing
    from matches m left join flights f on f.id = m.flight_id left join slots s on s.id = m.slot_id
    left join turnover_row_cache c on c.match_id = m.id and c.row_version = m.row_version
    where ${where}`;
}

/** The last answers of ranges (the heavy reads everyone repeats); a read of some ids is cheap and not kept. */
const recentAnswers = new WeakMap<Database, RecentAnswers<Buffer>>();
const RECENT_RANGES = 4;
/** Up to how many missing rows a fill names them by id. */
const FILL_BY_IDS = 500;

function answersOf(db: Database): RecentAnswers<Buffer> {
  let answers = recentAnswers.get(db);
  if (!answers) {
    answers = new RecentAnswers<Buffer>(RECENT_RANGES);
    recentAnswers.set(db, answers);
  }
  return answers;
}

async function readRowsJson(
  db: Database,
  selection: RowSelection,
  shape: RowsShape,
  key: string,
  readStarting: () => void,
): Promise<Buffer> {
  const read = turnoverRowsSql(selection, shape);
  const answers = !selection.ids && !selection.slotIds ? answersOf(db) : null;
  // One snapshot for the fingerprint and the rows, so an answer is kept under the fingerprint of
  // the very data it was read from. When nothing changed since the last answer that is all; when
  // every row's JSON is cached (the usual case) the rows are read; rows a change emptied are
  // filled first, then everything is read again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await db.transaction(
      async (tx) => {
        readStarting();
        let fingerprint: string | null = null;
        if (answers) {
          const [state] = await queryRows<{ fingerprint: string; missing: number[] | null }>(tx, turnoverFingerprintSql(selection));
          fingerprint = state?.fingerprint ?? "";
          const known = answers.get(key, fingerprint);
          if (known) return known;
          // A few rows (a change): by ids. Many (a cold cache): the range's own plan is faster.
          if (state?.missing?.length) return state.missing.length <= FILL_BY_IDS ? { ids: state.missing } : selection;
        }
        const rows = await queryRows<{ j: string | null; missing: number }>(tx, read);
        if (!rows.every((row) => row.missing === 0)) return selection;
        const items = shape === "rows" ? rows.map((row) => row.j ?? "null") : rows[0]?.j ? [rows[0].j] : [];
        const bytes = jsonArrayBytes(items);
        if (answers && fingerprint !== null) answers.set(key, fingerprint, bytes);
        return bytes;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (Buffer.isBuffer(answer)) return answer;
    await fillRowCache(db, answer);
  }
  throw new Error("turnover rows kept changing while being read");
}

const sharedReads = new WeakMap<Database, SharedReads<Buffer>>();

/**
 * The rows as JSON (an array) in UTF-8, ready to send (the same Buffer may go to several callers
 * and to later ones while nothing changes: never write into it).
 */
export function turnoverRowsJson(
  db: Database,
  selection: RowSelection,
  shape: RowsShape = "rows",
  arrivedAt?: number,
): Promise<Buffer> {
  let shared = sharedReads.get(db);
  if (!shared) {
    shared = new SharedReads<Buffer>();
    sharedReads.set(db, shared);
  }
  const key = JSON.stringify([selection, shape]);
  return shared.read(key, (readStarting) => readRowsJson(db, selection, shape, key, readStarting), arrivedAt);
}

/** The rows as values (for one match, a download, a test). */
export async function turnoverRows(db: Database, selection: RowSelection): Promise<TurnoverRow[]> {
  return JSON.parse((await turnoverRowsJson(db, selection)).toString("utf8")) as TurnoverRow[];
}

/** One match's row, or null. */
export async function turnoverRow(db: Database, id: number): Promise<TurnoverRow | null> {
  return (await turnoverRows(db, { ids: [id] }))[0] ?? null;
}
