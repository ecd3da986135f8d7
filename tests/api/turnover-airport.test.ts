/**
 * Issue 37 for Entrega de turno: with JFK held in America/New_York (made so in SQL, as an Admin's
 * edit would) and a multi-station schedule loaded (the real-shaped file with its CUN legs moved to
 * JFK: same UTC offset in December), JFK's turnover reads its days and writes its CSV in New York's
 * time or UTC, and no other zone; a user restricted to MEX gets 403 on every read and change of a
 * JFK row by id (the match viewer's too) and never its data, while MEX's rows still answer them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airports, slots, users } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { rematch } from "../../src/server/matching/rematch";
import { startServer, type TestClient, type TestServer } from "./harness";

const SCHEDULE = readFileSync(join(__dirname, "../fixtures/schedule/real-shaped.ssim"), "latin1").replaceAll("CUN", "JFK");
const NOW = new Date("2026-12-03T12:00:00Z");
const DAY = { start: "2026-12-03", end: "2026-12-03" } as const;

let server: TestServer;
let slot: TestClient;
let restricted: TestClient;
/** A JFK match with a flight and a slot (VB900's arrival), and one of MEX's. */
let jfkMatch: number;
let jfkSlot: number;
let mexMatch: number;

const matchOf = async (airport: string, flightNumber: string) =>
  (
    await queryRows<{ id: number; slot_id: number | null }>(
      server.services.db,
      sql`select m.id, m.slot_id from matches m join flights f on f.id = m.flight_id
          where m.airport = ${airport} and f.flight_number = ${flightNumber} and f.date = '2026-12-03'`,
    )
  )[0];

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  await server.services.db.update(airports).set({ active: true, timeZone: "America/New_York", coordinationLevel: 3 }).where(eq(airports.code, "JFK"));
  slot = await server.signIn("Admin");
  await slot.ok("applyDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: SCHEDULE, skip_errors: true } });
  // A JFK season and VB900's slot there (it reaches JFK at 14:55Z, 09:55 in New York).
  await server.services.db.execute(
    sql`insert into seasons (airport, name, start_date, end_date) select 'JFK', name, start_date, end_date from seasons where airport = 'MEX' and name = 'W26'`,
  );
  await server.services.db.insert(slots).values({
    airport: "JFK",
    season: "W26",
    serie: 1,
    flightNumber: "VB900",
    date: "2026-12-03",
    time: "14:55",
    isArrival: true,
    route: "MEX",
    frequency: 4,
    aircraftType: "320",
    seats: 180,
    status: "K",
  });
  await rematch(server.services.db, ["2026-12-03"]);
  const jfk = await matchOf("JFK", "VB900");
  jfkMatch = jfk?.id ?? 0;
  jfkSlot = jfk?.slot_id ?? 0;
  mexMatch = (await matchOf("MEX", "VB900"))?.id ?? 0;
  expect(jfkSlot).toBeGreaterThan(0);
  expect(mexMatch).toBeGreaterThan(0);

  const restrictedAdmin = await server.signIn("Admin");
  await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, restrictedAdmin.userId));
  restricted = restrictedAdmin;
});
afterAll(() => server.close());

describe("JFK's turnover in its own time", () => {
  it("reads JFK's days in New York's zone and answers only JFK's flights", async () => {
    const rows = await slot.ok("getTurnover", { body: { ...DAY, time_zone: "America/New_York", airport: "JFK" } });
    expect(rows.map((row) => row.flight_name).sort()).toEqual(["VB900", "VB901"]);
    expect(rows.find((row) => row.id === jfkMatch)).toMatchObject({ slot_id: jfkSlot, flight_scheduled: "2026-12-03T14:55:00Z" });
    const byIds = await slot.ok("getTurnoverByIds", { query: { ...DAY, time_zone: "America/New_York", airport: "JFK", ids: `${jfkMatch},${mexMatch}` } });
    expect(byIds.map((row) => row.id)).toEqual([jfkMatch]);
  });

  it("writes JFK's CSV in New York's time, or in UTC", async () => {
    const local = await slot.call("downloadTurnover", { body: { ...DAY, time_zone: "America/New_York", airport: "JFK" } });
    const utc = await slot.call("downloadTurnover", { body: { ...DAY, time_zone: "UTC", airport: "JFK" } });
    const vb900 = (csv: string) => csv.split("\n").find((line) => line.includes("VB900")) ?? "";
    expect(vb900(local.text)).toContain("09:55");
    expect(vb900(local.text)).not.toContain("14:55");
    expect(vb900(utc.text)).toContain("14:55");
  });

  it("refuses another airport's zone for JFK's days, naming both, and keeps MEX's requests as they were", async () => {
    const refused = await slot.fail("getTurnover", { body: { ...DAY, time_zone: "America/Mexico_City", airport: "JFK" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("La zona horaria America/Mexico_City no es la del aeropuerto JFK (America/New_York) ni UTC.");
    const csv = await slot.fail("downloadTurnover", { body: { ...DAY, time_zone: "Europe/Madrid", airport: "JFK" } });
    expect(csv.body.message).toBe("La zona horaria Europe/Madrid no es la del aeropuerto JFK (America/New_York) ni UTC.");
    const mexInNewYork = await slot.fail("getTurnoverByIds", { query: { ...DAY, time_zone: "America/New_York", ids: `${mexMatch}` } });
    expect(mexInNewYork.body.message).toBe("La zona horaria America/New_York no es la del aeropuerto MEX (America/Mexico_City) ni UTC.");
    const mex = await slot.ok("getTurnover", { body: { ...DAY, time_zone: "America/Mexico_City" } });
    expect(mex.some((row) => row.id === mexMatch)).toBe(true);
    expect(mex.some((row) => row.id === jfkMatch)).toBe(false);
  });
});

describe("a user restricted to MEX and JFK's rows", () => {
  const refusedJfk = (response: { status: number; body: { message: string } }) => {
    expect(response.status).toBe(403);
    expect(response.body.message).toBe("No tienes acceso al aeropuerto JFK.");
  };

  it("gets 403 on JFK's range, rows by id, CSV and slots, and MEX's still", async () => {
    refusedJfk(await restricted.fail("getTurnover", { body: { ...DAY, time_zone: "America/New_York", airport: "JFK" } }));
    refusedJfk(await restricted.fail("getTurnover", { body: { id: jfkMatch } }));
    refusedJfk(await restricted.fail("getTurnover", { body: { filter_slots: [jfkSlot] } }));
    refusedJfk(await restricted.fail("getTurnoverByIds", { query: { ...DAY, time_zone: "America/New_York", airport: "JFK", ids: `${jfkMatch}` } }));
    refusedJfk(await restricted.fail("downloadTurnover", { body: { ...DAY, time_zone: "UTC", airport: "JFK" } }));
    expect((await restricted.ok("getTurnover", { body: { id: mexMatch } })).map((row) => row.id)).toEqual([mexMatch]);
  });

  it("gets 403 on the match viewer's reads of a JFK match, and MEX's answer", async () => {
    for (const op of ["getMatch", "listSlotChanges", "listSlotLeftovers", "listAffectations"] as const) {
      refusedJfk(await restricted.fail(op, { params: { id: jfkMatch } }));
      expect((await restricted.call(op, { params: { id: mexMatch } })).status).toBe(200);
    }
  });

  it("gets 403 on the match viewer's changes of a JFK match, and nothing changes", async () => {
    const before = await slot.ok("getMatch", { params: { id: jfkMatch } });
    refusedJfk(await restricted.fail("evaluateMatchDelays", { params: { id: jfkMatch }, body: { delays: [], observations: "no" } }));
    refusedJfk(
      await restricted.fail("updateRealDates", {
        params: { id: jfkMatch },
        body: { actual_dep: "2026-12-03T09:00:00Z", actual_arr: "2026-12-03T15:00:00Z" },
      }),
    );
    refusedJfk(await restricted.fail("assignSlotLeftover", { params: { id: jfkMatch }, body: { match_slot_leftover: jfkSlot } }));
    refusedJfk(await restricted.fail("separateMatch", { params: { id: jfkMatch } }));
    const after = await slot.ok("getMatch", { params: { id: jfkMatch } });
    expect(after).toEqual(before);
  });
});
