/**
 * The live updates of one server instance (issue 25 items 2 and 3). The database announces every
 * change with NOTIFY (migration 0017); each instance LISTENs once, from its first open stream, and
 * fans each change out to its own streams whose user may read it. Several instances on one
 * PostgreSQL each get every NOTIFY, so a user on one sees what was changed on another.
 *
 * What a browser has received is a cursor, its SSE `id:` (`<last event id>/<snapshot>`): every
 * event committed by that PostgreSQL snapshot was sent before it. Event ids come from a sequence,
 * taken when a transaction first writes, so a long transaction (an import) can commit its event
 * after events with higher ids were sent: catching up "ids above the last one" would miss it. So a
 * NOTIFY only wakes the instance, which reads the events committed since the snapshot it read up
 * to (`pg_visible_in_snapshot` on the event's transaction), and a reconnecting browser gets the
 * events committed after its cursor's snapshot, whatever their ids.
 *
 * Who is here lives in `live_presence`: one row per open stream, refreshed by its instance at
 * every heartbeat, so a crashed instance's streams drop out by themselves. A change of who is here
 * is announced on the same channel as `{"presence":true}`, and every stream is told to read the
 * list again.
 */
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database, DatabaseHandle } from "../db/client";
import { isoUtc, queryRows } from "../db/sql";
import { cursorText, type Snapshot, snapshotOf, type StreamCursor, visibleIn } from "./cursor";
import { changeOf, type LiveChange, type LiveMessage, mayReceive, receivableKinds } from "./filter";

export const LIVE_CHANNEL = "slotdesk_live";
/** How often a stream gets a comment line (proxies close idle connections) and presence is refreshed. */
export const HEARTBEAT_MS = 15_000;
/** A presence row not refreshed for this long belongs to a stream that is gone. */
export const PRESENCE_TTL_SECONDS = 45;
/** Events older than this are pruned; a browser away for longer reloads everything. */
const KEEP_EVENTS = "1 hour";
/** At most this many missed events are sent to a reconnecting browser; more, and it reloads. */
const CATCH_UP_LIMIT = 500;

const PRESENCE_PAYLOAD = JSON.stringify({ presence: true });

interface Stream {
  id: string;
  user: { id: number; role: string };
  sessionId: string;
  response: ServerResponse;
  /** The highest event id sent (the cursor's first part). */
  last: number;
  /** Changes that arrived while the stream was catching up, sent after it. */
  queue: Committed[] | null;
  /** The snapshot its hello or catch-up was read in: what committed by then it has, or needs not. */
  base: Snapshot | null;
}

/** A change with the transaction that committed it. */
interface Committed {
  change: LiveChange;
  txid: number;
}

interface EventRow {
  id: number;
  txid: number;
  kind: string;
  ids: number[] | null;
  first_date: string | null;
  last_date: string | null;
  actor_id: number | null;
  at: string | Date;
}

/** One message; with `cursor`, the stream's SSE id after it. */
function frame(message: LiveMessage, cursor?: string): string {
  return `${cursor === undefined ? "" : `id: ${cursor}\n`}data: ${JSON.stringify(message)}\n\n`;
}

/** The events of the rows that name one (a left join's row without an event names none). */
const committedOf = (rows: readonly Partial<EventRow>[]): Committed[] =>
  rows.flatMap((row) => {
    const change = row.id === null || row.id === undefined ? null : changeOf(row);
    return change ? [{ change, txid: row.txid ?? 0 }] : [];
  });

/** Events committed after `snapshot` (visible to the statement, not to the snapshot), through the index on txid. */
const committedAfter = (snapshot: string) =>
  sql`txid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint
      and not pg_visible_in_snapshot(txid::text::xid8, ${snapshot}::pg_snapshot)`;

export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly streams = new Map<string, Stream>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private beats = 0;
  /** The snapshot this instance has read events up to (null: not listening). */
  private readUpTo: string | null = null;
  /** The read of new events under way, and whether another NOTIFY came meanwhile. */
  private reading: Promise<void> | null = null;
  private readAgain = false;

  constructor(
    private readonly db: Database,
    private readonly listen: DatabaseHandle["listen"],
    /** The server's clock, as the session store reads expiry with it. */
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Open streams on this instance (the bench and the tests read it). */
  get size(): number {
    return this.streams.size;
  }

  private ensureListening(): Promise<void> {
    this.listening ??= this.listen(
      LIVE_CHANNEL,
      (payload) => this.onPayload(payload),
      () => this.onLost(),
    ).then(
      async (stop) => {
        this.unlisten = stop;
        // From here on every commit wakes this instance; what committed before is in this snapshot.
        this.readUpTo = await this.currentSnapshot();
        // A commit whose NOTIFY came while that snapshot was taken found nothing to read from yet.
        this.onPayload("");
        this.heartbeat ??= setInterval(() => void this.beat().catch(this.onError), HEARTBEAT_MS);
        this.heartbeat.unref();
      },
      (error: unknown) => {
        this.listening = null;
        throw error;
      },
    );
    return this.listening;
  }

  /** The listening connection dropped: listen again, and have every browser read everything again. */
  private onLost(): void {
    this.listening = null;
    this.unlisten = null;
    this.readUpTo = null;
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed || this.streams.size === 0) return;
      this.ensureListening().then(
        () => this.broadcast({ type: "reload" }),
        (error: unknown) => {
          this.onError(error);
          this.onLost();
        },
      );
    }, 1_000).unref();
  }

  private onPayload(payload: string): void {
    if (payload === PRESENCE_PAYLOAD) {
      this.schedulePresence();
      return;
    }
    // An event committed: read what committed since the last read (one read at a time; NOTIFYs
    // meanwhile make one more).
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNew()
      .catch(this.onError)
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.onPayload("");
        }
      });
  }

  private async currentSnapshot(): Promise<string> {
    const [row] = await queryRows<{ snapshot: string }>(this.db, sql`select pg_current_snapshot()::text as snapshot`);
    return row?.snapshot ?? "";
  }

  /** Sends the events committed since `readUpTo` to every stream that may receive them, then the new cursor. */
  private async readNew(): Promise<void> {
    const since = this.readUpTo;
    if (!since) return;
    const rows = await queryRows<Partial<EventRow> & { snapshot: string }>(
      this.db,
      sql`select s.snapshot, e.* from (select pg_current_snapshot()::text as snapshot) s
          left join lateral (
            select id::float8 as id, txid::float8 as txid, kind, ids, first_date, last_date, actor_id, ${isoUtc(sql`at`)} as at
            from live_events where ${committedAfter(since)}
          ) e on true
          order by e.id`,
    );
    const snapshot = rows[0]?.snapshot;
    // Listening was lost and started again meanwhile: that snapshot is the one to go on from.
    if (!snapshot || this.readUpTo !== since) return;
    this.readUpTo = snapshot;
    const committed = committedOf(rows);
    for (const stream of this.streams.values()) {
      if (stream.queue) {
        stream.queue.push(...committed);
        continue;
      }
      let text = "";
      for (const { change, txid } of committed) {
        // A stream opened after this commit had it in its hello or catch-up already.
        if ((stream.base && visibleIn(stream.base, txid)) || !mayReceive(stream.user, change)) continue;
        stream.last = Math.max(stream.last, change.id);
        text += frame(change);
      }
      // The cursor, also alone when nothing was for this user: it moves on either way.
      stream.response.write(`${text}id: ${cursorText(stream.last, snapshot)}\n\n`);
    }
  }

  /** Several presence changes at once become one message. */
  private schedulePresence(): void {
    if (this.presenceTimer) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.broadcast({ type: "presence" });
    }, 100);
    this.presenceTimer.unref();
  }

  private broadcast(message: LiveMessage): void {
    const text = frame(message);
    // 'Who is here changed' carries no id and no data: a stream still catching up gets it too
    // (its browser may have read who is here before the change).
    for (const stream of this.streams.values()) if (!stream.queue || message.type === "presence") stream.response.write(text);
  }

  /**
   * Serves an event stream on `response` (already answered 200 with its headers) until it closes.
   * `lastEventId`: what the browser received last (a reconnection), else null.
   */
  async open(user: AuthenticatedUser, response: ServerResponse, from: StreamCursor | null): Promise<void> {
    if (this.closed) {
      response.end();
      return;
    }
    const stream: Stream = {
      id: randomUUID(),
      user: { id: user.id, role: user.role },
      sessionId: user.sessionId,
      response,
      last: from?.last ?? 0,
      queue: [],
      base: null,
    };
    response.on("close", () => void this.drop(stream.id).catch(this.onError));
    this.streams.set(stream.id, stream);
    await this.ensureListening();
    await this.db.execute(sql`
      insert into live_presence (stream_id, instance_id, session_id, user_id)
      values (${stream.id}, ${this.instanceId}, ${stream.sessionId}, ${user.id})`);
    // Closed meanwhile (the browser left at once): its row goes too.
    if (!this.streams.has(stream.id)) {
      await this.db.execute(sql`delete from live_presence where stream_id = ${stream.id}`);
      return;
    }
    await this.notifyPresence();

    // One statement: the events missed and the snapshot they are complete by. Only what this
    // user receives counts toward the catch-up limit: others' drafts or a kind the role may not
    // read do not turn a short absence into 'read everything again'.
    const since = from === null ? sql`false` : from.snapshot ? committedAfter(from.snapshot) : sql`id > ${from.last}`;
    const kinds = receivableKinds(user.role);
    const forUser = sql`kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
      and (kind <> 'draft' or ids is null or ${user.id}::int = any(ids))`;
    const missedSince = kinds.length === 0 ? sql`false` : sql`${since} and ${forUser}`;
    const rows = await queryRows<Partial<EventRow> & { snapshot: string; last: number | null; first: number | null }>(
      this.db,
      // float8: exact for ids below 2^53, and a number on every driver (int8 can come back as text).
      sql`select s.*, e.* from (
            select pg_current_snapshot()::text as snapshot,
              (select max(id)::float8 from live_events) as last, (select min(id)::float8 from live_events) as first
          ) s
          left join lateral (
            select id::float8 as id, txid::float8 as txid, kind, ids, first_date, last_date, actor_id, ${isoUtc(sql`at`)} as at
            from live_events where ${missedSince} order by id limit ${CATCH_UP_LIMIT + 1}
          ) e on true
          order by e.id`,
    );
    const snapshot = rows[0]?.snapshot ?? "";
    const last = rows[0]?.last ?? null;
    const first = rows[0]?.first ?? null;
    const missed = committedOf(rows).map(({ change }) => change);
    stream.base = snapshotOf(snapshot);
    if (from === null || missed.length === 0) {
      stream.last = Math.max(last ?? 0, from?.last ?? 0);
      response.write(frame({ type: "hello", id: stream.last }, cursorText(stream.last, snapshot)));
    } else {
      // Kept no more (pruned), or too many: the browser reads everything again.
      const pruned = first !== null && first > from.last + 1 && !(await this.keeps(from.last));
      if (pruned || missed.length > CATCH_UP_LIMIT) {
        stream.last = Math.max(last ?? 0, from.last);
        response.write(frame({ type: "reload", id: stream.last }, cursorText(stream.last, snapshot)));
      } else {
        let text = "";
        for (const change of missed) {
          if (!mayReceive(stream.user, change)) continue;
          stream.last = Math.max(stream.last, change.id);
          text += frame(change);
        }
        response.write(`${text}id: ${cursorText(stream.last, snapshot)}\n\n`);
      }
    }
    // What this instance read while the stream caught up, unless committed by its snapshot (sent, or not needed).
    const queued = stream.queue ?? [];
    stream.queue = null;
    for (const { change, txid } of queued) {
      if ((stream.base && visibleIn(stream.base, txid)) || !mayReceive(stream.user, change)) continue;
      stream.last = Math.max(stream.last, change.id);
      response.write(frame(change));
    }
  }

  /** Whether the event `id` itself is still kept (its neighbours may be gaps of rolled-back writes). */
  private async keeps(id: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(this.db, sql`select id from live_events where id <= ${id} limit 1`);
    return rows.length > 0;
  }

  private async drop(streamId: string): Promise<void> {
    if (!this.streams.delete(streamId)) return;
    await this.db.execute(sql`delete from live_presence where stream_id = ${streamId}`);
    await this.notifyPresence();
  }

  private async notifyPresence(): Promise<void> {
    await this.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${PRESENCE_PAYLOAD})`);
  }

  /** Records the match the viewer of `sessionId` shows (null: none) and tells everyone. */
  async setViewing(userId: number, sessionId: string, matchId: number | null): Promise<void> {
    const changed = await queryRows<{ stream_id: string }>(
      this.db,
      sql`update live_presence set match_id = ${matchId}
          where session_id = ${sessionId} and user_id = ${userId} and match_id is distinct from ${matchId}
          returning stream_id`,
    );
    if (changed.length > 0) await this.notifyPresence();
  }

  /**
   * Every heartbeat: a comment line on each stream, this instance's presence refreshed, and the
   * streams of sessions that ended (signed out, expired, user blocked) closed; every 20th, old
   * events and the presence of dead instances are pruned.
   */
  private async beat(): Promise<void> {
    for (const stream of this.streams.values()) stream.response.write(": ping\n\n");
    if (this.streams.size > 0) {
      await this.db.execute(sql`update live_presence set seen_at = now() where instance_id = ${this.instanceId}`);
      const sessions = [...new Set([...this.streams.values()].map((s) => s.sessionId))];
      const live = await queryRows<{ id: string; role: string }>(
        this.db,
        sql`select s.id, r.name as role from sessions s join users u on u.id = s.user_id join roles r on r.id = u.role_id
            where s.id in (select unnest(${`{${sessions.join(",")}}`}::text[]))
              and s.expires_at > ${this.now()} and not u.is_blocked`,
      );
      const roleOf = new Map(live.map((row) => [row.id, row.role]));
      for (const stream of this.streams.values()) {
        const role = roleOf.get(stream.sessionId);
        if (role === undefined) stream.response.end();
        else stream.user.role = role;
      }
    }
    this.beats += 1;
    if (this.beats % 20 === 1) {
      await this.db.execute(sql`delete from live_events where at < now() - ${KEEP_EVENTS}::interval`);
      const gone = await queryRows<{ stream_id: string }>(
        this.db,
        sql`delete from live_presence where seen_at < now() - ${`${PRESENCE_TTL_SECONDS * 2} seconds`}::interval returning stream_id`,
      );
      if (gone.length > 0) await this.notifyPresence();
    }
  }

  /** Ends every stream and stops listening (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.presenceTimer) clearTimeout(this.presenceTimer);
    const ids = [...this.streams.keys()];
    for (const stream of this.streams.values()) stream.response.end();
    this.streams.clear();
    if (ids.length > 0) {
      await this.db
        .execute(sql`delete from live_presence where stream_id in (select unnest(${`{${ids.join(",")}}`}::text[]))`)
        .catch(() => undefined);
      await this.notifyPresence().catch(() => undefined);
    }
    await this.listening?.catch(() => undefined);
    await this.unlisten?.();
    this.unlisten = null;
  }
}
