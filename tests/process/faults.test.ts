/**
 * Faults lose nothing (issue 10, point 2): the server is killed with SIGKILL in the middle of the
 * demo load, of a flight import and of an SCR send (each stopped at its failpoint, inside its
 * transaction). After each kill the database opens and holds none of that work, and the server
 * serves again; a write the server reported as done survives a kill right after it. Runs on the
 * embedded database, or on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore, runCli, type ServerProcess, signIn, startServer, type TestStore } from "./support";

const ADMIN = { email: "fallas@aerolinea.example", password: "una-contraseña-de-prueba" };
const FLIGHTS_CSV = [
  "flight_number;date;direction;origin;destination;std;sta;atd;ata;registration;aircraft_type;seats;status",
  "VB1234;2026-11-20;L;MTY;MEX;2026-11-20 14:00;2026-11-20 15:30;2026-11-20 14:20;2026-11-20 15:55;XA-VBA;320;180;D",
  "VB1235;2026-11-20;S;MEX;MTY;2026-11-20 16:30;2026-11-20 18:00;;;XA-VBA;320;180;D",
].join("\n");
const importBody = { kind: "flights", file_name: "vuelos.csv", content: FLIGHTS_CSV };

let store: TestStore;
let server: ServerProcess | null = null;

beforeAll(async () => {
  store = await createStore();
});
afterAll(async () => {
  await server?.kill();
  await store.remove();
});

/** Starts the server stopped at a failpoint's place; `call` is what takes it there. */
async function killedAt(failpoint: string, call?: (server: ServerProcess) => Promise<unknown>): Promise<void> {
  server = await startServer({ ...store.env, SLOTDESK_FAILPOINT: failpoint, DEMO_DATA: failpoint === "demo.load" ? "1" : "0" }, call ? undefined : /FAILPOINT/);
  if (call) {
    // The answer never comes: the process dies first.
    const pending = call(server).catch(() => undefined);
    await server.waitFor(new RegExp(`FAILPOINT ${failpoint.replace(".", "\\.")}`));
    await server.kill();
    await pending;
  } else {
    await server.kill();
  }
  server = null;
}

describe("killed with SIGKILL", () => {
  it("during the first start's demo load: the database opens with no slot, flight, match or logbook request of it", async () => {
    await killedAt("demo.load");
    expect(await store.count("slots")).toBe(0);
    expect(await store.count("flights")).toBe(0);
    expect(await store.count("matches")).toBe(0);
    // Nor any request of its Bitácora.
    expect(await store.count("logbook_requests")).toBe(0);
  });

  it("during a flights load: none of the file's flights is there, the rest is", async () => {
    await killedAt("flights.import", async (running) => {
      const created = await runCli("user-create", ["--email", ADMIN.email, "--role", "Admin", "--password", ADMIN.password], store.env);
      expect(created.stderr).toBe("");
      expect(created.code).toBe(0);
      const admin = await signIn(running.url, ADMIN.email, ADMIN.password);
      return admin.call("POST", "/api/loads/", importBody);
    });
    expect(await store.count("users", `email = '${ADMIN.email}'`)).toBe(1);
    expect(await store.count("flights")).toBe(0);
    expect(await store.count("matches")).toBe(0);
  });

  it("during an SCR send: no logbook entry, audit row or e-mail of it; the setting saved before stays", async () => {
    await killedAt("request.send", async (running) => {
      const admin = await signIn(running.url, ADMIN.email, ADMIN.password);
      const settings = await admin.call("GET", "/api/list-settings/?names=coordinator_email");
      const [setting] = settings.body as Array<{ id: number }>;
      const saved = await admin.call("POST", "/api/settings/modify/", { id: setting?.id, value: { email: "coordinacion@slots-mex.example" } });
      expect(saved.status).toBe(200);
      const seasons = await admin.call("GET", "/api/seasons/?name=W26");
      const [season] = seasons.body as Array<{ id: number }>;
      return admin.call("POST", "/api/turnover/requests/generate_request/", {
        airport: "MEX",
        season: season?.id,
        reference: 1,
        special_information: "favor de confirmar",
        general_information: "",
        action_code: 2,
        cc: [],
        slots: [{ id: "alta-1", change: null, request: "NVB4001 05DEC05DEC 0000060 180320 MTY0700 J" }],
        send_request: true,
      });
    });
    expect(await store.count("logbook_requests")).toBe(0);
    expect(await store.count("logbook_lines")).toBe(0);
    expect(await store.count("audit_log", "action = 'request.send'")).toBe(0);
    expect(await store.count("outbox")).toBe(0);
    expect(await store.count("settings", `name = 'coordinator_email' and value->>'email' = 'coordinacion@slots-mex.example'`)).toBe(1);
  });

  it("right after an import it reported done: the flights are there after the restart, and the server serves", async () => {
    server = await startServer({ ...store.env, DEMO_DATA: "0" });
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
    const imported = await admin.call("POST", "/api/loads/", importBody);
    expect(imported.status).toBe(200);
    await server.kill();
    server = null;
    expect(await store.count("flights")).toBe(2);

    server = await startServer({ ...store.env, DEMO_DATA: "0" });
    const again = await signIn(server.url, ADMIN.email, ADMIN.password);
    expect((await again.call("GET", "/api/health/")).status).toBe(200);
    const reimported = await again.call("POST", "/api/loads/", importBody);
    expect(reimported.body).toMatchObject({ status: "applied", counts: { new: 0, changed: 0, unchanged: 2 } });
    await server.stop();
    server = null;
  });
});
