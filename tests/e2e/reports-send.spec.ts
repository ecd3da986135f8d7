/**
 * Issue 14 items 4–5 in Chromium on the demo season: a Reportes user opens D. completas for last
 * week, chooses the send-to contact (saved as the report's template, with the next scheduled
 * send), opens 'Confirmación de envío de reporte', is stopped until the review box is ticked,
 * confirms, and the e-mail arrives at the test SMTP server with the report's .xlsx attached and
 * the cc; then the Admin finds the run in Panel de administrador → Envíos de reportes.
 */
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { receivedMails, signInAs } from "./support";

const CONTACT = "operaciones.mex@e2e.example";

test("send D. completas of last week by e-mail with its xlsx, and find the run as Admin", async ({ page, browser }) => {
  await signInAs(page, "Reportes");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Reportes" }).click();
  await expect(page.getByRole("heading", { name: "Reportes" })).toBeVisible();
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Semana P." }).click();
  await page.getByRole("tab", { name: "D. completas" }).click();
  await expect(page.getByRole("grid").getByRole("row").nth(1)).toBeVisible();

  // The send-to contact is saved at once, and the next send says which day it carries.
  await page.getByRole("combobox", { name: "Enviar a" }).click();
  await page.getByRole("option", { name: /Operaciones MEX/ }).click();
  await expect(page.getByText("Información de envío actualizada")).toBeVisible();
  await expect(page.getByLabel(/^Próximo envío: \d\d\/\d\d\/\d{4} 06:00 \(reporte del \d\d\/\d\d\/\d{4}\) Cada envío programado lleva el reporte del día anterior/)).toBeVisible();

  await page.getByRole("button", { name: "Enviar reporte" }).click();
  const modal = page.getByRole("dialog", { name: "Confirmación de envío de reporte" });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel("Tipo")).toHaveText("Demoras completas");
  await expect(modal.getByLabel("Enviar a")).toHaveText(CONTACT);
  await expect(modal.getByRole("grid").getByRole("row").nth(1)).toBeVisible();

  await modal.getByRole("button", { name: "Enviar", exact: true }).click();
  const ask = page.getByRole("dialog", { name: "Envío de reporte", exact: true });
  await expect(ask).toContainText("Debe confirmar que ha leído y revisado el reporte");
  await ask.getByRole("button", { name: "Entendido" }).click();
  await expect(ask).toHaveCount(0);

  const before = receivedMails().length;
  await modal.getByRole("checkbox", { name: "He revisado y confirmo el envío del reporte" }).check();
  await modal.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(ask).toContainText("Confirma el envío de reporte Demoras completas");
  await ask.getByRole("button", { name: "Confirmar" }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByText("Reporte enviado con éxito")).toBeVisible({ timeout: 15_000 });

  await expect.poll(() => receivedMails().slice(before).filter((m) => m.to.includes(CONTACT)).length).toBe(1);
  const mail = receivedMails().slice(before).find((m) => m.to.includes(CONTACT));
  expect(mail?.subject).toMatch(/^Demoras completas · /);
  expect(mail?.text).toContain("Se adjunta el reporte Demoras completas de MEX del ");
  expect(mail?.attachments).toHaveLength(1);
  const file = mail?.attachments[0];
  expect(file?.filename).toMatch(/^DEMORAS COMPLETAS \d\d [a-z]{3}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(Buffer.from(file?.base64 ?? "", "base64")).buffer);
  expect(book.worksheets[0]?.rowCount).toBeGreaterThan(1);

  // The Admin sees the run, who sent it and the SMTP server's answer.
  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, "Admin");
  await adminPage.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await adminPage.getByRole("tab", { name: "Envíos de reportes" }).click();
  const row = adminPage.getByRole("row").filter({ hasText: "Demoras completas" }).first();
  await expect(row).toContainText("Manual: reportes@e2e.example");
  await expect(row).toContainText(CONTACT);
  await expect(row).toContainText("Entregado");
  await row.click();
  await expect(adminPage.getByRole("dialog")).toContainText(/250/);
});
