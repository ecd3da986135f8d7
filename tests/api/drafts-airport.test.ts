/**
 * Issue 37 item 4: the drafts are for one airport, as for one season. JFK's drafts hold JFK's
 * seasons and slots only; MEX's screens read no JFK draft, and saving MEX's while JFK's hold items
 * is refused until they are sent or cleared; a user restricted to MEX can neither read nor write
 * JFK's drafts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seasonBounds } from "../../src/domain/seasons";
import { airports, slots, users } from "../../src/server/db/schema";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let slot: TestClient;
let jfkSlot = 0;
let mexSlot = 0;

const W26 = seasonBounds("W26");

beforeAll(async () => {
  server = await startServer({ now: () => new Date("2026-11-22T12:00:00Z") });
  await server.services.db
    .update(airports)
    .set({ active: true, timeZone: "America/New_York", coordinationLevel: 3, coordinatorEmail: "coordinacion@jfk.example" })
    .where(eq(airports.code, "JFK"));
  const admin = await server.signIn("Admin");
  await admin.ok("createSeason", { body: { airport: "JFK", name: "W26", start_date: W26.start_date, end_date: W26.end_date } });
  const row = (airport: string, flightNumber: string) => ({
    airport,
    season: "W26",
    serie: 1,
    flightNumber,
    date: "2026-12-10",
    time: "14:55",
    isArrival: true,
    route: "MEX",
    frequency: 4,
    aircraftType: "320",
    seats: 180,
    status: "K",
  });
  const inserted = await server.services.db
    .insert(slots)
    .values([row("JFK", "VB950"), row("MEX", "VB951")])
    .returning({ id: slots.id, airport: slots.airport });
  jfkSlot = inserted.find((r) => r.airport === "JFK")?.id ?? 0;
  mexSlot = inserted.find((r) => r.airport === "MEX")?.id ?? 0;
  slot = await server.signIn("Slot");
});
afterAll(() => server.close());

const cancellation = (ids: number[]) => ({ cancellation_data: { season: "W26", ids } });

describe("drafts per airport", () => {
  it("keeps JFK's cancellation draft at JFK, and MEX reads none of it", async () => {
    const saved = await slot.ok("saveDrafts", { query: { airport: "JFK" }, body: cancellation([jfkSlot]) });
    expect(saved.cancellation_data.ids).toEqual([jfkSlot]);
    expect((await slot.ok("getDrafts", { query: { airport: "JFK" } })).cancellation_data.ids).toEqual([jfkSlot]);
    // Without an airport the caller's default, MEX: nothing of JFK's.
    expect((await slot.ok("getDrafts")).cancellation_data.ids).toEqual([]);
    expect((await slot.ok("getDrafts", { query: { airport: "MEX" } })).cancellation_data).toEqual({ season: null, ids: [] });
  });

  it("refuses another airport's slot in JFK's draft, naming where it is", async () => {
    const refused = await slot.fail("saveDrafts", { query: { airport: "JFK" }, body: cancellation([jfkSlot, mexSlot]) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("El borrador es del aeropuerto JFK. El slot VB951 del día 2026-12-10 es de MEX y no puede ser agregado.");
    expect((await slot.ok("getDrafts", { query: { airport: "JFK" } })).cancellation_data.ids).toEqual([jfkSlot]);
  });

  it("refuses MEX's drafts while JFK's hold items, and takes them once JFK's are cleared", async () => {
    const refused = await slot.fail("saveDrafts", { query: { airport: "MEX" }, body: cancellation([mexSlot]) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "El borrador está asignado al aeropuerto JFK. Envíe o limpie el borrador de JFK antes de preparar solicitudes de MEX.",
    );
    // Clearing from MEX does not touch JFK's.
    await slot.ok("deleteDraft", { query: { type: "cancel", airport: "MEX" } });
    expect((await slot.ok("getDrafts", { query: { airport: "JFK" } })).cancellation_data.ids).toEqual([jfkSlot]);
    await slot.ok("deleteDraft", { query: { type: "cancel", airport: "JFK" } });
    const mex = await slot.ok("saveDrafts", { query: { airport: "MEX" }, body: cancellation([mexSlot]) });
    expect(mex.cancellation_data.ids).toEqual([mexSlot]);
    expect((await slot.ok("getDrafts", { query: { airport: "JFK" } })).cancellation_data.ids).toEqual([]);
  });

  it("refuses JFK's drafts to a user restricted to MEX (403), and an airport not held (400)", async () => {
    const restricted = await server.signIn("Slot");
    await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, restricted.userId));
    for (const call of [
      restricted.fail("getDrafts", { query: { airport: "JFK" } }),
      restricted.fail("saveDrafts", { query: { airport: "JFK" }, body: cancellation([jfkSlot]) }),
      restricted.fail("deleteDraft", { query: { type: "cancel", airport: "JFK" } }),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("No tienes acceso al aeropuerto JFK.");
    }
    const notHeld = await slot.fail("getDrafts", { query: { airport: "GDL" } });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.message).toBe("El aeropuerto GDL no está en la lista de aeropuertos activos.");
  });
});
