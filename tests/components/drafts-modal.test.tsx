/**
 * The drafts modal against msw handlers typed from the contract (seed 000 §2.3, §2.4, §4, §5, §8):
 * the Altas form's rules, the badge cap, the modification actions and their confirmation, the L/R
 * switch, live validation blocking the send, the editor's link/split/move/duplicate/delete (by
 * menu and by dragging), removing slots, and the save indicator and toasts.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  cancelLine,
  changeLine,
  type Drafts,
  editorRows,
  emptyDrafts,
  modifyDrafts,
  openDrafts,
  requestLine,
  serveDrafts,
  storedEntry,
} from "./drafts-harness";
import { http, server } from "./msw";

const SEASON_WARNING =
  "El borrador está asignado a la temporada W26. Limpie el borrador o envíe la información actual para agregar esta solicitud.";

const ALTA = {
  id: "alta-1",
  flight: "1200",
  flightType: "J",
  startDate: "12-01-2027",
  endDate: "12-01-2027",
  time: "07:00",
  airport: "MTY",
  frequency: 2,
  aircraftType: "320",
  psxCount: 180,
  isArrival: true,
  placeholder: false,
} as const;

const altasDrafts = (list: Drafts["new_slot_data"]["list"]): Drafts => ({
  ...emptyDrafts(),
  new_slot_data: { season: list.length > 0 ? "W26" : null, form: {}, list },
});

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string | RegExp) => {
  await user.click(combobox);
  await user.click(await screen.findByRole("option", { name: option }));
};

/** A confirmation dialog is gone (not only hidden while it fades out). */
const closed = (confirm: HTMLElement) => waitFor(() => expect(confirm).not.toBeInTheDocument());

/** A DataTransfer stand-in: jsdom has none. */
const dataTransfer = () => {
  const data = new Map<string, string>();
  return {
    effectAllowed: "",
    dropEffect: "",
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
    types: [] as string[],
  };
};

describe("Altas", () => {
  // Today is 9 November 2026 in Mexico City (already the 10th in UTC): only the clock is pinned.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-10T05:00:00.000Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sets 180/220 passengers from the aircraft type, keeps only 3 digits, and derives the frequency from the date", async () => {
    serveDrafts();
    const { dialog, user } = await openDrafts("Altas");
    await within(dialog).findByRole("heading", { name: "Ingresar la información de solicitud" });
    const passengers = within(dialog).getByRole("textbox", { name: /^Cantidad de pasajeros/ });
    expect(passengers).toHaveValue("180");

    await chooseOption(user, within(dialog).getByRole("combobox", { name: "Tipo de aeronave" }), "321");
    expect(passengers).toHaveValue("220");
    await chooseOption(user, within(dialog).getByRole("combobox", { name: "Tipo de aeronave" }), "320");
    expect(passengers).toHaveValue("180");

    await user.clear(passengers);
    await user.type(passengers, "12a345");
    expect(passengers).toHaveValue("123");

    const frequency = within(dialog).getByRole("textbox", { name: "Frecuencia" });
    expect(frequency).toHaveValue("7");
    fireEvent.change(within(dialog).getByLabelText("Fecha"), { target: { value: "13/11/2026" } });
    expect(frequency).toHaveValue("5"); // a Friday
    expect(within(dialog).getByText("viernes")).toBeInTheDocument();
  });

  it("types and shows Fecha as dd/mm/aaaa, never the browser's mm/dd/yyyy (issue 11, item 4)", async () => {
    serveDrafts();
    const { dialog, user } = await openDrafts("Altas");
    await within(dialog).findByRole("heading", { name: "Ingresar la información de solicitud" });
    const date = within(dialog).getByRole("textbox", { name: "Fecha" });
    // A text field of its own, not the browser's date input with its locale's order.
    expect(date).not.toHaveAttribute("type", "date");
    await user.click(date);
    await user.keyboard("24112026");
    expect(date).toHaveValue("24/11/2026");
    // The day is the 24th of November (a Tuesday), not the 11th of a 24th month.
    expect(within(dialog).getByRole("textbox", { name: "Frecuencia" })).toHaveValue("2");
    expect(within(dialog).getByText("martes")).toBeInTheDocument();
  });

  it("offers the 24 flight types and every airport but MEX", async () => {
    serveDrafts();
    const { dialog, user } = await openDrafts("Altas");
    await user.click(await within(dialog).findByRole("combobox", { name: "Tipo de vuelo" }));
    const types = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(types).toHaveLength(24);
    expect(types[0]).toHaveTextContent("J — Regular de pasajeros");
    expect(types[7]).toHaveTextContent("N — Negocios o taxi aéreo");
    expect(types[23]).toHaveTextContent("U");
    await user.keyboard("{Escape}");

    await user.click(within(dialog).getByRole("combobox", { name: /^Aeropuerto/ }));
    const airports = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(airports).toEqual(["MTY — Monterrey", "CUN — Cancún"]);
  });

  it("names an autocomplete's buttons in Spanish: 'Abrir', then 'Cerrar'", async () => {
    serveDrafts();
    const { dialog, user } = await openDrafts("Altas");
    const field = await within(dialog).findByRole("combobox", { name: /^Aeropuerto/ });
    const box = field.closest(".MuiAutocomplete-root");
    if (!(box instanceof HTMLElement)) throw new Error("no autocomplete around Aeropuerto");
    // MUI's esES says 'Abierto' here.
    await user.click(within(box).getByRole("button", { name: "Abrir" }));
    expect(await screen.findAllByRole("option")).not.toHaveLength(0);
    expect(within(box).getByRole("button", { name: "Cerrar" })).toBeInTheDocument();
    expect(within(box).queryByRole("button", { name: "Abierto" })).not.toBeInTheDocument();
  });

  it("lists 'Ha ocurrido un error' when the airports cannot be read", async () => {
    serveDrafts();
    server.use(http.get("/api/airport-list/", ({ response }) => response("default").json({ message: "Fallo" }, { status: 500 })));
    const { dialog, user } = await openDrafts("Altas");
    await user.click(await within(dialog).findByRole("combobox", { name: /^Aeropuerto/ }));
    expect(await screen.findByRole("option", { name: "Ha ocurrido un error" })).toHaveAttribute("aria-disabled", "true");
  });

  it("requires flight, time and airport, then adds the request, encodes its N line and lists it", async () => {
    const calls = serveDrafts();
    const { dialog, user } = await openDrafts("Altas");
    await within(dialog).findByRole("heading", { name: "Ingresar la información de solicitud" });
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));
    // Flight, date, time and airport.
    expect(within(dialog).getAllByText("Este campo no puede estar vacío")).toHaveLength(4);
    expect(calls.saves).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: /^Vuelo/ }), "vb-1234x9");
    expect(within(dialog).getByRole("textbox", { name: /^Vuelo/ })).toHaveValue("VB123"); // 5 characters at most
    await user.clear(within(dialog).getByRole("textbox", { name: /^Vuelo/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Vuelo/ }), "1234");
    fireEvent.change(within(dialog).getByLabelText("Fecha"), { target: { value: "10/11/2026" } });
    await user.type(within(dialog).getByRole("textbox", { name: /^Hora/ }), "1032");
    expect(within(dialog).getByRole("textbox", { name: /^Hora/ })).toHaveValue("10:32");
    await chooseOption(user, within(dialog).getByRole("combobox", { name: /^Aeropuerto/ }), "CUN — Cancún");
    await chooseOption(user, within(dialog).getByRole("combobox", { name: "Tipo de aeronave" }), "321");
    await user.click(within(dialog).getByRole("button", { name: "Salida" }));
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));
    expect(within(dialog).getByText("El horario de operación debe ser un múltiplo de 5")).toBeInTheDocument();
    expect(calls.saves).toEqual([]);

    const time = within(dialog).getByRole("textbox", { name: /^Hora/ });
    await user.clear(time);
    await user.type(time, "1030");
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));

    expect(await screen.findByText("Solicitud de Slot añadida")).toBeInTheDocument();
    expect(calls.saves).toHaveLength(1);
    expect(calls.saves[0]?.new_slot_data?.season).toBe("W26");
    expect(calls.saves[0]?.new_slot_data?.list).toEqual([
      expect.objectContaining({
        flight: "1234",
        flightType: "J",
        startDate: "10-11-2026",
        endDate: "10-11-2026",
        time: "10:30",
        airport: "CUN",
        frequency: 2,
        aircraftType: "321",
        psxCount: 220,
        isArrival: false,
        placeholder: false,
      }),
    ]);
    await waitFor(() => expect(calls.encodes).toHaveLength(1));
    expect(calls.encodes[0]).toMatchObject({ draft_type: "new", modification_action_code: 2, season_id: 3 });
    expect(await within(dialog).findByText("N VB1234 10NOV10NOV 0200000 220321 1030CUN J")).toBeInTheDocument();
    const list = within(dialog).getByRole("table", { name: "Solicitudes del borrador" });
    // An alta's date and time are the SCR's, in UTC, and the list says so.
    expect(within(list).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(
      expect.arrayContaining(["Fecha (UTC)", "Hora (UTC)"]),
    );
    expect(within(list).getByRole("row", { name: /VB1234/ })).toHaveTextContent("SVB123410/11/20262220321CUNJ10:30");
    // The form keeps its choices for the next request, without flight and time.
    expect(within(dialog).getByRole("textbox", { name: /^Vuelo/ })).toHaveValue("");
    expect(within(dialog).getByRole("textbox", { name: /^Cantidad de pasajeros/ })).toHaveValue("220");
  });

  it("requires a date from today in Mexico City, within the season: no undated alta on the season's first day", async () => {
    const calls = serveDrafts();
    const { dialog, user } = await openDrafts("Altas");
    await within(dialog).findByRole("heading", { name: "Ingresar la información de solicitud" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Vuelo/ }), "1234");
    await user.type(within(dialog).getByRole("textbox", { name: /^Hora/ }), "1030");
    await chooseOption(user, within(dialog).getByRole("combobox", { name: /^Aeropuerto/ }), "CUN — Cancún");
    const date = within(dialog).getByLabelText("Fecha");
    // dd/mm/aaaa, whatever the browser's locale (issue 11, item 4).
    expect(date).toHaveAttribute("placeholder", "DD/MM/AAAA");
    const add = within(dialog).getByRole("button", { name: "Añadir al borrador" });

    // Without a date: refused, not dated on the season's first day (25/10/2026).
    await user.click(add);
    expect(within(dialog).getByText("Este campo no puede estar vacío")).toBeInTheDocument();
    expect(calls.saves).toEqual([]);

    // Yesterday in Mexico City: refused.
    fireEvent.change(date, { target: { value: "08/11/2026" } });
    await user.click(add);
    expect(within(dialog).getByText("La fecha no puede ser anterior a hoy (hora de Ciudad de México)")).toBeInTheDocument();
    expect(calls.saves).toEqual([]);

    // Beyond every stored season: refused.
    fireEvent.change(date, { target: { value: "10/01/2028" } });
    await user.click(add);
    expect(await screen.findByText("No hay una temporada registrada para la fecha 10/01/2028")).toBeInTheDocument();
    expect(calls.saves).toEqual([]);

    // Today in Mexico City, though UTC is already the 10th: accepted, dated that day in W26.
    fireEvent.change(date, { target: { value: "09/11/2026" } });
    await user.click(add);
    expect(await screen.findByText("Solicitud de Slot añadida")).toBeInTheDocument();
    expect(calls.saves).toHaveLength(1);
    expect(calls.saves[0]?.new_slot_data?.season).toBe("W26");
    expect(calls.saves[0]?.new_slot_data?.list).toEqual([
      expect.objectContaining({ startDate: "09-11-2026", endDate: "09-11-2026", frequency: 1, placeholder: false }),
    ]);
  });

  it("warns with the seed's text, and refuses, a date outside the draft's season", async () => {
    const calls = serveDrafts({ drafts: altasDrafts([ALTA]) });
    const { dialog } = await openDrafts("Altas");
    await within(dialog).findByRole("heading", { name: "Ingresar la información de solicitud" });
    const date = within(dialog).getByLabelText("Fecha");
    fireEvent.change(date, { target: { value: "10/04/2027" } });
    expect(within(dialog).getByText(SEASON_WARNING)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Añadir al borrador" })).toBeDisabled();
    fireEvent.change(date, { target: { value: "27/03/2027" } }); // the season's last day
    expect(within(dialog).queryByText(SEASON_WARNING)).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Añadir al borrador" })).toBeEnabled();
    expect(calls.saves).toEqual([]);
  });

  it("removes one request and clears the draft, each after a confirmation", async () => {
    const calls = serveDrafts({ drafts: altasDrafts([ALTA, { ...ALTA, id: "alta-2", flight: "1202" }]) });
    const { dialog, user } = await openDrafts("Altas");
    await within(dialog).findByText("NVB1202 12JAN12JAN 0200000 180320 MTY0700 J");

    await user.click(within(dialog).getByRole("button", { name: "Quitar VB1200 del borrador" }));
    const confirm = await screen.findByRole("dialog", { name: "Quitar VB1200 del borrador" });
    expect(confirm).toHaveTextContent("se perderá la información del editor");
    await user.click(within(confirm).getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Slot removido del borrador de Altas")).toBeInTheDocument();
    await closed(confirm);
    expect(calls.saves.at(-1)?.new_slot_data?.list.map((item) => item.id)).toEqual(["alta-2"]);
    await waitFor(() => expect(within(dialog).queryByText("NVB1200 12JAN12JAN 0200000 180320 MTY0700 J")).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole("button", { name: "Limpiar borrador" }));
    const clear = await screen.findByRole("dialog", { name: "Limpiar borrador" });
    expect(clear).toHaveTextContent("se perderá la información del editor");
    await user.click(within(clear).getByRole("button", { name: "Continuar" }));
    await closed(clear);
    await waitFor(() => expect(calls.deletes).toEqual(["new"]));
    expect(await within(dialog).findByText("Añade solicitudes con el formulario")).toBeInTheDocument();
    expect(editorRows(dialog)).toEqual([]);
  });
});

describe("the header", () => {
  it("shows the item count on the badge, capped at 99", async () => {
    const ids = Array.from({ length: 120 }, (_, index) => 2001 + index);
    serveDrafts({ drafts: modifyDrafts(ids) });
    const { dialog } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(2001), {}, { timeout: 5000 });
    const badge = within(dialog).getByTestId("drafts-badge");
    expect(badge).toHaveTextContent("99+");
    expect(badge).not.toHaveTextContent("120");
  });

  it("shows the exact count below the cap, and the request's facts", async () => {
    serveDrafts({ drafts: modifyDrafts([1101, 1102, 1103]) });
    const { dialog } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1103));
    expect(within(dialog).getByTestId("drafts-badge")).toHaveTextContent("3");
    const facts = within(dialog).getByLabelText("Datos de la solicitud");
    expect(facts).toHaveTextContent("Tipo SCR:Modificaciones");
    expect(facts).toHaveTextContent("Temporada:W26");
    expect(facts).toHaveTextContent("Aeropuerto:MEX");
    expect(within(within(dialog).getByRole("banner")).getByText("Editor")).toBeInTheDocument();
  });

  it("says 'Guardando información...' while saving and keeps the spinner 1.5 s after", async () => {
    let release: () => void = () => undefined;
    const calls = serveDrafts({
      drafts: modifyDrafts([1101]),
      gate: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1101));
    await user.click(within(dialog).getByRole("button", { name: "Guardar borrador" }));
    expect(await within(dialog).findByText("Guardando información...")).toBeInTheDocument();
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    release();
    expect(await screen.findByText("Información guardada con éxito")).toBeInTheDocument();
    expect(within(dialog).queryByText("Guardando información...")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("progressbar", { name: "Guardando" })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole("progressbar", { name: "Guardando" })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it("shows the server's Spanish message when a save is refused", async () => {
    const message = "Un slot no puede estar a la vez en el borrador de modificaciones y en el de cancelaciones: VB1101 del día 2026-11-10.";
    serveDrafts({ drafts: modifyDrafts([1101]), saveError: { status: 409, message } });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1101));
    await user.click(within(dialog).getByRole("button", { name: "Guardar borrador" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe("Modificaciones", () => {
  it("shows the empty text without slots", async () => {
    serveDrafts();
    const { dialog } = await openDrafts("Modificaciones");
    expect(await within(dialog).findByText("Añade slots al borrador para solicitar cambios")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Ver borrador" })).toBeDisabled();
  });

  it("encodes the slots with 'Copiar slot' when the draft has no lines yet, and saves them", async () => {
    const calls = serveDrafts({ drafts: modifyDrafts([1101, 1102], []) });
    const { dialog } = await openDrafts("Modificaciones");
    expect(await within(dialog).findByText(requestLine(1102))).toBeInTheDocument();
    expect(calls.encodes).toEqual([
      { draft_type: "modify", modification_action_code: 4, season_id: 3, items: [1101, 1102], encode_action: 5, request_letter: "R" },
    ]);
    expect(within(dialog).getByRole("button", { name: "Copiar slot" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(calls.saves.at(-1)?.modification_data?.encoded).toEqual([storedEntry(1101), storedEntry(1102)]));
    const table = within(dialog).getByRole("table", { name: "Slots del borrador" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    // 03:30 UTC on the 10th is 21:30 on the 9th in Mexico City, as Entrega de turno shows it (LOCAL);
    // the frequency is the weekday of that shown date, Monday (1), not the UTC date's Tuesday.
    expect(within(table).getByRole("row", { name: /VB1101/ })).toHaveTextContent("LVB110109/11/20261180320MTYJ21:3021:300 min");
  });

  it("shows a slot's date and times in the zone Entrega de turno shows, and says which (issue 11, item 4)", async () => {
    serveDrafts({ drafts: modifyDrafts([1101], []) });
    const { dialog } = await openDrafts("Modificaciones");
    const table = await within(dialog).findByRole("table", { name: "Slots del borrador" });
    const headers = () => within(table).getAllByRole("columnheader").map((header) => header.textContent);
    const row = await within(table).findByRole("row", { name: /VB1101/ });
    // LOCAL (the default): a late-evening flight in Mexico City keeps its local day, the 9th,
    // the day the turnover's table, the viewer and the CSV give it; not the UTC 10th.
    expect(headers()).toEqual(expect.arrayContaining(["Fecha (Local)", "Hora slot (Local)", "Itinerario (Local)"]));
    expect(within(row).getByText("09/11/2026")).toBeInTheDocument();
    expect(within(row).getAllByText("21:30")).toHaveLength(2);
    expect(within(row).queryByText("10/11/2026")).not.toBeInTheDocument();
  });

  it("shows them in UTC, labelled UTC, when Entrega de turno shows UTC", async () => {
    localStorage.setItem("time_zone", "utc");
    serveDrafts({ drafts: modifyDrafts([1101], []) });
    const { dialog } = await openDrafts("Modificaciones");
    const table = await within(dialog).findByRole("table", { name: "Slots del borrador" });
    const row = await within(table).findByRole("row", { name: /VB1101/ });
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(
      expect.arrayContaining(["Fecha (UTC)", "Hora slot (UTC)", "Itinerario (UTC)"]),
    );
    expect(within(row).getByText("10/11/2026")).toBeInTheDocument();
    expect(within(row).getAllByText("03:30")).toHaveLength(2);
  });

  it("asks before another action, then drops the editor's lines and encodes them again", async () => {
    const edited = "RVB1101 10NOV10NOV 0200000 180320 MTY0400 J";
    const calls = serveDrafts({ drafts: modifyDrafts([1101, 1102], [storedEntry(1101, edited), storedEntry(1102)]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(edited);

    await user.click(within(dialog).getByRole("button", { name: "Quitar sufijo" }));
    let confirm = await screen.findByRole("dialog", { name: "Cambiar acción de modificación" });
    expect(confirm).toHaveTextContent("Al elegir «Quitar sufijo» se perderá la información del editor");
    await user.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await closed(confirm);
    expect(within(dialog).getByText(edited)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Copiar slot" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.encodes).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Quitar sufijo" }));
    confirm = await screen.findByRole("dialog", { name: "Cambiar acción de modificación" });
    await user.click(within(confirm).getByRole("button", { name: "Continuar" }));
    await closed(confirm);
    expect(await within(dialog).findByText(requestLine(1101, 3))).toBeInTheDocument();
    expect(within(dialog).queryByText(edited)).not.toBeInTheDocument();
    expect(calls.encodes).toEqual([expect.objectContaining({ items: [1101, 1102], encode_action: 3 })]);
    expect(within(dialog).getByRole("button", { name: "Quitar sufijo" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() =>
      expect(calls.saves.at(-1)?.modification_data).toMatchObject({
        action: 3,
        encoded: [storedEntry(1101, requestLine(1101, 3)), storedEntry(1102, requestLine(1102, 3))],
      }),
    );
    expect(await screen.findByText("Información actualizada con éxito")).toBeInTheDocument();
  });

  it("labels the L/R switch with its SSIM meaning and rewrites the request lines' letter", async () => {
    const calls = serveDrafts({ drafts: modifyDrafts([1101]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1101));
    // Seed 000 §2.3: the switch treats the request lines as L (arrival) or R (departure); the SSIM meaning is its help.
    const toggle = within(dialog).getByRole("switch", { name: "Tratar las líneas como L (llegada) o R (salida)" });
    expect(toggle).toHaveAccessibleDescription(
      "Líneas de solicitud: R (salida) En SSIM (capítulo 6), R pide el cambio aceptando ofertas del coordinador y L lo pide sin aceptar ofertas.",
    );
    await user.click(toggle);
    expect(within(dialog).getByText("Líneas de solicitud: L (llegada)")).toBeInTheDocument();
    expect(within(dialog).getByText(requestLine(1101, 5, "L"))).toBeInTheDocument();
    expect(within(dialog).getByText(changeLine(1101))).toBeInTheDocument();
    await waitFor(() => expect(calls.saves.at(-1)?.modification_data?.encoded[0]?.data.request.line).toBe(requestLine(1101, 5, "L")));
  });

  it("validates a line as it is typed, shows the message under it and blocks the send until it is fixed", async () => {
    const calls = serveDrafts({ drafts: modifyDrafts([1101, 1102]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1101));
    const send = within(dialog).getByRole("button", { name: "Ver borrador" });
    expect(send).toBeEnabled();

    await user.click(within(dialog).getByRole("button", { name: "Editar Solicitud, fila 1" }));
    const field = within(dialog).getByRole("textbox", { name: "Solicitud, fila 1" });
    await user.clear(field);
    expect(within(dialog).getByText("Este campo no puede estar vacío")).toBeInTheDocument();
    await user.type(field, "rVB1101 10NOV10NOV 0200000 180320 MTY0332 J");
    expect(field).toHaveValue("RVB1101 10NOV10NOV 0200000 180320 MTY0332 J");
    expect(within(dialog).getByText("El horario de operación debe ser un múltiplo de 5")).toBeInTheDocument();
    expect(within(dialog).getByText("Hay 1 línea con errores; corríjala para solicitar el SCR")).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.type(field, "{Backspace}{Backspace}{Backspace}5 J");
    expect(within(dialog).queryByText("El horario de operación debe ser un múltiplo de 5")).not.toBeInTheDocument();
    expect(send).toBeEnabled();
    await user.keyboard("{Enter}");
    const fixed = "RVB1101 10NOV10NOV 0200000 180320 MTY0335 J";
    expect(within(dialog).getByText(fixed)).toBeInTheDocument();
    await waitFor(() => expect(calls.saves.at(-1)?.modification_data?.encoded[0]?.data.request.line).toBe(fixed));
  });

  it("Escape gives the line back as it was", async () => {
    const calls = serveDrafts({ drafts: modifyDrafts([1101]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(changeLine(1101));
    await user.click(within(dialog).getByRole("button", { name: "Editar Cambio, fila 1" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Cambio, fila 1" }), "XX");
    await user.keyboard("{Escape}");
    expect(within(dialog).getByText(changeLine(1101))).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Borrador de modificaciones" })).toBeInTheDocument();
    // What is saved after the edit is the line as it was.
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]?.modification_data?.encoded).toEqual([storedEntry(1101)]);
  });

  it("splits, moves a line onto an empty place, links, duplicates, unlinks and deletes rows from their menus", async () => {
    const calls = serveDrafts({ drafts: modifyDrafts([1101, 1102]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1102));
    const C1 = changeLine(1101);
    const R1 = requestLine(1101);
    const C2 = changeLine(1102);
    const R2 = requestLine(1102);
    const rowMenu = async (row: number, item: string) => {
      await user.click(within(dialog).getByRole("button", { name: `Acciones de la fila ${row}` }));
      await user.click(await screen.findByRole("menuitem", { name: item }));
    };
    expect(editorRows(dialog)).toEqual([
      [C1, R1],
      [C2, R2],
    ]);

    await rowMenu(1, "Separar");
    expect(editorRows(dialog)).toEqual([
      [C1, "·"],
      ["·", R1],
      [C2, R2],
    ]);
    expect(within(dialog).getByRole("button", { name: "Vincular fila 1" })).toBeDisabled();

    await rowMenu(2, "Mover solicitud a un espacio vacío");
    await user.click(await screen.findByRole("menuitem", { name: "Fila 1" }));
    expect(editorRows(dialog)).toEqual([
      [C1, R1],
      [C2, R2],
    ]);
    const link = within(dialog).getByRole("button", { name: "Vincular fila 1" });
    expect(link).toHaveAttribute("aria-pressed", "false");
    await user.click(link);
    expect(within(dialog).getByRole("button", { name: "Desvincular fila 1" })).toHaveAttribute("aria-pressed", "true");

    await rowMenu(2, "Duplicar");
    expect(editorRows(dialog)).toEqual([
      [C1, R1],
      [C2, R2],
      [C2, R2],
    ]);
    await rowMenu(3, "Eliminar");
    await rowMenu(2, "Desvincular");
    expect(within(dialog).getByRole("button", { name: "Vincular fila 2" })).toHaveAttribute("aria-pressed", "false");
    await user.click(within(dialog).getByRole("button", { name: "Acciones de la fila 2" }));
    expect(await screen.findByRole("menuitem", { name: "Separar" })).toHaveAttribute("aria-disabled", "true");
    await user.keyboard("{Escape}");
    await rowMenu(1, "Eliminar");
    expect(editorRows(dialog)).toEqual([[C2, R2]]);

    await waitFor(() =>
      expect(calls.saves.at(-1)?.modification_data?.encoded).toEqual([{ ...storedEntry(1102), linked: false }]),
    );
    // The slot of the deleted row stays in the draft, and the editor says its lines are missing.
    expect(calls.saves.at(-1)?.modification_data?.ids).toEqual([1101, 1102]);
    expect(within(dialog).getByText("1 elemento del borrador no tiene líneas en el editor")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Generar sus líneas" }));
    await waitFor(() => expect(editorRows(dialog)).toEqual([[C2, R2], [C1, R1]]));
  });

  it("reorders rows and moves a single line by dragging", async () => {
    serveDrafts({ drafts: modifyDrafts([1101, 1102]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1102));
    const rows = () => within(within(dialog).getByRole("list", { name: "Líneas del borrador" })).getAllByRole("listitem");
    const handle = (row: HTMLElement) => {
      const found = row.querySelector<HTMLElement>('[draggable="true"]');
      if (!found) throw new Error("no drag handle");
      return found;
    };

    let transfer = dataTransfer();
    fireEvent.dragStart(handle(rows()[0] as HTMLElement), { dataTransfer: transfer });
    fireEvent.dragOver(rows()[1] as HTMLElement, { dataTransfer: transfer });
    fireEvent.drop(rows()[1] as HTMLElement, { dataTransfer: transfer });
    expect(editorRows(dialog)).toEqual([
      [changeLine(1102), requestLine(1102)],
      [changeLine(1101), requestLine(1101)],
    ]);

    // Split row 2, then drag its request onto the empty request place of the change row.
    await user.click(within(dialog).getByRole("button", { name: "Acciones de la fila 2" }));
    await user.click(await screen.findByRole("menuitem", { name: "Separar" }));
    expect(editorRows(dialog)).toEqual([
      [changeLine(1102), requestLine(1102)],
      [changeLine(1101), "·"],
      ["·", requestLine(1101)],
    ]);
    transfer = dataTransfer();
    const line = within(rows()[2] as HTMLElement).getByText(requestLine(1101));
    fireEvent.dragStart(line, { dataTransfer: transfer });
    const place = within(rows()[1] as HTMLElement).getByRole("group", { name: "Espacio vacío: Solicitud, fila 2" });
    fireEvent.dragOver(place, { dataTransfer: transfer });
    fireEvent.drop(place, { dataTransfer: transfer });
    expect(editorRows(dialog)).toEqual([
      [changeLine(1102), requestLine(1102)],
      [changeLine(1101), requestLine(1101)],
    ]);
  });

  it("takes a slot out of the draft after a confirmation", async () => {
    const calls = serveDrafts({ drafts: modifyDrafts([1101, 1102]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1102));
    await user.click(await within(dialog).findByRole("button", { name: "Quitar VB1101 del borrador" }));
    const confirm = await screen.findByRole("dialog", { name: "Quitar VB1101 del borrador" });
    expect(confirm).toHaveTextContent("no de la base de datos");
    await user.click(within(confirm).getByRole("button", { name: "Continuar" }));
    await closed(confirm);
    expect(await screen.findByText("Slot removido del borrador de Modificaciones")).toBeInTheDocument();
    expect(calls.saves.at(-1)?.modification_data).toMatchObject({ ids: [1102], encoded: [storedEntry(1102)] });
    await waitFor(() => expect(editorRows(dialog)).toEqual([[changeLine(1102), requestLine(1102)]]));
    expect(within(dialog).getByTestId("drafts-badge")).toHaveTextContent("1");
  });
});

describe("Cancelaciones", () => {
  it("encodes D lines, and the chosen slot's line is edited with live validation", async () => {
    const calls = serveDrafts({ drafts: { ...emptyDrafts(), cancellation_data: { season: "W26", ids: [1101, 1102] } } });
    const { dialog, user } = await openDrafts("Cancelaciones");
    expect(await within(dialog).findByText(cancelLine(1102))).toBeInTheDocument();
    expect(calls.encodes).toEqual([
      { draft_type: "cancel", modification_action_code: 3, season_id: 3, items: [1101, 1102], encode_action: 5 },
    ]);
    expect(within(dialog).getByText("Elija un slot de la tabla para editar su línea de cancelación.")).toBeInTheDocument();
    const table = within(dialog).getByRole("table", { name: "Slots del borrador" });
    await user.click(within(table).getByRole("row", { name: /VB1101/ }));
    const field = within(dialog).getByRole("textbox", { name: "Línea de VB1101 09/11/2026" });
    expect(field).toHaveValue(cancelLine(1101));
    // The whole line is seen: the field wraps (a textarea) instead of scrolling the line out of
    // its narrow form, and it stays one SCR line (issue 11, item 6).
    expect(field.tagName).toBe("TEXTAREA");
    await user.type(field, "{Enter}");
    expect(field).toHaveValue(cancelLine(1101));
    await user.clear(field);
    await user.type(field, "X VB1101");
    expect(within(dialog).getAllByText("Este campo debe comenzar con la letra 'D'").length).toBeGreaterThan(0);
    expect(within(dialog).getByRole("button", { name: "Solicitar SCR" })).toBeDisabled();
  });

  it("takes a slot out of the draft after a confirmation", async () => {
    const calls = serveDrafts({ drafts: { ...emptyDrafts(), cancellation_data: { season: "W26", ids: [1101] } } });
    const { dialog, user } = await openDrafts("Cancelaciones");
    await within(dialog).findByText(cancelLine(1101));
    await user.click(await within(dialog).findByRole("button", { name: "Quitar VB1101 del borrador" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Quitar VB1101 del borrador" })).getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Slot removido del borrador de Cancelaciones")).toBeInTheDocument();
    expect(calls.saves.at(-1)).toEqual({ cancellation_data: { season: null, ids: [] } });
    expect(await within(dialog).findByText("Añade slots al borrador para solicitar cancelaciones")).toBeInTheDocument();
  });
});
