/**
 * Nobody freezes the server (issue 34 item 1): figures, never pass/fail. On the demo season, on
 * PGlite and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local server) in the
 * same run, while one Slot user sends
 *
 *  (a) a coordinator's list (SAL) of 30,000 lines to POST /api/coordinator-list/compare/,
 *  (b) four previews at once (POST /api/loads/preview/) of a schedule of 99,400 legs whose unread
 *      columns hold three-byte characters: 20,000,000 characters, a JSON body of about 41 MiB each,
 *  (c) one preview of a plain 99,400-leg schedule (20,000,000 characters),
 *
 * two other clients ask, one after another, /api/health/ and a one-day turnover (POST
 * /api/turnover/, as a Seguimiento user). Reported for each: their round trips p50/p99/max (budget
 * p99 ≤ 300 ms), the heavy requests' own time, and the process's peak resident memory while they
 * ran (VmHWM, reset before each case; the server and its worker threads are this process: the
 * inputs, built beforehand, are in the baseline) and its growth over the baseline.
 *
 * Each case runs twice: in the request thread (`SLOTDESK_WORKERS=0`: the same work, in the thread
 * that answers requests) and in the pool; the heavy answers of both must be the same bytes.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/freeze.ts
 *
 * To measure a part only: FREEZE_CASES=a,b,c (which cases), FREEZE_MODES=thread,pool (which ways),
 * FREEZE_DATABASES=pglite,postgres (which databases). The answers are compared only when both ways ran.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { addDays } from "../../src/domain/seasons";
import type { Ssim7LegSpec } from "../../src/domain/ssim7";
import { LOCAL_ZONE } from "../../src/domain/zones";
import { buildApp } from "../../src/server/app";
import { createServices, openAndPrepareDatabase } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { loadDemoSeason } from "../../src/server/demo/season";
import { poolSize } from "../../src/server/workers/pool";
import { sirOf } from "./coordinatorList";
import { type BenchSession, onThrowawayPostgres, signInByInject } from "./inProcess";
import { demoSeasonLegs, seasonSsim } from "./scheduleImport";
import { quantile } from "./stats";

const NOW = new Date("2026-11-21T15:00:00Z");
const SEASON = "W26";
const LIST_LINES = 30_000;
/** The most a data load takes (DataLoadRequest.content). */
const MAX_CHARACTERS = 20_000_000;
const CONCURRENT_PREVIEWS = 4;
/** Between two asks of one polling client. */
const POLL_GAP_MS = 20;
const DAY = "2026-11-23";

/** The parts named in `variable` (comma-separated), or all of `all` when it is unset. */
const chosen = <T extends string>(variable: string, all: readonly T[]): readonly T[] => {
  const named = process.env[variable]?.split(",").map((part) => part.trim().toLowerCase());
  return named ? all.filter((part) => named.includes(part)) : all;
};
const CASES = chosen("FREEZE_CASES", ["a", "b", "c"] as const);
const MODES = chosen("FREEZE_MODES", ["thread", "pool"] as const);
const DATABASES = chosen("FREEZE_DATABASES", ["pglite", "postgres"] as const);

const ms = (n: number) => `${Math.round(n)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Linux: the resident set's high-water mark, and its reset (so each case has its own peak). */
const vmHwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;
function resetHwm(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/** Dated legs up to `count`: the demo season's, under other flight numbers, then 26 weeks later. */
function manyLegs(count: number): Ssim7LegSpec[] {
  const base = demoSeasonLegs(false);
  const legs: Ssim7LegSpec[] = [];
  for (const weeks of [0, 26, 52]) {
    for (const renumber of [0, 5000]) {
      for (const leg of base) {
        if (legs.length >= count) return legs;
        if (renumber > 0 && leg.flightNumber >= 5000) continue;
        const from = addDays(leg.from, weeks * 7);
        legs.push({ ...leg, flightNumber: leg.flightNumber + renumber, from, to: from });
      }
    }
  }
  return legs;
}

/**
 * The largest schedule a load takes: as many legs as fit in 20,000,000 characters. `wide`: each leg
 * record's unread columns (76–192, blank) hold "—", three bytes in UTF-8, so the JSON body is about
 * twice the characters.
 */
function largestSchedule(wide: boolean): { text: string; legs: number } {
  let count = Math.floor(MAX_CHARACTERS / 201) - 10;
  for (;;) {
    const file = seasonSsim(manyLegs(count));
    const text = wide
      ? file.text
          .split("\n")
          .map((line) => (line.startsWith("3") && line.length === 200 ? line.slice(0, 75) + "—".repeat(117) + line.slice(192) : line))
          .join("\n")
      : file.text;
    if (text.length <= MAX_CHARACTERS) return { text, legs: file.legs };
    count -= Math.ceil((text.length - MAX_CHARACTERS) / 201);
  }
}

type Poll = { times: number[]; failures: number };

/**
 * Asks `ask` until `done` (once more after it), each ask POLL_GAP_MS after the previous answer. A round trip is timed
 * from when the ask was due, not from when this thread got round to sending it: a client elsewhere
 * would have sent it on time and waited for as long as the server's thread was held.
 */
async function poll(ask: () => Promise<number>, done: () => boolean): Promise<Poll> {
  const result: Poll = { times: [], failures: 0 };
  let due = performance.now();
  for (;;) {
    const status = await ask();
    const answered = performance.now();
    result.times.push(answered - due);
    if (status !== 200) result.failures++;
    if (done()) return result;
    due = answered + POLL_GAP_MS;
    // When the thread is held, this timer fires late, and the lateness counts in the next ask
    // (asked even when the heavy request ended meanwhile).
    await new Promise((resolveGap) => setTimeout(resolveGap, POLL_GAP_MS));
  }
}

const pollFigures = (name: string, p: Poll) =>
  `${name} p50 ${ms(quantile(p.times, 0.5))} p99 ${ms(quantile(p.times, 0.99))} max ${ms(Math.max(...p.times))} (${p.times.length} asks${p.failures ? `, ${p.failures} not 200` : ""})`;

type Heavy = { key: "a" | "b" | "c"; label: string; run: () => Promise<Array<{ status: number; body: string; ms: number }>> };

type CaseResult = { label: string; answers: string[]; line: string };

async function measure(app: FastifyInstance, other: BenchSession, heavy: Heavy): Promise<CaseResult> {
  const baseline = process.memoryUsage().rss;
  const resettable = resetHwm();
  let done = false;
  const health = poll(async () => (await app.inject({ method: "GET", url: "/api/health/" })).statusCode, () => done);
  const turnover = poll(
    async () =>
      (
        await app.inject({
          method: "POST",
          url: "/api/turnover/",
          headers: { ...other.headers, "content-type": "application/json" },
          payload: JSON.stringify({ start: DAY, end: DAY, time_zone: LOCAL_ZONE, airport: "MEX" }),
        })
      ).statusCode,
    () => done,
  );
  const started = performance.now();
  const answers = await heavy.run().finally(() => {
    done = true;
  });
  const wall = performance.now() - started;
  const [h, t] = await Promise.all([health, turnover]);
  const peak = resettable ? vmHwm() : process.resourceUsage().maxRSS * 1024;
  const statuses = [...new Set(answers.map((a) => a.status))].join(", ");
  return {
    label: heavy.label,
    answers: answers.map((a) => `${a.status} ${a.body}`),
    // A heavy request that was not answered 200 says why (the figures would mean nothing).
    line:
      `    ${heavy.label}: ${ms(wall)} (each ${answers.map((a) => ms(a.ms)).join(", ")}; answered ${statuses})\n` +
      answers
        .filter((a) => a.status !== 200)
        .slice(0, 1)
        .map((a) => `      NOT 200: ${a.body.slice(0, 300)}\n`)
        .join("") +
      `      ${pollFigures("health", h)}\n` +
      `      ${pollFigures("turnover of one day", t)}\n` +
      `      memory: peak ${mib(peak)}${resettable ? "" : " (since start)"}, ${mib(Math.max(0, peak - baseline))} over the ${mib(baseline)} before`,
  };
}

async function benchOn(label: string, handle: DatabaseHandle): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW, season: SEASON });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  await app.ready();
  const configured = process.env.SLOTDESK_WORKERS;
  try {
    const slot = await signInByInject(app, handle.db, services.passwords, "Slot", "freeze");
    const other = await signInByInject(app, handle.db, services.passwords, "Seguimiento", "freeze-other");
    // Every third line under a flight number the register does not hold (only there, or other
    // days of another line): the comparing is the work, not only the reading.
    const sal = await sirOf(handle, LIST_LINES, "SAL");
    let dataLine = 0;
    const list = {
      text: sal.text
        .split("\n")
        .map((line) => (line.startsWith("K") && dataLine++ % 3 === 0 ? line.replace(/^K( ?)VB\d+/, (_all, gap: string) => `K${gap}VB${9000 + (dataLine % 999)}`) : line))
        .join("\n"),
    };
    const wide = largestSchedule(true);
    const plain = largestSchedule(false);
    // Each body encoded once, beforehand: a client elsewhere sends bytes, and encoding 41 MiB four
    // times in this thread is the client's work, not the server's.
    const post = async (url: string, payload: Buffer) => {
      const started = performance.now();
      const answer = await app.inject({ method: "POST", url, headers: { ...slot.headers, "content-type": "application/json" }, payload });
      return { status: answer.statusCode, body: answer.body, ms: performance.now() - started };
    };
    const listBody = Buffer.from(JSON.stringify({ file_name: "SAL bench.txt", content: list.text }));
    const wideBody = Buffer.from(JSON.stringify({ kind: "schedule", file_name: "itinerario-ancho.ssim", content: wide.text }));
    const plainBody = Buffer.from(JSON.stringify({ kind: "schedule", file_name: "itinerario.ssim", content: plain.text }));
    const cases: Heavy[] = [
      {
        key: "a",
        label: `(a) SAL of ${LIST_LINES.toLocaleString("en")} lines (${(Buffer.byteLength(list.text) / 1e6).toFixed(2)} MB) compared`,
        run: async () => [await post("/api/coordinator-list/compare/", listBody)],
      },
      {
        key: "b",
        label: `(b) ${CONCURRENT_PREVIEWS} previews at once of ${wide.legs.toLocaleString("en")} legs (${wide.text.length.toLocaleString("en")} characters, body ${mib(wideBody.length)})`,
        run: () => Promise.all(Array.from({ length: CONCURRENT_PREVIEWS }, () => post("/api/loads/preview/", wideBody))),
      },
      {
        key: "c",
        label: `(c) one preview of ${plain.legs.toLocaleString("en")} legs (body ${mib(plainBody.length)})`,
        run: async () => [await post("/api/loads/preview/", plainBody)],
      },
    ];
    console.log(`${label}:`);
    const inThread = new Map<string, CaseResult>();
    const modes = [
      ["thread", "in the request thread (SLOTDESK_WORKERS=0, as before)", "0"],
      ["pool", "in the worker pool", configured],
    ] as const;
    for (const [, mode, workers] of modes.filter(([key]) => MODES.includes(key))) {
      if (workers === undefined) delete process.env.SLOTDESK_WORKERS;
      else process.env.SLOTDESK_WORKERS = workers;
      console.log(`  ${mode}${workers === "0" ? "" : `, ${poolSize()} thread(s)`}:`);
      for (const heavy of cases.filter((c) => CASES.includes(c.key))) {
        const result = await measure(app, other, heavy);
        console.log(result.line);
        if (workers === "0") inThread.set(heavy.key, result);
        else if (inThread.has(heavy.key)) {
          const before = inThread.get(heavy.key);
          const same = before !== undefined && before.answers.join("\n") === result.answers.join("\n") && result.answers.every((a) => a.startsWith("200 "));
          console.log(`      same answer as in the request thread: ${same ? "yes" : "NO"}`);
        }
      }
    }
  } finally {
    if (configured === undefined) delete process.env.SLOTDESK_WORKERS;
    else process.env.SLOTDESK_WORKERS = configured;
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchFreeze(): Promise<void> {
  console.log(`Freeze bench · demo season at ${NOW.toISOString()} · node ${process.version} · budget: health and turnover p99 ≤ 300 ms`);
  if (DATABASES.includes("pglite")) {
    const pglite = await openAndPrepareDatabase({}, NOW);
    try {
      await benchOn("PGlite", pglite);
    } finally {
      await pglite.close();
    }
  }
  if (DATABASES.includes("postgres")) await onThrowawayPostgres("freeze", NOW, (postgres) => benchOn("PostgreSQL", postgres));
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchFreeze();
