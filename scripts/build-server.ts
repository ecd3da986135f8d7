/**
 * `npm run build` (second half): bundles the server into dist-server/main.js with esbuild, so
 * `npm start` runs plain JavaScript instead of compiling TypeScript at every start (a TypeScript
 * loader costs about a second before the first request). Packages stay in node_modules; the
 * files the server reads at run time are found from the project root (src/server/paths.ts).
 */
import { build } from "esbuild";

const started = performance.now();
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
console.log(`Servidor compilado en dist-server/ (${Math.round(performance.now() - started)} ms).`);
