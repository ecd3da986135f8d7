/**
 * `npm run build` (second half): bundles the server into dist-server/main.js with esbuild, so
 * `npm start` runs plain JavaScript instead of compiling TypeScript at every start (a TypeScript
 * loader costs about a second before the first request). Packages stay in node_modules; the
 * files the server reads at run time are found from the project root (src/server/paths.ts).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export const SERVER_BUNDLE = "dist-server/main.js";

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: { main: "src/server/main.ts" },
    outdir: "dist-server",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const started = performance.now();
  await buildServer();
  console.log(`Servidor compilado en dist-server/ (${Math.round(performance.now() - started)} ms).`);
}
