/**
 * Issue 12 items 2, 3 and 6 in Chromium: in Bitácora, record a request sent outside Slotdesk from
 * its txt (type first, the form filled by the analysis), upload its official letter (PDF),
 * download it and the txt under the seed's names, delete the PDF after the confirmation; then the
 * coordinator offers another time on its line (written as the reply application would, through
 * the e2e server's setup hook), the offer shows in 'Ofertas abiertas', Slot accepts it and the
 * answer reaches the coordinator's mailbox as an SCR.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { addDays, isoWeekday, seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import { isoToScrDate } from "../../src/domain/scr";
import { receivedMails, signInAs } from "./support";

const COORDINATOR = "coordinacion.slots@e2e.example";
const SETUP_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8391) + 1000}`;

test("record a request by hand, handle its PDF, and answer the coordinator's offer by e-mail", async ({ page }) => {
  test.setTimeout(120_000);
  const today = todayInZone(new Date());
  const season = seasonCodeForDate(today);
  const day = addDays(today, 20);
  const ddmmm = isoToScrDate(day) ?? "";
  const days = "0000000".split("").map((digit, index) => (index + 1 === isoWeekday(day) ? String(index + 1) : digit)).join("");
  const line = (action: string, time: string) => `${action}VB1102 ${ddmmm}${ddmmm} ${days} 180320 CUN${time} J`;
  const requestTxt = ["SCR", "/ops@aerolinea.example", season, isoToScrDate(today), "MEX", line("C", "1310"), line("R", "1340"), "SI IF NOT AVBL PLS OFFER NEAREST", "GI SALUDOS/J. PEÑA"].join("\n");

  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Bitácora" }).click();
  await expect(page.getByRole("heading", { name: "Bitácora", level: 1 })).toBeVisible();

  // The new-request form: the type first, then the txt (in Latin-1, as Windows tools write it).
  await page.getByRole("button", { name: "Nueva solicitud" }).click();
  const form = page.getByRole("dialog", { name: "Solicitud · Nueva solicitud" });
  await expect(form.getByRole("textbox", { name: "Aeropuerto" })).toHaveValue("MEX");
  await expect(form.getByRole("textbox", { name: "Aeropuerto" })).toBeDisabled();
  await form.getByRole("combobox", { name: "Tipo de solicitud" }).click();
  await page.getByRole("option", { name: "Modificación" }).click();
  await form.getByLabel("Archivo de solicitud (.txt)").setInputFiles({ name: "solicitud.txt", mimeType: "text/plain", buffer: Buffer.from(requestTxt, "latin1") });
  await expect(form.getByText(line("R", "1340"))).toBeVisible();
  await expect(form.getByRole("textbox", { name: "G.I." })).toHaveValue("SALUDOS/J. PEÑA");
  const referenceField = form.getByRole("textbox", { name: "Referencia" });
  await expect(referenceField).not.toHaveValue("");
  const reference = Number(await referenceField.inputValue());
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Información guardada con éxito")).toBeVisible();
  await expect(form).toHaveCount(0);

  // Its viewer: the lines, the files.
  const base = `VIV${season}${String(reference).padStart(3, "0")}`;
  await page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(reference), exact: true }) }).first().getByText("Modificación").click();
  const viewer = page.getByRole("dialog", { name: /^Solicitud/ });
  await expect(viewer.getByRole("cell", { name: line("C", "1310"), exact: true })).toBeVisible();
  const pdfGroup = viewer.getByRole("group", { name: "Oficio Solicitud (pdf)" });
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", "latin1");
  await pdfGroup.getByLabel("Subir Oficio Solicitud (pdf)").setInputFiles({ name: "oficio.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(page.getByText("Archivo subido con éxito")).toBeVisible();

  const pdfDownload = page.waitForEvent("download");
  await pdfGroup.getByRole("button", { name: "Descargar" }).click();
  const savedPdf = await pdfDownload;
  expect(savedPdf.suggestedFilename()).toBe(`${base}.pdf`);
  expect((await readFile(await savedPdf.path())).equals(pdf)).toBe(true);

  const txtDownload = page.waitForEvent("download");
  await viewer.getByRole("group", { name: "Solicitud (txt)" }).getByRole("button", { name: "Descargar" }).click();
  const savedTxt = await txtDownload;
  expect(savedTxt.suggestedFilename()).toBe(`${base}.txt`);
  expect(await readFile(await savedTxt.path(), "utf8")).toBe(requestTxt);

  await pdfGroup.getByRole("button", { name: "Eliminar" }).click();
  const confirm = page.getByRole("dialog", { name: "Eliminar Oficio Solicitud (pdf)" });
  await expect(confirm).toContainText("Este archivo será eliminado de manera permanente ¿Desea continuar de todas formas?");
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Archivo eliminado con éxito")).toBeVisible();
  await expect(pdfGroup.getByRole("button", { name: "Subir" })).toBeVisible();
  await viewer.getByRole("button", { name: "Cerrar" }).first().click();
  await expect(viewer).toHaveCount(0);

  // The coordinator answers U with two offers; the deadline is three working days away.
  const offers = [line("O", "1330"), line("O", "1400")];
  const deadline = addDays(today, 3);
  const setup = await fetch(`${SETUP_URL}/logbook-offers`, { method: "POST", body: JSON.stringify({ reference, offers, deadline }) });
  expect(setup.status).toBe(204);
  await page.getByRole("button", { name: "Actualizar" }).click();
  const openOffers = page.getByRole("region", { name: "Ofertas abiertas" });
  await expect(openOffers.getByText(`Referencia ${reference}`)).toBeVisible();
  await expect(openOffers.getByText(`Responder antes del ${deadline.split("-").reverse().join("/")}`)).toBeVisible();
  await openOffers.getByText(`Referencia ${reference}`).click();

  await expect(viewer.getByText(offers[1] ?? "")).toBeVisible();
  const mailsBefore = receivedMails().length;
  await viewer.getByRole("button", { name: "Aceptar Oferta 2" }).click();
  const answer = page.getByRole("dialog", { name: "Responder la oferta" });
  await expect(answer).toContainText("Se enviará al coordinador la aceptación (A) de la oferta 2. ¿Desea continuar?");
  await answer.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText(`Respuesta enviada al coordinador con la referencia ${reference + 1}`)).toBeVisible();
  await expect(viewer.getByText(/^Respondida: A · aceptada/)).toBeVisible();

  await expect.poll(() => receivedMails().length).toBeGreaterThan(mailsBefore);
  const mail = receivedMails().at(-1);
  expect(mail?.to).toEqual([COORDINATOR]);
  expect(mail?.subject).toBe(`SCR MEX ${season} REF ${reference + 1}`);
  expect(mail?.text).toContain(line("A", "1400"));
  expect(mail?.text).toContain(`SI ANSWER TO OFFER REF ${reference}`);

  // Answered: no longer open.
  await viewer.getByRole("button", { name: "Cerrar" }).first().click();
  await page.getByRole("button", { name: "Actualizar" }).click();
  await expect(openOffers.getByText("No hay ofertas del coordinador por responder en esta temporada.")).toBeVisible();
});
