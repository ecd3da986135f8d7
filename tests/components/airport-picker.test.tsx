/**
 * The top bar's airport picker (issue 37 item 3): the held airports the person may see, the one
 * chosen remembered in their preferences on the server, the user's default otherwise; no picker
 * when there is nothing to choose (a MEX-only install, a user restricted to one airport).
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findSideMenu, renderApp, type SessionUser, USERS } from "./helpers";
import { http, server } from "./msw";

type Airport = components["schemas"]["Airport"];

const airport = (id: number, code: string, city: string, time_zone: string, active: boolean): Airport => ({
  id,
  code,
  name: `Aeropuerto de ${city}`,
  city,
  country: code === "JFK" ? "US" : "MX",
  time_zone,
  coordination_level: active ? 3 : null,
  active,
});

const MEX = airport(2, "MEX", "Ciudad de México", "America/Mexico_City", true);
const JFK = airport(43, "JFK", "Nueva York", "America/New_York", true);
const MTY = airport(3, "MTY", "Monterrey", "America/Monterrey", false);

/** A tab signed in as `user`, the server holding `airports` and the person's stored choice. */
function setUp(user: SessionUser, airports: Airport[], stored: string | null = null) {
  const saved: Array<string | null | undefined> = [];
  let preferences = { turnover_hidden_columns: ["flight_register"], airport: stored, version: stored ? 3 : 0 };
  server.use(
    http.get("/api/auth/me/", ({ response }) => response(200).json(user)),
    http.get("/api/airport-list/", ({ response }) => response(200).json(airports)),
    http.get("/api/account/preferences/", ({ response }) => response(200).json(preferences)),
    http.put("/api/account/preferences/", async ({ request, response }) => {
      const body = await request.json();
      saved.push(body.airport);
      preferences = { turnover_hidden_columns: body.turnover_hidden_columns, airport: body.airport ?? preferences.airport, version: body.version + 1 };
      return response(200).json(preferences);
    }),
  );
  sessionStorage.setItem("user", JSON.stringify(user));
  localStorage.setItem("userRole", user.role);
  return saved;
}

const picker = () => screen.findByRole("combobox", { name: "Aeropuerto" });

describe("the airport picker", () => {
  it("offers the held airports, opens on MEX, and keeps the choice in the person's preferences with their columns", async () => {
    const saved = setUp(USERS.Slot, [JFK, MEX, MTY]);
    renderApp("/turnover");
    const select = await picker();
    expect(select).toHaveTextContent("MEX");
    await userEvent.click(select);
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    // MTY is listed but not held: not offered.
    expect(options.map((option) => option.textContent)).toEqual(["JFK · Nueva York", "MEX · Ciudad de México"]);
    await userEvent.click(options[0] as HTMLElement);
    await waitFor(() => expect(saved).toEqual(["JFK"]));
    await waitFor(async () => expect(await picker()).toHaveTextContent("JFK"));
  });

  it("opens on the airport chosen before, else on the user's default", async () => {
    setUp(USERS.Slot, [JFK, MEX], "JFK");
    const first = renderApp("/turnover");
    await waitFor(async () => expect(await picker()).toHaveTextContent("JFK"));
    first.unmount();

    setUp({ ...USERS.Reportes, airports: null, default_airport: "JFK" }, [JFK, MEX]);
    renderApp("/turnover");
    await waitFor(async () => expect(await picker()).toHaveTextContent("JFK"));
  });

  it("shows no picker on a MEX-only install, nor to a user restricted to one airport", async () => {
    setUp(USERS.Slot, [MEX, MTY]);
    const first = renderApp("/turnover");
    await findSideMenu();
    // The list and the preferences were read; still nothing to choose.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("combobox", { name: "Aeropuerto" })).toBeNull();
    first.unmount();

    setUp({ ...USERS.Slot, airports: ["JFK"], default_airport: "JFK" }, [JFK, MEX]);
    renderApp("/turnover");
    await findSideMenu();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("combobox", { name: "Aeropuerto" })).toBeNull();
  });
});
