/**
 * Issue 37's foundation: MEX is held from the start (active, level 3, its zone), and no other
 * airport is until an Admin says so — a MEX-only install keeps every leg it kept before.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resolveAirport } from "../../src/server/airports/access";
import { heldAirport, heldAirports } from "../../src/server/airports/held";
import { airports, users } from "../../src/server/db/schema";
import { startServer } from "./harness";

describe("held airports", () => {
  it("holds MEX alone on a new database, in Mexico City's zone", async () => {
    const server = await startServer();
    const { services } = server;
    try {
      const held = await heldAirports(services.db);
      expect(held.map((a) => a.code)).toEqual(["MEX"]);
      expect(held[0]).toMatchObject({ timeZone: "America/Mexico_City", level: 3 });
      expect(await heldAirport(services.db, "GDL")).toBeNull();
      expect(await heldAirport(services.db, "XXX")).toBeNull();
    } finally {
      await server.close();
    }
  });

  it("resolves a request's airport: the named one, else the caller's default, else MEX; refuses what is not held or not allowed", async () => {
    const server = await startServer();
    const { services } = server;
    try {
      await services.db.update(airports).set({ active: true, timeZone: "America/New_York" }).where(eq(airports.code, "GDL"));
      const { id, email } = await server.createUser("Slot");
      const user = { id, email, name: "", lastName: "", role: "Slot" as const, sessionId: "x" };
      expect((await resolveAirport(services, user, undefined)).code).toBe("MEX");
      expect((await resolveAirport(services, user, "GDL")).timeZone).toBe("America/New_York");
      await expect(resolveAirport(services, user, "MTY")).rejects.toMatchObject({ status: 400, message: "El aeropuerto MTY no está en la lista de aeropuertos activos." });
      await services.db.update(users).set({ airports: ["GDL"], defaultAirport: "GDL" }).where(eq(users.id, id));
      expect((await resolveAirport(services, user, undefined)).code).toBe("GDL");
      await expect(resolveAirport(services, user, "MEX")).rejects.toMatchObject({ status: 403, message: "No tienes acceso al aeropuerto MEX." });
    } finally {
      await server.close();
    }
  });
});
