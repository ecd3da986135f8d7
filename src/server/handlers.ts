/** The handler of every contract operation, by operationId. The type makes a missing one an error. */
import { getCsrfToken, getSessionUser, login, logout } from "./auth/handlers";
import type { Handlers } from "./contract/routes";
import { listAirports, listSeasons } from "./reference/handlers";
import { listSettings, modifySetting } from "./settings/handlers";
import { getHealth } from "./system/handlers";

export const handlers: Handlers = {
  getCsrfToken,
  login,
  logout,
  getSessionUser,
  getHealth,
  listSeasons,
  listAirports,
  listSettings,
  modifySetting,
};
