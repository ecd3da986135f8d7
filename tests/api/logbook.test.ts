/**
 * The logbook (seed 002 §3, §7): one row per reference of a season, newest first, with its parts;
 * a part with its lines and the message as e-mailed; references unique per season (not across
 * seasons); the sender's name kept after their account is deleted. Without SMTP_URL the message
 * stays in the outbox and the send says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { sql } from "drizzle-orm";
import { insertSlot } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type GenerateRequest = components["schemas"]["GenerateRequest"];

const NOW = new Date("2026-11-21T15:00:00Z");
const COORDINATOR = "coordinacion@slots-mex.example";

let server: TestServer;
let admin: TestClient & { userId: number; email: string };
let seguimiento: TestClient & { userId: number; email: string };
let w26 = 0;
let s27 = 0;

beforeAll(async () => {
  // No SMTP server: e-mail is kept in the outbox.
  server = await startServer({ now: () => NOW });
  [admin, seguimiento] = await Promise.all([server.signIn("Admin"), server.signIn("Seguimiento")]);
  const seasons = await admin.ok("listSeasons");
  w26 = seasons.find((s) => s.name === "W26")?.id ?? 0;
  s27 = seasons.find((s) => s.name === "S27")?.id ?? 0;
  const [setting] = await admin.ok("listSettings", { query: { names: "coordinator_email" } });
  await admin.ok("modifySetting", { body: { id: setting?.id ?? 0, value: { email: COORDINATOR } } });
});
afterAll(() => server.close());

/** A request of altas (N lines) for Seguimiento. */
const altas = (season: number, reference: number, lines: string[]): GenerateRequest => ({
  airport: "MEX",
  season,
  reference,
  special_information: "favor de confirmar",
  general_information: "",
  action_code: 2,
  cc: [],
  slots: lines.map((request, k) => ({ id: `alta-${k}`, change: null, request })),
  send_request: true,
});
const DEC = (k: number) => `NVB${4000 + k} 05DEC05DEC 0000060 180320 MTY0700 J`;
// 05MAY27 is a Wednesday (S27).
const MAY = (k: number) => `N VB${4100 + k} 05MAY05MAY 0030000 220321 1200CUN J`;

describe("the logbook of a season", () => {
  it("is empty before any request, with reference 1 proposed", async () => {
    expect(await seguimiento.ok("listLogbook", { query: { season_id: w26 } })).toEqual([]);
    expect(await seguimiento.ok("nextAvailableReference", { query: { season: w26 } })).toEqual({ next_reference: 1 });
  });

  it("refuses an unknown season or part in Spanish", async () => {
    for (const [id, input] of [
      ["listLogbook", { query: { season_id: 99999 } }],
      ["nextAvailableReference", { query: { season: 99999 } }],
      ["checkReferenceAvailability", { query: { season: 99999, reference: 1 } }],
    ] as const) {
      const refused = await seguimiento.fail(id, input);
      expect(refused.status, id).toBe(404);
      expect(refused.body.message).toBe("No existe la temporada 99999.");
    }
    const part = await seguimiento.fail("getLogbookPart", { params: { id: 99999 } });
    expect(part.status).toBe(404);
    expect(part.body.message).toBe("No existe la parte 99999 de la bitácora.");
  });

  it("lists one row per reference, newest reference first, each with its parts", async () => {
    const sent3 = await seguimiento.ok("generateRequest", { body: altas(w26, 3, [DEC(1)]) });
    expect(sent3).toMatchObject({ sent: true, mail_status: "kept" });
    await seguimiento.ok("generateRequest", { body: altas(w26, 10, [DEC(2), DEC(3)]) });
    await seguimiento.ok("generateRequest", { body: altas(w26, 7, Array.from({ length: 45 }, (_, k) => DEC(10 + k))) });

    const rows = await seguimiento.ok("listLogbook", { query: { season_id: w26 } });
    expect(rows.map((r) => [r.reference, r.type, r.parts.length])).toEqual([
      [10, 2, 1],
      [7, 2, 2],
      [3, 2, 1],
    ]);
    expect(rows[2]).toEqual({
      id: sent3.logbook_id,
      reference: 3,
      airport: "MEX",
      type: 2,
      parts: [expect.any(Number)],
      request_date: NOW.toISOString(),
      response_date: null,
      commentary: null,
      tracing: null,
      responsible: expect.stringMatching(/^Nombre\d+ Apellido Seguimiento$/),
      delay_code: null,
      is_request_text: true,
      is_response_text: false,
      is_request_pdf: false,
      is_response_pdf: false,
      version: 1,
    });
    const [first, second] = rows[1]?.parts ?? [];
    const part2 = await seguimiento.ok("getLogbookPart", { params: { id: second ?? 0 } });
    expect(part2).toMatchObject({ reference: 7, part: 2, season: { id: w26, name: "W26" }, si: "FAVOR DE CONFIRMAR", gi: "SALUDOS/N. APELLIDO SEGUIMIENTO" });
    expect(part2.lines.map((l) => l.request)).toEqual(Array.from({ length: 5 }, (_, k) => DEC(50 + k)));
    const part1 = await seguimiento.ok("getLogbookPart", { params: { id: first ?? 0 } });
    expect(part1.lines).toHaveLength(40);
    // No team address configured (SCR_CREATOR, MAIL_FROM): no creator line rather than slotdesk@localhost.
    expect(part1.request_text?.split("\n").slice(0, 4)).toEqual(["SCR", "W26", "21NOV", "MEX"]);

    expect(await seguimiento.ok("nextAvailableReference", { query: { season: w26 } })).toEqual({ next_reference: 11 });
    expect(await seguimiento.ok("checkReferenceAvailability", { query: { season: w26, reference: 5 } })).toEqual({
      is_available: true,
      recommended_reference: 11,
    });
  });

  it("saves a request's commentary and tracing, one per call, trimmed; refuses empty or both", async () => {
    const [row] = await seguimiento.ok("listLogbook", { query: { season_id: w26 } });
    const id = row?.id ?? 0;
    expect(await seguimiento.ok("updateLogbookNotes", { params: { id }, body: { commentary: "  Urgente por chárter  " } })).toEqual({
      id,
      commentary: "Urgente por chárter",
      tracing: null,
      version: 2,
    });
    expect(await admin.ok("updateLogbookNotes", { params: { id }, body: { tracing: "Llamar al coordinador" } })).toEqual({
      id,
      commentary: "Urgente por chárter",
      tracing: "Llamar al coordinador",
      version: 3,
    });
    const again = await seguimiento.ok("listLogbook", { query: { season_id: w26 } });
    expect(again.find((r) => r.id === id)).toMatchObject({ commentary: "Urgente por chárter", tracing: "Llamar al coordinador" });
    const part = await seguimiento.ok("getLogbookPart", { params: { id: row?.parts[0] ?? 0 } });
    expect(part).toMatchObject({ request_id: id, commentary: "Urgente por chárter", tracing: "Llamar al coordinador" });

    for (const body of [{}, { commentary: "a", tracing: "b" }, { commentary: "   " }]) {
      expect((await seguimiento.fail("updateLogbookNotes", { params: { id }, body })).status, JSON.stringify(body)).toBe(400);
    }
    const missing = await seguimiento.fail("updateLogbookNotes", { params: { id: 99999 }, body: { tracing: "x" } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("No existe la solicitud 99999 de la bitácora.");
    expect((await seguimiento.ok("listLogbook", { query: { season_id: w26 } })).find((r) => r.id === id)?.commentary).toBe(
      "Urgente por chárter",
    );
  });

  it("deletes a reference with its parts (Admin, Slot), refused while a slot waits in process, and audits it", async () => {
    const db = server.handle.db;
    await seguimiento.ok("generateRequest", { body: altas(w26, 30, [DEC(90)]) });
    const rows = await seguimiento.ok("listLogbook", { query: { season_id: w26 } });
    const thirty = rows.find((r) => r.reference === 30);
    const seven = rows.find((r) => r.reference === 7);
    expect((await seguimiento.fail("deleteLogbookRequest", { params: { id: thirty?.id ?? 0 } })).status).toBe(403);
    const missing = await admin.fail("deleteLogbookRequest", { params: { id: 99999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("No existe la solicitud 99999 de la bitácora.");

    // A line of reference 7 on a slot still in process: deleting would orphan it.
    const slotId = await insertSlot(db, { key: "wip", flightNumber: "VB4050", date: "2026-12-05", time: "07:00", isArrival: true, route: "MTY", status: "WIP" });
    await db.execute(sql`update logbook_lines set slot_id = ${slotId} where part_id = ${seven?.parts[0] ?? 0} and position = 1`);
    const refused = await admin.fail("deleteLogbookRequest", { params: { id: seven?.id ?? 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "La referencia 7 tiene slots en proceso esperando la respuesta del coordinador (VB4050 2026-12-05 07:00); " +
        "no se puede eliminar hasta cargar su respuesta.",
    );

    const before = await admin.ok("listAuditLog", { query: { limit: 1 } });
    const slot = await server.signIn("Slot");
    expect((await slot.call("deleteLogbookRequest", { params: { id: thirty?.id ?? 0 } })).status).toBe(204);
    const after = await seguimiento.ok("listLogbook", { query: { season_id: w26 } });
    expect(after.map((r) => r.reference)).toEqual([10, 7, 3]);
    expect((await seguimiento.fail("getLogbookPart", { params: { id: thirty?.parts[0] ?? 0 } })).status).toBe(404);
    // The reference is free again.
    expect(await seguimiento.ok("checkReferenceAvailability", { query: { season: w26, reference: 30 } })).toMatchObject({ is_available: true });
    const audit = await admin.ok("listAuditLog", { query: { limit: 1 } });
    expect(audit.items[0]?.id).not.toBe(before.items[0]?.id);
    expect(audit.items[0]).toMatchObject({
      action: "request.delete",
      target_type: "request",
      target_id: thirty?.id,
      target_label: "W26 REF 30",
      details: { season: "W26", reference: 30, type: "Alta" },
    });
    await db.execute(sql`update logbook_lines set slot_id = null where slot_id = ${slotId}`);
    await db.execute(sql`delete from slots where id = ${slotId}`);
  });

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    const outbox = await admin.ok("listOutbox", { query: { limit: 100 } });
    const mail = outbox.items.find((m) => m.subject === "SCR MEX W26 REF 3");
    expect(mail).toMatchObject({ purpose: "scr_request", to: [COORDINATOR], cc: [], status: "kept", sent_at: null });
    const lines = mail?.text.split("\n") ?? [];
    expect(lines.slice(0, 6)).toEqual(["SCR", "W26", "21NOV", "MEX", DEC(1), "SI FAVOR DE CONFIRMAR"]);
    expect(lines[6]).toMatch(/^GI SALUDOS\/N\. APELLIDO SEGUIMIENTO$/);
    expect(lines).toHaveLength(7);
  });

  it("takes a reference once per season, and the same number again in another season", async () => {
    const taken = await seguimiento.fail("generateRequest", { body: altas(w26, 3, [DEC(60)]) });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "REFERENCE IN USE", recommended_reference: 11 });
    expect(await seguimiento.ok("checkReferenceAvailability", { query: { season: s27, reference: 3 } })).toEqual({
      is_available: true,
      recommended_reference: 1,
    });
    await seguimiento.ok("generateRequest", { body: altas(s27, 3, [MAY(1)]) });
    const rows = await seguimiento.ok("listLogbook", { query: { season_id: s27 } });
    expect(rows.map((r) => r.reference)).toEqual([3]);
    expect((await seguimiento.ok("listLogbook", { query: { season_id: w26 } })).map((r) => r.reference)).toEqual([10, 7, 3]);
  });

  it("keeps the sender's name on their requests after their account is deleted", async () => {
    const sender = await server.signIn("Slot");
    await sender.ok("generateRequest", { body: altas(w26, 20, [DEC(70)]) });
    const before = (await admin.ok("listLogbook", { query: { season_id: w26 } })).find((r) => r.reference === 20);
    expect(before?.responsible).toMatch(/^Nombre\d+ Apellido Slot$/);
    await admin.ok("deleteUser", { body: { user_id: sender.userId } });
    const after = (await admin.ok("listLogbook", { query: { season_id: w26 } })).find((r) => r.reference === 20);
    expect(after?.responsible).toBe(before?.responsible);
  });
});
