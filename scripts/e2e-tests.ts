/**
 * `npm test`'s browser step (Playwright, against the production build). On the embedded database
 * every flow runs. With DATABASE_URL set (CI's second pass, on the PostgreSQL server) only the
 * flows tagged `@postgres` run again: those whose outcome depends on more than one session meeting
 * in the database — live updates (events travel through PostgreSQL's LISTEN/NOTIFY on a server,
 * in-process on PGlite) and two users writing one record (the version check behind the 409).
 * Every other flow exercises the same SQL as the `api` project, which runs whole on both
 * databases; running all of them twice cost CI about 12 minutes (issue 33).
 * `npm run test:e2e` runs every flow whatever the database.
 */
import { fileURLToPath } from "node:url";
import { runStep } from "./step-times";

const playwright = fileURLToPath(new URL("../node_modules/@playwright/test/cli.js", import.meta.url));
const only = process.env.DATABASE_URL ? ["--grep", "@postgres"] : [];
if (only.length > 0) {
  console.log("DATABASE_URL: Playwright runs the flows tagged @postgres (live updates, two users); all of them ran on PGlite.");
}
const step = only.length > 0 ? "playwright @postgres" : "playwright";
process.exit(runStep(step, process.execPath, [playwright, "test", ...only, ...process.argv.slice(2)]));
