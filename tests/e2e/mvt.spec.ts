/**
 * Issue 23, item 2, in Chromium: a Slot user loads a movement message (MVT, AHM 780) for one of
 * yesterday's departures in Cargas de datos, and sees Entrega de turno's AT column take the
 * off-block time and the match viewer say the time came from an MVT.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, openViewerFrom, signInAs } from "./support";

type Row = { flight_id: number | null; slot_id: number | null; flight_name: string | null; is_arrival: boolean; flight_scheduled: string | null; flight_real: string | null };

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (ms: number) => `${pad(new Date(ms).getUTCHours())}${pad(new Date(ms).getUTCMinutes())}`;

/** Yesterday's turnover (UTC days) as the API gives it, asked with the page's session. */
async function turnoverOf(page: Page, day: string): Promise<Row[]> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const answer = await page.request.post("/api/turnover/", { headers: { "x-csrftoken": csrf }, data: { start: day, end: day, time_zone: "UTC" } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Row[];
}

test("an MVT loaded in Cargas de datos moves the AT column and the match viewer says where the time came from", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "Slot");
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  // A matched departure of yesterday that left early enough in the day for off-block + 47 min to stay on it.
  const flight = (await turnoverOf(page, day)).find(
    (row) => !row.is_arrival && row.flight_id !== null && row.slot_id !== null && row.flight_scheduled && new Date(row.flight_scheduled).getUTCHours() < 20,
  );
  expect(flight, "a departure of yesterday to move").toBeTruthy();
  const name = flight?.flight_name ?? "";
  const offBlock = Date.parse(flight?.flight_scheduled ?? "") + 47 * 60_000;
  expect(hhmm(offBlock)).not.toBe(flight?.flight_real ? hhmm(Date.parse(flight.flight_real)) : "");
  const text = ["MVT", `${name}/${day.slice(8, 10)}.XAVBZ.MEX`, `AD${hhmm(offBlock)}/${hhmm(offBlock + 11 * 60_000)}`, "DL93/0047", ""].join("\n");

  // The message, uploaded as the handling agent sent it, previewed then applied.
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Cargas de datos" }).click();
  await expect(page.getByRole("heading", { name: "Cargas de datos", level: 1 })).toBeVisible();
  await page.getByRole("combobox", { name: /Tipo de archivo/ }).click();
  await page.getByRole("option", { name: "Mensajes de movimiento (MVT)" }).click();
  await page.getByLabel(/^Archivo/).setInputFiles({ name: "mvt-ayer.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Vista previa" }).click();
  const preview = page.getByRole("region", { name: "Vista previa de mvt-ayer.txt" });
  await expect(preview).toBeVisible();
  await expect(preview.getByLabel("Modificados")).toHaveText("1");
  await preview.getByRole("button", { name: /^Cargar/ }).click();
  await expect(page.getByText(/^Carga aplicada: 1 mensaje aplicado, /)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("table", { name: "Historial de cargas" }).getByRole("row").filter({ hasText: "mvt-ayer.txt" })).toContainText("Mensajes MVT");

  // Entrega de turno over yesterday, in UTC: the flight's AT is the message's off-block.
  await page.evaluate((d) => {
    localStorage.setItem("range", JSON.stringify([d, d]));
    localStorage.setItem("range_preset", "custom");
    localStorage.setItem("time_zone", "utc");
    window.dispatchEvent(new CustomEvent("slotdesk:range"));
  }, day);
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Entrega de turno" }).click();
  await page.reload();
  await page.getByPlaceholder("Buscar").fill(name);
  const row = dataRows(page)
    .filter({ has: page.locator('[data-field="flight_name"]', { hasText: new RegExp(`^${name}$`) }) })
    .filter({ has: page.locator('[data-field="is_arrival"]', { hasText: /^S$/ }) });
  await expect(row).toHaveCount(1);
  const expected = `${hhmm(offBlock).slice(0, 2)}:${hhmm(offBlock).slice(2)}`;
  await expect(row.locator('[data-field="flight_real"]')).toHaveText(expected);

  // The match viewer says the time is an MVT's.
  const viewer = page.getByRole("dialog").filter({ hasText: "Match" });
  await openViewerFrom(row, viewer);
  await expect(viewer.getByTestId("actual-source").first()).toHaveText(/^MVT \d\d:\d\dZ$/);
});
