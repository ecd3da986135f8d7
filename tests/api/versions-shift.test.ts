/**
 * No lost update on the shift's working resources (issue 25 item 1): the match viewer's writes
 * (delay evaluation, affectations, real dates, separate, assign), the drafts and the logbook
 * (commentary and tracing, the Admin's K/U toggle, deleting a reference). Two people read the
 * same version; the first write goes through and bumps it; the second, made from the version
 * both read, is refused with 409 `STALE VERSION` naming the first person, and writes nothing. A
 * write without a version works as before; a version that is not one is refused (400).
 */
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotLine } from "../../src/domain/scr";
import type { components } from "../../src/generated/openapi";
import { logbookLines, logbookRequests, slots } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { insertLogbookRequest } from "../../src/server/logbook/records";
import { createUser } from "../../src/server/users/create";
import { altaDraftItem } from "../support/draftFixtures";
import { FIXTURE_NOW, type Fixture, loadTurnoverFixture } from "../support/turnoverFixtures";
import { assertMatchesContract, contract } from "./contract";
import { type ErrorBody, startServer, TEST_PASSWORD, type TestClient, type TestServer } from "./harness";

type RoleName = components["schemas"]["RoleName"];
type TurnoverRow = components["schemas"]["TurnoverRow"];

let server: TestServer;
let fixture: Fixture;
/** Admin "Ana Pérez", the first to write everywhere. */
let ana: TestClient;
/** Slot "Bruno Díaz", whose screen was opened before Ana saved. */
let bruno: TestClient;
/** A second Admin, for the Admin-only writes (real dates, K/U). */
let carla: TestClient;

async function signInAs(role: RoleName, name: string, lastName: string): Promise<TestClient & { email: string }> {
  const email = `${name.toLowerCase()}-${randomBytes(3).toString("hex")}@prueba.example`;
  await createUser(server.handle.db, server.services.passwords, { email, role, name, lastName, password: TEST_PASSWORD });
  return signInAgain(email);
}

/** Another session of the same person (a second tab or workstation). */
async function signInAgain(email: string): Promise<TestClient & { email: string }> {
  const client = server.client();
  await client.ok("login", { body: { email, password: TEST_PASSWORD } });
  return Object.assign(client, { email });
}

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
  [ana, bruno, carla] = await Promise.all([
    signInAs("Admin", "Ana", "Pérez"),
    signInAs("Slot", "Bruno", "Díaz"),
    signInAs("Admin", "Carla", "Gómez"),
  ]);
});
afterAll(() => server.close());

/** The 409 of a write made from an older version than `current`, naming who made it. */
function expectStale(refused: { status: number; body: ErrorBody }, who: string, what: string, current: number) {
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe("STALE VERSION");
  expect(refused.body.changed_by).toBe(who);
  expect(refused.body.current_version).toBe(current);
  expect(Date.parse(refused.body.changed_at ?? "")).toBe(FIXTURE_NOW.getTime());
  expect(refused.body.message).toMatch(new RegExp(`^${who} cambió ${what} (a las|el) .*Recargue`));
}

const viewerRow = async (client: TestClient, id: number): Promise<TurnoverRow> => {
  const [row] = await client.ok("getMatch", { params: { id } });
  if (!row) throw new Error(`no match ${id}`);
  return row;
};
const versionOf = async (client: TestClient, id: number): Promise<number> => {
  const { version } = await viewerRow(client, id);
  if (version === undefined) throw new Error(`match ${id} answered no version`);
  return version;
};

describe("the match viewer", () => {
  it("answers the version of what it edits, with the match's flight; a leftover slot has none", async () => {
    const row = await viewerRow(bruno, await fixture.matchOfSlot("pair"));
    expect(row.version).toBe(1);
    expect((await viewerRow(bruno, await fixture.matchOfSlot("leftoverArrival"))).version).toBeUndefined();
  });

  it("refuses a delay evaluation made from a version another user already changed, keeping theirs", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const read = await versionOf(bruno, id);
    expect(await versionOf(ana, id)).toBe(read);

    const saved = await ana.ok("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "93", minutes: 20 }], observations: "Evaluado por A", version: read },
    });
    expect(saved.version).toBe(read + 1);
    expect(saved.codes).toMatchObject({ first_code: "93", first_time: 20 });

    const refused = await bruno.fail("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "41", minutes: 5 }], observations: "Observaciones de B", version: read },
    });
    expectStale(refused, "Ana Pérez", "este match", read + 1);
    const after = await viewerRow(bruno, id);
    expect(after).toMatchObject({ observations: "Evaluado por A", version: read + 1 });
    expect(after.codes).toMatchObject({ first_code: "93", first_time: 20 });

    // A feed's update of the flight (an estimated time from AIMS) is no edit in the viewer.
    await server.handle.db.execute(
      sql`update flights set estimated_departure = scheduled_departure + interval '7 minutes' where id = ${fixture.flights.offSlot}`,
    );
    const again = await bruno.ok("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "93", minutes: 20 }, { code: "41", minutes: 5 }], observations: "Evaluado por A; B agrega 41", version: read + 1 },
    });
    expect(again.version).toBe(read + 2);

    // Without a version, as the seed's callers: written as before.
    const blind = await ana.ok("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "93", minutes: 20 }], observations: "Sin versión" } });
    expect(blind).toMatchObject({ observations: "Sin versión", version: read + 3 });

    const notAVersion = await bruno.fail("evaluateMatchDelays", { params: { id }, body: { delays: [], version: 0 } });
    expect(notAVersion.status).toBe(400);
    const badHeader = await bruno.fail("evaluateMatchDelays", { params: { id }, body: { delays: [] }, headers: { "if-match": "tres" } });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.message).toBe("La versión enviada en «If-Match» no es válida.");
    expect((await viewerRow(bruno, id)).observations).toBe("Sin versión");
  });

  it("refuses an affectation saved from a stale version, keeping the first one's", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const [affectation] = await bruno.ok("listAffectations", { params: { id } });
    if (!affectation) throw new Error("the evaluation leaves an affectation");
    const read = await versionOf(bruno, id);

    const saved = await ana.ok("updateAffectation", {
      body: { id: affectation.id, affectation_number: 37, observations: "37 pasajeros en conexión", version: read },
    });
    expect(saved).toMatchObject({ affectation_number: 37, version: read + 1 });
    expect(await versionOf(bruno, id)).toBe(read + 1);

    const refused = await bruno.fail("updateAffectation", {
      body: { id: affectation.id, affectation_number: 12, observations: "12 de B", version: read },
    });
    expectStale(refused, "Ana Pérez", "este match", read + 1);
    const [after] = await bruno.ok("listAffectations", { params: { id } });
    expect(after).toMatchObject({ affectation_number: 37, observations: "37 pasajeros en conexión" });

    expect(await bruno.ok("updateAffectation", { body: { id: affectation.id, affectation_number: 38, observations: "38" } })).toMatchObject({
      affectation_number: 38,
      version: read + 2,
    });
  });

  it("refuses the Admin's real dates from a stale version, keeping the first Admin's", async () => {
    const id = await fixture.matchOfSlot("pair");
    const read = await versionOf(carla, id);
    const first = { actual_dep: "2026-11-20T08:40:00Z", actual_arr: "2026-11-20T10:12:00Z" };
    expect((await ana.ok("updateRealDates", { params: { id }, body: { ...first, version: read } })).version).toBe(read + 1);

    const refused = await carla.fail("updateRealDates", {
      params: { id },
      body: { actual_dep: "2026-11-20T08:50:00Z", actual_arr: "2026-11-20T10:30:00Z", version: read },
    });
    expectStale(refused, "Ana Pérez", "este match", read + 1);
    expect(await viewerRow(carla, id)).toMatchObject({
      flight_actual_datetime_dep: "2026-11-20T08:40:00Z",
      flight_actual_datetime_arr: "2026-11-20T10:12:00Z",
    });
    expect((await carla.ok("updateRealDates", { params: { id }, body: first })).version).toBe(read + 2);
  });

  it("refuses to separate a match from a stale version (If-Match), leaving it paired", async () => {
    const id = await fixture.matchOfSlot("onTime");
    const read = await versionOf(bruno, id);
    await ana.ok("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "41", minutes: 3 }], version: read } });

    const refused = await bruno.fail("separateMatch", { params: { id }, headers: { "if-match": `"${read}"` } });
    expectStale(refused, "Ana Pérez", "este match", read + 1);
    expect(await viewerRow(bruno, id)).toMatchObject({ slot_id: fixture.slots.onTime, flight_id: fixture.flights.onTime });

    const badHeader = await bruno.fail("separateMatch", { params: { id }, headers: { "if-match": "W/\"x\"" } });
    expect(badHeader.status).toBe(400);

    const [flightAlone, slotAlone] = await ana.ok("separateMatch", { params: { id }, headers: { "if-match": `W/"${read + 1}"` } });
    expect(flightAlone).toMatchObject({ flight_id: fixture.flights.onTime, slot_id: null, version: read + 2 });
    expect(slotAlone).toMatchObject({ slot_id: fixture.slots.onTime, flight_id: null });
    expect(slotAlone?.version).toBeUndefined();
  });

  it("refuses to assign a leftover slot from a stale version, leaving the flight without slot", async () => {
    const id = await fixture.matchOfFlight("noSlot");
    const read = await versionOf(bruno, id);
    await ana.ok("evaluateMatchDelays", { params: { id }, body: { delays: [], observations: "Chárter revisado", version: read } });

    const refused = await bruno.fail("assignSlotLeftover", {
      params: { id },
      body: { match_slot_leftover: fixture.slots.leftoverDeparture, version: read },
    });
    expectStale(refused, "Ana Pérez", "este match", read + 1);
    expect(await viewerRow(bruno, id)).toMatchObject({ flight_id: fixture.flights.noSlot, slot_id: null });

    const assigned = await ana.ok("assignSlotLeftover", {
      params: { id },
      body: { match_slot_leftover: fixture.slots.leftoverDeparture, version: read + 1 },
    });
    expect(assigned).toMatchObject({ flight_id: fixture.flights.noSlot, slot_id: fixture.slots.leftoverDeparture, version: read + 2 });
  });

  it("tells a viewer opened before a separation who separated the match (409), and a caller without a version finds it gone (404)", async () => {
    const id = await fixture.matchOfSlot("equipment");
    const read = await versionOf(bruno, id);
    await ana.ok("separateMatch", { params: { id } });
    const refused = await bruno.fail("separateMatch", { params: { id }, headers: { "if-match": `"${read}"` } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "STALE VERSION", changed_by: "Ana Pérez" });
    expect(refused.body.message).toMatch(/^Ana Pérez separó este match (el \d\d\/\d\d\/\d{4} )?a las \d\d:\d\d \(hora de México\)\. Ya no existe como estaba\./);
    const delays = await bruno.fail("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "93", minutes: 20 }], observations: "Visto antes de separar", version: read },
    });
    expect(delays.status).toBe(409);
    expect(delays.body.changed_by).toBe("Ana Pérez");
    expect((await bruno.fail("separateMatch", { params: { id } })).status).toBe(404);
  });
});

describe("the drafts", () => {
  const NEW_ITEM = altaDraftItem("a1");

  it("refuses a save from another tab's stale version, keeping what the first tab saved", async () => {
    const first = ana;
    const second = await signInAgain((ana as TestClient & { email: string }).email);
    const read = (await second.ok("getDrafts")).version ?? 0;
    expect((await first.ok("getDrafts")).version).toBe(read);

    const saved = await first.ok("saveDrafts", { body: { cancellation_data: { season: "W26", ids: [fixture.slots.nextDay ?? 0] }, version: read } });
    expect(saved.version).toBe(read + 1);
    const refused = await second.fail("saveDrafts", { body: { cancellation_data: { season: null, ids: [] }, version: read } });
    expectStale(refused, "Ana Pérez", "el borrador", read + 1);
    expect((await second.ok("getDrafts")).cancellation_data.ids).toEqual([fixture.slots.nextDay]);

    // Bruno's drafts are his: Ana's saves change nothing of their version.
    const brunos = (await bruno.ok("getDrafts")).version ?? 0;
    expect((await bruno.ok("saveDrafts", { body: { cancellation_data: { season: null, ids: [] }, version: brunos } })).version).toBe(brunos + 1);

    const blind = await second.ok("saveDrafts", { body: { new_slot_data: { season: "W26", form: {}, list: [NEW_ITEM] } } });
    expect(blind).toMatchObject({ version: read + 2, cancellation_data: { ids: [fixture.slots.nextDay] } });
    expect((await second.fail("saveDrafts", { body: { new_slot_data: { season: null, list: [] }, version: -1 } })).status).toBe(400);
  });

  it("refuses to empty a draft from a stale version (If-Match), emptying nothing", async () => {
    const second = await signInAgain((ana as TestClient & { email: string }).email);
    const read = (await second.ok("getDrafts")).version ?? 0;
    await ana.ok("saveDrafts", { body: { new_slot_data: { season: "W26", form: {}, list: [NEW_ITEM, altaDraftItem("a2")] }, version: read } });

    const refused = await second.fail("deleteDraft", { query: { type: "new" }, headers: { "if-match": String(read) } });
    expectStale(refused, "Ana Pérez", "el borrador", read + 1);
    expect((await second.ok("getDrafts")).new_slot_data.list).toHaveLength(2);
    expect((await second.fail("deleteDraft", { query: { type: "new" }, headers: { "if-match": "0" } })).status).toBe(400);

    const emptied = await second.ok("deleteDraft", { query: { type: "new" }, headers: { "if-match": `"${read + 1}"` } });
    expect(emptied).toMatchObject({ new_slot_data: { list: [] }, version: read + 2 });
    expect((await second.ok("deleteDraft", { query: { type: "cancel" } })).version).toBe(read + 3);
  });
});

describe("the logbook", () => {
  let w26 = 0;
  const newRequest = async (reference: number) => {
    const [user] = await queryRows<{ id: number }>(server.handle.db, sql`select id from users order by id limit 1`);
    const id = await insertLogbookRequest(server.handle.db, {
      seasonId: w26,
      reference,
      type: 2,
      airport: "MEX",
      requestDate: FIXTURE_NOW,
      si: "",
      gi: "",
      delayCode: null,
      responsible: { id: user?.id ?? 0, name: "Ana", lastName: "Pérez", email: "ana@prueba.example" },
    });
    if (id === null) throw new Error(`reference ${reference} taken`);
    return id;
  };
  const rowOf = async (client: TestClient, id: number) => {
    const row = (await client.ok("listLogbook", { query: { season_id: w26 } })).find((r) => r.id === id);
    if (!row) throw new Error(`no request ${id}`);
    return row;
  };

  beforeAll(async () => {
    w26 = (await ana.ok("listSeasons")).find((s) => s.name === "W26")?.id ?? 0;
  });

  it("refuses a commentary or tracing written from a stale version, keeping the first one's", async () => {
    const id = await newRequest(501);
    const read = (await rowOf(bruno, id)).version;
    expect(read).toBe(1);

    expect(await ana.ok("updateLogbookNotes", { params: { id }, body: { commentary: "Urgente por chárter", version: read } })).toEqual({
      id,
      commentary: "Urgente por chárter",
      tracing: null,
      version: read + 1,
    });
    const refused = await bruno.fail("updateLogbookNotes", { params: { id }, body: { tracing: "Llamar a B", version: read } });
    expectStale(refused, "Ana Pérez", "esta solicitud", read + 1);
    expect(await rowOf(bruno, id)).toMatchObject({ commentary: "Urgente por chárter", tracing: null, version: read + 1 });

    expect((await bruno.ok("updateLogbookNotes", { params: { id }, body: { tracing: "Llamar a B" } })).version).toBe(read + 2);
    expect((await bruno.fail("updateLogbookNotes", { params: { id }, body: { commentary: "a", tracing: "b", version: read + 2 } })).status).toBe(400);
    expect((await bruno.fail("updateLogbookNotes", { params: { id }, body: { version: read + 2 } })).status).toBe(400);
  });

  it("refuses to delete a reference from a stale version (If-Match), keeping it", async () => {
    const id = await newRequest(502);
    const read = (await rowOf(bruno, id)).version;
    await ana.ok("updateLogbookNotes", { params: { id }, body: { commentary: "No borrar: falta la respuesta", version: read } });

    const refused = await bruno.fail("deleteLogbookRequest", { params: { id }, headers: { "if-match": `"${read}"` } });
    expectStale(refused, "Ana Pérez", "esta solicitud", read + 1);
    expect(await rowOf(bruno, id)).toMatchObject({ commentary: "No borrar: falta la respuesta" });
    expect((await bruno.fail("deleteLogbookRequest", { params: { id }, headers: { "if-match": "uno" } })).status).toBe(400);

    expect((await bruno.call("deleteLogbookRequest", { params: { id }, headers: { "if-match": `"${read + 1}"` } })).status).toBe(204);
    const other = await newRequest(503);
    expect((await bruno.call("deleteLogbookRequest", { params: { id: other } })).status).toBe(204);
  });

  it("refuses the Admin's K/U toggle from a stale version, keeping the first Admin's", async () => {
    const slot = { flightNumber: "VB1101", date: "2026-12-10", time: "13:10", isArrival: true, route: "CUN", aircraftType: "320", seats: 180, serviceType: "J" };
    await server.handle.db.insert(slots).values({ season: "W26", serie: 7, frequency: 4, status: "D", ...slot });
    const C = slotLine("C", slot);
    const R = slotLine("R", { ...slot, time: "13:40" });
    const message = (lines: string[]) => ["SCR", "/slots@aerolinea.example", "W26", "20NOV", "MEX", ...lines, "SI PRUEBA", "GI SALUDOS"].join("\n");
    const reference = (await ana.ok("nextAvailableReference", { query: { season: w26 } })).next_reference;
    const file = `VIVW26${String(reference).padStart(3, "0")}.txt`;
    const sent = await upload(ana, "request", file, message([C, R]));
    expect(sent.status, sent.text).toBe(200);
    const replied = await upload(ana, "response", file, message([`X${C.slice(1)}`, `K${R.slice(1)}`]));
    expect(replied.status, replied.text).toBe(200);
    const [line] = await server.handle.db.select().from(logbookLines).orderBy(asc(logbookLines.id));
    if (!line) throw new Error("the upload leaves a line");
    expect(line.response).toBe("K");
    const [request] = await server.handle.db
      .select({ id: logbookRequests.id, version: logbookRequests.version })
      .from(logbookRequests)
      .where(eq(logbookRequests.reference, reference));
    const requestId = request?.id ?? 0;
    const read = (await rowOf(carla, requestId)).version;

    const preview = await ana.ok("changeReferenceLineStatus", { body: { line_id: line.id, new_status: "U", compute: false, version: read } });
    expect(preview.response).toBe("U");
    expect((await rowOf(carla, requestId)).version).toBe(read);
    await ana.ok("changeReferenceLineStatus", { body: { line_id: line.id, new_status: "U", compute: true, version: read } });
    expect((await carla.ok("getLogbookPart", { params: { id: line.partId } })).version).toBe(read + 1);

    const refused = await carla.fail("changeReferenceLineStatus", { body: { line_id: line.id, new_status: "K", compute: true, version: read } });
    expectStale(refused, "Ana Pérez", "esta solicitud", read + 1);
    const [after] = await server.handle.db.select().from(logbookLines).where(eq(logbookLines.id, line.id));
    expect(after?.response).toBe("U");

    const blind = await carla.ok("changeReferenceLineStatus", { body: { line_id: line.id, new_status: "K", compute: true } });
    expect(blind.response).toBe("K");
    expect((await rowOf(carla, requestId)).version).toBe(read + 2);
  });
});

/** A reference file through the task service (multipart), checked against the contract. */
async function upload(client: TestClient, kind: "request" | "response", name: string, text: string) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), name);
  form.append("compute", "true");
  const request = new Request("http://slotdesk.test/", { method: "POST", body: form });
  const operationId = kind === "request" ? "computeReferenceRequest" : "computeReferenceResponse";
  const response = await client.request({
    method: "POST",
    url: `/references/${kind}/compute/`,
    headers: {
      "content-type": request.headers.get("content-type") ?? "",
      "x-csrftoken": await client.csrfToken(),
      "x-api-version": "2.0",
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  const op = contract.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`${operationId} is not in the contract`);
  assertMatchesContract(op, response.status, String(response.headers["content-type"] ?? ""), response.text);
  return response;
}
