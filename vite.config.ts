import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
const serverPort = process.env.PORT ?? "8080";

export default defineConfig({
  // Each built file also as .br and .gz, for the server to send as they are.
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks a module needs (scripts/bench/wire.ts counts the shell's from it).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    // In development the browser app talks to the server through Vite, same origin.
    proxy: {
      "/api": `http://127.0.0.1:${serverPort}`,
      "/references": `http://127.0.0.1:${serverPort}`,
      "/tasks": `http://127.0.0.1:${serverPort}`,
      "/config.js": `http://127.0.0.1:${serverPort}`,
    },
  },
});
