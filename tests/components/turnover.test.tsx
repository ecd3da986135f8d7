/**
 * Entrega de turno against msw handlers typed from the contract (seed 001 §2.1, §2.4, §2.5, §4.3,
 * §8): columns and the local/UTC toggle, the difference sort, 'Visualizar', the legend, quick
 * search, refresh and range changes, CSV download, Admin's AT editor, and every bulk-selection
 * rule with its Spanish message, through the drafts API.
 */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeStoredRange } from "../../src/client/dates/rangeStorage";
import { seasonCodeForDate } from "../../src/domain/seasons";
import { shownZone } from "../../src/domain/zones";
import type { components } from "../../src/generated/openapi";
import { translate } from "../../src/client/i18n/i18nProvider";
import { buildColumns } from "../../src/custom-views/turnover/columns";
import { turnoverCsv } from "../../src/server/turnover/download";
import { findHeading, type RoleName, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { NO_SLOT, TURNOVER_DAY, type TurnoverRow, turnoverRow } from "./turnoverRows";

type TurnoverRequest = components["schemas"]["TurnoverRequest"];
type Drafts = components["schemas"]["Drafts"];
type DraftsUpdate = components["schemas"]["DraftsUpdate"];

const DAY = TURNOVER_DAY;

/** A full match row: a VB flight paired with its slot, on slot, no delays. */
const row = turnoverRow;

/** A flight that has no slot (every slot_* null, general status X). */
const flightWithoutSlot = (id: number, overrides: Partial<TurnoverRow> = {}): TurnoverRow =>
  row({
    id,
    ...NO_SLOT,
    ...overrides,
  });

const ROWS: TurnoverRow[] = [
  row({ id: 101, real_difference: -30, real_class: "high_diff", scheduled_difference: 10, scheduled_class: "mid_diff" }),
  flightWithoutSlot(102, { flight_name: "VB500", flight_route: "MEX-CUN", is_arrival: false }),
  row({ id: 103, slot_status: "WIP", general_status: "S", real_difference: -5, real_class: "mid_diff" }),
  row({ id: 104, real_difference: 0, real_class: "no_diff" }),
  row({ id: 105, real_difference: 12, real_class: "mid_diff", flight_register: "XA-ÑOÑ" }),
];

const EMPTY_DRAFTS: Drafts = {
  new_slot_data: { season: null, list: [] },
  modification_data: { season: null, ids: [], action: 5, encoded: [] },
  cancellation_data: { season: null, ids: [] },
};

interface Served {
  turnoverBodies: TurnoverRequest[];
  draftSaves: DraftsUpdate[];
  draftDeletes: string[];
}

const serve = (rows: TurnoverRow[] = ROWS, drafts: Drafts = EMPTY_DRAFTS): Served => {
  const served: Served = { turnoverBodies: [], draftSaves: [], draftDeletes: [] };
  server.use(
    http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
    http.post("/api/turnover/", async ({ request, response }) => {
      served.turnoverBodies.push(await request.json());
      return response(200).json(rows);
    }),
    http.get("/api/turnover/drafts/", ({ response }) => response(200).json(drafts)),
    http.post("/api/turnover/drafts/", async ({ request, response }) => {
      const body = await request.json();
      served.draftSaves.push(body);
      return response(200).json({ ...drafts, ...body });
    }),
    http.delete("/api/turnover/drafts/", ({ request, response }) => {
      served.draftDeletes.push(new URL(request.url).searchParams.get("type") ?? "");
      return response(200).json(EMPTY_DRAFTS);
    }),
  );
  return served;
};

const open = async (role: RoleName = "Admin", range: [string, string] = [DAY, DAY]) => {
  signInAs(role);
  localStorage.setItem("range", JSON.stringify(range));
  renderApp("/turnover");
  await findHeading("Entrega de turno");
};

const gridRow = (id: number): HTMLElement => {
  const element = document.querySelector<HTMLElement>(`.MuiDataGrid-row[data-id="${id}"]`);
  if (!element) throw new Error(`row ${id} is not shown`);
  return element;
};

const findGridRow = async (id: number) => {
  await waitFor(() => expect(document.querySelector(`.MuiDataGrid-row[data-id="${id}"]`)).not.toBeNull(), {
    timeout: 5000,
  });
  return gridRow(id);
};

const cell = (id: number, field: string): HTMLElement => {
  const element = gridRow(id).querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!element) throw new Error(`no ${field} cell in row ${id}`);
  return element;
};

const columnTexts = (field: string) =>
  [...document.querySelectorAll<HTMLElement>(`.MuiDataGrid-row [data-field="${field}"]`)].map((element) =>
    element.textContent?.trim(),
  );

const select = async (user: ReturnType<typeof userEvent.setup>, ...ids: number[]) => {
  for (const id of ids) await user.click(within(gridRow(id)).getByRole("checkbox"));
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the table", () => {
  it("asks for the stored range and shows every column of the seed", async () => {
    const { turnoverBodies } = serve();
    await open();
    await findGridRow(101);
    expect(turnoverBodies[0]).toEqual({ start: DAY, end: DAY, time_zone: "America/Mexico_City", airport: "MEX" });
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent?.trim());
    // The seed's headers; those too wide for their column show a narrower label (the full one is
    // their tooltip), and the date and time columns say their zone under the label.
    for (const name of [
      "Registro",
      "Temp.",
      "Edo. vuelo",
      "Vuelo",
      "Ruta",
      "FechaLocal",
      "STLocal",
      "ETLocal",
      "ATLocal",
      "Matrícula",
      "Edo. slot",
      "Slot",
      "Ruta slot",
      "Fecha slotLocal",
      "Hora slotLocal",
      "Tipo",
      "Dif. prog.",
      "Dif. real",
      "Edo. general",
      "Cód. demora",
    ]) {
      expect(headers).toContain(name);
    }
    // The CSV download's headers are the columns' full headers, zone included (what each
    // header's tooltip says), plus the observations; the file keeps the seed's order (record and
    // season first) while the screen puts the differences before the slot (issue 24 item 2).
    for (const [zone, csvZone] of [["local", "America/Mexico_City"], ["utc", "UTC"]] as const) {
      const descriptions = buildColumns({ zone: shownZone(zone, "America/Mexico_City"), translate }).map((column) => column.description);
      const csvHeaders = turnoverCsv([], csvZone).slice(1).split("\r\n")[0]?.split(";") ?? [];
      expect(csvHeaders.at(-1)).toBe("Observaciones");
      expect(csvHeaders[0]).toBe("Registro");
      expect(descriptions.filter((name) => name !== undefined && csvHeaders.includes(name)).sort()).toEqual(csvHeaders.slice(0, -1).sort());
    }
    expect(cell(101, "slot_name")).toHaveTextContent("VB101");
    expect(cell(101, "has_codes")).toHaveTextContent("No");
    expect(cell(103, "slot_status")).toHaveTextContent("WIP");
    expect(cell(101, "real_difference")).toHaveTextContent("-30 min");
    expect(cell(101, "scheduled_difference")).toHaveTextContent("+10 min");
    expect(cell(102, "real_difference")).toHaveTextContent("—");
    expect(screen.getByText(/^Actualizado: \d\d:\d\d:\d\d$/)).toBeInTheDocument();
  });

  it("shows Mexico City times by default and UTC after the toggle", async () => {
    serve();
    await open();
    await findGridRow(101);
    // 03:30 UTC on the 10th is 21:30 on the 9th in Mexico City.
    expect(cell(101, "flight_scheduled")).toHaveTextContent("21:30");
    expect(cell(101, "flight_date")).toHaveTextContent("09/11/2026");
    expect(cell(101, "slot_time")).toHaveTextContent("21:30");
    expect(cell(101, "slot_date")).toHaveTextContent("09/11/2026");
    await userEvent.setup().click(screen.getByRole("button", { name: "UTC" }));
    expect(cell(101, "flight_scheduled")).toHaveTextContent("03:30");
    expect(cell(101, "flight_date")).toHaveTextContent("10/11/2026");
    expect(cell(101, "slot_time")).toHaveTextContent("03:30");
    expect(cell(101, "slot_date")).toHaveTextContent("10/11/2026");
    expect(cell(101, "flight_real")).toHaveTextContent("03:40");
  });

  it("sorts the real difference numerically: -30, -5, 0, 12, then the blank", async () => {
    serve();
    await open();
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(screen.getByRole("columnheader", { name: /Dif\. real/ }));
    expect(columnTexts("real_difference")).toEqual(["-30 min", "-5 min", "0 min", "+12 min", "—"]);
    await user.click(screen.getByRole("columnheader", { name: /Dif\. real/ }));
    expect(columnTexts("real_difference")).toEqual(["+12 min", "0 min", "-5 min", "-30 min", "—"]);
  });

  it("searches as the user types, and says 'No se encontraron resultados' when nothing matches", async () => {
    serve();
    await open();
    await findGridRow(101);
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "vb500");
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(1));
    expect(gridRow(102)).toBeInTheDocument();
    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }));
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "xa-non");
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(1));
    expect(gridRow(105)).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "zzz");
    expect(await screen.findByText("No se encontraron resultados")).toBeInTheDocument();
  });

  it("reloads on 'Actualizar' and when the date-range bar changes the stored range", async () => {
    const { turnoverBodies } = serve();
    await open();
    await findGridRow(101);
    await userEvent.setup().click(screen.getByRole("button", { name: "Actualizar" }));
    await waitFor(() => expect(turnoverBodies).toHaveLength(2));
    act(() => writeStoredRange({ start: "2026-11-12", end: "2026-11-13" }, "custom"));
    await waitFor(() => expect(turnoverBodies).toHaveLength(3));
    expect(turnoverBodies[2]).toEqual({ start: "2026-11-12", end: "2026-11-13", time_zone: "America/Mexico_City", airport: "MEX" });
  });

  it("one flight, one date: 18:30 local on 22/11 is 22/11 in the table, the match viewer and the range sent; 23/11 in UTC", async () => {
    // Scheduled 00:30Z on the 23rd (18:30 on the 22nd in Mexico City); AIMS and the UTC date say the 23rd.
    const NEXT = "2026-11-23";
    const evening = row({
      id: 120,
      date: NEXT,
      flight_date: NEXT,
      flight_scheduled: `${NEXT}T00:30:00.000Z`,
      flight_estimated: `${NEXT}T00:30:00.000Z`,
      flight_real: `${NEXT}T00:41:00.000Z`,
      slot_date: NEXT,
      slot_time: "00:30",
    });
    const { turnoverBodies } = serve([evening]);
    server.use(http.get("/api/turnover/{id}/", ({ response }) => response(200).json([evening])));
    await open("Reportes", ["2026-11-22", "2026-11-22"]);
    await findGridRow(120);
    // 'Hoy' = 22/11 in LOCAL: the days go with their zone.
    expect(turnoverBodies[0]).toEqual({ start: "2026-11-22", end: "2026-11-22", time_zone: "America/Mexico_City", airport: "MEX" });
    expect(screen.getByTestId("range-zone")).toHaveTextContent("Hora local");

    /** Fecha of the flight card, and Fecha/Hora of the slot card, of the match viewer opened on row 120. */
    const viewerDates = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.click(cell(120, "season"));
      const dialog = await screen.findByRole("dialog", { name: /^Match 120/ });
      // The dialog opens before its match has loaded: read the cards once they are there.
      await within(dialog).findByRole("region", { name: "Vuelo" });
      const value = (region: string, label: string) => {
        const card = within(dialog).getByRole("region", { name: region });
        const term = within(card).getByText(label, { selector: "dt" });
        return term.nextElementSibling?.textContent;
      };
      const dates = {
        flight: value("Vuelo", "Fecha"),
        st: value("Vuelo", "ST"),
        slot: value("Slot", "Fecha"),
        slotTime: value("Slot", "Hora"),
      };
      await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: /^Match 120/ })).not.toBeInTheDocument());
      return dates;
    };

    const user = userEvent.setup();
    expect(cell(120, "flight_date")).toHaveTextContent("22/11/2026");
    expect(cell(120, "flight_scheduled")).toHaveTextContent("18:30");
    expect(cell(120, "slot_date")).toHaveTextContent("22/11/2026");
    expect(await viewerDates(user)).toEqual({ flight: "22/11/2026", st: "22/11/2026 18:30", slot: "22/11/2026", slotTime: "18:30" });

    await user.click(screen.getByRole("button", { name: "UTC" }));
    // The same days, now UTC days, are asked for again; the bar says so.
    await waitFor(() => expect(turnoverBodies).toHaveLength(2));
    expect(turnoverBodies[1]).toEqual({ start: "2026-11-22", end: "2026-11-22", time_zone: "UTC", airport: "MEX" });
    expect(screen.getByTestId("range-zone")).toHaveTextContent("UTC");
    await findGridRow(120);
    expect(cell(120, "flight_date")).toHaveTextContent("23/11/2026");
    expect(cell(120, "slot_date")).toHaveTextContent("23/11/2026");
    expect(await viewerDates(user)).toEqual({ flight: "23/11/2026", st: "23/11/2026 00:30", slot: "23/11/2026", slotTime: "00:30" });
    // The toggle is kept for the next visit.
    expect(localStorage.getItem("time_zone")).toBe("utc");
  });

  it("shows the server's message when the rows cannot be loaded", async () => {
    server.use(
      http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
      http.post("/api/turnover/", ({ response }) =>
        response(400).json({ message: "El rango no puede exceder 190 días." }),
      ),
    );
    await open();
    expect(await screen.findByText("El rango no puede exceder 190 días.", {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("the footer's counts (issue 24 item 10)", () => {
  it("says '1 registro' and '1 seleccionado' in the singular, and the plural from 2", async () => {
    serve([ROWS[0] as TurnoverRow]);
    await open();
    await findGridRow(101);
    const count = screen.getByTestId("turnover-row-count");
    expect(count).toHaveTextContent(/^1 registro$/);
    const user = userEvent.setup();
    await select(user, 101);
    expect(await screen.findByText("1 seleccionado")).toBeInTheDocument();
  });

  it("counts several rows in the plural", async () => {
    serve();
    await open();
    await findGridRow(101);
    expect(screen.getByTestId("turnover-row-count")).toHaveTextContent(/^5 registros$/);
    const user = userEvent.setup();
    await select(user, 101, 104);
    expect(await screen.findByText("2 seleccionados")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "vb500");
    await waitFor(() => expect(screen.getByTestId("turnover-row-count")).toHaveTextContent(/^1 de 5 registros$/));
  });
});

describe("'Visualizar'", () => {
  it("stores the checked boxes under `filters` and sends them as filter_difference / filter_status", async () => {
    const { turnoverBodies } = serve();
    await open();
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Visualizar" }));
    const popover = await screen.findByRole("dialog", { name: "Visualizar" });
    await user.click(within(popover).getByRole("checkbox", { name: "CAN · Cancelado" }));
    await user.click(within(popover).getByRole("checkbox", { name: "Sin diferencia calculable" }));
    await user.click(within(popover).getByRole("button", { name: "Aplicar" }));

    const stored = JSON.parse(localStorage.getItem("filters") ?? "null");
    expect(stored).toEqual({
      difference: ["no_diff", "mid_diff", "high_diff"],
      status: {
        slot_status: ["D", "K", "U", "ADD", "WIP", "S", "C"],
        flight_status: ["D", "X", "E", "T", "C", "N", "R", "SC"],
        general_status: ["X", "A", "CA", "AH", "D", "S", "DIFF", "OK"],
      },
    });
    await waitFor(() => expect(turnoverBodies).toHaveLength(2));
    expect(turnoverBodies[1]).toEqual({
      start: DAY,
      end: DAY,
      time_zone: "America/Mexico_City",
      airport: "MEX",
      filter_difference: ["no_diff", "mid_diff", "high_diff"],
      filter_status: { slot_status: ["D", "K", "U", "ADD", "WIP", "S", "C"] },
    });
  });

  it("reads the stored filter on load; the check-all box checks all or nothing, and 'Aplicar' waits for a choice in each group", async () => {
    localStorage.setItem("filters", JSON.stringify({ difference: ["high_diff"], status: { general_status: ["AH", "CA"] } }));
    const { turnoverBodies } = serve();
    await open();
    await findGridRow(101);
    expect(turnoverBodies[0]).toEqual({
      start: DAY,
      end: DAY,
      time_zone: "America/Mexico_City",
      airport: "MEX",
      filter_difference: ["high_diff"],
      filter_status: { general_status: ["CA", "AH"] },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Visualizar" }));
    const popover = await screen.findByRole("dialog", { name: "Visualizar" });
    const checkAll = within(popover).getByRole("checkbox", { name: "Seleccionar todo" });
    expect(checkAll).toHaveAttribute("data-indeterminate", "true");
    await user.click(checkAll);
    expect(checkAll).toBeChecked();
    expect(within(popover).getByRole("checkbox", { name: "CAN · Cancelado" })).toBeChecked();
    expect(within(popover).getByRole("button", { name: "Aplicar" })).toBeEnabled();
    await user.click(checkAll);
    expect(within(popover).getByRole("checkbox", { name: "CAN · Cancelado" })).not.toBeChecked();
    expect(within(popover).getByRole("button", { name: "Aplicar" })).toBeDisabled();
    expect(within(popover).getByText("Elija al menos una opción de cada grupo")).toBeInTheDocument();
  });
});

describe("nomenclature", () => {
  it("lists slot, flight and general states and the differences with their Spanish labels", async () => {
    serve();
    await open();
    await findGridRow(101);
    await userEvent.setup().click(screen.getByRole("button", { name: "Nomenclatura" }));
    const dialog = await screen.findByRole("dialog", { name: "Nomenclatura" });
    for (const section of ["Estados de slot", "Estados de vuelo", "Estados generales", "Diferencias"]) {
      expect(within(dialog).getByRole("heading", { name: section })).toBeInTheDocument();
    }
    for (const label of [
      "Sobrante (SOBC)",
      "En proceso",
      "Cambio de equipo",
      "Cancelado en AIMS",
      "Límite de horario",
      "Menor a 15 minutos",
      "Mayor a 15 minutos",
    ]) {
      expect(within(dialog).getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText("SOBC")).toBeInTheDocument();
  });

  it("gives each general status its meaning and the colour the table shows: OK green, DIFF only for a time difference", async () => {
    serve([
      turnoverRow({ id: 101, general_status: "OK", scheduled_difference: 0, scheduled_class: "no_diff" }),
      turnoverRow({ id: 102, general_status: "DIFF", scheduled_difference: 5, scheduled_class: "mid_diff" }),
    ]);
    await open();
    const chipIn = (root: HTMLElement, code: string) => {
      const chip = within(root).getAllByText(code, { selector: ".MuiChip-label" })[0]?.closest(".MuiChip-root");
      if (!chip) throw new Error(`no ${code} chip`);
      return chip;
    };
    const okRow = await findGridRow(101);
    const diffRow = await findGridRow(102);
    const colourOf = (chip: Element) => [...chip.classList].find((c) => /^MuiChip-color[A-Z]/.test(c));
    expect(colourOf(chipIn(okRow, "OK"))).toBe("MuiChip-colorSuccess");
    expect(colourOf(chipIn(diffRow, "DIFF"))).not.toBe("MuiChip-colorSuccess");

    await userEvent.setup().click(screen.getByRole("button", { name: "Nomenclatura" }));
    const dialog = await screen.findByRole("dialog", { name: "Nomenclatura" });
    const meaningOf = (code: string) => chipIn(dialog, code).closest("tr")?.textContent;
    expect(meaningOf("OK")).toContain("Sin diferencias");
    expect(meaningOf("DIFF")).toContain("Diferencia de horario de hasta 15 minutos");
    expect(colourOf(chipIn(dialog, "OK"))).toBe(colourOf(chipIn(okRow, "OK")));
    expect(colourOf(chipIn(dialog, "DIFF"))).toBe(colourOf(chipIn(diffRow, "DIFF")));
  });
});

describe("CSV download", () => {
  const captureSaves = () => {
    const names: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:turnover");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return names;
  };

  it("saves the file with the server's name and says 'Archivo descargado exitosamente'", async () => {
    serve();
    const bodies: unknown[] = [];
    server.use(
      http.post("/api/turnover/download/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(200).text("\uFEFFRegistro;Temporada\n101;W26\n", {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": "attachment; filename=\"Entrega de turno.csv\"; filename*=UTF-8''Entrega%20de%20turno%2010-11.csv",
          },
        });
      }),
    );
    const names = captureSaves();
    await open();
    await findGridRow(101);
    await userEvent.setup().click(screen.getByRole("button", { name: "Descargar CSV" }));
    expect(await screen.findByText("Archivo descargado exitosamente")).toBeInTheDocument();
    expect(names).toEqual(["Entrega de turno 10-11.csv"]);
    expect(bodies).toEqual([{ start: DAY, end: DAY, time_zone: "America/Mexico_City", airport: "MEX", filters: {} }]);
  });

  it("names the file 'Entrega de turno.csv' without a Content-Disposition, and reports a failure", async () => {
    serve();
    let fail = false;
    server.use(
      http.post("/api/turnover/download/", ({ response }) =>
        fail
          ? response("default").json({ message: "Error interno" }, { status: 500 })
          : response(200).text("a;b\n", { headers: { "Content-Type": "text/csv" } }),
      ),
    );
    const names = captureSaves();
    await open();
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Descargar CSV" }));
    expect(await screen.findByText("Archivo descargado exitosamente")).toBeInTheDocument();
    expect(names).toEqual(["Entrega de turno.csv"]);
    fail = true;
    await user.click(screen.getByRole("button", { name: "Descargar CSV" }));
    expect(await screen.findByText("Ha ocurrido un error al descargar el archivo")).toBeInTheDocument();
    expect(names).toHaveLength(1);
  });
});

describe("headers (issue 11, items 4 and 6)", () => {
  it("give the seed's full header in a tooltip where the label is narrower, and the zone of the times", async () => {
    serve();
    await open();
    await findGridRow(101);
    const user = userEvent.setup();
    const header = (field: string) => {
      const element = document.querySelector<HTMLElement>(`.MuiDataGrid-columnHeader[data-field="${field}"] .MuiDataGrid-columnHeaderTitle`);
      if (!element) throw new Error(`no header ${field}`);
      return element;
    };
    await user.hover(header("season"));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Temporada");
    await user.unhover(header("season"));
    await user.hover(header("has_codes"));
    expect(await screen.findByRole("tooltip", { name: "Códigos de demora" })).toBeInTheDocument();
    await user.unhover(header("has_codes"));
    await user.hover(header("slot_time"));
    expect(await screen.findByRole("tooltip", { name: "Hora slot (Local)" })).toBeInTheDocument();
    await user.unhover(header("slot_time"));
  });

  it("say UTC when the table shows UTC", async () => {
    localStorage.setItem("time_zone", "utc");
    serve();
    await open();
    await findGridRow(101);
    const zoneOf = (field: string) =>
      document.querySelector(`.MuiDataGrid-columnHeader[data-field="${field}"] [data-testid="column-zone"]`)?.textContent;
    for (const field of ["flight_date", "flight_scheduled", "flight_estimated", "flight_real", "slot_date", "slot_time"]) {
      expect(zoneOf(field)).toBe("UTC");
    }
  });
});

describe("real dates (AT)", () => {
  it("Slot sees AT as plain text", async () => {
    serve();
    await open("Slot");
    await findGridRow(101);
    expect(cell(101, "flight_real")).toHaveTextContent("21:40");
    expect(screen.queryByRole("button", { name: /Editar fechas reales/ })).not.toBeInTheDocument();
  });

  it("Admin edits them: departure after arrival is refused before sending, then 'Fechas actualizadas correctamente'", async () => {
    serve();
    const bodies: unknown[] = [];
    server.use(
      // The editor reads the match's version as it opens (issue 25); these rows carry none.
      http.get("/api/turnover/{id}/", ({ params, response }) => response(200).json(ROWS.filter((row) => row.id === Number(params.id)))),
      http.put("/api/turnover/{id}/real_dates/", async ({ request, params, response }) => {
        const body = await request.json();
        bodies.push({ id: Number(params.id), body });
        const updated = ROWS[0];
        if (!updated) throw new Error("no row");
        return response(200).json({
          ...updated,
          flight_real: body.actual_arr,
          flight_actual_datetime_dep: body.actual_dep,
          flight_actual_datetime_arr: body.actual_arr,
        });
      }),
    );
    await open("Admin");
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(within(cell(101, "flight_real")).getByRole("button", { name: "Editar fechas reales de VB101" }));
    const dialog = await screen.findByRole("dialog", { name: "Fechas reales de VB101" });
    const departure = within(dialog).getByLabelText("Salida real");
    const arrival = within(dialog).getByLabelText("Llegada real");
    // The stored actual times, in Mexico City, as dd/mm/aaaa hh:mm whatever the browser's locale.
    expect(departure).not.toHaveAttribute("type", "datetime-local");
    expect(departure).toHaveValue("09/11/2026 20:00");
    expect(arrival).toHaveValue("09/11/2026 21:40");

    fireEvent.change(departure, { target: { value: "09/11/2026 22:00" } });
    expect(within(dialog).getByText("La salida real no puede ser posterior a la llegada real")).toBeInTheDocument();
    expect(within(dialog).getByText("La llegada real no puede ser anterior a la salida real")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Guardar" })).toBeDisabled();

    fireEvent.change(departure, { target: { value: "09/11/2026 20:05" } });
    fireEvent.change(arrival, { target: { value: "09/11/2026 21:50" } });
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Fechas actualizadas correctamente")).toBeInTheDocument();
    expect(bodies).toEqual([
      { id: 101, body: { actual_dep: "2026-11-10T02:05:00.000Z", actual_arr: "2026-11-10T03:50:00.000Z" } },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Fechas reales de VB101" })).not.toBeInTheDocument());
    expect(cell(101, "flight_real")).toHaveTextContent("21:50");
  });

  it("says 'Ha ocurrido un error, intenta de nuevo más tarde' when the server refuses", async () => {
    serve();
    server.use(
      http.get("/api/turnover/{id}/", ({ params, response }) => response(200).json(ROWS.filter((row) => row.id === Number(params.id)))),
      http.put("/api/turnover/{id}/real_dates/", ({ response }) =>
        response(400).json({ message: "La salida real no puede ser posterior a la llegada real." }),
      ),
    );
    await open("Admin");
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Editar fechas reales de VB101" }));
    const dialog = await screen.findByRole("dialog", { name: "Fechas reales de VB101" });
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Ha ocurrido un error, intenta de nuevo más tarde")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Fechas reales de VB101" })).toBeInTheDocument();
  });
});

describe("bulk selection", () => {
  it("hints 'Selecciona registros para habilitar la selección' with nothing selected", async () => {
    serve();
    await open("Slot");
    await findGridRow(101);
    expect(screen.getByText("Selecciona registros para habilitar la selección")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Selección" }));
    const menu = screen.getByRole("menu");
    expect(within(menu).getByText("Selecciona registros para habilitar la selección")).toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: /^Agregar a/ })).not.toBeInTheDocument();
  });

  it("refuses to mix flights with and without slot", async () => {
    serve();
    await open("Slot");
    await findGridRow(101);
    const user = userEvent.setup();
    await select(user, 101, 102);
    expect(screen.getByText("No puedes combinar vuelos con y sin slot")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Selección" }));
    expect(within(screen.getByRole("menu")).queryByRole("menuitem", { name: /^Agregar a/ })).not.toBeInTheDocument();
  });

  it("refuses SOBC, CAN and WIP rows", async () => {
    serve([...ROWS, row({ id: 106, slot_status: "S", general_status: "A" }), row({ id: 107, slot_status: "CAN" })]);
    await open("Slot");
    await findGridRow(101);
    const user = userEvent.setup();
    await select(user, 101, 103);
    expect(screen.getByText("Alguno de los registros no son validos para selección")).toBeInTheDocument();
    await select(user, 103);
    expect(screen.getByText("1 registro seleccionado")).toBeInTheDocument();
    await select(user, 106);
    expect(screen.getByText("Alguno de los registros no son validos para selección")).toBeInTheDocument();
    await select(user, 106, 107);
    expect(screen.getByText("Alguno de los registros no son validos para selección")).toBeInTheDocument();
  });

  it("offers only 'Altas' for flights without slot, and Modificaciones and Cancelaciones for flights with slot", async () => {
    serve();
    await open("Slot");
    await findGridRow(101);
    const user = userEvent.setup();
    await select(user, 102);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    const adds = () =>
      within(screen.getByRole("menu"))
        .getAllByRole("menuitem")
        .map((item) => item.textContent)
        .filter((text) => text?.startsWith("Agregar a"));
    expect(adds()).toEqual(["Agregar a Altas"]);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    await select(user, 102, 101, 104);
    expect(screen.getByText("2 registros seleccionados")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Selección" }));
    expect(adds()).toEqual(["Agregar a Modificaciones", "Agregar a Cancelaciones"]);
  });

  it("gives Seguimiento Altas only", async () => {
    serve();
    await open("Seguimiento");
    await findGridRow(101);
    const user = userEvent.setup();
    await select(user, 101);
    expect(screen.getByText("Su rol no permite agregar estos registros a un borrador")).toBeInTheDocument();
    await select(user, 101, 102);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    const items = within(screen.getByRole("menu"))
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items).toEqual(["Agregar a Altas", "Quitar la selección", "Abrir borrador de Altas", "Vaciar borrador de Altas"]);
  });

  it("opens the drafts modal on the chosen draft from the table ('Abrir borrador de Modificaciones')", async () => {
    serve();
    await open("Slot");
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Abrir borrador de Modificaciones" }));
    // The modal is loaded on first use: on a fresh machine its first transform takes a while.
    expect(await screen.findByRole("dialog", { name: "Borrador de modificaciones" }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("Reportes has no selection column and no bulk menu", async () => {
    serve();
    await open("Reportes");
    await findGridRow(101);
    expect(within(gridRow(101)).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Selección" })).not.toBeInTheDocument();
  });
});

describe("bulk add to drafts", () => {
  const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it("adds flights without slot to Altas: 'Slots agregados al borrador de Altas', one entry per flight", async () => {
    const { draftSaves } = serve();
    await open("Slot");
    await findGridRow(102);
    const user = userEvent.setup();
    await select(user, 102);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Altas" }));
    // The optional time change (seed 001 §4.3): left unchosen, each flight keeps its own time.
    const dialog = await screen.findByRole("dialog", { name: "Agregar a Altas" });
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));
    expect(await screen.findByText("Slots agregados al borrador de Altas")).toBeInTheDocument();
    // 2026-11-10 is a Tuesday: frequency 2; 180 passengers; the other station of a departure is its destination.
    expect(draftSaves).toEqual([
      {
        new_slot_data: {
          season: "W26",
          list: [
            {
              id: "flight-2102",
              flight: "500",
              flightType: "J",
              startDate: "10-11-2026",
              endDate: "10-11-2026",
              time: "03:30",
              airport: "CUN",
              frequency: 2,
              aircraftType: "320",
              psxCount: 180,
              isArrival: false,
              placeholder: false,
            },
          ],
        },
      },
    ]);
    // The selection is cleared after the add.
    expect(screen.getByText("Selecciona registros para habilitar la selección")).toBeInTheDocument();
  });

  it("requests the Altas at another time when asked: the time is then required, a real hour and a multiple of 5", async () => {
    const { draftSaves } = serve();
    await open("Slot");
    await findGridRow(102);
    const user = userEvent.setup();
    await select(user, 102);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Altas" }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar a Altas" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Solicitar otro horario" }));
    const time = within(dialog).getByLabelText(/Hora \(UTC\)/);
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));
    expect(within(dialog).getByText("Este campo no puede estar vacío")).toBeInTheDocument();
    fireEvent.change(time, { target: { value: "04:32" } });
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));
    expect(within(dialog).getByText("El horario de operación debe ser un múltiplo de 5")).toBeInTheDocument();
    expect(draftSaves).toEqual([]);
    fireEvent.change(time, { target: { value: "04:35" } });
    await user.click(within(dialog).getByRole("button", { name: "Añadir al borrador" }));
    expect(await screen.findByText("Slots agregados al borrador de Altas")).toBeInTheDocument();
    expect(draftSaves).toHaveLength(1);
    const saved = draftSaves[0]?.new_slot_data?.list[0];
    // Same flight and date, the chosen UTC time.
    expect(saved).toMatchObject({ id: "flight-2102", startDate: "10-11-2026", time: "04:35" });
  });

  it("skips slots already in the draft: all of them → error notice, some → warning with the count added", async () => {
    const day = futureDay(3);
    const season = seasonCodeForDate(day);
    const rows = [row({ id: 201, date: day, slot_date: day, season }), row({ id: 202, date: day, slot_date: day, season })];
    const drafts: Drafts = { ...EMPTY_DRAFTS, cancellation_data: { season, ids: [1201] } };
    const { draftSaves } = serve(rows, drafts);
    await open("Slot", [day, day]);
    await findGridRow(201);
    const user = userEvent.setup();
    await select(user, 201);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Cancelaciones" }));
    expect(
      await screen.findByText("Los registros seleccionados ya están en el borrador de Cancelaciones; no se agregó ninguno"),
    ).toBeInTheDocument();
    expect(draftSaves).toEqual([]);

    await select(user, 202);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Cancelaciones" }));
    expect(
      await screen.findByText(
        "Slots agregados al borrador de Cancelaciones: 1 agregados; 1 ya estaban en el borrador y se omitieron",
      ),
    ).toBeInTheDocument();
    expect(draftSaves).toEqual([{ cancellation_data: { season, ids: [1201, 1202] } }]);
  });

  it("refuses modifications less than 12 hours ahead", async () => {
    const soon = new Date(Date.now() + 2 * 3_600_000);
    const day = soon.toISOString().slice(0, 10);
    const time = soon.toISOString().slice(11, 16);
    const season = seasonCodeForDate(day);
    serve([row({ id: 301, date: day, slot_date: day, slot_time: time, season, slot_name: "VB301" })]);
    await open("Admin", [day, day]);
    await findGridRow(301);
    const user = userEvent.setup();
    await select(user, 301);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Modificaciones" }));
    expect(await screen.findByText(/ya pasó la fecha límite de 12 horas/)).toHaveTextContent(
      /^El slot VB301 del día \d\d\/\d\d\/\d{4} no puede agregarse a Modificaciones: ya pasó la fecha límite de 12 horas\.$/,
    );
  });

  it("refuses a match outside the draft's season", async () => {
    const day = futureDay(3);
    const [y, m, d] = day.split("-");
    const drafts: Drafts = { ...EMPTY_DRAFTS, modification_data: { season: "S20", ids: [77], action: 5, encoded: [] } };
    const { draftSaves } = serve([row({ id: 401, date: day, slot_date: day, season: seasonCodeForDate(day) })], drafts);
    await open("Admin", [day, day]);
    await findGridRow(401);
    const user = userEvent.setup();
    await select(user, 401);
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Modificaciones" }));
    expect(
      await screen.findByText(
        `El borrador está asignado a la temporada S20. El match VB401 del día ${d}/${m}/${y} no puede ser agregado.`,
      ),
    ).toBeInTheDocument();
    expect(draftSaves).toEqual([]);
  });

  it("keeps the selection across searches, says how many selected rows the search hides, and acts on all of them", async () => {
    const day = futureDay(3);
    const season = seasonCodeForDate(day);
    const rows = [201, 202, 203].map((id) => row({ id, date: day, slot_date: day, season }));
    const { draftSaves } = serve(rows);
    await open("Slot", [day, day]);
    await findGridRow(201);
    const user = userEvent.setup();
    await select(user, 201, 202, 203);
    const search = screen.getByRole("searchbox", { name: "Buscar" });
    await user.type(search, "vb203");
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(1));
    expect(within(gridRow(203)).getByRole("checkbox")).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("3 registros seleccionados (2 ocultos por la búsqueda)");
    expect(screen.getByText("3 seleccionados (2 ocultos por la búsqueda)")).toBeInTheDocument();

    await user.clear(search);
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(3));
    for (const id of [201, 202, 203]) expect(within(gridRow(id)).getByRole("checkbox")).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent(/^3 registros seleccionados$/);

    // Unselecting and selecting again a shown row leaves the hidden ones selected.
    await user.type(search, "vb202");
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(1));
    await select(user, 202);
    expect(screen.getByRole("status")).toHaveTextContent("2 registros seleccionados (2 ocultos por la búsqueda)");
    await select(user, 202);
    expect(screen.getByRole("status")).toHaveTextContent("3 registros seleccionados (2 ocultos por la búsqueda)");

    await user.click(screen.getByRole("button", { name: "Selección" }));
    expect(screen.getByRole("menuitem", { name: "Incluye 2 registros seleccionados que la búsqueda oculta" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.click(screen.getByRole("menuitem", { name: "Agregar a Cancelaciones" }));
    expect(await screen.findByText("Slots agregados al borrador de Cancelaciones")).toBeInTheDocument();
    expect(draftSaves).toEqual([{ cancellation_data: { season, ids: [1201, 1202, 1203] } }]);
    expect(screen.getByText("Selecciona registros para habilitar la selección")).toBeInTheDocument();
  });

  it("'Quitar la selección' unselects the hidden rows too; a new range drops the rows it no longer holds", async () => {
    serve();
    await open("Slot");
    await findGridRow(101);
    const user = userEvent.setup();
    await select(user, 101, 104);
    const search = screen.getByRole("searchbox", { name: "Buscar" });
    await user.type(search, "vb104");
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Quitar la selección" }));
    expect(screen.getByText("Selecciona registros para habilitar la selección")).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(5));
    expect(within(gridRow(101)).getByRole("checkbox")).not.toBeChecked();

    await select(user, 101, 104);
    await user.type(search, "vb104");
    await waitFor(() => expect(document.querySelectorAll(".MuiDataGrid-row")).toHaveLength(1));
    // The new range holds 104 but no longer 101.
    server.use(http.post("/api/turnover/", ({ response }) => response(200).json(ROWS.filter((one) => one.id !== 101))));
    act(() => writeStoredRange({ start: "2026-11-12", end: "2026-11-13" }, "custom"));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^1 registro seleccionado$/));
  });

  it("empties a draft only once confirmed ('Borrador de … vaciado'), or says it is already empty", async () => {
    const { draftDeletes } = serve(ROWS, {
      ...EMPTY_DRAFTS,
      modification_data: { season: "W26", ids: [5, 6], action: 5, encoded: [] },
    });
    await open("Slot");
    await findGridRow(101);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Vaciar borrador de Altas" }));
    expect(await screen.findByText("El borrador de Altas está vacío")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // Seed 000 §8: clearing a draft warns that the editor's data will be lost; Cancelar keeps it.
    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Vaciar borrador de Modificaciones" }));
    const dialog = await screen.findByRole("dialog", { name: "Vaciar borrador de Modificaciones" });
    expect(dialog).toHaveTextContent(
      "Se quitarán las 2 solicitudes del borrador de Modificaciones y se perderá la información del editor de sus líneas. ¿Desea continuar?",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(draftDeletes).toEqual([]);
    expect(screen.queryByText("Borrador de Modificaciones vaciado")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Selección" }));
    await user.click(screen.getByRole("menuitem", { name: "Vaciar borrador de Modificaciones" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Vaciar borrador de Modificaciones" })).getByRole("button", {
        name: "Continuar",
      }),
    );
    expect(await screen.findByText("Borrador de Modificaciones vaciado")).toBeInTheDocument();
    expect(draftDeletes).toEqual(["modify"]);
  });
});
