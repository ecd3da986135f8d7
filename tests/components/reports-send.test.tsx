/**
 * The send controls of Reportes against msw handlers typed from the contract (seed 001 §2.7,
 * §2.8, §4.4, §8; issue 14 items 4–5): the frequency and the schedule popover saved as the
 * report's template with the seed's entry rules, the send-to contact, the next send and the day
 * it carries; the send modal with its review checkbox, 'Entendido' / 'Confirmar', the cc and
 * the ids sent, and the seed's notices.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { buildReport, REPORT_LABELS, REPORT_TYPES } from "../../src/domain/reports";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { TURNOVER_DAY, turnoverRow } from "./turnoverRows";

type ReportTemplate = components["schemas"]["ReportTemplate"];
type ReportTemplateUpdate = components["schemas"]["ReportTemplateUpdate"];
type ReportDownloadRequest = components["schemas"]["ReportDownloadRequest"];

const MATCHES = [
  turnoverRow({ id: 1, real_difference: 25, flight_real: `${TURNOVER_DAY}T03:55:00.000Z` }),
  turnoverRow({ id: 2, real_difference: 40, flight_real: `${TURNOVER_DAY}T04:10:00.000Z`, flight_register: "XA-VBB" }),
];
const CONTACTS = [
  { id: 7, name: "Finanzas", email: "finanzas@aerolinea.example", notes: "", version: 1 },
  { id: 8, name: "Operaciones", email: "operaciones@aerolinea.example", notes: "", version: 1 },
];

function serve({ sendStatus = 200 }: { sendStatus?: number } = {}) {
  let template: ReportTemplate = {
    report_name: "slot_assignment",
    airport: "MEX",
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
  };
  const calls = { saves: [] as ReportTemplateUpdate[], sends: [] as Array<{ type: string; body: ReportDownloadRequest }> };
  server.use(
    http.get("/api/reports/{type}/get_report/", ({ params, response }) =>
      response(200).json({
        type: params.type,
        name: REPORT_LABELS[params.type],
        season: null,
        start: TURNOVER_DAY,
        end: TURNOVER_DAY,
        timezone: "zulu",
        updated_at: new Date().toISOString(),
        ...buildReport(params.type, MATCHES, { zone: "UTC" }, { added: [] }),
      }),
    ),
    http.get("/api/contact-list", ({ response }) => response(200).json(CONTACTS)),
    http.get("/api/reports/report_template/", ({ query, response }) =>
      response(200).json({ ...template, report_name: REPORT_TYPES.find((t) => t === query.get("report_name")) ?? "slot_assignment" }),
    ),
    http.post("/api/reports/report_template/", async ({ request, response }) => {
      const body = await request.json();
      calls.saves.push(body);
      const contact = CONTACTS.find((c) => c.id === body.send_to) ?? null;
      template = {
        ...template,
        ...body,
        version: template.version + 1,
        saved: true,
        send_to_email: contact?.email ?? null,
        send_to_name: contact?.name ?? null,
        next_run: contact ? { at: "2026-11-11T12:00:00.000Z", day: "2026-11-10" } : null,
      };
      return response(200).json(template);
    }),
    http.post("/api/reports/{type}/send_report/", async ({ params, request, response }) => {
      const body = await request.json();
      calls.sends.push({ type: params.type, body });
      if (sendStatus === 404) {
        return response(404).json({ message: "No se han encontrado datos para el rango y la temporada seleccionados" });
      }
      return response(200).json({
        id: 1,
        report_name: params.type,
        airport: body.airport ?? "MEX",
        trigger: "manual",
        requested_by: "slot@prueba.example",
        scheduled_for: null,
        started_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        range_start: body.start,
        range_end: body.end,
        timezone: body.timezone ?? "local",
        to: [template.send_to_email ?? ""],
        cc: body.cc ?? [],
        file_name: "ASIGNACIÓN DE SLOTS 10 nov.xlsx",
        status: "sent",
        detail: "250 OK",
        outbox_id: 1,
      });
    }),
  );
  return calls;
}

async function open(options: { sendStatus?: number } = {}) {
  signInAs("Reportes");
  localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
  localStorage.setItem("time_zone", "utc");
  const calls = serve(options);
  renderApp("/reports");
  expect(await findHeading("Reportes")).toBeInTheDocument();
  await screen.findByRole("grid", {}, { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole("combobox", { name: "Enviar a" })).toBeEnabled());
  return calls;
}

async function chooseContact(name: RegExp) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Enviar a" }));
  await user.click(await screen.findByRole("option", { name }));
  await screen.findByText("Información de envío actualizada");
}

afterEach(() => {
  localStorage.removeItem("range");
  localStorage.removeItem("time_zone");
});

describe("Reportes: schedule and send", () => {
  it("saves the send-to contact and the schedule with the seed's entry rules, and says which day is sent", async () => {
    const calls = await open();
    const user = userEvent.setup();
    expect(screen.getByRole("button", { name: "Enviar reporte" })).toBeDisabled();
    expect(screen.getByLabelText(/^Sin envío programado: elija el contacto «Enviar a»\./)).toBeInTheDocument();

    await chooseContact(/Finanzas/);
    expect(calls.saves.at(-1)).toEqual({
      report_name: "slot_assignment",
      airport: "MEX",
      frequency: 1,
      schedule: ["06:00"],
      timezone: "local",
      send_to: 7,
      version: 0,
    });
    // Beside the schedule: the next send, the day it carries, and that it is the previous day.
    expect(screen.getByLabelText(/^Próximo envío: 11\/11\/2026 06:00 \(reporte del 10\/11\/2026\) Cada envío programado lleva el reporte del día anterior/)).toBeInTheDocument();

    // Frequency 2 adds a second time, 8 hours after the first.
    await user.click(screen.getByRole("combobox", { name: "Frecuencia diaria" }));
    await user.click(await screen.findByRole("option", { name: "2 envíos al día" }));
    await waitFor(() => expect(calls.saves.at(-1)).toMatchObject({ frequency: 2, schedule: ["06:00", "14:00"] }));

    await user.click(screen.getByRole("button", { name: "Horario de envío" }));
    const popover = await screen.findByRole("group", { name: "Horario de envío" });
    expect(within(popover).getByText(/el reporte del día anterior completo/)).toBeInTheDocument();
    expect(within(popover).getByText("Próximo envío: 11/11/2026 06:00 (reporte del 10/11/2026)")).toBeInTheDocument();
    const second = within(popover).getByRole("textbox", { name: "Horario 2" });
    await user.clear(second);
    await user.type(second, "75");
    expect(second).toHaveValue("75");
    expect(within(popover).getByText("Escriba 4 dígitos: hora menor a 24 y minutos menores a 60")).toBeInTheDocument();
    expect(within(popover).getByRole("button", { name: "Guardar horario" })).toBeDisabled();
    await user.clear(second);
    await user.type(second, "2500");
    expect(within(popover).getByRole("button", { name: "Guardar horario" })).toBeDisabled();
    await user.clear(second);
    await user.type(second, "1830");
    expect(second).toHaveValue("18:30");
    // Clearing an entry removes that time; the last one cannot go.
    const removes = within(popover).getAllByRole("button", { name: "Quitar este horario" });
    await user.click(removes[0] ?? second);
    expect(within(popover).getByRole("button", { name: "Quitar este horario" })).toBeDisabled();
    await user.click(within(popover).getByRole("button", { name: "Guardar horario" }));
    await waitFor(() => expect(calls.saves.at(-1)).toMatchObject({ frequency: 1, schedule: ["18:30"], send_to: 7 }));
  });

  it("sends after the review checkbox and 'Confirmar', with the cc and the rows shown", async () => {
    const calls = await open();
    const user = userEvent.setup();
    await chooseContact(/Finanzas/);
    await user.click(screen.getByRole("button", { name: "Enviar reporte" }));
    const modal = await screen.findByRole("dialog", { name: "Confirmación de envío de reporte" });
    expect(within(modal).getByLabelText("Tipo")).toHaveTextContent("Asignación de Slots");
    expect(within(modal).getByLabelText("Temporada")).toHaveTextContent("---");
    expect(within(modal).getByLabelText("Aeropuerto")).toHaveTextContent("MEX");
    expect(within(modal).getByLabelText("Enviar a")).toHaveTextContent("finanzas@aerolinea.example");
    expect(within(modal).getByRole("grid")).toBeInTheDocument();

    // Without the checkbox: the seed's reminder and 'Entendido'.
    await user.click(within(modal).getByRole("button", { name: "Enviar" }));
    const reminder = await screen.findByRole("dialog", { name: "Envío de reporte" });
    expect(within(reminder).getByText(/Debe confirmar que ha leído y revisado el reporte/)).toBeInTheDocument();
    await user.click(within(reminder).getByRole("button", { name: "Entendido" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Envío de reporte" })).not.toBeInTheDocument());
    expect(calls.sends).toHaveLength(0);

    await user.click(within(modal).getByRole("combobox", { name: "Copia a contactos" }));
    await user.click(await screen.findByRole("option", { name: "operaciones@aerolinea.example" }));
    await user.click(within(modal).getByRole("checkbox", { name: "He revisado y confirmo el envío del reporte" }));
    await user.click(within(modal).getByRole("button", { name: "Enviar" }));
    const confirm = await screen.findByRole("dialog", { name: "Envío de reporte" });
    expect(within(confirm).getByText(/Confirma el envío de reporte Asignación de Slots a finanzas@aerolinea\.example/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Confirmar" }));

    expect(await screen.findByText("Preparando reporte para su envío...")).toBeInTheDocument();
    await screen.findByText("Reporte enviado con éxito", {}, { timeout: 5000 });
    expect(calls.sends).toEqual([
      {
        type: "slot_assignment",
        body: expect.objectContaining({
          start: TURNOVER_DAY,
          end: TURNOVER_DAY,
          timezone: "zulu",
          airport: "MEX",
          cc: ["operaciones@aerolinea.example"],
          new_match_ids: [],
        }),
      },
    ]);
    expect(calls.sends[0]?.body.match_ids?.length).toBeGreaterThan(0);
    expect(screen.queryByRole("dialog", { name: "Confirmación de envío de reporte" })).not.toBeInTheDocument();
  });

  it("shows the seed's message when the range has no data", async () => {
    await open({ sendStatus: 404 });
    const user = userEvent.setup();
    await chooseContact(/Operaciones/);
    await user.click(screen.getByRole("button", { name: "Enviar reporte" }));
    const modal = await screen.findByRole("dialog", { name: "Confirmación de envío de reporte" });
    await user.click(within(modal).getByRole("checkbox", { name: "He revisado y confirmo el envío del reporte" }));
    await user.click(within(modal).getByRole("button", { name: "Enviar" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Envío de reporte" })).getByRole("button", { name: "Confirmar" }));
    expect(
      await screen.findByText("No se han encontrado datos para el rango y la temporada seleccionados", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
