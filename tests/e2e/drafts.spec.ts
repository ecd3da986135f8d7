/**
 * Issue 4's flow on the demo season, in Chromium against a real SMTP server: from Entrega de turno
 * add two matches to Modificaciones, open the drafts modal, pick 'Copiar slot', break a line and
 * see the Spanish validation message, fix it, send the SCR with a cc, see the record in Bitácora
 * and the message the SMTP server received (to the coordinator, cc the contact, the exact lines);
 * back in Entrega de turno the two matches are in process.
 */
import { expect, test } from "@playwright/test";
import { dataRows, receivedMails, signInAs } from "./support";

/** What scripts/e2e-server.ts sets up: the coordinator address and the directory's contact. */
const COORDINATOR = "coordinacion.slots@e2e.example";
const CONTACT = { name: "Operaciones MEX", email: "operaciones.mex@e2e.example" };

/** A request line with its time (the 4 digits beside the station) replaced. */
const withTime = (line: string, time: string): string =>
  line.replace(/ ([A-Z]{3})(\d{4}) ([A-Z])$/, ` $1${time} $3`).replace(/ (\d{4})([A-Z]{3}) ([A-Z])$/, ` ${time}$2 $3`);

const timeOf = (line: string): string => {
  const found = / [A-Z]{3}(\d{4}) [A-Z]$/.exec(line) ?? / (\d{4})[A-Z]{3} [A-Z]$/.exec(line);
  if (!found?.[1]) throw new Error(`no time in ${line}`);
  return found[1];
};

test("add two matches to Modificaciones, copy the slots, fix a line, send the SCR with a cc, find it in Bitácora and in the mailbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, "Slot");

  // Two days ahead: every slot is past the 12-hour modification cut-off.
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Hoy" }).click();
  await page.getByRole("button", { name: "Día siguiente" }).click();
  await page.getByRole("button", { name: "Día siguiente" }).click();
  await expect(dataRows(page).first()).toBeVisible();

  // Only matches (a flight paired with its slot).
  await page.getByRole("button", { name: "Visualizar" }).click();
  const filter = page.getByRole("dialog", { name: "Visualizar" });
  for (const label of ["X · Vuelo sin slot", "A · Slot sin vuelo", "CA · Cancelado en AIMS", "AH · Límite de horario", "D · Diferencias en campos", "S · En proceso"]) {
    await filter.getByLabel(label).uncheck();
  }
  await filter.getByRole("button", { name: "Aplicar" }).click();
  await expect(filter).toHaveCount(0);

  const rowCount = page.getByTestId("turnover-row-count");
  await expect(rowCount).toHaveText(/^[\d,]+ registros$/);
  const rowsBefore = Number((await rowCount.innerText()).replace(/\D/g, ""));

  const slots: string[] = [];
  for (const index of [0, 1]) {
    const row = dataRows(page).nth(index);
    slots.push((await row.locator('[data-field="slot_name"]').innerText()).trim());
    await row.locator('input[type="checkbox"]').check();
  }
  expect(slots.every((slot) => /^VB\d+/.test(slot))).toBe(true);
  await page.getByRole("button", { name: "Selección" }).click();
  await page.getByRole("menuitem", { name: "Agregar a Modificaciones" }).click();
  await expect(page.getByText("Slots agregados al borrador de Modificaciones")).toBeVisible();

  // The drafts modal, Modificaciones.
  await page.getByRole("button", { name: "Borradores" }).click();
  await page.getByRole("menuitem", { name: "Modificaciones" }).click();
  const modal = page.getByRole("dialog", { name: "Borrador de modificaciones" });
  await expect(modal).toBeVisible();
  for (const slot of slots) await expect(modal.getByText(slot, { exact: true }).first()).toBeVisible();

  await modal.getByRole("button", { name: "Copiar slot" }).click();
  const confirm = page.getByRole("dialog", { name: "Cambiar acción de modificación" });
  if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Continuar" }).click();
  await expect(modal.getByRole("button", { name: "Copiar slot" })).toHaveAttribute("aria-pressed", "true");

  // Copy slot: each request line is its change line under the request letter.
  const rows = modal.getByRole("list", { name: "Líneas del borrador" });
  const changeLines = rows.locator('[data-line="change"]');
  const requestLines = rows.locator('[data-line="request"]');
  await expect(changeLines).toHaveCount(2);
  await expect(requestLines).toHaveCount(2);
  const changes = (await changeLines.allInnerTexts()).map((text) => text.trim());
  const requests = (await requestLines.allInnerTexts()).map((text) => text.trim());
  for (const [index, change] of changes.entries()) {
    expect(change.startsWith("C")).toBe(true);
    expect(requests[index]?.slice(1)).toBe(change.slice(1));
  }

  // Edit the first request line: a time that is not a multiple of 5 is refused in Spanish…
  const original = requests[0] ?? "";
  const minute = (Number(timeOf(original).slice(2)) + 5) % 60;
  const fixedTime = `${timeOf(original).slice(0, 2)}${String(minute).padStart(2, "0")}`;
  const brokenTime = `${fixedTime.slice(0, 3)}${Number(fixedTime.slice(3)) + 2}`;
  await modal.getByRole("button", { name: "Editar Solicitud, fila 1" }).click();
  const field = modal.getByRole("textbox", { name: "Solicitud, fila 1" });
  await field.fill(withTime(original, brokenTime));
  await expect(modal.getByText("El horario de operación debe ser un múltiplo de 5")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Ver borrador" })).toBeDisabled();
  // …and accepted once fixed.
  const fixed = withTime(original, fixedTime);
  await field.fill(fixed);
  await expect(modal.getByText("El horario de operación debe ser un múltiplo de 5")).toHaveCount(0);
  await field.press("Enter");
  await expect(requestLines.first()).toHaveText(fixed);
  const sentRequests = [fixed, ...requests.slice(1)];

  // The send view.
  await modal.getByRole("button", { name: "Ver borrador" }).click();
  await expect(modal.getByRole("heading", { name: "Confirmar envío de solicitud" })).toBeVisible();
  const reference = modal.getByRole("textbox", { name: /^Referencia/ });
  await expect(reference).not.toHaveValue("");
  const referenceNumber = await reference.inputValue();
  const summary = modal.getByRole("table", { name: /Resumen de la solicitud/ });
  for (const line of [...changes, ...sentRequests]) await expect(summary.getByText(line, { exact: true })).toBeVisible();

  await modal.getByRole("textbox", { name: /^S\.I\./ }).pressSequentially("favor de confirmar");
  await expect(modal.getByRole("textbox", { name: /^S\.I\./ })).toHaveValue("FAVOR DE CONFIRMAR");
  await expect(modal.getByRole("textbox", { name: "G.I." })).toHaveValue("SALUDOS/P. APELLIDO SLOT");
  await modal.getByRole("combobox", { name: "Con copia para (cc)" }).click();
  await page.getByRole("option", { name: `${CONTACT.name} <${CONTACT.email}>` }).click();
  // The exact message, built by the server before anything is sent.
  await expect(modal.getByLabel("Parte 1")).toContainText("SI FAVOR DE CONFIRMAR");
  const send = modal.getByRole("button", { name: "Solicitar SCR" });
  await expect(send).toBeDisabled();
  await modal.getByRole("checkbox", { name: "Confirmo que la información de la solicitud es correcta" }).check();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText("La solicitud ha sido enviada exitosamente")).toBeVisible();

  // The SMTP server got it: to the coordinator, cc the contact, with the exact lines.
  await expect.poll(() => receivedMails().filter((mail) => mail.to.includes(COORDINATOR)).length).toBeGreaterThan(0);
  const mail = receivedMails().filter((m) => m.to.includes(COORDINATOR)).at(-1);
  if (!mail) throw new Error("no mail to the coordinator");
  expect(mail.to).toContain(CONTACT.email);
  expect(mail.headers.to).toContain(COORDINATOR);
  expect(mail.headers.cc).toContain(CONTACT.email);
  const lines = mail.text.split("\n");
  expect(lines[0]).toBe("SCR");
  expect(lines).toContain("MEX");
  const dataLines = lines.filter((line) => /^[CRL] ?VB/.test(line));
  expect(dataLines).toEqual([changes[0], sentRequests[0], changes[1], sentRequests[1]]);
  expect(lines).toContain("SI FAVOR DE CONFIRMAR");
  expect(lines).toContain("GI SALUDOS/P. APELLIDO SLOT");

  // Entrega de turno reloaded behind the modal: the two matches are in process now ('S'), which
  // the table's filter hides.
  await modal.getByRole("button", { name: "Cerrar" }).first().click();
  await expect(modal).toHaveCount(0);
  await expect(rowCount).toHaveText(`${(rowsBefore - 2).toLocaleString("en-US")} registros`);

  // Bitácora shows the record.
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Bitácora" }).click();
  await expect(page.getByRole("heading", { name: "Bitácora", level: 1 })).toBeVisible();
  const record = page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: referenceNumber, exact: true }) });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText("Modificación");
  await expect(record).toContainText("PruebaSlot Apellido Slot");
  await record.getByText("Modificación").click();
  const viewer = page.getByRole("dialog", { name: /^Solicitud/ });
  await expect(viewer.getByLabel("Mensaje enviado")).toContainText(sentRequests[0] ?? "");
  await expect(viewer.getByRole("table", { name: "Líneas" }).getByText(sentRequests[1] ?? "", { exact: true })).toBeVisible();
});
