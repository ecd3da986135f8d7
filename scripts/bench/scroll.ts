/**
 * Scrolling the turnover view in Chromium: the production build served by the e2e server
 * (demo season, in-memory PGlite), signed in, range 'Este mes' (about 6,000 rows in one list).
 * The page scrolls the grid 360 px (10 rows) per animation frame from top to bottom, as a fast
 * wheel or a dragged scrollbar would, and records every frame's duration. Smooth means most
 * frames near 16.7 ms and few long ones; the figures are what the browser measured, headless
 * and without GPU on this shared machine, so they are pessimistic.
 */
import { IDLE_FRAMES, startBenchApp } from "./app";
import { quantile } from "./stats";

const PORT = 8397;

/** Runs in the page: scroll the grid 360 px per frame to the bottom; resolve each frame's duration. */
const SCROLL_AND_MEASURE = `new Promise((resolve) => {
  const element = document.querySelector(".MuiDataGrid-virtualScroller");
  const durations = [];
  let last = performance.now();
  const step = (now) => {
    durations.push(now - last);
    last = now;
    if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) {
      resolve(durations.slice(1));
      return;
    }
    element.scrollTop += 360;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;


export async function benchScroll(): Promise<void> {
  const { browser, users, baseUrl, stop } = await startBenchApp(PORT);
  try {
    const user = users.Seguimiento;
    if (!user) throw new Error("the e2e server wrote no Seguimiento user");
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, timezoneId: "America/Mexico_City" });
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña").fill(user.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/turnover$/);
    await page.getByRole("combobox", { name: "Periodo" }).click();
    await page.getByRole("option", { name: "Este mes" }).click();
    const count = page.getByTestId("turnover-row-count");
    let rows = 0;
    for (const deadline = Date.now() + 30_000; rows < 5000 && Date.now() < deadline; ) {
      rows = Number((await count.innerText()).replace(/\D/g, ""));
      if (rows < 5000) await page.waitForTimeout(200);
    }
    // A string, not a function: tsx's name-keeping helpers do not exist in the page.
    const frames = await page.evaluate<number[]>(SCROLL_AND_MEASURE);
    const idle = await page.evaluate<number[]>(IDLE_FRAMES(Math.min(frames.length, 300)));
    const long = frames.filter((d) => d > 50).length;
    console.log(
      `turnover grid scroll, ${rows.toLocaleString("en")} rows top→bottom at 10 rows/frame, Chromium headless: ` +
        `${frames.length} frames, frame p50 ${quantile(frames, 0.5).toFixed(1)} ms, p95 ${quantile(frames, 0.95).toFixed(1)} ms, ` +
        `max ${Math.max(...frames).toFixed(1)} ms, frames over 50 ms ${long} (${((100 * long) / frames.length).toFixed(1)} %); ` +
        `idle frames in the same page p50 ${quantile(idle, 0.5).toFixed(1)} ms, p95 ${quantile(idle, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await stop();
  }
}

if (process.argv[1]?.endsWith("scroll.ts")) await benchScroll();
