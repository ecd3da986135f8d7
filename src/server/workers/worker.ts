/**
 * The worker threads' entry (piscina loads it: from the sources under tsx and Vitest, as
 * dist-server/worker.js in the bundled server, see scripts/build-server.ts).
 */
import { runTask, type TaskRequest } from "./tasks";

export default function work(request: TaskRequest) {
  return runTask(request);
}
