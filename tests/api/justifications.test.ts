/**
 * Justified non-use (issue 27 item 2) through the HTTP interface: the reasons (everyone who sees
 * Monitoreo reads them, only Admin edits them, versioned), a justification of a slot not used and
 * of an operation outside the season's tolerance (with the reason the delay codes propose), the
 * PDF's round trip, every refusal leaving the database as it was, the 409s, and the justified
 * slot counted as used in Histórico.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { queryRows } from "../../src/server/db/sql";
import { rematch } from "../../src/server/matching/rematch";
import { insertFlight, insertSlot } from "../support/turnoverFixtures";
import { type ErrorBody, startServer, type TestClient, type TestResponse, type TestServer } from "./harness";

type Justification = components["schemas"]["Justification"];
type Reason = components["schemas"]["JustificationReason"];
type LiveMessage = components["schemas"]["LiveMessage"];

// W26 is open (it ends 27 Mar 2027); S26 ended on 24 Oct 2026.
const NOW = new Date("2026-11-25T15:00:00Z");
const DAY = "2026-11-20";

let server: TestServer;
let admin: TestClient;
let adminId = 0;
let slotUser: TestClient;
let seguimiento: TestClient;
let reportes: TestClient;
let reasons: Reason[] = [];
const slots: Record<string, number> = {};

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n% aviso de la DGAC\n", "latin1"), Buffer.alloc(3000, 9), Buffer.from("\n%%EOF\n")]);

type FilePart = { name: string; content: Buffer | string };

const asFiles = (file?: FilePart) => (file ? [{ field: "file", name: file.name, content: file.content, type: "application/pdf" }] : []);

/** Every weekly cell of the listed series, each series' table read as its card opens it (issue 35 item 3). */
const weeklyCells = async (seasonId: number, series: readonly { serie: number }[]) =>
  (await Promise.all(series.map((s) => admin.ok("getHistorySeries", { query: { season_id: seasonId, serie: s.serie } })))).flatMap((weeks) =>
    Object.values(weeks.flights).flat(),
  );
const reasonId = (code: string) => reasons.find((r) => r.code === code)?.id ?? 0;

const justify = (client: TestClient, fields: Record<string, string>, file?: FilePart) =>
  client.form("createJustification", { fields, files: asFiles(file) });

const edit = (client: TestClient, id: number, fields: Record<string, string>, file?: FilePart) =>
  client.form("updateJustification", { params: { id }, fields, files: asFiles(file) });

const errorOf = (response: TestResponse) => response.json as ErrorBody;

/** What a refused write must leave as it was. */
async function snapshot() {
  const [row] = await queryRows<{ justifications: number; audit: number; digest: string }>(
    server.handle.db,
    sql`select (select count(*)::int from justifications) as justifications, (select count(*)::int from audit_log) as audit,
               (select coalesce(md5(string_agg(concat_ws('|', id, reason_id, note, version, md5(file_content)), ',' order by id)), '') from justifications) as digest`,
  );
  return row;
}

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  const db = server.handle.db;
  const at = (time: string, minutes = 0) => new Date(Date.parse(`${DAY}T${time}:00Z`) + minutes * 60_000).toISOString();
  // A slot nobody flew; a flight cancelled for weather; an operation 40 minutes late for ATFM;
  // one 5 minutes late; a slot still to come; one of the closed season S26.
  slots.unused = await insertSlot(db, { key: "unused", flightNumber: "VB300", date: DAY, time: "06:00", isArrival: false, route: "VER" });
  slots.cancelled = await insertSlot(db, { key: "cancelled", flightNumber: "VB110", date: DAY, time: "08:00", isArrival: false, route: "OAX" });
  slots.late = await insertSlot(db, { key: "late", flightNumber: "VB104", date: DAY, time: "14:00", isArrival: false, route: "CUN" });
  slots.onTime = await insertSlot(db, { key: "onTime", flightNumber: "VB102", date: DAY, time: "12:00", isArrival: false, route: "GDL" });
  slots.future = await insertSlot(db, { key: "future", flightNumber: "VB300", date: "2026-11-30", time: "06:00", isArrival: false, route: "VER" });
  const [closed] = await queryRows<{ id: number }>(
    db,
    sql`insert into slots (season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
        values ('S26', 7, 'VB500', '2026-10-20', '09:00', true, 'MTY', 2, '320', 180, 'D') returning id`,
  );
  slots.closed = closed?.id ?? 0;
  await insertFlight(db, {
    key: "cancelled",
    flightNumber: "VB110",
    isArrival: false,
    station: "OAX",
    scheduled: at("08:00"),
    status: "C",
    delays: [{ code: "71", minutes: 0 }],
  });
  await insertFlight(db, {
    key: "late",
    flightNumber: "VB104",
    isArrival: false,
    station: "CUN",
    scheduled: at("14:00"),
    actual: at("14:00", 40),
    delays: [{ code: "93", minutes: 10 }, { code: "83", minutes: 30 }],
  });
  await insertFlight(db, { key: "onTime", flightNumber: "VB102", isArrival: false, station: "GDL", scheduled: at("12:00", 5), actual: at("12:00", 5) });
  await rematch(db, [DAY]);
  [admin, slotUser, seguimiento, reportes] = await Promise.all([
    server.signIn("Admin"),
    server.signIn("Slot"),
    server.signIn("Seguimiento"),
    server.signIn("Reportes"),
  ]);
  reasons = await seguimiento.ok("listJustificationReasons");
  adminId = (await admin.ok("getSessionUser")).id;
}, 60_000);
afterAll(() => server.close());

describe("the reasons (listJustificationReasons, createJustificationReason, updateJustificationReason)", () => {
  it("lists the categories coordinators accept, by position, to everyone who sees Monitoreo", async () => {
    expect(reasons.map((r) => r.label)).toEqual([
      "Meteorología",
      "ATC / ATFM",
      "Cierre del aeropuerto",
      "Huelga",
      "Falla técnica en otra estación",
      "Emergencia médica",
      "Seguridad",
      "Orden gubernamental",
    ]);
    expect(reasons[0]).toMatchObject({ code: "weather", delay_codes: ["71", "72", "73", "75", "76", "77"], active: true, version: 1 });
    expect((await reportes.fail("listJustificationReasons")).status).toBe(403);
  });

  it("lets only Admin add and edit them; a stale edit is refused naming who saved first", async () => {
    const body = { code: "volcanic_ash", label: "Ceniza volcánica", delay_codes: ["99"] };
    expect((await slotUser.fail("createJustificationReason", { body })).status).toBe(403);
    const created = await admin.ok("createJustificationReason", { body });
    expect(created).toMatchObject({ code: "volcanic_ash", label: "Ceniza volcánica", delay_codes: ["99"], active: true, position: 9, version: 1 });

    const again = await admin.fail("createJustificationReason", { body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Ya existe un motivo con el código volcanic_ash.");
    const unknown = await admin.fail("createJustificationReason", { body: { code: "other", label: "Otro", delay_codes: ["07"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("El código de demora 07 no existe en el catálogo IATA de Slotdesk.");
    const shared = await admin.fail("createJustificationReason", { body: { code: "other", label: "Otro", delay_codes: ["71"] } });
    expect(shared.body.message).toBe("El código de demora 71 ya propone el motivo «Meteorología»; quítelo de ese motivo primero.");

    const update = { label: "Ceniza volcánica (VAAC)", delay_codes: ["99"], active: false, position: 9 };
    expect((await slotUser.fail("updateJustificationReason", { params: { id: created.id }, body: { ...update, version: 1 } })).status).toBe(403);
    const updated = await admin.ok("updateJustificationReason", { params: { id: created.id }, body: { ...update, version: 1 } });
    expect(updated).toMatchObject({ label: "Ceniza volcánica (VAAC)", active: false, version: 2 });
    const stale = await admin.fail("updateJustificationReason", { params: { id: created.id }, body: { ...update, label: "Ceniza", version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "STALE VERSION", current_version: 2, changed_by: expect.stringMatching(/Apellido Admin$/) });
    expect(stale.body.message).toMatch(/cambió el motivo «Ceniza volcánica \(VAAC\)» (el \d\d\/\d\d\/\d{4} )?a las \d\d:\d\d \(hora de México\)/);

    // Inactive: not offered, but listed for the Admin's list.
    expect((await slotUser.ok("listJustificationReasons")).some((r) => r.code === "volcanic_ash")).toBe(false);
    expect((await admin.ok("listJustificationReasons", { query: { include_inactive: true } })).at(-1)?.code).toBe("volcanic_ash");
    const audit = await admin.ok("listAuditLog", { query: { q: "volcanic_ash" } });
    expect(audit.items.map((e) => e.action)).toEqual(["justification_reason.update", "justification_reason.create"]);
    expect(audit.items[0]?.details).toEqual({ label: { from: "Ceniza volcánica", to: "Ceniza volcánica (VAAC)" }, active: { from: "Sí", to: "No" } });
  });
});

describe("justifying a slot (createJustification, downloadJustificationFile, listJustifications)", () => {
  let unused: Justification;

  it("justifies a slot nobody flew, with a note and a PDF that comes back byte for byte", async () => {
    const response = await justify(
      slotUser,
      { slot_id: String(slots.unused), kind: "not_used", reason_id: String(reasonId("government")), note: "  Cierre por orden de la SICT  " },
      { name: "oficio SICT.pdf", content: PDF },
    );
    expect(response.status).toBe(201);
    unused = response.json as Justification;
    expect(unused).toMatchObject({
      slot_id: slots.unused,
      kind: "not_used",
      reason: { code: "government", label: "Orden gubernamental" },
      note: "Cierre por orden de la SICT",
      proposed_by_code: null,
      file_name: "oficio SICT.pdf",
      created_by_name: expect.stringMatching(/Apellido Slot$/),
      version: 1,
    });

    for (const reader of [seguimiento, admin]) {
      const file = await reader.call("downloadJustificationFile", { params: { id: unused.id } });
      expect(file.status).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.bytes.equals(PDF)).toBe(true);
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="oficio SICT.pdf"; filename*=UTF-8''oficio%20SICT.pdf`);
    }
    expect((await reportes.fail("downloadJustificationFile", { params: { id: unused.id } })).status).toBe(403);

    const listed = await seguimiento.ok("listJustifications", { query: { slot_ids: `${slots.onTime},${slots.unused}` } });
    expect(listed).toEqual([unused]);
    expect((await reportes.fail("listJustifications", { query: { slot_ids: String(slots.unused) } })).status).toBe(403);

    const audit = await admin.ok("listAuditLog", { query: { q: "VB300 S 2026-11-20" } });
    expect(audit.items[0]).toMatchObject({
      action: "justification.create",
      target_type: "slot",
      target_id: slots.unused,
      details: { kind: "Slot no usado", reason: "Orden gubernamental", note: "Cierre por orden de la SICT", file: "oficio SICT.pdf" },
    });
  });

  it("keeps the delay code that proposed the reason the person confirmed (the team's codes, else AIMS's), and tells the open screens", async () => {
    // Seguimiento's open screens learn that the slot changed (Histórico and Monitoreo read again).
    const stream = await server.stream(seguimiento);
    try {
      await stream.next((m) => (m.data as LiveMessage).type === "hello");
      const late = await justify(admin, { slot_id: String(slots.late), kind: "off_tolerance", reason_id: String(reasonId("atc_atfm")) });
      const change = (await stream.next((m) => (m.data as LiveMessage).kind === "slot")).data as LiveMessage;
      expect(change).toMatchObject({ type: "change", kind: "slot", ids: [slots.late], actor_id: adminId });
      // 93 (the airline's) comes first; 83 (ATFM) proposes ATC / ATFM.
      expect(late.json).toMatchObject({ kind: "off_tolerance", reason: { code: "atc_atfm" }, proposed_by_code: "83", file_name: null, note: "" });
    } finally {
      stream.close();
    }
    const cancelled = await justify(admin, { slot_id: String(slots.cancelled), kind: "not_used", reason_id: String(reasonId("strike")) });
    // A reason other than the proposed one (weather, code 71): no proposing code.
    expect(cancelled.json).toMatchObject({ reason: { code: "strike" }, proposed_by_code: null });
  });

  it("counts the justified slots as used in Histórico, in the weekly cell too", async () => {
    const [w26] = await queryRows<{ id: number }>(server.handle.db, sql`select id from seasons where name = 'W26'`);
    const series = await admin.ok("listHistory", { query: { season_id: w26?.id ?? 0, airport: "MEX" } });
    const cells = await weeklyCells(w26?.id ?? 0, series);
    const statusOf = (slotId: number | undefined) => cells.find((c) => c.slot_id === slotId)?.status;
    expect(statusOf(slots.unused)).toBe("justified");
    expect(statusOf(slots.cancelled)).toBe("justified");
    expect(statusOf(slots.late)).toBe("justified");
    const [one] = series;
    // Serie 1 holds every W26 slot of this file: the four past ones are used, none chargeable.
    expect(one?.counts).toMatchObject({ allocated: 4, operated: 4, chargeable: 0 });
  });

  it("refuses bad input with a Spanish message and writes nothing", async () => {
    // With the reason Admin added and deactivated above.
    reasons = await admin.ok("listJustificationReasons", { query: { include_inactive: true } });
    const before = await snapshot();
    const cases: Array<[Record<string, string>, FilePart | undefined, number, string]> = [
      [{ slot_id: String(slots.onTime), kind: "off_tolerance" }, undefined, 400, "Elija el motivo de la justificación."],
      [{ slot_id: String(slots.onTime), kind: "off_tolerance", reason_id: "9999" }, undefined, 400, "No existe el motivo de justificación 9999."],
      [
        { slot_id: String(slots.onTime), kind: "off_tolerance", reason_id: String(reasonId("volcanic_ash")) },
        undefined,
        400,
        "El motivo «Ceniza volcánica (VAAC)» ya no se ofrece; elija otro.",
      ],
      [{ slot_id: "987654", kind: "not_used", reason_id: String(reasonId("weather")) }, undefined, 404, "No existe el slot 987654."],
      [
        { slot_id: String(slots.late), kind: "not_used", reason_id: String(reasonId("weather")) },
        undefined,
        400,
        "El slot VB104 (salida del 20/11/2026 a las 14:00 UTC) fue operado: no se justifica como no usado, sino como operación fuera de tolerancia.",
      ],
      [
        { slot_id: String(slots.onTime), kind: "not_used", reason_id: String(reasonId("weather")) },
        undefined,
        400,
        "El slot VB102 (salida del 20/11/2026 a las 12:00 UTC) fue operado dentro de la tolerancia de ±15 min (+5 min): no necesita justificación.",
      ],

      [
        { slot_id: String(slots.onTime), kind: "off_tolerance", reason_id: String(reasonId("weather")) },
        undefined,
        400,
        "El slot VB102 (salida del 20/11/2026 a las 12:00 UTC) se operó dentro de la tolerancia de ±15 min (+5 min): no necesita justificación.",
      ],
      [
        { slot_id: String(slots.future), kind: "not_used", reason_id: String(reasonId("weather")) },
        undefined,
        400,
        "El slot VB300 (salida del 30/11/2026 a las 06:00 UTC) aún no llega: solo se justifica un slot cuya hora ya pasó.",
      ],
      [
        { slot_id: String(slots.closed), kind: "not_used", reason_id: String(reasonId("weather")) },
        undefined,
        400,
        "La temporada S26 ya cerró (terminó el 24/10/2026): sus slots ya no se justifican ni se cambian sus justificaciones.",
      ],
      [
        { slot_id: String(slots.onTime), kind: "off_tolerance", reason_id: String(reasonId("weather")) },
        { name: "aviso.pdf", content: "no soy un PDF" },
        400,
        "El archivo «aviso.pdf» no es un PDF: su contenido no empieza con %PDF-.",
      ],
      [
        { slot_id: String(slots.onTime), kind: "off_tolerance", reason_id: String(reasonId("weather")) },
        { name: "enorme.pdf", content: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(5 * 1024 * 1024)]) },
        413,
        "El archivo supera el límite de 5 MB.",
      ],
    ];
    for (const [fields, file, status, message] of cases) {
      const response = await justify(admin, fields, file);
      expect([response.status, errorOf(response).message]).toEqual([status, message]);
    }
    // A second justification of the same slot names who justified it.
    const twice = await justify(admin, { slot_id: String(slots.unused), kind: "not_used", reason_id: String(reasonId("weather")) });
    expect(twice.status).toBe(409);
    expect(errorOf(twice).code).toBe("ALREADY JUSTIFIED");
    expect(errorOf(twice).message).toMatch(
      /^Nombre\d+ Apellido Slot ya justificó el slot VB300 \(salida del 20\/11\/2026 a las 06:00 UTC\) a las \d\d:\d\d \(hora de México\)\./,
    );
    // Seguimiento and Reportes may not justify.
    for (const client of [seguimiento, reportes]) {
      const refused = await justify(client, { slot_id: String(slots.onTime), kind: "off_tolerance", reason_id: String(reasonId("weather")) });
      expect(refused.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("reads the tolerance of the slot's season", async () => {
    await server.handle.db.execute(sql`update seasons set tolerance_minutes = 45 where name = 'W26'`);
    try {
      const [row] = await queryRows<{ id: number }>(server.handle.db, sql`select id from justifications where slot_id = ${slots.late}`);
      await admin.ok("deleteJustification", { params: { id: row?.id ?? 0 } });
      const within = await justify(admin, { slot_id: String(slots.late), kind: "off_tolerance", reason_id: String(reasonId("atc_atfm")) });
      expect(within.status).toBe(400);
      expect(errorOf(within).message).toContain("dentro de la tolerancia de ±45 min (+40 min)");
    } finally {
      await server.handle.db.execute(sql`update seasons set tolerance_minutes = 15 where name = 'W26'`);
    }
  });
});

describe("editing and withdrawing a justification (updateJustification, deleteJustification)", () => {
  it("changes the reason, the note and the PDF from the version read; a stale save changes nothing", async () => {
    const [current] = await slotUser.ok("listJustifications", { query: { slot_ids: String(slots.unused) } });
    if (!current) throw new Error("no justification");
    // Shaped like a scan forwarded by mail: a BOM and a line end before the PDF's header.
    const newPdf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0x0d, 0x0a]), PDF, Buffer.from("segunda versión")]);
    const saved = await edit(slotUser, current.id, { reason_id: String(reasonId("airport_closure")), note: "NOTAM A1234/26", version: "1" }, { name: "notam.pdf", content: newPdf });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ reason: { code: "airport_closure" }, note: "NOTAM A1234/26", file_name: "notam.pdf", version: 2 });
    expect((await seguimiento.call("downloadJustificationFile", { params: { id: current.id } })).bytes.equals(newPdf)).toBe(true);

    const before = await snapshot();
    const stale = await edit(admin, current.id, { reason_id: String(reasonId("weather")), note: "otra cosa", version: "1" });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: "STALE VERSION", current_version: 2 });
    expect(errorOf(stale).message).toMatch(/Apellido Slot cambió la justificación de este slot (el \d\d\/\d\d\/\d{4} )?a las \d\d:\d\d \(hora de México\)/);
    expect(await snapshot()).toEqual(before);
    expect((await edit(seguimiento, current.id, { reason_id: String(reasonId("weather")), version: "2" })).status).toBe(403);

    // Saved unchanged: the same version. Then the PDF removed.
    const same = await edit(slotUser, current.id, { reason_id: String(reasonId("airport_closure")), note: "NOTAM A1234/26", version: "2" });
    expect(same.json).toMatchObject({ version: 2 });
    const removed = await edit(slotUser, current.id, { reason_id: String(reasonId("airport_closure")), version: "2", remove_file: "true" });
    expect(removed.json).toMatchObject({ file_name: null, note: "NOTAM A1234/26", version: 3 });
    expect((await seguimiento.fail("downloadJustificationFile", { params: { id: current.id } })).status).toBe(404);
  });

  it("withdraws it from the version read: the slot counts as not used again", async () => {
    const [current] = await admin.ok("listJustifications", { query: { slot_ids: String(slots.unused) } });
    if (!current) throw new Error("no justification");
    expect((await seguimiento.fail("deleteJustification", { params: { id: current.id }, headers: { "if-match": String(current.version) } })).status).toBe(403);
    const stale = await admin.fail("deleteJustification", { params: { id: current.id }, headers: { "if-match": "1" } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("STALE VERSION");
    const deleted = await admin.call("deleteJustification", { params: { id: current.id }, headers: { "if-match": `"${current.version}"` } });
    expect(deleted.status).toBe(204);
    expect(await admin.ok("listJustifications", { query: { slot_ids: String(slots.unused) } })).toEqual([]);
    const gone = await edit(admin, current.id, { reason_id: String(reasonId("weather")), version: String(current.version) });
    expect(gone.status).toBe(404);

    const [w26] = await queryRows<{ id: number }>(server.handle.db, sql`select id from seasons where name = 'W26'`);
    const series = await admin.ok("listHistory", { query: { season_id: w26?.id ?? 0, airport: "MEX" } });
    const cell = (await weeklyCells(w26?.id ?? 0, series)).find((c) => c.slot_id === slots.unused);
    expect(cell?.status).toBe("cancellation");
  });
});
