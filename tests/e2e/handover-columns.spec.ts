/**
 * Issue 24, item 2, in Chromium: what the shift hands over — the scheduled and real differences
 * and the general status — is on screen on a 1366×768 laptop without scrolling sideways, and at
 * 1920×1080 the delay-codes column is not cut either.
 */
import { expect, type Page, test } from "@playwright/test";
import { dataRows, signInAs } from "./support";

/** The header of a column, wholly inside the window (not cut at its right edge). */
async function expectWhollyOnScreen(page: Page, field: string, width: number) {
  const header = page.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`);
  await expect(header, field).toBeInViewport({ ratio: 1 });
  const box = await header.boundingBox();
  expect(box, field).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0), `${field} ends inside the window`).toBeLessThanOrEqual(width);
}

for (const { width, height, fields } of [
  { width: 1366, height: 768, fields: ["scheduled_difference", "real_difference", "general_status"] },
  { width: 1920, height: 1080, fields: ["scheduled_difference", "real_difference", "general_status", "has_codes"] },
]) {
  test(`at ${width}×${height} the differences and the general status are on screen without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, "Seguimiento");
    await expect(dataRows(page).first()).toBeVisible();
    const scroller = page.locator(".MuiDataGrid-virtualScroller");
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
    for (const field of fields) await expectWhollyOnScreen(page, field, width);
    // And a row's values under them, not only the headers.
    const row = dataRows(page).first();
    await expect(row.locator('[data-field="general_status"]')).toBeInViewport({ ratio: 1 });
  });
}
