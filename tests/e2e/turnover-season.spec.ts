/**
 * Entrega de turno over the whole IATA season W26 (issue 35): the ~31,000 rows of the demo season
 * are one list whose count, quick search, sort, selection and CSV cover every row of the range,
 * its last day included, as they do for a day.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { dataRows, e2eUsers, signInWith } from "./support";

const W26 = ["2026-10-25", "2027-03-27"];

async function openSeason(page: Page) {
  const user = e2eUsers.Slot;
  if (!user) throw new Error("no Slot user");
  await signInWith(page, user.email, user.password);
  await page.evaluate(
    (range) => {
      localStorage.setItem("range", JSON.stringify(range));
      localStorage.setItem("range_preset", "custom");
      localStorage.setItem("time_zone", "local");
    },
    W26,
  );
  await page.reload();
}

const number = (text: string) => Number(text.replace(/[^\d]/g, ""));

test("the season W26 as one range: the count, search, sort, selection and CSV cover every row", async ({ page }) => {
  // A season read for the first time builds its rows' cache: seconds on a busy machine.
  test.setTimeout(240_000);
  await openSeason(page);
  const count = page.getByTestId("turnover-row-count");
  await expect.poll(async () => number(await count.innerText()), { timeout: 120_000 }).toBeGreaterThan(25_000);
  await expect(count).toHaveText(/^[\d,]+ registros$/);
  const total = number(await count.innerText());

  // The CSV holds every row of the season: a header and one line per row.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar CSV" }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, "utf8").split(/\r?\n/).filter((line) => line !== "");
  expect(lines.length - 1).toBe(total);

  // The quick search reaches the season's last day (dates as the table shows them, in Mexico City).
  await page.getByPlaceholder("Buscar").fill("27/03/2027");
  await expect(count).toHaveText(/^[\d,]+ de [\d,]+ registros$/, { timeout: 60_000 });
  const shown = number((await count.innerText()).split(" de ")[0] ?? "");
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(total);
  const firstDate = dataRows(page).first().locator('[data-field="slot_date"], [data-field="flight_date"]');
  await expect(firstDate.filter({ hasText: "27/03/2027" }).first()).toBeVisible();

  // Selecting every row the search shows selects exactly those; cleared, the search keeps them selected.
  await page.getByRole("checkbox", { name: "Seleccionar todas las filas" }).check();
  await expect(page.getByText(`${shown.toLocaleString("en-US")} seleccionados`)).toBeVisible();
  await page.getByPlaceholder("Buscar").fill("");
  await expect(count).toHaveText(`${total.toLocaleString("en-US")} registros`);
  await expect(page.getByText(`${shown.toLocaleString("en-US")} seleccionados`)).toBeVisible();

  // Sorted by the slot's date, newest first: the season's last day leads.
  // The slot's columns are to the right of what 1366 px show: the grid is scrolled to them.
  await page.locator(".MuiDataGrid-virtualScroller").evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const header = page.getByRole("columnheader", { name: /Fecha slot/ });
  await header.click();
  await header.click();
  await expect(dataRows(page).first().locator('[data-field="slot_date"]')).toHaveText("27/03/2027");
});
