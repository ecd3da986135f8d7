/**
 * Issue 37: a season, and so its rule, belongs to an airport. An Admin creates JFK's season with
 * JFK's own rule and corrects it while MEX's season of the same name keeps AICM's; the season
 * start upload fills the season of the airport it names (the top bar's), not MEX's; an airport
 * not held is refused (400), one the caller is restricted from (403), and a refused call changes
 * nothing.
 */
import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seasonBounds } from "../../src/domain/seasons";
import { SERIES_COLUMNS } from "../../src/domain/series";
import { airports, users } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { seasonRule } from "../../src/server/seasons/rule";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let admin: TestClient;
/** An Admin restricted to MEX (a station's team). */
let mexAdmin: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => new Date("2026-11-22T12:00:00Z") });
  await server.services.db
    .update(airports)
    .set({ active: true, timeZone: "America/New_York", coordinationLevel: 3, coordinatorEmail: "coordinacion@jfk.example" })
    .where(eq(airports.code, "JFK"));
  admin = await server.signIn("Admin");
  const restricted = await server.signIn("Admin");
  await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, restricted.userId));
  mexAdmin = restricted;
});
afterAll(() => server.close());

const W26 = seasonBounds("W26");

async function seasonAt(airport: string, name: string) {
  const [found] = await admin.ok("listSeasons", { query: { name, airport } });
  if (!found) throw new Error(`no season ${airport} ${name}`);
  return found;
}

describe("a season per airport, with its own rule", () => {
  it("creates JFK's W26 with JFK's rule beside MEX's W26, which keeps AICM's", async () => {
    const jfk = await admin.ok("createSeason", {
      body: { airport: "JFK", name: "W26", start_date: W26.start_date, end_date: W26.end_date, usage_threshold: 70, tolerance_minutes: 30 },
    });
    expect(jfk).toMatchObject({ airport: "JFK", name: "W26", usage_threshold: 70, tolerance_minutes: 30 });
    expect(await seasonAt("JFK", "W26")).toMatchObject({ id: jfk.id, usage_threshold: 70, tolerance_minutes: 30 });
    // MEX's W26 (the seed's) is another row, with AICM's rule.
    const mex = await seasonAt("MEX", "W26");
    expect(mex.id).not.toBe(jfk.id);
    expect(mex).toMatchObject({ airport: "MEX", usage_threshold: 80, tolerance_minutes: 15 });
    // What Histórico and Monitoreo count with: each airport's own rule.
    expect(await seasonRule(server.services.db, "W26", "JFK")).toEqual({ threshold: 70, tolerance: 30, outsideCountsAsUsed: false });
    expect(await seasonRule(server.services.db, "W26", "MEX")).toEqual({ threshold: 80, tolerance: 15, outsideCountsAsUsed: false });
  });

  it("refuses a second JFK W26, naming the airport", async () => {
    const twice = await admin.fail("createSeason", { body: { airport: "JFK", name: "W26", start_date: W26.start_date, end_date: W26.end_date } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("La temporada W26 ya existe en JFK.");
  });

  it("corrects JFK's rule from its version and leaves MEX's as it was", async () => {
    const jfk = await seasonAt("JFK", "W26");
    const mexBefore = await seasonAt("MEX", "W26");
    const updated = await admin.ok("updateSeason", {
      params: { id: jfk.id },
      headers: { "if-match": `"${jfk.version}"` },
      body: { name: "W26", start_date: W26.start_date, end_date: W26.end_date, usage_threshold: 60, outside_counts_as_used: true },
    });
    expect(updated).toMatchObject({ airport: "JFK", usage_threshold: 60, tolerance_minutes: 30, outside_counts_as_used: true, version: jfk.version + 1 });
    expect(await seasonAt("MEX", "W26")).toEqual(mexBefore);
  });

  it("refuses an airport that is not held (400) and one the Admin is restricted from (403), changing nothing", async () => {
    const notHeld = await admin.fail("createSeason", { body: { airport: "GDL", name: "S27", ...dates("S27") } });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.message).toBe("El aeropuerto GDL no está en la lista de aeropuertos activos.");
    const create = await mexAdmin.fail("createSeason", { body: { airport: "JFK", name: "S27", ...dates("S27") } });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe("No tienes acceso al aeropuerto JFK.");
    const jfk = await seasonAt("JFK", "W26");
    const update = await mexAdmin.fail("updateSeason", {
      params: { id: jfk.id },
      headers: { "if-match": `"${jfk.version}"` },
      body: { name: "W26", start_date: W26.start_date, end_date: W26.end_date, usage_threshold: 10 },
    });
    expect(update.status).toBe(403);
    expect(update.body.message).toBe("No tienes acceso al aeropuerto JFK.");
    expect(await seasonAt("JFK", "W26")).toEqual(jfk);
    const s27 = await queryRows<{ airport: string }>(server.services.db, sql`select airport from seasons where name = 'S27' and airport <> 'MEX'`);
    expect(s27).toEqual([]);
    // The restricted Admin still creates MEX's seasons, with no airport named (as before issue 37).
    expect(await mexAdmin.ok("createSeason", { body: { name: "S41", ...dates("S41") } })).toMatchObject({ airport: "MEX", name: "S41" });
  });
});

function dates(name: string) {
  const bounds = seasonBounds(name);
  return { start_date: bounds.start_date, end_date: bounds.end_date };
}

async function seasonFile(): Promise<Buffer> {
  const row: Record<string, string | number> = {
    arrival_flight: "VB1101",
    departure_flight: "VB1100",
    first_date: "2027-11-01",
    last_date: "2027-11-28",
    days: "1030507",
    seats: 180,
    aircraft_type: "320",
    origin: "CUN",
    arrival_time: "14:05",
    departure_time: "15:10",
    destination: "CUN",
    service_type: "J",
    status: "D",
  };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Series");
  sheet.addRow(SERIES_COLUMNS.map((c) => c.header));
  sheet.addRow(SERIES_COLUMNS.map((c) => row[c.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const slotsAt = async (airport: string, season: string) =>
  (await queryRows<{ n: number }>(server.services.db, sql`select count(*)::int as n from slots where airport = ${airport} and season = ${season}`))[0]?.n;

describe("the season start upload per airport", () => {
  const W27 = { season_name: "W27", season_start: "2027-10-31", season_end: "2028-03-25" };
  const file = async () => [{ field: "xls_file", name: "temporada.xlsx", content: await seasonFile() }];

  it("creates and fills JFK's season when the form names JFK, and MEX's stays without it", async () => {
    const response = await admin.form("uploadSeasonSlots", { fields: { ...W27, airport: "JFK" }, files: await file() });
    expect(response.status).toBe(201);
    expect(await slotsAt("JFK", "W27")).toBeGreaterThan(0);
    expect(await slotsAt("MEX", "W27")).toBe(0);
    expect(await seasonAt("JFK", "W27")).toMatchObject({ airport: "JFK", name: "W27" });
    expect(await admin.ok("listSeasons", { query: { name: "W27" } })).toEqual([]);
    // MEX's season of the same name is MEX's own: the seed's id 2 still names MEX.
    const mex = await admin.form("uploadSeasonSlots", { fields: { ...W27, airport: "2" }, files: await file() });
    expect(mex.status).toBe(201);
    expect(await slotsAt("MEX", "W27")).toBe(await slotsAt("JFK", "W27"));
  });

  it("refuses an airport that is not a code, one not held and one the caller is restricted from, creating nothing", async () => {
    const S28 = { season_name: "S28", season_start: "2028-03-26", season_end: "2028-10-28" };
    const bad = await admin.form("uploadSeasonSlots", { fields: { ...S28, airport: "nueva york" }, files: await file() });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: "El aeropuerto «nueva york» no es un código IATA de tres letras (p. ej. MEX)." });
    const notHeld = await admin.form("uploadSeasonSlots", { fields: { ...S28, airport: "GDL" }, files: await file() });
    expect(notHeld.status).toBe(400);
    const restricted = await mexAdmin.form("uploadSeasonSlots", { fields: { ...S28, airport: "JFK" }, files: await file() });
    expect(restricted.status).toBe(403);
    expect(restricted.json).toMatchObject({ message: "No tienes acceso al aeropuerto JFK." });
    expect(await queryRows(server.services.db, sql`select id from seasons where name = 'S28'`)).toEqual([]);
  });
});
