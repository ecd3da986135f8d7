/**
 * `npm test`'s Vitest step. On the embedded database every project runs. With DATABASE_URL set
 * (CI's second pass, on the PostgreSQL server) only the projects that touch the database run
 * again — `api` and `process`: the domain rules and the browser components under jsdom do not
 * read it, so running them twice would only double CI's time (its budget is 30 minutes on 2
 * cores). `npm run test:unit` runs every project whatever the database.
 */
import { fileURLToPath } from "node:url";
import { runStep } from "./step-times";

const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
const projects = process.env.DATABASE_URL ? ["--project", "api", "--project", "process"] : [];
if (projects.length > 0) {
  console.log("DATABASE_URL: Vitest runs the projects that use the database (api, process); domain and components ran on PGlite.");
}
const step = projects.length > 0 ? "vitest api, process" : "vitest (all projects)";
process.exit(runStep(step, process.execPath, [vitest, "run", ...projects, ...process.argv.slice(2)]));
