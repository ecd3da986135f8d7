/**
 * Issue 12's flow on the demo season, in Chromium: send a modification of one slot from the
 * drafts (its time 5 minutes later), download its request file from the Bitácora and build from it
 * the coordinator's reply that grants it (C → X, R → K), upload it in Carga de referencias, see the preview's
 * summary, Continuar, then see the slot's new time in Entrega de turno and K in the Bitácora viewer.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { dataRows, signInAs } from "./support";

const withTime = (line: string, time: string): string =>
  line.replace(/ ([A-Z]{3})(\d{4}) ([A-Z])$/, ` $1${time} $3`).replace(/ (\d{4})([A-Z]{3}) ([A-Z])$/, ` ${time}$2 $3`);

const timeOf = (line: string): string => {
  const found = / [A-Z]{3}(\d{4}) [A-Z]$/.exec(line) ?? / (\d{4})[A-Z]{3} [A-Z]$/.exec(line);
  if (!found?.[1]) throw new Error(`no time in ${line}`);
  return found[1];
};

/** `HHMM` UTC as Entrega de turno shows it in Mexico City (UTC−6 all year). */
const localTime = (hhmm: string): string => {
  const minutes = (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2)) - 360 + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

// Wide enough for the grid to draw the flight's and the slot's columns at once (it draws only the
// columns in view, and the slot's follow the differences).
test.use({ viewport: { width: 1920, height: 1080 } });

test("a reply that grants a modification, loaded in Carga de referencias, moves the slot and marks the line K", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page, "Admin");

  // Two days ahead, matches only.
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await page.getByRole("option", { name: "Hoy" }).click();
  await page.getByRole("button", { name: "Día siguiente" }).click();
  await page.getByRole("button", { name: "Día siguiente" }).click();
  await expect(dataRows(page).first()).toBeVisible();
  await page.getByRole("button", { name: "Visualizar" }).click();
  const filter = page.getByRole("dialog", { name: "Visualizar" });
  for (const label of ["X · Vuelo sin slot", "A · Slot sin vuelo", "CA · Cancelado en AIMS", "AH · Límite de horario", "D · Diferencias en campos", "S · En proceso"]) {
    await filter.getByLabel(label).uncheck();
  }
  await filter.getByRole("button", { name: "Aplicar" }).click();
  await expect(filter).toHaveCount(0);

  const row = dataRows(page).nth(3);
  const slotName = (await row.locator('[data-field="slot_name"]').innerText()).trim();
  // A flight number can name both an arrival and a departure slot the same day: keep the direction.
  const direction = (await row.locator('[data-field="is_arrival"]').innerText()).trim();
  await row.locator('input[type="checkbox"]').check();
  await page.getByRole("button", { name: "Selección" }).click();
  await page.getByRole("menuitem", { name: "Agregar a Modificaciones" }).click();
  await expect(page.getByText("Slots agregados al borrador de Modificaciones")).toBeVisible();

  // Modificaciones: copy the slot, ask for it 5 minutes later, send.
  await page.getByRole("button", { name: "Borradores" }).click();
  await page.getByRole("menuitem", { name: "Modificaciones" }).click();
  const modal = page.getByRole("dialog", { name: "Borrador de modificaciones" });
  await modal.getByRole("button", { name: "Copiar slot" }).click();
  const confirm = page.getByRole("dialog", { name: "Cambiar acción de modificación" });
  if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Continuar" }).click();
  const requestLines = modal.getByRole("list", { name: "Líneas del borrador" }).locator('[data-line="request"]');
  await expect(requestLines).toHaveCount(1);
  const original = (await requestLines.first().innerText()).trim();
  const oldTime = timeOf(original);
  const minutes = (Number(oldTime.slice(0, 2)) * 60 + Number(oldTime.slice(2)) + 5) % 1440;
  const newTime = `${String(Math.floor(minutes / 60)).padStart(2, "0")}${String(minutes % 60).padStart(2, "0")}`;
  await modal.getByRole("button", { name: "Editar Solicitud, fila 1" }).click();
  const field = modal.getByRole("textbox", { name: "Solicitud, fila 1" });
  await field.fill(withTime(original, newTime));
  await field.press("Enter");
  await modal.getByRole("button", { name: "Ver borrador" }).click();
  // The next free reference arrives from the server after the view opens: wait for it.
  const referenceField = modal.getByRole("textbox", { name: /^Referencia/ });
  await expect(referenceField).toHaveValue(/^\d+$/);
  const referenceNumber = await referenceField.inputValue();
  await modal.getByRole("textbox", { name: /^S\.I\./ }).pressSequentially("favor de confirmar");
  await modal.getByRole("checkbox", { name: "Confirmo que la información de la solicitud es correcta" }).check();
  await modal.getByRole("button", { name: "Solicitar SCR" }).click();
  await expect(page.getByText("La solicitud ha sido enviada exitosamente")).toBeVisible();
  await modal.getByRole("button", { name: "Cerrar" }).first().click();

  // The request file, downloaded from the Bitácora under the seed's name (VIV{season}{ref:03}).
  const menu = page.getByRole("navigation", { name: "Menú principal" });
  await menu.getByRole("link", { name: "Bitácora" }).click();
  const record = page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: referenceNumber, exact: true }) });
  await record.getByText("Modificación").click();
  let viewer = page.getByRole("dialog", { name: /^Solicitud/ });
  const download = page.waitForEvent("download");
  await viewer.getByRole("group", { name: "Solicitud (txt)" }).getByRole("button", { name: "Descargar" }).click();
  const requestFile = await download;
  const requestText = (await readFile(await requestFile.path(), "utf8")).trim();
  expect(requestText).toBe((await viewer.getByLabel("Mensaje enviado").innerText()).trim());
  await viewer.getByRole("button", { name: "Cerrar" }).first().click();

  // The coordinator's reply: the C line echoed as X, the R line granted as K.
  const requestRows = requestText.split("\n").map((line) => line.trim());
  // The season line (W26): the creator line before it is there only when the team's address is configured.
  const season = requestRows.find((line) => /^[SW]\d{2}$/.test(line)) ?? "";
  const reply = requestRows.map((line) => (/^C ?[A-Z0-9]{2}/.test(line) ? `X${line.slice(1)}` : /^[RL] ?[A-Z0-9]{2}/.test(line) ? `K${line.slice(1)}` : line)).join("\n");
  expect(reply).toContain(`K${withTime(original, newTime).slice(1)}`);
  const fileName = `VIV${season}${referenceNumber.padStart(3, "0")}.txt`;
  expect(requestFile.suggestedFilename()).toBe(fileName);

  // Carga de referencias: a .pdf is refused, the reply is previewed, then computed.
  await menu.getByRole("link", { name: "Carga de referencias" }).click();
  await expect(page.getByRole("heading", { name: "Carga de referencias", level: 1 })).toBeVisible();
  await page.getByTestId("response-file-input").setInputFiles({ name: "respuesta.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await expect(page.getByText("Formato de archivo invalido.")).toBeVisible();
  await page.getByTestId("response-file-input").setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from(reply) });
  await expect(page.getByTestId("response-file-name")).toHaveText(fileName);
  await page.getByRole("button", { name: "Cargar respuesta" }).click();
  const summary = page.getByRole("dialog", { name: "Resumen de la respuesta" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("row", { name: /K confirmados/ })).toContainText("1");
  await expect(summary.getByRole("row", { name: /X eliminados/ })).toContainText("1");
  await summary.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Referencias de respuesta cargadas correctamente")).toBeVisible();
  await expect(page.getByTestId("response-file-name")).toHaveText("Arrastra aquí un archivo .txt");

  // Entrega de turno: the slot at its new time, no longer in process.
  await menu.getByRole("link", { name: "Entrega de turno" }).click();
  const moved = dataRows(page)
    .filter({ has: page.locator('[data-field="slot_name"]', { hasText: new RegExp(`^${slotName}$`) }) })
    .filter({ has: page.locator('[data-field="is_arrival"]', { hasText: new RegExp(`^${direction}$`) }) });
  await expect(moved.first().locator('[data-field="slot_time"]')).toHaveText(localTime(newTime));
  await expect(moved.first().locator('[data-field="slot_status"]')).toHaveText("K");

  // The Bitácora viewer: the line answered K.
  await menu.getByRole("link", { name: "Bitácora" }).click();
  await record.getByText("Modificación").click();
  viewer = page.getByRole("dialog", { name: /^Solicitud/ });
  await expect(viewer.getByRole("table", { name: "Líneas" }).getByRole("button", { name: /K$/ })).toBeVisible();
});
