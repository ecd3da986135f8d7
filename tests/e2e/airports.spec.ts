/**
 * Issue 37 in the real browser: an Admin makes JFK a held airport in Panel de administrador →
 * Aeropuertos (New York's zone, its coordinator), the top bar's airport picker appears with it,
 * and the airport chosen there is still chosen after a reload (kept in the person's preferences).
 * JFK is left as it was found, so the other flows see a MEX-only install.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, signInAs } from "./support";

async function csrfOf(page: Page): Promise<string> {
  await page.request.get("/api/auth/csrf/");
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
}

interface AirportRow {
  id: number;
  code: string;
  name: string;
  city: string;
  country: string;
  time_zone: string;
  active: boolean;
  version: number;
}

const isAirportRow = (value: unknown): value is AirportRow =>
  typeof value === "object" && value !== null && "code" in value && "id" in value && "version" in value;

async function airportRow(page: Page, code: string): Promise<AirportRow> {
  const body: unknown = await (await page.request.get("/api/airports/")).json();
  const found = Array.isArray(body) ? body.filter(isAirportRow).find((row) => row.code === code) : undefined;
  if (!found) throw new Error(`no airport ${code}`);
  return found;
}

test("an Admin makes JFK a held airport in New York's zone; the picker offers it and remembers the choice after a reload", async ({ page }) => {
  // An admin edit, two reloads and the restore: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await signInAs(page, "Admin");
  const picker = page.getByRole("combobox", { name: "Aeropuerto" });
  // A MEX-only install: nothing to pick.
  await expect(page.getByRole("navigation", { name: "Menú principal" })).toBeVisible();
  await expect(picker).toHaveCount(0);
  const before = await airportRow(page, "JFK");
  try {
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
    await page.getByRole("tab", { name: "Aeropuertos" }).click();
    await page.getByRole("textbox", { name: "Buscar" }).fill("JFK");
    await page.getByRole("row").filter({ hasText: "John F. Kennedy" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar aeropuerto JFK" });
    await dialog.getByRole("textbox", { name: /Zona horaria/ }).fill("America/New_York");
    await dialog.getByRole("textbox", { name: /Correo del coordinador/ }).fill("slots@jfk.example");
    await dialog.getByRole("checkbox", { name: /Activo/ }).check();
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Información actualizada")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "John F. Kennedy" })).toContainText("America/New_York");

    // The picker shows the held airports, MEX chosen; the person picks JFK.
    await expect(picker).toHaveText("MEX");
    await picker.click();
    await page.getByRole("option", { name: "JFK · Nueva York" }).click();
    await expect(picker).toHaveText("JFK");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Aeropuerto" })).toHaveText("JFK");
  } finally {
    const now = await airportRow(page, "JFK");
    const csrf = await csrfOf(page);
    await page.request.put(`/api/airports/${now.id}/`, {
      headers: { "x-csrftoken": csrf },
      data: { name: before.name, city: before.city, country: before.country, time_zone: before.time_zone, active: before.active, version: now.version },
    });
    const preferences: unknown = await (await page.request.get("/api/account/preferences/")).json();
    if (typeof preferences === "object" && preferences !== null && "version" in preferences && "turnover_hidden_columns" in preferences) {
      await page.request.put("/api/account/preferences/", {
        headers: { "x-csrftoken": csrf },
        data: { turnover_hidden_columns: preferences.turnover_hidden_columns, airport: null, version: preferences.version },
      });
    }
  }
});

test("picking JFK shows JFK's flights in New York's time; picking MEX back shows MEX's rows and zone", async ({ page }) => {
  // Issue 37 item 3. scripts/e2e-server.ts added VB4901 MEX→JFK to JFK's register (15:00Z every day
  // around today); JFK is made held through the API and restored after, as above.
  test.setTimeout(180_000);
  await signInAs(page, "Admin");
  const zoneShown = page.getByTestId("turnover-zone");
  const jfkRows = dataRows(page).filter({ hasText: "VB4901" });
  await expect(zoneShown).toHaveText("Local · America/Mexico_City");
  await expect(dataRows(page).first()).toBeVisible();
  await expect(jfkRows).toHaveCount(0);
  const before = await airportRow(page, "JFK");
  const csrf = await csrfOf(page);
  try {
    const activated = await page.request.put(`/api/airports/${before.id}/`, {
      headers: { "x-csrftoken": csrf },
      data: { name: before.name, city: before.city, country: before.country, time_zone: "America/New_York", active: true, version: before.version },
    });
    expect(activated.ok()).toBe(true);
    await page.reload();
    const picker = page.getByRole("combobox", { name: "Aeropuerto" });
    await picker.click();
    await page.getByRole("option", { name: "JFK · Nueva York" }).click();
    await expect(picker).toHaveText("JFK");

    // JFK's rows only, in New York's time: the arrival at 15:00Z is 10:00 local, 15:00 in UTC.
    await expect(zoneShown).toHaveText("Local · America/New_York");
    await expect(jfkRows.first()).toBeVisible();
    await expect(dataRows(page).filter({ hasNotText: "VB4901" })).toHaveCount(0);
    await expect(jfkRows.first().locator('[data-field="flight_scheduled"]')).toHaveText("10:00");
    const zoneToggle = page.getByRole("group", { name: "Zona horaria" });
    await zoneToggle.getByRole("button", { name: "UTC" }).click();
    await expect(jfkRows.first().locator('[data-field="flight_scheduled"]')).toHaveText("15:00");
    await zoneToggle.getByRole("button", { name: "Local" }).click();
    await expect(jfkRows.first().locator('[data-field="flight_scheduled"]')).toHaveText("10:00");

    // MEX again: its rows and Mexico City's zone, none of JFK's.
    await picker.click();
    await page.getByRole("option", { name: /^MEX/ }).click();
    await expect(picker).toHaveText("MEX");
    await expect(zoneShown).toHaveText("Local · America/Mexico_City");
    await expect(dataRows(page).first()).toBeVisible();
    await expect(jfkRows).toHaveCount(0);
  } finally {
    const now = await airportRow(page, "JFK");
    await page.request.put(`/api/airports/${now.id}/`, {
      headers: { "x-csrftoken": csrf },
      data: { name: before.name, city: before.city, country: before.country, time_zone: before.time_zone, active: before.active, version: now.version },
    });
    const preferences: unknown = await (await page.request.get("/api/account/preferences/")).json();
    if (typeof preferences === "object" && preferences !== null && "version" in preferences && "turnover_hidden_columns" in preferences) {
      await page.request.put("/api/account/preferences/", {
        headers: { "x-csrftoken": csrf },
        data: { turnover_hidden_columns: preferences.turnover_hidden_columns, airport: null, version: preferences.version },
      });
    }
  }
});
