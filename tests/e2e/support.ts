/**
 * What the browser flows share: the demo users scripts/e2e-server.ts created (one per role), the
 * sign-in form, and the mailbox of its SMTP server.
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";

export const e2eUsers = JSON.parse(readFileSync(String(process.env.E2E_USERS_FILE), "utf8")) as Record<
  string,
  { email: string; password: string }
>;

/** The rows of the turnover grid (MUI X DataGrid) that are rendered now. */
export const dataRows = (page: Page) => page.locator(".MuiDataGrid-row");

/**
 * Signs in through the form and waits for the default view, Entrega de turno, inside the shell
 * (its side menu): the shell's code loads once signed in, so the URL can change a moment first.
 */
export async function signInWith(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/turnover$/);
  await expect(page.getByRole("navigation", { name: "Menú principal" })).toBeVisible();
}

/**
 * Opens the match viewer from a turnover row by clicking its flight cell, as a person would: a
 * click while the grid redraws its rows can land on a cell being replaced (the cell takes the
 * focus, no viewer opens; seen in full runs on a busy machine), so it clicks again until the
 * viewer shows.
 */
export async function openViewerFrom(row: Locator, viewer: Locator) {
  await expect(async () => {
    if (!(await viewer.isVisible())) await row.locator('[data-field="flight_name"]').click({ timeout: 5_000 });
    await expect(viewer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}

/** Signs in as the e2e server's user of that role. */
export async function signInAs(page: Page, role: string) {
  const user = e2eUsers[role];
  if (!user) throw new Error(`no ${role} user`);
  await signInWith(page, user.email, user.password);
}

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  /** The attached files, their bytes in base64 (scripts/e2e-server.ts). */
  attachments: { filename: string; contentType: string; base64: string }[];
}

/** Every message the SMTP server has received so far, oldest first. */
export const receivedMails = (): ReceivedMail[] =>
  readFileSync(String(process.env.E2E_MAIL_FILE), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ReceivedMail);

/**
 * Collects the Content-Security-Policy violations a page reports (the forms validate with
 * precompiled functions, so the policy has no 'unsafe-eval': a violation would mean a library
 * compiled code at run time and that screen is broken in production). Call before navigating.
 */
export async function trackCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, "__cspViolations", seen);
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => {
    const seen: unknown = await page.evaluate(() => Reflect.get(window, "__cspViolations"));
    return Array.isArray(seen) ? seen.map(String) : [];
  };
}
