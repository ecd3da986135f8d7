/**
 * Matches (seed 002 §2, §4, §8; issue 15 item 3) against msw handlers typed from the contract:
 * the current season and month by default, the medium/short selector, 'Generar' → Computar /
 * No computar → the range, the seed's success and failure toasts, and the download.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { rangeForPreset } from "../../src/domain/dateRange";
import type { components } from "../../src/generated/openapi";
import { currentSeason, findHeading, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";

type MatchGeneration = components["schemas"]["MatchGeneration"];

const generation = (id: number, overrides: Partial<MatchGeneration> = {}): MatchGeneration => ({
  id,
  kind: "medium",
  created_at: "2026-11-03T18:30:00.000Z",
  start_date: "2026-12-01",
  end_date: "2026-12-31",
  computed: false,
  has_file: true,
  flights: 10,
  slots: 10,
  paired: 9,
  without_slot: 1,
  leftover_slots: 1,
  off_slot: 0,
  ...overrides,
});

const queryOf = (query: { get(name: string): string | null }) => {
  const out: Record<string, string> = {};
  for (const name of ["airport", "season", "start", "end"]) {
    const value = query.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
};

function serve() {
  const asked: Array<{ kind: string; query: Record<string, string> }> = [];
  const posted: Array<{ kind: string; body: unknown }> = [];
  const medium = [generation(1), generation(2, { created_at: "2026-11-10T16:00:00.000Z", start_date: "2027-01-01", end_date: "2027-01-31", computed: true })];
  const state = { answer: 201 as 201 | 409 | 500 };
  server.use(
    http.get("/api/seasons/", ({ response }) => response(200).json([currentSeason(), ...SEASONS])),
    http.get("/api/matches/medium-term/", ({ query, response }) => {
      asked.push({ kind: "medium", query: queryOf(query) });
      return response(200).json(medium);
    }),
    http.get("/api/matches/short-term/", ({ query, response }) => {
      asked.push({ kind: "short", query: queryOf(query) });
      return response(200).json([generation(5, { kind: "short", start_date: "2026-11-24", end_date: "2026-11-30" })]);
    }),
    http.post("/api/matches/medium-term/", async ({ request, response }) => {
      const body = await request.json();
      posted.push({ kind: "medium", body });
      if (state.answer === 409) {
        return response(409).json({ message: "Ya existen matches a mediano plazo para el rango de fechas seleccionado" });
      }
      if (state.answer === 500) return response("default").json({ message: "Error interno" }, { status: 500 });
      return response(201).json(generation(3, { start_date: body.start_date, end_date: body.end_date }));
    }),
    http.post("/api/matches/short-term/", async ({ request, response }) => {
      const body = await request.json();
      posted.push({ kind: "short", body });
      return response(201).json(generation(6, { kind: "short", computed: body.compute }));
    }),
  );
  return { asked, posted, state };
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

const bodyRows = () => screen.getAllByRole("row").filter((tr) => tr.closest("tbody"));

const openGenerate = async (user: ReturnType<typeof userEvent.setup>, entry: "Computar" | "No computar") => {
  await user.click(screen.getByRole("button", { name: "Generar" }));
  await user.click(await screen.findByRole("menuitem", { name: entry }));
  return screen.findByRole("dialog");
};

describe("Matches", () => {
  it("lists the current season's medium-term matches of this month, generates with 'No computar' and shows the seed's toasts", async () => {
    signInAs("Slot");
    const { asked, posted, state } = serve();
    renderApp("/matches");
    expect(await findHeading("Matches")).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 5000 });
    const month = rangeForPreset("this_month", new Date());
    expect(asked.at(-1)).toEqual({
      kind: "medium",
      query: { airport: "MEX", season: currentSeason().name, start: month.start, end: month.end },
    });
    // Newest first; dates dd/MM/yyyy; computed as Sí / No.
    expect(within(bodyRows()[1] as HTMLElement).getByText("01/12/2026")).toBeInTheDocument();
    expect(within(bodyRows()[0] as HTMLElement).getByText("Sí")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Descargar matches del 01/12/2026 al 31/12/2026" })).toBeInTheDocument();

    const user = userEvent.setup();
    // The quick search finds a row by a date as the table shows it.
    await user.type(screen.getByPlaceholderText("Buscar"), "01/01/2027");
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.clear(screen.getByPlaceholderText("Buscar"));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));

    let dialog = await openGenerate(user, "No computar");
    expect(dialog).toHaveTextContent("Generar matches a mediano plazo (No computar)");
    await user.click(within(dialog).getByRole("button", { name: "Generar" }));
    expect(await screen.findByText("Matches a mediano plazo generados con éxito")).toBeInTheDocument();
    expect(posted).toEqual([
      { kind: "medium", body: { start_date: month.start, end_date: month.end, compute: false, write_file: true, airport: "MEX" } },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    state.answer = 409;
    dialog = await openGenerate(user, "Computar");
    await user.click(within(dialog).getByRole("button", { name: "Generar" }));
    expect(await screen.findByText("Ya existen matches a mediano plazo para el rango de fechas seleccionado")).toBeInTheDocument();
    expect(posted.at(-1)?.body).toMatchObject({ compute: true });

    state.answer = 500;
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Generar" }));
    expect(await screen.findByText("Ha ocurrido un error, intenta de nuevo más tarde")).toBeInTheDocument();
  });

  it("after a generation outside the range, asks for a range that holds it (issue 24 item 5)", async () => {
    signInAs("Slot");
    const { asked } = serve();
    renderApp("/matches");
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 5000 });
    const month = rangeForPreset("this_month", new Date());
    const user = userEvent.setup();
    const dialog = await openGenerate(user, "No computar");
    const start = within(dialog).getByRole("textbox", { name: "Desde" });
    await user.click(start);
    await user.keyboard("{Control>}a{/Control}{Backspace}");
    await user.keyboard("15122026");
    await waitFor(() => expect(start).toHaveValue("15/12/2026"));
    const end = within(dialog).getByRole("textbox", { name: "Hasta" });
    await user.click(end);
    await user.keyboard("{Control>}a{/Control}{Backspace}");
    await user.keyboard("20122026");
    await waitFor(() => expect(end).toHaveValue("20/12/2026"));
    await user.click(within(dialog).getByRole("button", { name: "Generar" }));
    expect(await screen.findByText("Matches a mediano plazo generados con éxito")).toBeInTheDocument();
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ kind: "medium", query: { airport: "MEX", season: currentSeason().name, start: month.start, end: "2026-12-20" } }),
    );
    expect(screen.getByRole("textbox", { name: "Hasta" })).toHaveValue("20/12/2026");
  });

  it("asks only for complete dates while 'Hasta' is typed, and never shows the server's sentence about a field", async () => {
    signInAs("Slot");
    const { asked } = serve();
    server.use(
      http.get("/api/matches/medium-term/", ({ query, response }) => {
        asked.push({ kind: "medium", query: queryOf(query) });
        const end = query.get("end") ?? "";
        if (end !== "" && end < "1900-01-01") {
          return response(400).json({ message: "La fecha «end» no es válida.", errors: [{ field: "end", message: "La fecha «end» no es válida." }] });
        }
        return response(200).json([]);
      }),
    );
    renderApp("/matches");
    expect(await screen.findByText("No se encontraron datos", {}, { timeout: 5000 })).toBeInTheDocument();
    const before = asked.length;
    const user = userEvent.setup();
    const end = screen.getByRole("textbox", { name: "Hasta" });
    await user.click(end);
    await user.keyboard("{Control>}a{/Control}{Backspace}");
    await user.keyboard("31122026");
    await waitFor(() => expect(end).toHaveValue("31/12/2026"));
    await waitFor(() => expect(asked.at(-1)?.query.end).toBe("2026-12-31"));
    const typed = asked.slice(before).map((call) => call.query.end ?? "");
    // Emptied (no bound), then the whole date: never the picker's years 0002, 0020, 0202.
    expect(typed.every((date) => date === "" || /^20\d{2}-\d{2}-\d{2}$/.test(date)), typed.join(", ")).toBe(true);
    expect(screen.queryByText(/«end»/)).not.toBeInTheDocument();
  });

  it("lists and generates the matches of the airport chosen in the top bar (issue 37)", async () => {
    signInAs("Slot");
    const { asked, posted } = serve();
    chooseAirport("JFK");
    renderApp("/matches");
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 5000 });
    expect(asked.at(-1)?.query.airport).toBe("JFK");
    expect(asked.some((call) => call.query.airport !== "JFK")).toBe(false);
    const user = userEvent.setup();
    const dialog = await openGenerate(user, "No computar");
    await user.click(within(dialog).getByRole("button", { name: "Generar" }));
    expect(await screen.findByText("Matches a mediano plazo generados con éxito")).toBeInTheDocument();
    expect(posted.at(-1)?.body).toMatchObject({ airport: "JFK" });
  });

  it("switches to short term, refuses days outside 1–14 before sending and generates with 'Computar'", async () => {
    signInAs("Admin");
    const { asked, posted } = serve();
    renderApp("/matches");
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Corto plazo" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(asked.at(-1)?.kind).toBe("short");

    const dialog = await openGenerate(user, "Computar");
    const days = within(dialog).getByLabelText("Días (1 a 14)");
    await user.clear(days);
    await user.type(days, "15");
    expect(within(dialog).getByText("Los días a revisar deben ser de 1 a 14.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Generar" })).toBeDisabled();
    await user.clear(days);
    await user.type(days, "3");
    await user.click(within(dialog).getByRole("button", { name: "Generar" }));
    expect(await screen.findByText("Matches a corto plazo generados con éxito")).toBeInTheDocument();
    expect(posted).toEqual([
      {
        kind: "short",
        body: { date_to_check: rangeForPreset("this_month", new Date()).start, days: 3, compute: true, write_file: true, airport: "MEX" },
      },
    ]);
  });
});
