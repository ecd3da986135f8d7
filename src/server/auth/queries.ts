/**
 * Sign-in's SQL: the failure counts and locks (per client and account together, and per client
 * across accounts: `keys` below), the user signing in, the success stamp.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { loginFailures, roles, users } from "../db/schema";
import { stampLastLogin } from "../users/queries";

/** The counters a sign-in attempt touches: its client's for this account, and its client's across accounts. */
export const throttleKeys = (client: string, email: string) => ({ pair: `pair:${client} ${email}`, client: `client:${client}` });

/** The lock on a counter, if any (its time may have passed). */
export async function loginLock(db: Database, key: string) {
  const [lock] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return lock;
}

/** The user signing in, with the role's name and what decides whether they may. */
export async function userForLogin(db: Database, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      passwordHash: users.passwordHash,
      isBlocked: users.isBlocked,
      isPending: users.isPending,
      role: roles.name,
      airports: users.airports,
      defaultAirport: users.defaultAirport,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email));
  return user;
}

/**
 * One more failure on a counter: the count restarts when the window is over; reaching
 * `maxFailures` locks it until `lockUntil` and restarts the count. One statement, so concurrent
 * failures on several instances are all counted.
 */
export async function countFailure(
  db: Database,
  key: string,
  now: Date,
  maxFailures: number,
  { windowStart, lockUntil }: { windowStart: Date; lockUntil: Date },
) {
  // Parameters inside CASE have no column to take their type from: cast them.
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const fresh = sql`${loginFailures.windowStartedAt} < ${at(windowStart)}`;
  const counted = sql`case when ${fresh} then 1 else ${loginFailures.failures} + 1 end`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: maxFailures <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${counted} >= ${maxFailures} then 0 else ${counted} end`,
        windowStartedAt: sql`case when ${fresh} then ${at(now)} else ${loginFailures.windowStartedAt} end`,
        lockedUntil: sql`case when ${counted} >= ${maxFailures} then ${at(lockUntil)} else null end`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  return row;
}

/** A successful sign-in clears its client's failures for the account and stamps the user's last login. */
export async function signedIn(db: Database, pairKey: string, userId: number, now: Date): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, pairKey));
  await stampLastLogin(db, userId, now);
}
