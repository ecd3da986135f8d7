/**
 * Issue 3's flow on the demo season, in Chromium: open Entrega de turno, filter the high
 * differences, open a match, edit its delays and affectations, separate it, assign the leftover
 * slot back to the flight, and see the table follow each change and the team's work kept
 * (issue 11 item 2).
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, openViewerFrom, signInAs } from "./support";

test("filter high differences, open a match, edit delays, separate it and assign the leftover back, keeping the delays", async ({ page }) => {
  await signInAs(page, "Slot");
  // Yesterday: every demo flight has flown, so real differences exist.
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Ayer" }).click();
  await expect(dataRows(page).first()).toBeVisible();

  await page.getByRole("button", { name: "Visualizar" }).click();
  const filter = page.getByRole("dialog", { name: "Visualizar" });
  for (const label of ["Sin diferencia calculable", "Sin diferencia (0 minutos)", "Menor a 15 minutos"]) {
    await filter.getByLabel(label).uncheck();
  }
  for (const label of ["X · Vuelo sin slot", "A · Slot sin vuelo", "CA · Cancelado en AIMS", "AH · Límite de horario", "D · Diferencias en campos", "S · En proceso"]) {
    await filter.getByLabel(label).uncheck();
  }
  await filter.getByRole("button", { name: "Aplicar" }).click();
  await expect(filter).toHaveCount(0);
  const viewer = page.getByRole("dialog").filter({ hasText: "Match" });

  // The evening's last pair: record the delay that explains it, an observation and how many
  // connections it affected — the team's work that must survive what follows.
  await expect(dataRows(page).first()).toBeVisible();
  const first = dataRows(page).last();
  const flight = (await first.locator('[data-field="flight_name"]').innerText()).trim();
  const slot = (await first.locator('[data-field="slot_name"]').innerText()).trim();
  expect(flight).toMatch(/^VB\d+/);
  await openViewerFrom(first, viewer);
  await expect(viewer.getByText(/^(OK|DIFF) · W26 · \d+$/)).toBeVisible();
  await viewer.getByRole("button", { name: "Editar demoras" }).click();
  const editor = viewer.getByRole("group", { name: "1ra demora" });
  await editor.getByLabel("Código de demora").click();
  await page.getByRole("option", { name: /^93/ }).click();
  await editor.getByLabel("Minutos").fill("20");
  await viewer.getByRole("textbox", { name: "Observaciones" }).fill("Revisado con tráfico");
  await viewer.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Información actualizada")).toBeVisible();
  await viewer.getByRole("button", { name: "Afectaciones" }).click();
  await viewer.getByLabel("Número (93)").fill("12");
  await viewer.getByRole("button", { name: "Guardar afectación 93" }).click();
  await expect(page.getByText("Afectación actualizada con éxito")).toBeVisible();

  // Separate it: the confirmation says what is kept; the dialog closes and the row leaves the table.
  await viewer.getByRole("button", { name: "Desvincular" }).click();
  const confirmSeparate = page.getByRole("dialog").filter({ hasText: "¿Desea desvincular el match?" });
  await expect(confirmSeparate).toContainText("Las demoras, observaciones y afectaciones del vuelo se conservan.");
  await confirmSeparate.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("El slot ha sido desvinculado con éxito").first()).toBeVisible();
  await expect(viewer).toHaveCount(0);
  await expect(dataRows(page).filter({ hasText: flight }).filter({ hasText: slot })).toHaveCount(0);
  expect(await flightIsAlone(page, flight), "the separated flight stays without slot").toBe(true);

  // The flight now has no slot: show the flights without slot and assign the leftover back.
  await page.getByRole("button", { name: "Visualizar" }).click();
  await filter.getByLabel("Seleccionar todo").check();
  for (const label of [
    "A · Slot sin vuelo",
    "CA · Cancelado en AIMS",
    "AH · Límite de horario",
    "D · Diferencias en campos",
    "S · En proceso",
    "DIFF · Diferencia de horario de hasta 15 minutos",
    "OK · Sin diferencias",
  ]) {
    await filter.getByLabel(label).uncheck();
  }
  await filter.getByRole("button", { name: "Aplicar" }).click();
  await page.getByPlaceholder("Buscar").fill(flight);
  const alone = dataRows(page).filter({ hasText: flight }).first();
  await expect(alone).toBeVisible();
  await openViewerFrom(alone, viewer);
  await expect(viewer.getByText("Revisado con tráfico")).toBeVisible();
  await viewer.getByRole("button", { name: "Asignar slot" }).click();
  await viewer.getByRole("radio", { name: new RegExp(`^Elegir ${slot} `) }).first().check();
  await viewer.getByRole("button", { name: "Asignar", exact: true }).click();
  await page.getByRole("dialog").filter({ hasText: "¿Desea asignar el slot" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("El Slot ha sido asignado con éxito")).toBeVisible();
  await expect(viewer).toHaveCount(0);
  // Back in the table as a match again (the X filter no longer shows it; every status does)…
  await expect(dataRows(page).filter({ hasText: flight })).toHaveCount(0);
  await page.getByRole("button", { name: "Visualizar" }).click();
  await filter.getByLabel("Seleccionar todo").check();
  await filter.getByRole("button", { name: "Aplicar" }).click();
  const paired = dataRows(page).filter({ hasText: flight }).filter({ hasText: slot }).first();
  await expect(paired).toBeVisible();
  // …with its delay, observation and affectation as the team left them.
  await openViewerFrom(paired, viewer);
  await expect(viewer.getByText("Revisado con tráfico")).toBeVisible();
  await expect(viewer.getByText("93 · 20 min").first()).toBeVisible();
  await viewer.getByRole("button", { name: "Afectaciones" }).click();
  await expect(viewer.getByLabel("Número (93)")).toHaveValue("12");
});

/** Whether the flight is in yesterday's turnover (Mexico City) without slot, asked with the page's session. */
async function flightIsAlone(page: Page, flight: string): Promise<boolean> {
  const yesterday = new Date(Date.now() - 6 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const answer = await page.request.post("/api/turnover/", {
    headers: { "x-csrftoken": csrf },
    data: { start: yesterday, end: yesterday, time_zone: "America/Mexico_City" },
  });
  expect(answer.status()).toBe(200);
  const rows = (await answer.json()) as Array<{ flight_name: string | null; slot_id: number | null }>;
  return rows.some((row) => row.flight_name === flight && row.slot_id === null);
}

test("a month of the demo season (about 6,000 rows) is one list that scrolls to its last row", async ({ page }) => {
  // A month read for the first time builds its rows' cache: seconds on a busy machine.
  test.setTimeout(120_000);
  await signInAs(page, "Seguimiento");
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Este mes" }).click();
  await expect(dataRows(page).first()).toBeVisible();

  // The footer counts every row of the month; there are no pages to step through.
  const count = page.getByTestId("turnover-row-count");
  const rowCount = async () => Number((await count.innerText()).replace(/\D/g, ""));
  // The month's rows replace the first range's when they arrive.
  await expect.poll(rowCount, { timeout: 60_000 }).toBeGreaterThan(5000);
  await expect(count).toHaveText(/^[\d,]+ registros$/);
  const total = await rowCount();
  await expect(page.getByRole("button", { name: /página siguiente/i })).toHaveCount(0);

  // Scrolling to the end brings the month's last row (aria-rowindex counts the header as 1).
  const scroller = page.locator(".MuiDataGrid-virtualScroller");
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.locator(`.MuiDataGrid-row[aria-rowindex="${total + 1}"]`)).toBeVisible();
  // …and only a window of rows is in the page at any time (virtualised).
  expect(await dataRows(page).count()).toBeLessThan(200);
});
