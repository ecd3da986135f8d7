/**
 * What the SCR send view asks before a send (issue 11 item 9): the coordinator's address and
 * whether e-mail is delivered or kept in the outbox. With SMTP see requests.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airports, users } from "../../src/server/db/schema";
import { startServer, type TestServer } from "./harness";

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ config: { smtpUrl: undefined } });
});
afterAll(() => server.close());

describe("the send status", () => {
  it("says e-mail stays in the outbox without SMTP, and the coordinator's address once it is set", async () => {
    const slot = await server.signIn("Slot");
    expect(await slot.ok("getSendStatus")).toEqual({ coordinator_email: null, mail_delivery: "outbox" });
    const [setting] = await slot.ok("listSettings", { query: { names: "coordinator_email" } });
    await slot.ok("modifySetting", { body: { id: setting?.id ?? 0, value: { email: "coordinacion@slots-mex.example" } } });
    expect(await slot.ok("getSendStatus")).toEqual({ coordinator_email: "coordinacion@slots-mex.example", mail_delivery: "outbox" });
  });

  it("is for the roles that draft requests: Reportes gets 403", async () => {
    const reportes = await server.signIn("Reportes");
    const { status } = await reportes.fail("getSendStatus");
    expect(status).toBe(403);
    const seguimiento = await server.signIn("Seguimiento");
    expect((await seguimiento.ok("getSendStatus")).mail_delivery).toBe("outbox");
  });

  it("names the coordinator of the airport the request is for, and refuses an airport the caller is restricted from (issue 37)", async () => {
    await server.services.db
      .update(airports)
      .set({ active: true, timeZone: "America/New_York", coordinationLevel: 3, coordinatorEmail: "slots@jfk-coordination.example" })
      .where(eq(airports.code, "JFK"));
    const slot = await server.signIn("Slot");
    expect((await slot.ok("getSendStatus", { query: { airport: "JFK" } })).coordinator_email).toBe("slots@jfk-coordination.example");
    expect((await slot.ok("getSendStatus", { query: { airport: "MEX" } })).coordinator_email).toBe("coordinacion@slots-mex.example");
    const notHeld = await slot.fail("getSendStatus", { query: { airport: "GDL" } });
    expect(notHeld.status).toBe(400);
    const mexOnly = await server.signIn("Slot");
    await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, mexOnly.userId));
    const refused = await mexOnly.fail("getSendStatus", { query: { airport: "JFK" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("No tienes acceso al aeropuerto JFK.");
  });
});
