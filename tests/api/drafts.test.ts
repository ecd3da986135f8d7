/**
 * The drafts store (seed 000 §3, §4, §7): per user, per season, kept across sign-out; a slot is
 * never in both the modification and the cancellation draft; sections per role; bad input
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slots } from "../../src/server/db/schema";
import { altaDraftItem } from "../support/draftFixtures";
import { startServer, TEST_PASSWORD, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let slot: TestClient & { userId: number; email: string };
// 2026-11-21 15:00 UTC, inside W26 (2026-10-25 .. 2027-03-27).
const NOW = new Date("2026-11-21T15:00:00Z");
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  slot = await server.signIn("Slot");
  const base = { season: "W26", serie: 1, isArrival: true, route: "MTY", aircraftType: "320", seats: 180, serviceType: "J" };
  const rows = await server.services.db
    .insert(slots)
    .values([
      { ...base, flightNumber: "VB1234", date: "2026-12-05", time: "07:00", frequency: 6, status: "D" },
      { ...base, flightNumber: "VB1236", date: "2026-12-06", time: "09:00", frequency: 7, status: "D" },
      // Six hours ahead: too late to modify.
      { ...base, flightNumber: "VB1238", date: "2026-11-21", time: "21:00", frequency: 6, status: "D" },
      { ...base, flightNumber: "VB1240", date: "2026-12-07", time: "10:00", frequency: 1, status: "WIP" },
      { ...base, season: "S26", flightNumber: "VB1242", date: "2026-10-10", time: "10:00", frequency: 6, status: "D" },
    ])
    .returning({ id: slots.id, name: slots.flightNumber });
  for (const row of rows) ids[row.name] = row.id;
});
afterAll(() => server.close());

const id = (name: string) => ids[name] ?? 0;
const NEW_ITEM = altaDraftItem("a1");

describe("drafts", () => {
  it("starts empty, saves each section, and keeps them across sign-out", async () => {
    expect(await slot.ok("getDrafts")).toEqual({
      new_slot_data: { season: null, form: {}, list: [] },
      modification_data: { season: null, ids: [], action: 5, encoded: [] },
      cancellation_data: { season: null, ids: [] },
      version: 1,
    });
    await slot.ok("saveDrafts", { body: { new_slot_data: { season: "W26", form: { flight: "12" }, list: [NEW_ITEM] } } });
    const saved = await slot.ok("saveDrafts", {
      body: { modification_data: { season: "W26", ids: [id("VB1234")], action: 4, encoded: [] } },
    });
    expect(saved.new_slot_data.list).toEqual([NEW_ITEM]);
    expect(saved.modification_data).toEqual({ season: "W26", ids: [id("VB1234")], action: 4, encoded: [] });

    await slot.call("logout");
    const again = server.client();
    await again.ok("login", { body: { email: slot.email, password: TEST_PASSWORD } });
    expect(await again.ok("getDrafts")).toEqual(saved);
    slot = Object.assign(again, { userId: slot.userId, email: slot.email });
  });

  it("keeps each user's drafts apart", async () => {
    const other = await server.signIn("Slot");
    expect((await other.ok("getDrafts")).new_slot_data.list).toEqual([]);
  });

  it("refuses a slot in both the modification and the cancellation draft, changing nothing", async () => {
    const before = await slot.ok("getDrafts");
    const refused = await slot.fail("saveDrafts", { body: { cancellation_data: { season: "W26", ids: [id("VB1234")] } } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Un slot no puede estar a la vez en el borrador de modificaciones y en el de cancelaciones: VB1234 del día 2026-12-05.",
    );
    expect(await slot.ok("getDrafts")).toEqual(before);
    const ok = await slot.ok("saveDrafts", { body: { cancellation_data: { season: "W26", ids: [id("VB1236")] } } });
    expect(ok.cancellation_data.ids).toEqual([id("VB1236")]);
  });

  it("refuses items outside the draft's season, vanished slots, slots in process and late modifications", async () => {
    const before = await slot.ok("getDrafts");
    const outside = await slot.fail("saveDrafts", {
      body: { new_slot_data: { season: "W26", list: [{ ...NEW_ITEM, startDate: "05-04-2027", endDate: "05-04-2027" }] } },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(
      "El borrador está asignado a la temporada W26. Limpie el borrador o envíe la información actual para agregar esta solicitud.",
    );
    expect(outside.body.errors?.[0]?.field).toBe("new_slot_data.list[0].startDate");

    const otherSeason = await slot.fail("saveDrafts", {
      body: { cancellation_data: { season: "W26", ids: [id("VB1236"), id("VB1242")] } },
    });
    expect(otherSeason.body.message).toBe("El borrador está asignado a la temporada W26. El match VB1242 del día 2026-10-10 no puede ser agregado.");

    const vanished = await slot.fail("saveDrafts", { body: { cancellation_data: { season: "W26", ids: [987654] } } });
    expect(vanished.body.message).toBe("El slot 987654 ya no existe: quítelo del borrador.");

    const wip = await slot.fail("saveDrafts", { body: { cancellation_data: { season: "W26", ids: [id("VB1240")] } } });
    expect(wip.body.message).toMatch(/no es válido para selección \(estado WIP\)/);

    const late = await slot.fail("saveDrafts", {
      body: { modification_data: { season: "W26", ids: [id("VB1234"), id("VB1238")], action: 4, encoded: [] } },
    });
    expect(late.body.message).toBe("No se puede modificar el slot VB1238 del día 2026-11-21: ya pasó la fecha límite de 12 horas.");

    const noSeason = await slot.fail("saveDrafts", { body: { new_slot_data: { season: null, list: [NEW_ITEM] } } });
    expect(noSeason.body.message).toBe("El borrador de Altas necesita una temporada.");
    const bad = await slot.fail("saveDrafts", {
      body: { new_slot_data: { season: "W26", list: [{ ...NEW_ITEM, psxCount: 1000, flight: "123456" }] } },
    });
    expect(bad.status).toBe(400);
    expect(await slot.ok("getDrafts")).toEqual(before);
  });

  it("empties one draft and clears its season", async () => {
    const after = await slot.ok("deleteDraft", { query: { type: "new" } });
    expect(after.new_slot_data).toEqual({ season: null, form: {}, list: [] });
    expect(after.cancellation_data.ids).toEqual([id("VB1236")]);
  });

  it("lets Seguimiento keep Altas only, and refuses Reportes everything", async () => {
    const seguimiento = await server.signIn("Seguimiento");
    await seguimiento.ok("saveDrafts", { body: { new_slot_data: { season: "W26", list: [NEW_ITEM] } } });
    const modify = await seguimiento.fail("saveDrafts", {
      body: { modification_data: { season: "W26", ids: [id("VB1234")], action: 5, encoded: [] } },
    });
    expect(modify.status).toBe(403);
    expect(modify.body.message).toBe("Su rol no puede usar el borrador de Modificaciones.");
    expect((await seguimiento.fail("deleteDraft", { query: { type: "cancel" } })).status).toBe(403);
    const reportes = await server.signIn("Reportes");
    expect((await reportes.fail("getDrafts")).status).toBe(403);
  });
});
