/**
 * Issue 25 in the real browser: two Admins open the same contact's edit form in the Panel de
 * administrador. Ana Pérez saves first; the second Admin's save is refused with the message naming
 * Ana, what they typed stays in the form, and after 'Recargar' and 'Volver a lo que escribí' their
 * save goes through from the current version. Nothing either typed is lost.
 */
import { expect, type Page, test } from "@playwright/test";
import { e2eUsers, type ReceivedMail, receivedMails, signInWith } from "./support";

async function csrfOf(page: Page): Promise<string> {
  await page.request.get("/api/auth/csrf/");
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
}

async function mailFor(address: string): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = receivedMails().find((mail) => mail.to.includes(address));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail reached ${address}`);
}

/** Opens Directorio and the edit form of the contact with this e-mail. */
async function openContact(page: Page, email: string) {
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await page.getByRole("tab", { name: "Directorio" }).click();
  await page.getByRole("row").filter({ hasText: email }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar contacto" });
  await expect(dialog.getByRole("textbox", { name: /Anotaciones/ })).toHaveValue("Responde en 72 h");
  return dialog;
}

// @postgres: two sessions write one contact (the version check that refuses the stale save), so
// CI runs this flow on both databases (scripts/e2e-tests.ts).
test("the second of two Admins saving one contact sees who saved first, keeps what they typed, and saves after 'Recargar'", { tag: "@postgres" }, async ({ browser }) => {
  const admin = e2eUsers.Admin;
  if (!admin) throw new Error("no Admin user");
  const second = await (await browser.newContext()).newPage();
  await signInWith(second, admin.email, admin.password);

  // A second Admin, Ana Pérez, invited and registered through the API, and a contact for both to edit.
  const stamp = Date.now();
  const anaEmail = `ana.perez.${stamp}@aerolinea.example`;
  const csrf = await csrfOf(second);
  const invited = await second.request.post("/api/users/add/", {
    headers: { "x-csrftoken": csrf },
    data: { email: anaEmail, role: "Admin", name: "Ana", last_name: "Pérez" },
  });
  expect(invited.status()).toBe(201);
  const token = /token=([A-Za-z0-9_-]+)/.exec((await mailFor(anaEmail)).text)?.[1];
  if (!token) throw new Error("no token in the invitation");
  const anaPassword = "una contraseña larga de Ana";
  const registered = await second.request.post("/api/auth/set-password/", {
    headers: { "x-csrftoken": csrf },
    data: { token, password: anaPassword, password_confirmation: anaPassword },
  });
  expect(registered.status()).toBe(204);
  const contactEmail = `coordinacion.${stamp}@aicm.example`;
  const created = await second.request.post("/api/contacts/create", {
    headers: { "x-csrftoken": csrf },
    data: { name: "Coordinación AICM", email: contactEmail, notes: "Responde en 72 h" },
  });
  expect(created.status()).toBe(201);

  const ana = await (await browser.newContext()).newPage();
  await signInWith(ana, anaEmail, anaPassword);
  const anaForm = await openContact(ana, contactEmail);
  const secondForm = await openContact(second, contactEmail);

  await anaForm.getByRole("textbox", { name: /Anotaciones/ }).fill("Ana: responde en 48 h");
  await anaForm.getByRole("button", { name: "Guardar" }).click();
  await expect(ana.getByText("Información actualizada")).toBeVisible();

  const notes = secondForm.getByRole("textbox", { name: /Anotaciones/ });
  await notes.fill("Escrito por el segundo Admin");
  await secondForm.getByRole("button", { name: "Guardar" }).click();
  await expect(secondForm.getByText(/^Ana Pérez cambió el contacto .+ a las \d{2}:\d{2} \(hora de México\)/)).toBeVisible();
  await expect(notes).toHaveValue("Escrito por el segundo Admin");

  await secondForm.getByRole("button", { name: "Recargar" }).click();
  await expect(notes).toHaveValue("Ana: responde en 48 h");
  await expect(secondForm.getByText("Anotaciones: Escrito por el segundo Admin")).toBeVisible();
  await secondForm.getByRole("button", { name: "Volver a lo que escribí" }).click();
  await expect(notes).toHaveValue("Escrito por el segundo Admin");
  await secondForm.getByRole("button", { name: "Guardar" }).click();
  await expect(second.getByText("Información actualizada")).toBeVisible();
  await expect(second.getByRole("row").filter({ hasText: contactEmail })).toContainText("Escrito por el segundo Admin");
});
