/**
 * The steps of `npm test` run through here so CI can say where its time went: each step's command
 * runs with inherited output, and when CI_STEP_TIMES names a file (`.ci/run` sets it, one file per
 * pass), a line `step<TAB>seconds<TAB>exit status` is appended to it. `.ci/run` prints the lines
 * at its end. Without CI_STEP_TIMES nothing is written.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";

/** Runs `command args…` as the step `name`; returns its exit status. */
export function runStep(name: string, command: string, args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: "inherit" });
  const status = run.status ?? 1;
  const file = process.env.CI_STEP_TIMES;
  if (file) appendFileSync(file, `${name}\t${((performance.now() - started) / 1000).toFixed(0)}\t${status}\n`);
  return status;
}
