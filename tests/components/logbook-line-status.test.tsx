/**
 * The Admin's K/U toggle on a line of the Bitácora viewer (seed 002 §4, §6, §8; issue 12 item 5):
 * a click re-applies the line with the other code and says so; when the slot changed since, the
 * seed's 'No es posible editar esta línea…'; everyone else reads the code.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { currentSeason, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";

type LogbookPart = components["schemas"]["LogbookPart"];

const C = "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J";
const R = "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J";
const PART: LogbookPart = {
  id: 30, request_id: 3, season: currentSeason(), reference: 5, part: 1, airport: "MEX", type: 4,
  request_date: "2026-11-03T18:30:00.000Z", response_date: "2026-11-05T18:30:00.000Z", responsible: "Ana Ramírez",
  commentary: null, tracing: null, si: "", gi: "", request_text: `SCR\nW26\n03NOV\nMEX\n${C}\n${R}`, response_text: null,
  is_request_text: true, is_response_text: false, is_request_pdf: false, is_response_pdf: false,
  lines: [{ id: 7, slot_id: 11, actual: C, request: R, response: "K", offers: [], offers_deadline: null, offer_answer: null, offer_answer_request_id: null }],
  version: 1,
};

function serve() {
  server.use(
    http.get("/api/seasons/", ({ response }) => response(200).json([currentSeason(), ...SEASONS])),
    http.get("/api/logbook/", ({ response }) =>
      response(200).json([
        {
          id: 3, reference: 5, airport: "MEX", type: 4, parts: [30], request_date: PART.request_date, response_date: PART.response_date, commentary: null,
          tracing: null, responsible: "Ana Ramírez", delay_code: null, is_request_text: true, is_response_text: true, is_request_pdf: false, is_response_pdf: false,
          version: 1,
        },
      ]),
    ),
    // Before /api/logbook/{id}, which would take "offers" for an id.
    http.get("/api/logbook/offers/", ({ response }) => response(200).json([])),
    http.get("/api/logbook/{id}", ({ response }) => response(200).json(PART)),
  );
}

const openViewer = async (user: ReturnType<typeof userEvent.setup>) => {
  await waitFor(() => expect(screen.getAllByRole("row").filter((tr) => tr.closest("tbody"))).toHaveLength(1), { timeout: 5000 });
  await user.click(screen.getByText("Modificación"));
  return screen.findByRole("dialog", { name: /^Solicitud/ });
};

describe("K/U toggle", () => {
  it("Admin switches K to U, and is told when the slot changed since", async () => {
    signInAs("Admin");
    serve();
    const sent: unknown[] = [];
    let changed = false;
    server.use(
      http.post("/references/response/change_line_status/", async ({ request, response }) => {
        const body = await request.json();
        sent.push(body);
        if (changed) return response(400).json({ message: "No es posible editar esta línea debido a que el slot asociado ha sido modificado", code: "OLD KEY NOT FOUND" });
        return response(200).json({ id: 7, slot_id: 11, actual: C, request: R, response: "U", offers: [], offers_deadline: null, offer_answer: null, offer_answer_request_id: null });
      }),
    );
    renderApp("/logbook");
    const user = userEvent.setup();
    const viewer = await openViewer(user);
    const lines = within(viewer).getByRole("table", { name: "Líneas" });
    await user.click(await within(lines).findByRole("button", { name: /K$/ }));
    expect(await screen.findByText("Estado de la línea actualizado con éxito")).toBeInTheDocument();
    expect(sent).toEqual([{ line_id: 7, new_status: "U", compute: true, version: 1 }]);

    changed = true;
    await user.click(await within(lines).findByRole("button", { name: /U$/ }));
    expect(await screen.findByText("No es posible editar esta línea debido a que el slot asociado ha sido modificado")).toBeInTheDocument();
  });

  it("Slot reads the code without a toggle", async () => {
    cleanup();
    signInAs("Slot");
    serve();
    renderApp("/logbook");
    const user = userEvent.setup();
    const viewer = await openViewer(user);
    const lines = within(viewer).getByRole("table", { name: "Líneas" });
    expect(await within(lines).findByText("K")).toBeInTheDocument();
    expect(within(lines).queryByRole("button")).not.toBeInTheDocument();
  });
});
