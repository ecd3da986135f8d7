/**
 * The season's slots behind Monitoreo's early warning, kept between reads (issue 35 item 3): the
 * read of a whole season (tens of thousands of slots with their matches, flights and delay codes)
 * was most of `GET /api/monitoring/`'s time, on every read, though the register changes far less
 * often than people look at it.
 *
 * Correct with several server instances: an entry is served only when PostgreSQL says nothing
 * that the early warning reads changed since it was read. The entry keeps the snapshot taken just
 * before its read (`pg_current_snapshot()`); every write of slots, matches, flights (their delays
 * and the team's evaluations bump their matches), justifications (announced as their slot's) and
 * seasons leaves a row in `live_events` in the same transaction (migrations 0017, 0020, 0022), so
 * "an event of those kinds committed after the snapshot" (as the live hub catches a browser up,
 * `src/server/live/hub.ts`) is exactly "the entry may be stale", whichever instance wrote it. A
 * write committed between the snapshot and the read makes the next read again: never staler.
 *
 * Events are pruned after an hour (`live_events.at` is the writing transaction's start), so an
 * entry lives at most `MAX_AGE_MS`, well within it: a write older than that cannot have been
 * pruned unseen — except one in a transaction open for most of an hour, which no path of the
 * server runs. What depends on the clock (the operations so far, the slots 12 hours ahead) is
 * computed at each read from the kept slots, once per minute (the rules count whole minutes).
 */
import { sql } from "drizzle-orm";
import { groupSeries, type HistorySlot } from "../../domain/history";
import { flaggedOfSeries, type SeriesWarning } from "../../domain/monitoring/warning";
import type { Database } from "../db/client";
import { queryRows, textArray } from "../db/sql";
import { seasonSlots } from "../history/read";

/** The live event kinds whose writes change what the early warning reads. */
const KINDS = ["slot", "match", "flight", "season"] as const;
/** An entry is read again after this long whatever happened (events are kept an hour). */
export const MAX_AGE_MS = 10 * 60_000;
/** Seasons kept per database (the current one and a neighbour or two are what people open). */
const MAX_SEASONS = 3;

/** A season's series, each with its slots in date and time order (`groupSeries`). */
export type SeasonSeries = readonly { serie: number; slots: readonly HistorySlot[] }[];

interface Entry {
  /** PostgreSQL's snapshot taken before the read: whatever committed by it, the read holds. */
  snapshot: string;
  readAt: number;
  series: SeasonSeries;
  /** The last early warning computed from it, at a tolerance and a minute. */
  warning: { key: string; value: SeriesWarning[] } | null;
}

/** Per database (a test process opens many): the seasons' entries, the most recent last. */
const caches = new WeakMap<Database, Map<string, Entry>>();

/** How many season reads were made (tests and the bench read it). */
export const seasonCacheStats = { reads: 0 };

/** Whether a write of the early warning's kinds committed after `snapshot`, on any instance. */
async function changedSince(db: Database, snapshot: string): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(
    db,
    sql`select exists (
          select 1 from live_events
          where kind = any(${textArray([...KINDS])})
            and txid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint
            and not pg_visible_in_snapshot(txid::text::xid8, ${snapshot}::pg_snapshot)
        ) as changed`,
  );
  return row?.changed ?? true;
}

/** `season` of `airport` (issue 37: each airport has its own W26). */
async function entryOf(db: Database, airport: string, season: string): Promise<Entry> {
  const name = `${airport}/${season}`;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const kept = cache.get(name);
  if (kept && Date.now() - kept.readAt < MAX_AGE_MS && !(await changedSince(db, kept.snapshot))) return kept;
  const [taken] = await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
  const readAt = Date.now();
  const series = groupSeries(await seasonSlots(db, season, { airport }));
  seasonCacheStats.reads += 1;
  const entry: Entry = { snapshot: taken?.snapshot ?? "", readAt, series, warning: null };
  if (entry.snapshot === "") return entry;
  cache.delete(name);
  cache.set(name, entry);
  for (const old of cache.keys()) {
    if (cache.size <= MAX_SEASONS) break;
    cache.delete(old);
  }
  return entry;
}

/** The season's series with their slots, read again only when the register changed (see above). */
export async function seasonSeries(db: Database, airport: string, season: string): Promise<SeasonSeries> {
  return (await entryOf(db, airport, season)).series;
}

/** The season's flagged series at `now` and `tolerance` (`flaggedOfSeries`), from the kept slots. */
export async function seasonWarning(db: Database, airport: string, season: string, tolerance: number, now: Date): Promise<SeriesWarning[]> {
  const entry = await entryOf(db, airport, season);
  const key = `${tolerance}/${Math.floor(now.getTime() / 60_000)}`;
  if (entry.warning?.key !== key) entry.warning = { key, value: flaggedOfSeries(entry.series, season, tolerance, now) };
  return entry.warning.value;
}

/** Forgets every kept season of `db` (a test that rewrites the register behind the triggers' back). */
export function forgetSeasons(db: Database): void {
  caches.delete(db);
}
