/**
 * The backend team's path (issue 38): a property added to a resource's record, create and update
 * schemas, with a Spanish title, and nothing else than what `npm run generate` makes of the
 * contract, gives its column in the list, its input in the forms (no form error) and a save that
 * sends it — for users, contacts, seasons and justification reasons. The generated modules are
 * replaced by the generator's output for the changed contract; the forms validate with Ajv at
 * run time here, as the precompiled validators would after `npm run generate`.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { currentSeason, findHeading, renderApp, SEASONS, signInAs } from "./helpers";
import type { ColumnOverrides } from "../../src/client/schema/ResourceGrid";
import { server } from "./msw";
import { ADDED, ADDED_TITLE } from "./support/changedContract";

vi.mock("../../src/generated/resources", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generated/resources")>();
  const { changedBuild } = await import("./support/changedContract");
  const build = changedBuild();
  return { ...original, RESOURCES: build.resources, RESOURCE_REGISTRY: build.resources, RECORD_SCHEMAS: build.recordSchemas };
});
vi.mock("../../src/generated/forms", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generated/forms")>();
  const { changedBuild } = await import("./support/changedContract");
  return { ...original, FORM_SCHEMAS: changedBuild().formSchemas };
});
vi.mock("../../src/client/schema/validator", async (importOriginal) => {
  const { runtimeValidatorModule } = await import("./support/changedForms");
  return runtimeValidatorModule(await importOriginal<typeof import("../../src/client/schema/validator")>());
});

/**
 * Overrides are keyed by the generated record's fields: a key the contract's Contact has is one,
 * any other is not, so an override naming a property the contract dropped fails
 * `npm run typecheck` (these two lines fail it if that ever stops being true).
 */
type OverrideKey<K extends string> = K extends keyof ColumnOverrides<"contacts"> ? true : false;
export const NOTES_IS_AN_OVERRIDE_KEY: OverrideKey<"notes"> = true;
export const TELEFONO_IS_NOT_AN_OVERRIDE_KEY: OverrideKey<"telefono"> = false;

const ROLES = [
  { id: 1, name: "Admin" },
  { id: 2, name: "Slot" },
];

/** Serves one resource's list with the new property set, and records each write's body. */
function serve(listPath: string, rows: object[], writes: Array<{ method: "post" | "put"; path: string; answer: (body: Record<string, unknown>) => object }>) {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.get(listPath, () => HttpResponse.json(rows)),
    http.get("/api/roles/", () => HttpResponse.json(ROLES)),
    ...writes.map(({ method, path, answer }) =>
      http[method](path, async ({ request }) => {
        const body: unknown = await request.json();
        const record = typeof body === "object" && body !== null ? Object.fromEntries(Object.entries(body)) : {};
        bodies.push(record);
        return HttpResponse.json(answer(record), { status: method === "post" ? 201 : 200 });
      }),
    ),
  );
  return bodies;
}

const openTab = async (tab: string) => {
  signInAs("Admin");
  renderApp("/admin");
  await findHeading("Panel de administrador");
  const user = userEvent.setup();
  if (tab !== "Usuarios") await user.click(screen.getByRole("tab", { name: tab }));
  return user;
};

/** The column the list generated for the new property shows its title and the row's value. */
async function expectColumn(value: string) {
  expect(await screen.findByRole("columnheader", { name: ADDED_TITLE }, { timeout: 5000 })).toBeInTheDocument();
  const cell = await screen.findByText(value);
  expect(cell.closest("td")).not.toBeNull();
}

describe("a property the backend team added to the contract", () => {
  it("Directorio: its column, its input in the add and edit forms, and every save sends it", async () => {
    const contact = { id: 5, name: "Coordinación MEX", email: "slots@aicm.example", notes: "", version: 2, [ADDED]: "DIR-7" };
    const bodies = serve("/api/contact-list", [contact], [
      { method: "post", path: "/api/contacts/create", answer: (body) => ({ id: 6, version: 1, notes: "", ...body }) },
      { method: "post", path: "/api/contacts/update", answer: (body) => ({ ...contact, ...body, version: 3 }) },
    ]);
    const user = await openTab("Directorio");
    await expectColumn("DIR-7");

    await user.click(screen.getByRole("button", { name: "Agregar contacto" }));
    let dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /^Nombre/ }), "Coordinación GDL");
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "slots@gdl.example");
    await user.type(within(dialog).getByRole("textbox", { name: ADDED_TITLE }), "DIR-8");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ name: "Coordinación GDL", email: "slots@gdl.example", [ADDED]: "DIR-8" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(await screen.findByText("DIR-7"));
    await user.click(await screen.findByRole("menuitem", { name: "Editar" }));
    dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByRole("textbox", { name: ADDED_TITLE });
    expect(input).toHaveValue("DIR-7");
    await user.clear(input);
    await user.type(input, "DIR-9");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ contact_id: 5, version: 2, [ADDED]: "DIR-9" });
  });

  it("Usuarios: its column, and the invitation sends it", async () => {
    const existing = {
      id: 11, name: "Laura", last_name: "Gómez", email: "laura@aerolinea.example", role: { id: 2, name: "Slot" },
      is_pendent: false, is_blocked: false, last_login: null, version: 1, [ADDED]: "USR-1",
    };
    const bodies = serve("/api/user-list/", [existing], [
      {
        method: "post",
        path: "/api/users/add/",
        answer: (body) => ({ user: { ...existing, id: 12, email: body.email, name: "", last_name: "", is_pendent: true }, mail_status: "sent" }),
      },
    ]);
    const user = await openTab("Usuarios");
    await expectColumn("USR-1");
    await user.click(screen.getByRole("button", { name: "Agregar usuario" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "nuevo@aerolinea.example");
    await user.click(within(dialog).getByRole("combobox", { name: /Rol/ }));
    await user.click(await screen.findByRole("option", { name: "Slot" }));
    await user.type(within(dialog).getByRole("textbox", { name: ADDED_TITLE }), "USR-2");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ email: "nuevo@aerolinea.example", role: "Slot", [ADDED]: "USR-2" });
  });

  it("Temporadas: its column, and a new season sends it", async () => {
    const season = { ...SEASONS[0], [ADDED]: "TMP-1" };
    const bodies = serve("/api/seasons/", [season], [
      { method: "post", path: "/api/seasons/create/", answer: (body) => ({ ...season, ...body, id: 99, version: 1 }) },
    ]);
    const user = await openTab("Temporadas");
    await expectColumn("TMP-1");
    await user.click(screen.getByRole("button", { name: "Agregar temporada" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), "W30");
    await user.type(within(dialog).getByRole("textbox", { name: ADDED_TITLE }), "TMP-2");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: "W30", [ADDED]: "TMP-2" });
  });

  it("Motivos de justificación: its column, and a new reason sends it", async () => {
    const reason = { id: 1, code: "weather", label: "Meteorología", delay_codes: ["71"], active: true, position: 1, version: 1, [ADDED]: "MOT-1" };
    const bodies = serve("/api/justification-reasons/", [reason], [
      { method: "post", path: "/api/justification-reasons/", answer: (body) => ({ ...reason, ...body, id: 2 }) },
    ]);
    const user = await openTab("Motivos de justificación");
    await expectColumn("MOT-1");
    await user.click(screen.getByRole("button", { name: "Agregar motivo" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /^Nombre/ }), "Ceniza");
    await user.type(within(dialog).getByRole("textbox", { name: /^Clave/ }), "ceniza");
    await user.type(within(dialog).getByRole("textbox", { name: ADDED_TITLE }), "MOT-2");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ code: "ceniza", label: "Ceniza", [ADDED]: "MOT-2" });
  });

  it("Bitácora and Matches: the lists show its column", async () => {
    const row = {
      id: 31, reference: 9, type: 3, parts: [31], request_date: "2026-11-20T15:00:00.000Z", response_date: null, commentary: null,
      tracing: null, responsible: "Laura Gómez", delay_code: null, is_request_text: true, is_response_text: false,
      is_request_pdf: false, is_response_pdf: false, version: 1, [ADDED]: "BIT-1",
    };
    const generation = {
      id: 1, kind: "medium", created_at: "2026-11-09T16:00:00.000Z", start_date: "2026-12-01", end_date: "2026-12-31", computed: false,
      has_file: true, flights: 10, slots: 10, paired: 9, without_slot: 1, leftover_slots: 1, off_slot: 0, [ADDED]: "MAT-1",
    };
    server.use(
      http.get("/api/seasons/", () => HttpResponse.json([currentSeason(), ...SEASONS])),
      http.get("/api/logbook/", () => HttpResponse.json([row])),
      http.get("/api/logbook/offers/", () => HttpResponse.json([])),
      http.get("/api/matches/medium-term/", () => HttpResponse.json([generation])),
    );
    signInAs("Slot");
    const { unmount } = renderApp("/logbook");
    await expectColumn("BIT-1");
    unmount();
    renderApp("/matches");
    expect(await findHeading("Matches")).toBeInTheDocument();
    await expectColumn("MAT-1");
  });
});
