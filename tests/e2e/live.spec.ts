/**
 * Two coordinators on one shift (issue 25 items 2 and 3), in two browser contexts: the top bar
 * shows both signed in; the match viewer says who else has the match open; when Admin separates a
 * match, Slot's open viewer says another user changed it and Slot's Entrega de turno follows —
 * the pair's row gives way to the flight and the slot, marked — without Slot pressing anything.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, e2eUsers, signInWith } from "./support";

async function signIn(page: Page, role: "Admin" | "Slot") {
  const user = e2eUsers[role];
  if (!user) throw new Error(`no ${role} user`);
  await signInWith(page, user.email, user.password);
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Ayer" }).click();
  await expect(dataRows(page).first()).toBeVisible();
}

/** A flight–slot pair of the table (OK or DIFF): its flight, slot and match id. */
async function findPair(page: Page) {
  const rows = dataRows(page);
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const status = (await row.locator('[data-field="general_status"]').innerText()).trim();
    if (!/^(OK|DIFF)$/.test(status)) continue;
    const flight = (await row.locator('[data-field="flight_name"]').innerText()).trim();
    const slot = (await row.locator('[data-field="slot_name"]').innerText()).trim();
    if (flight && slot) return { flight, slot };
  }
  throw new Error("no flight–slot pair among the rows shown");
}

// @postgres: the presence and the separation reach Slot as live events, which travel through
// PostgreSQL (LISTEN/NOTIFY on a connection of their own on a server, in-process on PGlite), so
// CI runs this flow on both databases (scripts/e2e-tests.ts).
test("Slot's Entrega de turno and open viewer follow Admin's separation, and the top bar shows both signed in", { tag: "@postgres" }, async ({ browser }) => {
  const adminContext = await browser.newContext();
  const slotContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const slot = await slotContext.newPage();
  try {
    await signIn(admin, "Admin");
    await signIn(slot, "Slot");

    // Who is here: each top bar lists both people.
    for (const page of [admin, slot]) {
      const here = page.getByTestId("presence");
      await expect(here).toHaveAttribute("aria-label", /PruebaAdmin Apellido Admin/);
      await expect(here).toHaveAttribute("aria-label", /PruebaSlot Apellido Slot/);
    }

    const { flight, slot: slotName } = await findPair(admin);
    for (const page of [admin, slot]) await page.getByPlaceholder("Buscar").fill(flight);
    const cell = (page: Page, field: string, text: string) => page.locator(`[data-field="${field}"]`, { hasText: text });
    const pairRow = (page: Page) =>
      dataRows(page).filter({ has: cell(page, "flight_name", flight) }).filter({ has: cell(page, "slot_name", slotName) });
    const flightRows = (page: Page) => dataRows(page).filter({ has: cell(page, "flight_name", flight) });
    await expect(pairRow(slot)).toHaveCount(1);

    // Both open the match: each viewer says who else has it open.
    const adminViewer = admin.getByRole("dialog").filter({ hasText: "Match" });
    const slotViewer = slot.getByRole("dialog").filter({ hasText: "Match" });
    await pairRow(admin).locator('[data-field="flight_name"]').click();
    await expect(adminViewer).toBeVisible();
    await pairRow(slot).locator('[data-field="flight_name"]').click();
    await expect(slotViewer).toBeVisible();
    await expect(adminViewer.getByTestId("match-also-viewing")).toHaveText("También lo ve: PruebaSlot Apellido Slot");
    await expect(slotViewer.getByTestId("match-also-viewing")).toHaveText("También lo ve: PruebaAdmin Apellido Admin");

    // Admin separates the match.
    await adminViewer.getByRole("button", { name: "Desvincular" }).click();
    await admin.getByRole("dialog").filter({ hasText: "¿Desea desvincular el match?" }).getByRole("button", { name: "Confirmar" }).click();
    await expect(admin.getByText("El slot ha sido desvinculado con éxito").first()).toBeVisible();

    // Slot's table (behind its viewer) already follows: no pair any more, the flight alone, marked
    // for a moment as just changed.
    await expect(pairRow(slot)).toHaveCount(0);
    await expect(flightRows(slot)).toHaveCount(1);
    await expect(flightRows(slot)).toHaveClass(/live-changed/);

    // Slot's viewer says so and keeps what it showed until Slot reloads it.
    const notice = slotViewer.getByRole("alert").filter({ hasText: "Otro usuario cambió este match" });
    await expect(notice).toContainText("Otro usuario cambió este match: PruebaAdmin Apellido Admin.");
    await expect(notice.getByRole("button", { name: "Recargar" })).toBeVisible();
    await slotViewer.getByRole("button", { name: "Cerrar" }).first().click();
    await expect(slotViewer).toHaveCount(0);
    await expect(flightRows(slot)).toBeVisible();
    // Its search is as Slot left it.
    await expect(slot.getByPlaceholder("Buscar")).toHaveValue(flight);


  } finally {
    await adminContext.close();
    await slotContext.close();
  }
});
