/**
 * Season start upload (issue 13 item 1): Admin downloads the template from 'Inicio de Temp.',
 * fills it with a small season, uploads it and finds the season in Bitácora's season selector.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addDays, isoWeekday, nextSeasonCode, seasonBounds, seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import { signInAs } from "./support";

test("Admin fills the template with a small season, uploads it and sees it in the season selector", async ({ page }) => {
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

    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Bitácora" }).click();
    await page.getByRole("combobox", { name: "Temporada" }).click();
    await expect(page.getByRole("option", { name: season.name, exact: true })).toBeVisible();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
