/**
 * Issue 37's foundation: MEX is held from the start (active, level 3, its zone), and no other
 * airport is until an Admin says so — a MEX-only install keeps every leg it kept before.
 */
import { describe, expect, it } from "vitest";
import { heldAirport, heldAirports } from "../../src/server/airports/held";
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
});
