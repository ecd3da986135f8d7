/**
 * The audit log sees the match viewer's changes (issue 10): delay evaluation, an affectation's
 * number, assigning a leftover slot, separating a match and the Admin's real dates. Each success
 * writes one entry with a readable target and what changed; a refused call writes none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { FIXTURE_DATE, FIXTURE_NOW, type Fixture, loadTurnoverFixture } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type AuditEntry = components["schemas"]["AuditEntry"];

let server: TestServer;
let fixture: Fixture;
let admin: TestClient & { email: string };
let slot: TestClient & { email: string };
let reportes: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
  [admin, slot, reportes] = await Promise.all([server.signIn("Admin"), server.signIn("Slot"), server.signIn("Reportes")]);
});
afterAll(() => server.close());

/** The id of the newest entry now, to read what an action adds after it. */
const lastAuditId = async () => (await admin.ok("listAuditLog", { query: { limit: 1 } })).items[0]?.id ?? 0;
const entriesAfter = async (id: number): Promise<AuditEntry[]> =>
  (await admin.ok("listAuditLog", { query: { limit: 200 } })).items.filter((entry) => entry.id > id);

describe("delay evaluation", () => {
  it("records the delays and observations before and after, and nothing for a refused evaluation", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const start = await lastAuditId();
    expect((await slot.fail("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "07", minutes: 5 }] } })).status).toBe(400);
    expect((await reportes.fail("evaluateMatchDelays", { params: { id }, body: { delays: [] } })).status).toBe(403);
    const leftover = await fixture.matchOfSlot("leftoverArrival");
    expect((await slot.fail("evaluateMatchDelays", { params: { id: leftover }, body: { delays: [] } })).status).toBe(400);
    expect(await entriesAfter(start)).toEqual([]);

    await slot.ok("evaluateMatchDelays", {
      params: { id },
      body: {
        delays: [
          { code: "41", minutes: 20, cause: "Falla en APU" },
          { code: "93", minutes: 10 },
        ],
        observations: " Revisado con mantenimiento ",
      },
    });
    const entries = await entriesAfter(start);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "match.evaluate_delays",
      actor_email: slot.email,
      target_type: "match",
      target_id: id,
      target_label: `VB104 ${FIXTURE_DATE} (UTC)`,
      at: FIXTURE_NOW.toISOString(),
    });
    expect(entries[0]?.details).toEqual({
      delays: { from: null, to: "41 20 min (Falla en APU), 93 10 min" },
      observations: { from: "", to: "Revisado con mantenimiento" },
    });
  });

  it("starts from AIMS's codes on a first evaluation, and records an evaluation that changes nothing", async () => {
    const id = await fixture.matchOfSlot("pair");
    const start = await lastAuditId();
    await slot.ok("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "93", minutes: 25 }] } });
    await slot.ok("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "93", minutes: 25 }] } });
    const entries = await entriesAfter(start);
    expect(entries.map((e) => [e.action, e.target_label, e.details])).toEqual([
      ["match.evaluate_delays", `VB100 ${FIXTURE_DATE} (UTC)`, {}],
      ["match.evaluate_delays", `VB100 ${FIXTURE_DATE} (UTC)`, { delays: { from: "93 20 min", to: "93 25 min" } }],
    ]);
  });
});

describe("affectations", () => {
  it("records the number and observations that changed, with the delay code, and nothing when refused or unchanged", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const target = (await reportes.ok("listAffectations", { params: { id } })).find((a) => a.code === "93");
    if (!target) throw new Error("the first test leaves a 93 affectation");
    const start = await lastAuditId();
    expect((await reportes.fail("updateAffectation", { body: { id: target.id, affectation_number: 1, observations: "" } })).status).toBe(403);
    expect((await slot.fail("updateAffectation", { body: { id: 999_999, affectation_number: 1, observations: "" } })).status).toBe(404);
    expect(await entriesAfter(start)).toEqual([]);

    const body = { id: target.id, affectation_number: 37, observations: " 37 pasajeros en conexión " };
    await slot.ok("updateAffectation", { body });
    await slot.ok("updateAffectation", { body });
    const entries = await entriesAfter(start);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "affectation.update",
      actor_email: slot.email,
      target_type: "match",
      target_id: id,
      target_label: `VB104 ${FIXTURE_DATE} (UTC)`,
      details: {
        code: "93",
        affectation_number: { from: 0, to: 37 },
        observations: { from: "", to: "37 pasajeros en conexión" },
      },
    });
  });
});

describe("manual decisions", () => {
  it("records a leftover slot given to a flight, and nothing for a refused assignment", async () => {
    const id = await fixture.matchOfFlight("noSlot");
    const start = await lastAuditId();
    const refused = await slot.fail("assignSlotLeftover", { params: { id }, body: { match_slot_leftover: fixture.slots.onTime } });
    expect(refused.status).toBe(409);
    expect((await reportes.fail("assignSlotLeftover", { params: { id }, body: { match_slot_leftover: fixture.slots.leftoverDeparture } })).status).toBe(403);
    expect(await entriesAfter(start)).toEqual([]);

    const row = await slot.ok("assignSlotLeftover", { params: { id }, body: { match_slot_leftover: fixture.slots.leftoverDeparture } });
    const entries = await entriesAfter(start);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "match.assign_slot",
      actor_email: slot.email,
      target_type: "match",
      target_id: row.id,
      target_label: `VB900 ${FIXTURE_DATE} (UTC)`,
      details: {
        slot: { from: null, to: `VB114 ${FIXTURE_DATE} 23:30 UTC` },
        general_status: { from: "X", to: "AH" },
      },
    });
  });

  it("records a separated match with the slot its flight lost, and nothing for a refused separation", async () => {
    const start = await lastAuditId();
    const leftover = await fixture.matchOfSlot("leftoverArrival");
    expect((await slot.fail("separateMatch", { params: { id: leftover } })).status).toBe(409);
    const offSlot = await fixture.matchOfSlot("offSlot");
    expect((await reportes.fail("separateMatch", { params: { id: offSlot } })).status).toBe(403);
    expect((await slot.fail("separateMatch", { params: { id: 999_999 } })).status).toBe(404);
    expect(await entriesAfter(start)).toEqual([]);

    const id = await fixture.matchOfSlot("onTime");
    await admin.ok("separateMatch", { params: { id } });
    const entries = await entriesAfter(start);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "match.separate",
      actor_email: admin.email,
      target_type: "match",
      target_id: id,
      target_label: `VB102 ${FIXTURE_DATE} (UTC)`,
      details: {
        slot: { from: `VB102 ${FIXTURE_DATE} 12:00 UTC`, to: null },
        general_status: { from: "OK", to: "X" },
      },
    });
  });
});

describe("real dates", () => {
  it("records the flight's real dates and real difference before and after, and nothing when refused or unchanged", async () => {
    const id = await fixture.matchOfSlot("pair");
    const start = await lastAuditId();
    const body = { actual_dep: "2026-11-20T08:40:00Z", actual_arr: "2026-11-20T04:12:00-06:00" };
    expect((await slot.fail("updateRealDates", { params: { id }, body })).status).toBe(403);
    const backwards = { actual_dep: "2026-11-20T11:00:00Z", actual_arr: "2026-11-20T10:10:00Z" };
    expect((await admin.fail("updateRealDates", { params: { id }, body: backwards })).status).toBe(400);
    expect(await entriesAfter(start)).toEqual([]);

    await admin.ok("updateRealDates", { params: { id }, body });
    await admin.ok("updateRealDates", { params: { id }, body });
    const entries = await entriesAfter(start);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "flight.real_dates",
      actor_email: admin.email,
      target_type: "flight",
      target_id: fixture.flights.pair,
      target_label: `VB100 ${FIXTURE_DATE} (UTC)`,
    });
    expect(entries[0]?.details).toEqual({
      // The fixture's VB100 landed at 10:25 UTC (slot 10:00), after 90 minutes in the air.
      actual_departure: { from: "2026-11-20T08:55:00Z", to: "2026-11-20T08:40:00Z" },
      actual_arrival: { from: "2026-11-20T10:25:00Z", to: "2026-11-20T10:12:00Z" },
      real_difference: { from: 25, to: 12 },
    });
  });

  it("finds the entries by flight number", async () => {
    const page = await admin.ok("listAuditLog", { query: { q: "VB104" } });
    expect(page.items.map((e) => e.action).sort()).toEqual(["affectation.update", "match.evaluate_delays"]);
  });
});
