/**
 * The schedule load (README "Schedule import (SSIM)", POST /api/loads/ with kind schedule; the
 * retired POST /api/schedule/import/ asserted the same): the legs at MEX of an SSIM Chapter 7 file
 * become dated planned flights; a re-load updates them in place (what AIMS reported is kept); a
 * malformed file is refused whole with line and column and changes nothing; Seguimiento and
 * Reportes are refused.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/sql";
import { countRows } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

const EXAMPLE = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1");
const NOW = new Date("2026-11-24T12:00:00Z");

let server: TestServer;
let slot: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  slot = await server.signIn("Slot");
});
afterAll(() => server.close());

type FlightRow = { flight_number: string; date: string; is_arrival: boolean; scheduled_departure: string; actual_departure: string | null; registration: string | null; aircraft_type: string | null };
const flight = async (number: string, date: string) => {
  const [row] = await queryRows<FlightRow>(
    server.handle.db,
    sql`select flight_number, date::text as date, is_arrival, to_char(scheduled_departure at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as scheduled_departure,
               to_char(actual_departure at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as actual_departure, registration, aircraft_type
        from flights where flight_number = ${number} and date = ${date}`,
  );
  return row;
};

describe("POST /api/loads/ with an SSIM schedule (applyDataLoad)", () => {
  it("expands the example into planned flights at MEX and is idempotent, keeping what AIMS reported", async () => {
    const first = await slot.ok("applyDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: EXAMPLE } });
    expect(first.counts).toMatchObject({ new: 27, changed: 0, unchanged: 0 });
    expect(first.rematch_dates[0]).toBe("2026-12-02");
    expect(await countRows(server.handle.db, "flights")).toBe(27);
    expect(await flight("VB852", "2026-12-02")).toEqual({
      flight_number: "VB852",
      date: "2026-12-02",
      is_arrival: false,
      scheduled_departure: "2026-12-02T04:30",
      actual_departure: null,
      registration: null,
      aircraft_type: "320",
    });

    // AIMS then reports the flight; the airline retimes it in the next schedule file.
    await server.handle.db.execute(
      sql`update flights set actual_departure = '2026-12-02T04:41:00Z', registration = 'XA-VBA' where flight_number = 'VB852' and date = '2026-12-02'`,
    );
    const retimed = EXAMPLE.replace("MEX22302230-0600  TIJ00050005", "MEX22452245-0600  TIJ00200020");
    const again = await slot.ok("applyDataLoad", { body: { kind: "schedule", content: retimed } });
    // Only VB852 changed: only its seven dates are re-matched.
    expect(again.counts).toMatchObject({ new: 0, changed: 7, unchanged: 20 });
    expect(again.rematch_dates).toEqual(["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"]);
    expect(await countRows(server.handle.db, "flights")).toBe(27);
    expect(await flight("VB852", "2026-12-02")).toMatchObject({
      scheduled_departure: "2026-12-02T04:45",
      actual_departure: "2026-12-02T04:41",
      registration: "XA-VBA",
    });
  });

  it("refuses a malformed file whole, with the line and column of each error, and changes nothing", async () => {
    const before = await queryRows(server.handle.db, sql`select * from flights order by id`);
    const lines = EXAMPLE.split("\n");
    lines[11] = `${(lines[11] ?? "").slice(0, 43)}2561${(lines[11] ?? "").slice(47)}`; // aircraft STD 25:61
    lines[14] = `${(lines[14] ?? "").slice(0, 72)}A 1${(lines[14] ?? "").slice(75)}`; // aircraft type
    const refused = await slot.fail("applyDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: lines.join("\n") } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("example.ssim: 2 líneas tienen errores y no se cargó nada. Corrígelas o confirma que se omitan.");
    expect(refused.body.errors).toEqual([
      { line: 12, column: 44, message: "«2561» no es una hora hhmm válida (columnas 44–47)." },
      { line: 15, column: 73, message: "«A 1» no es un tipo de aeronave IATA de tres caracteres (columnas 73–75)." },
    ]);
    // A record short of 200 characters is padded (issue 22: trimmed trailing blanks are read); a
    // file cut before its trailer is still refused.
    const cut = await slot.fail("applyDataLoad", { body: { kind: "schedule", content: lines.slice(0, 10).join("\n").slice(0, -5) } });
    expect(cut.body.errors).toEqual([{ line: 10, column: 1, message: "Falta el registro 5 (fin del archivo): el archivo parece cortado." }]);
    expect(await queryRows(server.handle.db, sql`select * from flights order by id`)).toEqual(before);
  });

  it("loads a file with only warnings (an overnight leg with a blank date variation, another airline's leg) and returns them", async () => {
    const lines = EXAMPLE.split("\n");
    // VB852 MEX 22:30 → TIJ 00:05 with its date variation left blank; an AM leg in the VB block.
    lines[13] = `${(lines[13] ?? "").slice(0, 193)} ${(lines[13] ?? "").slice(194)}`;
    lines[16] = (lines[16] ?? "").replace("3 VB  854", "3 AM  854");
    const loaded = await slot.ok("applyDataLoad", { body: { kind: "schedule", content: lines.join("\n") } });
    expect(loaded).toMatchObject({ status: "applied", warnings: 2, errors: 0 });
    expect(loaded.counts).toMatchObject({ new: 0, skipped: 0 });
    expect(loaded.problems).toEqual([
      {
        line: 14,
        column: 194,
        text: lines[13],
        severity: "aviso",
        message: "Se asumió llegada al día siguiente: la variación de fecha está vacía y la llegada quedaba antes de la salida",
      },
      {
        line: 17,
        column: 3,
        text: lines[16],
        severity: "aviso",
        message: "Se omitió 1 tramo de otras aerolíneas: AM (1). Solo se leen los de VB / VIV.",
      },
    ]);
    // The overnight arrival at TIJ is the next day, as with the explicit date variation.
    expect(await flight("VB852", "2026-12-02")).toMatchObject({ scheduled_departure: "2026-12-02T04:30" });
    expect(await countRows(server.handle.db, "flights")).toBe(27);
  });

  it("is refused to Seguimiento and Reportes", async () => {
    for (const role of ["Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      expect((await client.fail("applyDataLoad", { body: { kind: "schedule", content: EXAMPLE } })).status).toBe(403);
    }
    expect(await countRows(server.handle.db, "flights")).toBe(27);
  });
});
