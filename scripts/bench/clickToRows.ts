/**
 * Click → rows (issue 35): the production build served by the e2e server (demo season, in-memory
 * PGlite), Debian's Chromium at 1366×768, signed in as Slot. Each run loads a light page (Carga de
 * referencias) afresh — an empty query cache, the view's code in the browser's cache as on a
 * second visit — stores the range, then clicks the view in the side menu and records, in the page:
 *
 *  - first rows visible: the first frame after the view's first row (a grid row, a timeline chip,
 *    a series card, a discrepancy) is in the document and laid out;
 *  - idle: the last long task, or the last answer, after the click, once the page has been quiet
 *    (no long task) for a second.
 *
 * The split comes from the page's performance timeline: the app's marks (`src/client/perf/marks.ts`:
 * the read starts, its answer parsed, the view renders with it) and the answer's resource timing.
 *   before  click → the read starts (the view's code, mounting);
 *   network the answer's resource timing, request start → last byte;
 *   parse   last byte → the answer decoded (JSON) into the rows;
 *   cache   decoded → the view renders with them (TanStack Query: structural sharing, observers);
 *   render  that render → the first rows on screen (React, the grid, layout, the first paint).
 * Long tasks are the main thread's tasks over 50 ms between the click and the rows.
 *
 * Then BENCH_TRACE_RUNS (default 3) more clicks under Chromium's performance trace
 * (`browser.startTracing`, the DevTools timeline's categories; `traceSplit.ts`): the main thread's
 * time from the click to the rows by kind (scripting, compile, style and layout, paint, GC, other,
 * idle) and each phase above as wall time and the main thread's busy time within it.
 *
 * A live change (item 4): with a month open, another user (Admin) corrects one flight's real times
 * in the API; the time from the change's event reaching the page (the stream's message) to that
 * row patched on screen, and whether the page read the whole range again.
 *
 * BENCH_RUNS (default 5) runs per case; the median is printed, with the machine's load average.
 * BENCH_CASES=W26,Monitoreo runs only the cases whose name holds one of those words.
 * Runs alone: `npx tsx scripts/bench/clickToRows.ts` (after `npm run build`).
 */
import { loadavg } from "node:os";
import type { Browser, Page } from "@playwright/test";
import { addDays, todayInZone } from "../../src/domain/seasons";
import { rangeForPreset } from "../../src/domain/dateRange";
import { startBenchApp } from "./app";
import { quantile } from "./stats";
import { KINDS, PHASES, splitTrace, TRACE_CATEGORIES, type TraceSplit } from "./traceSplit";

const PORT = Number(process.env.BENCH_CLICK_PORT ?? 8597);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
/** Traced runs per case, after the timed ones (a trace costs the page a little): their split's median is printed. */
const TRACE_RUNS = Math.max(0, Number(process.env.BENCH_TRACE_RUNS ?? 3));
/** The IATA season W26, as a custom range. */
const W26 = { start: "2026-10-25", end: "2027-03-27" };

interface Case {
  name: string;
  /** The side menu's link. */
  link: string;
  /** The read the app marks (`slotdesk:<read>:…`) and the path of its answer. */
  read: string;
  path: string;
  /** What counts as the first row on screen. */
  selector: string;
  /** The range stored before the click (the turnover and the timeline read it). */
  range?: { start: string; end: string; preset: string };
}

interface Run {
  rows: number;
  idle: number;
  before: number;
  network: number;
  parse: number;
  cache: number;
  render: number;
  longTasks: number;
  longTaskMs: number;
  bytes: number;
  wire: number;
}

/** Runs in the page before the click: what the click and the first row's frame are, and the long tasks. */
const PROBE = (selector: string) => `(() => {
  const bench = { click: 0, rows: 0, longTasks: [] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask" });
  addEventListener("pointerdown", () => { if (!bench.click) { bench.click = performance.now(); performance.mark("bench:click"); } }, { capture: true });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { bench.rows = performance.now(); performance.mark("bench:rows"); };
  const look = () => {
    const element = bench.click ? document.querySelector(${JSON.stringify(selector)}) : null;
    if (element && element.getBoundingClientRect().height > 0) {
      // After this frame's paint.
      requestAnimationFrame(() => channel.port2.postMessage(0));
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`;

/** Runs in the page once it has been quiet: the figures of this click. */
const COLLECT = (read: string, path: string) => `(() => {
  const bench = window.__bench;
  const after = (entries) => entries.filter((entry) => entry.startTime >= bench.click);
  const mark = (step) => after(performance.getEntriesByName("slotdesk:${read}:" + step))[0]?.startTime ?? NaN;
  const answer = after(performance.getEntriesByType("resource")).find((entry) => entry.name.includes(${JSON.stringify(path)}));
  const fetchAt = mark("fetch");
  const parsed = mark("parsed");
  const data = after(performance.getEntriesByName("slotdesk:${read}:data")).find((entry) => entry.startTime >= parsed)?.startTime ?? NaN;
  const tasks = bench.longTasks.filter(([start]) => start >= bench.click);
  const lastTask = Math.max(0, ...tasks.map(([start, duration]) => start + duration));
  const lastAnswer = Math.max(0, ...after(performance.getEntriesByType("resource")).map((entry) => entry.responseEnd));
  const beforeRows = tasks.filter(([start]) => start < bench.rows);
  return {
    rows: bench.rows - bench.click,
    idle: Math.max(bench.rows, lastTask, lastAnswer) - bench.click,
    before: fetchAt - bench.click,
    network: answer ? answer.responseEnd - answer.startTime : NaN,
    parse: answer ? parsed - answer.responseEnd : NaN,
    cache: data - parsed,
    render: bench.rows - data,
    longTasks: beforeRows.length,
    longTaskMs: beforeRows.reduce((sum, [, duration]) => sum + duration, 0),
    bytes: answer ? answer.decodedBodySize : NaN,
    wire: answer ? answer.encodedBodySize : NaN,
  };
})()`;

/** Resolves once the page had no long task for `quietMs` (at most 60 s). */
async function waitQuiet(page: Page, quietMs = 1000): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const quiet = await page.evaluate<number>(`(() => {
      const bench = window.__bench;
      const last = Math.max(bench.rows, 0, ...bench.longTasks.map(([start, duration]) => start + duration));
      return bench.rows ? performance.now() - last : 0;
    })()`);
    if (quiet >= quietMs) return;
    await page.waitForTimeout(200);
  }
  throw new Error("the page never went quiet");
}

async function openLightPage(page: Page, baseUrl: string, range: Case["range"]): Promise<void> {
  await page.goto(`${baseUrl}/references-upload`);
  await page.getByRole("heading", { name: "Carga de referencias" }).first().waitFor();
  if (range) {
    await page.evaluate(
      `localStorage.setItem("range", ${JSON.stringify(JSON.stringify([range.start, range.end]))}); localStorage.setItem("range_preset", ${JSON.stringify(range.preset)}); localStorage.setItem("time_zone", "local");`,
    );
  }
  await page.waitForLoadState("networkidle");
}

async function clickAndWaitForRows(page: Page, c: Case): Promise<void> {
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: c.link }).click();
  for (const deadline = Date.now() + 120_000; !(await page.evaluate<boolean>("window.__bench.rows > 0")); ) {
    if (Date.now() > deadline) throw new Error(`${c.name}: no rows after 120 s`);
    await page.waitForTimeout(100);
  }
}

async function clickToRows(page: Page, baseUrl: string, c: Case): Promise<Run> {
  await openLightPage(page, baseUrl, c.range);
  await page.evaluate(PROBE(c.selector));
  await clickAndWaitForRows(page, c);
  await waitQuiet(page);
  return page.evaluate<Run>(COLLECT(c.read, c.path));
}

/** The same click under Chromium's performance trace, split by `splitTrace`. */
async function tracedClickToRows(browser: Browser, page: Page, baseUrl: string, c: Case): Promise<TraceSplit | null> {
  await openLightPage(page, baseUrl, c.range);
  await page.evaluate(PROBE(c.selector));
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let trace: Buffer;
  try {
    await clickAndWaitForRows(page, c);
    // The frame after the rows' paint has its mark by now; the rest of the page's work is not read.
    await page.waitForTimeout(100);
  } finally {
    trace = await browser.stopTracing();
  }
  await waitQuiet(page);
  return splitTrace(trace.toString("utf8"), c.read, c.path);
}

/** The traced runs' split, each figure the median over the runs. */
function printSplit(splits: TraceSplit[]): void {
  if (splits.length === 0) return;
  const m = (pick: (split: TraceSplit) => number) => f(quantile(splits.map(pick), 0.5));
  const kinds = [...KINDS, "idle" as const].map((kind) => `${kind} ${m((split) => split.kinds[kind])}`).join(", ");
  const phases = PHASES.map((phase) => `${phase} ${m((split) => split.phases[phase].wall)}/${m((split) => split.phases[phase].busy)}`).join(", ");
  console.log(`    trace (median of ${splits.length}, rows ${m((split) => split.rows)} traced): main thread ${kinds} | phases wall/busy: ${phases}`);
}

const f = (n: number) => (Number.isFinite(n) ? `${Math.round(n)}` : "–");
const median = (runs: Run[], key: keyof Run) => quantile(runs.map((run) => run[key]), 0.5);
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ");

export function clickCases(now = new Date()): Case[] {
  const today = todayInZone(now);
  const preset = (name: "today" | "this_week" | "this_month") => ({ ...rangeForPreset(name, now), preset: name });
  const turnover = (name: string, range: Case["range"]): Case => ({
    name,
    link: "Entrega de turno",
    read: "turnover",
    path: "/api/turnover/",
    selector: ".MuiDataGrid-row[data-id]",
    range,
  });
  return [
    turnover("Entrega de turno, Hoy", preset("today")),
    turnover("Entrega de turno, Esta semana", preset("this_week")),
    turnover("Entrega de turno, Este mes", preset("this_month")),
    turnover(`Entrega de turno, W26 (${W26.start}..${W26.end}, custom)`, { ...W26, preset: "custom" }),
    {
      name: "Dashboard (timeline), 28 days",
      link: "Dashboard",
      read: "turnover",
      path: "/api/turnover/",
      selector: '[data-testid="timeline-chip"]',
      range: { start: addDays(today, -13), end: addDays(today, 14), preset: "custom" },
    },
    { name: "Histórico", link: "Histórico", read: "history", path: "/api/history/", selector: '[role="list"] [role="listitem"]' },
    {
      name: "Monitoreo",
      link: "Monitoreo",
      read: "monitoring",
      path: "/api/monitoring/",
      selector: 'table[aria-label="Discrepancias de la semana"] tbody tr',
    },
  ];
}

/** Runs in the page before any script: the time each live change reaches the page's event stream. */
const LIVE_PROBE = `(() => {
  const Native = window.EventSource;
  if (!Native) return;
  window.__live = [];
  window.EventSource = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (event) => {
        if (String(event.data).includes('"change"')) window.__live.push(performance.now());
      });
    }
  };
})()`;

/** Runs in the page: resolves when row `id` is marked as changed by a live update. */
const ROW_MARKED = (id: string) => `new Promise((resolve) => {
  const look = () => {
    if (document.querySelector('.MuiDataGrid-row[data-id="${id}"].live-changed')) {
      const marked = performance.now();
      const event = window.__live.filter((t) => t <= marked).at(-1) ?? NaN;
      const reads = performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/turnover/") && e.startTime >= event);
      const mark = (name) => performance.getEntriesByName(name).filter((e) => e.startTime >= event)[0]?.startTime ?? NaN;
      const fetchAt = mark("slotdesk:turnover-patch:fetch");
      const parsed = mark("slotdesk:turnover-patch:parsed");
      resolve({
        eventToRow: marked - event,
        gather: fetchAt - event,
        read: parsed - fetchAt,
        render: marked - parsed,
        reads: reads.length,
        bytes: reads.reduce((n, e) => n + e.decodedBodySize, 0),
      });
      return;
    }
    requestAnimationFrame(look);
  };
  look();
})`;

interface LiveRun {
  eventToRow: number;
  /** The change's event → the patch's read starts (the events of one commit gathered). */
  gather: number;
  /** The read of the changed rows, by id (request, server, answer). */
  read: number;
  /** The rows patched → the row marked on screen (query cache, React, the grid). */
  render: number;
  writeToRow: number;
  reads: number;
  bytes: number;
}

/**
 * Item 4: Slot has 'Este mes' open; Admin corrects one shown flight's real times through the API
 * (as the match viewer does). Measured: the change's event reaching Slot's page → that row marked
 * on screen, the answer of the write → the row marked, and what Slot's page read meanwhile.
 */
async function benchLiveChange(page: Page, admin: Page, baseUrl: string): Promise<void> {
  const month = clickCases().find((c) => c.name.includes("Este mes"));
  if (!month) throw new Error("no month case");
  await clickToRows(page, baseUrl, month);
  const ids = await page.locator(".MuiDataGrid-row[data-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id") ?? ""));
  const field = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? Reflect.get(value, key) : null);
  const instant = (row: unknown, actual: string, scheduled: string) => Date.parse(String(field(row, actual) ?? field(row, scheduled) ?? ""));
  const csrf: unknown = await (await admin.request.get(`${baseUrl}/api/auth/csrf/`)).json();
  const token = String(field(csrf, "csrftoken"));
  let target: { id: string; dep: number; arr: number } | null = null;
  for (const id of ids) {
    const answer: unknown = await (await admin.request.get(`${baseUrl}/api/turnover/${id}/`)).json();
    const row: unknown = Array.isArray(answer) ? answer[0] : null;
    const dep = instant(row, "flight_actual_datetime_dep", "flight_scheduled_datetime_dep");
    const arr = instant(row, "flight_actual_datetime_arr", "flight_scheduled_datetime_arr");
    if (field(row, "flight_id") && dep < arr) {
      target = { id, dep, arr };
      break;
    }
  }
  if (!target) throw new Error("no flight among the rows shown");
  const runs: LiveRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const minutes = (i % 2 === 0 ? 1 : -1) * 60_000;
    target = { ...target, dep: target.dep + minutes, arr: target.arr + minutes };
    const marked = page.evaluate<Omit<LiveRun, "writeToRow">>(ROW_MARKED(target.id));
    const response = await admin.request.put(`${baseUrl}/api/turnover/${target.id}/real_dates/`, {
      headers: { "X-CSRFToken": token },
      data: { actual_dep: new Date(target.dep).toISOString(), actual_arr: new Date(target.arr).toISOString() },
    });
    const written = Date.now();
    if (!response.ok()) throw new Error(`the real dates' correction answered ${response.status()}: ${await response.text()}`);
    const run = await marked;
    runs.push({ ...run, writeToRow: Date.now() - written });
    // The mark lasts 4 s: the next change starts unmarked.
    await page.waitForTimeout(4_500);
  }
  const m = (key: keyof LiveRun) => quantile(runs.map((run) => run[key]), 0.5);
  console.log(
    `  ${"live change of one flight, month open".padEnd(58)} event → row marked ${f(m("eventToRow"))} ms, write answered → row marked ` +
      `${f(m("writeToRow"))} ms (gather ${f(m("gather"))}, read ${f(m("read"))}, patch and render ${f(m("render"))}) | turnover reads ${f(m("reads"))}, ${(m("bytes") / 1e6).toFixed(3)} MB | load ${load()}`,
  );
}

export async function benchClickToRows(): Promise<void> {
  const { browser, users, baseUrl, stop } = await startBenchApp(PORT);
  try {
    const user = users.Slot;
    if (!user) throw new Error("the e2e server wrote no Slot user");
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, timezoneId: "America/Mexico_City" });
    await context.addInitScript(LIVE_PROBE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña").fill(user.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/turnover$/);
    console.log(
      `click → rows, Chromium headless 1366×768, signed in as Slot, median of ${RUNS} (ms; split: before the read, network, ` +
        `parse, query cache, render; long tasks before the rows)`,
    );
    const only = process.env.BENCH_CASES;
    for (const c of clickCases().filter((c) => !only || only.split(",").some((part) => c.name.includes(part)))) {
      // One warm-up click loads the view's code into the browser's cache, as on any later visit.
      await clickToRows(page, baseUrl, c);
      const runs: Run[] = [];
      const loads: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await clickToRows(page, baseUrl, c));
        loads.push(load());
      }
      console.log(
        `  ${c.name.padEnd(58)} rows ${f(median(runs, "rows")).padStart(6)}  idle ${f(median(runs, "idle")).padStart(6)}  | ` +
          `before ${f(median(runs, "before"))}, network ${f(median(runs, "network"))}, parse ${f(median(runs, "parse"))}, ` +
          `cache ${f(median(runs, "cache"))}, render ${f(median(runs, "render"))} | long tasks ${f(median(runs, "longTasks"))} ` +
          `(${f(median(runs, "longTaskMs"))} ms) | answer ${(median(runs, "bytes") / 1e6).toFixed(2)} MB, ` +
          `${(median(runs, "wire") / 1e6).toFixed(2)} MB on the wire | load ${loads[loads.length >> 1]}`,
      );
      const splits: TraceSplit[] = [];
      for (let i = 0; i < TRACE_RUNS; i++) {
        const split = await tracedClickToRows(browser, page, baseUrl, c);
        if (split) splits.push(split);
      }
      printSplit(splits);
    }
    if (!only || "live".includes(only)) {
      const adminUser = users.Admin;
      if (!adminUser) throw new Error("the e2e server wrote no Admin user");
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await admin.goto(`${baseUrl}/auth/login`);
      await admin.getByLabel("Correo electrónico").fill(adminUser.email);
      await admin.getByLabel("Contraseña").fill(adminUser.password);
      await admin.getByRole("button", { name: "Iniciar sesión" }).click();
      await admin.waitForURL(/\/turnover$/);
      await admin.goto(`${baseUrl}/references-upload`);
      await benchLiveChange(page, admin, baseUrl);
      await adminContext.close();
    }
    await context.close();
  } finally {
    await stop();
  }
}

if (process.argv[1]?.endsWith("clickToRows.ts")) await benchClickToRows();
