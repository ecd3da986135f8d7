/**
 * The dashboard timeline ('AIMS view') in Chromium on 28 days of the demo airline: the production
 * build served by the e2e server (demo season, in-memory PGlite), signed in, a stored custom range
 * of 28 days around today (the widest the timeline shows, every aircraft).
 *
 * First paint: from navigating to /timeline to the first flight chip on screen (the turnover
 * request for the 31 days around the window included). Then, as scripts/bench/scroll.ts does
 * for the turnover grid, every animation frame's duration while the page scrolls the timeline
 * 384 px (4 hours) per frame from the first hour to the last, then top to bottom at 120 px per
 * frame. Budget (issue 15): scroll p95 frame ≤ 50 ms. Headless, without GPU, on a shared
 * machine: pessimistic figures.
 */
import { addDays, todayInZone } from "../../src/domain/seasons";
import { IDLE_FRAMES, startBenchApp } from "./app";
import { quantile } from "./stats";

const PORT = 8452;
const DAYS = 28;

/** Runs in the page: scroll the timeline by (dx, dy) per frame to the end; resolve each frame's duration. */
const SCROLL_AND_MEASURE = (dx: number, dy: number) => `new Promise((resolve) => {
  const element = document.querySelector('[data-testid="timeline-scroller"]');
  element.scrollLeft = ${dx > 0 ? 0 : "element.scrollLeft"};
  element.scrollTop = 0;
  const durations = [];
  let last = performance.now();
  const step = (now) => {
    durations.push(now - last);
    last = now;
    const doneX = ${dx} === 0 || element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    const doneY = ${dy} === 0 || element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
    if ((doneX && doneY) || durations.length > 2000) {
      resolve(durations.slice(1));
      return;
    }
    element.scrollLeft += ${dx};
    element.scrollTop += ${dy};
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;


const describeFrames = (frames: number[]) => {
  const long = frames.filter((d) => d > 50).length;
  return (
    `${frames.length} frames, p50 ${quantile(frames, 0.5).toFixed(1)} ms, p95 ${quantile(frames, 0.95).toFixed(1)} ms, ` +
    `max ${Math.max(...frames).toFixed(1)} ms, over 50 ms ${long} (${((100 * long) / Math.max(1, frames.length)).toFixed(1)} %)`
  );
};

export async function benchTimelineScroll(): Promise<void> {
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
    const today = todayInZone(new Date());
    const range = [addDays(today, -13), addDays(today, DAYS - 14)];
    await page.evaluate(`localStorage.setItem("range", ${JSON.stringify(JSON.stringify(range))}); localStorage.setItem("range_preset", "custom"); localStorage.setItem("time_zone", "local");`);

    const started = Date.now();
    await page.goto(`${baseUrl}/timeline`);
    await page.getByTestId("timeline-chip").first().waitFor({ state: "visible", timeout: 60_000 });
    const firstPaint = Date.now() - started;
    const scroller = page.getByTestId("timeline-scroller");
    const rows = Number(await scroller.getAttribute("data-rows"));
    const chips = Number(await scroller.getAttribute("data-chips"));

    // A string, not a function: tsx's name-keeping helpers do not exist in the page.
    const across = await page.evaluate<number[]>(SCROLL_AND_MEASURE(384, 0));
    const down = await page.evaluate<number[]>(SCROLL_AND_MEASURE(0, 120));
    const frames = [...across, ...down];
    const idle = await page.evaluate<number[]>(IDLE_FRAMES(Math.min(frames.length, 300)));
    console.log(
      `timeline, ${DAYS} days (${range[0]}..${range[1]}), ${rows} aircraft rows, ${chips.toLocaleString("en")} chips, Chromium headless: ` +
        `first paint ${firstPaint} ms; scroll across at 4 h/frame: ${describeFrames(across)}; down at 120 px/frame: ${describeFrames(down)}; ` +
        `all scroll frames p95 ${quantile(frames, 0.95).toFixed(1)} ms (budget ≤ 50 ms), over 50 ms ${frames.filter((d) => d > 50).length}; ` +
        `idle frames in the same page p50 ${quantile(idle, 0.5).toFixed(1)} ms, p95 ${quantile(idle, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await stop();
  }
}

if (process.argv[1]?.endsWith("timelineScroll.ts")) await benchTimelineScroll();
