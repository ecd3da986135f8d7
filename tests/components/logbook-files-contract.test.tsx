/**
 * The Bitácora's uploads follow the contract (issue 38 item 4). The part's file groups
 * (LogbookFilesForm): with the request letter's `maxLength` changed in the schema, a PDF the
 * contract used to take is refused with the Spanish message naming the new limit and nothing is
 * sent; one within it is uploaded; a file off the field's pattern gets the contract's help. The
 * request recorded by hand (LogbookRecordForm): with the txt's `maxLength` changed, a file over it
 * is refused under its button and not analysed; one within it is analysed.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { components } from "../../src/generated/openapi";
import { currentSeason, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";
import { useNodeForms } from "./nodeForms";

/** The contract as a backend team could change it: the request's letter and txt limited to 400 characters (300 bytes). */
vi.mock("../../src/generated/forms", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generated/forms")>();
  const { withMaxLength } = await import("./support/changedForms");
  return {
    ...original,
    FORM_SCHEMAS: {
      ...original.FORM_SCHEMAS,
      LogbookFilesForm: withMaxLength(original.FORM_SCHEMAS.LogbookFilesForm, "request_pdf", 400),
      LogbookRecordForm: withMaxLength(original.FORM_SCHEMAS.LogbookRecordForm, "request_file", 400),
    },
  };
});
// The precompiled validator is the generated schema's: a changed schema is validated at run time.
vi.mock("../../src/client/schema/validator", async (importOriginal) => {
  const { runtimeValidatorModule } = await import("./support/changedForms");
  return runtimeValidatorModule(await importOriginal<typeof import("../../src/client/schema/validator")>());
});

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
const pdf = (name: string, bytes: number) => new File([`%PDF-1.4 ${"x".repeat(bytes - 9)}`], name, { type: "application/pdf" });

describe("the part's files follow the contract", () => {
  it("refuses a letter over the changed maxLength or off its pattern in Spanish, and uploads one within it", async () => {
    signInAs("Seguimiento");
    const current = { part: part() };
    serve(current);
    const uploads: string[] = [];
    server.use(
      http.post("/api/logbook/files/{id}/", async ({ request, response }) => {
        const form = await request.formData();
        const file = form.get("file");
        uploads.push(file !== null && typeof file !== "string" ? `${file.name}:${file.size}` : "");
        current.part = part({ is_request_pdf: true });
        return response(201).json({ is_request_text: true, is_response_text: true, is_request_pdf: true, is_response_pdf: false });
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup({ applyAccept: false });
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Modificación"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    const group = () => within(dialog).getByRole("group", { name: "Oficio Solicitud (pdf)" });
    await waitFor(() => expect(group()).toBeInTheDocument());

    await user.upload(within(group()).getByLabelText("Subir Oficio Solicitud (pdf)"), pdf("oficio.pdf", 400));
    expect(await screen.findByText("El archivo supera el límite de 300 bytes.")).toBeInTheDocument();
    await user.upload(within(group()).getByLabelText("Subir Oficio Solicitud (pdf)"), new File(["SCR"], "oficio.txt", { type: "text/plain" }));
    expect(await screen.findByText("El archivo debe ser .pdf")).toBeInTheDocument();
    expect(uploads).toEqual([]);

    await user.upload(within(group()).getByLabelText("Subir Oficio Solicitud (pdf)"), pdf("oficio.pdf", 100));
    expect(await screen.findByText("Archivo subido con éxito")).toBeInTheDocument();
    expect(uploads).toEqual(["oficio.pdf:100"]);
  });

  it("refuses a request txt over the changed maxLength under its button, without analysing it, and analyses one within it", async () => {
    signInAs("Slot");
    serve({ part: part() });
    const analysed: string[] = [];
    server.use(
      http.post("/api/slots/log_request/analyze_request_file/", async ({ request, response }) => {
        const file = (await request.formData()).get("request_file");
        analysed.push(file !== null && typeof file !== "string" ? file.name : "");
        return response(200).json({ lines: [{ actual: null, request: "NVB1301 07DEC13DEC 1000000 180320 MTY1000 J" }], date: "2026-11-20", si: "", gi: "", reference: 12, part_number: 1, airport: "MEX", season: "W26" });
      }),
      http.get("/api/logbook/references/check_availability/", ({ response }) => response(200).json({ is_available: true, recommended_reference: 12 })),
    );
    renderApp("/logbook");
    const user = userEvent.setup({ applyAccept: false });
    await waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "Nueva solicitud" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitud · Nueva solicitud" });
    await user.click(within(dialog).getByRole("combobox", { name: "Tipo de solicitud" }));
    await user.click(await screen.findByRole("option", { name: "Alta" }));

    const txt = (name: string, bytes: number) => new File([`SCR\n${"x".repeat(bytes - 4)}`], name, { type: "text/plain" });
    await user.upload(within(dialog).getByLabelText("Archivo de solicitud (.txt)"), txt("VIVW26012.txt", 400));
    expect(await within(dialog).findByText("El archivo supera el límite de 300 bytes.")).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText("Archivo de solicitud (.txt)"), txt("VIVW26012.csv", 100));
    expect(await within(dialog).findByText("El archivo de solicitud debe ser .txt")).toBeInTheDocument();
    // Neither file is chosen: the txt refused twice, the letter never chosen.
    expect(within(dialog).getAllByText("Ningún archivo seleccionado")).toHaveLength(2);
    expect(analysed).toEqual([]);

    await user.upload(within(dialog).getByLabelText("Archivo de solicitud (.txt)"), txt("VIVW26012.txt", 100));
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Referencia" })).toHaveValue("12"));
    expect(analysed).toEqual(["VIVW26012.txt"]);
    expect(within(dialog).queryByText("El archivo de solicitud debe ser .txt")).not.toBeInTheDocument();
  });
});
