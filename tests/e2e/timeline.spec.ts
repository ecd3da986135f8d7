/**
 * Issue 15's timeline flow on the demo season, in Chromium: open the dashboard ('AIMS view') for
 * 'Hoy', see its two hour rows and 'AHORA', find a chip with its tooltip, and open its match.
 */
import { expect, test } from "@playwright/test";
import { signInAs } from "./support";

test("open the dashboard for 'Hoy', find a chip and open its match", async ({ page }) => {
  await signInAs(page, "Slot");
  await page.getByRole("group", { name: "Cambiar de vista" }).getByRole("button", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/timeline$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // The dashboard's presets leave out Este mes and Temporada (seed 001 §2.3).
  await page.getByRole("combobox", { name: "Periodo" }).click();
  await expect(page.getByRole("option", { name: "Este mes" })).toHaveCount(0);
  await expect(page.getByRole("option", { name: "Temporada", exact: true })).toHaveCount(0);
  await page.getByRole("option", { name: "Hoy" }).click();

  const timeline = page.getByRole("region", { name: "Línea de tiempo por matrícula" });
  await expect(timeline.getByTestId("timeline-hour-utc").first()).toBeVisible();
  await expect(timeline.getByTestId("timeline-hour-cdmx").first()).toBeVisible();
  // 'Hoy' holds now: the marker is there and the view opens scrolled to it.
  await expect(timeline.getByTestId("timeline-now-label")).toHaveText("AHORA");
  await expect(timeline.getByTestId("timeline-now-label")).toBeInViewport();

  const first = timeline.getByTestId("timeline-chip").filter({ hasText: /^[LS] VB\d+$/ }).first();
  await expect(first).toBeVisible();
  const flight = (await first.innerText()).slice(2);
  // Pinned by its name (flight, direction, time): hovering may scroll the grid, and the
  // virtualised columns then change which chip comes first.
  const name = await first.getAttribute("aria-label");
  if (!name) throw new Error("a chip without a name");
  const chip = timeline.getByRole("button", { name, exact: true });
  await chip.hover();
  const tooltip = page.getByTestId("timeline-tooltip");
  await expect(tooltip).toContainText(/Llegada|Salida/);
  await expect(tooltip).toContainText("Hora programada:");
  await expect(tooltip).toContainText("Hora del slot:");

  await chip.click();
  const viewer = page.getByRole("dialog", { name: /^Match \d+/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(flight).first()).toBeVisible();
});
