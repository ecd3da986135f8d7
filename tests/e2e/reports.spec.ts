/**
 * Issue 14's Reportes flow in Chromium (items 1–3): D. completas for last week on the demo
 * season, a record added by hand ('Añadir registro', marked new), a row deleted from the screen
 * (with the seed's confirmation), and the download: a real xlsx with exactly the rows on screen.
 * The send modal (items 4–5) extends this flow.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signInAs } from "./support";

/** The grid's "1–50 de N": N. */
async function total(page: Page, scope = page.locator("main")) {
  const text = await scope.locator(".MuiTablePagination-displayedRows").first().innerText();
  return Number(text.replace(/\s/g, "").split("de").at(-1)?.replace(/\D/g, ""));
}

test("D. completas of last week: add a record, delete one, download the xlsx", async ({ page }) => {
  test.setTimeout(120_000);
  const folder = await mkdtemp(join(tmpdir(), "slotdesk-reports-"));
  try {
    await signInAs(page, "Slot");
    await page.getByRole("group", { name: "Cambiar de vista" }).getByRole("button", { name: "Reporte" }).click();
    await expect(page.getByRole("heading", { name: "Reportes", level: 1 })).toBeVisible();
    await page.getByRole("combobox", { name: "Periodo" }).click();
    await page.getByRole("option", { name: "Semana P." }).click();
    await page.getByRole("tab", { name: "D. completas" }).click();
    const main = page.getByRole("grid", { name: "D. completas" });
    await expect(main.locator(".MuiDataGrid-row").first()).toBeVisible({ timeout: 20_000 });
    await expect(main.getByRole("columnheader", { name: "Causa general" })).toBeVisible();
    const before = await total(page);
    expect(before).toBeGreaterThan(0);

    // Añadir registro: arrivals of the week (the default), one nearly on time (not delayed, so not in the report yet).
    await page.getByRole("button", { name: "Añadir registro" }).click();
    const dialog = page.getByRole("dialog", { name: "Añadir registro" });
    await expect(dialog.getByRole("textbox", { name: "Desde (HH:MM)" })).toHaveValue("00:00");
    await dialog.getByRole("button", { name: "Buscar" }).click();
    const candidate = dialog
      .locator(".MuiDataGrid-row")
      .filter({ has: page.locator('[data-field="diff"]', { hasText: /^-?[0-5]$/ }) })
      .first();
    await expect(candidate).toBeVisible({ timeout: 20_000 });
    const flight = (await candidate.locator('[data-field="flight"]').innerText()).trim();
    await candidate.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Agregar" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => total(page), { timeout: 20_000 }).toBe(before + 1);
    // The added row is the last one, marked new.
    const next = page.getByRole("button", { name: /página siguiente/i });
    while (await next.isEnabled()) await next.click();
    const added = main.locator(".MuiDataGrid-row").filter({ hasText: "Nuevo" });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText(flight);

    // Delete one row: only from the screen, after the confirmation.
    const first = main.locator(".MuiDataGrid-row").first();
    await first.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Eliminar" }).click();
    const confirm = page.getByRole("dialog", { name: "Eliminación de registro" });
    await expect(confirm.getByText("¿Desea eliminar los registros seleccionados?")).toBeVisible();
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await expect.poll(() => total(page)).toBe(before);

    // The download: a real workbook with the rows on screen.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^DEMORAS COMPLETAS \d\d [a-z]{3}\.xlsx$/);
    await expect(page.getByText("Reporte descargado exitosamente")).toBeVisible();
    const file = join(folder, "reporte.xlsx");
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet("Demoras completas");
    if (!sheet) throw new Error("no 'Demoras completas' sheet");
    expect(sheet.getRow(1).getCell(1).value).toBe("Fecha");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(sheet.rowCount).toBe(before + 1);
    const flights = sheet.getColumn(3).values.map(String);
    expect(flights).toContain(flight);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
