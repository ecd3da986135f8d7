/**
 * Issue 15 item 3's flow in Chromium: Slot generates the medium-term matches of next month with
 * 'No computar' on the demo season, sees the generation in the list and downloads its CSV.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { addMonthsClamped, formatDate, rangeForPreset } from "../../src/domain/dateRange";
import { addDays } from "../../src/domain/seasons";
import { signInAs } from "./support";

test("Slot generates next month's medium-term matches with 'No computar' and downloads the CSV", async ({ page }, testInfo) => {
  const thisMonth = rangeForPreset("this_month", new Date());
  const start = addMonthsClamped(thisMonth.start, 1);
  const end = addDays(addMonthsClamped(thisMonth.start, 2), -1);

  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Matches" }).click();
  await expect(page.getByRole("heading", { name: "Matches", level: 1 })).toBeVisible();
  // The range defaults to this month.
  await expect(page.getByRole("textbox", { name: "Desde" })).toHaveValue(formatDate(thisMonth.start));

  await page.getByRole("button", { name: "Generar" }).click();
  await page.getByRole("menuitem", { name: "No computar" }).click();
  const dialog = page.getByRole("dialog", { name: "Generar matches a mediano plazo (No computar)" });
  for (const [label, value] of [
    ["Desde", start],
    ["Hasta", end],
  ] as const) {
    const input = dialog.getByRole("textbox", { name: label });
    await input.click();
    await page.keyboard.press("Control+a");
    await input.pressSequentially(formatDate(value).replaceAll("/", ""));
    await expect(input).toHaveValue(formatDate(value));
  }
  await dialog.getByRole("button", { name: "Generar" }).click();
  await expect(page.getByText("Matches a mediano plazo generados con éxito")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Next month overlaps no default filter of this month: widen the list's range to see it.
  const listEnd = page.getByRole("textbox", { name: "Hasta" });
  await listEnd.click();
  await page.keyboard.press("Control+a");
  await listEnd.pressSequentially(formatDate(end).replaceAll("/", ""));
  const row = page.locator("tbody tr").filter({ hasText: formatDate(start) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formatDate(end));
  await expect(row).toContainText("No");

  const downloading = page.waitForEvent("download");
  await row.getByRole("button", { name: `Descargar matches del ${formatDate(start)} al ${formatDate(end)}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Matches ${start} - ${end}.csv`);
  const file = testInfo.outputPath("matches.csv");
  await download.saveAs(file);
  const lines = readFileSync(file, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe(
    "Fecha (UTC);Dirección;Vuelo;Ruta vuelo;Hora programada (UTC);Slot;Ruta slot;Hora slot (UTC);Diferencia (min);Estado;Descripción;Emparejado por",
  );
  // The demo season plans flights every day of next month: hundreds of rows, all inside the range.
  expect(lines.length).toBeGreaterThan(100);
  for (const line of lines.slice(1)) {
    const date = line.slice(0, 10);
    expect(date >= start && date <= end, line).toBe(true);
  }
});
