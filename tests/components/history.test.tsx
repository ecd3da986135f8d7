/**
 * Histórico against msw handlers typed from the contract (seed 002 §2–§5, §9; issues 13 and 27):
 * cards coloured by rating against the season's threshold and the warning level (the slider: never
 * below the season's threshold, saved on release), the forecast, search, the visibility filter kept
 * under 'history_filter', 'En riesgo', the legend, the weekly table and the match viewer on a cell,
 * a flagged series' proposal put into the modification draft, the xlsx download, and who may do what.
 */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AICM_RULE, type HistorySlot, seasonHistory } from "../../src/domain/history";
import { addDays } from "../../src/domain/seasons";
import type { components } from "../../src/generated/openapi";
import { contractSeries } from "../../src/server/history/series";
import { currentSeason, findHeading, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";
import { turnoverRow } from "./turnoverRows";

type HistorySeries = components["schemas"]["HistorySeries"];

const SEASON = currentSeason();
/** JFK's season of the same name (issue 37): its own id. */
const JFK_SEASON = { ...SEASON, id: SEASON.id + 500 };
const day = (n: number) => addDays(SEASON.start_date, n);
const NOW = new Date(`${day(28)}T12:00:00Z`);

let nextId = 100;
function slots(serie: number, time: string, days: number[], outcome: (n: number) => Partial<HistorySlot> = () => ({})): HistorySlot[] {
  return days.map((n) => {
    const id = nextId++;
    return {
      slotId: id,
      serie,
      flightNumber: `VB${serie}00`,
      date: day(n),
      time,
      isArrival: serie === 2,
      status: "D",
      matchId: id,
      flightId: id,
      flightCancelled: false,
      difference: 0,
      realDifference: 0,
      delayCodes: [],
      justified: false,
      returnedAt: null,
      addedAt: null,
      ...outcome(n),
    };
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Serie 1: daily from day 7, one cancellation, one chargeable delay, new slots from day 24 (rating 90). */
const DAILY = slots(1, "10:00", range(7, 40), (n) => {
  if (n === 9) return { flightCancelled: true };
  if (n === 13) return { difference: 30, delayCodes: ["93"] };
  if (n >= 24) return { status: "ADD" };
  return {};
});
/** Serie 2: Sundays (every 7 days from day 0), always 12 minutes late, within the tolerance (rating 100, but flagged late). */
const WEEKLY = slots(2, "14:00", [0, 7, 14, 21, 35], () => ({ realDifference: 12 }));
/** Serie 3: every 7 days from day 2, half cancelled (an alert, at risk). */
const POOR = slots(3, "06:00", [2, 9, 16, 23, 30, 37], (n) => (n === 9 || n === 16 ? { flightCancelled: true } : {}));

const RULE = {
  rule: AICM_RULE,
  calendar: { historicsBaselineDate: SEASON.historics_baseline_date, seriesReturnDeadline: SEASON.series_return_deadline },
};
const HISTORY = seasonHistory([...DAILY, ...WEEKLY, ...POOR], SEASON, NOW, RULE);
const SERIES: HistorySeries[] = HISTORY.map((s) => contractSeries(s, { threshold: 80, warning: 95 }));
/** The warning level a person saved: 90 % is amber under it, 100 green, a series below the season's 80 red. */
const STORED_WARNING = 95;

function serve({ settingFails = false, weeksFail = false } = {}) {
  const calls = { history: [] as string[], series: [] as string[], modified: [] as unknown[], downloads: [] as string[], seasons: [] as string[] };
  server.use(
    http.get("/api/seasons/", ({ query, response }) => {
      calls.seasons.push(query.get("airport") ?? "");
      return response(200).json(query.get("airport") === "JFK" ? [JFK_SEASON] : [SEASON, ...SEASONS]);
    }),
    http.get("/api/list-settings/", ({ response }) =>
      response(200).json([{ id: 5, name: "accomplishment", value: { accomplishment: STORED_WARNING }, version: 1 }]),
    ),
    http.post("/api/settings/modify/", async ({ request, response }) => {
      const body = await request.json();
      calls.modified.push(body);
      if (settingFails) return response(400).json({ message: "No" });
      const value = typeof body.value.accomplishment === "number" ? body.value.accomplishment : 0;
      return response(200).json({ id: 5, name: "accomplishment", value: { accomplishment: value }, version: 2 });
    }),
    http.get("/api/history/", ({ query, response }) => {
      calls.history.push(`season_id=${query.get("season_id")}&airport=${query.get("airport")}`);
      return response(200).json(SERIES);
    }),
    // A card's weekly table, read when it opens (issue 35 item 3).
    http.get("/api/history/series/", ({ query, response }) => {
      calls.series.push(`season_id=${query.get("season_id")}&serie=${query.get("serie")}`);
      const found = HISTORY.find((s) => s.serie === Number(query.get("serie")));
      if (weeksFail || !found) return response(404).json({ message: "La serie no existe en la temporada." });
      return response(200).json({ season_id: Number(query.get("season_id")), serie: found.serie, flights: found.flights });
    }),
    // Before `{id}`, which would also match "drafts" (the viewer's draft actions read them).
    http.get("/api/turnover/drafts/", ({ response }) =>
      response(200).json({
        new_slot_data: { season: null, form: {}, list: [] },
        modification_data: { season: null, ids: [], action: 5, encoded: [] },
        cancellation_data: { season: null, ids: [] },
      }),
    ),
    http.get("/api/turnover/{id}/", ({ params, response }) =>
      response(200).json([turnoverRow({ id: Number(params.id), slot_id: Number(params.id), slot_name: "VB100" })]),
    ),
    http.get("/api/turnover/{id}/changes/", ({ response }) => response(200).json([])),
  );
  return calls;
}

type Airport = components["schemas"]["Airport"];
const AIRPORTS: Airport[] = [
  { id: 2, code: "MEX", name: "Aeropuerto de Ciudad de México", city: "Ciudad de México", country: "MX", time_zone: "America/Mexico_City", coordination_level: 3, active: true },
  { id: 43, code: "JFK", name: "Aeropuerto de Nueva York", city: "Nueva York", country: "US", time_zone: "America/New_York", coordination_level: 3, active: true },
];

/** The team holds MEX and JFK, and the person chose `code` in the top bar. */
function chooseAirport(code: string) {
  server.use(
    http.get("/api/airport-list/", ({ response }) => response(200).json(AIRPORTS)),
    http.get("/api/account/preferences/", ({ response }) => response(200).json({ turnover_hidden_columns: [], airport: code, version: 1 })),
  );
}

const card = (serie: number) => screen.getByRole("button", { name: `Serie ${serie}` }).closest("[data-level]");
const levels = () => [1, 2, 3].map((serie) => card(serie)?.getAttribute("data-level"));
/** The cards shown (hidden included: the filter's popover hides the page from assistive tech while open). */
const shownSeries = () =>
  screen
    .queryAllByRole("listitem", { hidden: true })
    .map((item) => within(item).getByRole("heading", { level: 3, hidden: true }).textContent);

async function open(role: "Admin" | "Slot" | "Reportes" = "Slot", options: Parameters<typeof serve>[0] = {}) {
  signInAs(role);
  const calls = serve(options);
  renderApp("/history");
  expect(await findHeading("Histórico")).toBeInTheDocument();
  await screen.findByRole("button", { name: "Serie 1" }, { timeout: 5000 });
  return calls;
}

afterEach(() => {
  localStorage.removeItem("history_filter");
  vi.restoreAllMocks();
});

describe("Histórico", () => {
  it("shows the season's series as cards coloured against the season's threshold and the stored warning level, with the forecast", async () => {
    const calls = await open();
    expect(calls.history[0]).toBe(`season_id=${SEASON.id}&airport=MEX`);
    expect(calls.seasons).toContain("MEX");
    expect(await screen.findByText("Nivel de advertencia: 95 %")).toBeInTheDocument();
    expect(screen.getByTestId("season-rule")).toHaveTextContent(`Regla de ${SEASON.name}: umbral 80 % · tolerancia ±15 min`);
    expect(shownSeries()).toEqual(["Serie 1", "Serie 2", "Serie 3"]);
    expect(levels()).toEqual(["warn", "ok", "alert"]);
    const daily = within(card(1) as HTMLElement);
    // Said as the margin it is, not as a forecast of losses (issue 36, texts).
    expect(daily.getByText(/^Margen: puede perder \d+ vuelos? más sin bajar del umbral$/)).toBeInTheDocument();
    // A series at risk says what it must fly to get back, never how many it "can lose".
    const atRisk = within(card(3) as HTMLElement);
    expect(atRisk.getByText("En riesgo")).toBeInTheDocument();
    expect(atRisk.getByText(/^(Debe operar \d+ de los \d+ restantes|No vuelve al 80 % aunque opere los \d+ restantes)$/)).toBeInTheDocument();
    expect(atRisk.queryByText(/puede perder/)).toBeNull();
    expect(screen.getByText(/Última actualización: \d\d:\d\d/)).toBeInTheDocument();
  });

  it("flags a series the coordinator's test would flag, with the retime, and plots its operations in its detail (issue 27 item 4)", async () => {
    await open();
    const weekly = within(card(2) as HTMLElement);
    expect(weekly.getByText("Aviso de puntualidad")).toBeInTheDocument();
    expect(weekly.getByText("Tarde en promedio: +12 min (significativo al 90 %)")).toBeInTheDocument();
    expect(weekly.getByText("Propuesta: mover el slot a las 14:10 UTC (+10 min)")).toBeInTheDocument();
    expect(within(card(1) as HTMLElement).queryByText("Aviso de puntualidad")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Serie 2" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("punctuality-summary")).toHaveTextContent(
      "4 operaciones · media +12 min · intervalo al 90 %: +12 a +12 min · tolerancia ±15 min",
    );
  });

  it("puts a flagged series' proposal into the modification draft with the server's lines, writing the draft's other slots too (issue 27 item 4)", async () => {
    await open("Slot");
    const ahead = WEEKLY.filter((slot) => slot.date > NOW.toISOString().slice(0, 10)).map((slot) => slot.slotId);
    expect(ahead).toHaveLength(1);
    const line = (letter: string, flight: string, time: string) => `${letter}${flight} 06DEC06DEC 0000007 180320 CUN${time} J`;
    // The draft holds a slot added from Entrega de turno, its lines not written yet.
    const HELD = 77;
    const calls = { retimes: [] as string[], encodes: [] as unknown[], saves: [] as unknown[] };
    server.use(
      http.get("/api/turnover/drafts/", ({ response }) =>
        response(200).json({
          new_slot_data: { season: null, form: {}, list: [] },
          modification_data: { season: SEASON.name, ids: [HELD], action: 5, encoded: [] },
          cancellation_data: { season: null, ids: [] },
          version: 4,
        }),
      ),
      http.get("/api/monitoring/retime/", ({ query, response }) => {
        calls.retimes.push(`${query.get("season_id")}/${query.get("serie")}/${query.get("shift")}/${query.get("letter")}`);
        const lines = ahead.map((id) => ({ slot_id: id, date: "2026-12-06", change: line("C", "VB200", "1400"), request: line("R", "VB200", "1410") }));
        return response(200).json({ season: SEASON.name, serie: 2, shift: 10, lines });
      }),
      http.post("/api/turnover/requests/encode/", async ({ request, response }) => {
        const body = await request.json();
        calls.encodes.push(body);
        return response(200).json({ encoded_slots: (body.items ?? []).map((id) => ({ id: String(id), change: line("C", "VB900", "0900"), request: line("R", "VB900", "0900") })) });
      }),
      http.post("/api/turnover/drafts/", async ({ request, response }) => {
        const body = await request.json();
        calls.saves.push(body);
        return response(200).json({
          new_slot_data: { season: null, form: {}, list: [] },
          modification_data: body.modification_data ?? { season: null, ids: [], action: 5, encoded: [] },
          cancellation_data: { season: null, ids: [] },
          version: 5,
        });
      }),
    );
    await userEvent.click(within(card(2) as HTMLElement).getByRole("button", { name: "Añadir al borrador de modificaciones" }));
    expect(await screen.findByText("1 slot añadido al borrador de modificaciones a las 14:10 UTC")).toBeInTheDocument();
    expect(calls.retimes).toEqual([`${SEASON.id}/2/10/R`]);
    expect(calls.encodes).toEqual([
      { draft_type: "modify", modification_action_code: 4, season_id: SEASON.id, items: [HELD], encode_action: 5, request_letter: "R" },
    ]);
    const entry = (id: number, flight: string, held: string, asked: string) => ({
      id: String(id),
      linked: true,
      data: { actual: { line: line("C", flight, held), ghost: false }, request: { line: line("R", flight, asked), ghost: false } },
    });
    expect(calls.saves).toEqual([
      {
        modification_data: {
          season: SEASON.name,
          ids: [HELD, ...ahead],
          action: 5,
          encoded: [entry(HELD, "VB900", "0900", "0900"), entry(ahead[0]!, "VB200", "1400", "1410")],
        },
        version: 4,
      },
    ]);
    // A series on time proposes nothing to draft.
    expect(within(card(1) as HTMLElement).queryByRole("button", { name: "Añadir al borrador de modificaciones" })).toBeNull();
  });

  it("starts the slider at 61 until the setting loads, shown as the season's threshold it cannot go below", async () => {
    signInAs("Slot");
    serve();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get("/api/list-settings/", async ({ response }) => {
        await gate;
        return response(200).json([{ id: 5, name: "accomplishment", value: { accomplishment: STORED_WARNING }, version: 1 }]);
      }),
    );
    renderApp("/history");
    // Seed 002 §9's 61 is below the season's 80: the warning level in force is 80.
    expect(await screen.findByText("Nivel de advertencia: 80 %", {}, { timeout: 5000 })).toBeInTheDocument();
    release();
    expect(await screen.findByText("Nivel de advertencia: 95 %")).toBeInTheDocument();
  });

  it("recolours the cards as the warning level moves, never below the season's threshold, and saves it on release", async () => {
    const calls = await open("Slot");
    await screen.findByText("Nivel de advertencia: 95 %");
    expect(levels()).toEqual(["warn", "ok", "alert"]);
    const slider = screen.getByRole("slider");
    // Home is the slider's minimum: the season's threshold. Serie 1 (90 %) turns green; serie 3 stays red.
    fireEvent.keyDown(slider, { key: "Home" });
    expect(await screen.findByText("Nivel de advertencia: 80 %")).toBeInTheDocument();
    expect(levels()).toEqual(["ok", "ok", "alert"]);
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(calls.modified).toEqual([{ id: 5, value: { accomplishment: 80 }, version: 1 }]);
    // At 100, the seed's colours: only 100 is green.
    fireEvent.keyDown(slider, { key: "End" });
    expect(levels()).toEqual(["warn", "ok", "alert"]);
  });

  it("lets Reportes move the warning level without saving it", async () => {
    const calls = await open("Reportes");
    await screen.findByText("Nivel de advertencia: 95 %");
    fireEvent.keyDown(screen.getByRole("slider"), { key: "Home" });
    expect(levels()).toEqual(["ok", "ok", "alert"]);
    expect(calls.modified).toEqual([]);
    // Reportes may not draft modifications.
    expect(within(card(2) as HTMLElement).queryByRole("button", { name: "Añadir al borrador de modificaciones" })).toBeNull();
  });

  it("searches series ids, drops what is not a number, and filters 'En riesgo'", async () => {
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Buscar series" }), "3, x,2");
    expect(shownSeries()).toEqual(["Serie 2", "Serie 3"]);
    await user.click(screen.getByRole("button", { name: "En riesgo" }));
    expect(shownSeries()).toEqual(["Serie 3"]);
  });

  it("keeps the visibility filter (ratings, weekdays, hours) under 'history_filter'", async () => {
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Filtro de visibilidad" }));
    const group = screen.getByRole("group", { name: "Filtro de visibilidad" });
    await user.click(within(group).getByRole("checkbox", { name: "Alerta (< umbral de la temporada)" }));
    expect(shownSeries()).toEqual(["Serie 3"]);
    await user.click(within(group).getByRole("checkbox", { name: "Alerta (< umbral de la temporada)" }));
    const from = within(group).getByRole("textbox", { name: "Desde" });
    await user.clear(from);
    await user.type(from, "09:00");
    expect(shownSeries()).toEqual(["Serie 1", "Serie 2"]);
    expect(JSON.parse(localStorage.getItem("history_filter") ?? "{}")).toEqual({
      ratings: [],
      frequencies: [],
      hourFrom: "09:00",
      hourTo: "23:59",
    });
  });

  it("reads the stored filter when it opens", async () => {
    localStorage.setItem("history_filter", JSON.stringify({ ratings: ["ok"], frequencies: [], hourFrom: "00:00", hourTo: "23:59" }));
    signInAs("Admin");
    serve();
    renderApp("/history");
    await screen.findByRole("button", { name: "Serie 2" }, { timeout: 5000 });
    expect(shownSeries()).toEqual(["Serie 2"]);
  });

  it("explains the rates in the legend", async () => {
    await open();
    await userEvent.setup().click(screen.getByRole("button", { name: "Leyenda" }));
    const legend = await screen.findByRole("dialog", { name: "Leyenda" });
    expect(within(legend).getByText(/^Uso: vuelos operados ÷ slots asignados/)).toBeInTheDocument();
    // The season's rule and calendar, with its own numbers and dates.
    expect(within(legend).getByText(/^Regla de la temporada .*tolerancia de puntualidad ±15 min; una operación fuera de la tolerancia no cuenta como usada\.$/)).toBeInTheDocument();
    const hbd = SEASON.historics_baseline_date.split("-").reverse().join("/");
    expect(within(legend).getByText(new RegExp(`fecha base de históricos \\(${hbd}\\)`))).toBeInTheDocument();
  });

  it("opens a card's weekly table, read only then, and a cell the match viewer on the slot's changes", async () => {
    const calls = await open();
    const user = userEvent.setup();
    // The cards came without their tables: none is read until a card is opened (issue 35 item 3).
    expect(calls.series).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Serie 1" }));
    const table = await screen.findByRole("dialog", { name: "Serie 1 · VB100" });
    const dm = (n: number) => `${day(n).slice(8, 10)}/${day(n).slice(5, 7)}`;
    expect(await within(table).findByRole("button", { name: `${dm(9)} 10:00: Cancelado` })).toHaveTextContent("Cancelado");
    expect(calls.series).toEqual([`season_id=${SEASON.id}&serie=1`]);
    expect(within(table).getByRole("button", { name: `${dm(13)} 10:00: Imputable` })).toHaveTextContent("Imputable");
    expect(within(table).getByRole("button", { name: `${dm(24)} 10:00: Alta` })).toHaveTextContent("Alta");
    // The first week has no slot of the series: disabled cells.
    const empty = within(table)
      .getAllByRole("button", { name: "Sin slot esa semana" })
      .filter((cell) => cell.getAttribute("data-week") === "1");
    expect(empty).toHaveLength(7);
    expect(empty.every((cell) => cell.hasAttribute("disabled") || cell.getAttribute("aria-disabled") === "true")).toBe(true);
    await user.click(within(table).getByRole("button", { name: `${dm(9)} 10:00: Cancelado` }));
    const matchId = DAILY.find((s) => s.date === day(9))?.matchId;
    const viewer = await screen.findByRole("dialog", { name: new RegExp(`^Match ${matchId}`) }, { timeout: 5000 });
    expect(await within(viewer).findByRole("heading", { name: "Historial de cambios del slot" })).toBeInTheDocument();
  });

  it("says so in Spanish when a card's weekly table cannot be read", async () => {
    await open("Slot", { weeksFail: true });
    await userEvent.click(screen.getByRole("button", { name: "Serie 1" }));
    const table = await screen.findByRole("dialog", { name: "Serie 1 · VB100" });
    expect(await within(table).findByText("No se pudo cargar la tabla semanal: La serie no existe en la temporada.")).toBeInTheDocument();
    expect(within(table).queryByRole("table")).toBeNull();
  });

  it("draws the operations' chart only when it comes into view, holding its room until then (issue 35 item 3)", async () => {
    const observers: FakeObserver[] = [];
    class FakeObserver implements IntersectionObserver {
      readonly root = null;
      readonly rootMargin = "0px";
      readonly scrollMargin = "0px";
      readonly thresholds = [0];
      targets: Element[] = [];
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
      unobserve() {}
      takeRecords(): IntersectionObserverEntry[] {
        return [];
      }
    }
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    try {
      await open();
      await userEvent.click(screen.getByRole("button", { name: "Serie 2" }));
      const dialog = await screen.findByRole("dialog", { name: "Serie 2 · VB200" });
      const summary = await within(dialog).findByTestId("punctuality-summary");
      const room = summary.closest("section")?.querySelector<HTMLElement>("[data-seen]");
      expect(room?.getAttribute("data-seen")).toBe("false");
      expect(room?.style.height || getComputedStyle(room ?? document.body).height).toBe("180px");
      expect(dialog.querySelector(".recharts-responsive-container")).toBeNull();
      // Scrolled into view: the chart draws in the same room.
      const watching = observers.find((o) => room && o.targets.includes(room));
      expect(watching).toBeDefined();
      act(() => {
        if (!watching || !room) return;
        const rect = room.getBoundingClientRect();
        const seen: IntersectionObserverEntry = {
          boundingClientRect: rect,
          intersectionRatio: 1,
          intersectionRect: rect,
          isIntersecting: true,
          rootBounds: null,
          target: room,
          time: 0,
        };
        watching.callback([seen], watching);
      });
      await waitFor(() => expect(room?.getAttribute("data-seen")).toBe("true"));
      expect(dialog.querySelector(".recharts-responsive-container")).not.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("downloads 'Histórico {season}.xlsx'", async () => {
    const calls = await open();
    const names: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:history");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    server.use(
      http.get("/api/history/download/", ({ query, response }) => {
        calls.downloads.push(`${query.get("airport")} ${query.get("season")}`);
        return response.untyped(
          new HttpResponse(new Blob(["PK"]), {
          headers: {
            "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "Content-Disposition": `attachment; filename="Historico ${SEASON.name}.xlsx"; filename*=UTF-8''${encodeURIComponent(`Histórico ${SEASON.name}.xlsx`)}`,
          },
          }),
        );
      }),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Descargar xlsx" }));
    await waitFor(() => expect(names).toEqual([`Histórico ${SEASON.name}.xlsx`]));
    expect(calls.downloads).toEqual([`MEX ${SEASON.name}`]);
    // Said, like Reportes' download (issue 24 item 10).
    expect(await screen.findByText(`Histórico ${SEASON.name} descargado`)).toBeInTheDocument();
  });

  it("reads the airport chosen in the top bar: its seasons, and the season of the same name there (issue 37)", async () => {
    signInAs("Slot");
    const calls = serve();
    chooseAirport("JFK");
    renderApp("/history");
    await screen.findByRole("button", { name: "Serie 1" }, { timeout: 5000 });
    // The stored season is MEX's; JFK's season of the same name is the one read, with JFK.
    expect(calls.history).toEqual([`season_id=${JFK_SEASON.id}&airport=JFK`]);
    expect(calls.seasons).toContain("JFK");
    expect(calls.history.some((call) => call.includes("MEX"))).toBe(false);
  });

  it("is not Seguimiento's", async () => {
    signInAs("Seguimiento");
    serve();
    renderApp("/history");
    expect(await screen.findByText("No tiene permiso para ver esta sección", {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
