/**
 * Live updates and who is here (issue 25 items 2 and 3): the event stream behind the session, the
 * role filter, a write reaching the streams, `Last-Event-ID` catch-up, and presence.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { type Fixture, FIXTURE_NOW, loadTurnoverFixture } from "../support/turnoverFixtures";
import { type EventStreamReader, startServer, type StreamMessage, type TestServer } from "./harness";

type LiveMessage = components["schemas"]["LiveMessage"];

let server: TestServer;
let fixture: Fixture;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await server?.close();
});

const message = (m: StreamMessage) => m.data as LiveMessage;
const isChange = (kind: string) => (m: StreamMessage) => message(m).type === "change" && message(m).kind === kind;
const kindsOf = (stream: EventStreamReader) =>
  stream.messages.map(message).filter((m) => m.type === "change").map((m) => m.kind);

async function streamOf(client: Parameters<TestServer["stream"]>[0], headers?: Record<string, string>) {
  const stream = await server.stream(client, headers);
  open.push(stream);
  return stream;
}

describe("the event stream", () => {
  it("answers 401 without a session and 406 to a caller that does not ask for a stream", async () => {
    const anonymous = server.client();
    const refused = await anonymous.fail("streamLiveEvents", { headers: { accept: "text/event-stream" } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
    const overSocket = await streamOf(anonymous);
    expect(overSocket.status).toBe(401);

    const slot = await server.signIn("Slot");
    const plain = await slot.fail("streamLiveEvents");
    expect(plain.status).toBe(406);
    expect(plain.body.message).toContain("EventSource");
  });

  it("sends a match changed by another user to every role, with who changed it, and each kind only to those who may read it", async () => {
    const admin = await server.signIn("Admin");
    const slot = await server.signIn("Slot");
    const seguimiento = await server.signIn("Seguimiento");
    const reportes = await server.signIn("Reportes");
    const streams = {
      slot: await streamOf(slot),
      seguimiento: await streamOf(seguimiento),
      reportes: await streamOf(reportes),
    };
    for (const stream of Object.values(streams)) {
      expect(stream.status).toBe(200);
      await stream.next((m) => message(m).type === "hello");
    }

    // Slot's own draft; a Bitácora part changed (as a reference upload would); a match separated by Admin.
    await slot.ok("saveDrafts", { body: { new_slot_data: { season: "W26", form: { flight: "12" }, list: [] } } });
    await server.handle.db.execute(sql`select live_publish('logbook', array[7], null, null)`);
    const id = await fixture.matchOfSlot("onTime");
    await admin.ok("separateMatch", { params: { id } });

    for (const stream of Object.values(streams)) {
      const separated = message(await stream.next((m) => isChange("match")(m) && (message(m).ids ?? []).includes(id)));
      expect(separated.actor_id).toBe(admin.userId);
      expect(separated.first_date).toBe("2026-11-20");
      // Kinds and ids, never the match's data.
      expect(Object.keys(separated).sort()).toEqual(["actor_id", "at", "first_date", "id", "ids", "kind", "last_date", "type"]);
    }
    const slotDraft = message(await streams.slot.next(isChange("draft")));
    expect(slotDraft.ids).toEqual([slot.userId]);
    expect(slotDraft.actor_id).toBe(slot.userId);
    expect(kindsOf(streams.slot)).toContain("logbook");
    // Seguimiento keeps drafts too, but not Slot's; Reportes reads neither drafts nor the Bitácora.
    expect(kindsOf(streams.seguimiento)).toContain("logbook");
    expect(kindsOf(streams.seguimiento)).not.toContain("draft");
    expect(kindsOf(streams.reportes)).not.toContain("draft");
    expect(kindsOf(streams.reportes)).not.toContain("logbook");
    expect(kindsOf(streams.reportes)).toContain("match");
  });

  it("does not announce the turnover's own reads (the row cache's fill)", async () => {
    const slot = await server.signIn("Slot");
    const stream = await streamOf(slot);
    await stream.next((m) => message(m).type === "hello");
    await slot.ok("getTurnover", { body: { start: "2026-11-20", end: "2026-11-21", time_zone: "UTC", airport: "MEX" } });
    await server.handle.db.execute(sql`select live_publish('slot', array[1], null, null)`);
    await stream.next(isChange("slot"));
    expect(kindsOf(stream)).toEqual(["slot"]);
  });

  it("catches a reconnecting browser up from Last-Event-ID, and tells it to reload when those events are gone", async () => {
    const slot = await server.signIn("Slot");
    const first = await streamOf(slot);
    const hello = message(await first.next((m) => message(m).type === "hello"));
    first.close();
    const lastSeen = hello.id ?? 0;

    await server.handle.db.execute(sql`select live_publish('flight', array[11, 12], null, null)`);
    const again = await streamOf(slot, { "last-event-id": String(lastSeen) });
    const missed = await again.next(isChange("flight"));
    expect(message(missed).ids).toEqual([11, 12]);
    expect(Number(missed.id)).toBeGreaterThan(lastSeen);
    // The SSE id of the change is the event's id, what the next reconnection sends back.
    expect(Number(missed.id)).toBe(message(missed).id);
    again.close();

    await server.handle.db.execute(sql`delete from live_events where id <= ${Number(missed.id)}`);
    await server.handle.db.execute(sql`select live_publish('flight', array[13], null, null)`);
    const late = await streamOf(slot, { "last-event-id": String(lastSeen) });
    await late.next((m) => message(m).type === "reload");
    expect(kindsOf(late)).toEqual([]);
  });
});

describe("who is here", () => {
  it("lists the people with a stream open and the match each views, and forgets them when they leave", async () => {
    const admin = await server.signIn("Admin");
    const reportes = await server.signIn("Reportes");
    const adminStream = await streamOf(admin);
    await adminStream.next((m) => message(m).type === "hello");
    const reportesStream = await streamOf(reportes);
    await reportesStream.next((m) => message(m).type === "hello");

    const here = await reportes.ok("listPresence");
    expect(here.map((p) => p.user_id)).toEqual(expect.arrayContaining([admin.userId, reportes.userId]));

    const seen = adminStream.messages.length;
    const id = await fixture.matchOfFlight("equipment");
    await reportes.ok("setViewing", { body: { match_id: id } });
    await adminStream.next((m) => message(m).type === "presence", 5_000, seen);
    const viewing = (await admin.ok("listPresence")).find((p) => p.user_id === reportes.userId);
    expect(viewing?.match_ids).toEqual([id]);
    expect(viewing?.last_name).toBe("Apellido Reportes");

    reportesStream.close();
    await expect.poll(async () => (await admin.ok("listPresence")).map((p) => p.user_id)).not.toContain(reportes.userId);
  });

  it("needs a session for the list and for what a viewer shows; a bad match id is refused", async () => {
    const anonymous = server.client();
    expect((await anonymous.fail("listPresence")).status).toBe(401);
    expect((await anonymous.fail("setViewing", { body: { match_id: 1 } })).status).toBe(401);
    const slot = await server.signIn("Slot");
    expect((await slot.fail("setViewing", { body: { match_id: "uno" } })).status).toBe(400);
    expect((await slot.fail("setViewing", { body: { match_id: 1 }, csrf: false })).status).toBe(403);
  });
});
