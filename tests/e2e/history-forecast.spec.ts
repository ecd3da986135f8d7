/**
 * Issue 24, item 1, in Chromium at 1366×768: a Histórico card answers one question at today's
 * rate. A series at risk says how many of its remaining slots it must operate on time to get back
 * to the threshold — never the reassuring "Puede perder N vuelos" beside 'En riesgo' — and one at
 * or above it says how many more it can lose at that rate. Reportes moves the threshold (it may
 * not save it), so the stored setting other flows read stays as it was.
 */
import { expect, test } from "@playwright/test";
import { signInAs } from "./support";

test.use({ viewport: { width: 1366, height: 768 } });

test("an at-risk series says what it must operate, one above the threshold what it can still lose", async ({ page }) => {
  await signInAs(page, "Reportes");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Histórico" }).click();
  await expect(page.getByRole("heading", { name: "Histórico", level: 1 })).toBeVisible();
  const cards = page.locator("[data-level]");
  await expect(cards.nth(3)).toBeVisible();

  // At 100 % every series that has lost anything is at risk.
  await page.getByRole("slider").focus();
  await page.keyboard.press("End");
  await expect(page.getByText("Umbral de cumplimiento: 100 %")).toBeVisible();
  const atRisk = cards.filter({ hasText: "En riesgo" });
  await expect(atRisk.first()).toBeVisible();
  const risky = atRisk.first();
  await expect(risky).toContainText(/Debe operar \d+ de los \d+ restantes|No vuelve al 100 % aunque opere los \d+ restantes/);
  await expect(risky).not.toContainText(/puede perder/i);
  const text = await risky.innerText();
  const must = /Debe operar (\d+) de los (\d+) restantes/.exec(text);
  if (must) expect(Number(must[1])).toBeLessThanOrEqual(Number(must[2]));

  // At 0 % no series is at risk: each says how many more it can lose at today's rate.
  await page.keyboard.press("Home");
  await expect(page.getByText("Umbral de cumplimiento: 0 %")).toBeVisible();
  await expect(cards.filter({ hasText: "En riesgo" })).toHaveCount(0);
  await expect(cards.first()).toContainText(/A este ritmo puede perder \d+ vuelos? más/);
});
