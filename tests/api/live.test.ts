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

  it("announces a season's rule changed by Admin to everyone, and the justification reasons to those who justify", async () => {
    const admin = await server.signIn("Admin");
    const slot = await server.signIn("Slot");
    const reportes = await server.signIn("Reportes");
    const streams = { slot: await streamOf(slot), reportes: await streamOf(reportes) };
    for (const stream of Object.values(streams)) await stream.next((m) => message(m).type === "hello");

    const [season] = await admin.ok("listSeasons", { query: { name: "W26" } });
    if (!season) throw new Error("W26 is seeded");
    await admin.ok("updateSeason", {
      params: { id: season.id },
      body: { name: season.name, start_date: season.start_date, end_date: season.end_date, usage_threshold: 85 },
    });
    for (const stream of Object.values(streams)) {
      const changed = message(await stream.next(isChange("season")));
      expect(changed.ids).toEqual([season.id]);
      expect(changed.actor_id).toBe(admin.userId);
    }

    const created = await admin.ok("createJustificationReason", { body: { code: "ash_cloud", label: "Nube de ceniza", delay_codes: [] } });
    expect(message(await streams.slot.next(isChange("justification_reason"))).ids).toEqual([created.id]);
    // Reportes neither justifies nor reads Monitoreo: the reasons are not its business.
    await server.handle.db.execute(sql`select live_publish('slot', array[2], null, null)`);
    await streams.reportes.next(isChange("slot"));
    expect(kindsOf(streams.reportes)).not.toContain("justification_reason");
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
    // The SSE id is a cursor: the last event's id and the snapshot every event sent was committed by.
    expect(first.lastEventId).toMatch(new RegExp(`^${hello.id ?? 0}/\\d+:\\d+:[\\d,]*$`));
    const lastSeen = first.lastEventId;

    await server.handle.db.execute(sql`select live_publish('flight', array[11, 12], null, null)`);
    const again = await streamOf(slot, { "last-event-id": lastSeen });
    const missed = await again.next(isChange("flight"));
    expect(message(missed).ids).toEqual([11, 12]);
    expect(message(missed).id).toBeGreaterThan(hello.id ?? 0);
    // The cursor moved past it: a reconnection from there gets nothing again.
    await again.idUntil((id) => id.startsWith(`${message(missed).id}/`));
    again.close();
    const caughtUp = await streamOf(slot, { "last-event-id": again.lastEventId });
    await caughtUp.next((m) => message(m).type === "hello");
    expect(kindsOf(caughtUp)).toEqual([]);
    caughtUp.close();

    // An id alone (a tab opened before the cursor had a snapshot) still catches up by id.
    const byId = await streamOf(slot, { "last-event-id": String(hello.id ?? 0) });
    expect(message(await byId.next(isChange("flight"))).ids).toEqual([11, 12]);
    byId.close();

    await server.handle.db.execute(sql`delete from live_events where id <= ${message(missed).id}`);
    await server.handle.db.execute(sql`select live_publish('flight', array[13], null, null)`);
    const late = await streamOf(slot, { "last-event-id": lastSeen });
    await late.next((m) => message(m).type === "reload");
    expect(kindsOf(late)).toEqual([]);
  });

  it("catches up past many changes the user does not receive (another user's drafts) without asking to read everything again", async () => {
    const slot = await server.signIn("Slot");
    const first = await streamOf(slot);
    await first.next((m) => message(m).type === "hello");
    first.close();
    const cursor = first.lastEventId;
    // 600 saves of another person's drafts (more than the catch-up limit), then one flight.
    const someoneElse = slot.userId + 1000;
    await server.handle.db.execute(sql`insert into live_events (kind, ids, txid)
      select 'draft', array[${someoneElse}::int], txid_current() from generate_series(1, 600)`);
    await server.handle.db.execute(sql`select live_publish('flight', array[21], null, null)`);
    const again = await streamOf(slot, { "last-event-id": cursor });
    expect(message(await again.next(isChange("flight"))).ids).toEqual([21]);
    expect(again.messages.map(message).map((m) => m.type)).not.toContain("reload");
    expect(kindsOf(again)).toEqual(["flight"]);
    again.close();
  });

  it("refuses a Last-Event-ID that is not a cursor it wrote, with 400", async () => {
    const slot = await server.signIn("Slot");
    for (const bad of ["tres", "12/9:5:", "12/5:9:11", "12/5:9:8,6", "12/0:0:"]) {
      const refused = await slot.fail("streamLiveEvents", { headers: { accept: "text/event-stream", "last-event-id": bad } });
      expect(refused.status, bad).toBe(400);
    }
  });

  // PGlite runs one transaction at a time, so no transaction can commit after a later one there.
  it.skipIf(!process.env.DATABASE_URL)(
    "sends a change whose transaction committed after later ones, live and to a browser that reconnects meanwhile",
    async () => {
      const slot = await server.signIn("Slot");
      const watching = await streamOf(slot);
      const reconnecting = await streamOf(slot);
      for (const stream of [watching, reconnecting]) await stream.next((m) => message(m).type === "hello");
      let commit = () => undefined as void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let published = () => undefined as void;
      const isPublished = new Promise<void>((resolve) => (published = resolve));
      // A long transaction (an import) takes its event id first, then commits last.
      const long = server.handle.db.transaction(async (tx) => {
        await tx.execute(sql`select live_publish('flight', array[31], null, null)`);
        published();
        await committed;
      });
      await isPublished;
      await server.handle.db.execute(sql`select live_publish('flight', array[32], null, null)`);
      for (const stream of [watching, reconnecting]) await stream.next((m) => isChange("flight")(m) && message(m).ids?.[0] === 32);
      const cursor = await reconnecting.idUntil((id) => id.startsWith(`${message(reconnecting.messages.find(isChange("flight"))!).id}/`));
      reconnecting.close();
      commit();
      await long;
      // Live: it arrives although its id is lower than the one already sent.
      const live = message(await watching.next((m) => isChange("flight")(m) && message(m).ids?.[0] === 31));
      const later = message(watching.messages.find((m) => isChange("flight")(m) && message(m).ids?.[0] === 32)!);
      expect(live.id).toBeLessThan(later.id ?? 0);
      // Reconnecting from the cursor it had: it gets the late one, and not the one it had.
      const back = await streamOf(slot, { "last-event-id": cursor });
      await back.next((m) => isChange("flight")(m) && message(m).ids?.[0] === 31);
      expect(back.messages.filter(isChange("flight")).map((m) => message(m).ids?.[0])).toEqual([31]);
    },
  );
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
