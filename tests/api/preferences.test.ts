/**
 * A person's own screen preferences (issue 36 item 10): the columns of Entrega de turno they hid,
 * kept per user on the server, versioned (a save from an older version — the same person's other
 * tab — is refused with 409), and a column the grid does not have refused in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let slot: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startServer();
  [slot, admin] = await Promise.all([server.signIn("Slot"), server.signIn("Admin")]);
});
afterAll(() => server.close());

describe("GET/PUT /api/account/preferences/", () => {
  it("starts from the defaults, saves a column choice for this user only, and refuses a stale save", async () => {
    expect(await slot.ok("getOwnPreferences", {})).toEqual({ turnover_hidden_columns: [], airport: null, version: 0 });
    const saved = await slot.ok("saveOwnPreferences", { body: { turnover_hidden_columns: ["flight_route", "slot_type"], version: 0 } });
    expect(saved).toEqual({ turnover_hidden_columns: ["flight_route", "slot_type"], airport: null, version: 1 });
    expect(await slot.ok("getOwnPreferences", {})).toEqual(saved);
    // Another user's choice is their own.
    expect(await admin.ok("getOwnPreferences", {})).toEqual({ turnover_hidden_columns: [], airport: null, version: 0 });

    const stale = await slot.fail("saveOwnPreferences", { body: { turnover_hidden_columns: [], version: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain("sus preferencias de pantalla");
    expect(await slot.ok("getOwnPreferences", {})).toEqual(saved);
  });

  it("refuses a column Entrega de turno does not have, in Spanish, and changes nothing", async () => {
    const before = await admin.ok("getOwnPreferences", {});
    const refused = await admin.fail("saveOwnPreferences", { body: { turnover_hidden_columns: ["password_hash"], version: before.version } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Entrega de turno no tiene la columna «password_hash»: no se guardó nada.");
    expect(await admin.ok("getOwnPreferences", {})).toEqual(before);
  });
});
