/**
 * Issue 22, item 5, in Chromium: a Slot user uploads a real-shaped schedule (SSIM Chapter 7 with
 * CRLF, trimmed records, an overnight leg with a blank date variation, another airline, and one
 * line whose station cannot be read) in Cargas de datos, reads the preview's warnings and the bad
 * line, confirms leaving that line out, sees the load in the history (the left-out line
 * downloadable), and finds the file's flights in Entrega de turno.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { dataRows, signInAs } from "./support";

const FIXTURE = join(import.meta.dirname, "../fixtures/schedule/real-shaped.ssim");

test("a schedule with warnings and one bad line is previewed, loaded without that line, listed and seen in Entrega de turno", async ({ page }) => {
  // The apply re-matches every date the file touches (about 60, its open-ended period runs to the
  // season's end) over the demo season: well over the default 10 s on a busy machine.
  test.setTimeout(180_000);
  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Cargas de datos" }).click();
  await expect(page.getByRole("heading", { name: "Cargas de datos", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Cargas de datos - Slotdesk");
  await expect(page.getByRole("combobox", { name: /Tipo de archivo/ })).toHaveText("Itinerario (SSIM capítulo 7)");

  // The file, read by the form, then previewed: nothing is written yet.
  await page.getByLabel(/^Archivo/).setInputFiles(FIXTURE);
  await expect(page.getByText("real-shaped.ssim", { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "Vista previa" }).click();
  const preview = page.getByRole("region", { name: "Vista previa de real-shaped.ssim" });
  await expect(preview).toBeVisible();
  await expect(preview.getByText("1 línea con error")).toBeVisible();
  await expect(preview.getByText(/^\d+ avisos$/)).toBeVisible();
  await expect(preview.getByText(/Se asumió llegada al día siguiente/).first()).toBeVisible();
  const problems = preview.getByRole("table", { name: "Avisos y errores por línea" });
  const badRow = problems.getByRole("row").filter({ hasText: "M X15001500" });
  await expect(badRow).toHaveCount(1);
  await expect(badRow.getByText("Error", { exact: true })).toBeVisible();
  const newFlights = Number((await preview.getByLabel("Nuevos").innerText()).trim());
  const changedFlights = Number((await preview.getByLabel("Modificados").innerText()).trim());
  expect(newFlights + changedFlights).toBeGreaterThan(0);
  await expect(preview.getByLabel("Fechas que se volverán a emparejar")).toContainText("01/12/2026");

  // Confirm leaving the bad line out: every other line loads.
  await preview.getByRole("button", { name: /^Cargar \d+ líneas y omitir 1 con error$/ }).click();
  await expect(page.getByText(`Carga aplicada: ${newFlights} nuevos`)).toBeVisible({ timeout: 120_000 });
  await expect(preview).toHaveCount(0);

  // The history lists it, with who loaded it, and the left-out line downloads.
  const history = page.getByRole("table", { name: "Historial de cargas" });
  const row = history.getByRole("row").filter({ hasText: "real-shaped.ssim" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Cargado");
  await expect(row).toContainText("Navegador");
  await expect(row).toContainText("Itinerario (SSIM)");
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "Descargar las líneas omitidas de real-shaped.ssim" }).click();
  const skipped = await download;
  expect(skipped.suggestedFilename()).toBe("real-shaped-omitidas.txt");
  expect(readFileSync(await skipped.path(), "utf8")).toContain("M X15001500");

  // Entrega de turno over the file's first week shows its flights.
  await page.evaluate(() => {
    localStorage.setItem("range", JSON.stringify(["2026-12-01", "2026-12-07"]));
    localStorage.setItem("range_preset", "custom");
    window.dispatchEvent(new CustomEvent("slotdesk:range"));
  });
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Entrega de turno" }).click();
  await expect(page.getByRole("heading", { name: "Entrega de turno", level: 1 })).toBeVisible();
  await page.getByPlaceholder("Buscar").fill("VB900");
  await expect(dataRows(page).filter({ hasText: "VB900" }).first()).toBeVisible();
});
