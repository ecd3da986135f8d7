/**
 * Single-use links sent by e-mail. The link carries a random token; the database keeps only its
 * SHA-256, so a leaked backup opens no account. A new link of one kind voids the user's earlier
 * unused ones of that kind, and taking a link is one UPDATE, so two clicks cannot both win.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { accountTokens } from "../db/schema";

export type TokenPurpose = components["schemas"]["AccountTokenPurpose"];

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  invitation: 48 * 3_600_000,
  reset: 60 * 60_000,
};

export const digestToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a new link token for the user, voiding their earlier unused ones of this purpose. */
export async function issueToken(
  db: Database,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await db.insert(accountTokens).values({ tokenHash: digestToken(token), userId, purpose, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The live token's row (unused, not expired), or null. Does not use it up. */
export async function findLiveToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, digestToken(token)), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)));
  return row ?? null;
}

/** Uses the token up; returns its row, or null when it was already used, expired or unknown. */
export async function consumeToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, digestToken(token)), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** The link a person opens to set their password. */
export const accountLink = (publicAppUrl: string, token: string) =>
  `${publicAppUrl}/auth/set-password?token=${encodeURIComponent(token)}`;
