/**
 * Monitoreo against msw handlers typed from the contract (issue 27 items 3 and 4): the week's
 * summary and its rows by category and state, the week selector, a row's slot into the
 * cancellations draft, a flagged series' retime into the modifications draft with its lines, and
 * what a role without the drafts does not get.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { parseIsoWeek, weekDiscrepancies, type WeekMatch } from "../../src/domain/monitoring/week";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";

type MonitoringWeek = components["schemas"]["MonitoringWeek"];
type Drafts = components["schemas"]["Drafts"];

const WEEK = parseIsoWeek("2026-W47")!;
const slot = (id: number, date: string, time: string, flightNumber: string, status = "D") => ({
  id,
  season: "W26",
  serie: id,
  flightNumber,
  date,
  time,
  isArrival: true,
  route: "GDL",
  aircraftType: "320",
  seats: 180,
  status,
  cancellationSentAt: null,
});
const flight = (id: number, at: string, actual: string | null, cancelled = false) => ({
  id,
  flightNumber: "VB999",
  route: "GDL",
  scheduledAt: at,
  actualAt: actual,
  cancelled,
  aircraftType: "320",
  seats: 180,
  loadedAt: "2026-10-01T00:00:00Z",
  delayCodes: cancelled ? ["71"] : ["93"],
});
const MATCHES: WeekMatch[] = [
  // Not used: no flight.
  { matchId: 11, season: "W26", date: "2026-11-16", isArrival: true, slot: slot(101, "2026-11-16", "08:00", "VB110"), flight: null, justification: null },
  // Not used and justified: a cancelled flight.
  {
    matchId: 12,
    season: "W26",
    date: "2026-11-17",
    isArrival: true,
    slot: slot(102, "2026-11-17", "08:00", "VB120"),
    flight: flight(202, "2026-11-17T08:00:00Z", null, true),
    justification: { id: 7, kind: "not_used" },
  },
  // Off the tolerance: 25 minutes late.
  {
    matchId: 13,
    season: "W26",
    date: "2026-11-18",
    isArrival: true,
    slot: slot(103, "2026-11-18", "09:00", "VB130"),
    flight: flight(203, "2026-11-18T09:00:00Z", "2026-11-18T09:25:00Z"),
    justification: null,
  },
];
const { rows, counts, correctiveScrs } = weekDiscrepancies({
  week: WEEK,
  matches: MATCHES,
  seriesSlots: [{ id: 903, season: "W26", serie: 103, date: "2026-12-02", time: "09:00", isArrival: true, status: "D" }],
  // A retime of the late series' next slot, sent and not answered by the coordinator yet.
  sent: [{ slotId: 903, reference: 88, type: "Modificación", sentAt: "2026-11-20T09:00:00Z", appliedAt: null, refused: false }],
  toleranceOf: () => 15,
  now: new Date("2026-11-23T12:00:00Z"),
});
const ANSWER: MonitoringWeek = {
  week: WEEK.label,
  start_date: WEEK.start,
  end_date: WEEK.end,
  season: { id: 10, name: "W26", tolerance: 15 },
  rows,
  counts,
  corrective_scrs: correctiveScrs,
  early_warning: [
    {
      season: "W26",
      serie: 103,
      flight_number: "VB130",
      type: "L",
      hour: ["09:00"],
      frequency: "3",
      punctuality: {
        operations: 4,
        mean: 10,
        lower: 10,
        upper: 10,
        verdict: "late",
        tolerance: 15,
        off_tolerance: 1,
        repeated: false,
        flagged: true,
        proposal: { time: "09:10", shift: 10, slots: 1 },
      },
    },
  ],
};
/** Series 103's operations, read when its panel opens (issue 35 item 3). */
const OPERATIONS = ["2026-10-28", "2026-11-04", "2026-11-11", "2026-11-18"].map((date) => ({ date, deviation: 10 }));
const EMPTY_DRAFTS: Drafts = {
  new_slot_data: { season: null, form: {}, list: [] },
  modification_data: { season: null, ids: [], action: 5, encoded: [] },
  cancellation_data: { season: null, ids: [] },
  version: 3,
};
const LINE = { slot_id: 903, date: "2026-12-02", change: "CVB130 02DEC02DEC 0030000 180320 GDL0900 J", request: "RVB130 02DEC02DEC 0030000 180320 GDL0910 J" };

function serve() {
  const calls = { airports: [] as (string | null)[], weeks: [] as (string | null)[], saves: [] as unknown[], retimes: [] as string[], operations: [] as string[] };
  let stored = EMPTY_DRAFTS;
  server.use(
    http.get("/api/monitoring/", ({ query, response }) => {
      calls.weeks.push(query.get("week"));
      calls.airports.push(query.get("airport"));
      const week = query.get("week");
      if (week && week !== WEEK.label) {
        const other = parseIsoWeek(week)!;
        return response(200).json({ ...ANSWER, week: other.label, start_date: other.start, end_date: other.end, rows: [] });
      }
      return response(200).json(ANSWER);
    }),
    http.get("/api/monitoring/operations/", ({ query, response }) => {
      calls.operations.push(`${query.get("season_id")}/${query.get("serie")}`);
      return response(200).json({ season: "W26", serie: Number(query.get("serie")), operations: OPERATIONS });
    }),
    http.get("/api/monitoring/retime/", ({ query, response }) => {
      calls.retimes.push(`${query.get("season_id")}/${query.get("serie")}/${query.get("shift")}`);
      return response(200).json({ season: "W26", serie: 103, shift: 10, lines: [LINE] });
    }),
    http.get("/api/turnover/drafts/", ({ response }) => response(200).json(stored)),
    http.post("/api/turnover/drafts/", async ({ request, response }) => {
      const body = await request.json();
      calls.saves.push(body);
      stored = { ...stored, ...body, version: (stored.version ?? 1) + 1 };
      return response(200).json(stored);
    }),
  );
  return calls;
}

async function open(role: "Slot" | "Seguimiento", airport?: string) {
  signInAs(role);
  const calls = serve();
  if (airport !== undefined) chooseAirport(airport);
  renderApp("/monitoring");
  expect(await findHeading("Monitoreo")).toBeInTheDocument();
  await screen.findByRole("table", { name: "Discrepancias de la semana" }, { timeout: 5000 });
  return calls;
}

type Airport = components["schemas"]["Airport"];
const AIRPORTS: Airport[] = [
  { id: 2, code: "MEX", name: "Aeropuerto de Ciudad de México", city: "Ciudad de México", country: "MX", time_zone: "America/Mexico_City", coordination_level: 3, active: true },
  { id: 43, code: "JFK", name: "Aeropuerto de Nueva York", city: "Nueva York", country: "US", time_zone: "America/New_York", coordination_level: 3, active: true },
];

/** The team holds MEX and JFK, and the person chose `code` in the top bar (issue 37). */
function chooseAirport(code: string) {
  server.use(
    http.get("/api/airport-list/", ({ response }) => response(200).json(AIRPORTS)),
    http.get("/api/account/preferences/", ({ response }) => response(200).json({ turnover_hidden_columns: [], airport: code, version: 1 })),
  );
}

const table = () => screen.getByRole("table", { name: "Discrepancias de la semana" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);

describe("Monitoreo", () => {
  it("opens on the last week with its counts, its rows by category and their state", async () => {
    const calls = await open("Slot");
    expect(calls.weeks[0]).toBeNull();
    expect(calls.airports[0]).toBe("MEX");
    expect(screen.getByText("Semana 47: 16/11/2026 – 22/11/2026 (UTC)")).toBeInTheDocument();
    const summary = screen.getByRole("region", { name: "Resumen de la semana" });
    const notUsed = within(summary).getByRole("button", { name: "Slots no utilizados" }).closest("tr") as HTMLElement;
    expect(within(notUsed).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["Slots no utilizados", "2", "1", "1", "0", "0"]);
    const late = within(summary).getByRole("button", { name: "Fuera de tolerancia" }).closest("tr") as HTMLElement;
    // Unjustified 0, justified 0, requested 1, corrected 0: a request not answered is not a correction (issue 36 item 1).
    expect(within(late).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["Fuera de tolerancia", "1", "0", "0", "1", "0"]);

    expect(bodyRows()).toHaveLength(3);
    await userEvent.click(screen.getByRole("tab", { name: "Fuera de tolerancia (1)" }));
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText("+25 min")).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByText("Solicitado (REF 88)")).toBeInTheDocument();
    expect(within(bodyRows()[0]!).queryByText("Corregido")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Todas (3)" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Estado" }));
    await userEvent.click(screen.getByRole("option", { name: "Justificado" }));
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText("VB120")).toBeInTheDocument();
  });

  it("reads the week of the airport chosen in the top bar (issue 37)", async () => {
    const calls = await open("Slot", "JFK");
    await userEvent.setup().click(screen.getByRole("button", { name: "Semana anterior" }));
    await waitFor(() => expect(calls.weeks.at(-1)).toBe("2026-W46"));
    expect(calls.airports.length).toBeGreaterThan(1);
    expect(calls.airports.every((code) => code === "JFK")).toBe(true);
  });

  it("moves to the week before", async () => {
    const calls = await open("Slot");
    await userEvent.click(screen.getByRole("button", { name: "Semana anterior" }));
    expect(await screen.findByText("Semana 46: 09/11/2026 – 15/11/2026 (UTC)")).toBeInTheDocument();
    expect(calls.weeks.at(-1)).toBe("2026-W46");
    expect(screen.getByText("Sin discrepancias en esta categoría.")).toBeInTheDocument();
  });

  it("puts a slot not used into the cancellations draft, and a flagged series' retime into the modifications draft with its lines", async () => {
    const calls = await open("Slot");
    const unused = bodyRows().find((row) => within(row).queryByText("VB110")) as HTMLElement;
    await userEvent.click(within(unused).getByRole("button", { name: "Añadir al borrador" }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]).toEqual({ cancellation_data: { season: "W26", ids: [101] }, version: 3 });
    expect(await screen.findByText("1 slot añadido al borrador de Cancelaciones")).toBeInTheDocument();

    const warning = screen.getByRole("region", { name: "Alerta temprana por serie" });
    await userEvent.click(within(warning).getByRole("button", { name: /Serie 103 · VB130/ }));
    await userEvent.click(await within(warning).findByRole("button", { name: "Añadir la propuesta al borrador" }));
    await waitFor(() => expect(calls.saves).toHaveLength(2));
    expect(calls.retimes).toEqual(["10/103/10"]);
    expect(calls.saves[1]).toMatchObject({
      modification_data: {
        season: "W26",
        ids: [903],
        encoded: [{ id: "903", linked: true, data: { actual: { line: LINE.change, ghost: false }, request: { line: LINE.request, ghost: false } } }],
      },
    });
    // The same button as Histórico's card: its notice names the proposed time.
    expect(await screen.findByText("1 slot añadido al borrador de modificaciones a las 09:10 UTC")).toBeInTheDocument();
  });

  it("reads a flagged series' operations only when its panel opens, and plots them (issue 35 item 3)", async () => {
    const calls = await open("Seguimiento");
    const warning = screen.getByRole("region", { name: "Alerta temprana por serie" });
    expect(calls.operations).toEqual([]);
    expect(within(warning).queryByTestId("punctuality-summary")).toBeNull();
    await userEvent.click(within(warning).getByRole("button", { name: /Serie 103 · VB130/ }));
    expect(await within(warning).findByTestId("punctuality-summary")).toHaveTextContent(
      "4 operaciones · media +10 min · intervalo al 90 %: +10 a +10 min · tolerancia ±15 min",
    );
    expect(calls.operations).toEqual(["10/103"]);
  });

  it("shows Seguimiento the week without the drafts it may not use", async () => {
    await open("Seguimiento");
    expect(within(table()).getAllByRole("button", { name: "Ver match" })).toHaveLength(3);
    expect(within(table()).queryByRole("button", { name: "Añadir al borrador" })).toBeNull();
    const warning = screen.getByRole("region", { name: "Alerta temprana por serie" });
    await userEvent.click(within(warning).getByRole("button", { name: /Serie 103/ }));
    expect(await within(warning).findByText("Mueve 1 slot de la serie a partir de hoy")).toBeInTheDocument();
    expect(within(warning).queryByRole("button", { name: "Añadir la propuesta al borrador" })).toBeNull();
  });
});
