/**
 * What `npm start` prints for a person (issue 36 item 14): the feed folder it watches, and the
 * demo users' passwords as one framed block that no request's log line interrupts, printed before
 * the request log starts. Demo users are made only on the embedded database: on a PostgreSQL
 * server none are made and no password is printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore, type ServerProcess, startServer, type TestStore } from "./support";

let store: TestStore;
let feeds: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  store = await createStore();
  feeds = mkdtempSync(join(tmpdir(), "slotdesk-start-feeds-"));
});
afterAll(async () => {
  await server?.kill();
  await store.remove();
  rmSync(feeds, { recursive: true, force: true });
});

describe("the first start's output", () => {
  it("names the feed folder it watches and prints the demo passwords as a framed block before the request log", async () => {
    server = await startServer({ ...store.env, FEEDS_DIR: feeds, FEEDS_SETTLE_MS: "0", DEMO_DATA: "0", LOG_LEVEL: "info" });
    await server.waitFor(new RegExp(`Carpeta de cargas: vigilando la carpeta ${feeds.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), 30_000);
    const health = await fetch(`${server.url}/api/health/`);
    expect(health.status).toBe(200);
    await server.waitFor(/"url":"\/api\/health\/"/, 30_000);

    const lines = server.output().split("\n");
    const title = lines.findIndex((line) => line.startsWith("Usuarios de demostración (las contraseñas se muestran solo esta vez):"));
    if (store.databaseUrl) {
      // A PostgreSQL server is a deployment, not a try-out: no demo users, so no passwords printed.
      expect(title).toBe(-1);
      return;
    }
    expect(title).toBeGreaterThan(0);
    // A rule above and below the four users, nothing else inside.
    expect(lines[title - 1]).toMatch(/^=+$/);
    const users = lines.slice(title + 1, title + 5);
    expect(users.map((line) => line.trim().split(/\s+/)[0])).toEqual(["Admin", "Slot", "Seguimiento", "Reportes"]);
    expect(lines[title + 5]).toMatch(/^=+$/);
    // The first request's log line comes after the block.
    const firstRequest = lines.findIndex((line) => line.includes('"url":"/api/health/"'));
    expect(firstRequest).toBeGreaterThan(title + 5);
  });
});
