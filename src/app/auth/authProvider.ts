import type { AuthProvider } from "react-admin";
import { todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { apiClient, apiErrorMessage, forgetCsrfToken } from "../../client/api/client";
import {
  clearSession,
  clearTabSession,
  getStoredRole,
  getStoredSeason,
  getStoredUser,
  LOGIN_EXPIRED_PATH,
  LOGIN_PATH,
  storeUser,
} from "../../client/auth/session";
import { forgetSessionVerification, isSessionVerified, markSessionVerified, refreshCurrentSeason, signIn } from "./signIn";

export { forgetSessionVerification, refreshCurrentSeason };

type SessionUser = components["schemas"]["SessionUser"];

/** What react-admin expects from a rejected checkAuth/checkError: where to go, and a toast (false: none). */
interface AuthRedirect {
  redirectTo: string;
  message: string | false;
}

const redirect = (redirectTo: string, message: string | false = false): AuthRedirect => ({ redirectTo, message });

/** Whether the stored season is missing or already over (Mexico City calendar). */
const seasonIsStale = (): boolean => {
  const season = getStoredSeason();
  return season === null || season.end_date < todayInZone(new Date());
};

/**
 * Restores the session user from the cookie session (`GET /api/auth/me/`), e.g. in a new tab or
 * after the tab's storage was cleared. Concurrent checks share one request.
 */
let pendingRestore: Promise<SessionUser> | null = null;

const restoreSession = (): Promise<SessionUser> => {
  pendingRestore ??= (async () => {
    // A network failure rejects; it is not an expired session.
    const result = await apiClient.GET("/api/auth/me/").catch(() => null);
    if (!result) throw redirect(LOGIN_PATH, apiErrorMessage(null));
    const { data, error, response } = result;
    if (data) {
      storeUser(data);
      markSessionVerified();
      if (seasonIsStale()) await refreshCurrentSeason();
      return data;
    }
    clearTabSession();
    if (response.status === 401) throw redirect(LOGIN_EXPIRED_PATH);
    throw redirect(LOGIN_PATH, apiErrorMessage(error));
  })().finally(() => {
    pendingRestore = null;
  });
  return pendingRestore;
};

const hasStatus = (value: unknown): value is { status: unknown } =>
  typeof value === "object" && value !== null && "status" in value;

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    await signIn(username, password);
  },

  async checkAuth() {
    if (getStoredUser() && isSessionVerified()) {
      // Seed 000 §1: on load the current season is kept locally. Refresh it in the background
      // when it is missing or a new season has started since it was stored.
      if (seasonIsStale()) void refreshCurrentSeason();
      return;
    }
    // Seed 000 §6: without a stored user or role the user is sent to login. A stored one means
    // this browser had a session; ask the server whether the cookie still holds it.
    if (!getStoredUser() && !getStoredRole()) throw redirect(LOGIN_PATH);
    await restoreSession();
  },

  async checkError(error: unknown) {
    if (hasStatus(error) && error.status === 401) {
      clearTabSession();
      throw redirect(LOGIN_EXPIRED_PATH);
    }
  },

  async logout() {
    if (getStoredUser()) {
      try {
        await apiClient.POST("/api/auth/logout/");
      } catch {
        // The session may already be gone; signing out locally is what matters.
      }
    }
    forgetSessionVerification();
    clearSession();
    forgetCsrfToken();
    return LOGIN_PATH;
  },

  async getPermissions() {
    return getStoredUser()?.role ?? getStoredRole() ?? undefined;
  },

  async getIdentity() {
    const user = getStoredUser();
    if (!user) throw redirect(LOGIN_PATH);
    return { id: user.id, fullName: `${user.name} ${user.last_name}`, email: user.email };
  },
};
