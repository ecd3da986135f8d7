/**
 * Issue 37 items 1 and 6: airports as data (the Admin's Aeropuertos tab: zone, coordination,
 * coordinator, active; versioned), users restricted to some airports with a default, the picker's
 * choice kept in the preferences, and the coordinator's address read from the airport.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../../src/server/db/seed";
import { airports, referenceData } from "../../src/server/db/schema";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let admin: TestClient & { userId: number; email: string };

beforeAll(async () => {
  server = await startServer({ now: () => new Date("2026-11-21T15:00:00Z") });
  admin = await server.signIn("Admin");
});
afterAll(() => server.close());

const byCode = async (client: TestClient, code: string) => {
  const found = (await client.ok("listAirportDetails")).find((airport) => airport.code === code);
  if (!found) throw new Error(`no airport ${code}`);
  return found;
};

const JFK_EDIT = {
  name: "John F. Kennedy International Airport",
  city: "Nueva York",
  country: "US",
  time_zone: "America/New_York",
  coordination_level: 3,
  coordinator_email: "Slots@JFK.example",
  coordinator_sita: "nycaxxh",
  active: true,
} as const;

describe("airports as data", () => {
  it("lists every airport with its zone and whether it is held; MEX alone held, in Mexico City, with the coordinator of the old setting", async () => {
    const list = await admin.ok("listAirports");
    expect(list.filter((airport) => airport.active).map((airport) => airport.code)).toEqual(["MEX"]);
    expect(list.find((airport) => airport.code === "MEX")).toMatchObject({ time_zone: "America/Mexico_City", coordination_level: 3 });
    // Each listed airport has its own zone (migration 0027 / the reference data).
    expect(list.find((airport) => airport.code === "JFK")?.time_zone).toBe("America/New_York");
    expect(list.find((airport) => airport.code === "CUN")?.time_zone).toBe("America/Cancun");
  });

  it("an Admin activates JFK with its zone and coordinator; the version moves, the audit says what changed, and a stale edit is refused naming who", async () => {
    const before = await byCode(admin, "JFK");
    expect(before.active).toBe(false);
    const updated = await admin.ok("updateAirport", { params: { id: before.id }, body: { ...JFK_EDIT, version: before.version } });
    expect(updated).toMatchObject({ code: "JFK", active: true, time_zone: "America/New_York", coordinator_email: "slots@jfk.example", coordinator_sita: "NYCAXXH", coordination_level: 3 });
    expect(updated.version).toBe(before.version + 1);
    // Every role now sees JFK held, in its zone.
    const slot = await server.signIn("Slot");
    expect((await slot.ok("listAirports")).filter((a) => a.active).map((a) => a.code)).toEqual(["JFK", "MEX"]);

    // The same edit from the version read before: refused, naming the Admin, nothing written.
    const stale = await admin.fail("updateAirport", { params: { id: before.id }, body: { ...JFK_EDIT, name: "Otro nombre", version: before.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Nombre\d+ Apellido Admin cambió el aeropuerto JFK el 21\/11\/2026 a las 09:00 \(hora de México\)\. Recargue/);
    expect((await byCode(admin, "JFK")).name).toBe(JFK_EDIT.name);

    const audit = await admin.ok("listAuditLog", { query: { q: "JFK" } });
    const entry = audit.items.find((item) => item.action === "airport.update");
    expect(entry?.target_type).toBe("airport");
    expect(entry?.details).toMatchObject({ active: { from: false, to: true }, coordinator_email: { from: null, to: "slots@jfk.example" } });
  });

  it("adds a new airport; refuses a code already listed (409), an unknown zone, a bad e-mail and a bad code with Spanish messages, changing nothing", async () => {
    const created = await admin.ok("createAirport", {
      body: { code: "MAD", name: "Adolfo Suárez Madrid-Barajas", city: "Madrid", country: "ES", time_zone: "Europe/Madrid", coordination_level: 3, active: true },
    });
    expect(created).toMatchObject({ code: "MAD", time_zone: "Europe/Madrid", active: true, coordinator_email: null, version: 1 });
    const count = (await admin.ok("listAirportDetails")).length;

    const duplicate = await admin.fail("createAirport", { body: { code: "MEX", name: "Otro", city: "Otra", country: "MX", time_zone: "America/Mexico_City" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("El aeropuerto MEX ya está en la lista: edítelo en vez de agregarlo.");
    const zone = await admin.fail("createAirport", { body: { code: "LHR", name: "Heathrow", city: "Londres", country: "GB", time_zone: "Europe/Londres" } });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe("«Europe/Londres» no es una zona horaria IANA conocida; escríbala como America/Mexico_City o America/New_York.");
    const email = await admin.fail("createAirport", {
      body: { code: "LHR", name: "Heathrow", city: "Londres", country: "GB", time_zone: "Europe/London", coordinator_email: "no es un correo" },
    });
    expect(email.status).toBe(400);
    const code = await admin.fail("createAirport", { body: { code: "lhr", name: "Heathrow", city: "Londres", country: "GB", time_zone: "Europe/London" } });
    expect(code.status).toBe(400);
    expect(code.body.message).not.toMatch(/[{}]/);
    expect((await admin.ok("listAirportDetails")).length).toBe(count);
  });

  it("keeps MEX, the install's default, active", async () => {
    const mex = await byCode(admin, "MEX");
    const refused = await admin.fail("updateAirport", {
      params: { id: mex.id },
      body: { name: mex.name, city: mex.city, country: mex.country, time_zone: mex.time_zone, active: false, version: mex.version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("MEX es el aeropuerto predeterminado de la instalación y no puede desactivarse.");
  });

  it("lets only Admin list, add and edit airports", async () => {
    const mex = await byCode(admin, "MEX");
    for (const role of ["Slot", "Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      expect((await client.fail("listAirportDetails")).status).toBe(403);
      expect((await client.fail("createAirport", { body: { code: "BOS", name: "Logan", city: "Boston", country: "US", time_zone: "America/New_York" } })).status).toBe(403);
      expect((await client.fail("updateAirport", { params: { id: mex.id }, body: { name: "X", city: "X", country: "MX", time_zone: "UTC" } })).status).toBe(403);
    }
    expect((await server.client().fail("listAirportDetails")).status).toBe(401);
  });

  it("the reference data's next start adds missing airports and leaves an Admin's edits as they are", async () => {
    const gdl = await byCode(admin, "GDL");
    await admin.ok("updateAirport", {
      params: { id: gdl.id },
      body: { name: "Aeropuerto Miguel Hidalgo", city: gdl.city, country: gdl.country, time_zone: "America/Mexico_City", active: true, version: gdl.version },
    });
    await server.handle.db.delete(airports).where(eq(airports.code, "PHX"));
    // A start whose reference data changed (a new release): the digest is not the stored one.
    await server.handle.db.delete(referenceData);
    await seedReferenceData(server.handle.db, new Date("2026-11-22T12:00:00Z"));
    const after = await byCode(admin, "GDL");
    expect(after).toMatchObject({ name: "Aeropuerto Miguel Hidalgo", active: true });
    expect((await byCode(admin, "PHX")).time_zone).toBe("America/Phoenix");
    expect((await byCode(admin, "MEX")).active).toBe(true);
  });
});

describe("the coordinator's address belongs to the airport", () => {
  it("the top bar's setting reads and writes MEX's coordinator, and an edit of MEX in Aeropuertos shows in the setting", async () => {
    const [setting] = await admin.ok("listSettings", { query: { names: "coordinator_email" } });
    if (setting?.name !== "coordinator_email") throw new Error("no coordinator setting");
    await admin.ok("modifySetting", { body: { id: setting.id, value: { email: "slots@aicm.example" }, version: setting.version } });
    expect((await byCode(admin, "MEX")).coordinator_email).toBe("slots@aicm.example");
    const status = await admin.ok("getSendStatus");
    expect(status.coordinator_email).toBe("slots@aicm.example");

    const mex = await byCode(admin, "MEX");
    await admin.ok("updateAirport", {
      params: { id: mex.id },
      body: { name: mex.name, city: mex.city, country: mex.country, time_zone: mex.time_zone, coordinator_email: "coordinacion@aicm.example", version: mex.version },
    });
    const [reread] = await admin.ok("listSettings", { query: { names: "coordinator_email" } });
    expect(reread?.value).toEqual({ email: "coordinacion@aicm.example" });
    expect((await admin.ok("getSendStatus")).coordinator_email).toBe("coordinacion@aicm.example");
  });
});

describe("users restricted to some airports", () => {
  it("an Admin restricts a user and sets their default; the session says so; their picker's choice is kept, and another airport is refused with 403", async () => {
    const jfk = await byCode(admin, "JFK");
    if (!jfk.active) await admin.ok("updateAirport", { params: { id: jfk.id }, body: { ...JFK_EDIT, version: jfk.version } });
    const slot = await server.signIn("Slot");
    const listed = (await admin.ok("listUsers")).find((user) => user.id === slot.userId);
    expect(listed).toMatchObject({ airports: null, default_airport: null });

    const updated = await admin.ok("updateUser", { body: { user_id: slot.userId, airports: ["JFK"], default_airport: "JFK", version: listed?.version } });
    expect(updated).toMatchObject({ airports: ["JFK"], default_airport: "JFK" });
    expect(await slot.ok("getSessionUser")).toMatchObject({ airports: ["JFK"], default_airport: "JFK" });

    const prefs = await slot.ok("getOwnPreferences");
    expect(prefs.airport).toBeNull();
    const refused = await slot.fail("saveOwnPreferences", { body: { turnover_hidden_columns: [], airport: "MEX", version: prefs.version } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("No tienes acceso al aeropuerto MEX.");
    const saved = await slot.ok("saveOwnPreferences", { body: { turnover_hidden_columns: [], airport: "JFK", version: prefs.version } });
    expect(saved.airport).toBe("JFK");
    // Saving the columns alone keeps the airport chosen.
    const columns = await slot.ok("saveOwnPreferences", { body: { turnover_hidden_columns: ["flight_register"], version: saved.version } });
    expect(columns).toMatchObject({ airport: "JFK", turnover_hidden_columns: ["flight_register"] });

    const audit = await admin.ok("listAuditLog", { query: { q: slot.email } });
    expect(audit.items[0]?.details).toMatchObject({ airports: { from: null, to: "JFK" }, default_airport: { from: null, to: "JFK" } });
  });

  it("an unrestricted user picks any held airport; one the team does not hold is refused with 400", async () => {
    const reportes = await server.signIn("Reportes");
    const prefs = await reportes.ok("getOwnPreferences");
    const refused = await reportes.fail("saveOwnPreferences", { body: { turnover_hidden_columns: [], airport: "MTY", version: prefs.version } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("El aeropuerto MTY no está en la lista de aeropuertos activos.");
    expect((await reportes.ok("saveOwnPreferences", { body: { turnover_hidden_columns: [], airport: "MEX", version: prefs.version } })).airport).toBe("MEX");
  });

  it("refuses an unknown airport, a default that is not held or not among the user's, in Spanish, changing nothing", async () => {
    const user = await server.createUser("Seguimiento");
    const unknown = await admin.fail("updateUser", { body: { user_id: user.id, airports: ["XXX"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("El aeropuerto XXX no está en la lista de aeropuertos.");
    const outside = await admin.fail("updateUser", { body: { user_id: user.id, airports: ["MEX"], default_airport: "JFK" } });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe("El aeropuerto predeterminado JFK no está entre los aeropuertos permitidos del usuario.");
    const inactive = await admin.fail("updateUser", { body: { user_id: user.id, default_airport: "MTY" } });
    expect(inactive.body.message).toBe("El aeropuerto MTY no está en la lista de aeropuertos activos.");
    expect((await admin.ok("listUsers")).find((row) => row.id === user.id)).toMatchObject({ airports: null, default_airport: null, version: 1 });
    // An invitation may carry them too.
    const invited = await admin.ok("addUser", { body: { email: "estacion.jfk@prueba.example", role: "Slot", airports: ["JFK"], default_airport: "JFK" } });
    expect(invited.user).toMatchObject({ airports: ["JFK"], default_airport: "JFK" });
  });

  it("only an Admin sets a user's airports", async () => {
    const target = await server.createUser("Reportes");
    const slot = await server.signIn("Slot");
    expect((await slot.fail("updateUser", { body: { user_id: target.id, airports: ["MEX"] } })).status).toBe(403);
  });
});
