/**
 * Issue 37 item 4: the Bitácora per airport. With JFK active and a JFK season, a request recorded
 * by hand for JFK is JFK's: the list says each entry's airport and filters by it; the form refuses
 * an airport not held and a season of another airport, writing nothing; a user restricted to MEX
 * sees MEX's entries only and gets 403 on JFK's entries by id (read, notes, files, deletion).
 * Carga de referencias: a request file naming JFK in its header is loaded into JFK's season and
 * register; a user restricted to MEX gets 403 for it, and nothing is written.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airports, seasons, users } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { type ErrorBody, startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-25T15:00:00Z");

let server: TestServer;
let admin: TestClient & { userId: number };
let station: TestClient & { userId: number };
let mexW26 = 0;
let jfkW26 = 0;
let mexPart = 0;
let jfkPart = 0;
let jfkRequest = 0;

const requestTxt = (airport: string) =>
  ["SCR", "/ops@aerolinea.example", "W26", "20NOV", airport, "NVB1102 12JAN12JAN 0200000 180320 CUN1310 J"].join("\n");

/** Records a request by hand (multipart, as the Bitácora's form sends it). */
async function recordByHand(client: TestClient, fields: { season: number; airport: string; reference: number }) {
  const form = new FormData();
  const values = { reference: String(fields.reference), part_number: "1", season: String(fields.season), date: "2026-11-20", airport: fields.airport, type: "2", responsible: String(admin.userId) };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append("request_file", new Blob([requestTxt(fields.airport)], { type: "text/plain" }), `VIVW26${String(fields.reference).padStart(3, "0")}.txt`);
  const request = new Request("http://slotdesk.test/", { method: "POST", body: form });
  return client.request({
    method: "POST",
    url: "/api/logbook/",
    headers: { "content-type": request.headers.get("content-type") ?? "", "x-csrftoken": await client.csrfToken() },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Carga de referencias' request upload (multipart). */
async function uploadRequestFile(client: TestClient, name: string, text: string, chosen?: string) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), name);
  form.append("compute", "true");
  if (chosen) form.append("airport", chosen);
  const request = new Request("http://slotdesk.test/", { method: "POST", body: form });
  return client.request({
    method: "POST",
    url: "/references/request/compute/",
    headers: { "content-type": request.headers.get("content-type") ?? "", "x-csrftoken": await client.csrfToken(), "x-api-version": "2.0" },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const requestCount = async () => (await queryRows<{ n: number }>(server.handle.db, sql`select count(*)::int as n from logbook_requests`))[0]?.n;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  const db = server.services.db;
  await db
    .update(airports)
    .set({ active: true, timeZone: "America/New_York", coordinationLevel: 3, coordinatorEmail: "coordination@jfk.example" })
    .where(eq(airports.code, "JFK"));
  const [jfk] = await db.insert(seasons).values({ airport: "JFK", name: "W26", startDate: "2026-10-25", endDate: "2027-03-27" }).returning({ id: seasons.id });
  jfkW26 = jfk?.id ?? 0;
  [admin, station] = await Promise.all([server.signIn("Admin"), server.signIn("Slot")]);
  mexW26 = (await admin.ok("listSeasons", { query: { airport: "MEX" } })).find((s) => s.name === "W26")?.id ?? 0;
  await db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, station.userId));

  const mex = await recordByHand(admin, { season: mexW26, airport: "MEX", reference: 4 });
  const jfkCreated = await recordByHand(admin, { season: jfkW26, airport: "JFK", reference: 4 });
  expect([mex.status, jfkCreated.status]).toEqual([201, 201]);
  mexPart = (mex.json as { part_id: number }).part_id;
  ({ id: jfkRequest, part_id: jfkPart } = jfkCreated.json as { id: number; part_id: number });
});
afterAll(() => server.close());

describe("the Bitácora per airport", () => {
  it("says each entry's airport, and filters by airport", async () => {
    expect((await admin.ok("listLogbook", { query: { season_id: jfkW26 } })).map((r) => [r.reference, r.airport])).toEqual([[4, "JFK"]]);
    expect((await admin.ok("listLogbook", { query: { season_id: mexW26, airport: "MEX" } })).map((r) => [r.reference, r.airport])).toEqual([[4, "MEX"]]);
    expect(await admin.ok("listLogbook", { query: { season_id: mexW26, airport: "JFK" } })).toEqual([]);
    expect((await admin.ok("getLogbookPart", { params: { id: jfkPart } })).airport).toBe("JFK");
  });

  it("records a request by hand for the named airport only, refusing one not held or another airport's season, and writes nothing", async () => {
    const before = await requestCount();
    const wrongSeason = await recordByHand(admin, { season: mexW26, airport: "JFK", reference: 9 });
    expect(wrongSeason.status).toBe(400);
    expect((wrongSeason.json as ErrorBody).message).toBe(`La temporada ${mexW26} es del aeropuerto MEX, no de JFK.`);
    const notHeld = await recordByHand(admin, { season: mexW26, airport: "LAX", reference: 9 });
    expect(notHeld.status).toBe(400);
    expect((notHeld.json as ErrorBody).message).toBe("El aeropuerto LAX no está en la lista de aeropuertos activos.");
    expect(await requestCount()).toBe(before);
  });

  it("shows a user restricted to MEX only MEX's entries, and refuses JFK's by id with 403", async () => {
    expect((await station.ok("listLogbook", { query: { season_id: mexW26 } })).map((r) => r.airport)).toEqual(["MEX"]);
    expect((await station.ok("getLogbookPart", { params: { id: mexPart } })).airport).toBe("MEX");
    const refusals = [
      await station.fail("listLogbook", { query: { season_id: jfkW26 } }),
      await station.fail("listLogbook", { query: { season_id: mexW26, airport: "JFK" } }),
      await station.fail("listLogbookOffers", { query: { season_id: jfkW26 } }),
      await station.fail("nextAvailableReference", { query: { season: jfkW26 } }),
      await station.fail("checkReferenceAvailability", { query: { season: jfkW26, reference: 9 } }),
      await station.fail("getLogbookPart", { params: { id: jfkPart } }),
      await station.fail("updateLogbookNotes", { params: { id: jfkRequest }, body: { commentary: "visto", version: 1 } }),
      await station.fail("downloadLogbookFile", { params: { id: jfkPart }, query: { is_request: true, is_text_file: true } }),
      await station.fail("deleteLogbookFile", { params: { id: jfkPart }, query: { is_request: true, is_text_file: true } }),
      await station.fail("deleteLogbookRequest", { params: { id: jfkRequest } }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("No tienes acceso al aeropuerto JFK.");
    }
    const before = await requestCount();
    const created = await recordByHand(station, { season: jfkW26, airport: "JFK", reference: 7 });
    expect(created.status).toBe(403);
    expect((created.json as ErrorBody).message).toBe("No tienes acceso al aeropuerto JFK.");
    expect(await requestCount()).toBe(before);
    const part = await admin.ok("getLogbookPart", { params: { id: jfkPart } });
    expect([part.commentary, part.is_request_text]).toEqual([null, true]);
  });
});

describe("Carga de referencias per airport", () => {
  const jfkFile = ["SCR", "/slots@aerolinea.example", "W26", "20NOV", "JFK", "NVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "GI SALUDOS"].join("\n");

  it("refuses a JFK request file to a user restricted to MEX, writing nothing", async () => {
    const before = await requestCount();
    const refused = await uploadRequestFile(station, "VIVW26005.txt", jfkFile);
    expect(refused.status).toBe(403);
    expect((refused.json as ErrorBody).message).toBe("No tienes acceso al aeropuerto JFK.");
    expect(await requestCount()).toBe(before);
  });

  it("refuses a JFK request file while the screen shows MEX, naming both, writing nothing", async () => {
    const before = await requestCount();
    const refused = await uploadRequestFile(admin, "VIVW26005.txt", jfkFile, "MEX");
    expect(refused.status).toBe(400);
    expect((refused.json as ErrorBody).message).toBe(
      "La solicitud VIVW26005.txt es del aeropuerto JFK, pero el aeropuerto elegido es MEX: elija JFK en la barra superior para cargarla. No se aplicó nada.",
    );
    expect(await requestCount()).toBe(before);
  });

  it("loads a request file naming JFK into JFK's season, not MEX's", async () => {
    const loaded = await uploadRequestFile(admin, "VIVW26005.txt", jfkFile, "JFK");
    expect(loaded.status).toBe(200);
    expect((await admin.ok("listLogbook", { query: { season_id: jfkW26 } })).map((r) => [r.reference, r.airport])).toEqual([
      [5, "JFK"],
      [4, "JFK"],
    ]);
    expect((await admin.ok("listLogbook", { query: { season_id: mexW26 } })).map((r) => r.reference)).toEqual([4]);
  });
});
