/**
 * Issue 13's Histórico flow on the demo season, in Chromium: Slot opens Histórico, moves the
 * threshold and sees a card change colour, opens its weekly table and downloads the workbook.
 */
import { expect, test } from "@playwright/test";
import { signInAs } from "./support";

test("Slot moves the threshold, a card changes colour, opens the weekly table and downloads the xlsx", async ({ page }) => {
  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Histórico" }).click();
  await expect(page.getByRole("heading", { name: "Histórico", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Umbral de cumplimiento: \d+ %$/)).not.toHaveText("Umbral de cumplimiento: 61 %");
  const before = (await page.getByText(/^Umbral de cumplimiento: \d+ %$/).innerText()).match(/\d+/)?.[0] ?? "80";

  // A series in warning at the stored threshold turns to alert at 100.
  const warn = page.locator('[data-level="warn"]').first();
  await expect(warn).toBeVisible();
  const title = (await warn.getByRole("heading", { level: 3 }).innerText()).trim();
  const card = page.locator("[data-level]").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const slider = page.getByRole("slider");
  await slider.focus();
  await page.keyboard.press("End");
  await expect(page.getByText("Umbral de cumplimiento: 100 %")).toBeVisible();
  await expect(card).toHaveAttribute("data-level", "alert");
  await expect(page.getByText("Información actualizada").first()).toBeVisible();
  // Back to the stored value (PageDown moves 10).
  for (let value = 100; value > Number(before); value -= 10) await page.keyboard.press("PageDown");
  await expect(page.getByText(`Umbral de cumplimiento: ${before} %`)).toBeVisible();
  await expect(card).toHaveAttribute("data-level", "warn");

  await card.getByRole("button").first().click();
  const weekly = page.getByRole("dialog", { name: new RegExp(`^${title} · VB`) });
  await expect(weekly).toBeVisible();
  await expect(weekly.getByRole("columnheader", { name: "Sem 1", exact: true })).toBeVisible();
  await weekly.getByRole("button", { name: "Cerrar" }).click();
  await expect(weekly).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar xlsx" }).click();
  expect((await download).suggestedFilename()).toMatch(/^Histórico [SW]\d\d\.xlsx$/);
});
