/**
 * Reportes against msw handlers typed from the contract (issue 14 item 1, seed 001 §2.7, §4.4,
 * §6, §8): the six tabs (and Monitoreo semanal's) and Fin de mes' lists, the toolbar, deleting rows from the screen only
 * (with the seed's confirmation) and sending the kept ids, 'Añadir registro' with its filters and
 * the new rows, the slot changes of an appearance row, the download's messages, and who may
 * delete and add.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildReport, REPORT_LABELS, REPORT_TYPES, type ReportType, weeklyReportRange } from "../../src/domain/reports";
import { addDays } from "../../src/domain/seasons";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { TURNOVER_DAY, turnoverRow } from "./turnoverRows";

type ReportAnswer = components["schemas"]["ReportAnswer"];
type ReportAddRecord = components["schemas"]["ReportAddRecord"];

/** The range's matches: two late arrivals, one on time, a cancelled departure, a flight added by hand (id 9). */
const MATCHES = [
  turnoverRow({ id: 1, real_difference: 25, flight_real: `${TURNOVER_DAY}T03:55:00.000Z` }),
  turnoverRow({ id: 2, real_difference: 40, flight_real: `${TURNOVER_DAY}T04:10:00.000Z`, flight_register: "XA-VBB" }),
  turnoverRow({ id: 3, real_difference: 0, flight_register: "XA-VBC" }),
  turnoverRow({ id: 4, is_arrival: false, flight_status: "C", general_status: "CA", flight_real: null, flight_register: null }),
];
const ADDED = turnoverRow({ id: 9, real_difference: 2, flight_name: "VB909" });

const answerOf = (type: ReportType, added: readonly number[], section?: string): ReportAnswer => ({
  type,
  name: REPORT_LABELS[type],
  season: null,
  start: TURNOVER_DAY,
  end: TURNOVER_DAY,
  timezone: "zulu",
  updated_at: new Date().toISOString(),
  ...buildReport(type, MATCHES, { zone: "UTC" }, {
    added: added.includes(9) ? [ADDED] : [],
    ...(section === "cancellation" || section === "operation" || section === "returned_to_position" ? { section } : {}),
  }),
});

/** Monitoreo semanal of last week: one discrepancy, justified. */
const LAST_WEEK = weeklyReportRange(Date.now(), "zulu");
const WEEKLY: ReportAnswer = {
  type: "weekly_monitoring",
  name: REPORT_LABELS.weekly_monitoring,
  season: null,
  start: LAST_WEEK.start,
  end: LAST_WEEK.end,
  timezone: "zulu",
  updated_at: new Date().toISOString(),
  rows: [
    {
      id: 7, key: "not_used:7", status_new: null, category: "Slots no utilizados", date: LAST_WEEK.start, serie: 12, flight: "VB120",
      direction: "L", slot: "09:00", time: null, time_basis: null, difference: null, codes: "71", state: "Justificado", reason: "Meteorología",
    },
  ],
  sections: null,
  monitoring: {
    week: "2026-W47",
    deadline: "2999-01-08",
    counts: [{ category: "not_used", label: "Slots no utilizados", total: 1, unjustified: 0, justified: 1, requested: 0, corrected: 0 }],
    corrective_scrs: 2,
  },
};

const RECORDS: ReportAddRecord[] = [
  { id: 9, flight: "VB909", type: "L", slot: "03:30", schedule: "03:32", diff: 2, date: TURNOVER_DAY, airport: "MTY" },
  { id: 10, flight: "VB910", type: "L", slot: "05:00", schedule: null, diff: null, date: TURNOVER_DAY, airport: "GDL" },
];

function serve({ download = 200 }: { download?: number } = {}) {
  const calls = { reports: [] as string[], records: [] as string[], downloads: [] as unknown[] };
  server.use(
    http.get("/api/reports/{type}/get_report/", ({ params, query, request, response }) => {
      calls.reports.push(`${params.type}${new URL(request.url).search}`);
      const added = (query.get("new_match_ids") ?? "").split(",").filter(Boolean).map(Number);
      if (params.type === "weekly_monitoring") return response(200).json(WEEKLY);
      return response(200).json(answerOf(params.type, added, query.get("new_match_section") ?? undefined));
    }),
    http.get("/api/reports/add_records/", ({ request, response }) => {
      calls.records.push(new URL(request.url).search);
      return response(200).json(RECORDS);
    }),
    http.post("/api/reports/{type}/download_report/", async ({ request, response }) => {
      calls.downloads.push(await request.json());
      if (download === 403) return response(403).json({ message: "Su rol no tiene permiso" });
      if (download === 404) return response(404).json({ message: "No" });
      return response.untyped(
        new Response(new Blob(["PK"]), {
          status: 200,
          headers: {
            "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "Content-Disposition": `attachment; filename="DEMORAS COMPLETAS 10 nov.xlsx"`,
          },
        }),
      );
    }),
    // The toolbar's send controls (tests/components/reports-send.test.tsx): nothing saved yet.
    http.get("/api/reports/report_template/", ({ query, response }) =>
      response(200).json({
        report_name: REPORT_TYPES.find((t) => t === query.get("report_name")) ?? "slot_assignment",
        airport: query.get("airport") ?? "MEX",
        saved: false,
        frequency: 1,
        schedule: ["06:00"],
        timezone: "local",
        send_to: null,
        send_to_email: null,
        send_to_name: null,
        updated_at: null,
        updated_by: null,
        next_run: null,
        version: 0,
      }),
    ),
    http.get("/api/contact-list", ({ response }) => response(200).json([])),
    http.get("/api/turnover/{id}/changes/", ({ response }) =>
      response(200).json([
        {
          id: 1,
          request_date: "2026-11-01T15:00:00Z",
          reference: 1234,
          part: 1,
          request_type: "Modificación",
          lines: { actual: "CVB1001", request: "RVB1001" },
          response: "K",
        },
      ]),
    ),
  );
  return calls;
}

async function open(role: "Admin" | "Slot" | "Seguimiento" | "Reportes" = "Slot", options: { download?: number } = {}) {
  signInAs(role);
  localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
  localStorage.setItem("time_zone", "utc");
  const calls = serve(options);
  renderApp("/reports");
  expect(await findHeading("Reportes")).toBeInTheDocument();
  await screen.findByRole("grid", {}, { timeout: 5000 });
  // The report is asked once the person's airport is read (issue 37): wait for its answer.
  await screen.findByText(/^Actualizado: /, {}, { timeout: 5000 });
  return calls;
}

const grid = () => screen.getByRole("grid");
const flightsShown = () =>
  within(grid())
    .queryAllByRole("row")
    .slice(1)
    .map((row) => row.textContent ?? "");

async function goTo(tab: string) {
  await userEvent.setup().click(screen.getByRole("tab", { name: tab }));
}

afterEach(() => {
  localStorage.removeItem("range");
  localStorage.removeItem("time_zone");
  vi.restoreAllMocks();
});

describe("Reportes", () => {
  it("shows the seven tabs, the toolbar and each report of the stored range in its zone", async () => {
    const calls = await open();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Asignación de slots",
      "D. completas",
      "D. Tovar",
      "Matrículas",
      "Fin de mes",
      "Comparecencia",
      "Monitoreo semanal",
    ]);
    expect(calls.reports[0]).toBe(`slot_assignment?start=${TURNOVER_DAY}&end=${TURNOVER_DAY}&timezone=zulu&airport=MEX`);
    expect(screen.getByRole("combobox", { name: "Temporada" })).toHaveTextContent("Todas");
    expect(screen.getByRole("combobox", { name: "Zona horaria" })).toHaveTextContent("ZULU");
    // In ZULU too, the moment it was read is told in local time (issue 36, texts).
    const updated = screen.getByText(/Actualizado: \d\d:\d\d:\d\d \(hora local\)/).textContent ?? "";
    const localHour = new Date().toLocaleTimeString("es-MX", { timeZone: "America/Mexico_City", hour12: false }).slice(0, 2);
    expect(updated.slice("Actualizado: ".length, "Actualizado: ".length + 2)).toBe(localHour);

    await goTo("D. completas");
    await waitFor(() => expect(flightsShown()).toHaveLength(2));
    expect(flightsShown()[0]).toContain("VB1");
    expect(screen.getByRole("columnheader", { name: "Causa general" })).toBeInTheDocument();

    await goTo("Fin de mes");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toContain("Regresos a posición");
    await goTo("Cancelaciones");
    await waitFor(() => expect(flightsShown()).toHaveLength(1));
    expect(flightsShown()[0]).toContain("VB4");
  });

  it("deletes rows from the screen only, after the seed's confirmation, and downloads the kept ones", async () => {
    const calls = await open("Seguimiento");
    const names: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:report");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await goTo("D. completas");
    await waitFor(() => expect(flightsShown()).toHaveLength(2));
    const user = userEvent.setup();
    const remove = screen.getByRole("button", { name: "Eliminar" });
    expect(remove).toBeDisabled();
    await user.click(within(within(grid()).getAllByRole("row")[1] as HTMLElement).getByRole("checkbox"));
    await user.click(remove);
    const dialog = await screen.findByRole("dialog", { name: "Eliminación de registro" });
    expect(within(dialog).getByText("¿Desea eliminar los registros seleccionados?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }));
    await waitFor(() => expect(flightsShown()).toHaveLength(1));
    expect(flightsShown()[0]).toContain("VB2");
    // Nothing went to the server but the download, which names the rows kept.
    await user.click(screen.getByRole("button", { name: "Descargar" }));
    expect(await screen.findByText("Reporte descargado exitosamente")).toBeInTheDocument();
    expect(names).toEqual(["DEMORAS COMPLETAS 10 nov.xlsx"]);
    expect(calls.downloads[0]).toMatchObject({ start: TURNOVER_DAY, timezone: "zulu", match_ids: [2], new_match_ids: [] });
  });

  it("adds records through 'Añadir registro': its filters, 'Todas' exclusive, and the new rows marked", async () => {
    const calls = await open("Admin");
    await goTo("D. completas");
    await waitFor(() => expect(flightsShown()).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Añadir registro" }));
    const dialog = await screen.findByRole("dialog", { name: "Añadir registro" });
    expect(within(dialog).getByRole("textbox", { name: "Desde (HH:MM)" })).toHaveValue("00:00");
    expect(within(dialog).getByRole("textbox", { name: "Hasta (HH:MM)" })).toHaveValue("23:55");
    expect(within(dialog).getByRole("button", { name: "L" })).toHaveAttribute("aria-pressed", "true");
    await user.type(within(dialog).getByRole("textbox", { name: "Vuelos" }), "909, 910");
    await user.click(within(dialog).getByRole("combobox", { name: "Frecuencia" }));
    const days = await screen.findByRole("listbox");
    await user.click(within(days).getByRole("option", { name: "2" }));
    await user.click(within(days).getByRole("option", { name: "Todas" }));
    await user.keyboard("{Escape}");
    expect(within(dialog).getByRole("combobox", { name: "Frecuencia" })).toHaveTextContent("Todas");
    const to = within(dialog).getByRole("textbox", { name: "Hasta (HH:MM)" });
    await user.clear(to);
    await user.type(to, "24:00");
    expect(within(dialog).getByRole("button", { name: "Buscar" })).toBeDisabled();
    await user.clear(to);
    await user.type(to, "23:55");
    await user.click(within(dialog).getByRole("button", { name: "Buscar" }));
    await within(dialog).findByText("VB910");
    expect(calls.records[0]).toBe(
      `?start=${TURNOVER_DAY}&end=${TURNOVER_DAY}&timezone=zulu&airport=MEX&hour_range=00%3A00-23%3A55&slot_type=L&flights=909%2C910`,
    );
    const first = within(within(dialog).getByRole("grid")).getAllByRole("row")[1] as HTMLElement;
    await user.click(within(first).getByRole("checkbox"));
    await user.click(within(dialog).getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(flightsShown()).toHaveLength(3));
    expect(flightsShown()[2]).toContain("Nuevo");
    expect(flightsShown()[2]).toContain("VB909");
    expect(calls.reports.at(-1)).toContain("new_match_ids=9");
  });

  it("shows Monitoreo semanal by ISO week, with the week's counts and the day to answer the coordinator by", async () => {
    const calls = await open("Slot");
    await goTo("Monitoreo semanal");
    await waitFor(() => expect(flightsShown().join()).toContain("VB120"));
    expect(calls.reports.at(-1)).toBe(`weekly_monitoring?start=${LAST_WEEK.start}&end=${LAST_WEEK.end}&timezone=zulu&airport=MEX`);
    expect(screen.getByText("Responder al coordinador antes del 08/01/2999")).toBeInTheDocument();
    expect(screen.getByText("SCR correctivas enviadas: 2")).toBeInTheDocument();
    const counts = screen.getByRole("table", { name: "Resumen de la semana" });
    expect(within(counts).getByRole("rowheader", { name: "Slots no utilizados" }).closest("tr")?.textContent).toBe("Slots no utilizados10100");
    // Rows are not added by hand to the coordinator's week.
    expect(screen.queryByRole("button", { name: "Añadir registro" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Semana anterior" }));
    await waitFor(() => expect(calls.reports.at(-1)).toContain(`start=${addDays(LAST_WEEK.start, -7)}&end=${addDays(LAST_WEEK.end, -7)}`));
  });

  it("opens an appearance row's slot changes", async () => {
    await open("Reportes");
    await goTo("Comparecencia");
    await waitFor(() => expect(flightsShown().length).toBeGreaterThan(0));
    const user = userEvent.setup();
    await user.click(within(within(grid()).getAllByRole("row")[1] as HTMLElement).getAllByRole("gridcell")[2] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: /Cambios del slot/ });
    expect(await within(dialog).findByText("RVB1001")).toBeInTheDocument();
  });

  it("gives Reportes no delete or add, and says why a download fails (403, 404)", async () => {
    await open("Reportes", { download: 403 });
    expect(screen.queryByRole("button", { name: "Eliminar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Añadir registro" })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Descargar" }));
    expect(await screen.findByText("No tienes permisos para descargar este reporte")).toBeInTheDocument();
  });

  it("says there is no data for the range (404)", async () => {
    await open("Slot", { download: 404 });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Descargar" }));
    expect(await screen.findByText("No se han encontrado datos para el rango y la temporada seleccionados")).toBeInTheDocument();
    server.use(
      http.get("/api/reports/{type}/get_report/", ({ response }) => response(404).json({ message: "No" })),
    );
    await goTo("Matrículas");
    expect(await screen.findByRole("alert")).toHaveTextContent("No se han encontrado datos para el rango y la temporada seleccionados");
  });
});
