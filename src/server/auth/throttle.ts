/**
 * Throttling shared by the public forms: the Spanish "try again in N minutes" answer, and the
 * counters of password-reset requests per e-mail and per client, kept in PostgreSQL so that every
 * server instance sees the same counts.
 */
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { resetRequests } from "../db/schema";
import { HttpError } from "../http/errors";

const MINUTE_MS = 60_000;

/** Reset requests allowed within RESET_WINDOW_MINUTES, per e-mail address and per client. */
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_CLIENT = 10;
export const RESET_WINDOW_MINUTES = 15;

/** 429 with `text` followed by "Inténtelo de nuevo en N minutos." and a Retry-After header. */
export function retryLater(text: string, until: Date, now: Date): HttpError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS));
  return new HttpError(
    429,
    `${text} Inténtelo de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
    undefined,
    { "Retry-After": String(minutes * 60) },
  );
}

/**
 * The client an IP address stands for: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 network, which one subscriber usually
 * holds whole.
 */
export function clientKey(ip: string): string {
  const address = ip.split("%")[0]?.toLowerCase() ?? "";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // A trailing dotted quad takes two groups; only the first four groups matter here.
  const missing = Math.max(0, 8 - left.length - right.length - (right.at(-1)?.includes(".") ? 1 : 0));
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Counts one request against `key` in one statement (concurrent requests on several instances
 * are all counted) and answers when its window closes if the request is over `limit`, else null.
 */
async function countRequest(db: Database, key: string, limit: number, now: Date): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - RESET_WINDOW_MINUTES * MINUTE_MS);
  // Parameters inside CASE have no column to take their type from: cast them.
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const fresh = sql`${resetRequests.windowStartedAt} <= ${at(windowStart)}`;
  const [row] = await db
    .insert(resetRequests)
    .values({ key, requests: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: resetRequests.key,
      set: {
        requests: sql`case when ${fresh} then 1 else ${resetRequests.requests} + 1 end`,
        windowStartedAt: sql`case when ${fresh} then ${at(now)} else ${resetRequests.windowStartedAt} end`,
      },
    })
    .returning({ requests: resetRequests.requests, windowStartedAt: resetRequests.windowStartedAt });
  if (!row || row.requests <= limit) return null;
  return new Date(row.windowStartedAt.getTime() + RESET_WINDOW_MINUTES * MINUTE_MS);
}

/**
 * Refuses (429) a password-reset request over the limit of its client, then of its e-mail
 * address. Known and unknown addresses are counted alike, and a refused request sends nothing.
 */
export async function throttleResetRequest(db: Database, email: string, ip: string, now: Date): Promise<void> {
  // A closed window counts for nothing (the next request opens a new one): keep only open ones.
  await db.delete(resetRequests).where(lt(resetRequests.windowStartedAt, new Date(now.getTime() - RESET_WINDOW_MINUTES * MINUTE_MS)));
  const clientUntil = await countRequest(db, `ip:${clientKey(ip)}`, MAX_RESETS_PER_CLIENT, now);
  if (clientUntil) {
    throw retryLater("Demasiadas solicitudes de restablecimiento de contraseña desde este equipo.", clientUntil, now);
  }
  const emailUntil = await countRequest(db, `email:${email}`, MAX_RESETS_PER_EMAIL, now);
  if (emailUntil) {
    throw retryLater("Demasiadas solicitudes de restablecimiento de contraseña para este correo.", emailUntil, now);
  }
}
