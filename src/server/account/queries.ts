/**
 * The account's transactions over its links (account_tokens, tokens.ts) and the users table's
 * owner (users/queries.ts): a reset link issued and e-mailed, a link's password set.
 */
import type { Services } from "../services";
import { setPasswordFromLink } from "../users/queries";
import { resetMail } from "./mails";
import { accountLink, consumeToken, issueToken } from "./tokens";

/** Issues a reset link and e-mails it, in one transaction (the outbox row commits with the token). */
export async function emailResetLink(services: Services, userId: number, email: string, name: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, userId, "reset", services.now());
    await services.mailer.send(tx, resetMail({ email, name, link: accountLink(services.config.publicAppUrl, token), expiresAt }));
  });
}

/**
 * Takes the link and sets its user's password (an invitation also takes the names typed), in one
 * transaction; false when the link is gone or its user blocked (nothing changes then).
 */
export async function passwordFromLink(
  db: Services["db"],
  rawToken: string,
  hash: string,
  names: { name?: string; lastName?: string },
  now: Date,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const token = await consumeToken(tx, rawToken, now);
      if (!token) return false;
      const done = await setPasswordFromLink(tx, token.userId, hash, token.purpose === "invitation" ? names : {}, now);
      // A blocked user's link stays unused: roll the consumption back.
      if (!done) throw new LinkRefused();
      return true;
    });
  } catch (error) {
    if (error instanceof LinkRefused) return false;
    throw error;
  }
}

class LinkRefused extends Error {}
