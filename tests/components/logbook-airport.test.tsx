/**
 * The Bitácora per airport (issue 37 item 4): with two airports to pick, the list opens on the top
 * bar's airport, asks the server for that airport's entries and shows an 'Aeropuerto' column; its
 * airport filter asks for another airport's.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { currentSeason, renderApp, USERS } from "./helpers";
import { http, server } from "./msw";

type Airport = components["schemas"]["Airport"];
type LogbookRow = components["schemas"]["LogbookRow"];

const airport = (id: number, code: string, city: string, time_zone: string): Airport => ({
  id,
  code,
  name: `Aeropuerto de ${city}`,
  city,
  country: code === "JFK" ? "US" : "MX",
  time_zone,
  coordination_level: 3,
  active: true,
});

const row = (id: number, code: string): LogbookRow => ({
  id,
  reference: id,
  airport: code,
  type: 2,
  parts: [id * 10],
  request_date: "2026-11-03T18:30:00.000Z",
  response_date: null,
  commentary: null,
  tracing: null,
  responsible: "Bruno Díaz",
  delay_code: null,
  is_request_text: true,
  is_response_text: false,
  is_request_pdf: false,
  is_response_pdf: false,
  version: 1,
});

describe("the Bitácora with two airports", () => {
  it("opens on the top bar's airport, with its column, and filters by another", async () => {
    const user = { ...USERS.Slot, airports: null };
    const asked: Array<string | null> = [];
    server.use(
      http.get("/api/auth/me/", ({ response }) => response(200).json(user)),
      http.get("/api/airport-list/", ({ response }) =>
        response(200).json([airport(2, "MEX", "Ciudad de México", "America/Mexico_City"), airport(43, "JFK", "Nueva York", "America/New_York")]),
      ),
      http.get("/api/account/preferences/", ({ response }) => response(200).json({ turnover_hidden_columns: [], airport: "JFK", version: 2 })),
      http.get("/api/seasons/", ({ response }) => response(200).json([currentSeason()])),
      http.get("/api/logbook/offers/", ({ response }) => response(200).json([])),
      http.get("/api/logbook/", ({ query, response }) => {
        const code = query.get("airport");
        asked.push(code);
        return response(200).json(code === "JFK" ? [row(4, "JFK")] : [row(7, "MEX"), row(5, "MEX")]);
      }),
    );
    sessionStorage.setItem("user", JSON.stringify(user));
    localStorage.setItem("userRole", user.role);
    renderApp("/logbook");

    const bodyRows = () => screen.getAllByRole("row").filter((tr) => tr.closest("tbody"));
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    expect(asked[0]).toBe("JFK");
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent?.trim());
    expect(headers.slice(0, 3)).toEqual(["Referencia", "Aeropuerto", "Tipo"]);
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole("cell")[1]).toHaveTextContent("JFK");

    // The list's own filter (the top bar's picker is the other 'Aeropuerto').
    const filters = await screen.findAllByRole("combobox", { name: "Aeropuerto" });
    const filter = filters.find((box) => box.closest("form") !== null);
    expect(filter).toBeDefined();
    const clicker = userEvent.setup();
    await clicker.click(filter as HTMLElement);
    await clicker.click(await screen.findByRole("option", { name: "MEX · Aeropuerto de Ciudad de México" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 5000 });
    expect(asked.at(-1)).toBe("MEX");
  });
});
