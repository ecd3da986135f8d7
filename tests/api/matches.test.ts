/**
 * Matches a mediano y corto plazo (issue 15 item 3, seed 002 §7, §8): a generation compares the
 * planned flights of a range (no actual time) with its slots and keeps the result file; `compute`
 * also re-matches the stored matches Entrega de turno reads; every bad input is refused in
 * Spanish and changes nothing; only Admin and Slot may call it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/sql";
import { withRangeLock } from "../../src/server/termMatches/generate";
import { countRows, insertFlight, insertSlot } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-21T15:00:00Z");
const DAY = "2026-12-01";
const NEXT = "2026-12-02";

let server: TestServer;
let slot: TestClient;
let admin: TestClient;

const MEDIUM_EXISTS = "Ya existen matches a mediano plazo para el rango de fechas seleccionado";

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  [slot, admin] = await Promise.all([server.signIn("Slot"), server.signIn("Admin")]);
  const db = server.handle.db;
  // Written without a rematch: the `matches` table knows nothing of them until a computed generation.
  await insertSlot(db, { key: "pair", flightNumber: "VB200", date: DAY, time: "10:00", isArrival: true, route: "MTY" });
  await insertFlight(db, { key: "pair", flightNumber: "VB200", isArrival: true, station: "MTY", scheduled: `${DAY}T10:05:00Z` });
  await insertSlot(db, { key: "off", flightNumber: "VB208", date: DAY, time: "18:00", isArrival: true, route: "MID" });
  await insertFlight(db, { key: "off", flightNumber: "VB208", isArrival: true, station: "MID", scheduled: `${DAY}T18:30:00Z` });
  await insertFlight(db, { key: "noSlot", flightNumber: "VB202", isArrival: false, station: "GDL", scheduled: `${DAY}T12:00:00Z` });
  await insertSlot(db, { key: "leftover", flightNumber: "VB204", date: DAY, time: "23:30", isArrival: false, route: "CUN" });
  // Flown already (it has an actual time): not part of the plan, so its slot is a leftover.
  await insertSlot(db, { key: "flown", flightNumber: "VB206", date: DAY, time: "20:00", isArrival: false, route: "TIJ" });
  await insertFlight(db, {
    key: "flown",
    flightNumber: "VB206",
    isArrival: false,
    station: "TIJ",
    scheduled: `${DAY}T20:00:00Z`,
    actual: `${DAY}T20:02:00Z`,
  });
  await insertSlot(db, { key: "next", flightNumber: "VB200", date: NEXT, time: "10:00", isArrival: true, route: "MTY" });
  await insertFlight(db, { key: "next", flightNumber: "VB200", isArrival: true, station: "MTY", scheduled: `${NEXT}T10:00:00Z` });
});
afterAll(() => server.close());

const storedMatchesOn = async (date: string) =>
  (await queryRows<{ n: number }>(server.handle.db, sql`select count(*)::int as n from matches where date = ${date}`))[0]?.n ?? 0;

describe("a medium-term generation", () => {
  it("pairs the planned flights of the range with its slots and keeps the file, without touching the stored matches", async () => {
    const made = await slot.ok("generateMediumTermMatches", {
      body: { start_date: DAY, end_date: DAY, compute: false, write_file: true },
    });
    expect(made).toMatchObject({
      kind: "medium",
      start_date: DAY,
      end_date: DAY,
      computed: false,
      has_file: true,
      flights: 3,
      slots: 4,
      paired: 2,
      without_slot: 1,
      leftover_slots: 2,
      off_slot: 1,
    });
    expect(await storedMatchesOn(DAY)).toBe(0);

    const list = await slot.ok("listMediumTermMatches", { query: { season: "W26", start: "2026-12-01", end: "2026-12-31" } });
    expect(list.map((g) => g.id)).toEqual([made.id]);
    expect(await slot.ok("listShortTermMatches", { query: {} })).toEqual([]);

    const file = await slot.call("downloadMatches", { params: { id: made.id } });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(decodeURIComponent(String(file.headers["content-disposition"]))).toContain("Matches 2026-12-01 - 2026-12-01.csv");
    const lines = file.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe(
      "Fecha (UTC);Dirección;Vuelo;Ruta vuelo;Hora programada (UTC);Slot;Ruta slot;Hora slot (UTC);Diferencia (min);Estado;Descripción;Emparejado por",
    );
    expect(lines.slice(1)).toEqual([
      "2026-12-01;Llegada;VB200;MTY;10:05;VB200;MTY;10:00;5;DIFF;Diferencia de horario de hasta 15 minutos;Número de vuelo",
      "2026-12-01;Salida;VB202;GDL;12:00;;;;;X;Vuelo sin slot;",
      "2026-12-01;Llegada;VB208;MID;18:30;VB208;MID;18:00;30;AH;Límite de horario;Número de vuelo",
      "2026-12-01;Salida;;;;VB206;TIJ;20:00;;A;Slot sin vuelo;",
      "2026-12-01;Salida;;;;VB204;CUN;23:30;;A;Slot sin vuelo;",
    ]);
  });

  it("refuses the same range again with seed 002's message, keeping one generation", async () => {
    const before = await countRows(server.handle.db, "match_generations");
    const refused = await admin.fail("generateMediumTermMatches", { body: { start_date: DAY, end_date: DAY, compute: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MEDIUM_EXISTS);
    expect(await countRows(server.handle.db, "match_generations")).toBe(before);
    expect(await storedMatchesOn(DAY)).toBe(0);
  });

  it("with compute, re-matches the range so Entrega de turno has its pairs", async () => {
    expect(await storedMatchesOn(NEXT)).toBe(0);
    const made = await admin.ok("generateMediumTermMatches", { body: { start_date: NEXT, end_date: NEXT, compute: true } });
    expect(made).toMatchObject({ computed: true, paired: 1 });
    expect(await storedMatchesOn(NEXT)).toBe(1);
  });

  it("without write_file keeps no file, and the download says so", async () => {
    const made = await slot.ok("generateMediumTermMatches", {
      body: { start_date: "2026-12-03", end_date: "2026-12-04", write_file: false },
    });
    expect(made.has_file).toBe(false);
    const refused = await slot.fail("downloadMatches", { params: { id: made.id } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`La generación de matches ${made.id} se hizo sin archivo.`);
    const unknown = await slot.fail("downloadMatches", { params: { id: 999999 } });
    expect(unknown.body.message).toBe("No existe la generación de matches 999999.");
  });
});

describe("a short-term generation", () => {
  it("covers `days` days from the date to check and is listed apart", async () => {
    const made = await slot.ok("generateShortTermMatches", { body: { date_to_check: DAY, days: 2 } });
    expect(made).toMatchObject({ kind: "short", start_date: DAY, end_date: NEXT, flights: 4 });
    expect((await slot.ok("listShortTermMatches", { query: { season: "W26" } })).map((g) => g.id)).toEqual([made.id]);
    expect((await slot.ok("listMediumTermMatches", { query: { start: "2027-01-01" } })).length).toBe(0);
    const again = await slot.fail("generateShortTermMatches", { body: { date_to_check: DAY, days: 2 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Ya existen matches a corto plazo para el rango de fechas seleccionado");
  });
});

describe("bad input changes nothing", () => {
  const cases: Array<[string, () => ReturnType<TestClient["fail"]>, string]> = [
    [
      "an end before the start",
      () => slot.fail("generateMediumTermMatches", { body: { start_date: "2026-12-10", end_date: "2026-12-09" } }),
      "La fecha final es anterior a la fecha inicial.",
    ],
    [
      "a range over 190 days",
      () => slot.fail("generateMediumTermMatches", { body: { start_date: "2026-12-01", end_date: "2027-06-09" } }),
      "El rango no puede pasar de 190 días.",
    ],
    [
      "a date outside the seasons' years",
      () => slot.fail("generateShortTermMatches", { body: { date_to_check: "1970-01-01", days: 1 } }),
      "Las fechas deben estar entre los años 2000 y 2099.",
    ],
    [
      "0 days of short term",
      () => slot.fail("generateShortTermMatches", { body: { date_to_check: DAY, days: 0 } }),
      "El campo «days» debe ser mayor o igual a 1.",
    ],
    [
      "15 days of short term",
      () => slot.fail("generateShortTermMatches", { body: { date_to_check: DAY, days: 15 } }),
      "El campo «days» debe ser menor o igual a 14.",
    ],
  ];
  it.each(cases)("refuses %s in Spanish", async (_name, call, message) => {
    const before = await countRows(server.handle.db, "match_generations");
    const refused = await call();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(await countRows(server.handle.db, "match_generations")).toBe(before);
  });

  it("accepts exactly 190 days", async () => {
    const made = await slot.ok("generateMediumTermMatches", { body: { start_date: "2027-01-01", end_date: "2027-07-09" } });
    expect(made.end_date).toBe("2027-07-09");
  });

  it("refuses a generation while another one of the same range runs", async () => {
    const range = { start: "2026-12-20", end: "2026-12-31" };
    const before = await countRows(server.handle.db, "match_generations");
    await withRangeLock(server.handle.db, "medium", range, async () => {
      const refused = await slot.fail("generateMediumTermMatches", { body: { start_date: range.start, end_date: range.end } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        "Ya se están generando matches a mediano plazo para el rango de fechas seleccionado; espera a que termine.",
      );
      // Another range and the other kind are not held.
      await slot.ok("generateShortTermMatches", { body: { date_to_check: range.start, days: 12 } });
    });
    expect(await countRows(server.handle.db, "match_generations")).toBe(before + 1);
    await slot.ok("generateMediumTermMatches", { body: { start_date: range.start, end_date: range.end } });
  });
});

describe("roles", () => {
  it("refuses Seguimiento and Reportes every matches operation", async () => {
    for (const role of ["Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      const before = await countRows(server.handle.db, "match_generations");
      const calls = [
        client.fail("listMediumTermMatches", { query: {} }),
        client.fail("listShortTermMatches", { query: {} }),
        client.fail("generateMediumTermMatches", { body: { start_date: "2027-02-01", end_date: "2027-02-02" } }),
        client.fail("generateShortTermMatches", { body: { date_to_check: "2027-02-01", days: 3 } }),
        client.fail("downloadMatches", { params: { id: 1 } }),
      ];
      for (const refused of await Promise.all(calls)) {
        expect(refused.status, role).toBe(403);
        expect(refused.body.message).toBe("Su rol no tiene permiso para realizar esta operación.");
      }
      expect(await countRows(server.handle.db, "match_generations")).toBe(before);
    }
  });
});
