/**
 * Issue 11, item 6: the narrowest allowed window, 1024×768, in Chromium on the demo season. The
 * top bar's items all fit on screen without overlapping, the turnover's narrowed headers keep the
 * seed's full text in a tooltip, and a match viewer panel is in view once opened.
 */
import { expect, type Locator, test } from "@playwright/test";
import { dataRows, openViewerFrom, signInAs } from "./support";

test.use({ viewport: { width: 1024, height: 768 } });

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
};

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("at 1024×768 the top bar fits, headers keep their full text and a viewer panel comes into view", async ({ page }) => {
  await signInAs(page, "Admin");
  await expect(dataRows(page).first()).toBeVisible();

  // The top bar: every item inside the window, none over another.
  const items: Record<string, Locator> = {
    views: page.getByRole("group", { name: "Cambiar de vista" }),
    preset: page.getByRole("combobox", { name: "Periodo" }),
    start: page.getByRole("textbox", { name: "Desde" }),
    end: page.getByRole("textbox", { name: "Hasta" }),
    zone: page.getByTestId("range-zone"),
    drafts: page.getByRole("button", { name: "Borradores" }),
    settings: page.getByRole("button", { name: "Configuración" }),
    coordinator: page.getByRole("button", { name: "Correo del coordinador" }),
    user: page.getByRole("button", { name: "Menú de usuario" }),
  };
  const boxes: Array<[string, Box]> = [];
  for (const [name, locator] of Object.entries(items)) {
    await expect(locator, name).toBeVisible();
    await expect(locator, name).toBeInViewport({ ratio: 1 });
    const box = await boxOf(locator);
    expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(1024);
    boxes.push([name, box]);
  }
  for (const [i, [a, boxA]] of boxes.entries()) {
    for (const [b, boxB] of boxes.slice(i + 1)) expect(overlap(boxA, boxB), `${a} and ${b} do not overlap`).toBe(false);
  }

  // No header is cut any more (the seed's long ones show a narrower label), and the narrowed ones
  // keep the seed's full text in a tooltip. The grid renders the columns in view: look at its
  // left part, its middle, then its right part.
  const scroller = page.locator(".MuiDataGrid-virtualScroller");
  const tooltips: Partial<Record<string, string>> = { season: "Temporada", has_codes: "Códigos de demora" };
  // The grid renders the columns of a new scroll position a frame later: wait for a column that
  // position must show (the flight's, the delay codes' in the middle, the last one) before
  // reading the headers.
  for (const [left, shows] of [
    [0, "flight_name"],
    [600, "has_codes"],
    [10_000, "season"],
  ] as const) {
    await scroller.evaluate((element, x) => element.scrollTo({ left: x }), left);
    const headers = page.locator(".MuiDataGrid-columnHeader");
    // The header's title, not only its cell: on a busy machine the cell can be drawn a frame
    // before its title, which the loop below would skip as not visible.
    await expect(page.locator(`.MuiDataGrid-columnHeader[data-field="${shows}"] .MuiDataGrid-columnHeaderTitle`).first()).toBeVisible();
    const count = await headers.count();
    for (let i = 0; i < count; i++) {
      const header = headers.nth(i);
      const field = await header.getAttribute("data-field");
      const title = header.locator(".MuiDataGrid-columnHeaderTitle").first();
      if (field === "__check__" || (await title.count()) === 0 || !(await title.isVisible())) continue;
      const cut = await title.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut, `header ${field} is not cut`).toBe(false);
    }
    // The narrowed header this position shows, hovered by its own locator (the loop above may
    // have met it while the grid redrew it, on a busy machine).
    const full = tooltips[shows];
    if (full) {
      await page.locator(`.MuiDataGrid-columnHeader[data-field="${shows}"] .MuiDataGrid-columnHeaderTitle`).first().hover();
      await expect(page.getByRole("tooltip", { name: full })).toBeVisible();
      await page.mouse.move(0, 0);
      await expect(page.getByRole("tooltip")).toHaveCount(0);
      delete tooltips[shows];
    }
  }
  expect(Object.keys(tooltips), "both narrowed headers were seen").toEqual([]);

  // A viewer panel, below the cards, is in view once opened.
  await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
  const viewer = page.getByRole("dialog").filter({ hasText: "Match" });
  await openViewerFrom(dataRows(page).first(), viewer);
  await viewer.getByRole("button", { name: "Afectaciones" }).click();
  await expect(viewer.getByRole("region", { name: "Afectaciones" })).toBeInViewport();
  await viewer.getByRole("button", { name: "Cambios de slot" }).click();
  await expect(viewer.getByRole("region", { name: "Historial de cambios del slot" })).toBeInViewport();
});
