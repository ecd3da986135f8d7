/**
 * Issue 13's flow in Chromium, as its Tests section describes it: Admin downloads the template
 * from 'Inicio de Temp.', fills it with a small season and uploads it, finds the season in
 * Histórico's season selector (its series green: nothing allocated yet), then on the demo season
 * moves the warning level and sees a card change colour, opens its weekly table and downloads the xlsx.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addDays, isoWeekday, nextSeasonCode, seasonBounds, seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import { signInAs } from "./support";

test("Admin uploads a season from the template, sees it in Histórico, moves the warning level, opens a weekly table and downloads the xlsx", async ({ page }) => {
  // The season after the next one: not among the seasons the server starts with.
  const season = seasonBounds(nextSeasonCode(nextSeasonCode(seasonCodeForDate(todayInZone(new Date())))));
  // Two weeks from its first Monday.
  let monday = season.start_date;
  while (isoWeekday(monday) !== 1) monday = addDays(monday, 1);
  const folder = await mkdtemp(join(tmpdir(), "slotdesk-season-"));
  try {
    await signInAs(page, "Admin");
    await page.getByRole("button", { name: "Configuración" }).click();
    await page.getByRole("menuitem", { name: "Inicio de Temp." }).click();
    const dialog = page.getByRole("dialog", { name: "Inicio de temporada" });

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Descargar plantilla" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Plantilla inicio de temporada.xlsx");
    const template = join(folder, "plantilla.xlsx");
    await download.saveAs(template);

    // Fill it: the example turnaround moved to the season's first two weeks, and an arrival series.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.getWorksheet("Series");
    if (!sheet) throw new Error("the template has no Series sheet");
    const example = sheet.getRow(2);
    example.getCell(3).value = monday;
    example.getCell(4).value = addDays(monday, 13);
    sheet.addRow(["VB1301", "", monday, addDays(monday, 28), "1", 180, "320", "MTY", "07:30", "", "", "J", "ADD"]);
    const filled = join(folder, "temporada.xlsx");
    await workbook.xlsx.writeFile(filled);

    await dialog.getByLabel("Archivo de la temporada").setInputFiles(filled);
    await expect(dialog.getByText("temporada.xlsx")).toBeVisible();
    await dialog.getByRole("textbox", { name: /^Temporada/ }).fill(season.name);
    await expect(dialog.getByRole("textbox", { name: /Fecha de inicio/ })).toHaveValue(season.start_date.split("-").reverse().join("/"));
    await dialog.getByRole("button", { name: "Cargar", exact: true }).click();
    await expect(dialog.getByText("Temporada cargada")).toBeVisible();
    await expect(dialog.getByText(`${season.name}: 3 series, 33 slots (28 históricos, 5 nuevos).`)).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).first().click();

    // The new season in Histórico: three series, every card green (no slot allocated so far).
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Histórico" }).click();
    const seasonSelect = page.getByRole("combobox", { name: "Temporada" });
    await expect(seasonSelect).not.toHaveText(season.name);
    // The seasons arrive after the view opens: read the selected one once it is shown.
    await expect(seasonSelect).toHaveText(/[A-Z]\d{2}/);
    const current = (await seasonSelect.innerText()).trim();
    await seasonSelect.click();
    await page.getByRole("option", { name: season.name, exact: true }).click();
    await expect(page.locator("[data-level]")).toHaveCount(3);
    await expect(page.locator('[data-level="ok"]')).toHaveCount(3);
    // Back to the demo season, where series have flown.
    await seasonSelect.click();
    await page.getByRole("option", { name: current, exact: true }).click();
    await expect(page.locator("[data-level]").nth(3)).toBeVisible();

    await expect(page.getByRole("heading", { name: "Histórico", level: 1 })).toBeVisible();
    // The warning level (issue 27): the stored one, never below the season's threshold (80 %).
    const level = page.getByText(/^Nivel de advertencia: \d+ %$/);
    await expect(level).not.toHaveText("Nivel de advertencia: 61 %");
    const before = Number((await level.innerText()).match(/\d+/)?.[0] ?? "100");

    // A series in warning (at or above the season's threshold, below the warning level) turns
    // green when the warning level comes down to the threshold, the slider's lowest.
    const warn = page.locator('[data-level="warn"]').first();
    await expect(warn).toBeVisible();
    const title = (await warn.getByRole("heading", { level: 3 }).innerText()).trim();
    const card = page.locator("[data-level]").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    const slider = page.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("Home");
    await expect(page.getByText("Nivel de advertencia: 80 %")).toBeVisible();
    await expect(card).toHaveAttribute("data-level", "ok");
    await expect(page.getByText("Información actualizada").first()).toBeVisible();
    // Back to the stored value (End is 100, PageDown moves 10).
    await page.keyboard.press("End");
    for (let value = 100; value > before; value -= 10) await page.keyboard.press("PageDown");
    await expect(page.getByText(`Nivel de advertencia: ${before} %`)).toBeVisible();
    await expect(card).toHaveAttribute("data-level", "warn");

    await card.getByRole("button").first().click();
    const weekly = page.getByRole("dialog", { name: new RegExp(`^${title} · VB`) });
    await expect(weekly).toBeVisible();
    // Each week's header says its days too (issue 24 item 7).
    await expect(weekly.getByRole("columnheader", { name: /^Sem 1 \d{2}\/\d{2} – \d{2}\/\d{2}/ })).toBeVisible();
    await weekly.getByRole("button", { name: "Cerrar" }).click();
    await expect(weekly).toHaveCount(0);

    const workbookDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar xlsx" }).click();
    expect((await workbookDownload).suggestedFilename()).toMatch(/^Histórico [SW]\d\d\.xlsx$/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
