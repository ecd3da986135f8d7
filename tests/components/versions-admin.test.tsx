/**
 * Issue 25 in the Panel de administrador: a contact's edit form saved after another person saved
 * the same contact. The form sends the version it was opened on; the server's 409 message (who,
 * when) is shown with 'Recargar', what was typed stays in the fields, and after 'Recargar' the
 * current contact fills the form while what was typed stays listed and can be put back. A season
 * (Temporadas) and a justification reason (Motivos de justificación) go the same way.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, seasonDetail, signInAs } from "./helpers";
import { http, server } from "./msw";

type Contact = components["schemas"]["Contact"];
type ContactUpdateRequest = components["schemas"]["ContactUpdateRequest"];
type Season = components["schemas"]["SeasonDetail"];
type SeasonUpdate = components["schemas"]["SeasonUpdate"];
type Reason = components["schemas"]["JustificationReason"];
type ReasonUpdate = components["schemas"]["JustificationReasonUpdate"];

const STALE_MESSAGE =
  "Ana Pérez cambió el contacto slots@aicm.example a las 10:42 (hora de México). Recargue para ver sus cambios; lo que usted escribió no se guardó.";

function serve() {
  let stored: Contact = { id: 5, name: "Coordinación MEX", email: "slots@aicm.example", notes: "Responde en 72 h", version: 3 };
  const updates: ContactUpdateRequest[] = [];
  server.use(
    http.get("/api/user-list/", ({ response }) => response(200).json([])),
    http.get("/api/roles/", ({ response }) => response(200).json([])),
    http.get("/api/contact-list", ({ response }) => response(200).json([stored])),
    http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
    http.post("/api/contacts/update", async ({ request, response }) => {
      const body = await request.json();
      updates.push(body);
      if (body.version !== undefined && body.version !== stored.version) {
        return response(409).json({
          message: STALE_MESSAGE,
          code: "STALE VERSION",
          changed_by: "Ana Pérez",
          changed_at: "2026-11-21T16:42:00.000Z",
          current_version: stored.version,
        });
      }
      stored = { ...stored, name: body.name, email: body.email, notes: body.notes ?? "", version: stored.version + 1 };
      return response(200).json(stored);
    }),
  );
  return {
    updates,
    /** Another person (Ana Pérez) saves the contact while this form is open. */
    changeMeanwhile: () => {
      stored = { ...stored, notes: "Ana: responde en 48 h", version: stored.version + 1 };
    },
  };
}

async function openContactForm() {
  signInAs("Admin");
  renderApp("/admin");
  await findHeading("Panel de administrador");
  const user = userEvent.setup();
  await user.click(screen.getByRole("tab", { name: "Directorio" }));
  await user.click(await screen.findByText("slots@aicm.example", {}, { timeout: 5000 }));
  await user.click(await screen.findByRole("menuitem", { name: "Editar" }));
  const dialog = await screen.findByRole("dialog", { name: "Editar contacto" });
  return { user, dialog };
}

describe("a contact saved after someone else saved it (issue 25)", () => {
  it("shows who changed it and when, keeps what was typed, and after 'Recargar' saves from the current version", async () => {
    const { updates, changeMeanwhile } = serve();
    const { user, dialog } = await openContactForm();
    const notes = within(dialog).getByRole("textbox", { name: /Anotaciones/ });
    await user.clear(notes);
    await user.type(notes, "Escrito por mí");
    changeMeanwhile();
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await within(dialog).findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(updates.at(-1)).toMatchObject({ contact_id: 5, notes: "Escrito por mí", version: 3 });
    // Nothing typed is lost: the field still holds it, and the dialog is still open.
    expect(within(dialog).getByRole("textbox", { name: /Anotaciones/ })).toHaveValue("Escrito por mí");

    await user.click(within(dialog).getByRole("button", { name: "Recargar" }));
    // The current contact fills the form; what was typed is listed, by the field's label.
    expect(await within(dialog).findByRole("textbox", { name: /Anotaciones/ })).toHaveValue("Ana: responde en 48 h");
    expect(within(dialog).getByText(/Lo que usted escribió no se guardó y sigue aquí/)).toBeInTheDocument();
    expect(within(dialog).getByText("Anotaciones: Escrito por mí")).toBeInTheDocument();
    expect(within(dialog).queryByText(STALE_MESSAGE)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Volver a lo que escribí" }));
    expect(within(dialog).getByRole("textbox", { name: /Anotaciones/ })).toHaveValue("Escrito por mí");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    // The second save is made from the version 'Recargar' read.
    expect(updates.at(-1)).toMatchObject({ notes: "Escrito por mí", version: 4 });
  });

  it("a refusal that is not about versions offers no 'Recargar'", async () => {
    serve();
    server.use(
      http.post("/api/contacts/update", ({ response }) =>
        response(409).json({
          message: "Ya existe un contacto con el correo torre@mex.example.",
          errors: [{ field: "email", message: "Ya existe un contacto con el correo torre@mex.example." }],
        }),
      ),
    );
    const { user, dialog } = await openContactForm();
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findAllByText("Ya existe un contacto con el correo torre@mex.example.")).not.toHaveLength(0);
    expect(within(dialog).queryByRole("button", { name: "Recargar" })).not.toBeInTheDocument();
  });
});

/** Another person's save, as the server refuses a save sent from an older version (409 STALE VERSION). */
const staleAnswer = (message: string, currentVersion: number): components["schemas"]["Error"] => ({
  message,
  code: "STALE VERSION",
  changed_by: "Ana Pérez",
  changed_at: "2026-11-21T16:42:00.000Z",
  current_version: currentVersion,
});

describe("a season or a justification reason saved after someone else saved it (issue 25)", () => {
  it("a season: the 409 message with 'Recargar', then the current season fills the form and the save is made from its version", async () => {
    const message = "Ana Pérez cambió la temporada W26 a las 10:42 (hora de México). Recargue para ver sus cambios; lo que usted escribió no se guardó.";
    let stored: Season = seasonDetail({ id: 3, name: "W26", start_date: "2026-10-25", end_date: "2027-03-27", version: 2 });
    const updates: SeasonUpdate[] = [];
    server.use(
      http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
      http.get("/api/seasons/", ({ response }) => response(200).json([stored])),
      http.put("/api/seasons/{id}/", async ({ request, response }) => {
        const body = await request.json();
        updates.push(body);
        if (body.version !== undefined && body.version !== stored.version) return response(409).json(staleAnswer(message, stored.version));
        stored = { ...stored, ...body, version: stored.version + 1 };
        return response(200).json(stored);
      }),
    );
    signInAs("Admin");
    renderApp("/admin");
    await findHeading("Panel de administrador");
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Temporadas" }));
    const cell = await screen.findByText("W26", {}, { timeout: 5000 });
    await user.click(cell);
    const dialog = await screen.findByRole("dialog", { name: "Corregir temporada" });
    const tolerance = () => within(dialog).getByRole("spinbutton", { name: /Tolerancia de puntualidad/ });
    await user.clear(tolerance());
    await user.type(tolerance(), "20");
    // Ana Pérez saves the season meanwhile.
    stored = { ...stored, tolerance_minutes: 10, version: 3 };
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(updates.at(-1)).toMatchObject({ tolerance_minutes: 20, version: 2 });
    expect(tolerance()).toHaveValue(20);

    await user.click(within(dialog).getByRole("button", { name: "Recargar" }));
    await waitFor(() => expect(tolerance()).toHaveValue(10));
    expect(within(dialog).getByText("Tolerancia de puntualidad (± minutos): 20")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(updates.at(-1)).toMatchObject({ tolerance_minutes: 10, version: 3 });
    expect(screen.queryByRole("dialog", { name: "Corregir temporada" })).not.toBeInTheDocument();
  });

  it("a justification reason: the 409 message with 'Recargar', then the current reason fills the form and the save is made from its version", async () => {
    const message = "Ana Pérez cambió el motivo Meteorología a las 10:42 (hora de México). Recargue para ver sus cambios; lo que usted escribió no se guardó.";
    let stored: Reason = { id: 1, code: "weather", label: "Meteorología", delay_codes: ["71", "72"], active: true, position: 1, version: 3 };
    const updates: ReasonUpdate[] = [];
    server.use(
      http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
      http.get("/api/justification-reasons/", ({ response }) => response(200).json([stored])),
      http.put("/api/justification-reasons/{id}/", async ({ request, response }) => {
        const body = await request.json();
        updates.push(body);
        if (body.version !== undefined && body.version !== stored.version) return response(409).json(staleAnswer(message, stored.version));
        stored = { ...stored, ...body, version: stored.version + 1 };
        return response(200).json(stored);
      }),
    );
    signInAs("Admin");
    renderApp("/admin");
    await findHeading("Panel de administrador");
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Motivos de justificación" }));
    await user.click(await screen.findByText("Meteorología", {}, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Editar motivo de justificación" });
    const label = () => within(dialog).getByRole("textbox", { name: /^Nombre/ });
    await user.clear(label());
    await user.type(label(), "Clima");
    // Ana Pérez saves the reason meanwhile.
    stored = { ...stored, label: "Meteorología adversa", version: 4 };
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(updates.at(-1)).toMatchObject({ label: "Clima", version: 3 });
    expect(label()).toHaveValue("Clima");

    await user.click(within(dialog).getByRole("button", { name: "Recargar" }));
    await waitFor(() => expect(label()).toHaveValue("Meteorología adversa"));
    expect(within(dialog).getByText("Nombre: Clima")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(updates.at(-1)).toMatchObject({ label: "Meteorología adversa", version: 4 });
    expect(screen.queryByRole("dialog", { name: "Editar motivo de justificación" })).not.toBeInTheDocument();
  });
});
