import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { App } from "../../src/app/App";
// The shell is lazy-loaded by App; loading it with this file keeps that one-time cost (seconds
// under jsdom) out of the first test's timeouts, as when App imported it directly.
import "../../src/app/Shell";
import { AICM_RULE } from "../../src/domain/monitoring/rule";
import { defaultSeasonCalendar } from "../../src/domain/seasonCalendar";
import { seasonBounds, seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import type { components } from "../../src/generated/openapi";
import { http, server } from "./msw";

export type SessionUser = components["schemas"]["SessionUser"];
export type RoleName = components["schemas"]["RoleName"];
/** A season as the season list answers it: with its rule and calendar (issue 27). */
export type Season = components["schemas"]["SeasonDetail"];

/** A season with AICM's rule and the guidelines' default calendar, as a new season is stored at MEX. */
export const seasonDetail = (season: components["schemas"]["Season"]): Season => {
  const calendar = defaultSeasonCalendar(season.name);
  return {
    ...season,
    airport: "MEX",
    usage_threshold: AICM_RULE.threshold,
    tolerance_minutes: AICM_RULE.tolerance,
    outside_counts_as_used: AICM_RULE.outsideCountsAsUsed,
    historics_baseline_date: calendar.historicsBaselineDate,
    series_return_deadline: calendar.seriesReturnDeadline,
    initial_submission_deadline: calendar.initialSubmissionDeadline,
    shl_deadline: calendar.shlDeadline,
  };
};

// What the app keeps in module memory (the CSRF token, the session check, the delay codes) is
// forgotten after each test by tests/components/setup.ts.

export const USERS: Record<RoleName, SessionUser> = {
  Admin: { id: 1, name: "Ana", last_name: "Ramírez", email: "ana.ramirez@example.com", role: "Admin" },
  Slot: { id: 2, name: "Bruno", last_name: "Díaz", email: "bruno.diaz@example.com", role: "Slot" },
  Seguimiento: { id: 3, name: "Carla", last_name: "Núñez", email: "carla.nunez@example.com", role: "Seguimiento" },
  Reportes: { id: 4, name: "Diego", last_name: "Soto", email: "diego.soto@example.com", role: "Reportes" },
};

export const SEASONS: Season[] = [
  { id: 3, name: "W26", start_date: "2026-10-25", end_date: "2027-03-27", version: 1 },
  { id: 2, name: "S26", start_date: "2026-03-29", end_date: "2026-10-24", version: 1 },
  { id: 1, name: "W25", start_date: "2025-10-26", end_date: "2026-03-28", version: 1 },
].map(seasonDetail);

/** The season holding today, as the server would answer `GET /api/seasons/?current=true`. */
export const currentSeason = (): Season => seasonDetail({ id: 10, ...seasonBounds(seasonCodeForDate(todayInZone(new Date()))), version: 1 });

/** A tab where this user is signed in (what login leaves in storage, and a live server session). */
export const signInAs = (role: RoleName): SessionUser => {
  const user = USERS[role];
  server.use(http.get("/api/auth/me/", ({ response }) => response(200).json(user)));
  sessionStorage.setItem("user", JSON.stringify(user));
  localStorage.setItem("userRole", user.role);
  localStorage.setItem("season", JSON.stringify(currentSeason()));
  return user;
};

/** Renders the whole app at `path`, in a memory router. */
export const renderApp = (path = "/") => {
  const router = createMemoryRouter([{ path: "*", element: <App /> }], { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />);
  return { router, ...result };
};

/**
 * A view's code is imported when first shown (lazyView): in a test file's first test that import
 * is Vite transforming the view's modules cold, which takes seconds on a busy 2-core machine. The
 * waits below cover that, well inside the test's own 20 s.
 */
const FIRST_VIEW_MS = 15_000;

/** The shell is up once the side menu is there. */
export const findSideMenu = () => screen.findByRole("navigation", { name: "Menú principal" }, { timeout: FIRST_VIEW_MS });

export const findHeading = (name: string) => screen.findByRole("heading", { name, level: 1 }, { timeout: FIRST_VIEW_MS });
