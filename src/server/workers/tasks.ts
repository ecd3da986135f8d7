/**
 * The work the pool runs: pure functions of plain data (structured-cloned across threads), each a
 * concept's own (reading and comparing stay with their concept; this table only names them). Run
 * in a worker by worker.ts, or in the calling thread when the pool is off (`runInline`). A task
 * that needs the database asks the request thread through `ask` (asks.ts).
 */
import { readJsonBody } from "../contract/bodyWork";
import { compareListWithRegister, compareListJson, readListVerdict } from "../coordinatorList/work";
import { previewLoadWork } from "../loads/previewWork";
import { readLoadFile } from "../loads/read";
import type { Ask } from "./asks";

export const TASKS = {
  readListVerdict,
  compareListWithRegister,
  compareListJson,
  readLoadFile: (input: Parameters<typeof readLoadFile>) => readLoadFile(...input),
  previewLoadWork,
  readJsonBody,
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;
/** One request to a worker: which task, on what. */
export type TaskRequest<N extends TaskName = TaskName> = { name: N; input: TaskInput<N> };

const TABLE: { [N in TaskName]: (input: TaskInput<N>, ask: Ask) => TaskOutput<N> | Promise<TaskOutput<N>> } = TASKS;

/** Runs a task where it is called (the worker's body; the pool's in-thread mode). */
export function runTask<N extends TaskName>(request: TaskRequest<N>, ask: Ask): TaskOutput<N> | Promise<TaskOutput<N>> {
  return TABLE[request.name](request.input, ask);
}
