/**
 * Server start on an existing embedded data dir (`npm run bench`, section 1; also runnable alone:
 * `npx tsx scripts/bench/start.ts`): spawn of the bundled server (dist-server, as `npm start` runs
 * it) → /api/health/ answers, and the server's own "ready in" figure; on the project's Node 24 and,
 * alternating in the same run, on the machine's own Node.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, SERVER_BUNDLE } from "../build-server";
import { waitForHealth } from "./app";
import { quantile } from "./stats";

const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * The other Node.js to compare with (the machine's own, when it is not the project's 24): its path
 * and version, or null. BENCH_OTHER_NODE names another binary.
 */
export function otherNode(): { path: string; version: string } | null {
  const path = process.env.BENCH_OTHER_NODE || "/usr/bin/node";
  const answer = spawnSync(path, ["--version"], { encoding: "utf8" });
  const version = answer.status === 0 ? answer.stdout.trim() : "";
  return version && version !== process.version ? { path, version } : null;
}

async function startOnce(node: string, dataDir: string, port: number): Promise<{ wall: number; ready: number }> {
  const started = performance.now();
  // The server as `npm start` runs it: the bundle, with its V8 flag.
  const child = spawn(node, ["--max-semi-space-size=32", SERVER_BUNDLE], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  // Asked every 20 ms: the start time is what this measures.
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health/`, Date.now() + 120_000, 20);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the server said:\n${output}${errors}`, { cause: error });
  }
  const wall = performance.now() - started;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  const ready = Number(/Listo en (\d+) ms/.exec(output)?.[1] ?? Number.NaN);
  return { wall, ready };
}

export async function benchStart(): Promise<void> {
  await buildServer();
  const dataDir = await mkdtemp(join(tmpdir(), "slotdesk-bench-"));
  const other = otherNode();
  const runtimes = [{ label: `node ${process.version}`, path: process.execPath }, ...(other ? [{ label: `node ${other.version}`, path: other.path }] : [])];
  try {
    const first = await startOnce(process.execPath, dataDir, 8931);
    console.log(`server start, fresh data dir (initdb + demo users + demo season): ${ms(first.wall)}`);
    const walls = runtimes.map(() => [] as number[]);
    const readies = runtimes.map(() => [] as number[]);
    // Alternating runtimes, so both see the same machine.
    for (let i = 0; i < 7; i++) {
      for (const [k, runtime] of runtimes.entries()) {
        const run = await startOnce(runtime.path, dataDir, 8931);
        walls[k]?.push(run.wall);
        readies[k]?.push(run.ready);
      }
    }
    for (const [k, runtime] of runtimes.entries()) {
      const wall = walls[k] ?? [];
      console.log(
        `server start (${runtime.label}), existing data dir, 7 runs: spawn→health p50 ${ms(quantile(wall, 0.5))} ` +
          `(min ${ms(Math.min(...wall))}); in-process ready p50 ${ms(quantile(readies[k] ?? [], 0.5))}  [budget 1 s]`,
      );
    }
    if (runtimes.length === 2) {
      console.log(`ratio start ${runtimes[0]?.label} / ${runtimes[1]?.label}: ${(quantile(walls[0] ?? [], 0.5) / quantile(walls[1] ?? [], 0.5)).toFixed(2)}×`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchStart();
