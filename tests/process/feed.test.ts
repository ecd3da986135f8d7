/**
 * The feed folder (issue 22 item 6): a file dropped in FEEDS_DIR is loaded exactly once — by one
 * of two server instances on one PostgreSQL database (on the embedded database, one instance:
 * it has one owner) — moved to `procesados/`, recorded in the loads' history; the same file
 * dropped again after a restart is not loaded again, and recorded once as "sin cambios". A file with a bad line goes to
 * `con-errores/` with a report beside it, its other lines loaded.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore, type ServerProcess, startServer, type TestStore } from "./support";

const EXAMPLE = readFileSync(join(import.meta.dirname, "../fixtures/schedule/example.ssim"), "latin1");
const CSV = [
  "flight_number;date;direction;origin;destination;std;sta;registration;aircraft_type;seats;status",
  "VB960;2026-12-11;S;MEX;MTY;2026-12-11 14:00;2026-12-11 15:30;XA-VBA;320;180;D",
  "VB961;2026-12-11;L;MTY;MEX;2026-12-11 99:00;2026-12-11 17:30;XA-VBA;320;180;D",
].join("\n");

let store: TestStore;
let feeds: string;
const servers: ServerProcess[] = [];

/** Drops a file the way a system should: written aside, then renamed in (one atomic step). */
function drop(name: string, content: string) {
  const aside = join(feeds, `.${name}.tmp`);
  writeFileSync(aside, content, "latin1");
  renameSync(aside, join(feeds, name));
}

const env = () => ({ ...store.env, FEEDS_DIR: feeds, FEEDS_SETTLE_MS: "0", DEMO_DATA: "0", LOG_LEVEL: "info" });
const loadedLine = (name: string) => new RegExp(`Carpeta de cargas: ${name.replace(".", "\\.")} `);

async function firstToSay(pattern: RegExp) {
  return Promise.any(servers.map((server) => server.waitFor(pattern, 60_000)));
}

beforeAll(async () => {
  store = await createStore();
  feeds = mkdtempSync(join(tmpdir(), "slotdesk-feeds-"));
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await store.remove();
  rmSync(feeds, { recursive: true, force: true });
});

describe("the feed folder", () => {
  it("loads a dropped schedule once, even with two instances watching, and never again after a restart", async () => {
    const instances = store.databaseUrl ? 2 : 1;
    for (let i = 0; i < instances; i++) servers.push(await startServer(env()));
    drop("itinerario.ssim", EXAMPLE);
    await firstToSay(loadedLine("itinerario.ssim"));
    for (const server of servers.splice(0)) await server.stop();

    expect(readdirSync(join(feeds, "procesados"))).toEqual(["itinerario.ssim"]);
    expect(existsSync(join(feeds, "itinerario.ssim"))).toBe(false);
    expect(await store.count("data_loads")).toBe(1);
    expect(await store.count("data_loads", "source = 'feed' and status = 'applied'")).toBe(1);
    expect(await store.count("flights")).toBe(27);

    // The same file again, after a restart: taken already, moved aside, not loaded twice, and
    // recorded once as a load without changes that names the first.
    servers.push(await startServer(env()));
    drop("itinerario.ssim", EXAMPLE);
    await firstToSay(/itinerario\.ssim → carga \d+ \(unchanged\)/);
    await servers[0]?.stop();
    servers.splice(0);
    expect(await store.count("data_loads")).toBe(2);
    expect(await store.count("data_loads", "status = 'unchanged' and message like 'sin cambios: ya cargado el %'")).toBe(1);
    expect(await store.count("flights")).toBe(27);
    expect(readdirSync(join(feeds, "procesados")).sort()).toEqual(["itinerario-2.ssim", "itinerario.ssim"]);
  });

  it("loads the good lines of a file with a bad one and moves it to con-errores with a report", async () => {
    servers.push(await startServer(env()));
    drop("vuelos.csv", CSV);
    await firstToSay(loadedLine("vuelos.csv"));
    await servers[0]?.stop();
    servers.splice(0);
    expect(readdirSync(join(feeds, "con-errores")).sort()).toEqual(["vuelos.csv", "vuelos.csv.errores.txt"]);
    const report = readFileSync(join(feeds, "con-errores", "vuelos.csv.errores.txt"), "utf8");
    expect(report).toContain("línea 3");
    expect(report).toContain("99:00");
    expect(await store.count("flights", "flight_number = 'VB960'")).toBe(1);
    expect(await store.count("flights", "flight_number = 'VB961'")).toBe(0);
    expect(await store.count("data_loads", "errors = 1 and source = 'feed'")).toBe(1);
  });
});
