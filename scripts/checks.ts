/**
 * `npm test`'s static steps: the generated code matches the contract, the types check, the lint
 * passes, and the app is built for the browser tests. CI runs `npm test` twice on one tree (on
 * PGlite, then on PostgreSQL); its second pass sets SLOTDESK_TREE_CHECKED=1, because none of
 * these steps reads a database and the first pass already ran them on the same files — running
 * them again would only spend CI's 30-minute budget. Anyone else gets every step.
 */
import { runStep } from "./step-times";

// `checks.ts static` before the tests, `checks.ts build` before the browser tests.
const steps = process.argv[2] === "build" ? [["run", "build"]] : [["run", "check:generated"], ["run", "check:contract"], ["run", "typecheck"], ["run", "lint"]];
if (process.env.SLOTDESK_TREE_CHECKED === "1") {
  console.log(`SLOTDESK_TREE_CHECKED=1: ${steps.map((s) => s[1]).join(", ")} already ran on this tree (CI's first pass).`);
  process.exit(0);
}
for (const args of steps) {
  const status = runStep(String(args[1]), "npm", args);
  if (status !== 0) process.exit(status);
}
