/**
 * Issue 36 item 10, in Chromium at 1366×768: Entrega de turno keeps the flight ("Vuelo") pinned at
 * the left while the grid scrolls sideways to the slot's columns, and a person's column choice is
 * saved for them (on the server) and is there again after a reload.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, signInAs } from "./support";

const header = (page: Page, field: string) => page.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`);

async function columnMenu(page: Page, field: string) {
  await header(page, field).hover();
  await header(page, field).getByRole("button", { name: "Menú" }).click();
}

test("at 1366×768 the flight column stays pinned while scrolling sideways, and a hidden column stays hidden after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, "Seguimiento");
  await expect(dataRows(page).first()).toBeVisible();

  // Scrolled all the way right, to the slot's columns: the flight is still there, at the left.
  const scroller = page.locator(".MuiDataGrid-virtualScroller");
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(200);
  await expect(header(page, "slot_status")).toBeInViewport({ ratio: 1 });
  await expect(header(page, "flight_name")).toBeInViewport({ ratio: 1 });
  const flightCell = dataRows(page).first().locator('[data-field="flight_name"]');
  await expect(flightCell).toBeInViewport({ ratio: 1 });
  const grid = await page.locator(".MuiDataGrid-root").boundingBox();
  const pinned = await flightCell.boundingBox();
  expect((pinned?.x ?? 9999) - (grid?.x ?? 0)).toBeLessThan(60);
  await scroller.evaluate((element) => element.scrollTo({ left: 0 }));

  // Hide "Ruta" (the flight's route) from its column menu: saved for this person.
  await expect(header(page, "flight_route")).toHaveCount(1);
  const saved = page.waitForResponse((response) => response.url().includes("/api/account/preferences/") && response.request().method() === "PUT");
  await columnMenu(page, "flight_route");
  await page.getByRole("menuitem", { name: "Ocultar" }).click();
  expect((await saved).status()).toBe(200);
  await expect(header(page, "flight_route")).toHaveCount(0);

  try {
    await page.reload();
    await expect(dataRows(page).first()).toBeVisible();
    await expect(header(page, "flight_name")).toHaveCount(1);
    await expect(header(page, "flight_route")).toHaveCount(0);
  } finally {
    // Shown again, for the other flows: 'Administrar columnas' from another column's menu.
    await columnMenu(page, "flight_status");
    await page.getByRole("menuitem", { name: "Administrar columnas" }).click();
    const restored = page.waitForResponse((response) => response.url().includes("/api/account/preferences/") && response.request().method() === "PUT");
    await page.getByRole("checkbox", { name: "Ruta" }).first().check();
    expect((await restored).status()).toBe(200);
  }
  await page.keyboard.press("Escape");
  await expect(header(page, "flight_route")).toHaveCount(1);
});
