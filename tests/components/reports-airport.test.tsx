/**
 * Reportes read the airport chosen in the top bar (issue 37 items 3 and 5): with JFK chosen, the
 * report, its send settings and the send are JFK's, the send modal says JFK, and LOCAL times are
 * New York's; choosing MEX again asks for MEX's report.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { buildReport, REPORT_LABELS } from "../../src/domain/reports";
import type { components } from "../../src/generated/openapi";
import { renderApp, signInAs, USERS } from "./helpers";
import { http, server } from "./msw";
import { TURNOVER_DAY, turnoverRow } from "./turnoverRows";

type Airport = components["schemas"]["Airport"];
type ReportTemplate = components["schemas"]["ReportTemplate"];
type ReportDownloadRequest = components["schemas"]["ReportDownloadRequest"];

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

const MATCHES = [turnoverRow({ id: 1, real_difference: 25, flight_real: `${TURNOVER_DAY}T03:55:00.000Z` })];

function serve() {
  signInAs("Slot");
  const calls = { reports: [] as string[], templates: [] as string[], sends: [] as ReportDownloadRequest[] };
  let preferences = { turnover_hidden_columns: [] as string[], airport: "JFK" as string | null, version: 1 };
  const template = (reportName: ReportTemplate["report_name"], code: string): ReportTemplate => ({
    report_name: reportName,
    airport: code,
    saved: true,
    frequency: 1,
    schedule: ["06:00"],
    timezone: "local",
    send_to: 7,
    send_to_email: `estacion.${code.toLowerCase()}@aerolinea.example`,
    send_to_name: `Estación ${code}`,
    updated_at: null,
    updated_by: null,
    next_run: null,
    version: 1,
  });
  server.use(
    http.get("/api/airport-list/", ({ response }) =>
      response(200).json([airport(2, "MEX", "Ciudad de México", "America/Mexico_City"), airport(43, "JFK", "Nueva York", "America/New_York")]),
    ),
    http.get("/api/account/preferences/", ({ response }) => response(200).json(preferences)),
    http.put("/api/account/preferences/", async ({ request, response }) => {
      const body = await request.json();
      preferences = { turnover_hidden_columns: body.turnover_hidden_columns, airport: body.airport ?? preferences.airport, version: body.version + 1 };
      return response(200).json(preferences);
    }),
    http.get("/api/reports/{type}/get_report/", ({ params, request, response }) => {
      calls.reports.push(`${params.type}${new URL(request.url).search}`);
      return response(200).json({
        type: params.type,
        name: REPORT_LABELS[params.type],
        season: null,
        start: TURNOVER_DAY,
        end: TURNOVER_DAY,
        timezone: "local",
        updated_at: new Date().toISOString(),
        ...buildReport(params.type, MATCHES, { zone: "UTC" }, { added: [] }),
      });
    }),
    http.get("/api/reports/report_template/", ({ query, response }) => {
      const code = query.get("airport") ?? "MEX";
      calls.templates.push(code);
      return response(200).json(template("full_delays", code));
    }),
    http.post("/api/reports/{type}/send_report/", async ({ params, request, response }) => {
      const body = await request.json();
      calls.sends.push(body);
      return response(200).json({
        id: 1,
        report_name: params.type,
        airport: body.airport ?? "MEX",
        trigger: "manual",
        requested_by: USERS.Slot.email,
        scheduled_for: null,
        started_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        range_start: body.start,
        range_end: body.end,
        timezone: "local",
        to: ["estacion.jfk@aerolinea.example"],
        cc: [],
        file_name: "DEMORAS COMPLETAS JFK 10 nov.xlsx",
        status: "sent",
        detail: "250 OK",
        outbox_id: 1,
      });
    }),
    http.get("/api/contact-list", ({ response }) => response(200).json([])),
  );
  localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
  localStorage.setItem("time_zone", "local");
  return calls;
}

afterEach(() => {
  localStorage.removeItem("range");
  localStorage.removeItem("time_zone");
});

describe("Reportes of the chosen airport", () => {
  // A whole flow (read, send, pick again) on a shared machine.
  it("asks for JFK's report and send settings, sends JFK's, and asks for MEX's once MEX is chosen", async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderApp("/reports");
    // The view's code loads on first visit: slow on a shared machine.
    expect(await screen.findByRole("heading", { name: "Reportes", level: 1 }, { timeout: 60_000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.reports.some((call) => call.includes("airport=JFK"))).toBe(true));
    expect(calls.reports.every((call) => call.includes("airport=JFK"))).toBe(true);
    await user.click(screen.getByRole("tab", { name: "D. completas" }));
    await waitFor(() => expect(calls.templates).toContain("JFK"));
    expect(calls.templates).not.toContain("MEX");

    // The send modal names the airport it sends, and the send carries it.
    const send = await screen.findByRole("button", { name: "Enviar reporte" });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    const modal = await screen.findByRole("dialog", { name: "Confirmación de envío de reporte" });
    expect(within(modal).getByLabelText("Aeropuerto")).toHaveTextContent("JFK");
    expect(within(modal).getByLabelText("Enviar a")).toHaveTextContent("estacion.jfk@aerolinea.example");
    await user.click(within(modal).getByRole("checkbox", { name: "He revisado y confirmo el envío del reporte" }));
    await user.click(within(modal).getByRole("button", { name: "Enviar" }));
    const confirm = await screen.findByRole("dialog", { name: "Envío de reporte" });
    await user.click(within(confirm).getByRole("button", { name: "Confirmar" }));
    await screen.findByText("Reporte enviado con éxito", {}, { timeout: 5000 });
    expect(calls.sends).toHaveLength(1);
    expect(calls.sends[0]?.airport).toBe("JFK");

    const picker = await screen.findByRole("combobox", { name: "Aeropuerto" });
    await user.click(picker);
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: /MEX/ }));
    await waitFor(() => expect(calls.reports.some((call) => call.startsWith("full_delays") && call.includes("airport=MEX"))).toBe(true));
    await waitFor(() => expect(calls.templates).toContain("MEX"));
  }, 120_000);
});
