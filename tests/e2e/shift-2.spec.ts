/**
 * Issue 24, items 8, 9 and 10, at the team's 1366×768 screen, in Chromium on the demo season:
 * the match viewer shows every time in the zone the user chose and its slot-change table fits; a
 * record added in Reportes is confirmed and shown. What these tests write they take back, so the
 * other specs find the demo season as they expect it.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, openViewerFrom, signInAs } from "./support";

test.use({ viewport: { width: 1366, height: 768 } });

type Row = {
  id: number;
  flight_id: number | null;
  slot_id: number | null;
  flight_name: string | null;
  slot_name: string | null;
  slot_status: string | null;
};
type Leftover = { id: number; name: string; slot_schedule_date: string; slot_schedule_time: string };
type Change = { lines: { actual: string | null; request: string | null } };

const DAY_MS = 86_400_000;
const MEX = "America/Mexico_City";

async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
}

/** A day's turnover (a Mexico City day) as the API gives it, asked with the page's session. */
async function turnoverOf(page: Page, day: string): Promise<Row[]> {
  const answer = await page.request.post("/api/turnover/", {
    headers: { "x-csrftoken": await csrfOf(page) },
    data: { start: day, end: day, time_zone: MEX },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Row[];
}

/** `yyyy-MM-dd` of an instant in Mexico City. */
const mexDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: MEX }).format(new Date(ms));

/** `dd/MM/yyyy` and `HH:mm` of an instant in a zone, as the viewer shows them. */
function shown(ms: number, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("day")}/${part("month")}/${part("year")}`, time: `${part("hour")}:${part("minute")}` };
}

/** Shows Entrega de turno over one Mexico City day in the given zone and opens the viewer of a flight's row. */
async function openViewer(page: Page, day: string, zone: "local" | "utc", flight: string, slot: string | null) {
  await page.evaluate(
    ([d, z]) => {
      localStorage.setItem("range", JSON.stringify([d, d]));
      localStorage.setItem("range_preset", "custom");
      localStorage.setItem("time_zone", z ?? "local");
    },
    [day, zone],
  );
  await page.reload();
  await page.getByPlaceholder("Buscar").fill(flight);
  let row = dataRows(page).filter({ has: page.locator('[data-field="flight_name"]', { hasText: new RegExp(`^${flight}$`) }) });
  if (slot) row = row.filter({ has: page.locator('[data-field="slot_name"]', { hasText: new RegExp(`^${slot}$`) }) });
  await expect(row.first()).toBeVisible();
  const viewer = page.getByRole("dialog").filter({ hasText: "Match" });
  await openViewerFrom(row.first(), viewer);
  return viewer;
}

test("item 9: the viewer's leftover slots are in the zone the user chose, like its cards, and the slot-change table fits at 1366 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "Slot");

  // A flight without slot that has leftover slots to take, on one of the days around today.
  let found: { day: string; row: Row; leftovers: Leftover[] } | null = null;
  let withChanges: { day: string; row: Row } | null = null;
  for (const offset of [-1, 0, 1, 2, -2, 3]) {
    const day = mexDay(Date.now() + offset * DAY_MS);
    const rows = await turnoverOf(page, day);
    if (!withChanges) {
      for (const row of rows.filter((r) => r.flight_id !== null && r.slot_id !== null && r.slot_status === "K").slice(0, 20)) {
        const changes = (await (await page.request.get(`/api/turnover/${row.id}/changes/`)).json()) as Change[];
        if (changes.some((change) => change.lines.actual && change.lines.request)) {
          withChanges = { day, row };
          break;
        }
      }
    }
    if (!found) {
      for (const row of rows.filter((r) => r.flight_id !== null && r.slot_id === null)) {
        const leftovers = (await (await page.request.get(`/api/turnover/${row.id}/slot_leftovers/`)).json()) as Leftover[];
        if (leftovers.length > 0) {
          found = { day, row, leftovers };
          break;
        }
      }
    }
    if (found && withChanges) break;
  }
  expect(found, "a flight without slot with leftover slots").toBeTruthy();
  expect(withChanges, "a matched slot with changes").toBeTruthy();
  if (!found || !withChanges) return;
  const leftover = found.leftovers[0] as Leftover;
  const leftoverMs = Date.parse(`${leftover.slot_schedule_date}T${leftover.slot_schedule_time}:00Z`);

  for (const [zone, timeZone] of [
    ["local", MEX],
    ["utc", "UTC"],
  ] as const) {
    const viewer = await openViewer(page, found.day, zone, found.row.flight_name ?? "", null);
    await viewer.getByRole("button", { name: "Asignar slot", exact: true }).click();
    const table = viewer.getByRole("table", { name: "Asignar slot sobrante" });
    const expected = shown(leftoverMs, timeZone);
    const choose = { name: `Elegir ${leftover.name} del ${expected.date} ${expected.time}` };
    await expect(table.getByRole("radio", choose), `the leftover ${leftover.name} at ${expected.time} ${zone}`).toHaveCount(1);
    const cells = table.getByRole("row").filter({ has: page.getByRole("radio", choose) }).getByRole("cell");
    await expect(cells.nth(3)).toHaveText(expected.date);
    await expect(cells.nth(4)).toHaveText(expected.time);
    // The column says the zone, as the viewer's hint above the cards does.
    await expect(table.getByRole("columnheader", { name: zone === "utc" ? "Hora (UTC)" : "Hora (local)" })).toBeVisible();
    await viewer.getByRole("button", { name: "Cerrar" }).click();
    await expect(viewer).toHaveCount(0);
  }

  // The slot's changes: its SSIM lines are long, yet the table fits the dialog (no sideways scroll, nothing cut).
  const viewer = await openViewer(page, withChanges.day, "local", withChanges.row.flight_name ?? "", withChanges.row.slot_name);
  await viewer.getByRole("button", { name: "Cambios de slot" }).click();
  const changes = viewer.getByRole("table", { name: "Historial de cambios del slot" });
  await expect(changes.getByRole("row").nth(1)).toBeVisible();
  const fits = await changes.evaluate((table) => {
    const box = table.parentElement;
    const dialog = table.closest(".MuiDialogContent-root");
    if (!box || !dialog) return false;
    return box.scrollWidth <= box.clientWidth && table.getBoundingClientRect().right <= dialog.getBoundingClientRect().right;
  });
  expect(fits, "the slot-change table fits the viewer at 1366 px").toBe(true);
});

test("item 8: a record added in Reportes is confirmed and shown, marked, without paging to it", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "Slot");
  await page.getByRole("group", { name: "Cambiar de vista" }).getByRole("button", { name: "Reporte" }).click();
  await expect(page.getByRole("heading", { name: "Reportes", level: 1 })).toBeVisible();
  await page.getByRole("combobox", { name: "Periodo" }).click();
  // The season so far: the demo's delays are rare (about one operation in a hundred), and a week of
  // them no longer fills the report's first page of 50.
  await page.getByRole("option", { name: "Temporada", exact: true }).click();
  await page.getByRole("tab", { name: "D. completas" }).click();
  const main = page.getByRole("grid", { name: "D. completas" });
  await expect(main.locator(".MuiDataGrid-row").first()).toBeVisible({ timeout: 20_000 });
  // The report spans more than one page: the added row, at its end, is not on the first one.
  await expect(page.getByRole("button", { name: /página siguiente/i })).toBeEnabled();

  await page.getByRole("button", { name: "Añadir registro" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir registro" });
  await dialog.getByRole("button", { name: "Buscar" }).click();
  const candidate = dialog
    .locator(".MuiDataGrid-row")
    .filter({ has: page.locator('[data-field="diff"]', { hasText: /^-?[0-5]$/ }) })
    .first();
  await expect(candidate).toBeVisible({ timeout: 20_000 });
  const flight = (await candidate.locator('[data-field="flight"]').innerText()).trim();
  await candidate.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Agregar" }).click();
  await expect(dialog).toBeHidden();

  // Said in Spanish, and shown: the table is on the new row's page, the row marked and in view.
  await expect(page.getByText("Se añadió 1 registro al reporte")).toBeVisible({ timeout: 20_000 });
  const added = main.locator(".MuiDataGrid-row").filter({ hasText: "Nuevo" });
  await expect(added).toHaveCount(1, { timeout: 20_000 });
  await expect(added).toContainText(flight);
  await expect(added).toBeInViewport();
  await expect(added).toHaveClass(/report-row-added/);
});

test("item 10: Entrega de turno counts one row in the singular ('1 seleccionado')", async ({ page }) => {
  await signInAs(page, "Slot");
  // A row with a flight (a leftover slot has no flight name to search for).
  const withFlight = dataRows(page).filter({ has: page.locator('[data-field="flight_name"]', { hasText: /^VB\d+/ }) });
  await expect(withFlight.first()).toBeVisible({ timeout: 20_000 });
  const flight = (await withFlight.first().locator('[data-field="flight_name"]').innerText()).trim();
  await page.getByPlaceholder("Buscar").fill(flight);
  await expect(page.getByTestId("turnover-row-count")).toHaveText(/^\d+ de [\d,]+ registros$/);
  await dataRows(page).first().getByRole("checkbox").check();
  await expect(page.getByText("1 seleccionado", { exact: true })).toBeVisible();
  await dataRows(page).first().getByRole("checkbox").uncheck();
});

test("item 10: the next person on the same browser starts on today's range in local time, not the last one's", async ({ page }) => {
  await signInAs(page, "Slot");
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Ayer" }).click();
  await page.getByRole("group", { name: "Zona horaria" }).getByRole("button", { name: "UTC" }).click();
  await expect(page.getByRole("combobox", { name: "Periodo" })).toHaveText("Ayer");
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await signInAs(page, "Seguimiento");
  await expect(page.getByRole("combobox", { name: "Periodo" })).toHaveText("Hoy");
  await expect(page.getByRole("group", { name: "Zona horaria" }).getByRole("button", { name: "Local" })).toHaveAttribute("aria-pressed", "true");
});

test("item 10: Histórico says its xlsx was downloaded", async ({ page }) => {
  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Histórico" }).click();
  const seasonSelect = page.getByRole("combobox", { name: "Temporada" });
  await expect(seasonSelect).toHaveText(/[A-Z]\d{2}/);
  const season = (await seasonSelect.innerText()).trim();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar xlsx" }).click();
  expect((await downloading).suggestedFilename()).toBe(`Histórico ${season}.xlsx`);
  await expect(page.getByText(`Histórico ${season} descargado`)).toBeVisible();
});

test("item 10: a form's check says what is wrong on the fields, without a 'Form validation failed' in the console", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  await signInAs(page, "Admin");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await page.getByRole("button", { name: "Agregar usuario" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByText("Este campo es obligatorio").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  expect(logged.filter((text) => text.includes("Form validation failed"))).toEqual([]);
});

test("item 10: a season refused for its dates says them as dd/mm/yyyy", async ({ page }) => {
  await signInAs(page, "Admin");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Panel de administrador" }).click();
  await page.getByRole("tab", { name: "Temporadas" }).click();
  await page.getByRole("button", { name: "Agregar temporada" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar temporada" });
  await dialog.getByRole("textbox", { name: /^Temporada/ }).fill("S29");
  const start = dialog.getByRole("textbox", { name: /^Inicio/ });
  await expect(start).toHaveValue("25/03/2029");
  await start.fill("01/04/2029");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  // Refused (nothing is created), in the sentence's own date format.
  await expect(dialog.getByText("La temporada S29 empieza el 25/03/2029 (regla IATA).").first()).toBeVisible();
  await expect(dialog.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
});
