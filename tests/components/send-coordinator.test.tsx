/**
 * The coordinator's address that SCR requests are e-mailed to (setting `coordinator_email`),
 * edited from the top bar by the roles that may modify settings (Admin, Slot).
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findSideMenu, renderApp, type RoleName, signInAs } from "./helpers";
import { http, server } from "./msw";

type SettingModifyRequest = components["schemas"]["SettingModifyRequest"];

function serve(email: string | null) {
  const modified: SettingModifyRequest[] = [];
  server.use(
    http.get("/api/list-settings/", ({ query, response }) => {
      expect(query.get("names")).toBe("coordinator_email");
      return response(200).json([{ id: 4, name: "coordinator_email", value: { email }, version: 1 }]);
    }),
    http.post("/api/settings/modify/", async ({ request, response }) => {
      const body = await request.json();
      modified.push(body);
      if (body.value && "email" in body.value && body.value.email === "rechazado@example.com") {
        return response(400).json({
          message: "El valor no corresponde a la configuración «coordinator_email».",
          errors: [{ field: "value", message: "El correo no es válido." }],
        });
      }
      return response(200).json({ id: 4, name: "coordinator_email", value: { email: null, ...body.value }, version: 2 });
    }),
  );
  return modified;
}

const LABEL = "Correo del coordinador";

describe("coordinator e-mail setting", () => {
  it.each<[RoleName, boolean]>([
    ["Admin", true],
    ["Slot", true],
    ["Seguimiento", false],
    ["Reportes", false],
  ])("%s sees the button: %s", async (role, visible) => {
    signInAs(role);
    renderApp("/");
    await findSideMenu();
    expect(screen.queryAllByRole("button", { name: LABEL })).toHaveLength(visible ? 1 : 0);
  });

  it("shows the current address and saves a new one", async () => {
    signInAs("Slot");
    const modified = serve("slots@aicm.example");
    renderApp("/");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: LABEL }));
    const dialog = await screen.findByRole("dialog", { name: "Correo del coordinador de slots" });
    const field = await within(dialog).findByRole("textbox", { name: "Correo electrónico" });
    expect(field).toHaveValue("slots@aicm.example");
    await user.clear(field);
    await user.type(field, "  coordinacion@aicm.example ");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(modified).toEqual([{ id: 4, value: { email: "coordinacion@aicm.example" }, version: 1 }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("refuses an address that is not one, and shows what the server refuses", async () => {
    signInAs("Admin");
    const modified = serve(null);
    renderApp("/");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: LABEL }));
    const dialog = await screen.findByRole("dialog", { name: "Correo del coordinador de slots" });
    const field = await within(dialog).findByRole("textbox", { name: "Correo electrónico" });
    expect(field).toHaveValue("");
    await user.type(field, "no es correo");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(within(dialog).getByText("Ingrese un correo electrónico válido")).toBeInTheDocument();
    expect(modified).toEqual([]);

    await user.clear(field);
    await user.type(field, "rechazado@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Ha ocurrido un error al intentar actualizar")).toBeInTheDocument();
    expect(within(dialog).getByText("El correo no es válido.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Correo del coordinador de slots" })).toBeInTheDocument();
  });
});
