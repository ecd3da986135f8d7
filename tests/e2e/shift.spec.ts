/**
 * Issue 24's shift-team items in Chromium at 1366×768, each on data of its own: the send form kept
 * from Escape (item 3), the first SCR without the coordinator's address (item 4), the weekly table's
 * dates (item 7) and the new generation listed in Matches (item 5). Every test leaves the shared
 * data as the other specs expect it (the Admin's drafts empty, the coordinator's address set).
 */
import { expect, type Page, test } from "@playwright/test";
import { addMonthsClamped, formatDate, rangeForPreset } from "../../src/domain/dateRange";
import { addDays, seasonBounds, seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import { dataRows, signInAs } from "./support";

test.use({ viewport: { width: 1366, height: 768 } });

/** What scripts/e2e-server.ts sets up: the coordinator address and the directory's contact. */
const COORDINATOR = "coordinacion.slots@e2e.example";
const CONTACT = { name: "Operaciones MEX", email: "operaciones.mex@e2e.example" };

/** The CSRF token of the signed-in page's session, for calls through `page.request`. */
async function csrfToken(page: Page): Promise<string> {
  await page.request.get("/api/auth/csrf/");
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
}

/** Empties one of the signed-in user's drafts through the API. */
async function clearDraft(page: Page, type: "new" | "modify" | "cancel") {
  const response = await page.request.delete(`/api/turnover/drafts/?type=${type}`, { headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(response.ok()).toBe(true);
}

/** Sets the coordinator's address through the API (null: none, as on a fresh install). */
async function setCoordinator(page: Page, email: string | null) {
  const settings = await page.request.get("/api/list-settings/?names=coordinator_email");
  const [setting] = (await settings.json()) as { id: number }[];
  if (!setting) throw new Error("no coordinator_email setting");
  const response = await page.request.post("/api/settings/modify/", {
    headers: { "X-CSRFToken": await csrfToken(page) },
    data: { id: setting.id, value: { email } },
  });
  expect(response.ok()).toBe(true);
}

/**
 * As Admin: one match two days ahead into Modificaciones, its slot copied, and the send view open.
 * `nth` picks the match, so that two tests never take the same one.
 */
async function openSendView(page: Page, nth: number) {
  // Only this match in the draft, whatever an earlier flow left there.
  await clearDraft(page, "modify");
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Hoy" }).click();
  await page.getByRole("button", { name: "Día siguiente" }).click();
  await page.getByRole("button", { name: "Día siguiente" }).click();
  await expect(dataRows(page).first()).toBeVisible();
  await page.getByRole("button", { name: "Visualizar" }).click();
  const filter = page.getByRole("dialog", { name: "Visualizar" });
  for (const label of ["X · Vuelo sin slot", "A · Slot sin vuelo", "CA · Cancelado en AIMS", "AH · Límite de horario", "D · Diferencias en campos", "S · En proceso"]) {
    await filter.getByLabel(label).uncheck();
  }
  await filter.getByRole("button", { name: "Aplicar" }).click();
  await expect(filter).toHaveCount(0);
  await dataRows(page).nth(nth).locator('input[type="checkbox"]').check();
  await page.getByRole("button", { name: "Selección" }).click();
  await page.getByRole("menuitem", { name: "Agregar a Modificaciones" }).click();
  await expect(page.getByText("Slots agregados al borrador de Modificaciones")).toBeVisible();

  await page.getByRole("button", { name: "Borradores" }).click();
  await page.getByRole("menuitem", { name: "Modificaciones" }).click();
  const modal = page.getByRole("dialog", { name: "Borrador de modificaciones" });
  await modal.getByRole("button", { name: "Copiar slot" }).click();
  const confirm = page.getByRole("dialog", { name: "Cambiar acción de modificación" });
  if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Continuar" }).click();
  await expect(modal.getByRole("list", { name: "Líneas del borrador" }).locator('[data-line="request"]')).toHaveCount(1);
  await modal.getByRole("button", { name: "Ver borrador" }).click();
  await expect(modal.getByRole("heading", { name: "Confirmar envío de solicitud" })).toBeVisible();
  await expect(modal.getByRole("textbox", { name: /^Referencia/ })).toHaveValue(/^\d+$/);
  return modal;
}

test("item 3: Escape in the send view asks 'Cambios sin guardar' and keeps the S.I., the cc and the confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "Admin");
  try {
    const modal = await openSendView(page, 5);
    const si = modal.getByRole("textbox", { name: /^S\.I\./ });
    await si.pressSequentially("favor de confirmar");
    await modal.getByRole("combobox", { name: "Con copia para (cc)" }).click();
    await page.getByRole("option", { name: `${CONTACT.name} <${CONTACT.email}>` }).click();
    const confirmation = modal.getByRole("checkbox", { name: "Confirmo que la información de la solicitud es correcta" });
    await confirmation.check();

    // Escape asks before anything is lost…
    await page.keyboard.press("Escape");
    const question = page.getByRole("dialog", { name: "Cambios sin guardar" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Seguir editando" }).click();
    await expect(question).toHaveCount(0);
    // …and going on keeps what was typed.
    await expect(modal).toBeVisible();
    await expect(si).toHaveValue("FAVOR DE CONFIRMAR");
    await expect(modal.getByRole("button", { name: `${CONTACT.name} <${CONTACT.email}>` })).toBeVisible();
    await expect(confirmation).toBeChecked();

    // Closing for real, once confirmed.
    await modal.getByRole("button", { name: "Cerrar" }).first().click();
    await page.getByRole("dialog", { name: "Cambios sin guardar" }).getByRole("button", { name: "Cerrar sin guardar" }).click();
    await expect(modal).toHaveCount(0);
  } finally {
    await clearDraft(page, "modify");
  }
});

test("item 4: without the coordinator's address 'Solicitar SCR' is disabled, and the address is set right in the send view", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "Admin");
  try {
    // A fresh install: no coordinator address.
    await setCoordinator(page, null);
    const modal = await openSendView(page, 7);
    await expect(modal.getByText(/No hay un correo del coordinador configurado/)).toBeVisible();
    await modal.getByRole("textbox", { name: /^S\.I\./ }).pressSequentially("favor de confirmar");
    await modal.getByRole("checkbox", { name: "Confirmo que la información de la solicitud es correcta" }).check();
    const send = modal.getByRole("button", { name: "Solicitar SCR" });
    await expect(send).toBeDisabled();

    // The address, set right there: the send can go now.
    await modal.getByRole("textbox", { name: "Correo del coordinador" }).fill(COORDINATOR);
    await modal.getByRole("button", { name: "Guardar correo" }).click();
    await expect(modal.getByText(`Se enviará a ${COORDINATOR}`)).toBeVisible();
    await expect(modal.getByText(/No hay un correo del coordinador configurado/)).toHaveCount(0);
    await expect(send).toBeEnabled();

    await modal.getByRole("button", { name: "Cerrar" }).first().click();
    await page.getByRole("dialog", { name: "Cambios sin guardar" }).getByRole("button", { name: "Cerrar sin guardar" }).click();
    await expect(modal).toHaveCount(0);
  } finally {
    await setCoordinator(page, COORDINATOR);
    await clearDraft(page, "modify");
  }
});

test("item 7: Histórico's weekly table shows each week's dates and marks the current week", async ({ page }) => {
  const today = todayInZone(new Date());
  const season = seasonBounds(seasonCodeForDate(today));
  const dm = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  const week = Math.floor((Date.parse(today) - Date.parse(season.start_date)) / (7 * 86_400_000)) + 1;
  const weekStart = addDays(season.start_date, (week - 1) * 7);

  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Histórico" }).click();
  await expect(page.getByRole("combobox", { name: "Temporada" })).toHaveText(season.name);
  const card = page.locator("[data-level]").first();
  await card.getByRole("button").first().click();
  const weekly = page.getByRole("dialog", { name: /^Serie / });
  await expect(weekly).toBeVisible();

  // Every week says its dates…
  await expect(weekly.getByRole("columnheader", { name: `Sem 1 ${dm(season.start_date)} – ${dm(addDays(season.start_date, 6))}` })).toBeVisible();
  // …and the current one says so, scrolled into view.
  const current = weekly.locator('th[aria-current="date"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(`Sem ${week} ${dm(weekStart)} – ${dm(addDays(weekStart, 6))} Semana actual`);
  await expect(current).toBeInViewport();
  await weekly.getByRole("button", { name: "Cerrar" }).click();
  await expect(weekly).toHaveCount(0);
});

test("item 5: Matches lists the generation just made, and typing 'Hasta' asks only for complete dates", async ({ page }) => {
  // The first week of the month after next: matches.spec.ts generates next month.
  const start = addMonthsClamped(rangeForPreset("this_month", new Date()).start, 2);
  const end = addDays(start, 6);
  const listCalls: { end: string | null; status: number }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname === "/api/matches/medium-term/" && response.request().method() === "GET") {
      listCalls.push({ end: url.searchParams.get("end"), status: response.status() });
    }
  });

  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Matches" }).click();
  await expect(page.getByRole("heading", { name: "Matches", level: 1 })).toBeVisible();
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

  // The new generation is listed at once: the list's range now holds it.
  const row = page.locator("tbody tr").filter({ hasText: formatDate(start) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formatDate(end));
  await expect(page.getByText("No se encontraron datos")).toHaveCount(0);

  // Typing a date in 'Hasta', digit by digit: only complete dates are asked for, none refused.
  listCalls.length = 0;
  const listEnd = page.getByRole("textbox", { name: "Hasta" });
  await listEnd.click();
  await page.keyboard.press("Control+a");
  await listEnd.pressSequentially(formatDate(end).replaceAll("/", ""));
  await expect(listEnd).toHaveValue(formatDate(end));
  await expect(row).toHaveCount(1);
  await page.waitForTimeout(1000);
  expect(listCalls.filter((call) => call.status !== 200)).toEqual([]);
  expect(listCalls.every((call) => call.end === null || /^(19|20|21)\d{2}-\d{2}-\d{2}$/.test(call.end))).toBe(true);
  await expect(page.getByText(/«end»|\bend\b/)).toHaveCount(0);
});
