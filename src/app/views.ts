/**
 * The one list of the app's views, in side-menu order (seed 000 §2.1): each room's front door
 * exports its `view` (route, menu entry, capability, the lazy view), and the side menu, the top
 * bar's view switch and the routes all read this list. Adding a room is one export and one entry.
 */
import { view as turnover } from "../custom-views/turnover/view";
import { view as timeline } from "../custom-views/timeline/view";
import { view as reports } from "../custom-views/reports/view";
import { view as admin } from "../resources/admin/view";
import { view as history } from "../custom-views/history/view";
import { view as monitoring } from "../custom-views/monitoring/view";
import { view as logbook } from "../resources/logbook/view";
import { view as referencesUpload } from "../custom-views/references/view";
import { view as loads } from "../custom-views/loads/view";
import { view as matches } from "../resources/matches/view";
import type { ViewDefinition } from "../client/rooms/view";

export type { TopBarView, ViewDefinition } from "../client/rooms/view";

export const VIEWS: readonly ViewDefinition[] = [
  turnover,
  timeline,
  reports,
  admin,
  history,
  monitoring,
  logbook,
  referencesUpload,
  loads,
  matches,
];

/** Where `/` and a successful login lead (kept beside the session, so the login page needs no view map). */
export { HOME_PATH } from "../client/auth/session";

/** The view a location belongs to: its own path or anything below it. */
export const findView = (pathname: string): ViewDefinition | undefined =>
  VIEWS.find((view) => pathname === view.path || pathname.startsWith(`${view.path}/`));
