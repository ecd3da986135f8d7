/**
 * Cargas de datos (issue 22, /api/loads/): a preview says what a file would change and writes
 * nothing; an apply stores it in one transaction and records it with its original file; a file
 * with a line in error is refused unless the call asks to leave that line out, and then the line
 * is kept with the load; the same file applied twice changes nothing; Seguimiento is refused.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/sql";
import { countRows } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

const EXAMPLE = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1");
/** A schedule as planning systems write it: CRLF, trimmed records, record 4, an overnight leg
 * with a blank date variation, an open-ended period, another airline, and one bad station. */
const REAL_SHAPED = readFileSync(join(__dirname, "../fixtures/schedule/real-shaped.ssim"), "latin1");
const NOW = new Date("2026-11-24T12:00:00Z");

let server: TestServer;
let slot: TestClient;
let seguimiento: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  [slot, seguimiento] = await Promise.all([server.signIn("Slot"), server.signIn("Seguimiento")]);
});
afterAll(() => server.close());

const HEADER = "flight_number;date;direction;origin;destination;std;sta;registration;aircraft_type;seats;service_type;status";
const FLIGHT_A = "VB950;2026-12-10;S;MEX;MTY;2026-12-10 14:00;2026-12-10 15:30;XA-VBA;320;180;J;D";
const FLIGHT_B = "VB951;2026-12-10;L;MTY;MEX;2026-12-10 16:00;2026-12-10 17:30;XA-VBA;320;180;J;D";
const BAD = "VB952;2026-12-10;S;MEX;MTY;2026-12-10 25:00;2026-12-10 15:30;XA-VBA;320;180;J;D";
const CSV_WITH_BAD = `${HEADER}\n${FLIGHT_A}\n${BAD}\n${FLIGHT_B}\n`;

describe("Cargas de datos (/api/loads/)", () => {
  it("previews a schedule without writing, then applies it once: the second apply changes nothing", async () => {
    const preview = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: EXAMPLE } });
    expect(preview).toMatchObject({ kind: "schedule", file_name: "example.ssim", errors: 0, loadable: true });
    expect(preview.counts).toMatchObject({ new: 27, changed: 0, unchanged: 0, skipped: 0 });
    expect(preview.rematch_dates[0]).toBe("2026-12-02");
    expect(await countRows(server.handle.db, "flights")).toBe(0);
    expect(await countRows(server.handle.db, "data_loads")).toBe(0);

    const applied = await slot.ok("applyDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: EXAMPLE } });
    expect(applied).toMatchObject({ kind: "schedule", source: "web", status: "applied", file_name: "example.ssim" });
    expect(applied.counts).toMatchObject({ new: 27, changed: 0, unchanged: 0 });
    expect(applied.loaded_by).toBeTruthy();
    expect(await countRows(server.handle.db, "flights")).toBe(27);

    const again = await slot.ok("previewDataLoad", { body: { kind: "schedule", content: EXAMPLE } });
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 27 });
    expect(again.rematch_dates).toEqual([]);
    const second = await slot.ok("applyDataLoad", { body: { kind: "schedule", content: EXAMPLE } });
    expect(second.counts).toMatchObject({ new: 0, changed: 0, unchanged: 27 });
    expect(second.rematch_dates).toEqual([]);

    const history = await slot.ok("listDataLoads");
    expect(history.map((load) => load.id)).toEqual([second.id, applied.id]);
    const original = await slot.call("downloadDataLoadFile", { params: { id: applied.id } });
    expect(original.status).toBe(200);
    expect(original.text).toBe(EXAMPLE);
    expect(String(original.headers["content-disposition"])).toContain("example.ssim");
  });

  it("refuses a file with a line in error unless asked to leave it out, then keeps that line with the load", async () => {
    const preview = await slot.ok("previewDataLoad", { body: { kind: "flights", file_name: "aims.csv", content: CSV_WITH_BAD } });
    expect(preview.errors).toBe(1);
    expect(preview.counts).toMatchObject({ lines: 4, new: 2, skipped: 1 });
    const problem = preview.problems.find((p) => p.severity === "error");
    expect(problem).toMatchObject({ line: 3, text: BAD });
    expect(problem?.message).toContain("25:00");

    const before = await countRows(server.handle.db, "flights");
    const refused = await slot.fail("applyDataLoad", { body: { kind: "flights", file_name: "aims.csv", content: CSV_WITH_BAD } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("la línea 3 tiene un error");
    expect(refused.body.errors?.[0]).toMatchObject({ line: 3 });
    expect(await countRows(server.handle.db, "flights")).toBe(before);

    const applied = await slot.ok("applyDataLoad", {
      body: { kind: "flights", file_name: "aims.csv", content: CSV_WITH_BAD, skip_errors: true },
    });
    expect(applied.counts).toMatchObject({ new: 2, skipped: 1 });
    expect(applied.errors).toBe(1);
    expect(await countRows(server.handle.db, "flights")).toBe(before + 2);
    const skipped = await slot.call("downloadDataLoadFile", { params: { id: applied.id }, query: { part: "skipped" } });
    expect(skipped.status).toBe(200);
    expect(skipped.text).toContain("# línea 3");
    expect(skipped.text).toContain(BAD);
  });

  it("reads a real-shaped schedule with its warnings and one bad line, and loads the rest when asked to leave that line out", async () => {
    const preview = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: REAL_SHAPED } });
    expect(preview.errors).toBe(1);
    expect(preview.warnings).toBeGreaterThanOrEqual(2);
    const bad = preview.problems.find((p) => p.severity === "error");
    expect(bad?.text).toContain("M X15001500");
    expect(preview.problems.map((p) => p.message).join("\n")).toContain("Se asumió llegada al día siguiente");
    expect(preview.counts.new).toBeGreaterThan(0);
    expect((await slot.fail("applyDataLoad", { body: { kind: "schedule", content: REAL_SHAPED } })).status).toBe(400);
    const applied = await slot.ok("applyDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: REAL_SHAPED, skip_errors: true } });
    expect(applied.counts.new).toBe(preview.counts.new);
    expect(applied.counts.skipped).toBe(1);
    expect(applied.warnings).toBe(preview.warnings);
    const skipped = await slot.call("downloadDataLoadFile", { params: { id: applied.id }, query: { part: "skipped" } });
    expect(skipped.text).toContain("M X15001500");
  });

  it("refuses what cannot be read at all, whatever skip_errors says, and changes nothing", async () => {
    const before = await queryRows(server.handle.db, sql`select count(*)::int as n from data_loads`);
    for (const [kind, content, expected] of [
      ["flights", "", "vacío"],
      ["schedule", "flight_number;date\nVB1;2026-12-01\n", "no parece un itinerario SSIM"],
      ["flights", "%PDF-1.4\u0001\u0002binary", "no es de texto"],
    ] as const) {
      const refused = await slot.fail("applyDataLoad", { body: { kind, file_name: "x", content, skip_errors: true } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(expected);
      const preview = await slot.fail("previewDataLoad", { body: { kind, file_name: "x", content } });
      expect(preview.body.message).toContain(expected);
    }
    expect(await queryRows(server.handle.db, sql`select count(*)::int as n from data_loads`)).toEqual(before);
  });

  it("takes a file of several megabytes, as a large airline's schedule is (the server's default limit is 1 MiB)", async () => {
    // The example's records followed by blank lines, as some exports pad them: 2.4 MB of JSON.
    const large = EXAMPLE + "\r\n".repeat(600_000);
    const preview = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "grande.ssim", content: large } });
    expect(preview).toMatchObject({ file_name: "grande.ssim", errors: 0, loadable: true });
    expect(preview.counts.new + preview.counts.changed + preview.counts.unchanged).toBe(27);
  });

  it("says a schedule of another airline is that airline's, not that it has no leg at MEX, and loads nothing", async () => {
    const otherAirline = EXAMPLE.replace(/^([235].)VB /gm, "$1XX ");
    const preview = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "xx.ssim", content: otherAirline } });
    expect(preview).toMatchObject({ loadable: false, errors: 1 });
    expect(preview.problems.filter((p) => p.severity === "error").map((p) => [p.line, p.message])).toEqual([
      [1, "Los 6 tramos de MEX son de la aerolínea XX; la aerolínea configurada es VB (VIV) — Ajustes. Revise el archivo o la aerolínea en Ajustes."],
    ]);
  });

  it("is for Admin and Slot only", async () => {
    for (const id of ["previewDataLoad", "applyDataLoad"] as const) {
      const refused = await seguimiento.fail(id, { body: { kind: "flights", content: CSV_WITH_BAD } });
      expect(refused.status).toBe(403);
    }
    expect((await seguimiento.fail("listDataLoads")).status).toBe(403);
  });
});
