/**
 * `npm run build` (second half): bundles the server into dist-server/ with esbuild, so
 * `npm start` runs plain JavaScript instead of compiling TypeScript at every start (a TypeScript
 * loader costs about a second before the first request). Packages stay in node_modules; the
 * files the server reads at run time are found from the project root (src/server/paths.ts).
 */
import { readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

export const SERVER_BUNDLE = "dist-server/main.js";

/**
 * The entry `node` runs (`main.js`): it turns on Node's compile cache, then loads the bundle
 * (`server.js`). Compiling the 4 MB bundle took a tenth of every start; with the cache (kept
 * beside the bundle, keyed by its contents, so a new build is compiled once again) it is read
 * back. Where the folder cannot be written, Node starts without the cache.
 */
const ENTRY = `// Written by scripts/build-server.ts: the compile cache first, then the server.
// (a namespace import: a Node.js without the cache, as the bench's comparison runs, starts without it)
import * as nodeModule from "node:module";
import { fileURLToPath } from "node:url";
nodeModule.enableCompileCache?.(fileURLToPath(new URL("./.compile-cache", import.meta.url)));
await import("./server.js");
`;

/**
 * Packages are compiled into the bundle: their builds are hundreds of small modules that Node
 * would load one by one at every start (date-fns alone took 1.2 s, drizzle-orm 0.4–0.7 s); the
 * bundle keeps only what the server uses. These are loaded from node_modules as they are: PGlite
 * finds its WebAssembly files beside its own module, pg and nodemailer are loaded only when
 * configured (DATABASE_URL, SMTP_URL), swagger-ui-dist is files to serve, exceljs (large, CommonJS
 * with its own zip and stream packages) is imported only by the spreadsheet uploads and downloads,
 * piscina starts its threads from its own worker file beside its module.
 */
const LOADED_AS_IS = new Set(["@electric-sql/pglite", "pg", "nodemailer", "swagger-ui-dist", "node", "exceljs", "piscina"]);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
const external = Object.keys(pkg.dependencies)
  .filter((name) => LOADED_AS_IS.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/** Bundles the server into `outdir` (dist-server for `npm start`; the process tests use their own). */
export async function buildServer(outdir = "dist-server"): Promise<void> {
  await build({
    // The worker pool's threads load worker.js beside the bundle (src/server/workers/pool.ts).
    entryPoints: { server: join(ROOT, "src/server/main.ts"), worker: join(ROOT, "src/server/workers/worker.ts") },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    external,
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: { js: 'import { createRequire as __slotdeskRequire } from "node:module"; const require = __slotdeskRequire(import.meta.url);' },
    sourcemap: true,
    logLevel: "warning",
  });
  await writeFile(join(outdir, "main.js"), ENTRY);
  // The bundle was main.js before it had an entry of its own: its map would describe nothing.
  await rm(join(outdir, "main.js.map"), { force: true });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const started = performance.now();
  await buildServer();
  console.log(`Servidor compilado en dist-server/ (${Math.round(performance.now() - started)} ms).`);
}
