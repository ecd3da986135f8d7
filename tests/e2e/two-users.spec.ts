/**
 * Two coordinators on one match (issue 25 item 1): Admin and Slot open the same match viewer;
 * Admin saves a delay evaluation; Slot, whose viewer was opened before, types delays and
 * observations and saves: refused, naming Admin and when; 'Recargar' shows Admin's saved values
 * while what Slot typed stays in the fields; Slot applies both, and Admin sees them.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, e2eUsers, signInWith } from "./support";

const ADMIN_NAME = "PruebaAdmin Apellido Admin";

async function openYesterday(page: Page) {
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Ayer" }).click();
  await expect(dataRows(page).first()).toBeVisible();
}

/** Opens the viewer of match `id` (searched by its flight), clicking again if the grid was redrawing. */
async function openViewer(page: Page, flight: string, id: string) {
  await page.getByPlaceholder("Buscar").fill(flight);
  const row = page.locator(`.MuiDataGrid-row[data-id="${id}"]`);
  await expect(row).toHaveCount(1);
  const viewer = page.getByRole("dialog", { name: new RegExp(`^Match ${id}`) });
  await expect(async () => {
    if (!(await viewer.isVisible())) await row.locator('[data-field="flight_name"]').click({ timeout: 2_000 });
    await expect(viewer).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await viewer.getByRole("button", { name: "Editar demoras" }).click();
  await expect(viewer.getByRole("group", { name: "1ra demora" })).toBeVisible();
  return viewer;
}

/** Leaves the editor with its first entry only (AIMS may have sent several codes). */
async function firstEntryOnly(viewer: ReturnType<Page["getByRole"]>) {
  for (const ordinal of ["4ta", "3ra", "2da"]) {
    const remove = viewer.getByRole("button", { name: `Quitar demora (${ordinal} demora)` });
    if ((await remove.count()) > 0) await remove.click();
  }
}

async function chooseCode(page: Page, group: ReturnType<Page["getByRole"]>, code: string) {
  await group.getByLabel("Código de demora").click();
  await page.getByRole("option", { name: new RegExp(`^${code} ·`) }).click();
}

// @postgres: two sessions write one match (the version check, and the live notice beside the
// 409), so CI runs this flow on both databases (scripts/e2e-tests.ts).
test("Slot saves delays in a viewer Admin changed meanwhile: 409 naming Admin, reload, nothing either typed is lost", { tag: "@postgres" }, async ({ browser }) => {
  // Two browsers, two sign-ins and every step twice: more than one flow's minute.
  test.setTimeout(150_000);
  const adminContext = await browser.newContext();
  const slotContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const slot = await slotContext.newPage();
  const adminUser = e2eUsers.Admin;
  const slotUser = e2eUsers.Slot;
  if (!adminUser || !slotUser) throw new Error("the e2e server creates an Admin and a Slot user");
  await signInWith(admin, adminUser.email, adminUser.password);
  await signInWith(slot, slotUser.email, slotUser.password);
  await openYesterday(admin);
  await openYesterday(slot);

  // The day's first flight (the other flows work on the evening's last pair).
  const first = dataRows(admin)
    .filter({ has: admin.locator('[data-field="flight_name"]', { hasText: /^VB\d+$/ }) })
    .first();
  const flight = (await first.locator('[data-field="flight_name"]').innerText()).trim();
  const id = String(await first.getAttribute("data-id"));

  // Both open the same match: Slot first, then Admin.
  const slotViewer = await openViewer(slot, flight, id);
  const adminViewer = await openViewer(admin, flight, id);

  // Admin evaluates and saves.
  await firstEntryOnly(adminViewer);
  const adminFirst = adminViewer.getByRole("group", { name: "1ra demora" });
  await chooseCode(admin, adminFirst, "93");
  await adminFirst.getByLabel("Minutos").fill("20");
  await adminViewer.getByRole("textbox", { name: "Observaciones" }).fill("Evaluado por Admin");
  await adminViewer.getByRole("button", { name: "Guardar" }).click();
  await expect(admin.getByText("Información actualizada")).toBeVisible();

  // Slot, from the version it read, types its own and saves: refused, naming Admin.
  await firstEntryOnly(slotViewer);
  const slotFirst = slotViewer.getByRole("group", { name: "1ra demora" });
  await chooseCode(slot, slotFirst, "41");
  await slotFirst.getByLabel("Minutos").fill("35");
  await slotFirst.getByLabel("Causa").fill("Falla en APU");
  await slotViewer.getByRole("textbox", { name: "Observaciones" }).fill("Observaciones de Slot");
  await slotViewer.getByRole("button", { name: "Guardar" }).click();
  // The 409's alert (the live notice "Otro usuario cambió este match" may show beside it).
  const conflict = slotViewer.getByRole("alert").filter({ hasText: `${ADMIN_NAME} cambió este match a las ` });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(`${ADMIN_NAME} cambió este match a las `);
  await expect(conflict).toContainText("lo que usted escribió no se guardó");
  await expect(slot.getByText("Información actualizada")).toHaveCount(0);

  // 'Recargar': Admin's saved values are shown, Slot's typed ones are still in the fields.
  await conflict.getByRole("button", { name: "Recargar" }).click();
  await expect(conflict).toHaveCount(0);
  const saved = slotViewer.getByRole("status", { name: "Guardado ahora por otra persona" });
  await expect(saved).toContainText("93 20 min");
  await expect(saved).toContainText("Evaluado por Admin");
  await expect(slotFirst.getByLabel("Código de demora")).toHaveValue(/^41 ·/);
  await expect(slotFirst.getByLabel("Minutos")).toHaveValue("35");
  await expect(slotFirst.getByLabel("Causa")).toHaveValue("Falla en APU");
  await expect(slotViewer.getByRole("textbox", { name: "Observaciones" })).toHaveValue("Observaciones de Slot");

  // Slot keeps both: Admin's delay beside its own, and saves over the version it now has.
  await slotViewer.getByRole("button", { name: "Agregar demora" }).click();
  const slotSecond = slotViewer.getByRole("group", { name: "2da demora" });
  await chooseCode(slot, slotSecond, "93");
  await slotSecond.getByLabel("Minutos").fill("20");
  await slotViewer.getByRole("textbox", { name: "Observaciones" }).fill("Evaluado por Admin; Observaciones de Slot");
  await slotViewer.getByRole("button", { name: "Guardar" }).click();
  await expect(slot.getByText("Información actualizada")).toBeVisible();
  await expect(saved).toHaveCount(0);

  // Admin opens the match again: both delays and both observations are there.
  await adminViewer.getByRole("button", { name: "Cerrar" }).click();
  const reopened = await openViewer(admin, flight, id);
  await expect(reopened.getByRole("group", { name: "1ra demora" }).getByLabel("Código de demora")).toHaveValue(/^41 ·/);
  await expect(reopened.getByRole("group", { name: "1ra demora" }).getByLabel("Minutos")).toHaveValue("35");
  await expect(reopened.getByRole("group", { name: "2da demora" }).getByLabel("Código de demora")).toHaveValue(/^93 ·/);
  await expect(reopened.getByRole("textbox", { name: "Observaciones" })).toHaveValue("Evaluado por Admin; Observaciones de Slot");

  await adminContext.close();
  await slotContext.close();
});
