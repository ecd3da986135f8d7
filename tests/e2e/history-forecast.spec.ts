/**
 * Issues 24 (item 1) and 27 (item 1), in Chromium at 1366×768: an Admin edits the season's usage
 * threshold in Temporadas, and Histórico's forecast follows it. A Histórico card answers one
 * question at today's rate: a series at risk says how many of its remaining slots it must operate
 * on time to get back to the season's threshold — never the reassuring "Puede perder N vuelos"
 * beside 'En riesgo' — and one at or above it says how many more it can lose at that rate. The
 * warning level's slider cannot go below the season's threshold. The season's rule is put back.
 */
import { expect, type Page, test } from "@playwright/test";
import { seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import { signInAs } from "./support";

test.use({ viewport: { width: 1366, height: 768 } });

const SEASON = seasonCodeForDate(todayInZone(new Date()));

/** Admin → Temporadas → the current season's form: its usage threshold set to `value`. */
async function setThreshold(page: Page, value: number) {
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await page.getByRole("tab", { name: "Temporadas" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: SEASON, exact: true }) });
  await row.getByRole("cell", { name: SEASON, exact: true }).click();
  const form = page.getByRole("dialog", { name: "Corregir temporada" });
  // The form says what comes in the season's calendar.
  await expect(form.getByRole("region", { name: "Calendario de la temporada" })).toContainText("Fecha base de históricos (HBD)");
  await form.getByRole("spinbutton", { name: /^Umbral de uso/ }).fill(String(value));
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText(`${value} % · ±15 min · fuera de tolerancia no cuenta`);
}

async function openHistory(page: Page) {
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Histórico" }).click();
  await expect(page.getByRole("heading", { name: "Histórico", level: 1 })).toBeVisible();
  await expect(page.locator("[data-level]").nth(3)).toBeVisible();
}

test("an Admin sets the season's threshold: at-risk series say what they must operate, the others what they can still lose", async ({ page }) => {
  await signInAs(page, "Admin");
  try {
    // At 100 % every series that has lost anything is at risk, and the warning level cannot be lower.
    await setThreshold(page, 100);
    await openHistory(page);
    await expect(page.getByText("Nivel de advertencia: 100 %")).toBeVisible();
    await expect(page.getByTestId("season-rule")).toHaveText(`Regla de ${SEASON}: umbral 100 % · tolerancia ±15 min`);
    const cards = page.locator("[data-level]");
    const atRisk = cards.filter({ hasText: "En riesgo" });
    await expect(atRisk.first()).toBeVisible();
    const risky = atRisk.first();
    await expect(risky).toHaveAttribute("data-level", "alert");
    await expect(risky).toContainText(/Debe operar \d+ de los \d+ restantes|No vuelve al 100 % aunque opere los \d+ restantes/);
    await expect(risky).not.toContainText(/puede perder/i);
    const text = await risky.innerText();
    const must = /Debe operar (\d+) de los (\d+) restantes/.exec(text);
    if (must) expect(Number(must[1])).toBeLessThanOrEqual(Number(must[2]));

    // At 0 % no series is at risk: each says how many more it can lose at today's rate.
    await setThreshold(page, 0);
    await openHistory(page);
    await expect(cards.filter({ hasText: "En riesgo" })).toHaveCount(0);
    await expect(cards.first()).toContainText(/Margen: puede perder \d+ vuelos? más sin bajar del umbral/);
    await expect(page.locator('[data-level="alert"]')).toHaveCount(0);
  } finally {
    await setThreshold(page, 80);
  }
});
