import { isRoleName } from "../../generated/access";
import type { components } from "../../generated/openapi";
import { PRESET_STORAGE_KEY, RANGE_STORAGE_KEY, ZONE_STORAGE_KEY } from "../dates/storageKeys";

type SessionUser = components["schemas"]["SessionUser"];
type RoleName = components["schemas"]["RoleName"];
type Season = components["schemas"]["Season"];

/**
 * What the browser keeps about the session (seed 000 §3 "Local browser values"):
 * - sessionStorage `user`: the session user (JSON), per tab, cleared on 401 and logout;
 * - localStorage `userRole`: the role, shared by tabs; its presence means "this browser had a
 *   session that was not closed with Cerrar sesión";
 * - localStorage `season`: the current season (JSON).
 * The real session is the HttpOnly cookie; these values only drive the UI.
 */
export const STORAGE_KEYS = { user: "user", role: "userRole", season: "season" } as const;

/** Where the login page lives, and the same page telling the user that the session expired. */
export const LOGIN_PATH = "/auth/login";
export const EXPIRED_FLAG = "expirada";
export const LOGIN_EXPIRED_PATH = `${LOGIN_PATH}?${EXPIRED_FLAG}=1`;
/** The e-mailed invitation and reset links' page; public, like the login page. */
export const SET_PASSWORD_PATH = "/auth/set-password";

/** Where `/` and a successful login lead (seed 000 §2.1: Entrega de turno is the default view). */
export const HOME_PATH = "/turnover";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const isSessionUser = (value: unknown): value is SessionUser =>
  isRecord(value) &&
  typeof value.id === "number" &&
  typeof value.name === "string" &&
  typeof value.last_name === "string" &&
  typeof value.email === "string" &&
  isRoleName(value.role);

const isSeason = (value: unknown): value is Season =>
  isRecord(value) &&
  typeof value.id === "number" &&
  typeof value.name === "string" &&
  typeof value.start_date === "string" &&
  typeof value.end_date === "string";

const readJson = (storage: Storage, key: string): unknown => {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

/** The session user of this tab, or null when absent or unreadable. */
export const getStoredUser = (): SessionUser | null => {
  const value = readJson(sessionStorage, STORAGE_KEYS.user);
  return isSessionUser(value) ? value : null;
};

export const storeUser = (user: SessionUser): void => {
  sessionStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.role, user.role);
};

export const getStoredRole = (): RoleName | null => {
  const value = localStorage.getItem(STORAGE_KEYS.role);
  return isRoleName(value) ? value : null;
};

export const getStoredSeason = (): Season | null => {
  const value = readJson(localStorage, STORAGE_KEYS.season);
  return isSeason(value) ? value : null;
};

export const storeSeason = (season: Season): void => {
  localStorage.setItem(STORAGE_KEYS.season, JSON.stringify(season));
};

/** Forget this tab's session (a 401 from the server). */
export const clearTabSession = (): void => {
  sessionStorage.clear();
};

/**
 * Forget the session everywhere in this browser (Cerrar sesión), with the range, its preset and the
 * LOCAL/UTC toggle the user chose: the next person on this browser starts on 'Hoy' in local time
 * (issue 24 item 10).
 */
export const clearSession = (): void => {
  sessionStorage.clear();
  localStorage.removeItem(STORAGE_KEYS.role);
  for (const key of [RANGE_STORAGE_KEY, PRESET_STORAGE_KEY, ZONE_STORAGE_KEY]) localStorage.removeItem(key);
};
