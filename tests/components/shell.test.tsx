import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ROLE_NAMES } from "../../src/generated/access";
import { EXPECTED_DRAFTS, EXPECTED_MENU } from "../seed-expectations";
import { findHeading, findSideMenu, type RoleName, renderApp, signInAs } from "./helpers";

const RESOLUTION = "Resolución no recomendada, por favor ingresa desde un dispositivo más grande";
const COMING_SOON_VIEW = "Próximamente: esta vista todavía no está disponible en Slotdesk.";

const ROLES: readonly RoleName[] = ROLE_NAMES;

const sideMenuLabels = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("link")
    .map((link) => link.getAttribute("aria-label"));

const setWidth = (width: number) => {
  act(() => {
    Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event("resize"));
  });
};

describe("menus per role", () => {
  it.each(ROLES)("%s sees exactly its side-menu entries, each labelled for screen readers", async (role) => {
    signInAs(role);
    renderApp("/");
    const nav = await findSideMenu();
    expect(sideMenuLabels(nav)).toEqual(EXPECTED_MENU[role]);
  });

  it.each(ROLES)("%s gets the Borradores entries its role holds", async (role) => {
    signInAs(role);
    renderApp("/");
    await findSideMenu();
    const drafts = screen.queryByRole("button", { name: "Borradores" });
    if (EXPECTED_DRAFTS[role].length === 0) {
      expect(drafts).not.toBeInTheDocument();
      return;
    }
    expect(drafts).toBeInTheDocument();
    await userEvent.setup().click(drafts as HTMLElement);
    const items = within(screen.getByRole("menu")).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(EXPECTED_DRAFTS[role]);
  });

  it.each(ROLES)("%s sees the settings icon only when it is Admin", async (role) => {
    signInAs(role);
    renderApp("/");
    await findSideMenu();
    const settings = screen.queryByRole("button", { name: "Configuración" });
    if (role === "Admin") expect(settings).toBeInTheDocument();
    else expect(settings).not.toBeInTheDocument();
  });
});

describe("navigation", () => {
  it("opens Entrega de turno at / and marks it as the current view", async () => {
    signInAs("Slot");
    const { router } = renderApp("/");
    expect(await findHeading("Entrega de turno")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/turnover");
    // The real turnover view, not a placeholder.
    expect(await screen.findByRole("button", { name: "Actualizar" })).toBeInTheDocument();
    expect(screen.queryByText(COMING_SOON_VIEW)).not.toBeInTheDocument();
    expect(document.title).toBe("Entrega de turno - Slotdesk");
    const nav = await findSideMenu();
    expect(within(nav).getByRole("link", { name: "Entrega de turno" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Bitácora" })).not.toHaveAttribute("aria-current");
  });

  it("switches views from the side menu and updates the page title", async () => {
    signInAs("Admin");
    renderApp("/turnover");
    const nav = await findSideMenu();
    await userEvent.setup().click(within(nav).getByRole("link", { name: "Panel de administrador" }));
    expect(await findHeading("Panel de administrador")).toBeInTheDocument();
    expect(document.title).toBe("Panel de administrador - Slotdesk");
    expect(within(nav).getByRole("link", { name: "Panel de administrador" })).toHaveAttribute("aria-current", "page");
  });

  it("the top bar switches between dashboard, table and report, with the date range only there", async () => {
    signInAs("Slot");
    const { router } = renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    const group = screen.getByRole("group", { name: "Cambiar de vista" });
    expect(within(group).getByRole("button", { name: "Tabla" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("group", { name: "Rango de fechas" })).toBeInTheDocument();

    await user.click(within(group).getByRole("button", { name: "Dashboard" }));
    expect(await findHeading("Dashboard")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/timeline");
    expect(screen.getByText("Vista AIMS")).toBeInTheDocument();

    await user.click(within(group).getByRole("button", { name: "Reporte" }));
    expect(await findHeading("Reportes")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/reports");
    expect(screen.getByRole("group", { name: "Rango de fechas" })).toBeInTheDocument();

    await user.click(within(await findSideMenu()).getByRole("link", { name: "Bitácora" }));
    expect(await findHeading("Bitácora")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Rango de fechas" })).not.toBeInTheDocument();
    for (const name of ["Dashboard", "Tabla", "Reporte"]) {
      expect(within(group).getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
    }
  });

  it("a typed URL to a view the role lacks says so instead of showing it", async () => {
    signInAs("Reportes");
    renderApp("/logbook");
    expect(await findHeading("No tiene permiso para ver esta sección")).toBeInTheDocument();
    expect(screen.queryByText(COMING_SOON_VIEW)).not.toBeInTheDocument();
    // The shell is still there to go elsewhere.
    expect(within(await findSideMenu()).getByRole("link", { name: "Histórico" })).toBeInTheDocument();
  });

  it("an unknown path shows the not-found page inside the shell", async () => {
    signInAs("Admin");
    renderApp("/no-existe");
    await findSideMenu();
    expect(await screen.findByText("Página no encontrada")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Página no encontrada - Slotdesk"));
  });
});

describe("dialogs that are not built yet", () => {
  it("each Borradores entry opens the full-screen drafts view with its seed title, and it closes", async () => {
    signInAs("Admin");
    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();

    const titles: Record<string, string> = {
      Altas: "Borrador de altas",
      Modificaciones: "Borrador de modificaciones",
      Cancelaciones: "Borrador de cancelaciones",
    };
    for (const [entry, title] of Object.entries(titles)) {
      await user.click(screen.getByRole("button", { name: "Borradores" }));
      await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: entry }));
      const dialog = await screen.findByRole("dialog", { name: title });
      // The real drafts modal, with its side icons for the three drafts.
      expect(within(dialog).getByRole("navigation", { name: "Tipos de borrador" })).toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    }
  });

  it("the drafts view switches kind from its side icons, offering only the kinds the role holds", async () => {
    signInAs("Slot");
    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Borradores" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Altas" }));
    const dialog = await screen.findByRole("dialog", { name: "Borrador de altas" });
    const kinds = within(dialog).getByRole("navigation", { name: "Tipos de borrador" });
    await user.click(within(kinds).getByRole("button", { name: "Cancelaciones" }));
    expect(screen.getByRole("dialog", { name: "Borrador de cancelaciones" })).toBeInTheDocument();
  });

  it("Seguimiento's drafts view offers only Altas", async () => {
    signInAs("Seguimiento");
    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Borradores" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Altas" }));
    const dialog = await screen.findByRole("dialog", { name: "Borrador de altas" });
    const kinds = within(dialog).getByRole("navigation", { name: "Tipos de borrador" });
    expect(
      within(kinds)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Altas"]);
  });

  it("'Inicio de Temp.' opens the season-start dialog (issue 13)", async () => {
    signInAs("Admin");
    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Configuración" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Inicio de Temp." }));
    // The dialog and its generated form load when the menu opens: give a loaded machine time.
    const dialog = await screen.findByRole("dialog", { name: "Inicio de temporada" }, { timeout: 5000 });
    expect(within(dialog).getByLabelText("Archivo de la temporada")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cargar" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("the user menu shows the initial and name, and opens 'Editar nombre' and 'Cambiar contraseña'", async () => {
    signInAs("Seguimiento");
    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: "Menú de usuario" });
    await waitFor(() => expect(button).toHaveTextContent("C"));

    await user.click(button);
    const menu = screen.getByRole("menu");
    expect(within(menu).getByText("Carla Núñez")).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Editar nombre", "Cambiar contraseña", "Cerrar sesión"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Editar nombre" }));
    const nameDialog = await screen.findByRole("dialog", { name: "Editar nombre" });
    await user.click(within(nameDialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Menú de usuario" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Cambiar contraseña" }));
    expect(await screen.findByRole("dialog", { name: "Cambiar contraseña" })).toBeInTheDocument();
  });
});

describe("desktop only", () => {
  it("a narrow window shows only the resolution message", async () => {
    signInAs("Admin");
    setWidth(800);
    renderApp("/turnover");
    expect(screen.getByText(RESOLUTION)).toBeInTheDocument();
    expect(document.body).toHaveTextContent(RESOLUTION, { normalizeWhitespace: true });
    expect(document.body.textContent?.trim()).toBe(RESOLUTION);
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("follows the window as it is resized", async () => {
    signInAs("Admin");
    renderApp("/turnover");
    await findSideMenu();

    setWidth(1023);
    expect(screen.getByText(RESOLUTION)).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Menú principal" })).not.toBeInTheDocument();

    setWidth(1024);
    expect(await findSideMenu()).toBeInTheDocument();
    expect(screen.queryByText(RESOLUTION)).not.toBeInTheDocument();
  });
});

describe("the top bar at the narrowest allowed width (issue 11, item 6)", () => {
  it("is compact at 1024 px: 'Borradores' is an icon with its tooltip, and its menu still opens", async () => {
    setWidth(1024);
    signInAs("Admin");
    renderApp("/");
    await findSideMenu();
    const drafts = screen.getByRole("button", { name: "Borradores" });
    // No text that could run over the date fields: the icon, named for screen readers.
    expect(drafts).not.toHaveTextContent("Borradores");
    const user = userEvent.setup();
    await user.hover(drafts);
    expect(await screen.findByRole("tooltip", { name: "Borradores" })).toBeInTheDocument();
    await user.click(drafts);
    expect(within(screen.getByRole("menu")).getAllByRole("menuitem").length).toBeGreaterThan(0);
  });

  it("keeps the full 'Borradores' button on a wide screen", async () => {
    setWidth(1366);
    signInAs("Admin");
    renderApp("/");
    await findSideMenu();
    expect(screen.getByRole("button", { name: "Borradores" })).toHaveTextContent("Borradores");
  });
});
