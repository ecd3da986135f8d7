/**
 * The feed folder's records (issue 34 item 4), as Cargas de datos shows them through
 * `GET /api/loads/`: a refused file keeps the reader's reasons with line and column (the same
 * Spanish the preview gives), in its record and in its report; a file whose content was loaded
 * before is recorded as "sin cambios: ya cargado el dd/mm hh:mm (carga N)", once per drop even
 * with two watchers on one database, and moved to procesados/.
 */
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FeedFolder } from "../../src/server/loads/feed";
import { startServer, type TestClient, type TestServer } from "./harness";

const EXAMPLE = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1");
/** 2026-11-24 12:00 UTC is 06:00 in Mexico City. */
const NOW = new Date("2026-11-24T12:00:00Z");
const COMMA_CSV = [
  "flight_number,date,direction,origin,destination,std,sta",
  "VB970,2026-12-10,S,MEX,MTY,2026-12-10 14:00,2026-12-10 15:30",
].join("\n");

let server: TestServer;
let slot: TestClient;
let dir: string;
let feeds: FeedFolder[] = [];

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  slot = await server.signIn("Slot");
});
afterAll(() => server.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "slotdesk-feed-records-"));
});
afterEach(async () => {
  for (const feed of feeds) await feed.stop();
  feeds = [];
  rmSync(dir, { recursive: true, force: true });
});

/** Watchers on the test's folder and database, scanning only when kicked. */
async function watchers(count: number): Promise<FeedFolder[]> {
  for (let i = 0; i < count; i++) {
    const feed = new FeedFolder({ db: server.handle.db, dir, now: () => NOW, settleMs: 0, intervalMs: 3_600_000 });
    await feed.start();
    feeds.push(feed);
  }
  await Promise.all(feeds.map((feed) => feed.kick()));
  return feeds;
}

function drop(name: string, content: string) {
  const aside = join(dir, `.${name}.tmp`);
  writeFileSync(aside, content, "latin1");
  renameSync(aside, join(dir, name));
}

describe("the feed folder's records in Cargas de datos", () => {
  it("keeps a refused file's reasons with line and column, as the preview gives them, in its record and its report", async () => {
    const preview = await slot.ok("previewDataLoad", { body: { kind: "flights", file_name: "comas.csv", content: COMMA_CSV } });
    const reason = preview.problems.find((p) => p.severity === "error");
    expect(reason?.message).toMatch(/punto y coma/);

    const feed = await watchers(1);
    drop("comas.csv", COMMA_CSV);
    await feed[0]?.kick();

    const [record] = await slot.ok("listDataLoads");
    expect(record).toMatchObject({ source: "feed", status: "refused", file_name: "comas.csv" });
    expect(record?.message).toContain(`línea ${reason?.line}, columna ${reason?.column}: ${reason?.message}`);
    expect(record?.problems).toContainEqual(expect.objectContaining({ line: reason?.line, column: reason?.column, message: reason?.message }));
    expect(readdirSync(join(dir, "con-errores")).sort()).toEqual(["comas.csv", "comas.csv.errores.txt"]);
    const report = readFileSync(join(dir, "con-errores", "comas.csv.errores.txt"), "utf8");
    expect(report).toContain(`línea ${reason?.line}, columna ${reason?.column} (error): ${reason?.message}`);
  });

  it("records a file loaded before as 'sin cambios: ya cargado …' once per drop, with two watchers, and moves it to procesados", async () => {
    const feed = await watchers(2);
    drop("itinerario.ssim", EXAMPLE);
    await Promise.all(feed.map((f) => f.kick()));
    const [first] = await slot.ok("listDataLoads");
    expect(first).toMatchObject({ source: "feed", status: "applied", file_name: "itinerario.ssim" });

    drop("itinerario.ssim", EXAMPLE);
    await Promise.all(feed.map((f) => f.kick()));
    await Promise.all(feed.map((f) => f.kick()));

    const history = await slot.ok("listDataLoads");
    const records = history.filter((load) => load.file_name === "itinerario.ssim");
    expect(records.map((load) => load.status)).toEqual(["unchanged", "applied"]);
    expect(records[0]?.message).toBe(`sin cambios: ya cargado el 24/11 06:00 (carga ${first?.id})`);
    expect(records[0]?.counts).toMatchObject({ new: 0, changed: 0 });
    expect(readdirSync(join(dir, "procesados")).sort()).toEqual(["itinerario-2.ssim", "itinerario.ssim"]);
    expect(readdirSync(dir).filter((name) => !["procesados", "con-errores"].includes(name))).toEqual([]);
  });
});
