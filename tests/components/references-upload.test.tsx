/**
 * Carga de referencias (seed 002 §2, §4, §5, §8; issue 12 item 4): the two .txt drop zones, the
 * main button's label by the loaded files, the preview summary with Cancelar / Continuar, the
 * compute call after Continuar with its success toast, the refusals in Spanish, and the question
 * to go on with the reply when the request fails.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";

/** jsdom's File and FormData cannot cross into Node's fetch (see season-upload.test.tsx). */
const jsdomClasses = { File: globalThis.File, Blob: globalThis.Blob, FormData: globalThis.FormData };
beforeEach(async () => {
  const nodeForm = await new Response(new URLSearchParams("a=b")).formData();
  Object.assign(globalThis, { File: NodeFile, Blob: NodeBlob, FormData: nodeForm.constructor });
});
afterEach(() => {
  Object.assign(globalThis, jsdomClasses);
});

type Sent = { kind: string; compute: string; name: string; version: string | null };

const REQUEST: components["schemas"]["ReferenceUploadRequestResult"] = {
  reference: 4, part: 1, type: 4, slots_found: 2, lines_created: 2, slots_updated: 2, total_lines: 4, slots_not_found: { total: 0, lines: [] },
};
const RESPONSE: components["schemas"]["ReferenceUploadResponseResult"] = {
  reference: 4, part: 1, type: 4, response_count: { total: 4, k: { normal: 1, diff_time: 1 }, u: 0, x: 2, w: 0, h: 0 }, slots_not_found: { total: 0, lines: [] },
};

function serve(requestAnswer: "ok" | "refused") {
  const sent: Sent[] = [];
  const record = async (kind: string, request: Request) => {
    const form = await request.formData();
    const file = form.get("file");
    sent.push({ kind, compute: String(form.get("compute")), name: typeof file === "string" || !file ? "" : file.name, version: request.headers.get("X-API-Version") });
  };
  server.use(
    http.post("/references/request/compute/", async ({ request, response }) => {
      await record("request", request);
      if (requestAnswer === "refused") {
        return response(400).json({ message: "La referencia 4 parte 1 de VIVW26004.txt no es la siguiente: se esperaba la referencia 3 parte 1 (VIVW26003.txt).", code: "reference is not the next reference" });
      }
      return response(200).json(REQUEST);
    }),
    http.post("/references/response/compute/", async ({ request, response }) => {
      await record("response", request);
      return response(200).json(RESPONSE);
    }),
  );
  return sent;
}

const txt = (name: string) => new File(["SCR\nW26\n21NOV\nMEX\n"], name, { type: "text/plain" });

async function open() {
  signInAs("Slot");
  renderApp("/references-upload");
  await findHeading("Carga de referencias");
  return userEvent.setup({ applyAccept: false });
}

describe("Carga de referencias", () => {
  it("refuses a file that is not .txt and names the main button by the files loaded", async () => {
    const user = await open();
    expect(screen.getByRole("button", { name: "Cargar solicitud" })).toBeDisabled();
    await user.upload(screen.getByTestId("request-file-input"), new File(["%PDF"], "solicitud.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Formato de archivo invalido.")).toBeInTheDocument();
    await user.upload(screen.getByTestId("response-file-input"), txt("VIVW26004.txt"));
    expect(screen.getByRole("button", { name: "Cargar respuesta" })).toBeEnabled();
    await user.upload(screen.getByTestId("request-file-input"), txt("VIVW26004.txt"));
    expect(screen.getByRole("button", { name: "Cargar referencias" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Quitar archivo (Respuesta)" }));
    expect(screen.getByRole("button", { name: "Cargar solicitud" })).toBeEnabled();
  });

  it("previews the request, computes it on Continuar, then previews and computes the reply; the files are cleared", async () => {
    const sent = serve("ok");
    const user = await open();
    await user.upload(screen.getByTestId("request-file-input"), txt("VIVW26004.txt"));
    await user.upload(screen.getByTestId("response-file-input"), txt("VIVW26004.txt"));
    await user.click(screen.getByRole("button", { name: "Cargar referencias" }));

    const requestSummary = await screen.findByRole("dialog", { name: "Resumen de la solicitud" });
    expect(within(requestSummary).getByRole("row", { name: /Slots marcados en proceso/ })).toHaveTextContent("2");
    await user.click(within(requestSummary).getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Referencias de solicitud cargadas correctamente")).toBeInTheDocument();

    const responseSummary = await screen.findByRole("dialog", { name: "Resumen de la respuesta" });
    expect(within(responseSummary).getByRole("row", { name: /K con otro horario/ })).toHaveTextContent("1");
    await user.click(within(responseSummary).getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Referencias de respuesta cargadas correctamente")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("response-file-name")).toHaveTextContent("Arrastra aquí un archivo .txt"));
    expect(sent.map((call) => `${call.kind}:${call.compute}`)).toEqual(["request:false", "request:true", "response:false", "response:true"]);
    expect(sent.every((call) => call.name === "VIVW26004.txt" && call.version === "2.0")).toBe(true);
  });

  it("shows in the preview what the reader assumed: the line, the column, the message and the line as written", async () => {
    const line = "KVB1301 07DEC13DEC 1000000 180320 MTY1000 J";
    const message =
      "Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (13DEC, domingo) no es un día de operación; la última operación es el 07DEC";
    server.use(
      http.post("/references/response/compute/", ({ response }) =>
        response(200).json({ ...RESPONSE, warnings: [{ line: 6, column: 14, text: line, severity: "aviso", message }] }),
      ),
    );
    const user = await open();
    await user.upload(screen.getByTestId("response-file-input"), txt("VIVW26004.txt"));
    await user.click(screen.getByRole("button", { name: "Cargar respuesta" }));

    const summary = await screen.findByRole("dialog", { name: "Resumen de la respuesta" });
    const warnings = within(summary).getByRole("list", { name: "Avisos de lectura (1)" });
    const [item] = within(warnings).getAllByRole("listitem");
    expect(item).toBeDefined();
    if (!item) return;
    expect(within(item).getByText("Aviso")).toBeInTheDocument();
    expect(within(item).getByText("Línea 6, columna 14")).toBeInTheDocument();
    expect(within(item).getByText(message)).toBeInTheDocument();
    expect(within(item).getByText(line)).toBeInTheDocument();
  });

  it("shows no reading warnings when the reader assumed nothing", async () => {
    serve("ok");
    const user = await open();
    await user.upload(screen.getByTestId("request-file-input"), txt("VIVW26004.txt"));
    await user.click(screen.getByRole("button", { name: "Cargar solicitud" }));
    const summary = await screen.findByRole("dialog", { name: "Resumen de la solicitud" });
    expect(within(summary).queryByText(/Avisos de lectura/)).not.toBeInTheDocument();
  });

  it("shows a refused request in Spanish and asks whether to go on with the reply", async () => {
    const sent = serve("refused");
    const user = await open();
    await user.upload(screen.getByTestId("request-file-input"), txt("VIVW26004.txt"));
    await user.upload(screen.getByTestId("response-file-input"), txt("VIVW26004.txt"));
    await user.click(screen.getByRole("button", { name: "Cargar referencias" }));
    expect(await screen.findByText(/La referencia 4 parte 1 no es la siguiente referencia\. .*VIVW26004\.txt/)).toBeInTheDocument();
    const question = await screen.findByRole("dialog", { name: "La solicitud no se pudo cargar" });
    expect(within(question).getByText("¿Deseas continuar con la carga del archivo de respuesta?")).toBeInTheDocument();
    await user.click(within(question).getByRole("button", { name: "Continuar" }));
    expect(await screen.findByRole("dialog", { name: "Resumen de la respuesta" })).toBeInTheDocument();
    expect(sent.map((call) => `${call.kind}:${call.compute}`)).toEqual(["request:false", "response:false"]);
  });
});
