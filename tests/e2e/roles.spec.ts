/**
 * A newcomer signs in as each role, sees exactly that role's menus (seed 000 §6, seed 002 §2),
 * and signs out. The expected lists come from tests/seed-expectations.ts, written from the seeds
 * by hand so that they check the contract's role table rather than repeat it.
 */
import { expect, type Page, test } from "@playwright/test";
import { EXPECTED_DRAFTS, EXPECTED_MENU, EXPECTED_SETTINGS, type SeedRole } from "../seed-expectations";
import { e2eUsers } from "./support";

type Role = SeedRole;

const EXPECTED = Object.fromEntries(
  (Object.keys(EXPECTED_MENU) as Role[]).map((role) => [
    role,
    { views: EXPECTED_MENU[role], drafts: EXPECTED_DRAFTS[role], settings: EXPECTED_SETTINGS[role] },
  ]),
) as Record<Role, { views: string[]; drafts: string[]; settings: boolean }>;

async function signIn(page: Page, role: Role) {
  const user = e2eUsers[role];
  if (!user) throw new Error(`no ${role} user`);
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page).toHaveTitle("Iniciar sesión - Slotdesk");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/turnover$/);
  await expect(page).toHaveTitle("Entrega de turno - Slotdesk");
}

for (const role of Object.keys(EXPECTED) as Role[]) {
  test(`${role} signs in, sees exactly their menus, and signs out`, async ({ page }) => {
    const expected = EXPECTED[role];
    await signIn(page, role);

    const sideMenu = page.getByRole("navigation", { name: "Menú principal" });
    const shown = await sideMenu
      .getByRole("link")
      .or(sideMenu.getByRole("button"))
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));
    expect(shown).toEqual(expected.views);

    // Entrega de turno, inside the real shell, with the date-range bar.
    await expect(page.getByRole("button", { name: "Actualizar" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Rango de fechas" })).toBeVisible();

    const drafts = page.getByRole("button", { name: "Borradores" });
    if (expected.drafts.length === 0) {
      await expect(drafts).toHaveCount(0);
    } else {
      await drafts.click();
      const items = await page.getByRole("menuitem").allInnerTexts();
      expect(items.map((t) => t.trim())).toEqual(expected.drafts);
      await page.keyboard.press("Escape");
    }
    await expect(page.getByRole("button", { name: "Configuración" })).toHaveCount(expected.settings ? 1 : 0);

    // A view this role lacks, typed into the address bar, is refused (the server refuses its calls too).
    if (!expected.views.includes("Panel de administrador")) {
      await page.goto("/admin");
      await expect(page.getByText("No tiene permiso para ver esta sección")).toBeVisible();
    }

    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.goto("/turnover");
    await expect(page).toHaveURL(/\/auth\/login/);
  });
}

test("a session ended on the server sends the user back to sign in, with the expiry message", async ({ page }) => {
  await signIn(page, "Slot");
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const out = await page.request.post("/api/auth/logout/", { headers: { "X-CSRFToken": csrf } });
  expect(out.status()).toBe(204);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO")).toBeVisible();
});

test("below 1024 px wide only the resolution message is shown", async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto("/auth/login");
  await expect(
    page.getByText("Resolución no recomendada, por favor ingresa desde un dispositivo más grande"),
  ).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveCount(0);
});
