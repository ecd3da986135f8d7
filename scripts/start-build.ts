/**
 * `npm start`'s build step (issue 36 item 13): builds the browser app (Vite, 15–45 s on a small
 * machine) and bundles the server (esbuild, about a second) only when their sources changed since
 * the build on disk, so a restart is ready in seconds. What each build read is fingerprinted — the
 * SHA-256 of every input file's path and contents — and written beside its output
 * (`dist/.inputs`, `dist-server/.inputs`) once the build succeeded; a missing or different
 * fingerprint, or a missing output, builds again. `npm run build` always builds.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, SERVER_BUNDLE } from "./build-server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Files and folders each build reads (folders walked whole). The browser app never reads src/server. */
const COMMON = ["package.json", "package-lock.json", "tsconfig.json", "src/domain", "src/generated"];
export const BROWSER_INPUTS = [...COMMON, "index.html", "vite.config.ts", "scripts/vite-precompress.ts", "src/app", "src/client", "src/custom-views", "src/resources", "public"];
export const SERVER_INPUTS = [...COMMON, "scripts/build-server.ts", "src/server", "openapi"];

function filesOf(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => filesOf(root, join(path, entry.name)))
    .sort();
}

/** The fingerprint of a build's inputs (paths relative to `root`). */
export function fingerprint(inputs: readonly string[], root: string = ROOT): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((input) => filesOf(root, input))) {
    hash.update(relative(root, join(root, file)));
    hash.update("\0");
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const stampOf = (root: string, outDir: string) => join(root, outDir, ".inputs");
const readStamp = (root: string, outDir: string) => (existsSync(stampOf(root, outDir)) ? readFileSync(stampOf(root, outDir), "utf8").trim() : null);

/** Records that the build in `outDir` was made from inputs with this fingerprint. */
export const writeStamp = (outDir: string, print: string, root: string = ROOT): void => writeFileSync(stampOf(root, outDir), `${print}\n`);

/** Whether a build with these inputs, whose output is `output`, must run again. */
export function isStale(outDir: string, output: string, inputs: readonly string[], root: string = ROOT): { stale: boolean; print: string } {
  const print = fingerprint(inputs, root);
  return { stale: !existsSync(join(root, output)) || readStamp(root, outDir) !== print, print };
}

async function main(): Promise<void> {
  const browser = isStale("dist", "dist/index.html", BROWSER_INPUTS);
  if (browser.stale) {
    console.log("Construyendo la aplicación del navegador (sus fuentes cambiaron desde la última construcción)…");
    const vite = spawnSync(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build"], { cwd: ROOT, stdio: "inherit" });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
    writeStamp("dist", browser.print);
  } else {
    console.log("La aplicación del navegador ya está construida con estas fuentes (dist/).");
  }
  const server = isStale("dist-server", SERVER_BUNDLE, SERVER_INPUTS);
  if (server.stale) {
    await buildServer();
    writeStamp("dist-server", server.print);
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) await main();
