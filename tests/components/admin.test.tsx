/**
 * Panel de administrador against msw handlers typed from the contract: the users grid (seed
 * 000 §2.2), its row menu with confirmations and toasts (§4.5, §8), the role dropdown, the
 * generated forms with Spanish messages, and the Directorio tab.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, seasonDetail, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";

type User = components["schemas"]["User"];
type Contact = components["schemas"]["Contact"];
type AuditEntry = components["schemas"]["AuditEntry"];

const ROLES = [
  { id: 1, name: "Admin" as const },
  { id: 2, name: "Slot" as const },
  { id: 3, name: "Seguimiento" as const },
  { id: 4, name: "Reportes" as const },
];

const USERS: User[] = [
  {
    id: 11,
    name: "Laura",
    last_name: "Gómez",
    email: "laura@aerolinea.example",
    role: { id: 2, name: "Slot" },
    is_pendent: false,
    is_blocked: false,
    // 03:30 UTC on the 2nd is still the 1st in Mexico City.
    last_login: "2026-11-02T03:30:00.000Z",
    version: 1,
  },
  {
    id: 12,
    name: "",
    last_name: "",
    email: "nuevo@aerolinea.example",
    role: { id: 4, name: "Reportes" },
    is_pendent: true,
    is_blocked: false,
    last_login: null,
    version: 1,
  },
];

/** `mailStatus`: what became of the account e-mails ("kept": no SMTP, they stay in Correos). */
const serveAdmin = (users: User[] = USERS, contacts: Contact[] = [], mailStatus: "sent" | "kept" = "sent") => {
  const requests: Array<{ path: string; body: unknown }> = [];
  let listCalls = 0;
  server.use(
    http.get("/api/user-list/", ({ response }) => {
      listCalls += 1;
      return response(200).json(users);
    }),
    http.get("/api/roles/", ({ response }) => response(200).json(ROLES)),
    http.get("/api/contact-list", ({ response }) => response(200).json(contacts)),
    http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
    http.post("/api/users/role/", async ({ request, response }) => {
      const body = await request.json();
      requests.push({ path: "role", body });
      const user = users.find((u) => u.id === body.user_id) ?? USERS[0];
      if (!user) throw new Error("no user");
      return response(200).json({ ...user, role: ROLES.find((r) => r.id === body.role_id) ?? user.role });
    }),
    http.post("/api/users/password-reset/", async ({ request, response }) => {
      const body = await request.json();
      requests.push({ path: "password-reset", body });
      const user = users.find((u) => u.id === body.user_id);
      if (!user) throw new Error("no user");
      return response(200).json({ user, mail_status: mailStatus });
    }),
    http.post("/api/users/block/", async ({ request, response }) => {
      const body = await request.json();
      requests.push({ path: "block", body });
      const user = users.find((u) => u.id === body.user_id);
      if (!user) throw new Error("no user");
      return response(200).json({ ...user, is_blocked: true });
    }),
    http.post("/api/users/add/", async ({ request, response }) => {
      const body = await request.json();
      requests.push({ path: "add", body });
      if (body.email === "laura@aerolinea.example") {
        return response(409).json({
          message: "Ya existe un usuario con el correo laura@aerolinea.example.",
          errors: [{ field: "email", message: "Ya existe un usuario con el correo laura@aerolinea.example." }],
        });
      }
      return response(201).json({
        user: {
          id: 99,
          name: body.name ?? "",
          last_name: body.last_name ?? "",
          email: body.email,
          role: ROLES.find((r) => r.name === body.role) ?? { id: 2, name: "Slot" },
          is_pendent: true,
          is_blocked: false,
          last_login: null,
          version: 1,
        },
        mail_status: mailStatus,
      });
    }),
    http.post("/api/contacts/create", async ({ request, response }) => {
      const body = await request.json();
      requests.push({ path: "contacts/create", body });
      return response(201).json({ id: 5, name: body.name, email: body.email, notes: body.notes ?? "", version: 1 });
    }),
  );
  return { requests, listCalls: () => listCalls };
};

const openAdmin = async () => {
  signInAs("Admin");
  renderApp("/admin");
  await findHeading("Panel de administrador");
};

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text, {}, { timeout: 5000 });
  const row = cell.closest("tr");
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe("Usuarios", () => {
  it("shows avatar letter, name, e-mail, role and last login (dd/MM/yyyy, Mexico City) or '---'", async () => {
    serveAdmin();
    await openAdmin();
    const laura = await rowOf("laura@aerolinea.example");
    expect(within(laura).getByText("L")).toBeInTheDocument();
    expect(within(laura).getByText("Laura Gómez")).toBeInTheDocument();
    expect(within(laura).getByText("01/11/2026")).toBeInTheDocument();
    expect(within(laura).getByRole("combobox", { name: "Rol de Laura Gómez" })).toHaveTextContent("Slot");
    const pending = await rowOf("nuevo@aerolinea.example");
    expect(within(pending).getByText("---")).toBeInTheDocument();
    expect(within(pending).getByLabelText("Este usuario no ha concluido su registro")).toBeInTheDocument();
    expect(within(laura).queryByLabelText("Este usuario no ha concluido su registro")).not.toBeInTheDocument();
  });

  it("says 'No hay información' when there are no users", async () => {
    serveAdmin([]);
    await openAdmin();
    expect(await screen.findByText("No hay información", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("searches as the user types (after the debounce) and shows the no-results text", async () => {
    serveAdmin();
    await openAdmin();
    await rowOf("laura@aerolinea.example");
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText("Buscar"), "gómez");
    await waitFor(() => expect(screen.queryByText("nuevo@aerolinea.example")).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText("laura@aerolinea.example")).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText("Buscar"));
    await user.type(screen.getByPlaceholderText("Buscar"), "zzz");
    expect(await screen.findByText("No se encontraron resultados", {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("applies a role chosen in the dropdown at once, with 'Información actualizada'", async () => {
    const { requests } = serveAdmin();
    await openAdmin();
    const laura = await rowOf("laura@aerolinea.example");
    const user = userEvent.setup();
    await user.click(within(laura).getByRole("combobox", { name: "Rol de Laura Gómez" }));
    await user.click(await screen.findByRole("option", { name: "Seguimiento" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(requests).toEqual([{ path: "role", body: { user_id: 11, version: 1, role_id: 3 } }]);
    // The dropdown does not open the row's menu.
    expect(screen.queryByRole("menuitem", { name: "Reestablecer" })).not.toBeInTheDocument();
  });

  it("opens the row menu on click; Reestablecer asks first, then sends and says 'Correo enviado'", async () => {
    const { requests } = serveAdmin();
    await openAdmin();
    const user = userEvent.setup();
    await user.click(within(await rowOf("laura@aerolinea.example")).getByText("Laura Gómez"));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Reestablecer",
      "Editar",
      "Eliminar",
      "Bloquear",
    ]);
    await user.click(within(menu).getByRole("menuitem", { name: "Reestablecer" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Se enviará a laura@aerolinea.example un enlace para crear una nueva contraseña.");
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Correo enviado")).toBeInTheDocument();
    expect(requests).toEqual([{ path: "password-reset", body: { user_id: 11, version: 1 } }]);
  });

  it("without SMTP, Reestablecer on an invited user says the new invitation was not sent, never 'Correo enviado'", async () => {
    serveAdmin(USERS, [], "kept");
    await openAdmin();
    const user = userEvent.setup();
    await user.click(await rowOf("nuevo@aerolinea.example"));
    await user.click(await screen.findByRole("menuitem", { name: "Reestablecer" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar" }));
    expect(
      await screen.findByText(
        "Usuario nuevo@aerolinea.example registrado, pero la invitación no se envió: no hay un servidor de correo (SMTP) configurado y quedó en Panel de administrador → Correos como «Sin enviar».",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Correo enviado")).not.toBeInTheDocument();
  });

  it("blocks after confirmation with 'Información actualizada', and sends nothing when cancelled", async () => {
    const { requests } = serveAdmin();
    await openAdmin();
    const user = userEvent.setup();
    await user.click(within(await rowOf("laura@aerolinea.example")).getByText("Laura Gómez"));
    await user.click(await screen.findByRole("menuitem", { name: "Bloquear" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancelar" }));
    expect(requests).toEqual([]);
    await user.click(within(await rowOf("laura@aerolinea.example")).getByText("Laura Gómez"));
    await user.click(await screen.findByRole("menuitem", { name: "Bloquear" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(requests).toEqual([{ path: "block", body: { user_id: 11, version: 1 } }]);
  });

  it("adds a user from the generated form: Spanish messages first, the server's answer under the field, then 'Correo enviado'", async () => {
    const { requests } = serveAdmin();
    await openAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Agregar usuario" }));
    const dialog = await screen.findByRole("dialog");
    const consoleError = vi.spyOn(console, "error");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findAllByText("Este campo es obligatorio")).toHaveLength(2);
    // The fields say what is wrong; rjsf does not also log 'Form validation failed' (issue 24 item 10).
    expect(consoleError.mock.calls.filter(([first]) => first === "Form validation failed")).toEqual([]);
    consoleError.mockRestore();
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "no-es-correo");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText("Ingrese un correo electrónico válido")).toBeInTheDocument();
    expect(requests).toEqual([]);

    await user.clear(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "laura@aerolinea.example");
    await user.click(within(dialog).getByRole("combobox", { name: /Rol/ }));
    await user.click(await screen.findByRole("option", { name: "Slot" }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findAllByText("Ya existe un usuario con el correo laura@aerolinea.example.")).not.toHaveLength(0);

    await user.clear(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "pedro@aerolinea.example");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Correo enviado")).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ path: "add", body: { email: "pedro@aerolinea.example", role: "Slot" } });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("an invitation without SMTP (issue 24 item 6)", () => {
  it("says the invitation was kept in Correos, not 'Correo enviado'", async () => {
    const { requests } = serveAdmin(USERS, [], "kept");
    await openAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Agregar usuario" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "pedro@aerolinea.example");
    await user.click(within(dialog).getByRole("combobox", { name: /Rol/ }));
    await user.click(await screen.findByRole("option", { name: "Slot" }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText(
        "Usuario pedro@aerolinea.example registrado, pero la invitación no se envió: no hay un servidor de correo (SMTP) configurado y quedó en Panel de administrador → Correos como «Sin enviar».",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Correo enviado")).not.toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ path: "add", body: { email: "pedro@aerolinea.example", role: "Slot" } });
  });
});

describe("Editar usuario", () => {
  /** One user of each role, an invited (pending) one among them. */
  const ONE_PER_ROLE: User[] = ROLES.map((role, index) => ({
    id: 21 + index,
    name: `Persona${index + 1}`,
    last_name: role.name,
    email: `${role.name.toLowerCase()}@aerolinea.example`,
    role,
    is_pendent: role.name === "Seguimiento",
    is_blocked: false,
    last_login: null,
    version: 1,
  }));

  /** The users grid backed by a store that applies `/api/users/update/` as the server does. */
  const serveEditable = () => {
    const store = ONE_PER_ROLE.map((user) => ({ ...user }));
    const updates: unknown[] = [];
    serveAdmin(store);
    server.use(
      http.post("/api/users/update/", async ({ request, response }) => {
        const body = await request.json();
        updates.push(body);
        const index = store.findIndex((u) => u.id === body.user_id);
        const before = store[index];
        if (!before) return response(404).json({ message: `No existe el usuario ${body.user_id}.` });
        const role = body.role_id === undefined ? before.role : ROLES.find((r) => r.id === body.role_id);
        if (!role) return response(400).json({ message: `El rol ${body.role_id} no existe.` });
        const after: User = { ...before, name: body.name ?? before.name, last_name: body.last_name ?? before.last_name, role };
        store[index] = after;
        return response(200).json(after);
      }),
    );
    return { store, updates };
  };

  const openEdit = async (email: string) => {
    const user = userEvent.setup();
    const row = await rowOf(email);
    const name = within(row).getAllByRole("cell")[1];
    if (!name) throw new Error(`no name cell for ${email}`);
    await user.click(name);
    await user.click(await screen.findByRole("menuitem", { name: "Editar" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar usuario" });
    return { user, dialog };
  };

  it.each(ROLES.map((role) => role.name))(
    "shows the %s user's own role, and Guardar without changes keeps it",
    async (roleName) => {
      const { store, updates } = serveEditable();
      await openAdmin();
      const target = ONE_PER_ROLE.find((u) => u.role.name === roleName);
      if (!target) throw new Error(`no ${roleName} user`);
      const { user, dialog } = await openEdit(target.email);
      expect(within(dialog).getByRole("combobox", { name: /Rol/ })).toHaveTextContent(roleName);

      await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
      expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(updates).toHaveLength(1);
      // The form holds the user's own role: sending it back changes nothing.
      expect(updates[0]).toMatchObject({ role_id: target.role.id });
      expect(store.find((u) => u.id === target.id)?.role.name).toBe(roleName);
      const row = await rowOf(target.email);
      expect(within(row).getByRole("combobox", { name: /^Rol de / })).toHaveTextContent(roleName);
    },
  );

  it("applies a role only when another one is chosen", async () => {
    const { store, updates } = serveEditable();
    await openAdmin();
    const { user, dialog } = await openEdit("reportes@aerolinea.example");
    await user.click(within(dialog).getByRole("combobox", { name: /Rol/ }));
    await user.click(await screen.findByRole("option", { name: "Slot" }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(updates).toEqual([{ user_id: 24, version: 1, name: "Persona4", last_name: "Reportes", role_id: 2 }]);
    expect(store.find((u) => u.id === 24)?.role.name).toBe("Slot");
  });
});

describe("Directorio", () => {
  it("reloads when the tab is opened, says 'No hay información para mostrar' when empty, and adds a contact", async () => {
    const { requests, listCalls } = serveAdmin(USERS, []);
    await openAdmin();
    await rowOf("laura@aerolinea.example");
    const before = listCalls();
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Directorio" }));
    expect(await screen.findByText("No hay información para mostrar", {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Agregar contacto" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Nombre/ }), "Coordinación MEX");
    await user.type(within(dialog).getByRole("textbox", { name: /Correo electrónico/ }), "slots@aicm.example");
    await user.click(within(dialog).getByRole("textbox", { name: /Anotaciones/ }));
    await user.paste("x".repeat(257));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText("Este campo admite como máximo 256 caracteres")).toBeInTheDocument();
    await user.clear(within(dialog).getByRole("textbox", { name: /Anotaciones/ }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información guardada con éxito")).toBeInTheDocument();
    expect(requests).toEqual([{ path: "contacts/create", body: { name: "Coordinación MEX", email: "slots@aicm.example" } }]);

    await user.click(screen.getByRole("tab", { name: "Usuarios" }));
    await rowOf("laura@aerolinea.example");
    expect(listCalls()).toBeGreaterThan(before);
  });
});

describe("Temporadas", () => {
  it("shows the season dates as dd/mm/aaaa", async () => {
    serveAdmin();
    server.use(
      http.get("/api/seasons/", ({ response }) =>
        response(200).json([seasonDetail({ id: 4, name: "S27", start_date: "2027-03-28", end_date: "2027-10-30", version: 1 }), ...SEASONS]),
      ),
    );
    await openAdmin();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Temporadas" }));
    const row = await rowOf("S27");
    const cells = within(row).getAllByRole("cell").map((cell) => cell.textContent);
    // The season's airport first (issue 37: a season is one airport's), then what it was.
    expect(cells.slice(0, 5)).toEqual(["MEX", "S27", "28/03/2027", "30/10/2027", "80 % · ±15 min · fuera de tolerancia no cuenta"]);
    // What comes next in S27's calendar (issue 27 item 1), counted from today.
    expect(cells[5]).toMatch(/^(Faltan? \d+ días? para la .+ \(\d\d\/\d\d\/\d{4}\)|Hoy es la .+|Ya pasaron todas las fechas del calendario)$/);
    expect(within(await rowOf("W25")).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "MEX",
      "W25",
      "26/10/2025",
      "28/03/2026",
      "80 % · ±15 min · fuera de tolerancia no cuenta",
      "Ya pasaron todas las fechas del calendario",
    ]);
  });
});

describe("Auditoría", () => {
  const entry = (id: number, action: AuditEntry["action"], target_type: AuditEntry["target_type"], target_label: string, details: AuditEntry["details"]): AuditEntry => ({
    id,
    at: "2026-11-21T18:30:00.000Z",
    actor_id: 11,
    actor_email: "laura@aerolinea.example",
    action,
    target_type,
    target_id: id,
    target_label,
    details,
  });
  const ENTRIES: AuditEntry[] = [
    entry(5, "match.separate", "match", "VB102 2026-11-20 (UTC)", {
      slot: { from: "VB102 2026-11-20 12:00 UTC", to: null },
      general_status: { from: "DIFF", to: "X" },
    }),
    entry(4, "match.assign_slot", "match", "VB900 2026-11-20 (UTC)", {
      slot: { from: null, to: "VB114 2026-11-20 23:30 UTC" },
      general_status: { from: "X", to: "AH" },
    }),
    entry(3, "match.evaluate_delays", "match", "VB104 2026-11-20 (UTC)", {
      delays: { from: null, to: "41 20 min (Falla en APU), 93 10 min" },
      observations: { from: "", to: "Revisado con mantenimiento" },
    }),
    entry(2, "affectation.update", "match", "VB104 2026-11-20 (UTC)", {
      code: "93",
      affectation_number: { from: 0, to: 37 },
      observations: { from: "", to: "37 pasajeros en conexión" },
    }),
    entry(1, "flight.real_dates", "flight", "VB100 2026-11-20 (UTC)", {
      actual_departure: { from: "2026-11-20T08:55:00Z", to: "2026-11-20T08:40:00Z" },
      actual_arrival: { from: "2026-11-20T10:25:00Z", to: "2026-11-20T10:12:00Z" },
      real_difference: { from: 25, to: 12 },
    }),
  ];

  it("names the administrators' fields and the e-mail sent in Spanish", async () => {
    serveAdmin();
    const admin: AuditEntry[] = [
      entry(9, "user.update", "user", "bruno@aerolinea.example", {
        name: { from: "Bruno", to: "Bruno A." },
        last_name: { from: "Díaz", to: "Díaz Ruiz" },
        role: { from: "Seguimiento", to: "Slot" },
      }),
      entry(8, "user.password_reset", "user", "nuevo@aerolinea.example", { sent: "invitation" }),
      entry(7, "season.update", "season", "W26", { end_date: { from: "2027-03-27", to: "2027-03-28" } }),
      // A setting's value is an object: shown as Spanish label: value, never as JSON (issue 24 item 10).
      entry(6, "setting.modify", "setting", "accomplishment", { value: { from: { accomplishment: 80 }, to: { accomplishment: 85 } } }),
      entry(5, "setting.modify", "setting", "airline", {
        value: { from: null, to: { iata: "VB", icao: "VIV", other_designators: ["VB2", "VB3"] } },
      }),
    ];
    server.use(http.get("/api/audit-log/", ({ response }) => response(200).json({ items: admin, total: admin.length })));
    await openAdmin();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Auditoría" }));
    const rowText = async (action: string) => (await screen.findByText(action, {}, { timeout: 5000 })).closest("tr")?.textContent ?? "";
    expect(await rowText("Editó un usuario")).toContain("Nombre: Bruno → Bruno A.; Apellido: Díaz → Díaz Ruiz; Rol: Seguimiento → Slot");
    expect(await rowText("Envió un enlace de contraseña")).toContain("Enviado: Invitación");
    expect(await rowText("Corrigió una temporada")).toContain("Fin: 27/03/2027 → 28/03/2027");
    const settings = screen.getAllByText("Cambió una configuración").map((cell) => cell.closest("tr")?.textContent ?? "");
    expect(settings[0]).toContain("Valor: Nivel de advertencia de Histórico (%): 80 → Nivel de advertencia de Histórico (%): 85");
    expect(settings[1]).toContain("Valor: — → Código IATA: VB, Código OACI: VIV, Otros designadores: VB2, VB3");
    expect(screen.queryByText(/invitation|last_name|end_date|[{}"]/)).not.toBeInTheDocument();
  });

  it("names the match viewer's actions and their fields in Spanish, real dates in Mexico City time", async () => {
    serveAdmin();
    server.use(http.get("/api/audit-log/", ({ response }) => response(200).json({ items: ENTRIES, total: ENTRIES.length })));
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Auditoría" }));
    const details = async (action: string, label: string) => {
      const cell = await screen.findByText(action, {}, { timeout: 5000 });
      const row = cell.closest("tr");
      if (!row) throw new Error(`no row for ${action}`);
      expect(within(row).getByText(label)).toBeInTheDocument();
      return row.textContent ?? "";
    };
    expect(await details("Desvinculó un match", "VB102 2026-11-20 (UTC)")).toContain(
      "Slot: VB102 2026-11-20 12:00 UTC → —; Estatus general: DIFF → X",
    );
    expect(await details("Asignó un slot sobrante", "VB900 2026-11-20 (UTC)")).toContain(
      "Slot: — → VB114 2026-11-20 23:30 UTC; Estatus general: X → AH",
    );
    expect(await details("Evaluó las demoras", "VB104 2026-11-20 (UTC)")).toContain(
      "Demoras: — → 41 20 min (Falla en APU), 93 10 min; Observaciones: — → Revisado con mantenimiento",
    );
    expect(await details("Editó una afectación", "VB104 2026-11-20 (UTC)")).toContain(
      "Código de demora: 93; Número de afectación: 0 → 37; Observaciones: — → 37 pasajeros en conexión",
    );
    // 08:55 UTC is 02:55 in Mexico City (UTC−6).
    expect(await details("Corrigió las fechas reales", "VB100 2026-11-20 (UTC)")).toContain(
      "Salida real: 20/11/2026 02:55 → 20/11/2026 02:40; Llegada real: 20/11/2026 04:25 → 20/11/2026 04:12; Dif. real (min): 25 → 12",
    );
    expect(screen.queryByText(/slotdesk\.audit|actual_departure|general_status|affectation_number/)).not.toBeInTheDocument();
  });
});

describe("Temporadas", () => {
  it("shows a season's dates as dd/mm/aaaa in the form, and sends them as yyyy-MM-dd (issue 11, item 4)", async () => {
    serveAdmin();
    const bodies: unknown[] = [];
    server.use(
      http.get("/api/seasons/", ({ response }) => response(200).json([])),
      http.post("/api/seasons/create/", async ({ request, response }) => {
        const body = await request.json();
        bodies.push(body);
        return response(201).json({ ...seasonDetail({ id: 7, name: body.name, start_date: body.start_date, end_date: body.end_date, version: 1 }), ...body });
      }),
    );
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Temporadas" }));
    await user.click(await screen.findByRole("button", { name: "Agregar temporada" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar temporada" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), "W27");
    // The IATA dates of W27 follow from the code, shown day first.
    const start = within(dialog).getByRole("textbox", { name: /^Inicio/ });
    const end = within(dialog).getByRole("textbox", { name: /^Fin/ });
    await waitFor(() => expect(start).toHaveValue("31/10/2027"));
    expect(end).toHaveValue("25/03/2028");
    expect(start).not.toHaveAttribute("type", "date");
    // AICM's rule and W27's calendar in the guidelines (issue 27 item 1), shown day first too.
    expect(within(dialog).getByRole("textbox", { name: /^Fecha base de históricos/ })).toHaveValue("31/08/2027");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          name: "W27",
          start_date: "2027-10-31",
          end_date: "2028-03-25",
          usage_threshold: 80,
          tolerance_minutes: 15,
          outside_counts_as_used: false,
          shl_deadline: "2027-04-26",
          initial_submission_deadline: "2027-05-20",
          series_return_deadline: "2027-08-15",
          historics_baseline_date: "2027-08-31",
        },
      ]),
    );
  });
});
