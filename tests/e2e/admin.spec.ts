/**
 * Issue 5's flow in the real browser, with a real SMTP server: an Admin invites a person, the
 * link in the e-mail the SMTP server received sets a password, the new user signs in and sees
 * their role's menus; the Admin blocks them and their next click returns to the login page.
 */
import { expect, test } from "@playwright/test";
import { EXPECTED_MENU } from "../seed-expectations";
import { e2eUsers, type ReceivedMail, receivedMails, signInWith, trackCspViolations } from "./support";

async function mailFor(address: string): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = receivedMails().find((mail) => mail.to.includes(address));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail reached ${address}`);
}

test("an invited person sets a password from the e-mail, signs in, and is sent out once blocked", async ({ browser }) => {
  const adminPage = await (await browser.newContext()).newPage();
  const cspViolations = await trackCspViolations(adminPage);
  const admin = e2eUsers.Admin;
  if (!admin) throw new Error("no Admin user");
  await signInWith(adminPage, admin.email, admin.password);
  await adminPage.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await expect(adminPage).toHaveTitle("Panel de administrador - Slotdesk");

  const email = `invitada.${Date.now()}@aerolinea.example`;
  await adminPage.getByRole("button", { name: "Agregar usuario" }).click();
  const form = adminPage.getByRole("dialog");
  await form.getByRole("textbox", { name: "Nombre" }).fill("Inés");
  await form.getByRole("textbox", { name: "Apellido" }).fill("Vargas");
  // The generated form checks the schema in the page (a precompiled validator, in Spanish) before anything leaves.
  await form.getByRole("textbox", { name: /Correo electrónico/ }).fill("no-es-correo");
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form.getByText("Ingrese un correo electrónico válido")).toBeVisible();
  await expect(form.getByText("Este campo es obligatorio")).toBeVisible();
  await form.getByRole("textbox", { name: /Correo electrónico/ }).fill(email);
  await form.getByRole("combobox", { name: /Rol/ }).click();
  await adminPage.getByRole("option", { name: "Seguimiento" }).click();
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(adminPage.getByText("Correo enviado")).toBeVisible();
  expect(await cspViolations()).toEqual([]);
  const row = adminPage.getByRole("row").filter({ hasText: email });
  await expect(row.getByLabel("Este usuario no ha concluido su registro")).toBeVisible();
  await expect(row).toContainText("---");

  const mail = await mailFor(email);
  expect(mail.subject).toBe("Invitación a Slotdesk");
  const link = /http:\/\/\S+\/auth\/set-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in:\n${mail.text}`);

  const personContext = await browser.newContext();
  const person = await personContext.newPage();
  await person.goto(link);
  await expect(person.getByRole("heading", { name: "Bienvenido a Slotdesk" })).toBeVisible();
  const password = "una contraseña nueva y larga";
  await person.getByLabel("Contraseña", { exact: true }).fill(password);
  await person.getByLabel("Confirmar contraseña").fill(password);
  await person.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(person).toHaveURL(/\/auth\/login/);
  await expect(person.getByText("Contraseña guardada. Ya puede iniciar sesión.")).toBeVisible();

  await signInWith(person, email, password);
  const menu = person.getByRole("navigation", { name: "Menú principal" });
  const shown = await menu.getByRole("link").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));
  expect(shown).toEqual(EXPECTED_MENU.Seguimiento);

  // The link worked once: opening it again says so.
  await person.goto(link);
  await expect(person.getByText(/El enlace ya no es válido/)).toBeVisible();
  await person.goto("/turnover");
  await expect(menu).toBeVisible();

  // The Admin blocks them; the list no longer shows the pending dot.
  await adminPage.reload();
  const activeRow = adminPage.getByRole("row").filter({ hasText: email });
  await expect(activeRow.getByLabel("Este usuario no ha concluido su registro")).toHaveCount(0);
  await activeRow.getByText("Inés Vargas").click();
  await adminPage.getByRole("menuitem", { name: "Bloquear" }).click();
  await adminPage.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await expect(adminPage.getByText("Información actualizada")).toBeVisible();
  await expect(activeRow.getByText("Bloqueado")).toBeVisible();

  // Their next click returns them to the login page with the expired-session notice.
  await menu.getByRole("link", { name: "Bitácora" }).click();
  await expect(person).toHaveURL(/\/auth\/login/);
  await expect(person.getByText("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO")).toBeVisible();
  await person.getByLabel("Correo electrónico").fill(email);
  await person.getByLabel("Contraseña").fill(password);
  await person.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(person.getByText(/bloqueada/)).toBeVisible();
});

test("editing a user of each role shows their own role, and Guardar keeps it (issue 11 item 1)", async ({ page }) => {
  const admin = e2eUsers.Admin;
  if (!admin) throw new Error("no Admin user");
  await signInWith(page, admin.email, admin.password);
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await expect(page).toHaveTitle("Panel de administrador - Slotdesk");

  // One invited person per role, so the shared e2e users keep theirs.
  const stamp = Date.now();
  const people = (["Admin", "Slot", "Seguimiento", "Reportes"] as const).map((role) => ({
    role,
    email: `edicion.${role.toLowerCase()}.${stamp}@aerolinea.example`,
  }));
  for (const { role, email } of people) {
    await page.getByRole("button", { name: "Agregar usuario" }).click();
    const form = page.getByRole("dialog");
    await form.getByRole("textbox", { name: "Nombre" }).fill("Edición");
    await form.getByRole("textbox", { name: "Apellido" }).fill(role);
    await form.getByRole("textbox", { name: /Correo electrónico/ }).fill(email);
    await form.getByRole("combobox", { name: /Rol/ }).click();
    await page.getByRole("option", { name: role, exact: true }).click();
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Correo enviado")).toBeVisible();
    await expect(form).toHaveCount(0);
  }

  for (const { role, email } of people) {
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByText(`Edición ${role}`).click();
    await page.getByRole("menuitem", { name: "Editar" }).click();
    const form = page.getByRole("dialog", { name: "Editar usuario" });
    await expect(form.getByRole("combobox", { name: /Rol/ })).toHaveText(role);
    // Saved untouched first, then with a new last name: neither changes the role.
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Información actualizada").first()).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(row.getByRole("combobox", { name: `Rol de Edición ${role}` })).toHaveText(role);

    await row.getByText(`Edición ${role}`).click();
    await page.getByRole("menuitem", { name: "Editar" }).click();
    await expect(form.getByRole("combobox", { name: /Rol/ })).toHaveText(role);
    await form.getByRole("textbox", { name: "Apellido" }).fill(`${role} Editado`);
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form).toHaveCount(0);
    await expect(row.getByRole("combobox", { name: `Rol de Edición ${role} Editado` })).toHaveText(role);
  }

  // What the server holds, not what the page remembers.
  await page.reload();
  for (const { role, email } of people) {
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("combobox", { name: `Rol de Edición ${role} Editado` })).toHaveText(role);
  }

  // The audit log has the last-name edits and no role change for any of them.
  await page.getByRole("tab", { name: "Auditoría" }).click();
  await page.getByPlaceholder("Buscar").fill(`.${stamp}@`);
  const edits = page.getByRole("row").filter({ hasText: "Editó un usuario" });
  await expect(edits).toHaveCount(people.length);
  for (const { role } of people) await expect(edits.filter({ hasText: `Apellido: ${role} → ${role} Editado` })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Cambió el rol" })).toHaveCount(0);
  await expect(edits.filter({ hasText: "Rol:" })).toHaveCount(0);
});
