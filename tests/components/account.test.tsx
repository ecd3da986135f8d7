import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, findSideMenu, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";

type ChangeNameRequest = components["schemas"]["ChangeNameRequest"];
type ChangePasswordRequest = components["schemas"]["ChangePasswordRequest"];
type SetPasswordRequest = components["schemas"]["SetPasswordRequest"];
type ForgotPasswordRequest = components["schemas"]["ForgotPasswordRequest"];

const CSRF = "k".repeat(40);
const NAME_FAILED = "Ha ocurrido un error, intenta de nuevo más tarde";
const WRONG_CURRENT = "La contraseña actual no es correcta.";
const LINK_GONE =
  "El enlace ya no es válido: se usó antes, venció o fue reemplazado por uno más reciente. Pida a un administrador que le envíe uno nuevo.";
const LINK_TOKEN = "a".repeat(43);

// Every mutating call carries the CSRF cookie's value; no test needs to fetch a token.
beforeEach(() => {
  document.cookie = `csrftoken=${CSRF}; path=/`;
});

/** Signs in, opens the shell and the user menu entry `entry`; returns its dialog. */
const openUserDialog = async (entry: "Editar nombre" | "Cambiar contraseña") => {
  const user = userEvent.setup();
  renderApp("/turnover");
  await findSideMenu();
  await user.click(screen.getByRole("button", { name: "Menú de usuario" }));
  await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: entry }));
  return { user, dialog: await screen.findByRole("dialog", { name: entry }) };
};

describe("Editar nombre", () => {
  it("saves the name: toast, session user, avatar and menu show it at once", async () => {
    const me = signInAs("Seguimiento");
    const bodies: ChangeNameRequest[] = [];
    const headers: (string | null)[] = [];
    server.use(
      http.post("/api/auth/change-name/", async ({ request, response }) => {
        headers.push(request.headers.get("X-CSRFToken"));
        const body = await request.json();
        bodies.push(body);
        return response(200).json({ ...me, name: body.name, last_name: body.last_name ?? me.last_name });
      }),
    );

    const { user, dialog } = await openUserDialog("Editar nombre");
    const name = within(dialog).getByLabelText(/^Nombre/);
    const lastName = within(dialog).getByLabelText("Apellido");
    // Prefilled from the session user.
    expect(name).toHaveValue("Carla");
    expect(lastName).toHaveValue("Núñez");

    await user.clear(name);
    await user.type(name, "  Marina ");
    await user.clear(lastName);
    await user.type(lastName, "Ortega");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await screen.findByText("Nombre actualizado con éxito")).toBeInTheDocument();
    expect(bodies).toEqual([{ name: "Marina", last_name: "Ortega" }]);
    expect(headers).toEqual([CSRF]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Editar nombre" })).not.toBeInTheDocument());
    expect(JSON.parse(sessionStorage.getItem("user") ?? "null")).toEqual({
      ...me,
      name: "Marina",
      last_name: "Ortega",
    });

    const avatar = screen.getByRole("button", { name: "Menú de usuario" });
    expect(avatar).toHaveTextContent("M");
    await user.click(avatar);
    expect(within(screen.getByRole("menu")).getByText("Marina Ortega")).toBeInTheDocument();
  });

  it("asks for the name without calling the server, and shows the seed's toast and the server's words when saving fails", async () => {
    const me = signInAs("Slot");
    const bodies: ChangeNameRequest[] = [];
    server.use(
      http.post("/api/auth/change-name/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(400).json({
          message: "El nombre es obligatorio.",
          errors: [{ field: "name", message: "El campo «name» no debe tener más de 256 caracteres." }],
        });
      }),
    );

    const { user, dialog } = await openUserDialog("Editar nombre");
    const name = within(dialog).getByLabelText(/^Nombre/);
    await user.clear(name);
    await user.type(name, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(within(dialog).getByText("El nombre completo es obligatorio")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(name);
    await user.type(name, "Bruno Alberto");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    expect(await screen.findByText(NAME_FAILED)).toBeInTheDocument();
    expect(bodies).toEqual([{ name: "Bruno Alberto", last_name: "Díaz" }]);
    expect(within(dialog).getByText("El campo «name» no debe tener más de 256 caracteres.")).toBeInTheDocument();
    expect(within(dialog).queryByText("El nombre completo es obligatorio")).not.toBeInTheDocument();
    // Nothing changed: the dialog stays open and the session user keeps the old name.
    expect(screen.getByRole("dialog", { name: "Editar nombre" })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem("user") ?? "null")).toEqual(me);
  });
});

describe("Cambiar contraseña", () => {
  const fill = async (
    user: ReturnType<typeof userEvent.setup>,
    dialog: HTMLElement,
    values: { current: string; password: string; confirmation: string },
  ) => {
    for (const [label, value] of [
      ["Contraseña actual", values.current],
      ["Nueva contraseña", values.password],
      ["Confirmar nueva contraseña", values.confirmation],
    ] as const) {
      const field = within(dialog).getByLabelText(label);
      await user.clear(field);
      if (value) await user.type(field, value);
    }
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
  };

  it("checks the fields before calling the server", async () => {
    signInAs("Reportes");
    let calls = 0;
    server.use(
      http.post("/api/auth/change-password/", ({ response }) => {
        calls += 1;
        return response(204).empty();
      }),
    );

    const { user, dialog } = await openUserDialog("Cambiar contraseña");
    expect(within(dialog).getByLabelText("Contraseña actual")).toHaveAttribute("type", "password");
    expect(within(dialog).getByLabelText("Contraseña actual")).toHaveAttribute("autocomplete", "current-password");
    expect(within(dialog).getByLabelText("Nueva contraseña")).toHaveAttribute("autocomplete", "new-password");
    expect(within(dialog).getByLabelText("Confirmar nueva contraseña")).toHaveAttribute("autocomplete", "new-password");

    await fill(user, dialog, { current: "", password: "", confirmation: "" });
    expect(within(dialog).getByText("Ingrese su contraseña actual")).toBeInTheDocument();
    expect(within(dialog).getByText("Ingrese la nueva contraseña")).toBeInTheDocument();
    expect(within(dialog).getByText("Confirme la nueva contraseña")).toBeInTheDocument();

    await fill(user, dialog, { current: "vieja-clave-1", password: "corta-11chr", confirmation: "corta-11chr" });
    expect(within(dialog).getByText("La nueva contraseña debe tener al menos 12 caracteres")).toBeInTheDocument();

    await fill(user, dialog, { current: "vieja-clave-1", password: "nueva-clave-larga", confirmation: "nueva-clave-largo" });
    expect(within(dialog).getByText("La confirmación no coincide con la nueva contraseña.")).toBeInTheDocument();
    expect(within(dialog).queryByText("La nueva contraseña debe tener al menos 12 caracteres")).not.toBeInTheDocument();

    expect(calls).toBe(0);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    signInAs("Admin");
    const bodies: ChangePasswordRequest[] = [];
    server.use(
      http.post("/api/auth/change-password/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(400).json({
          message: WRONG_CURRENT,
          errors: [{ field: "current_password", message: WRONG_CURRENT }],
        });
      }),
    );

    const { user, dialog } = await openUserDialog("Cambiar contraseña");
    await fill(user, dialog, {
      current: "equivocada",
      password: "una-clave-nueva-larga",
      confirmation: "una-clave-nueva-larga",
    });

    expect(await within(dialog).findByText(WRONG_CURRENT)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        current_password: "equivocada",
        new_password: "una-clave-nueva-larga",
        new_password_confirmation: "una-clave-nueva-larga",
      },
    ]);
    expect(screen.getByRole("dialog", { name: "Cambiar contraseña" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Guardar" })).toBeEnabled();
  });

  it("changes the password: toast, dialog closed, still signed in", async () => {
    signInAs("Slot");
    const bodies: ChangePasswordRequest[] = [];
    server.use(
      http.post("/api/auth/change-password/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(204).empty();
      }),
    );

    const { user, dialog } = await openUserDialog("Cambiar contraseña");
    await fill(user, dialog, {
      current: "la-clave-de-antes",
      password: "la-clave-de-ahora",
      confirmation: "la-clave-de-ahora",
    });

    expect(
      await screen.findByText("Contraseña actualizada con éxito. Se cerraron sus otras sesiones."),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        current_password: "la-clave-de-antes",
        new_password: "la-clave-de-ahora",
        new_password_confirmation: "la-clave-de-ahora",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cambiar contraseña" })).not.toBeInTheDocument());
    expect(screen.getByRole("navigation", { name: "Menú principal" })).toBeInTheDocument();
  });
});

describe("set-password link (signed out)", () => {
  it("finishes an invitation: name, password, then the login page with a notice", async () => {
    const tokensAsked: (string | null)[] = [];
    const bodies: SetPasswordRequest[] = [];
    server.use(
      http.get("/api/auth/token/", ({ query, response }) => {
        tokensAsked.push(query.get("token"));
        return response(200).json({
          purpose: "invitation",
          email: "elena.rojas@example.com",
          name: "Elena",
          last_name: "",
          expires_at: "2030-01-01T00:00:00.000Z",
        });
      }),
      http.post("/api/auth/set-password/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(204).empty();
      }),
    );

    const { router } = renderApp(`/auth/set-password?token=${LINK_TOKEN}`);
    expect(await findHeading("Bienvenido a Slotdesk")).toBeInTheDocument();
    expect(screen.getByText("Termine su registro eligiendo una contraseña.")).toBeInTheDocument();
    expect(tokensAsked).toEqual([LINK_TOKEN]);
    expect(document.title).toBe("Bienvenido a Slotdesk - Slotdesk");
    const email = screen.getByLabelText("Correo electrónico");
    expect(email).toHaveValue("elena.rojas@example.com");
    expect(email).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue("Elena");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Apellido"), "Rojas");
    await user.type(screen.getByLabelText("Contraseña"), "corta");
    await user.type(screen.getByLabelText("Confirmar contraseña"), "corta");
    await user.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    expect(screen.getByText("La nueva contraseña debe tener al menos 12 caracteres")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText("Contraseña"));
    await user.type(screen.getByLabelText("Contraseña"), "mi-primera-clave");
    await user.clear(screen.getByLabelText("Confirmar contraseña"));
    await user.type(screen.getByLabelText("Confirmar contraseña"), "mi-primera-clave");
    await user.click(screen.getByRole("button", { name: "Guardar contraseña" }));

    expect(await findHeading("Iniciar sesión")).toBeInTheDocument();
    expect(screen.getByText("Contraseña guardada. Ya puede iniciar sesión.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(bodies).toEqual([
      {
        token: LINK_TOKEN,
        password: "mi-primera-clave",
        password_confirmation: "mi-primera-clave",
        name: "Elena",
        last_name: "Rojas",
      },
    ]);
    // Nobody was signed in on the way.
    expect(sessionStorage.getItem("user")).toBeNull();
  });

  it("a used or expired link shows the server's message and the way to the login page", async () => {
    server.use(http.get("/api/auth/token/", ({ response }) => response(410).json({ message: LINK_GONE })));

    const { router } = renderApp(`/auth/set-password?token=${LINK_TOKEN}`);
    expect(await screen.findByText(LINK_GONE, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText("Contraseña")).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Ir a iniciar sesión" }));
    expect(await findHeading("Iniciar sesión")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(screen.queryByText("Contraseña guardada. Ya puede iniciar sesión.")).not.toBeInTheDocument();
  });
});

describe("¿Olvidó su contraseña?", () => {
  it("asks for a reset link from the login page and shows the server's answer", async () => {
    const notice =
      "Si el correo pertenece a un usuario activo de Slotdesk, recibirá un enlace para restablecer su contraseña. El enlace vence en 60 minutos.";
    const bodies: ForgotPasswordRequest[] = [];
    server.use(
      // No login handler: submitting the login form by mistake would fail the test.
      http.post("/api/auth/forgot-password/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(202).json({ message: notice });
      }),
    );

    renderApp("/auth/login");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "¿Olvidó su contraseña?" }, { timeout: 5000 }));
    const dialog = await screen.findByRole("dialog", { name: "Recuperar contraseña" });

    await user.click(within(dialog).getByRole("button", { name: "Enviar enlace" }));
    expect(within(dialog).getByText("Ingrese su correo electrónico")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText("Correo electrónico"), "nadie@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Enviar enlace" }));

    expect(await within(dialog).findByText(notice)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: "nadie@example.com" }]);
    // Still on the login page (behind the dialog), nobody signed in.
    expect(screen.getByRole("heading", { name: "Iniciar sesión", level: 1, hidden: true })).toBeInTheDocument();
    expect(sessionStorage.getItem("user")).toBeNull();
  });
});
