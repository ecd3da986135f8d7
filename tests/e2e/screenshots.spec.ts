/**
 * The README's pictures, taken from the real app on the demo season: the sign-in page, Entrega de
 * turno, and a match in the viewer. Every run of the browser suite checks these views render and
 * writes the pictures to test-results/screenshots/; `npm run screenshots` writes them to
 * docs/screenshots/, where the README shows them, so they are never edited by hand.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { dataRows, openViewerFrom, signInAs } from "./support";

const dir = process.env.SCREENSHOTS_DIR || join("test-results", "screenshots");

test("the sign-in page, Entrega de turno and the match viewer, as the README shows them", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await page.screenshot({ path: join(dir, "inicio-de-sesion.png") });

  await signInAs(page, "Slot");
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Ayer" }).click();
  const first = dataRows(page).first();
  await expect(first).toBeVisible();
  await page.screenshot({ path: join(dir, "entrega-de-turno.png") });

  const viewer = page.getByRole("dialog").filter({ hasText: "Match" });
  await openViewerFrom(first, viewer);
  await page.screenshot({ path: join(dir, "visor-de-match.png") });
});
