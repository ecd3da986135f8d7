/**
 * `npm run dev`: the server (tsx, restarts on change) and Vite with hot reload, together.
 * Vite proxies /api, /references, /tasks and /config.js to the server.
 */
import { spawn } from "node:child_process";

const children = [
  spawn("node_modules/.bin/tsx", ["watch", "src/server/main.ts"], { stdio: "inherit" }),
  spawn("node_modules/.bin/vite", [], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
