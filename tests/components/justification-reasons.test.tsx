/**
 * Panel de administrador → Motivos de justificación (issue 27 item 2) against msw handlers typed
 * from the contract: the reasons by position with their delay codes, inactive ones too; an edit
 * sent from the version it was opened on, its code fixed; a new reason's code made from what was typed.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";

type Reason = components["schemas"]["JustificationReason"];
type ReasonUpdate = components["schemas"]["JustificationReasonUpdate"];
type ReasonWrite = components["schemas"]["JustificationReasonWrite"];

const REASONS: Reason[] = [
  { id: 2, code: "atc_atfm", label: "ATC / ATFM", delay_codes: ["81", "82", "83", "84"], active: true, position: 2, version: 1 },
  { id: 1, code: "weather", label: "Meteorología", delay_codes: ["71", "72"], active: true, position: 1, version: 3 },
  { id: 6, code: "medical", label: "Emergencia médica", delay_codes: [], active: false, position: 6, version: 1 },
];

function serve() {
  const store = REASONS.map((reason) => ({ ...reason }));
  const updates: ReasonUpdate[] = [];
  const created: ReasonWrite[] = [];
  const queries: Array<string | null> = [];
  server.use(
    http.get("/api/justification-reasons/", ({ query, response }) => {
      queries.push(query.get("include_inactive"));
      return response(200).json(store);
    }),
    http.put("/api/justification-reasons/{id}/", async ({ params, request, response }) => {
      const body = await request.json();
      updates.push(body);
      const index = store.findIndex((reason) => reason.id === Number(params.id));
      const before = store[index];
      if (!before) return response(404).json({ message: "No existe el motivo." });
      const after = { ...before, ...body, version: before.version + 1 };
      store[index] = after;
      return response(200).json(after);
    }),
    http.post("/api/justification-reasons/", async ({ request, response }) => {
      const body = await request.json();
      created.push(body);
      const reason: Reason = { id: 9, position: 9, ...body, delay_codes: body.delay_codes ?? [], active: body.active ?? true, version: 1 };
      store.push(reason);
      return response(201).json(reason);
    }),
  );
  return { updates, created, queries };
}

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text, {}, { timeout: 5000 })).closest("tr");
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const openTab = async () => {
  signInAs("Admin");
  renderApp("/admin");
  await findHeading("Panel de administrador");
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: "Motivos de justificación" }));
  return user;
};

describe("Motivos de justificación", () => {
  it("lists every reason by position, inactive ones too, and edits one from the version it was opened on", async () => {
    const { updates, queries } = serve();
    const user = await openTab();
    const weather = await rowOf("Meteorología");
    expect(within(weather).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["1", "Meteorología", "weather", "71, 72", "Sí"]);
    expect(within(await rowOf("Emergencia médica")).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["6", "Emergencia médica", "medical", "—", "No"]);
    expect(queries.every((value) => value === "true")).toBe(true);

    await user.click(within(weather).getAllByRole("cell")[1] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Editar motivo de justificación" });
    // The code names the reason for good: the edit shows it and cannot change it (the update's schema has no code).
    expect(within(dialog).getByRole("textbox", { name: /^Clave/ })).toBeDisabled();
    expect(within(dialog).getByRole("textbox", { name: /^Clave/ })).toHaveValue("weather");
    const label = within(dialog).getByRole("textbox", { name: /^Nombre/ });
    await user.clear(label);
    await user.type(label, "Meteorología adversa");
    await user.click(within(dialog).getByRole("checkbox", { name: /Activo/ }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(updates).toEqual([{ label: "Meteorología adversa", delay_codes: ["71", "72"], active: false, position: 1, version: 3 }]);
    expect(within(await rowOf("Meteorología adversa")).getAllByRole("cell").at(-1)?.textContent).toBe("No");
  });

  it("adds a reason, its code made from what was typed", async () => {
    const { created } = serve();
    const user = await openTab();
    await rowOf("Meteorología");
    await user.click(screen.getByRole("button", { name: "Agregar motivo" }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar motivo de justificación" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Nombre/ }), "Ceniza volcánica");
    await user.type(within(dialog).getByRole("textbox", { name: /^Clave/ }), "Ceniza Volcánica");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ code: "ceniza_volcanica", label: "Ceniza volcánica", delay_codes: [], active: true });
  });
});
