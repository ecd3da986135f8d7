/**
 * Issue 37 item 3, the readers: Histórico, Monitoreo, the justifications and Matches a mediano y
 * corto plazo read one airport. With JFK active and holding its own season and slots beside MEX's,
 * each read shows only the airport's own data; a season named by id is read as its own airport's
 * (400 when the request names another); a user restricted to MEX gets 403 on every JFK read and
 * write of these screens, and nothing is written.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airports, slots, users } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-12-03T12:00:00Z");
const NO_ACCESS = "No tienes acceso al aeropuerto JFK.";

let server: TestServer;
/** Every airport. */
let slot: TestClient;
/** Restricted to MEX (a station's team). */
let mexOnly: TestClient;
const season: Record<"MEX" | "JFK", number> = { MEX: 0, JFK: 0 };
const slotIds: Record<"MEX" | "JFK", number[]> = { MEX: [], JFK: [] };

/** A weekly arrival series of `flightNumber` at `airport` in November 2026 (W26). */
const series = (airport: "MEX" | "JFK", flightNumber: string, time: string) =>
  ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"].map((date) => ({
    airport,
    season: "W26",
    serie: 1,
    flightNumber,
    date,
    time,
    isArrival: true,
    route: airport === "MEX" ? "JFK" : "MEX",
    frequency: 1,
    aircraftType: "320",
    seats: 180,
    status: "K",
  }));

const countOf = async (table: "justifications" | "match_generations") =>
  (await queryRows<{ n: number }>(server.services.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  const db = server.services.db;
  await db
    .update(airports)
    .set({ active: true, coordinationLevel: 3, coordinatorEmail: "slots@jfk.example" })
    .where(eq(airports.code, "JFK"));
  await db.execute(
    sql`insert into seasons (airport, name, start_date, end_date) select 'JFK', name, start_date, end_date from seasons where airport = 'MEX' and name = 'W26'`,
  );
  const rows = await queryRows<{ id: number; airport: "MEX" | "JFK" }>(db, sql`select id, airport from seasons where name = 'W26'`);
  for (const row of rows) season[row.airport] = row.id;
  const inserted = await db
    .insert(slots)
    .values([...series("MEX", "VB777", "15:00"), ...series("JFK", "VB800", "16:30")])
    .returning({ id: slots.id, airport: slots.airport });
  for (const row of inserted) slotIds[row.airport === "JFK" ? "JFK" : "MEX"].push(row.id);
  slot = await server.signIn("Slot");
  const restricted = await server.signIn("Slot");
  await db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, restricted.userId));
  mexOnly = restricted;
});
afterAll(() => server.close());

describe("Histórico per airport", () => {
  it("shows each airport's season its own series only", async () => {
    const jfk = await slot.ok("listHistory", { query: { season_id: season.JFK, airport: "JFK" } });
    expect(jfk.map((s) => s.flight_number)).toEqual(["VB800"]);
    const mex = await slot.ok("listHistory", { query: { season_id: season.MEX, airport: "MEX" } });
    expect(mex.map((s) => s.flight_number)).toContain("VB777");
    expect(mex.map((s) => s.flight_number)).not.toContain("VB800");
    // The series' weekly table too: JFK's season's serie 1 is VB800's four slots.
    const weeks = await slot.ok("getHistorySeries", { query: { season_id: season.JFK, serie: 1 } });
    const held = Object.values(weeks.flights)
      .flat()
      .filter((cell) => cell.slot_id !== 0);
    expect(held.map((cell) => cell.slot_id).sort()).toEqual([...slotIds.JFK].sort());
    expect(new Set(held.map((cell) => cell.name))).toEqual(new Set(["VB800"]));
  });

  it("refuses a season named with another airport (400), saying whose it is", async () => {
    const refused = await slot.fail("listHistory", { query: { season_id: season.JFK, airport: "MEX" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`La temporada ${season.JFK} es del aeropuerto JFK, no de MEX.`);
  });

  it("refuses JFK's series, weekly table and workbook to a user restricted to MEX (403), and serves MEX's", async () => {
    for (const refused of [
      await mexOnly.fail("listHistory", { query: { season_id: season.JFK } }),
      await mexOnly.fail("listHistory", { query: { season_id: season.JFK, airport: "MEX" } }),
      await mexOnly.fail("getHistorySeries", { query: { season_id: season.JFK, serie: 1 } }),
      await mexOnly.fail("downloadHistory", { query: { season: "W26", airport: "JFK" } }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(NO_ACCESS);
    }
    const mex = await mexOnly.ok("listHistory", { query: { season_id: season.MEX, airport: "MEX" } });
    expect(mex.map((s) => s.flight_number)).not.toContain("VB800");
  });
});

describe("Monitoreo per airport", () => {
  it("refuses JFK's week, its season's early warning, a series' operations and retime to a user restricted to MEX (403)", async () => {
    for (const refused of [
      await mexOnly.fail("getMonitoring", { query: { week: "2026-W47", airport: "JFK" } }),
      await mexOnly.fail("getMonitoring", { query: { week: "2026-W47", season_id: season.JFK } }),
      await mexOnly.fail("getMonitoringOperations", { query: { season_id: season.JFK, serie: 1 } }),
      await mexOnly.fail("getMonitoringRetime", { query: { season_id: season.JFK, serie: 1, shift: 10 } }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(NO_ACCESS);
    }
    expect((await mexOnly.call("getMonitoring", { query: { week: "2026-W47", airport: "MEX" } })).status).toBe(200);
  });

  it("reads a season named by id as its own airport's, and refuses it named with another (400)", async () => {
    const jfk = await slot.ok("getMonitoring", { query: { week: "2026-W47", season_id: season.JFK } });
    expect(jfk.season?.id).toBe(season.JFK);
    const refused = await slot.fail("getMonitoring", { query: { week: "2026-W47", season_id: season.JFK, airport: "MEX" } });
    expect(refused.status).toBe(400);
  });
});

describe("justifications per airport", () => {
  let reasonId = 0;
  let justificationId = 0;

  beforeAll(async () => {
    const reasons = await slot.ok("listJustificationReasons", {});
    reasonId = reasons[0]?.id ?? 0;
    // A person who may see every airport justifies a JFK slot not used.
    const created = await slot.form("createJustification", {
      fields: { slot_id: String(slotIds.JFK[0]), kind: "not_used", reason_id: String(reasonId), note: "Nevada en JFK" },
    });
    expect(created.status).toBe(201);
    justificationId = (created.json as { id: number }).id;
  });

  it("refuses a user restricted to MEX the reads and writes of a JFK slot's justification (403), writing nothing", async () => {
    const before = await countOf("justifications");
    const refusals = [
      await mexOnly.call("listJustifications", { query: { slot_ids: `${slotIds.MEX[0]},${slotIds.JFK[0]}` } }),
      await mexOnly.form("createJustification", {
        fields: { slot_id: String(slotIds.JFK[1]), kind: "not_used", reason_id: String(reasonId), note: "" },
      }),
      await mexOnly.form("updateJustification", { params: { id: justificationId }, fields: { reason_id: String(reasonId), note: "otra", version: "1" } }),
      await mexOnly.call("deleteJustification", { params: { id: justificationId }, headers: { "if-match": "1" } }),
      await mexOnly.call("downloadJustificationFile", { params: { id: justificationId } }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect((refused.json as { message: string }).message).toBe(NO_ACCESS);
    }
    expect(await countOf("justifications")).toBe(before);
    const [kept] = await queryRows<{ note: string }>(server.services.db, sql`select note from justifications where id = ${justificationId}`);
    expect(kept?.note).toBe("Nevada en JFK");
    // MEX's slots are theirs.
    expect(await mexOnly.ok("listJustifications", { query: { slot_ids: String(slotIds.MEX[0]) } })).toEqual([]);
  });
});

describe("Matches a mediano y corto plazo per airport", () => {
  it("generates JFK's from JFK's slots, lists each airport's generations apart, and refuses JFK's to a user restricted to MEX", async () => {
    const range = { start_date: "2026-11-01", end_date: "2026-11-30" };
    const jfk = await slot.ok("generateMediumTermMatches", { body: { ...range, airport: "JFK" } });
    expect(jfk.slots).toBe(4);
    // The same range at MEX is another generation, of MEX's slots.
    const mex = await slot.ok("generateMediumTermMatches", { body: { ...range } });
    expect(mex.slots).toBe(4);
    expect((await slot.ok("listMediumTermMatches", { query: { airport: "JFK" } })).map((g) => g.id)).toEqual([jfk.id]);
    expect((await slot.ok("listMediumTermMatches", { query: {} })).map((g) => g.id)).toEqual([mex.id]);
    const csv = await slot.call("downloadMatches", { params: { id: jfk.id } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("VB800");
    expect(csv.text).not.toContain("VB777");

    const before = await countOf("match_generations");
    for (const refused of [
      await mexOnly.call("listMediumTermMatches", { query: { airport: "JFK" } }),
      await mexOnly.call("listShortTermMatches", { query: { airport: "JFK" } }),
      await mexOnly.call("generateShortTermMatches", { body: { date_to_check: "2026-11-02", days: 3, airport: "JFK" } }),
      await mexOnly.call("downloadMatches", { params: { id: jfk.id } }),
    ]) {
      expect(refused.status).toBe(403);
      expect((refused.json as { message: string }).message).toBe(NO_ACCESS);
    }
    expect(await countOf("match_generations")).toBe(before);
    expect((await mexOnly.ok("listMediumTermMatches", { query: {} })).map((g) => g.id)).toEqual([mex.id]);
  });
});
