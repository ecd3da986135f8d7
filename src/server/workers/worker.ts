/**
 * The worker threads' entry (piscina loads it: from the sources under tsx and Vitest, as
 * dist-server/worker.js in the bundled server, see scripts/build-server.ts). A task that may ask
 * the request thread comes with its end of a message channel (`port`).
 */
import type { MessagePort } from "node:worker_threads";
import { askNothing, askOver } from "./asks";
import { runTask, type TaskRequest } from "./tasks";

export default async function work(request: TaskRequest & { port?: MessagePort }) {
  const { port, ...task } = request;
  try {
    return await runTask(task, port ? askOver(port) : askNothing);
  } finally {
    port?.close();
  }
}
