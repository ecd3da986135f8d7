/**
 * The live updates of one server instance (issue 25 items 2 and 3). The database announces every
 * change with NOTIFY (migration 0017); each instance LISTENs once, from its first open stream, and
 * fans each change out to its own streams whose user may read it. Several instances on one
 * PostgreSQL each get every NOTIFY, so a user on one sees what was changed on another.
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
import { changeOf, type LiveChange, type LiveMessage, mayReceive } from "./filter";

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
  /** Changes that arrived while the stream was catching up, sent after it. */
  queue: LiveChange[] | null;
}

interface EventRow {
  id: number;
  kind: string;
  ids: number[] | null;
  first_date: string | null;
  last_date: string | null;
  actor_id: number | null;
  at: string | Date;
}

function frame(message: LiveMessage): string {
  const id = message.type === "presence" || message.id === undefined ? "" : `id: ${message.id}\n`;
  return `${id}data: ${JSON.stringify(message)}\n\n`;
}

export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly streams = new Map<string, Stream>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private beats = 0;

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
      (stop) => {
        this.unlisten = stop;
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
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      return;
    }
    if (payload === PRESENCE_PAYLOAD) {
      this.schedulePresence();
      return;
    }
    const change = changeOf(value);
    if (!change) return;
    for (const stream of this.streams.values()) this.deliver(stream, change);
  }

  private deliver(stream: Stream, change: LiveChange): void {
    if (!mayReceive(stream.user, change)) return;
    if (stream.queue) stream.queue.push(change);
    else stream.response.write(frame(change));
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
    for (const stream of this.streams.values()) if (!stream.queue) stream.response.write(text);
  }

  /**
   * Serves an event stream on `response` (already answered 200 with its headers) until it closes.
   * `lastEventId`: what the browser received last (a reconnection), else null.
   */
  async open(user: AuthenticatedUser, response: ServerResponse, lastEventId: number | null): Promise<void> {
    if (this.closed) {
      response.end();
      return;
    }
    const stream: Stream = {
      id: randomUUID(),
      user: { id: user.id, role: user.role },
      sessionId: user.sessionId,
      response,
      queue: [],
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

    const sent = new Set<number>();
    const [bounds] = await queryRows<{ last: number | null; first: number | null }>(
      this.db,
      // float8: exact for ids below 2^53, and a number on every driver (int8 can come back as text).
      sql`select max(id)::float8 as last, min(id)::float8 as first from live_events`,
    );
    const last = bounds?.last ?? null;
    const first = bounds?.first ?? null;
    if (lastEventId === null || last === null || lastEventId >= last) {
      response.write(frame({ type: "hello", id: Math.max(last ?? 0, lastEventId ?? 0) }));
    } else {
      const missed = await queryRows<EventRow & { total: number }>(
        this.db,
        sql`select id::float8 as id, kind, ids, first_date, last_date, actor_id, ${isoUtc(sql`at`)} as at, count(*) over ()::int as total
            from live_events where id > ${lastEventId} order by id limit ${CATCH_UP_LIMIT + 1}`,
      );
      // Kept no more (pruned), or too many: the browser reads everything again.
      const pruned = first !== null && first > lastEventId + 1 && !(await this.keeps(lastEventId));
      if (pruned || missed.length > CATCH_UP_LIMIT) {
        response.write(frame({ type: "reload", id: last }));
      } else {
        for (const row of missed) {
          const change = changeOf(row);
          if (!change) continue;
          sent.add(change.id);
          if (mayReceive(stream.user, change)) response.write(frame(change));
        }
      }
    }
    const queued = stream.queue ?? [];
    stream.queue = null;
    for (const change of queued) if (!sent.has(change.id)) response.write(frame(change));
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
