/**
 * Bitácora against msw handlers typed from the contract (seed 002 §2, §3, §9): the current
 * season's requests, newest reference first, 50 a page, type names, Mexico City dates, the part
 * viewer (lines and the exact message), the 'Parte N' menu, and the open offers section.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { currentSeason, findHeading, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";

type LogbookRow = components["schemas"]["LogbookRow"];
type LogbookPart = components["schemas"]["LogbookPart"];

const row = (overrides: Partial<LogbookRow> & Pick<LogbookRow, "id" | "reference">): LogbookRow => ({
  airport: "MEX",
  type: 4,
  parts: [overrides.id * 10],
  request_date: "2026-11-03T18:30:00.000Z",
  response_date: null,
  commentary: null,
  tracing: null,
  responsible: "Bruno Díaz",
  delay_code: null,
  is_request_text: true,
  is_response_text: false,
  is_request_pdf: false,
  is_response_pdf: false,
  version: 1,
  ...overrides,
});

const ROWS: LogbookRow[] = [
  row({ id: 1, reference: 7, type: 2, responsible: "Ana Ramírez" }),
  row({ id: 2, reference: 9, type: 3, delay_code: "41", request_date: "2026-12-24T05:59:00.000Z" }),
  row({ id: 3, reference: 8, type: 4, parts: [31, 32], commentary: "Urgente" }),
  row({
    id: 4,
    reference: 1,
    type: 1,
    responsible: null,
    response_date: "2026-10-20T15:00:00.000Z",
    is_request_text: false,
    is_request_pdf: true,
    is_response_pdf: true,
  }),
];

const PART: LogbookPart = {
  id: 20,
  request_id: 2,
  season: currentSeason(),
  reference: 9,
  part: 1,
  airport: "MEX",
  type: 3,
  request_date: "2026-12-24T05:59:00.000Z",
  response_date: null,
  responsible: "Bruno Díaz",
  commentary: null,
  tracing: null,
  si: "FAVOR DE CONFIRMAR",
  gi: "SALUDOS/B. DÍAZ",
  request_text: "SCR\n/bruno.diaz@example.com\nW26\n24DEC\nMEX\nD VB1103 13JAN13JAN 0030000 220321 1445CUN J\nSI FAVOR DE CONFIRMAR\nGI SALUDOS/B. DÍAZ",
  response_text: null,
  is_request_text: true,
  is_response_text: false,
  is_request_pdf: false,
  is_response_pdf: false,
  lines: [
    {
      id: 1,
      slot_id: 11,
      actual: null,
      request: "D VB1103 13JAN13JAN 0030000 220321 1445CUN J",
      response: null,
      offers: [],
      offers_deadline: null,
      offer_answer: null,
      offer_answer_request_id: null,
    },
  ],
  version: 1,
};

function serve(rows: LogbookRow[] = ROWS) {
  const seasonsAsked: string[] = [];
  const partsAsked: number[] = [];
  server.use(
    http.get("/api/seasons/", ({ response }) => response(200).json([currentSeason(), ...SEASONS])),
    http.get("/api/logbook/", ({ query, response }) => {
      const season = query.get("season_id") ?? "";
      seasonsAsked.push(season);
      return response(200).json(season === String(currentSeason().id) ? rows : []);
    }),
    http.get("/api/logbook/offers/", ({ response }) => response(200).json([])),
    http.get("/api/logbook/{id}", ({ params, response }) => {
      partsAsked.push(Number(params.id));
      return response(200).json({ ...PART, id: Number(params.id), part: Number(params.id) === 32 ? 2 : 1 });
    }),
  );
  return { seasonsAsked, partsAsked };
}

const bodyRows = () => screen.getAllByRole("row").filter((tr) => tr.closest("tbody"));

describe("Bitácora", () => {
  it("Admin and Slot delete a reference from its viewer after the seed's confirmation; Seguimiento cannot", async () => {
    signInAs("Slot");
    const { seasonsAsked } = serve();
    const deleted: number[] = [];
    let refuse = true;
    server.use(
      http.delete("/api/logbook/{id}/", ({ params, response }) => {
        deleted.push(Number(params.id));
        if (refuse) return response(409).json({ message: "La referencia 9 tiene slots en proceso esperando la respuesta del coordinador (VB1103 2027-01-13 14:45); no se puede eliminar hasta cargar su respuesta." });
        return response(204).empty();
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Cancelación"));
    let dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    await user.click(await within(dialog).findByRole("button", { name: "Eliminar referencia" }));
    let confirm = await screen.findByRole("dialog", { name: "Eliminar la referencia 9" });
    expect(confirm).toHaveTextContent("Esta referencia será eliminada de manera permanente ¿Desea continuar de todas formas?");
    await user.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText(/tiene slots en proceso esperando la respuesta del coordinador/)).toBeInTheDocument();
    expect(deleted).toEqual([2]);
    // Refused: the viewer stays open.
    dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });

    refuse = false;
    const listsBefore = seasonsAsked.length;
    await user.click(within(dialog).getByRole("button", { name: "Eliminar referencia" }));
    confirm = await screen.findByRole("dialog", { name: "Eliminar la referencia 9" });
    await user.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText("Referencia eliminada con éxito")).toBeInTheDocument();
    expect(deleted).toEqual([2, 2]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /^Solicitud/ })).not.toBeInTheDocument());
    await waitFor(() => expect(seasonsAsked.length).toBeGreaterThan(listsBefore));

    cleanup();
    signInAs("Seguimiento");
    serve();
    renderApp("/logbook");
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Cancelación"));
    dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    await within(dialog).findByText("FAVOR DE CONFIRMAR");
    expect(within(dialog).queryByRole("button", { name: "Eliminar referencia" })).not.toBeInTheDocument();
  });

  it("saves the commentary and the tracing on blur, trimmed, only when changed and not empty, with the seed's toasts", async () => {
    signInAs("Seguimiento");
    serve();
    const saves: Array<{ id: number; body: unknown }> = [];
    let fail = false;
    server.use(
      http.patch("/api/logbook/{id}/", async ({ params, request, response }) => {
        const body = (await request.json()) as { commentary?: string; tracing?: string };
        saves.push({ id: Number(params.id), body });
        if (fail) return response(400).json({ message: "falló" });
        return response(200).json({ id: Number(params.id), commentary: body.commentary ?? null, tracing: body.tracing ?? null, version: 2 });
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Cancelación"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    const commentary = await within(dialog).findByRole("textbox", { name: "Comentario" });
    const tracing = within(dialog).getByRole("textbox", { name: "Seguimiento" });

    // Blank: nothing is sent.
    await user.type(commentary, "   ");
    await user.click(tracing);
    expect(saves).toEqual([]);
    await user.clear(commentary);
    await user.type(commentary, "  Urgente por chárter ");
    await user.click(tracing);
    expect(await screen.findByText("Comentario actualizado con éxito")).toBeInTheDocument();
    // With the request's version the part was read at (issue 25).
    expect(saves).toEqual([{ id: 2, body: { commentary: "Urgente por chárter", version: 1 } }]);
    // Unchanged: a second blur sends nothing.
    await user.click(commentary);
    await user.click(tracing);
    expect(saves).toHaveLength(1);

    fail = true;
    await user.type(tracing, "Llamar al coordinador");
    await user.click(commentary);
    expect(await screen.findByText("Ha ocurrido un error, inténtalo de nuevo más tarde")).toBeInTheDocument();
    // The version the first save made.
    expect(saves.at(-1)).toEqual({ id: 2, body: { tracing: "Llamar al coordinador", version: 2 } });
    fail = false;
    await user.click(tracing);
    await user.click(commentary);
    expect(await screen.findByText("Seguimiento actualizado con éxito")).toBeInTheDocument();
    expect(saves).toHaveLength(3);
  });

  it("lists the current season's requests, newest reference first, with type names and Mexico City dates", async () => {
    signInAs("Seguimiento");
    const { seasonsAsked } = serve();
    renderApp("/logbook");
    expect(await findHeading("Bitácora")).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    expect(seasonsAsked).toContain(String(currentSeason().id));

    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent?.trim());
    // Seed 002 §2: the columns, in its order.
    expect(headers).toEqual([
      "Referencia",
      "Tipo",
      "Partes",
      "Envío",
      "Comentario",
      "Respuesta",
      "Seguimiento",
      "Solicitud",
      "Respuesta",
      "Oficio Solicitud",
      "Oficio Respuesta",
      "Responsable",
    ]);
    const cells = bodyRows().map((tr) => within(tr).getAllByRole("cell").map((td) => td.textContent));
    expect(cells).toEqual([
      ["9", "CancelaciónCódigo de demora 41", "1", "23/12/2026 23:59", "---", "---", "---", "Sí", "---", "---", "---", "Bruno Díaz"],
      ["8", "Modificación", "2", "03/11/2026 12:30", "Urgente", "---", "---", "Sí", "---", "---", "---", "Bruno Díaz"],
      ["7", "Alta", "1", "03/11/2026 12:30", "---", "---", "---", "Sí", "---", "---", "---", "Ana Ramírez"],
      ["1", "Inicio de temporada", "1", "03/11/2026 12:30", "---", "20/10/2026 09:00", "---", "---", "---", "Sí", "Sí", "---"],
    ]);
    // No open offers in the season: the section says so.
    expect(await screen.findByText("No hay ofertas del coordinador por responder en esta temporada.")).toBeInTheDocument();
  });

  it("shows 50 requests a page", async () => {
    signInAs("Slot");
    serve(Array.from({ length: 60 }, (_, index) => row({ id: index + 1, reference: index + 1 })));
    renderApp("/logbook");
    await waitFor(() => expect(bodyRows()).toHaveLength(50), { timeout: 5000 });
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole("cell")[0]).toHaveTextContent("60");
    expect(screen.getByText("1-50 de 60")).toBeInTheDocument();
  });

  it("a click on a one-part request opens 'Solicitud' with its lines and the message as e-mailed", async () => {
    signInAs("Slot");
    const { partsAsked } = serve();
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    await user.click(within(bodyRows()[0] as HTMLElement).getByText("Cancelación"));
    const dialog = await screen.findByRole("dialog", { name: /^Solicitud/ });
    await within(dialog).findByText("FAVOR DE CONFIRMAR");
    expect(partsAsked).toEqual([20]);
    const lines = within(dialog).getByRole("table", { name: "Líneas" });
    expect(within(lines).getByText("D VB1103 13JAN13JAN 0030000 220321 1445CUN J")).toBeInTheDocument();
    expect(within(lines).getByText("Pendiente")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Mensaje enviado").textContent).toBe(PART.request_text);
    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("a request with several parts offers 'Parte N' first", async () => {
    signInAs("Admin");
    const { partsAsked } = serve();
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    await user.click(within(bodyRows()[1] as HTMLElement).getByText("Modificación"));
    const menu = await screen.findByRole("menu", { name: "Partes de la referencia 8" });
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Parte 1", "Parte 2"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Parte 2" }));
    expect(await screen.findByRole("dialog", { name: /^Solicitud/ })).toBeInTheDocument();
    await waitFor(() => expect(partsAsked).toEqual([32]));
  });

  it("another season from the selector lists that season's requests", async () => {
    signInAs("Slot");
    const { seasonsAsked } = serve();
    renderApp("/logbook");
    const user = userEvent.setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), { timeout: 5000 });
    await user.click(await screen.findByRole("combobox", { name: "Temporada" }, { timeout: 5000 }));
    await user.click(await screen.findByRole("option", { name: "S26" }));
    expect(await screen.findByText("No se encontraron datos")).toBeInTheDocument();
    expect(seasonsAsked).toContain("2");
  });
});
