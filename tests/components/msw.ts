import { setupServer } from "msw/node";
import { createOpenApiHttp } from "openapi-msw";
import type { paths } from "../../src/generated/openapi";

/** Request handlers typed from the contract: paths, parameters, bodies and responses. */
export const http = createOpenApiHttp<paths>({ baseUrl: window.location.origin });

/**
 * The one mock server of the component tests; each test adds its handlers with `server.use`,
 * which take precedence over these defaults: the default view (Entrega de turno) loads rows and
 * a CSRF token whenever the shell renders, the drafts modal reads the drafts, seasons and
 * airports when it opens, and most tests are about something else.
 */
export const server = setupServer(
  http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
  http.post("/api/turnover/", ({ response }) => response(200).json([])),
  // Who is here (the top bar) and what a match viewer shows (issue 25 item 3).
  http.get("/api/live/presence/", ({ response }) => response(200).json([])),
  http.put("/api/live/viewing/", ({ response }) => response(204).empty()),
  // The person's own screen preferences (Entrega de turno's columns): the defaults.
  http.get("/api/account/preferences/", ({ response }) => response(200).json({ turnover_hidden_columns: [], version: 0 })),
  http.get("/api/user-list/", ({ response }) => response(200).json([])),
  http.get("/api/roles/", ({ response }) => response(200).json([])),
  // The drafts modal, opened from the Borradores menu: empty drafts until a test says otherwise.
  http.get("/api/turnover/drafts/", ({ response }) =>
    response(200).json({
      new_slot_data: { season: null, form: {}, list: [] },
      modification_data: { season: null, ids: [], action: 5, encoded: [] },
      cancellation_data: { season: null, ids: [] },
    }),
  ),
  http.get("/api/seasons/", ({ response }) => response(200).json([])),
  http.get("/api/airport-list/", ({ response }) => response(200).json([])),
  // The airline setting the drafts editor and the reference upload name flights and files with.
  http.get("/api/list-settings/", ({ response }) =>
    response(200).json([{ id: 3, name: "airline", value: { iata: "VB", icao: "VIV", other_designators: [] }, version: 1 }]),
  ),
  // The SCR send view: the coordinator's address is set and e-mail goes out by SMTP.
  http.get("/api/turnover/requests/send_status/", ({ response }) =>
    response(200).json({ coordinator_email: "coordinacion@slots-mex.example", mail_delivery: "smtp" }),
  ),
  // Bitácora, opened by the shell's menu tests: no requests yet.
  http.get("/api/logbook/", ({ response }) => response(200).json([])),
  // Reportes, opened by the shell's view-switch tests: no data for the range.
  http.get("/api/reports/{type}/get_report/", ({ response }) =>
    response(404).json({ message: "No se han encontrado datos para el rango y la temporada seleccionados" }),
  ),
);
