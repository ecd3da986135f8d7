/**
 * The match viewer against msw handlers typed from the contract (seed 001 §2.6, §4.2, §5, §8):
 * header chip, cards, the AIMS cancellation banner, the minutes to justify, separate and assign
 * with confirmations (then toast, table reload, dialog closed), the delay editor's body, the
 * affectations, every empty text, and the buttons each role sees.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, type RoleName, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { NO_CODES, NO_SLOT, TURNOVER_DAY, type TurnoverRow, turnoverRow } from "./turnoverRows";

type LeftoverSlot = components["schemas"]["LeftoverSlot"];
type SlotChange = components["schemas"]["SlotChange"];
type Affectation = components["schemas"]["Affectation"];
type DelayEvaluation = components["schemas"]["DelayEvaluation"];
type Drafts = components["schemas"]["Drafts"];
type DraftsUpdate = components["schemas"]["DraftsUpdate"];

const DAY = TURNOVER_DAY;


/** A full match row: VB101 MTY-MEX paired with its slot, 40 minutes late with 15 justified. */
const row = (overrides: Partial<TurnoverRow> & Pick<TurnoverRow, "id">): TurnoverRow =>
  turnoverRow({
    flight_estimated: `${DAY}T04:05:00.000Z`,
    flight_real: `${DAY}T04:10:00.000Z`,
    flight_aircraft: { type: "321", capacity: 220 },
    flight_actual_datetime_dep: `${DAY}T02:30:00.000Z`,
    flight_actual_datetime_arr: `${DAY}T04:10:00.000Z`,
    slot_aircraft: { type: "321", capacity: 220 },
    real_difference: 40,
    real_class: "high_diff",
    has_codes: true,
    codes: { ...NO_CODES, first_code: "93", first_time: 10, second_code: "41", second_time: 5 },
    ...overrides,
  });

const DIFF = row({ id: 101 });
const WITHOUT_SLOT = row({
  id: 102,
  ...NO_SLOT,
  has_codes: false,
  codes: NO_CODES,
});
const CANCELLED = row({
  id: 103,
  general_status: "CA",
  flight_status: "C",
  flight_real: null,
  real_difference: null,
  real_class: "null_diff",
  has_codes: false,
  codes: NO_CODES,
  flight_cancellation: { description: "Falla técnica de la aeronave", timestamp: `${DAY}T02:00:00.000Z` },
});
const HOUR_LIMIT = row({ id: 104, general_status: "AH", scheduled_difference: 25, scheduled_class: "high_diff" });

const LEFTOVERS: LeftoverSlot[] = [
  {
    id: 501,
    name: "VB900",
    slot_schedule_date: DAY,
    slot_schedule_time: "03:20",
    frequency: 2,
    aircraft_capacity: 180,
    aircraft_type: "320",
    airport: "MTY",
    flight_type: "J",
    difference: 10,
    is_arrival: true,
  },
  {
    id: 502,
    name: "VB902",
    slot_schedule_date: DAY,
    slot_schedule_time: "04:00",
    frequency: 2,
    aircraft_capacity: 220,
    aircraft_type: "321",
    airport: "MTY",
    flight_type: "J",
    difference: -30,
    is_arrival: true,
  },
];

const CODES = [
  { code: "41", description: "Falla técnica de la aeronave" },
  { code: "93", description: "Rotación de aeronave: llegada tardía del mismo avión" },
  { code: "11", description: "Aceptación tardía de pasajeros" },
];

const EMPTY_DRAFTS: Drafts = {
  new_slot_data: { season: null, list: [] },
  modification_data: { season: null, ids: [], action: 5, encoded: [] },
  cancellation_data: { season: null, ids: [] },
};

interface Options {
  drafts?: Drafts;
  rows?: TurnoverRow[];
  leftovers?: LeftoverSlot[];
  changes?: SlotChange[];
  affectations?: Affectation[];
}

const serve = ({
  rows = [DIFF, WITHOUT_SLOT, CANCELLED, HOUR_LIMIT],
  leftovers = [],
  changes = [],
  affectations = [],
  drafts = EMPTY_DRAFTS,
}: Options = {}) => {
  let stored = drafts;
  const calls = {
    draftSaves: [] as DraftsUpdate[],
    turnover: 0,
    separated: [] as number[],
    assigned: [] as Array<{ id: number; body: unknown }>,
    evaluations: [] as Array<{ id: number; body: DelayEvaluation }>,
    affectations: [] as unknown[],
  };
  server.use(
    http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
    http.post("/api/turnover/", ({ response }) => {
      calls.turnover += 1;
      return response(200).json(rows);
    }),
    // Before `{id}`, which would also match "codes" (msw tries handlers in order; the server's router prefers the static path).
    http.get("/api/turnover/codes/", ({ response }) => response(200).json(CODES)),
    http.get("/api/turnover/drafts/", ({ response }) => response(200).json(stored)),
    http.post("/api/turnover/drafts/", async ({ request, response }) => {
      const body = await request.json();
      calls.draftSaves.push(body);
      stored = { ...stored, ...body };
      return response(200).json(stored);
    }),
    http.get("/api/turnover/{id}/", ({ params, response }) =>
      response(200).json(rows.filter((candidate) => candidate.id === Number(params.id))),
    ),
    http.get("/api/turnover/{id}/slot_leftovers/", ({ response }) => response(200).json(leftovers)),
    http.patch("/api/turnover/{id}/slot_leftovers/", async ({ params, request, response }) => {
      const body = await request.json();
      calls.assigned.push({ id: Number(params.id), body });
      return response(200).json({ ...WITHOUT_SLOT, slot_id: body.match_slot_leftover, general_status: "DIFF" });
    }),
    http.delete("/api/turnover/{id}/delete_match/", ({ params, response }) => {
      calls.separated.push(Number(params.id));
      return response(200).json([WITHOUT_SLOT, WITHOUT_SLOT]);
    }),
    http.get("/api/turnover/{id}/changes/", ({ response }) => response(200).json(changes)),
    http.get("/api/turnover/{id}/affectations/", ({ response }) => response(200).json(affectations)),
    http.post("/api/turnover/{id}/slot_evaluation/", async ({ params, request, response }) => {
      const body = await request.json();
      calls.evaluations.push({ id: Number(params.id), body });
      return response(200).json({
        ...DIFF,
        codes: { ...NO_CODES, first_code: body.delays[0]?.code ?? null, first_time: body.delays[0]?.minutes ?? null },
      });
    }),
    http.patch("/api/turnover/affectations/update/", async ({ request, response }) => {
      const body = await request.json();
      calls.affectations.push(body);
      const existing = affectations.find((affectation) => affectation.id === body.id);
      if (!existing) return response(404).json({ message: "No existe la afectación." });
      return response(200).json({ ...existing, ...body });
    }),
  );
  return calls;
};


/** Opens Entrega de turno as `role` and the viewer of match `id` by clicking its row. */
const openViewer = async (id: number, role: RoleName = "Slot") => {
  signInAs(role);
  localStorage.setItem("range", JSON.stringify([DAY, DAY]));
  renderApp("/turnover");
  await findHeading("Entrega de turno");
  await waitFor(() => expect(document.querySelector(`.MuiDataGrid-row[data-id="${id}"]`)).not.toBeNull(), {
    timeout: 5000,
  });
  const nameCell = document.querySelector<HTMLElement>(`.MuiDataGrid-row[data-id="${id}"] [data-field="season"]`);
  if (!nameCell) throw new Error(`no row ${id}`);
  const user = userEvent.setup();
  await user.click(nameCell);
  const dialog = await screen.findByRole("dialog", { name: new RegExp(`^Match ${id}`) });
  await within(dialog).findByRole("heading", { name: "Vuelo" });
  return { dialog, user };
};

const toolbarButtons = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("toolbar", { name: "Acciones del match" }))
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("what the viewer shows", () => {
  it("a header chip with general status, season and id, the flight and slot cards, delays and differences", async () => {
    serve();
    const { dialog } = await openViewer(101);
    expect(within(dialog).getByText("DIFF · W26 · 101")).toBeInTheDocument();
    const flight = within(dialog).getByRole("region", { name: "Vuelo" });
    expect(within(flight).getByText("MTY-MEX")).toBeInTheDocument();
    expect(within(flight).getByText("XA-VBA")).toBeInTheDocument();
    expect(within(flight).getByText("321 · 220 asientos")).toBeInTheDocument();
    // ST 03:30 UTC is 21:30 of the day before in Mexico City.
    expect(within(flight).getByText("09/11/2026 21:30")).toBeInTheDocument();
    // The flight's Fecha is that day too, as in the table, not AIMS's UTC date (10/11).
    expect(within(flight).getByText("Fecha", { selector: "dt" }).nextElementSibling).toHaveTextContent("09/11/2026");
    const slot = within(dialog).getByRole("region", { name: "Slot" });
    expect(within(slot).getByText("VB101")).toBeInTheDocument();
    expect(within(slot).getByText("D · Histórico")).toBeInTheDocument();
    const delays = within(dialog).getByRole("region", { name: "Demoras" });
    expect(within(delays).getByText("93 · 10 min")).toBeInTheDocument();
    expect(within(delays).getByText("41 · 5 min")).toBeInTheDocument();
    expect(within(dialog).queryByText("ALERTA: VUELO CANCELADO EN AIMS")).not.toBeInTheDocument();
  });

  it("says beside each actual time where it came from: an MVT with its time, the CSV, an Admin's correction", async () => {
    const sourced = row({
      id: 101,
      flight_actual_sources: { departure: { source: "csv", at: `${DAY}T01:00:00Z` }, arrival: { source: "mvt", at: `${DAY}T10:12:00Z` } },
    });
    serve({ rows: [sourced, { ...WITHOUT_SLOT, flight_actual_sources: { departure: { source: "admin", at: `${DAY}T12:00:00Z` }, arrival: null } }] });
    const { dialog } = await openViewer(101);
    const flight = within(dialog).getByRole("region", { name: "Vuelo" });
    const sourceOf = (label: string) => within(flight).getByText(label, { selector: "dt" }).nextElementSibling;
    // VB101 arrives at MEX: its AT is the arrival's.
    expect(sourceOf("AT")).toHaveTextContent("MVT 10:12Z");
    expect(sourceOf("Llegada real")).toHaveTextContent("MVT 10:12Z");
    expect(sourceOf("Salida real")).toHaveTextContent("CSV");
    expect(sourceOf("Salida real")).not.toHaveTextContent("MVT");
  });

  it("says 'Corrección de Admin' beside a corrected time, and nothing beside a time of unknown source", async () => {
    serve({ rows: [{ ...WITHOUT_SLOT, flight_actual_sources: { departure: { source: "admin", at: `${DAY}T12:00:00Z` }, arrival: null } }] });
    const { dialog } = await openViewer(102);
    const flight = within(dialog).getByRole("region", { name: "Vuelo" });
    expect(within(flight).getByText("Salida real", { selector: "dt" }).nextElementSibling).toHaveTextContent("Corrección de Admin");
    expect(within(flight).getAllByTestId("actual-source")).toHaveLength(1);
  });

  it("computes the minutes to justify: |real| − Σ delay minutes beyond ±15, live while editing", async () => {
    serve();
    const { dialog, user } = await openViewer(101);
    const differences = within(dialog).getByRole("region", { name: "Diferencias" });
    expect(within(differences).getByText("+40 min")).toBeInTheDocument();
    expect(within(differences).getByTestId("to-justify")).toHaveTextContent("25 min");
    await user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    const second = within(dialog).getByRole("group", { name: "2da demora" });
    const minutes = within(second).getByRole("textbox", { name: "Minutos" });
    await user.clear(minutes);
    await user.type(minutes, "3x0");
    expect(minutes).toHaveValue("30");
    expect(within(differences).getByTestId("to-justify")).toHaveTextContent("0 min");
  });

  it("shows 0 to justify, never a negative number, and warns when the delays exceed the real difference", async () => {
    serve();
    const { dialog, user } = await openViewer(101);
    const differences = within(dialog).getByRole("region", { name: "Diferencias" });
    expect(within(differences).queryByTestId("delays-exceed")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    const second = within(dialog).getByRole("group", { name: "2da demora" });
    const minutes = within(second).getByRole("textbox", { name: "Minutos" });
    await user.clear(minutes);
    await user.type(minutes, "45");
    // 10 + 45 minutes of delays against a real difference of 40.
    expect(within(differences).getByTestId("to-justify")).toHaveTextContent("0 min");
    expect(within(differences).getByTestId("to-justify")).not.toHaveTextContent("-");
    expect(within(differences).getByTestId("delays-exceed")).toHaveTextContent(
      "Las demoras capturadas suman más que la diferencia real",
    );
    await user.clear(minutes);
    await user.type(minutes, "30");
    expect(within(differences).getByTestId("to-justify")).toHaveTextContent("0 min");
    expect(within(differences).queryByTestId("delays-exceed")).not.toBeInTheDocument();
  });

  it("shows 0 to justify within ±15 minutes", async () => {
    serve({ rows: [row({ id: 105, real_difference: -12, real_class: "mid_diff" })] });
    const { dialog } = await openViewer(105);
    expect(within(dialog).getByTestId("to-justify")).toHaveTextContent("0 min");
  });

  it("alerts 'ALERTA: VUELO CANCELADO EN AIMS' with the time and description of the cancellation", async () => {
    serve();
    const { dialog } = await openViewer(103);
    expect(within(dialog).getByText("CA · W26 · 103")).toBeInTheDocument();
    const alert = within(dialog).getByRole("alert");
    expect(alert).toHaveTextContent("ALERTA: VUELO CANCELADO EN AIMS");
    expect(alert).toHaveTextContent("Hora: 09/11/2026 20:00");
    expect(alert).toHaveTextContent("Descripción: Falla técnica de la aeronave");
  });

  it("names a flight without slot '[VUELO SIN SLOT]'", async () => {
    serve();
    const { dialog } = await openViewer(102);
    expect(within(within(dialog).getByRole("region", { name: "Slot" })).getByText("[VUELO SIN SLOT]")).toBeInTheDocument();
    // No real difference without a slot: nothing to justify.
    expect(within(dialog).queryByTestId("to-justify")).not.toBeInTheDocument();
  });
});

describe("buttons per role and status", () => {
  it("Slot may separate a pair and edit its delays; a flight without slot offers 'Asignar slot'", async () => {
    serve();
    const { dialog, user } = await openViewer(101);
    await within(dialog).findByRole("button", { name: "Agregar a borrador" });
    expect(toolbarButtons(dialog)).toEqual([
      "Desvincular",
      "Cambios de slot",
      "Editar demoras",
      "Afectaciones",
      "Agregar a borrador",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const nameCell = document.querySelector<HTMLElement>('.MuiDataGrid-row[data-id="102"] [data-field="season"]');
    if (!nameCell) throw new Error("no row 102");
    await user.click(nameCell);
    const second = await screen.findByRole("dialog", { name: /^Match 102/ });
    await within(second).findByRole("button", { name: "Solicitar slot" });
    expect(toolbarButtons(second)).toEqual([
      "Asignar slot",
      "Cambios de slot",
      "Editar demoras",
      "Afectaciones",
      "Solicitar slot",
    ]);
  });

  it("any flight–slot pair can be separated, an hour-limit (AH) match too: it is the one most often paired wrong", async () => {
    serve();
    const { dialog } = await openViewer(104);
    await within(dialog).findByRole("button", { name: "Agregar a borrador" });
    expect(toolbarButtons(dialog)).toEqual(["Desvincular", "Cambios de slot", "Editar demoras", "Afectaciones", "Agregar a borrador"]);
  });

  it("Seguimiento and Reportes only look: changes and affectations, read-only", async () => {
    const affectations: Affectation[] = [
      { id: 1, code: "41", date: DAY, affectation: "Falla técnica", affectation_number: 12, observations: "Conexiones" },
    ];
    serve({ affectations });
    const { dialog, user } = await openViewer(101, "Reportes");
    expect(toolbarButtons(dialog)).toEqual(["Cambios de slot", "Afectaciones"]);
    await user.click(within(dialog).getByRole("button", { name: "Afectaciones" }));
    const table = await within(dialog).findByRole("table", { name: "Afectaciones" });
    expect(within(table).getByText("12")).toBeInTheDocument();
    expect(within(table).queryByRole("textbox")).not.toBeInTheDocument();
  });
});

describe("separate", () => {
  it("asks first; then 'El slot ha sido desvinculado con éxito', the table reloads and the dialog closes", async () => {
    const calls = serve();
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Desvincular" }));
    let confirm = await screen.findByRole("dialog", { name: "Desvincular match" });
    expect(confirm).toHaveTextContent("El vuelo VB101 quedará sin slot y el slot VB101 quedará como sobrante");
    // What happens to the team's work is said before it happens.
    expect(confirm).toHaveTextContent("Las demoras, observaciones y afectaciones del vuelo se conservan.");
    await user.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Desvincular match" })).not.toBeInTheDocument());
    expect(calls.separated).toEqual([]);

    const before = calls.turnover;
    await user.click(within(dialog).getByRole("button", { name: "Desvincular" }));
    confirm = await screen.findByRole("dialog", { name: "Desvincular match" });
    await user.click(within(confirm).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("El slot ha sido desvinculado con éxito")).toBeInTheDocument();
    expect(calls.separated).toEqual([101]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(calls.turnover).toBe(before + 1));
  });

  it("says 'Ha ocurrido un error al desvincular el slot' when the server refuses, and stays open", async () => {
    serve();
    server.use(
      http.delete("/api/turnover/{id}/delete_match/", ({ response }) =>
        response(409).json({ message: "Solo se puede desvincular un match de vuelo con slot." }),
      ),
    );
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Desvincular" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Desvincular match" })).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Ha ocurrido un error al desvincular el slot")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Desvincular match" })).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: /^Match 101/ })).toBeInTheDocument();
  });
});

describe("assign a leftover slot", () => {
  it("assigns exactly the chosen leftover after confirmation: toast, reload, dialog closed", async () => {
    const calls = serve({ leftovers: LEFTOVERS });
    const { dialog, user } = await openViewer(102);
    await user.click(within(dialog).getByRole("button", { name: "Asignar slot" }));
    const table = await within(dialog).findByRole("table", { name: "Asignar slot sobrante" });
    expect(within(table).getByText("-30 min")).toBeInTheDocument();
    const assign = within(dialog).getByRole("button", { name: "Asignar" });
    expect(assign).toBeDisabled();
    // The leftovers' UTC times in the viewer's zone, Mexico City (UTC−6), like its cards (issue 24 item 9).
    expect(within(table).getByRole("columnheader", { name: "Hora (local)" })).toBeInTheDocument();
    await user.click(within(table).getByRole("radio", { name: "Elegir VB900 del 09/11/2026 21:20" }));
    await user.click(within(table).getByRole("radio", { name: "Elegir VB902 del 09/11/2026 22:00" }));
    await user.click(assign);
    const confirm = await screen.findByRole("dialog", { name: "Asignar slot" });
    expect(confirm).toHaveTextContent("¿Desea asignar el slot VB902 del 09/11/2026 a las 22:00 (hora local) al vuelo VB102?");
    const before = calls.turnover;
    await user.click(within(confirm).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("El Slot ha sido asignado con éxito")).toBeInTheDocument();
    expect(calls.assigned).toEqual([{ id: 102, body: { match_slot_leftover: 502 } }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(calls.turnover).toBe(before + 1));
  });

  it("says 'No se encontraron slots sobrantes' when there are none", async () => {
    serve();
    const { dialog, user } = await openViewer(102);
    await user.click(within(dialog).getByRole("button", { name: "Asignar slot" }));
    expect(await within(dialog).findByText("No se encontraron slots sobrantes")).toBeInTheDocument();
  });

  it("says 'Ha ocurrido un error al asignar el slot' when the server refuses", async () => {
    serve({ leftovers: LEFTOVERS });
    server.use(
      http.patch("/api/turnover/{id}/slot_leftovers/", ({ response }) => response(409).json({ message: "Ocupado." })),
    );
    const { dialog, user } = await openViewer(102);
    await user.click(within(dialog).getByRole("button", { name: "Asignar slot" }));
    const table = await within(dialog).findByRole("table", { name: "Asignar slot sobrante" });
    await user.click(within(table).getAllByRole("radio")[0] as HTMLElement);
    await user.click(within(dialog).getByRole("button", { name: "Asignar" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Asignar slot" })).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Ha ocurrido un error al asignar el slot")).toBeInTheDocument();
  });
});

describe("edit delays", () => {
  it("sends every entry (code, minutes, filtered cause) and observations, then 'Información actualizada'", async () => {
    const calls = serve();
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    const first = within(dialog).getByRole("group", { name: "1ra demora" });
    await waitFor(() =>
      expect(within(first).getByRole("combobox", { name: "Código de demora" })).toHaveValue(
        "93 · Rotación de aeronave: llegada tardía del mismo avión",
      ),
    );
    await user.type(within(first).getByRole("textbox", { name: "Causa" }), "Llegó tarde <VB100> {{ok}; 50%");
    expect(within(first).getByRole("textbox", { name: "Causa" })).toHaveValue("Llegó tarde VB100 ok; 50%");

    await user.click(within(dialog).getByRole("button", { name: "Agregar demora" }));
    const third = within(dialog).getByRole("group", { name: "3ra demora" });
    await user.click(within(third).getByRole("combobox", { name: "Código de demora" }));
    await user.keyboard("Aceptación");
    await user.click(await screen.findByRole("option", { name: "11 · Aceptación tardía de pasajeros" }));
    await user.type(within(third).getByRole("textbox", { name: "Minutos" }), "7");
    await user.click(within(dialog).getByRole("button", { name: "Agregar demora" }));
    expect(within(dialog).getByRole("button", { name: "Agregar demora" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Quitar demora (4ta demora)" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Observaciones" }), "Revisado");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(calls.evaluations).toEqual([
      {
        id: 101,
        body: {
          delays: [
            { code: "93", minutes: 10, cause: "Llegó tarde VB100 ok; 50%" },
            { code: "41", minutes: 5 },
            { code: "11", minutes: 7 },
          ],
          observations: "Revisado",
        },
      },
    ]);
  });

  it("asks for a code and minutes before sending, and says 'No se encontraron resultados' for an unknown code", async () => {
    const calls = serve();
    const { dialog, user } = await openViewer(102);
    await user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    const first = within(dialog).getByRole("group", { name: "1ra demora" });
    await user.click(within(first).getByRole("combobox", { name: "Código de demora" }));
    await user.keyboard("zzz");
    expect(await screen.findByText("No se encontraron resultados")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(within(first).getByText("Elija un código de demora")).toBeInTheDocument();
    expect(within(first).getByText("Ingrese los minutos")).toBeInTheDocument();
    expect(calls.evaluations).toEqual([]);
  });

  it("says 'Ha ocurrido un error' when the server does not answer 200", async () => {
    serve();
    server.use(
      http.post("/api/turnover/{id}/slot_evaluation/", ({ response }) => response(400).json({ message: "Código inválido." })),
    );
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Ha ocurrido un error")).toBeInTheDocument();
  });
});

describe("slot changes and affectations", () => {
  it("lists the slot's changes, or says 'No se encontraron solicitudes'", async () => {
    serve({
      changes: [
        {
          id: 1,
          request_date: "2026-11-05T15:00:00.000Z",
          reference: 123,
          part: 1,
          request_type: "Modificación",
          lines: { actual: "CVB0101 10NOV10NOV0200000 220321 MTY0330 J", request: "RVB0101 10NOV10NOV0200000 220321 MTY0400 J" },
          response: "K",
        },
      ],
    });
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Cambios de slot" }));
    const table = await within(dialog).findByRole("table", { name: "Historial de cambios del slot" });
    expect(within(table).getByText("05/11/2026 09:00")).toBeInTheDocument();
    expect(within(table).getByText("Modificación")).toBeInTheDocument();
    expect(within(table).getByText("RVB0101 10NOV10NOV0200000 220321 MTY0400 J")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cambios de slot" }));
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
  });

  it("brings each panel into view as it opens (issue 11, item 6)", async () => {
    serve();
    // jsdom lays nothing out: record which element asked to be scrolled into view.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { dialog, user } = await openViewer(101);
      for (const [button, title] of [
        ["Cambios de slot", "Historial de cambios del slot"],
        ["Afectaciones", "Afectaciones"],
      ] as const) {
        await user.click(within(dialog).getByRole("button", { name: button }));
        const panel = await within(dialog).findByRole("region", { name: title });
        await waitFor(() => expect(scrolled.at(-1)).toBe(panel));
      }
    } finally {
      Reflect.deleteProperty(Element.prototype, "scrollIntoView");
    }
  });

  it("says 'No se encontraron solicitudes' and 'No se encontraron afectaciones' when there are none", async () => {
    serve();
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Cambios de slot" }));
    expect(await within(dialog).findByText("No se encontraron solicitudes")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Afectaciones" }));
    expect(await within(dialog).findByText("No se encontraron afectaciones")).toBeInTheDocument();
  });

  it("updates an affectation's number and observations: 'Afectación actualizada con éxito', or 'Error al actualizar afectación'", async () => {
    const affectations: Affectation[] = [
      { id: 7, code: "41", date: DAY, affectation: "Falla técnica de la aeronave", affectation_number: 3, observations: "" },
      { id: 8, code: "93", date: DAY, affectation: "Rotación", affectation_number: 0, observations: "" },
    ];
    const calls = serve({ affectations: affectations.slice(0, 1) });
    const { dialog, user } = await openViewer(101);
    await user.click(within(dialog).getByRole("button", { name: "Afectaciones" }));
    const number = await within(dialog).findByRole("textbox", { name: "Número (41)" });
    await user.clear(number);
    await user.type(number, "1a5");
    expect(number).toHaveValue("15");
    await user.type(within(dialog).getByRole("textbox", { name: "Observaciones (41)" }), "Pasajeros en conexión");
    await user.click(within(dialog).getByRole("button", { name: "Guardar afectación 41" }));
    expect(await screen.findByText("Afectación actualizada con éxito")).toBeInTheDocument();
    expect(calls.affectations).toEqual([{ id: 7, affectation_number: 15, observations: "Pasajeros en conexión" }]);

    server.use(
      http.patch("/api/turnover/affectations/update/", ({ response }) => response("default").json({ message: "Error interno" }, { status: 500 })),
    );
    await user.click(within(dialog).getByRole("button", { name: "Guardar afectación 41" }));
    expect(await screen.findByText("Error al actualizar afectación")).toBeInTheDocument();
  });
});

describe("drafts from the viewer", () => {
  it("'Solicitar slot' puts a flight without slot in Altas: 'Solicitud de Slot añadida', once", async () => {
    const calls = serve();
    const { dialog, user } = await openViewer(102, "Seguimiento");
    await user.click(await within(dialog).findByRole("button", { name: "Solicitar slot" }));
    expect(await screen.findByText("Solicitud de Slot añadida")).toBeInTheDocument();
    expect(calls.draftSaves).toHaveLength(1);
    expect(calls.draftSaves[0]?.new_slot_data?.list).toMatchObject([
      { id: "flight-2102", flight: "102", airport: "MTY", time: "03:30", frequency: 2, psxCount: 180, aircraftType: "321" },
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Solicitar slot" }));
    expect(await screen.findByText("La solicitud de slot de este vuelo ya está en el borrador de Altas")).toBeInTheDocument();
    expect(calls.draftSaves).toHaveLength(1);
  });

  it("toggles a slot in and out of Cancelaciones, with Modificaciones disabled meanwhile", async () => {
    const calls = serve();
    const { dialog, user } = await openViewer(101);
    await user.click(await within(dialog).findByRole("button", { name: "Agregar a borrador" }));
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Cancelaciones" }));
    expect(await screen.findByText("Slot añadido al borrador de Cancelaciones")).toBeInTheDocument();
    expect(calls.draftSaves).toEqual([{ cancellation_data: { season: "W26", ids: [1101] } }]);

    await user.click(within(dialog).getByRole("button", { name: "Agregar a borrador" }));
    expect(screen.getByRole("menuitemcheckbox", { name: "Cancelaciones" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("menuitemcheckbox", { name: "Modificaciones" })).toHaveAttribute("aria-disabled", "true");
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Cancelaciones" }));
    expect(await screen.findByText("Slot removido del borrador de Cancelaciones")).toBeInTheDocument();
    expect(calls.draftSaves[1]).toEqual({ cancellation_data: { season: null, ids: [] } });
  });

  it("refuses Modificaciones for a slot less than 12 hours ahead", async () => {
    const calls = serve();
    const { dialog, user } = await openViewer(101);
    await user.click(await within(dialog).findByRole("button", { name: "Agregar a borrador" }));
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Modificaciones" }));
    expect(
      await screen.findByText("El slot VB101 del día 09/11/2026 no puede agregarse a Modificaciones: ya pasó la fecha límite de 12 horas."),
    ).toBeInTheDocument();
    expect(calls.draftSaves).toEqual([]);
  });

  it("disables 'Agregar a borrador' for a WIP slot", async () => {
    serve({ rows: [row({ id: 106, slot_status: "WIP", general_status: "S" }), DIFF] });
    const { dialog } = await openViewer(106);
    expect(await within(dialog).findByRole("button", { name: "Agregar a borrador" })).toBeDisabled();
  });

  it("Seguimiento gets no slot draft menu on a match with slot", async () => {
    serve();
    const { dialog } = await openViewer(101, "Seguimiento");
    await waitFor(() => expect(toolbarButtons(dialog)).toEqual(["Cambios de slot", "Afectaciones"]));
  });
});
