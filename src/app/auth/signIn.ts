import { apiClient, apiErrorMessage } from "../../client/api/client";
import { storeSeason, storeUser } from "../../client/auth/session";

/**
 * Signing in, without react-admin: the login page loads before the shell (and react-admin) does,
 * so what it needs lives here; authProvider.ts builds on it for the shell.
 */

let pendingSeason: Promise<void> | null = null;

/** Fetches the current season and keeps it under `season`; a failure leaves the previous one. */
export const refreshCurrentSeason = (): Promise<void> => {
  pendingSeason ??= (async () => {
    try {
      const { data } = await apiClient.GET("/api/seasons/", { params: { query: { current: true } } });
      const current = data?.[0];
      if (current) storeSeason(current);
    } catch {
      // Without a season the views fall back to their own defaults; signing in must not fail for it.
    } finally {
      pendingSeason = null;
    }
  })();
  return pendingSeason;
};

/**
 * Seed 000 §1: on load the product checks with the server whether the user is signed in. Once
 * per page load, so a session ended elsewhere (sign-out in another tab, a block, expiry) is
 * noticed at once, and a role changed by an admin is picked up. Signing in counts as that check.
 */
let verifiedOnThisLoad = false;

export const isSessionVerified = (): boolean => verifiedOnThisLoad;

export const markSessionVerified = (): void => {
  verifiedOnThisLoad = true;
};

/** Forgets that this page load verified the session (sign-out; a new page load, in tests). */
export const forgetSessionVerification = (): void => {
  verifiedOnThisLoad = false;
};

/**
 * Signs in with the server and keeps the session user and the current season. Rejects with the
 * server's Spanish message (or the generic one) when the server refuses or cannot be reached.
 */
export const signIn = async (email: string, password: string): Promise<void> => {
  const result = await apiClient.POST("/api/auth/login/", { body: { email, password } }).catch(() => null);
  if (!result) throw new Error(apiErrorMessage(null));
  const { data, error } = result;
  if (!data) throw new Error(apiErrorMessage(error));
  storeUser(data);
  markSessionVerified();
  await refreshCurrentSeason();
};
