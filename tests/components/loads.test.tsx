/**
 * Cargas de datos (issue 22 item 5): the upload form generated from the contract, the preview
 * with its counts, dates and problems by line (the line's text shown), the load that leaves the
 * lines in error out only when the person confirms it (skip_errors), the refusals in Spanish,
 * and the history with who loaded what.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
// The view is lazy-loaded; loading it with this file keeps that one-time cost (rjsf and its
// validator under jsdom) out of the first test's timeouts.
import "../../src/custom-views/loads/DataLoadsView";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";

type DataLoad = components["schemas"]["DataLoad"];
type DataLoadPreview = components["schemas"]["DataLoadPreview"];
type DataLoadRequest = components["schemas"]["DataLoadRequest"];

const GOOD = "3 VB  9000101J01DEC2614DEC261234567 MEX07000700-0600  CUN09550955-0500  320";
const BAD = "3 VB  9400101J01DEC2607DEC261234567 M X15001500-0600  GDL16151615-0600  320";
const FILE_TEXT = `${GOOD}\r\n${BAD}\r\n`;

const PREVIEW: DataLoadPreview = {
  kind: "schedule",
  file_name: "invierno.ssim",
  counts: { lines: 2, new: 14, changed: 0, unchanged: 0, skipped: 1, pending: 0 },
  rematch_dates: ["2026-12-01", "2026-12-02", "2026-12-03"],
  problems: [
    { line: 1, column: 38, text: GOOD, severity: "aviso", message: "Se asumió llegada al día siguiente: la variación de fecha está vacía" },
    { line: 1, column: 120, text: GOOD, severity: "aviso", message: "Se ignoró el registro 4" },
    { line: 2, column: 37, text: BAD, severity: "error", message: "La estación de salida «M X» no es un código IATA" },
  ],
  warnings: 2,
  errors: 1,
  loadable: true,
  changes: { items: [], total: 0, truncated: false },
};

const FEED_LOAD: DataLoad = {
  id: 1,
  kind: "flights",
  source: "feed",
  file_name: "aims-20261125.csv",
  status: "refused",
  loaded_at: "2026-11-25T18:05:00Z",
  loaded_by: null,
  counts: { lines: 0, new: 0, changed: 0, unchanged: 0, skipped: 0, pending: 0 },
  rematch_dates: [],
  warnings: 0,
  errors: 0,
  message: "aims-20261125.csv: El archivo está vacío.",
  problems: [],
};

const APPLIED: DataLoad = {
  id: 2,
  kind: "schedule",
  source: "web",
  file_name: "invierno.ssim",
  status: "applied",
  loaded_at: "2026-11-26T15:30:00Z",
  loaded_by: "Bruno Díaz",
  counts: { lines: 2, new: 14, changed: 0, unchanged: 0, skipped: 1, pending: 0 },
  rematch_dates: PREVIEW.rematch_dates,
  warnings: 2,
  errors: 1,
  message: null,
  problems: PREVIEW.problems,
};

/** The server as the view sees it: the history, the preview and the apply, recording what was sent. */
function serve(preview: DataLoadPreview = PREVIEW, applyAnswer: "ok" | "refused" = "ok") {
  const sent: { preview: DataLoadRequest[]; apply: DataLoadRequest[] } = { preview: [], apply: [] };
  let history: DataLoad[] = [FEED_LOAD];
  server.use(
    http.get("/api/loads/", ({ response }) => response(200).json(history)),
    http.post("/api/loads/preview/", async ({ request, response }) => {
      sent.preview.push(await request.json());
      return response(200).json(preview);
    }),
    http.post("/api/loads/", async ({ request, response }) => {
      sent.apply.push(await request.json());
      if (applyAnswer === "refused") {
        return response(400).json({
          message: "invierno.ssim: la línea 2 tiene un error; no se cargó nada.",
          errors: [{ line: 2, column: 37, message: "La estación de salida «M X» no es un código IATA" }],
        });
      }
      history = [APPLIED, ...history];
      return response(200).json(APPLIED);
    }),
  );
  return sent;
}

async function open() {
  signInAs("Slot");
  renderApp("/loads");
  await findHeading("Cargas de datos");
  return userEvent.setup();
}

const ssim = (text = FILE_TEXT, name = "invierno.ssim") => new File([text], name);

async function previewFile(user: ReturnType<typeof userEvent.setup>, file = ssim()) {
  await user.upload(screen.getByLabelText(/^Archivo/), file);
  // rjsf reads the file asynchronously, then names it under the field.
  expect(await screen.findByText(file.name)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Vista previa" }));
  return screen.findByRole("region", { name: `Vista previa de ${PREVIEW.file_name}` });
}

describe("Cargas de datos", () => {
  it("previews a file with warnings and an error by line, loads it leaving that line out when confirmed, and lists the load", async () => {
    const sent = serve();
    const user = await open();
    // The history: a feed file that could not be loaded, with its reason.
    const history = await screen.findByRole("table", { name: "Historial de cargas" });
    const feedRow = within(history).getByRole("row", { name: /aims-20261125\.csv/ });
    expect(feedRow).toHaveTextContent("25/11/2026 12:05");
    // Its origin said once, not again as its user (issue 36, texts).
    expect(feedRow.textContent?.split("Carpeta de cargas")).toHaveLength(2);
    expect(feedRow).toHaveTextContent("Vuelos (CSV)");
    expect(feedRow).toHaveTextContent("Rechazado");
    expect(feedRow).toHaveTextContent("El archivo está vacío.");
    expect(within(feedRow).queryByRole("button", { name: /líneas omitidas/ })).not.toBeInTheDocument();

    const preview = await previewFile(user);
    expect(sent.preview).toEqual([{ kind: "schedule", file_name: "invierno.ssim", content: FILE_TEXT, skip_errors: false }]);
    expect(within(preview).getByLabelText("Nuevos")).toHaveTextContent("14");
    expect(within(preview).getByLabelText("Omitidos")).toHaveTextContent("1");
    expect(within(preview).getByLabelText("Fechas que se volverán a emparejar")).toHaveTextContent("01/12/2026 – 03/12/2026 (3 fechas)");
    expect(within(preview).getByText("2 avisos")).toBeInTheDocument();
    expect(within(preview).getByText("1 línea con error")).toBeInTheDocument();
    const problems = within(preview).getByRole("table", { name: "Avisos y errores por línea" });
    const errorRow = within(problems).getByRole("row", { name: /no es un código IATA/ });
    expect(within(errorRow).getByText("Error")).toBeInTheDocument();
    const cells = within(errorRow).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("2");
    expect(cells[1]).toHaveTextContent("37");
    // The line's text as written, its spaces kept (the columns are what the message is about).
    expect(cells[4]?.textContent).toBe(BAD);
    expect(within(problems).getAllByText("Aviso")).toHaveLength(2);
    expect(sent.apply).toEqual([]);

    await user.click(within(preview).getByRole("button", { name: "Cargar 1 línea y omitir 1 con error" }));
    expect(await screen.findByText("Carga aplicada: 14 nuevos, 0 modificados, 0 sin cambios, 1 omitido.")).toBeInTheDocument();
    expect(sent.apply).toEqual([{ kind: "schedule", file_name: "invierno.ssim", content: FILE_TEXT, skip_errors: true }]);
    expect(screen.queryByRole("region", { name: /Vista previa de/ })).not.toBeInTheDocument();

    // The history is asked again and lists the load, its user and its left-out lines.
    const row = await within(history).findByRole("row", { name: /Bruno Díaz/ });
    expect(row).toHaveTextContent("invierno.ssim");
    expect(row).toHaveTextContent("Navegador");
    // Loaded with a line left out: not the green "Cargado" of a clean load (issue 36 item 11).
    expect(within(row).getByText("Cargado, 1 línea omitida").closest(".MuiChip-root")).toHaveClass("MuiChip-colorWarning");
    expect(within(row).getByRole("button", { name: "Descargar invierno.ssim" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Descargar las líneas omitidas de invierno.ssim" })).toBeInTheDocument();
  });

  it("shows a re-dropped feed file as 'Sin cambios' naming the first load, and a refused one's left-out lines", async () => {
    const refused: DataLoad = {
      ...FEED_LOAD,
      id: 3,
      file_name: "comas.csv",
      errors: 1,
      counts: { ...FEED_LOAD.counts, skipped: 1 },
      message: "comas.csv: ninguna línea del archivo se puede cargar (línea 1, columna 1: El separador de columnas debe ser el punto y coma (;), no la coma).",
    };
    const unchanged: DataLoad = { ...FEED_LOAD, id: 5, kind: "schedule", file_name: "itinerario.ssim", status: "unchanged", message: "sin cambios: ya cargado el 24/11 06:00 (carga 4)" };
    server.use(http.get("/api/loads/", ({ response }) => response(200).json([unchanged, refused])));
    await open();
    const history = await screen.findByRole("table", { name: "Historial de cargas" });
    const again = within(history).getByRole("row", { name: /itinerario\.ssim/ });
    expect(within(again).getByText("Sin cambios")).toBeInTheDocument();
    expect(again).toHaveTextContent("sin cambios: ya cargado el 24/11 06:00 (carga 4)");
    expect(again).not.toHaveTextContent("Rechazado");
    const comas = within(history).getByRole("row", { name: /comas\.csv/ });
    expect(comas).toHaveTextContent("Rechazado");
    expect(comas).toHaveTextContent("línea 1, columna 1: El separador de columnas debe ser el punto y coma (;)");
    expect(within(comas).getByRole("button", { name: "Descargar las líneas omitidas de comas.csv" })).toBeInTheDocument();
  });

  it("says 'Cargar' for a clean file, sends flights when chosen, and Cancelar discards the preview", async () => {
    const clean: DataLoadPreview = { ...PREVIEW, kind: "flights", counts: { ...PREVIEW.counts, skipped: 0, pending: 0 }, problems: [], warnings: 0, errors: 0 };
    const sent = serve(clean);
    const user = await open();
    await user.click(screen.getByRole("combobox", { name: /Tipo de archivo/ }));
    await user.click(await screen.findByRole("option", { name: "Vuelos operados (CSV)" }));
    const preview = await previewFile(user, ssim("flight_number;date\n", "invierno.ssim"));
    expect(sent.preview[0]?.kind).toBe("flights");
    expect(within(preview).getByText("El archivo se leyó sin avisos ni errores.")).toBeInTheDocument();
    expect(within(preview).getByRole("button", { name: "Cargar" })).toBeEnabled();
    await user.click(within(preview).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /Vista previa de/ })).not.toBeInTheDocument());
    expect(sent.apply).toEqual([]);
  });

  it("offers no load button when nothing in the file can be loaded, and says why (another airline's file)", async () => {
    const reason = "Los 431 tramos de MEX son de la aerolínea XX; la aerolínea configurada es VB (VIV) — Ajustes. Revise el archivo o la aerolínea en Ajustes.";
    const nothing: DataLoadPreview = {
      ...PREVIEW,
      counts: { lines: 546, new: 0, changed: 0, unchanged: 0, skipped: 1, pending: 0 },
      rematch_dates: [],
      problems: [{ line: 1, column: 1, text: GOOD, severity: "error", message: reason }],
      warnings: 0,
      errors: 1,
      loadable: false,
    };
    serve(nothing);
    const user = await open();
    const preview = await previewFile(user);
    expect(within(preview).getByText(`Nada de este archivo se puede cargar. ${reason}`)).toBeInTheDocument();
    expect(within(preview).queryByRole("button", { name: /^Cargar/ })).not.toBeInTheDocument();
    expect(within(preview).getByRole("button", { name: "Cancelar" })).toBeEnabled();
    expect(within(preview).getByLabelText("Fechas que se volverán a emparejar")).toHaveTextContent("Ninguna");
  });

  it("lists which flights would change, before → after, and the search narrows them by flight, date or field (issue 36 item 11)", async () => {
    const changed: DataLoadPreview = {
      ...PREVIEW,
      counts: { ...PREVIEW.counts, new: 1, changed: 1 },
      changes: {
        total: 7_500,
        truncated: true,
        items: [
          { flight: "VB950", date: "2026-12-10", field: "Salida programada", before: "10/12/2026 08:00", after: "10/12/2026 09:00" },
          { flight: "VB950", date: "2026-12-10", field: "Matrícula", before: "XA-VBA", after: "XA-VBC" },
          { flight: "VB1204", date: "2026-12-11", field: "Nuevo vuelo", before: "—", after: "MEX→CUN 11/12/2026 07:00" },
        ],
      },
    };
    serve(changed);
    const user = await open();
    const preview = await previewFile(user);
    const table = within(preview).getByRole("table", { name: "Vuelos que cambiarían" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Vuelo", "Fecha", "Campo", "Antes → Después"]);
    const rows = () => within(table).getAllByRole("row").slice(1);
    expect(rows()).toHaveLength(3);
    const matricula = within(table).getByRole("row", { name: /Matrícula/ });
    expect(within(matricula).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["VB950", "10/12/2026", "Matrícula", "XA-VBA → XA-VBC"]);
    expect(within(preview).getByText("Se muestran los primeros 3 de 7,500 cambios.")).toBeInTheDocument();

    const search = within(preview).getByRole("textbox", { name: "Buscar vuelo…" });
    await user.type(search, "vb1204");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent("Nuevo vuelo");
    await user.clear(search);
    await user.type(search, "matricula");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent("XA-VBA → XA-VBC");
    await user.clear(search);
    await user.type(search, "10/12");
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.type(search, "x");
    expect(await within(preview).findByText("Ningún cambio coincide con la búsqueda.")).toBeInTheDocument();
  });

  it("speaks of messages for an MVT file: messages read, loaded and left out, each in the right number", async () => {
    const mvt: DataLoadPreview = {
      ...PREVIEW,
      kind: "mvt",
      counts: { lines: 7, new: 0, changed: 5, unchanged: 0, skipped: 1, pending: 1 },
      problems: [{ line: 9, column: 1, text: "AD1015/1075", severity: "error", message: "Hora '1075' fuera de 0000–2359" }],
      warnings: 0,
      errors: 1,
    };
    serve(mvt);
    const user = await open();
    const preview = await previewFile(user);
    expect(within(preview).getByLabelText("Mensajes leídos")).toHaveTextContent("7");
    expect(within(preview).queryByLabelText("Líneas leídas")).not.toBeInTheDocument();
    expect(within(preview).getByRole("button", { name: "Cargar 6 mensajes y omitir 1 mensaje" })).toBeEnabled();
  });

  it("shows a refusal in Spanish with the file's lines, never the raw answer", async () => {
    serve(PREVIEW, "refused");
    const user = await open();
    const preview = await previewFile(user);
    await user.click(within(preview).getByRole("button", { name: "Cargar 1 línea y omitir 1 con error" }));
    const alert = await screen.findByText("invierno.ssim: la línea 2 tiene un error; no se cargó nada.");
    expect(alert.closest("[role=alert]")).toHaveTextContent("Línea 2, columna 37: La estación de salida «M X» no es un código IATA");
    expect(document.body.textContent).not.toContain('"message"');
    // The preview stays, so the person can try again or cancel.
    expect(screen.getByRole("region", { name: /Vista previa de/ })).toBeInTheDocument();
  });

  it("shows the flights per airport when the file has flights at two active airports (issue 37), and no such table for one", async () => {
    const twoAirports: DataLoadPreview = {
      ...PREVIEW,
      airports: [
        { airport: "CUN", flights: 28, new: 28, changed: 0, unchanged: 0 },
        { airport: "MEX", flights: 60, new: 58, changed: 2, unchanged: 0 },
      ],
    };
    serve(twoAirports);
    const user = await open();
    const preview = await previewFile(user);
    const table = within(preview).getByRole("table", { name: "Vuelos por aeropuerto" });
    const rows = within(table).getAllByRole("row").map((row) => row.textContent);
    // The airport chosen in the top bar (MEX, the default) first and marked (issue 37).
    expect(rows).toEqual(["AeropuertoVuelosNuevosModificadosSin cambios", "MEX (el elegido)605820", "CUN282800"]);
  });

  it("shows no per-airport table when every flight is at one airport", async () => {
    serve({ ...PREVIEW, airports: [{ airport: "MEX", flights: 14, new: 14, changed: 0, unchanged: 0 }] });
    const user = await open();
    const preview = await previewFile(user);
    expect(within(preview).queryByRole("table", { name: "Vuelos por aeropuerto" })).not.toBeInTheDocument();
  });

  it("asks for a file before previewing", async () => {
    const sent = serve();
    const user = await open();
    await user.click(screen.getByRole("button", { name: "Vista previa" }));
    expect(await screen.findByText("Seleccione un archivo")).toBeInTheDocument();
    expect(sent.preview).toEqual([]);
  });
});
