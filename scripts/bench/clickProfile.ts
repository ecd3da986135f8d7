/**
 * Where a click's main-thread time goes, by function and package (issue 35): signed in as Slot in
 * the production build (scripts/e2e-server.ts, as `clickToRows.ts`), each run loads Carga de
 * referencias afresh, stores Hoy's range (PROF_PRESET=month: this month), starts V8's CPU profiler
 * (0.2 ms samples), clicks Entrega de turno in the side menu and stops at the first grid row. The
 * samples are mapped to their original source through the build's source maps and summed per run:
 * self time by package and by function, and inclusive time of the app's own functions. One warm-up
 * click, then PROF_RUNS (default 3); each profile is kept in /tmp/clicks/prof-<n>.cpuprofile (open
 * it in Chromium's DevTools). Wall times here carry the profiler's cost: compare the split, not them.
 *
 *   npm run build && PROF_PORT=8652 npx tsx scripts/bench/clickProfile.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { rangeForPreset } from "../../src/domain/dateRange";
import { startBenchApp } from "./app";

const PORT = Number(process.env.PROF_PORT ?? 8652);
const RUNS = Number(process.env.PROF_RUNS ?? 3);
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (maps.has(url)) return maps.get(url) ?? null;
  const map = readMap(url);
  maps.set(url, map);
  return map;
}
function readMap(url: string): TraceMap | null {
  try {
    return new TraceMap(readFileSync(`dist${new URL(url).pathname}.map`, "utf8"));
  } catch {
    // Not one of the build's scripts (an inline script, the browser's own code).
    return null;
  }
}
function where(frame: Node["callFrame"]): string {
  const map = frame.url ? mapOf(frame.url) : null;
  if (!map) return `${frame.functionName || "(anon)"} ${frame.url.split("/").pop()}`;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const src = (pos.source ?? "?").replace(/^.*node_modules\//, "nm/").replace(/^.*\/src\//, "src/");
  return `${pos.name ?? frame.functionName ?? "(anon)"} ${src}:${pos.line}`;
}
function pkg(frame: Node["callFrame"]): string {
  const map = frame.url ? mapOf(frame.url) : null;
  if (!map) return frame.url ? "?" + frame.url.split("/").pop() : `(${frame.functionName || "native"})`;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const src = pos.source ?? "?";
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(src);
  return m ? m[1]! : src.replace(/^.*\/src\//, "src/");
}

mkdirSync("/tmp/clicks", { recursive: true });
const app = await startBenchApp(PORT);
try {
  const user = app.users.Slot!;
  const context = await app.browser.newContext({ viewport: { width: 1366, height: 768 }, timezoneId: "America/Mexico_City" });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/auth/login`);
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL(/\/turnover$/);
  const range = rangeForPreset(process.env.PROF_PRESET === "month" ? "this_month" : "today", new Date());
  const self = new Map<string, number>();
  const byPkg = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    await page.goto(`${app.baseUrl}/references-upload`);
    await page.getByRole("heading", { name: "Carga de referencias" }).first().waitFor();
    await page.evaluate(`localStorage.setItem("range", ${JSON.stringify(JSON.stringify([range.start, range.end]))}); localStorage.setItem("range_preset", "today"); localStorage.setItem("time_zone", "local");`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    const t0 = Date.now();
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Entrega de turno" }).click();
    await page.locator(".MuiDataGrid-row[data-id]").first().waitFor();
    const t1 = Date.now();
    await page.waitForTimeout(50);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    await cdp.detach();
    console.log(`run ${i}: ~${t1 - t0} ms to rows (wall, with CDP overhead)`);
    if (i === 0) continue; // warm-up
    writeFileSync(`/tmp/clicks/prof-${i}.cpuprofile`, JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    profile.samples.forEach((id, k) => {
      const dt = (profile.timeDeltas[k + 1] ?? 0) / 1000;
      const node = byId.get(id)!;
      if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") return;
      all += dt;
      const key = where(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + dt);
      const p = pkg(node.callFrame);
      byPkg.set(p, (byPkg.get(p) ?? 0) + dt);
      // inclusive, by src function (count once per stack)
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur)!.callFrame;
        const k2 = where(f);
        if (!seen.has(k2) && (k2.includes(" src/"))) { seen.add(k2); total.set(k2, (total.get(k2) ?? 0) + dt); }
      }
    });
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / RUNS).toFixed(1).padStart(7)} ms  ${k}`).join("\n");
  console.log(`busy per run ${(all / RUNS).toFixed(0)} ms\n--- by package (self)\n${top(byPkg, 25)}\n--- self\n${top(self, 45)}\n--- inclusive (src/ functions)\n${top(total, 40)}`);
} finally {
  await app.stop();
}
