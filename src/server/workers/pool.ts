/**
 * The worker pool for heavy, pure work (issue 34 item 1): reading, comparing and previewing big
 * inputs (a 30,000-line coordinator list, a 20,000,000-character schedule) took the request thread
 * for seconds to minutes, and on the embedded database everyone shares that one thread. Here that
 * work runs in worker threads (piscina), and the main thread keeps answering.
 *
 * - Size: one thread per core but one (the request thread keeps its own), at least one
 *   (`SLOTDESK_WORKERS` overrides it). Workers start at the first task and stop after a minute idle.
 * - Memory: each worker's heap is capped (`resourceLimits`), and at most `MAX_QUEUE` tasks wait:
 *   a flood of big files queues, or is answered 503 in Spanish, instead of growing without bound.
 *   A worker that runs out of memory fails only its own task (500 to that request); piscina starts
 *   another for the next.
 * - `SLOTDESK_WORKERS=0` runs every task in the calling thread, as before the pool (the bench's
 *   "before", and the tests that compare both ways).
 *
 * The worker's file is worker.ts beside this one under tsx and Vitest (loaded with tsx's hooks), and
 * worker.js beside the bundle in dist-server/ (scripts/build-server.ts bundles it).
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import Piscina from "piscina";
import { HttpError } from "../http/errors";
import { answerOn, type Ask, askNothing } from "./asks";
import { runTask, type TaskName, type TaskOutput, type TaskRequest } from "./tasks";

/** A worker's heap: the largest input (20,000,000 characters) read into flights needs ~600 MB. */
export const WORKER_HEAP_MB = 1024;
/** Tasks that may wait for a worker; more are refused with 503. */
export const MAX_QUEUE = 16;

const fromSources = import.meta.url.endsWith(".ts");
const WORKER_FILE = fileURLToPath(new URL(fromSources ? "./worker.ts" : "./worker.js", import.meta.url));

/** The threads the pool keeps: `SLOTDESK_WORKERS`, else one per core but one, at least one. 0: none (in-thread). */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const configured = env.SLOTDESK_WORKERS;
  if (configured !== undefined && /^\d+$/.test(configured.trim())) return Number(configured.trim());
  return Math.max(1, availableParallelism() - 1);
}

type PoolRequest = TaskRequest & { port?: MessagePort };

let pool: Piscina<PoolRequest, TaskOutput<TaskName>> | null = null;

function thePool(threads: number): Piscina<PoolRequest, TaskOutput<TaskName>> {
  if (pool) return pool;
  // Under tsx the worker inherits its hooks (execArgv); under Vitest, whose transform does not reach
  // a worker thread, the worker registers tsx itself.
  const hooked = process.execArgv.some((arg) => arg.includes("tsx"));
  pool = new Piscina<PoolRequest, TaskOutput<TaskName>>({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: MAX_QUEUE,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    ...(fromSources && !hooked ? { execArgv: [...process.execArgv, "--import", "tsx"] } : {}),
  });
  return pool;
}

const isQueueFull = (error: unknown) => error instanceof Error && /queue is at limit/i.test(error.message);

/**
 * Runs `name` on `input` in a worker thread (or here, with `SLOTDESK_WORKERS=0`) and returns what
 * the task returns, exactly as it would here. `answer` answers what the task asks while it runs
 * (asks.ts): over a message channel from a worker. A full queue is answered 503 in Spanish.
 */
export async function runHeavy<N extends TaskName>(name: N, input: TaskRequest<N>["input"], answer: Ask = askNothing): Promise<TaskOutput<N>> {
  const threads = poolSize();
  if (threads === 0) return runTask<N>({ name, input }, answer);
  const channel = answer === askNothing ? null : new MessageChannel();
  if (channel) answerOn(channel.port1, answer);
  try {
    // The worker ran TASKS[name] on this input (tasks.ts): its answer is that task's output.
    const request: PoolRequest = channel ? { name, input, port: channel.port2 } : { name, input };
    return (await thePool(threads).run(request, channel ? { transferList: [channel.port2] } : {})) as TaskOutput<N>;
  } catch (error) {
    if (isQueueFull(error)) {
      throw new HttpError(503, "El servidor está ocupado leyendo otros archivos grandes. Inténtalo de nuevo en un momento.", undefined, { "Retry-After": "5" });
    }
    throw error;
  } finally {
    channel?.port1.close();
  }
}

let holders = 0;

/**
 * Holds the pool for an app (app.ts); the release stops the workers once no app holds it (a later
 * task starts the pool again). Several apps in one process (tests, benches) share the pool.
 */
export function holdHeavyWork(): () => Promise<void> {
  holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0) return;
    const closing = pool;
    pool = null;
    await closing?.close({ force: true });
  };
}
