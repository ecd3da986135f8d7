/**
 * The Bitácora's new-request form, files and offers against msw handlers typed from the contract
 * (seed 002 §4, §5, §8; issue 12 items 2, 3, 6): the type first ('Selecciona el tipo de
 * solicitud'), the txt analysed to fill the form, every validation message of seed 002 §5, the
 * reference checked on blur, 'Cambios sin guardar'; a part's files uploaded and deleted with the
 * seed's confirmation and toasts; an offer answered by Slot, not by Seguimiento.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { currentSeason, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";
import { useNodeForms } from "./nodeForms";

type LogbookRow = components["schemas"]["LogbookRow"];
type LogbookPart = components["schemas"]["LogbookPart"];
type LogbookLine = components["schemas"]["LogbookLine"];

const ROW: LogbookRow = {
  id: 2,
  reference: 9,
  airport: "MEX",
  type: 4,
  parts: [20],
  request_date: "2026-11-03T18:30:00.000Z",
  response_date: "2026-11-05T18:30:00.000Z",
  commentary: null,
  tracing: null,
  responsible: "Bruno Díaz",
  delay_code: null,
  is_request_text: true,
  is_response_text: true,
  is_request_pdf: false,
  is_response_pdf: false,
  version: 1,
};

const LINE: LogbookLine = {
  id: 7,
  slot_id: 11,
  actual: "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
  request: "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J",
  response: "U",
  offers: ["OVB1102 12JAN12JAN 0200000 180320 CUN1330 J", "OVB1102 12JAN12JAN 0200000 180320 CUN1400 J"],
  offers_deadline: "2099-11-30",
  offer_answer: null,
  offer_answer_request_id: null,
};

const part = (overrides: Partial<LogbookPart> = {}): LogbookPart => ({
  id: 20,
  request_id: 2,
  season: currentSeason(),
  reference: 9,
  part: 1,
  airport: "MEX",
  type: 4,
  request_date: "2026-11-03T18:30:00.000Z",
  response_date: "2026-11-05T18:30:00.000Z",
  responsible: "Bruno Díaz",
  commentary: null,
  tracing: null,
  si: "IF NOT AVBL PLS OFFER NEAREST",
  gi: "SALUDOS/B. DIAZ",
  request_text: "SCR\nW26\n03NOV\nMEX",
  response_text: "SCR\nW26\n05NOV\nMEX",
  is_request_text: true,
  is_response_text: true,
  is_request_pdf: false,
  is_response_pdf: false,
  lines: [LINE],
  version: 1,
  ...overrides,
});

function serve(current: { part: LogbookPart }) {
  server.use(
    http.get("/api/seasons/", ({ query, response }) => {
      const id = query.get("id");
      const all = [currentSeason(), ...SEASONS];
      return response(200).json(id ? all.filter((season) => String(season.id) === id) : all);
    }),
    http.get("/api/logbook/", ({ response }) => response(200).json([ROW])),
    http.get("/api/logbook/offers/", ({ response }) => response(200).json([])),
    http.get("/api/logbook/{id}", ({ response }) => response(200).json(current.part)),
  );
}

useNodeForms();

const bodyRows = () => screen.getAllByRole("row").filter((tr) => tr.closest("tbody"));
const REQUEST_TXT = "SCR\nW26\n20NOV\nMEX\nCVB1102 12JAN12JAN 0200000 180320 CUN1310 J\nRVB1102 12JAN12JAN 0200000 180320 CUN1340 J\nGI SALUDOS";

describe("the new-request form", () => {
  it("asks for the type first, fills the form from the txt, checks the reference on blur and says every §5 message", async () => {
    signInAs("Slot");
    serve({ part: part() });
    const created: Array<Record<string, string>> = [];
    server.use(
      http.post("/api/slots/log_request/analyze_request_file/", ({ response }) =>
        response(200).json({
          lines: [{ actual: "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", request: "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J" }],
          date: "2026-11-20",
          si: "IF NOT AVBL PLS OFFER NEAREST",
          gi: "SALUDOS/B. DIAZ",
          reference: 9,
          part_number: 2,
          airport: "MEX",
          season: "W26",
        }),
      ),
      http.get("/api/logbook/references/check_availability/", ({ query, response }) =>
        response(200).json({ is_available: query.get("reference") !== "9", recommended_reference: 12 }),
      ),
      http.post("/api/logbook/", async ({ request, response }) => {
        const form = await request.formData();
        created.push(Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name])));
        return response(201).json({ id: 3, part_id: 30, reference: 12, part: 2, lines: 1, slots_found: 1 });
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "Nueva solicitud" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitud · Nueva solicitud" });

    const fileInput = within(dialog).getByLabelText("Archivo de solicitud (.txt)");
    expect(fileInput).toBeDisabled();
    expect(within(dialog).getAllByRole("button", { name: "Seleccionar archivo" })[0]).toBeDisabled();
    await user.hover(fileInput.parentElement as HTMLElement);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Selecciona el tipo de solicitud");
    expect(within(dialog).getByRole("textbox", { name: "Aeropuerto" })).toHaveValue("MEX");
    expect(within(dialog).getByRole("textbox", { name: "Aeropuerto" })).toBeDisabled();

    await user.click(within(dialog).getByRole("combobox", { name: "Tipo de solicitud" }));
    await user.click(await screen.findByRole("option", { name: "Modificación" }));
    expect(fileInput).toBeEnabled();
    await user.upload(fileInput, new File([REQUEST_TXT], "VIVW26009-2.txt", { type: "text/plain" }));

    const reference = within(dialog).getByRole("textbox", { name: "Referencia" });
    await waitFor(() => expect(reference).toHaveValue("9"));
    expect(within(dialog).getByRole("textbox", { name: "Parte" })).toHaveValue("2");
    expect(within(dialog).getByRole("textbox", { name: "S.I." })).toHaveValue("IF NOT AVBL PLS OFFER NEAREST");
    expect(within(dialog).getByText("RVB1102 12JAN12JAN 0200000 180320 CUN1340 J")).toBeInTheDocument();
    expect(await within(dialog).findByText("Referencia en uso, prueba con 12")).toBeInTheDocument();

    for (const [typed, message] of [
      ["0", "Este campo debe ser mayor a cero"],
      ["1.5", "Ingrese un número entero"],
      ["", "Este campo es obligatorio"],
    ] as const) {
      await user.clear(reference);
      if (typed) await user.type(reference, typed);
      await user.tab();
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.type(reference, "12");
    await user.tab();
    await waitFor(() => expect(within(dialog).queryByText("Este campo es obligatorio")).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información guardada con éxito")).toBeInTheDocument();
    expect(created).toEqual([
      {
        reference: "12",
        part_number: "2",
        season: String(currentSeason().id),
        date: "2026-11-20",
        airport: "MEX",
        type: "4",
        responsible: "2",
        si: "IF NOT AVBL PLS OFFER NEAREST",
        gi: "SALUDOS/B. DIAZ",
        request_file: "VIVW26009-2.txt",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Solicitud · Nueva solicitud" })).not.toBeInTheDocument());
  });

  it("shows what the reader assumed to read the txt once the form is filled", async () => {
    signInAs("Slot");
    serve({ part: part() });
    const line = "NVB1301 07DEC13DEC 1000000 180320 MTY1000 J";
    const message =
      "Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (13DEC, domingo) no es un día de operación; la última operación es el 07DEC";
    server.use(
      http.post("/api/slots/log_request/analyze_request_file/", ({ response }) =>
        response(200).json({
          lines: [{ actual: null, request: line }],
          date: "2026-11-20",
          si: "",
          gi: "SALUDOS",
          reference: 12,
          part_number: 1,
          airport: "MEX",
          season: "W26",
          warnings: [{ line: 6, column: 14, text: line, severity: "aviso", message }],
        }),
      ),
      http.get("/api/logbook/references/check_availability/", ({ response }) => response(200).json({ is_available: true, recommended_reference: 12 })),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "Nueva solicitud" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitud · Nueva solicitud" });
    await user.click(within(dialog).getByRole("combobox", { name: "Tipo de solicitud" }));
    await user.click(await screen.findByRole("option", { name: "Alta" }));
    await user.upload(within(dialog).getByLabelText("Archivo de solicitud (.txt)"), new File([line], "VIVW26012.txt", { type: "text/plain" }));

    const warnings = await within(dialog).findByRole("list", { name: "Avisos de lectura (1)" });
    expect(within(warnings).getByText("Línea 6, columna 14")).toBeInTheDocument();
    expect(within(warnings).getByText(message)).toBeInTheDocument();
    expect(within(warnings).getByText(line)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Referencia" })).toHaveValue("12"));
  });

  it("names what the analysis refused, and asks before closing with unsaved changes", async () => {
    signInAs("Seguimiento");
    serve({ part: part() });
    server.use(
      http.post("/api/slots/log_request/analyze_request_file/", ({ response }) =>
        response(400).json({ message: "«malo.txt», línea 6, columna 38: Hora de llegada '2540' no válida: HHMM entre 0000 y 2359" }),
      ),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "Nueva solicitud" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitud · Nueva solicitud" });
    await user.click(within(dialog).getByRole("combobox", { name: "Tipo de solicitud" }));
    // Seguimiento records only altas (seed 000 §6).
    expect(await screen.findByRole("option", { name: "Modificación" })).toHaveAttribute("aria-disabled", "true");
    await user.click(screen.getByRole("option", { name: "Alta" }));
    await user.upload(within(dialog).getByLabelText("Archivo de solicitud (.txt)"), new File(["SCR"], "malo.txt", { type: "text/plain" }));
    expect(await screen.findByText("Ha ocurrido un error al subir el archivo")).toBeInTheDocument();
    expect(within(dialog).getByText(/«malo\.txt», línea 6, columna 38/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(within(dialog).getAllByText("Este campo es obligatorio").length).toBeGreaterThan(0);

    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    const confirm = await screen.findByRole("dialog", { name: "Cambios sin guardar" });
    await user.click(within(confirm).getByRole("button", { name: "Cerrar sin guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Solicitud · Nueva solicitud" })).not.toBeInTheDocument());
  });
});

describe("a part's files and offers in the viewer", () => {
  it("uploads and deletes the request PDF with the seed's confirmation and toasts; the response txt is only downloaded", async () => {
    signInAs("Seguimiento");
    const current = { part: part() };
    serve(current);
    const calls: string[] = [];
    server.use(
      http.post("/api/logbook/files/{id}/", async ({ request, response }) => {
        const form = await request.formData();
        calls.push(`upload ${String(form.get("is_request"))} ${String(form.get("is_text_file"))}`);
        current.part = part({ is_request_pdf: true });
        return response(201).json({ is_request_text: true, is_response_text: true, is_request_pdf: true, is_response_pdf: false });
      }),
      http.delete("/api/logbook/files/{id}/", ({ query, response }) => {
        calls.push(`delete ${query.get("is_request")} ${query.get("is_text_file")}`);
        current.part = part();
        return response(200).json({ is_request_text: true, is_response_text: true, is_request_pdf: false, is_response_pdf: false });
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Modificación"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    const responseText = await within(dialog).findByRole("group", { name: "Respuesta (txt)" });
    expect(within(responseText).getByRole("button", { name: "Descargar" })).toBeInTheDocument();
    expect(within(responseText).queryByRole("button", { name: "Eliminar" })).not.toBeInTheDocument();

    const pdfGroup = within(dialog).getByRole("group", { name: "Oficio Solicitud (pdf)" });
    await user.upload(within(pdfGroup).getByLabelText("Subir Oficio Solicitud (pdf)"), new File(["%PDF-1.4"], "oficio.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Archivo subido con éxito")).toBeInTheDocument();
    await user.click(await within(pdfGroup).findByRole("button", { name: "Eliminar" }));
    const confirm = await screen.findByRole("dialog", { name: "Eliminar Oficio Solicitud (pdf)" });
    expect(confirm).toHaveTextContent("Este archivo será eliminado de manera permanente ¿Desea continuar de todas formas?");
    await user.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText("Archivo eliminado con éxito")).toBeInTheDocument();
    expect(calls).toEqual(["upload true false", "delete true false"]);
  });

  it("shows the offers with their deadline; Slot accepts one, Seguimiento only reads them", async () => {
    signInAs("Slot");
    const current = { part: part() };
    serve(current);
    const answers: unknown[] = [];
    server.use(
      http.post("/api/logbook/lines/{id}/offer_answer/", async ({ request, response }) => {
        answers.push(await request.json());
        const line = { ...LINE, offer_answer: "A" as const, offer_answer_request_id: 40 };
        current.part = part({ lines: [line] });
        return response(200).json({ line, reference: 10, logbook_id: 40, text: "SCR", mail_status: "sent" });
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Modificación"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    expect(await within(dialog).findByText("OVB1102 12JAN12JAN 0200000 180320 CUN1400 J")).toBeInTheDocument();
    expect(within(dialog).getByText("Responder antes del 30/11/2099")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Aceptar Oferta 2" }));
    const confirm = await screen.findByRole("dialog", { name: "Responder la oferta" });
    expect(confirm).toHaveTextContent("Se enviará al coordinador la aceptación (A) de la oferta 2. ¿Desea continuar?");
    await user.click(within(confirm).getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Respuesta enviada al coordinador con la referencia 10")).toBeInTheDocument();
    expect(answers).toEqual([{ answer: "A", offer: 1 }]);
    expect(await within(dialog).findByText(/^Respondida: A · aceptada/)).toBeInTheDocument();
  });

  it("Seguimiento sees the offers without the answer buttons", async () => {
    signInAs("Seguimiento");
    serve({ part: part() });
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Modificación"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    expect(await within(dialog).findByText("OVB1102 12JAN12JAN 0200000 180320 CUN1330 J")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /^Aceptar/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /^Rechazar/ })).not.toBeInTheDocument();
  });

  it("lists the season's open offers above the table, with their deadline, and opens the part from one", async () => {
    signInAs("Seguimiento");
    const asked: number[] = [];
    serve({ part: part() });
    server.use(
      http.get("/api/logbook/offers/", ({ query, response }) => {
        asked.push(Number(query.get("season_id")));
        return response(200).json([
          {
            line_id: 7,
            part_id: 20,
            request_id: 2,
            reference: 9,
            part: 1,
            type: 4,
            actual: LINE.actual,
            request: LINE.request,
            response: "U",
            offers: LINE.offers,
            offers_deadline: "2020-01-03",
          },
        ]);
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    const section = await screen.findByRole("region", { name: "Ofertas abiertas" }, { timeout: 5000 });
    expect(await within(section).findByText("Referencia 9")).toBeInTheDocument();
    expect(within(section).getByText("Responder antes del 03/01/2020 · Vencida")).toBeInTheDocument();
    expect(asked).toContain(currentSeason().id);
    await user.click(within(section).getByText("Referencia 9"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    expect(await within(dialog).findByText("OVB1102 12JAN12JAN 0200000 180320 CUN1330 J")).toBeInTheDocument();
  });
});
