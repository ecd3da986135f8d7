/**
 * Sessions live in the database, so every server instance sees the same ones and a blocked or
 * deleted user loses access on the very next request. The cookie holds a random token; the
 * table holds only its SHA-256.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isRoleName } from "../../generated/access";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { roles, sessions, users } from "../db/schema";

export const SESSION_COOKIE = "slotdesk_session";
/** Sliding expiry is refreshed at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

type RoleName = components["schemas"]["RoleName"];

export interface AuthenticatedUser {
  id: number;
  name: string;
  lastName: string;
  email: string;
  role: RoleName;
  sessionId: string;
  /** Issue 37: the airports an Admin restricted the user to (null: every one), as the session read them. */
  airports?: string[] | null;
  /** The user's default airport (null: the install's). */
  defaultAirport?: string | null;
}

export type SessionUser = components["schemas"]["SessionUser"];

export function toSessionUser(user: Omit<AuthenticatedUser, "sessionId">): SessionUser {
  return {
    id: user.id,
    name: user.name,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    airports: user.airports ?? null,
    default_airport: user.defaultAirport ?? null,
  };
}

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Ends a user's sessions (all, or all but `keep`), in the caller's transaction: sessions are
 * auth's table, so the account and the user administration end them through here.
 */
export async function endSessionsOf(db: Database, userId: number, keep?: string): Promise<void> {
  await db.delete(sessions).where(keep === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  /** Opens a session and sets its cookie; answers the raw token (the CSRF token is signed with it). */
  async open(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = this.now();
    await this.db.insert(sessions).values({
      id: digest(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
    });
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
      maxAge: Math.floor(this.ttlMs / 1000),
    });
    return token;
  }

  /** The live session's user, or null. Blocked and pending users have no live session. */
  async authenticate(request: FastifyRequest): Promise<AuthenticatedUser | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const id = digest(token);
    const now = this.now();
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        id: users.id,
        name: users.name,
        lastName: users.lastName,
        email: users.email,
        role: roles.name,
        isBlocked: users.isBlocked,
        isPending: users.isPending,
        airports: users.airports,
        defaultAirport: users.defaultAirport,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row) return null;
    if (row.isBlocked || row.isPending || !isRoleName(row.role)) {
      await this.endAllFor(row.id);
      return null;
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + this.ttlMs) })
        .where(eq(sessions.id, id));
    }
    return {
      id: row.id,
      name: row.name,
      lastName: row.lastName,
      email: row.email,
      role: row.role,
      sessionId: row.sessionId,
      airports: row.airports,
      defaultAirport: row.defaultAirport,
    };
  }

  async end(sessionId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
    reply.clearCookie(SESSION_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
    });
  }

  /** Ends the session the request carries, if any (used before opening a new one). */
  async endCurrent(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.db.delete(sessions).where(eq(sessions.id, digest(token)));
  }

  async endAllFor(userId: number): Promise<void> {
    await endSessionsOf(this.db, userId);
  }

  async purgeExpired(): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, this.now()))
      .returning({ id: sessions.id });
    return deleted.length;
  }
}
