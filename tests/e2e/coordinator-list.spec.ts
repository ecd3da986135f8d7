/**
 * Issue 23 item 3 in Chromium: a Slot user uploads the coordinator's SIR for the demo season in
 * Carga de referencias → Lista del coordinador, sees its differences with the register (five it
 * may apply and one a request in process explains, marked "En proceso (WIP)" and not selectable),
 * opens one's dates, selects two of the five and applies them; the comparison then lists the rest,
 * and the comparison downloads as .xlsx.
 *
 * The SIR is written from the demo season as the e2e server generated it (the same seeded
 * generator): every held slot, a line per week of a series, and then six lines changed on dates
 * weeks ahead, far from what the other browser flows touch.
 */
import { expect, test } from "@playwright/test";
import { type DemoSlot, generateDemoSeason } from "../../src/server/demo/generator";
import { isoToScrDate } from "../../src/domain/scr";
import { addDays, isoWeekday, seasonCodeForDate, todayInZone } from "../../src/domain/seasons";
import { DEMO_SEED } from "../../src/server/demo/season";
import { signInAs } from "./support";

const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

const later = (time: string) => {
  const minutes = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 5) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

type Change = { time?: string; seats?: number; aircraft?: string; flight?: string };

function line(slots: readonly DemoSlot[], change: Change = {}): string {
  const [first] = slots;
  const last = slots[slots.length - 1];
  if (!first || !last) throw new Error("an empty run");
  const on = new Set(slots.map((slot) => isoWeekday(slot.date)));
  let days = "";
  for (let day = 1; day <= 7; day++) days += on.has(day) ? String(day) : "0";
  const period = `${isoToScrDate(first.date)}${isoToScrDate(last.date)}`;
  const flight = change.flight ?? first.flightNumber;
  const time = (change.time ?? first.time).replace(":", "");
  const capacity = `${String(change.seats ?? first.seats).padStart(3, "0")}${change.aircraft ?? first.aircraftType}`;
  return first.isArrival
    ? `K${flight} ${period} ${days} ${capacity} ${first.route}${time} J`
    : `K ${flight} ${period} ${days} ${capacity} ${time}${first.route} J`;
}

/** The demo season's SIR with six changed lines, and the flights they concern. */
function demoSir(now: Date) {
  const today = todayInZone(now);
  const season = seasonCodeForDate(today);
  const demo = generateDemoSeason({ season, seed: DEMO_SEED, now });
  const held = demo.slots
    .filter((slot) => slot.status !== "CAN" && slot.status !== "C")
    .sort((a, b) => a.serie.localeCompare(b.serie) || a.date.localeCompare(b.date));
  // Runs of one series with the same data, at most a week long (each weekday once).
  const runs: DemoSlot[][] = [];
  let run: DemoSlot[] = [];
  for (const slot of held) {
    const first = run[0];
    const same =
      first &&
      first.serie === slot.serie &&
      first.time === slot.time &&
      first.route === slot.route &&
      first.seats === slot.seats &&
      first.aircraftType === slot.aircraftType &&
      (first.status === "WIP") === (slot.status === "WIP");
    if (!first || !same || epochDay(slot.date) - epochDay(first.date) >= 7 || run.some((other) => other.date === slot.date)) {
      if (run.length > 0) runs.push(run);
      run = [slot];
    } else run.push(slot);
  }
  if (run.length > 0) runs.push(run);

  // Six runs of six flights, weeks ahead: five differences to apply and one in process.
  const ahead = addDays(today, 30);
  const used = new Set<string>();
  const pick = (wip: boolean) => {
    const index = runs.findIndex(
      (candidate) =>
        candidate.length >= 3 &&
        (candidate[0]?.date ?? "") > ahead &&
        candidate.every((slot) => (slot.status === "WIP") === wip) &&
        !used.has(candidate[0]?.flightNumber ?? ""),
    );
    const found = runs[index];
    if (!found?.[0]) throw new Error("no run to change");
    used.add(found[0].flightNumber);
    return index;
  };
  const [time, seats, aircraft, dropped, inProcess] = [pick(false), pick(false), pick(false), pick(false), pick(true)];
  const flightOf = (index: number) => runs[index]?.[0]?.flightNumber ?? "";
  const lines = runs.flatMap((slots, index) => {
    const first = slots[0];
    if (!first || index === dropped) return [];
    if (index === time || index === inProcess) return [line(slots, { time: later(first.time) })];
    if (index === seats) return [line(slots, { seats: first.seats + 6 })];
    if (index === aircraft) return [line(slots, { aircraft: first.aircraftType === "320" ? "321" : "320" })];
    return [line(slots)];
  });
  // A series the register does not hold.
  const model = runs[time] ?? [];
  lines.push(line(model, { flight: "VB9901" }));
  const header = ["SIR", "/coordinacion@aicm.example", season, isoToScrDate(today) ?? "", "MEX"];
  return {
    text: [...header, ...lines, "SI LISTA DE SLOTS DE LA TEMPORADA"].join("\n"),
    season,
    day: `${today.slice(8, 10)}/${today.slice(5, 7)}`,
    flights: { time: flightOf(time), seats: flightOf(seats), aircraft: flightOf(aircraft), dropped: flightOf(dropped), inProcess: flightOf(inProcess) },
  };
}

test("a Slot user compares the coordinator's SIR with the register and applies two of its five differences", async ({ page }) => {
  test.setTimeout(120_000);
  const sir = demoSir(new Date());
  await signInAs(page, "Slot");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Carga de referencias" }).click();
  await expect(page.getByRole("heading", { name: "Carga de referencias", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: "Lista del coordinador (SIR, SAL, SHL)" }).click();

  await page.getByTestId("coordinator-list-file-input").setInputFiles({ name: `SIR ${sir.season}.txt`, mimeType: "text/plain", buffer: Buffer.from(sir.text) });
  await expect(page.getByTestId("coordinator-list-file-name")).toHaveText(`SIR ${sir.season}.txt`);
  await page.getByRole("button", { name: "Comparar con el registro" }).click();

  await expect(page.getByRole("heading", { name: new RegExp(`^SIR ${sir.season} del ${sir.day}/\\d{4} · MEX$`) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("coordinator-list-totals")).toHaveText("6 diferencias · 1 en proceso (WIP)");
  await expect(page.getByTestId("coordinator-list-difference")).toHaveCount(6);

  // The one a request in process explains is marked and cannot be chosen.
  const wipSeries = page.getByRole("region", { name: new RegExp(`^${sir.flights.inProcess} (Llegada|Salida)$`) });
  await expect(wipSeries.getByText("En proceso (WIP)")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Seleccionar: Hora de ${sir.flights.inProcess}` })).toBeDisabled();

  // Each kind is offered; a difference opens to its dates.
  for (const [kind, flight] of [
    ["Hora", sir.flights.time],
    ["Asientos", sir.flights.seats],
    ["Aeronave", sir.flights.aircraft],
    ["Días", sir.flights.dropped],
    ["Solo en la lista", "VB9901"],
  ]) {
    await expect(page.getByRole("checkbox", { name: `Seleccionar: ${kind} de ${flight}` })).toBeEnabled();
  }
  await page.getByRole("button", { name: `Ver fechas: Asientos de ${sir.flights.seats}` }).click();
  const dates = page.getByRole("table", { name: `Asientos de ${sir.flights.seats}` });
  await expect(dates.getByRole("row").nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4}/);

  // Two of the five, applied.
  await page.getByRole("checkbox", { name: `Seleccionar: Asientos de ${sir.flights.seats}` }).check();
  await page.getByRole("checkbox", { name: "Seleccionar: Solo en la lista de VB9901" }).check();
  await page.getByRole("button", { name: "Aplicar 2 diferencias" }).click();
  const confirm = page.getByRole("dialog", { name: "Aplicar diferencias al registro" });
  await expect(confirm).toContainText(`según SIR del coordinador ${sir.day}`);
  await confirm.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(new RegExp(`^Se aplicaron 2 diferencias según SIR del coordinador ${sir.day}: \\d+ slots creados, \\d+ modificados, 0 cancelados\\.$`))).toBeVisible({
    timeout: 30_000,
  });

  // The rest stays as it was, and is still listed.
  await expect(page.getByTestId("coordinator-list-totals")).toHaveText("4 diferencias · 1 en proceso (WIP)");
  await expect(page.getByRole("checkbox", { name: `Seleccionar: Asientos de ${sir.flights.seats}` })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Seleccionar: Solo en la lista de VB9901" })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: `Seleccionar: Hora de ${sir.flights.time}` })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Aplicar 0 diferencias" })).toBeDisabled();

  // The comparison as a workbook.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar comparación (.xlsx)" }).click();
  expect((await download).suggestedFilename()).toBe(`Comparación SIR ${sir.season} ${sir.day.replace("/", "-")}.xlsx`);
});
