/**
 * A fresh install without an SMTP server (issue 24 item 6): the second e2e server runs without
 * one (playwright.config.ts). Inviting a person must not say 'Correo enviado': the invitation
 * stays in Correos as 'Sin enviar', and the Admin is told so, with the address.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInWith } from "./support";

const users = JSON.parse(readFileSync(String(process.env.E2E_NO_SMTP_USERS_FILE), "utf8")) as Record<
  string,
  { email: string; password: string }
>;

test.use({ baseURL: String(process.env.E2E_NO_SMTP_URL) });

test("an invitation on a server without SMTP says it was not sent and shows in Correos as 'Sin enviar'", async ({ page }) => {
  const admin = users.Admin;
  if (!admin) throw new Error("no Admin user on the server without SMTP");
  await signInWith(page, admin.email, admin.password);
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();

  const email = `sin.correo.${Date.now()}@aerolinea.example`;
  await page.getByRole("button", { name: "Agregar usuario" }).click();
  const form = page.getByRole("dialog");
  await form.getByRole("textbox", { name: "Nombre" }).fill("Rosa");
  await form.getByRole("textbox", { name: "Apellido" }).fill("Méndez");
  await form.getByRole("textbox", { name: /Correo electrónico/ }).fill(email);
  await form.getByRole("combobox", { name: /Rol/ }).click();
  await page.getByRole("option", { name: "Seguimiento" }).click();
  await form.getByRole("button", { name: "Guardar" }).click();

  await expect(
    page.getByText(
      `Usuario ${email} registrado, pero la invitación no se envió: no hay un servidor de correo (SMTP) configurado y quedó en Panel de administrador → Correos como «Sin enviar».`,
    ),
  ).toBeVisible();
  await expect(page.getByText("Correo enviado")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();

  await page.getByRole("tab", { name: "Correos" }).click();
  const invitation = page.getByRole("row").filter({ hasText: email });
  await expect(invitation).toContainText("Invitación a Slotdesk");
  await expect(invitation).toContainText("Sin enviar: no hay servidor de correo configurado");
});
