/**
 * Issue 27's flow on the demo season, in Chromium at 1366×768: a Slot user opens Monitoreo on last
 * week, justifies a cancelled slot with a PDF (the row says 'Justificado', the justification names
 * the PDF), sees that series' Histórico card count it as used, then puts a late or early series'
 * proposed retime into the modifications draft and finds its retimed lines there. The
 * justification is withdrawn and the draft emptied at the end: other flows read both.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signInAs } from "./support";

test.use({ viewport: { width: 1366, height: 768 } });

const PDF_NAME = "justificacion-e2e.pdf";
const NOTE = "Tormenta eléctrica: aeropuerto cerrado dos horas";

/** The CSRF token of the signed-in page's session, for calls through `page.request`. */
async function csrfToken(page: Page): Promise<string> {
  await page.request.get("/api/auth/csrf/");
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
}

const DAY = 86_400_000;

/** A UTC day as the views write dates: `dd/MM/yyyy`. */
const shownDate = (date: Date) => date.toISOString().slice(0, 10).split("-").reverse().join("/");

/** The ISO week before today's (UTC days): its number (that of its Thursday's year), Monday and Sunday. */
function lastIsoWeek(now: Date): { week: number; monday: Date; sunday: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY - 7 * DAY;
  const thursday = new Date(monday + 3 * DAY);
  const week = Math.floor((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / DAY / 7) + 1;
  return { week, monday: new Date(monday), sunday: new Date(monday + 6 * DAY) };
}

/** The 4 digits of a request line's time (beside the station, before or after it). */
const timeOf = (line: string): string => {
  const found = / [A-Z]{3}(\d{4}) [A-Z]$/.exec(line) ?? / (\d{4})[A-Z]{3} [A-Z]$/.exec(line);
  if (!found?.[1]) throw new Error(`no time in ${line}`);
  return found[1];
};

/**
 * The sum of a Histórico card's rates (Uso, Imputable, Altas imputable; '—' as 0). A justified
 * slot counts as used and not chargeable: the sum rises whether the slot was held at the baseline
 * date (Uso, Imputable) or added after it (Altas imputable), and nothing else moves it here.
 */
async function ratesOf(card: Locator): Promise<number> {
  const text = await card.innerText();
  const rates = [...text.matchAll(/^(?:Uso|Imputable|Altas imputable)\s+(?:([\d.,]+) %|—)$/gm)];
  if (rates.length !== 3) throw new Error(`not the card's three rates: ${text}`);
  return rates.reduce((sum, [, value]) => sum + Number((value ?? "0").replace(",", ".")), 0);
}

/** What the flow wrote, undone after it (even when it failed or ran out of time). */
let justificationId: number | null = null;

/** Empties the signed-in user's modifications draft through the API. */
async function clearModifications(page: Page) {
  const response = await page.request.delete("/api/turnover/drafts/?type=modify", { headers: { "X-CSRFToken": await csrfToken(page) } });
  expect(response.ok()).toBe(true);
}

test.afterEach(async ({ page }) => {
  if (justificationId !== null) {
    const response = await page.request.delete(`/api/justifications/${justificationId}/`, { headers: { "X-CSRFToken": await csrfToken(page) } });
    expect(response.ok()).toBe(true);
  }
  justificationId = null;
  await clearModifications(page);
});

test("Slot justifies last week's cancellation with a PDF, Histórico counts it, and a late series' retime goes into the modifications draft", async ({
  page,
}) => {
  await signInAs(page, "Slot");
  // Only this flow's slots in the draft, whatever an earlier flow left there.
  await clearModifications(page);
  // Monitoreo opens on last week: the ISO week before today's (UTC days, Monday to Sunday).
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Monitoreo" }).click();
  await expect(page.getByRole("heading", { name: "Monitoreo", level: 1 })).toBeVisible();
  const { week, monday, sunday } = lastIsoWeek(new Date());
  await expect(page.getByText(`Semana ${week}: ${shownDate(monday)} – ${shownDate(sunday)} (UTC)`)).toBeVisible();

  // A slot not used whose flight was cancelled, not justified yet: its day, flight and slot time name its row.
  await page.getByRole("tab", { name: /^Slots no utilizados \(\d+\)$/ }).click();
  const table = page.getByRole("table", { name: "Discrepancias de la semana" });
  const candidate = table
    .getByRole("row")
    .filter({ hasText: "Sin justificar" })
    .filter({ hasText: "Cancelado" })
    .filter({ has: page.getByRole("button", { name: "Justificar" }) })
    .first();
  await expect(candidate).toBeVisible();
  // Fecha, Vuelo, L/S, Serie, Ruta, Slot (UTC), … (no category column on a category's tab).
  const [date = "", flight = "", , serie = "", , slotTime = ""] = (await candidate.getByRole("cell").allInnerTexts()).map((text) => text.trim());
  expect(flight).toMatch(/^VB\d+$/);
  expect(serie).toMatch(/^\d+$/);
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: date, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: flight, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: slotTime, exact: true }) });
  await expect(row).toHaveCount(1);

  // The series' Histórico card, in a second tab, before the justification.
  const history = await page.context().newPage();
  await history.goto("/history");
  await expect(history.getByRole("heading", { name: "Histórico", level: 1 })).toBeVisible();
  await history.getByRole("textbox", { name: "Buscar series" }).fill(serie);
  const card = history.locator("[data-level]").filter({ has: history.getByRole("heading", { name: `Serie ${serie}`, exact: true }) });
  await expect(card).toHaveCount(1);
  const ratesBefore = await ratesOf(card);

  // Justify it: a reason, a note and a PDF.
  await row.getByRole("button", { name: "Justificar" }).click();
  const dialog = page.getByRole("dialog", { name: "Justificar slot no usado" });
  await dialog.getByRole("combobox", { name: /^Motivo/ }).click();
  await page.getByRole("option", { name: "Meteorología" }).click();
  await dialog.getByRole("textbox", { name: "Nota" }).fill(NOTE);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: PDF_NAME,
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
  });
  await expect(dialog.getByText(`Se adjuntará: ${PDF_NAME}`)).toBeVisible();
  const created = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/api/justifications/"));
  await dialog.getByRole("button", { name: "Guardar" }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  justificationId = ((await response.json()) as { id: number }).id;
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Justificado");

  // Opened again, the justification names its PDF.
  await row.getByRole("button", { name: "Ver justificación" }).click();
  const justification = page.getByRole("dialog", { name: "Justificación" });
  await expect(justification.getByText(`Descargar ${PDF_NAME}`)).toBeVisible();
  await expect(justification.getByRole("textbox", { name: "Nota" })).toHaveValue(NOTE);
  await justification.getByRole("button", { name: "Cancelar" }).click();
  await expect(justification).toHaveCount(0);

  // Histórico, refreshed: the card counts the justified slot as used, and its week's cell says so.
  await history.getByRole("button", { name: "Actualizar" }).click();
  await expect.poll(() => ratesOf(card)).toBeGreaterThan(ratesBefore);
  await card.getByRole("button", { name: `Serie ${serie}`, exact: true }).click();
  const weekly = history.getByRole("dialog", { name: new RegExp(`^Serie ${serie} · ${flight}`) });
  await expect(weekly.getByRole("button", { name: `${date.slice(0, 5)} ${slotTime}: Justificado`, exact: true })).toBeVisible();
  await history.close();

  // Monitoreo's early warning: a series late or early on average, its proposed retime into the draft.
  const warning = page.getByRole("region", { name: "Alerta temprana por serie" });
  await warning.getByRole("switch", { name: "Sólo tarde o temprano en promedio" }).check();
  const panel = warning.locator(".MuiAccordion-root").filter({ hasText: "Propuesta: mover el slot a las" }).first();
  const summary = panel.locator(".MuiAccordionSummary-root");
  // "Serie 5 · VB1105 · Llegada · 00:10 UTC … Propuesta: mover el slot a las 00:40 UTC (+30 min)"
  const [, serieFlight = "", fromTime = "", toTime = ""] =
    /^Serie \d+ · (VB\d+) · \S+ · (\d\d:\d\d) UTC[\s\S]*Propuesta: mover el slot a las (\d\d:\d\d) UTC/.exec(await summary.innerText()) ?? [];
  expect(serieFlight).toMatch(/^VB\d+$/);
  await summary.click();
  const moves = panel.getByText(/^Mueve \d+ slots? de la serie a partir de hoy$/);
  await expect(moves).toBeVisible();
  const count = Number(/\d+/.exec(await moves.innerText())?.[0]);
  expect(count).toBeGreaterThan(0);
  await panel.getByRole("button", { name: "Añadir la propuesta al borrador" }).click();
  await expect(
    page.getByText(new RegExp(`^${count} slots? añadidos? al borrador de modificaciones a las ${toTime} UTC`)),
  ).toBeVisible();

  // The draft holds the series' slots: each a change line at the slot's time and a request line at the proposed one.
  await page.getByRole("button", { name: "Borradores" }).click();
  await page.getByRole("menuitem", { name: "Modificaciones" }).click();
  const lines = page.getByRole("dialog", { name: "Borrador de modificaciones" }).getByRole("list", { name: "Líneas del borrador" });
  await expect(lines.locator('[data-line="request"]')).toHaveCount(count);
  const changes = (await lines.locator('[data-line="change"]').allInnerTexts()).map((text) => text.trim());
  const requests = (await lines.locator('[data-line="request"]').allInnerTexts()).map((text) => text.trim());
  expect(changes).toHaveLength(count);
  for (const [index, change] of changes.entries()) {
    expect(change).toMatch(new RegExp(`^C ?${serieFlight} `));
    expect(timeOf(change)).toBe(fromTime.replace(":", ""));
    expect(requests[index]).toMatch(new RegExp(`^R ?${serieFlight} `));
    expect(timeOf(requests[index] ?? "")).toBe(toTime.replace(":", ""));
  }
});
