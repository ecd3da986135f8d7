/**
 * Encoding drafts and sending SCR requests through the HTTP interface (seed 000 §2.4, §4, §5, §8),
 * with a real SMTP server as the coordinator's mailbox: each encode action on crafted slots and
 * flights matched by the server's own engine; every refusal in Spanish with nothing changed; the
 * reference race; slots in process; the capacity error; the preview; and the whole success path
 * (logbook, WIP slots and their history, the draft emptied, the audit entry, the exact e-mail).
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { flights, matches, slotHistory, slots } from "../../src/server/db/schema";
import { rematch } from "../../src/server/matching/rematch";
import { altaDraftItem } from "../support/draftFixtures";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { countRows } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type GenerateRequest = components["schemas"]["GenerateRequest"];
type EncodeRequest = components["schemas"]["EncodeRequest"];

/** 2026-11-21 15:00 UTC: the message date is 21NOV; the fixture's date is 19 days ahead. */
const NOW = new Date("2026-11-21T15:00:00Z");
/** A Thursday of W26 (frequency 0004000). */
const D = "2026-12-10";
const COORDINATOR = "coordinacion@slots-mex.example";
const OPS = "ops@aerolinea.example";

let smtp: TestSmtpServer;
let server: TestServer;
let admin: TestClient & { userId: number; email: string };
let slot: TestClient & { userId: number; email: string };
let seguimiento: TestClient & { userId: number; email: string };
let seasonId = 0;
const ids: Record<string, number> = {};

type SlotSpec = { key: string; flightNumber: string; time: string; isArrival: boolean; route: string; seats?: number; status?: string };
const SLOTS: SlotSpec[] = [
  // Matched (time pass, 27 min) to VB1502 from MTY: encode action 1 renames it VB1502B.
  { key: "rename", flightNumber: "VB1102", time: "13:10", isArrival: true, route: "CUN" },
  // Another arrival slot of that day already uses VB1502A.
  { key: "taken", flightNumber: "VB1502A", time: "05:00", isArrival: true, route: "MTY" },
  // Leftovers: no flight. VB1300A is taken, so the leftover suffix of VB1300 is B.
  { key: "leftover", flightNumber: "VB1300", time: "09:00", isArrival: true, route: "GDL" },
  { key: "leftoverA", flightNumber: "VB1300A", time: "21:00", isArrival: true, route: "GDL" },
  { key: "suffixed", flightNumber: "VB1400C", time: "11:00", isArrival: false, route: "TIJ" },
  // Matched by number to VB1600, scheduled 16:22 on an A321.
  { key: "itinerary", flightNumber: "VB1600", time: "16:00", isArrival: false, route: "MTY" },
  { key: "copy", flightNumber: "VB1700", time: "18:00", isArrival: true, route: "OAX" },
  { key: "wip", flightNumber: "VB1800", time: "19:00", isArrival: true, route: "HMO", status: "WIP" },
  { key: "cancel", flightNumber: "VB1900", time: "20:00", isArrival: false, route: "VER" },
  { key: "zero", flightNumber: "VB2000", time: "07:00", isArrival: true, route: "MID", seats: 0 },
];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ now: () => NOW, config: { smtpUrl: smtp.url, mailFrom: "Slotdesk <slots@aerolinea.example>" } });
  [admin, slot, seguimiento] = await Promise.all([server.signIn("Admin"), server.signIn("Slot"), server.signIn("Seguimiento")]);
  const db = server.services.db;
  const rows = await db
    .insert(slots)
    .values(
      SLOTS.map((s) => ({
        season: "W26",
        serie: 1,
        flightNumber: s.flightNumber,
        date: D,
        time: s.time,
        isArrival: s.isArrival,
        route: s.route,
        frequency: 4,
        aircraftType: "320",
        seats: s.seats ?? 180,
        status: s.status ?? "D",
      })),
    )
    .returning({ id: slots.id });
  SLOTS.forEach((s, i) => {
    ids[s.key] = rows[i]?.id ?? 0;
  });
  const [other] = await db
    .insert(slots)
    .values({ season: "S26", serie: 2, flightNumber: "VB2100", date: "2026-10-10", time: "10:00", isArrival: true, route: "MTY", frequency: 6, aircraftType: "320", seats: 180, status: "D" })
    .returning({ id: slots.id });
  ids.otherSeason = other?.id ?? 0;
  const flight = (number: string, isArrival: boolean, station: string, at: string, type: string, seats: number) => {
    const movement = new Date(`${D}T${at}:00Z`);
    const other = new Date(movement.getTime() + (isArrival ? -1 : 1) * 90 * 60_000);
    return {
      flightNumber: number,
      date: D,
      isArrival,
      movementDate: D,
      origin: isArrival ? station : "MEX",
      destination: isArrival ? "MEX" : station,
      scheduledDeparture: isArrival ? other : movement,
      scheduledArrival: isArrival ? movement : other,
      aircraftType: type,
      seats,
      status: "D",
    };
  };
  await db.insert(flights).values([flight("VB1502", true, "MTY", "13:37", "320", 180), flight("VB1600", false, "MTY", "16:22", "321", 220)]);
  await rematch(db, [D]);

  const [season] = await slot.ok("listSeasons", { query: { name: "W26" } });
  seasonId = season?.id ?? 0;
  await admin.ok("createContact", { body: { name: "Operaciones", email: OPS, notes: "" } });
  await admin.ok("createContact", { body: { name: "Planeación", email: "planeacion@aerolinea.example", notes: "" } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const id = (key: string) => ids[key] ?? 0;
const line = (letter: string, flight: string, spec: { time: string; isArrival: boolean; route: string }, capacity = "180320") => {
  const hhmm = spec.time.replace(":", "");
  return spec.isArrival
    ? `${letter}${flight} 10DEC10DEC 0004000 ${capacity} ${spec.route}${hhmm} J`
    : `${letter} ${flight} 10DEC10DEC 0004000 ${capacity} ${hhmm}${spec.route} J`;
};
const spec = (key: string) => SLOTS.find((s) => s.key === key) as SlotSpec;
/** The C line of a fixture slot as held now. */
const held = (key: string) => line("C", spec(key).flightNumber, spec(key), spec(key).seats === 0 ? "000320" : "180320");
const copy = (key: string, letter = "R") => line(letter, spec(key).flightNumber, spec(key), spec(key).seats === 0 ? "000320" : "180320");

const encode = (body: Omit<EncodeRequest, "season_id" | "encode_action"> & { season_id?: number; encode_action?: number }, client: TestClient = slot) =>
  client.call("encodeDraft", { body: { season_id: seasonId, ...body } });

/** A modification request of the given rows, reference and options. */
const modification = (rows: GenerateRequest["slots"], reference: number, extra: Partial<GenerateRequest> = {}): GenerateRequest => ({
  airport: "MEX",
  season: seasonId,
  reference,
  special_information: "if not avbl pls offer nearest",
  general_information: "",
  action_code: 4,
  cc: [],
  slots: rows,
  send_request: true,
  request_letter: "R",
  ...extra,
});
const pair = (key: string, request = copy(key)) => ({ id: String(id(key)), change: held(key), request });

/** Everything a send writes, to check that a refusal changed nothing. */
async function snapshot(client: TestClient = slot) {
  const db = server.services.db;
  const count = (table: string) => countRows(db, table);
  return {
    logbook: await count("logbook_requests"),
    parts: await count("logbook_parts"),
    lines: await count("logbook_lines"),
    history: await count("slot_history"),
    outbox: await count("outbox"),
    audit: await count("audit_log"),
    statuses: await db.select({ id: slots.id, status: slots.status }).from(slots).orderBy(asc(slots.id)),
    mails: smtp.received.length,
    drafts: await client.ok("getDrafts"),
  };
}

async function expectRefused(
  body: GenerateRequest,
  status: number,
  message: string | RegExp,
  client: TestClient = slot,
): Promise<components["schemas"]["Error"]> {
  const before = await snapshot(client);
  const refused = await client.fail("generateRequest", { body });
  expect(refused.status).toBe(status);
  if (typeof message === "string") expect(refused.body.message).toBe(message);
  else expect(refused.body.message).toMatch(message);
  expect(await snapshot(client)).toEqual(before);
  return refused.body;
}

describe("the fixture", () => {
  it("has the pairs the encode actions rely on", async () => {
    const pairs = await server.services.db.select({ slot: matches.slotId, flight: matches.flightId }).from(matches);
    const withFlight = pairs.filter((p) => p.flight !== null).map((p) => p.slot);
    expect(withFlight.sort()).toEqual([id("rename"), id("itinerary")].sort());
  });
});

describe("POST /api/turnover/requests/encode/ (encodeDraft)", () => {
  it.each([
    ["1: the matched flight's name with the first free suffix and its route", 1, "rename", "RVB1502B 10DEC10DEC 0004000 180320 MTY1310 J"],
    ["1 on a leftover: a copy (no flight to take the name from)", 1, "leftover", "RVB1300 10DEC10DEC 0004000 180320 GDL0900 J"],
    ["2: a leftover suffix skipping the one another slot uses", 2, "leftover", "RVB1300B 10DEC10DEC 0004000 180320 GDL0900 J"],
    ["2: the first suffix when none is used", 2, "copy", "RVB1700A 10DEC10DEC 0004000 180320 OAX1800 J"],
    ["3: the suffix removed", 3, "suffixed", "R VB1400 10DEC10DEC 0004000 180320 1100TIJ J"],
    ["3 without a suffix: a copy", 3, "copy", "RVB1700 10DEC10DEC 0004000 180320 OAX1800 J"],
    ["4: the flight's time rounded to 5 minutes and its A321 with 220 seats", 4, "itinerary", "R VB1600 10DEC10DEC 0004000 220321 1620MTY J"],
    ["4 on a leftover: a copy", 4, "leftover", "RVB1300 10DEC10DEC 0004000 180320 GDL0900 J"],
    ["5: a copy", 5, "copy", "RVB1700 10DEC10DEC 0004000 180320 OAX1800 J"],
  ])("modificaciones, action %s", async (_name, action, key, request) => {
    const response = await encode({ draft_type: "modify", modification_action_code: 4, items: [id(key)], encode_action: action });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ encoded_slots: [{ id: String(id(key)), change: held(key), request }] });
  });

  it("answers one entry per slot in the order given, with the L letter when asked", async () => {
    const body = await slot.ok("encodeDraft", {
      body: { draft_type: "modify", modification_action_code: 4, season_id: seasonId, items: [id("copy"), id("suffixed")], request_letter: "L" },
    });
    expect(body.encoded_slots).toEqual([
      { id: String(id("copy")), change: held("copy"), request: "LVB1700 10DEC10DEC 0004000 180320 OAX1800 J" },
      { id: String(id("suffixed")), change: held("suffixed"), request: "L VB1400C 10DEC10DEC 0004000 180320 1100TIJ J" },
    ]);
  });

  it("writes D lines for cancelaciones and N lines for altas", async () => {
    const cancel = await slot.ok("encodeDraft", { body: { draft_type: "cancel", modification_action_code: 3, season_id: seasonId, items: [id("cancel")] } });
    expect(cancel.encoded_slots).toEqual([{ id: String(id("cancel")), change: null, request: "D VB1900 10DEC10DEC 0004000 180320 2000VER J" }]);
    const alta = altaDraftItem("alta-1", "1250", { aircraftType: "321", psxCount: 220, isArrival: false });
    const altas = await seguimiento.ok("encodeDraft", { body: { draft_type: "new", modification_action_code: 2, season_id: seasonId, new_slots: [alta] } });
    expect(altas.encoded_slots).toEqual([{ id: "alta-1", change: null, request: "N VB1250 05DEC05DEC 0000060 220321 0700MTY J" }]);
  });

  it("refuses, in Spanish, a draft type and action code that disagree, a role without the draft, an unknown season, vanished slots and another season's slot", async () => {
    const mismatch = await encode({ draft_type: "modify", modification_action_code: 3, items: [id("copy")] });
    expect(mismatch.status).toBe(400);
    expect((mismatch.json as { message: string }).message).toBe(
      "El código de acción 3 (cancelaciones) no corresponde al borrador de modificaciones: use 4.",
    );
    const role = await encode({ draft_type: "modify", modification_action_code: 4, items: [id("copy")] }, seguimiento);
    expect(role.status).toBe(403);
    expect((role.json as { message: string }).message).toBe("Su rol no puede solicitar modificaciones.");
    const season = await encode({ draft_type: "cancel", modification_action_code: 3, season_id: 99999, items: [id("copy")] });
    expect(season.status).toBe(404);
    expect((season.json as { message: string }).message).toBe("No existe la temporada 99999.");
    const vanished = await encode({ draft_type: "cancel", modification_action_code: 3, items: [id("copy"), 987654, 987655] });
    expect(vanished.status).toBe(404);
    expect((vanished.json as { message: string }).message).toBe("Los slots 987654, 987655 del borrador ya no existen: quítelos del borrador.");
    const foreign = await encode({ draft_type: "modify", modification_action_code: 4, items: [id("otherSeason")] });
    expect(foreign.status).toBe(400);
    expect((foreign.json as { message: string }).message).toBe(
      "El borrador es de la temporada W26 y no puede incluir VB2100 del día 2026-10-10.",
    );
  });
});

describe("references before any request", () => {
  it("proposes 1 and finds every reference free", async () => {
    expect(await slot.ok("nextAvailableReference", { query: { season: seasonId } })).toEqual({ next_reference: 1 });
    expect(await slot.ok("checkReferenceAvailability", { query: { season: seasonId, reference: 12 } })).toEqual({
      is_available: true,
      recommended_reference: 1,
    });
  });
});

describe("POST /api/turnover/requests/generate_request/ (generateRequest)", () => {
  const RENAMED = "RVB1502B 10DEC10DEC 0004000 180320 MTY1310 J";
  const EXPECTED_TEXT = [
    "SCR",
    "/slots@aerolinea.example",
    "W26",
    "21NOV",
    "MEX",
    "CVB1102 10DEC10DEC 0004000 180320 CUN1310 J",
    RENAMED,
    "SI IF NOT AVBL PLS OFFER NEAREST",
    "GI SALUDOS/N. APELLIDO SLOT",
  ].join("\n");

  it("refuses to send while the coordinator's address is not set, but previews", async () => {
    // The send view learns it beforehand, with how e-mail leaves (SMTP here).
    expect(await slot.ok("getSendStatus")).toEqual({ coordinator_email: null, mail_delivery: "smtp" });
    const body = modification([pair("rename", RENAMED)], 12);
    await expectRefused(
      body,
      400,
      "No hay un correo del coordinador configurado: un Admin o un usuario Slot debe indicarlo en el botón @ «Correo del coordinador» de la barra superior antes de enviar la solicitud.",
    );
    const before = await snapshot();
    const preview = await slot.ok("generateRequest", { body: { ...body, send_request: false } });
    expect(preview).toEqual({ reference: 12, sent: false, parts: [{ part: 1, text: EXPECTED_TEXT, lines: 2 }], logbook_id: null, mail_status: null });
    expect(await snapshot()).toEqual(before);

    const [setting] = await admin.ok("listSettings", { query: { names: "coordinator_email" } });
    expect(setting?.value).toEqual({ email: null });
    await admin.ok("modifySetting", { body: { id: setting?.id ?? 0, value: { email: COORDINATOR } } });
    expect(await seguimiento.ok("getSendStatus")).toEqual({ coordinator_email: COORDINATOR, mail_delivery: "smtp" });
  });

  it("refuses a bad line with its line number, column and the editor's message, changing nothing", async () => {
    const wrong = RENAMED.replace("1310", "1312");
    const body = await expectRefused(
      modification([pair("rename", wrong)], 12),
      400,
      `Línea 2, columna ${wrong.indexOf("1312") + 1}: El horario de operación debe ser un múltiplo de 5`,
    );
    expect(body.errors).toEqual([
      { field: "slots[0].request", line: 2, column: wrong.indexOf("1312") + 1, message: "El horario de operación debe ser un múltiplo de 5" },
    ]);
  });

  it("refuses lines out of order: a C line without its R line, a C line in altas, a D line in modificaciones", async () => {
    await expectRefused(
      modification([{ id: String(id("rename")), change: held("rename"), request: null }], 12),
      400,
      "Línea 1: La línea C 1 debe ir seguida de su línea R.",
    );
    await expectRefused(
      modification([{ id: "alta", change: held("copy"), request: "NVB1250 05DEC05DEC 0000060 180320 MTY0700 J" }], 12, { action_code: 2 }),
      400,
      "Línea 1: Una solicitud de altas solo lleva líneas N: la línea 1 es una línea de cambio (C).",
    );
    await expectRefused(
      modification([{ id: String(id("copy")), change: held("copy"), request: copy("copy", "D") }], 12),
      400,
      "Línea 2, columna 1: Este campo debe comenzar con la letra 'R'",
    );
  });

  it("refuses another airport, an unknown season, a vanished slot and an empty S.I.", async () => {
    await expectRefused(modification([pair("copy")], 12, { airport: "GDL" }), 400, "Las solicitudes solo se envían para el aeropuerto MEX, no para GDL.");
    await expectRefused(modification([pair("copy")], 12, { season: 99999 }), 404, "No existe la temporada 99999.");
    await expectRefused(
      modification([{ ...pair("copy"), id: "987654" }], 12),
      404,
      "El slot 987654 del borrador ya no existe: quítelo del borrador.",
    );
    await expectRefused(modification([pair("copy")], 12, { special_information: "  \n " }), 400, "La información especial (S.I.) no puede estar vacía.");
  });

  it("refuses a line without aircraft capacity with its code", async () => {
    const body = await expectRefused(
      modification([pair("zero")], 12),
      400,
      "No se puede enviar la solicitud, hay líneas sin capacidad de aeronave.",
    );
    expect(body.code).toBe("Could not get aircraft capacity from line");
    expect(body.errors?.map((e) => e.line)).toEqual([1, 2]);
  });

  it("refuses a slot already in process with the slots, even in a preview", async () => {
    const body = await expectRefused(modification([pair("wip")], 12, { send_request: false }), 409, /^No se puede enviar la solicitud, hay slots en proceso\./);
    expect(body.code).toBe("SLOTS IN PROCESS");
    expect(body.slots).toEqual([{ id: id("wip"), name: "VB1800", date: D, time: "19:00" }]);
  });

  it("refuses a cc address that is not a contact's, naming it", async () => {
    const body = await expectRefused(
      modification([pair("rename", RENAMED)], 12, { cc: [OPS, "desconocido@otro.example"] }),
      400,
      "El correo desconocido@otro.example no está en el directorio de contactos.",
    );
    expect(body.errors).toEqual([{ field: "cc[1]", message: "El correo desconocido@otro.example no está en el directorio de contactos." }]);
  });

  it("refuses modificaciones and cancelaciones to Seguimiento", async () => {
    await expectRefused(modification([pair("copy")], 12), 403, "Su rol no puede solicitar modificaciones.", seguimiento);
    await expectRefused(
      modification([{ id: String(id("cancel")), change: null, request: copy("cancel", "D") }], 12, { action_code: 3, delay_code: "93" }),
      403,
      "Su rol no puede solicitar cancelaciones.",
      seguimiento,
    );
  });

  it("asks cancelaciones for a delay code from the catalogue", async () => {
    const rows = [{ id: String(id("cancel")), change: null, request: copy("cancel", "D") }];
    await expectRefused(modification(rows, 12, { action_code: 3 }), 400, "Elija el código de demora que explica la cancelación.");
    await expectRefused(modification(rows, 12, { action_code: 3, delay_code: "ZZ" }), 400, "El código de demora ZZ no existe en el catálogo.");
  });

  it("sends: logbook record, WIP slot with its history, draft emptied, audit entry, and the exact e-mail with cc", async () => {
    const alta = altaDraftItem("alta-9");
    await slot.ok("saveDrafts", {
      body: {
        new_slot_data: { season: "W26", list: [alta] },
        modification_data: {
          season: "W26",
          ids: [id("rename")],
          action: 1,
          encoded: [{ id: String(id("rename")), linked: true, data: { actual: { line: held("rename"), ghost: false }, request: { line: RENAMED, ghost: false } } }],
        },
      },
    });

    const turnoverRow = async () => (await slot.ok("getTurnover", { body: { start: D, end: D, time_zone: "UTC" } })).find((row) => row.slot_id === id("rename"));
    expect(await turnoverRow()).toMatchObject({ slot_status: "D", general_status: "AH" });

    const result = await slot.ok("generateRequest", { body: modification([pair("rename", RENAMED)], 12, { cc: ["OPS@Aerolinea.example"] }) });
    expect(result).toMatchObject({ reference: 12, sent: true, parts: [{ part: 1, text: EXPECTED_TEXT, lines: 2 }], mail_status: "sent" });

    const mail = await smtp.waitFor((m) => m.subject === "SCR MEX W26 REF 12");
    expect(mail.text).toBe(EXPECTED_TEXT);
    expect(mail.to.sort()).toEqual([COORDINATOR, OPS].sort());
    expect(mail.headers.to).toBe(COORDINATOR);
    expect(mail.headers.cc).toBe(OPS);
    expect(mail.headers.from).toContain("slots@aerolinea.example");

    const [row, ...others] = await slot.ok("listLogbook", { query: { season_id: seasonId } });
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      id: result.logbook_id,
      reference: 12,
      type: 4,
      request_date: NOW.toISOString(),
      response_date: null,
      responsible: expect.stringMatching(/^Nombre\d+ Apellido Slot$/),
      delay_code: null,
      is_request_text: true,
      is_response_text: false,
    });
    const part = await slot.ok("getLogbookPart", { params: { id: row?.parts[0] ?? 0 } });
    expect(part).toMatchObject({ reference: 12, part: 1, airport: "MEX", type: 4, si: "IF NOT AVBL PLS OFFER NEAREST", gi: "SALUDOS/N. APELLIDO SLOT", request_text: EXPECTED_TEXT });
    expect(part.season.name).toBe("W26");
    expect(part.lines).toEqual([{ id: expect.any(Number), slot_id: id("rename"), actual: held("rename"), request: RENAMED, response: null, offers: [], offers_deadline: null, offer_answer: null, offer_answer_request_id: null }]);

    const db = server.services.db;
    const [stored] = await db.select({ status: slots.status }).from(slots).where(eq(slots.id, id("rename")));
    expect(stored?.status).toBe("WIP");
    // Entrega de turno shows the match in process.
    expect(await turnoverRow()).toMatchObject({ slot_status: "WIP", general_status: "S" });
    const history = await db.select().from(slotHistory).where(eq(slotHistory.slotId, id("rename")));
    expect(history).toMatchObject([{ reference: 12, part: 1, requestType: "Modificación", actualLine: held("rename"), requestLine: RENAMED, response: null }]);

    const drafts = await slot.ok("getDrafts");
    expect(drafts.modification_data).toEqual({ season: null, ids: [], action: 5, encoded: [] });
    expect(drafts.new_slot_data.list).toEqual([alta]);

    const audit = await admin.ok("listAuditLog", { query: { q: "REF 12" } });
    expect(audit.items[0]).toMatchObject({ action: "request.send", target_type: "request", target_id: result.logbook_id, target_label: "W26 REF 12", actor_email: slot.email });

    expect(await slot.ok("nextAvailableReference", { query: { season: seasonId } })).toEqual({ next_reference: 13 });
    expect(await slot.ok("checkReferenceAvailability", { query: { season: seasonId, reference: 12 } })).toEqual({
      is_available: false,
      recommended_reference: 13,
    });
  });

  it("refuses a reference already in the logbook with the next one", async () => {
    const body = await expectRefused(
      modification([pair("copy")], 12),
      409,
      "La referencia ingresada ha sido previamente ingresada en los registros. Por favor elija una referencia distinta.",
    );
    expect(body).toMatchObject({ code: "REFERENCE IN USE", recommended_reference: 13 });
  });

  it("refuses the same slot again under another reference: it is in process", async () => {
    const body = await expectRefused(modification([pair("rename", RENAMED)], 13), 409, /^No se puede enviar la solicitud, hay slots en proceso\./);
    expect(body).toMatchObject({ code: "SLOTS IN PROCESS", slots: [{ id: id("rename"), name: "VB1102", date: D, time: "13:10" }] });
  });

  it("lets exactly one of two simultaneous sends with one reference through", async () => {
    const before = await countRows(server.services.db, "logbook_requests");
    const cancel = modification([{ id: String(id("cancel")), change: null, request: copy("cancel", "D") }], 20, { action_code: 3, delay_code: "93" });
    const modify = modification([pair("copy")], 20);
    const [first, second] = await Promise.all([
      slot.call("generateRequest", { body: cancel }),
      admin.call("generateRequest", { body: modify }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = (first.status === 409 ? first : second).json as components["schemas"]["Error"];
    expect(loser).toMatchObject({ code: "REFERENCE IN USE", recommended_reference: 21 });
    expect(await countRows(server.services.db, "logbook_requests")).toBe(before + 1);
    // The loser's slot is untouched; the winner's is in process.
    const statuses = await server.services.db.select({ id: slots.id, status: slots.status }).from(slots);
    const status = (key: string) => statuses.find((s) => s.id === id(key))?.status;
    const cancelWon = first.status === 200;
    expect(status("cancel")).toBe(cancelWon ? "WIP" : "D");
    expect(status("copy")).toBe(cancelWon ? "D" : "WIP");
  });

  it("sends a long request of altas in parts of at most 40 lines (Seguimiento may request altas)", async () => {
    const items = Array.from({ length: 41 }, (_, k) => ({
      id: `a${k}`,
      change: null,
      request: `NVB${String(3000 + k)} 05DEC05DEC 0000060 180320 MTY0700 J`,
    }));
    const result = await seguimiento.ok("generateRequest", {
      body: modification(items, 30, { action_code: 2, general_information: "saludos cordiales\nequipo slots" }),
    });
    expect(result.parts.map((p) => [p.part, p.lines])).toEqual([
      [1, 40],
      [2, 1],
    ]);
    const first = await smtp.waitFor((m) => m.subject === "SCR MEX W26 REF 30 PARTE 1/2");
    const second = await smtp.waitFor((m) => m.subject === "SCR MEX W26 REF 30 PARTE 2/2");
    expect(first.text).toBe(result.parts[0]?.text);
    expect(second.text).toBe(
      ["SCR", "/slots@aerolinea.example", "W26", "21NOV", "MEX", "NVB3040 05DEC05DEC 0000060 180320 MTY0700 J", "SI IF NOT AVBL PLS OFFER NEAREST", "GI SALUDOS CORDIALES", "GI EQUIPO SLOTS"].join("\n"),
    );
    const rows = await seguimiento.ok("listLogbook", { query: { season_id: seasonId } });
    const row = rows.find((r) => r.reference === 30);
    expect(row).toMatchObject({ type: 2, is_request_text: true });
    expect(row?.parts).toHaveLength(2);
    const lastPart = await seguimiento.ok("getLogbookPart", { params: { id: row?.parts[1] ?? 0 } });
    expect(lastPart.lines).toEqual([{ id: expect.any(Number), slot_id: null, actual: null, request: "NVB3040 05DEC05DEC 0000060 180320 MTY0700 J", response: null, offers: [], offers_deadline: null, offer_answer: null, offer_answer_request_id: null }]);
  });

  it("refuses an alta dated before today in Mexico City, or outside the season; today is accepted", async () => {
    const alta = (request: string) => modification([{ id: "alta-past", change: null, request }], 31, { action_code: 2 });
    // Now is 21NOV 09:00 in Mexico City: 20NOV is yesterday.
    const past = await expectRefused(
      alta("NVB3200 20NOV20NOV 0000500 180320 MTY0700 J"),
      400,
      "La fecha 20NOV de la línea 1 es anterior a hoy (21/11/2026, hora de Ciudad de México): las altas se solicitan a partir de hoy.",
      seguimiento,
    );
    expect(past.errors).toEqual([expect.objectContaining({ field: "slots", line: 1 })]);
    // The season's first day, where an undated alta used to land.
    await expectRefused(alta("NVB3200 25OCT25OCT 0000007 180320 MTY0700 J"), 400, /25OCT.*anterior a hoy/, seguimiento);
    await expectRefused(
      modification(
        [
          { id: "alta-a", change: null, request: "NVB3200 20NOV20NOV 0000500 180320 MTY0700 J" },
          { id: "alta-b", change: null, request: "NVB3201 19NOV19NOV 0004000 180320 MTY0700 J" },
        ],
        31,
        { action_code: 2 },
      ),
      400,
      "No se puede enviar la solicitud, hay altas con fecha anterior a hoy.",
      seguimiento,
    );
    // After the season's last day (27MAR 2027).
    await expectRefused(alta("NVB3200 10APR10APR 0000060 180320 MTY0700 J"), 400, /temporada W26/, seguimiento);
    // Today is fine (a preview writes nothing).
    const today = await seguimiento.ok("generateRequest", {
      body: { ...alta("NVB3200 21NOV21NOV 0000060 180320 MTY0700 J"), send_request: false },
    });
    expect(today.parts).toHaveLength(1);
  });

  it("clears from the draft only what was sent: unsent slots (with or without lines) and unsent altas stay", async () => {
    const entry = (key: string) => ({
      id: String(id(key)),
      linked: true,
      data: { actual: { line: held(key), ghost: false }, request: { line: copy(key), ghost: false } },
    });
    // 'taken' and 'suffixed' have lines in the editor; 'itinerary' is in the draft without any.
    await admin.ok("saveDrafts", {
      body: {
        new_slot_data: { season: "W26", list: [altaDraftItem("alta-sent", "3100"), altaDraftItem("alta-kept", "3101")] },
        modification_data: {
          season: "W26",
          ids: [id("taken"), id("suffixed"), id("itinerary")],
          action: 2,
          encoded: [entry("taken"), entry("suffixed")],
        },
        cancellation_data: { season: "W26", ids: [id("leftoverA")] },
      },
    });

    await admin.ok("generateRequest", { body: modification([pair("taken")], 60) });
    const afterModify = await admin.ok("getDrafts");
    expect(afterModify.modification_data).toEqual({
      season: "W26",
      ids: [id("suffixed"), id("itinerary")],
      action: 2,
      encoded: [entry("suffixed")],
    });
    expect(afterModify.cancellation_data).toEqual({ season: "W26", ids: [id("leftoverA")] });
    expect(afterModify.new_slot_data.list.map((item) => item.id)).toEqual(["alta-sent", "alta-kept"]);

    await admin.ok("generateRequest", {
      body: modification([{ id: "alta-sent", change: null, request: "NVB3100 05DEC05DEC 0000060 180320 MTY0700 J" }], 61, {
        action_code: 2,
      }),
    });
    const afterAltas = await admin.ok("getDrafts");
    expect(afterAltas.new_slot_data).toMatchObject({ season: "W26", list: [altaDraftItem("alta-kept", "3101")] });
    expect(afterAltas.modification_data.ids).toEqual([id("suffixed"), id("itinerary")]);

    // Sending what is left empties the draft, which then loses its season and action.
    await admin.ok("generateRequest", { body: modification([pair("suffixed"), pair("itinerary")], 62) });
    expect((await admin.ok("getDrafts")).modification_data).toEqual({ season: null, ids: [], action: 5, encoded: [] });
  });

  it("sends the retime of a daily series, slot by slot in the draft, as one C and one R line per period in one e-mail (issue 36 item 4)", async () => {
    // VB3300 from GDL at 09:00 every day of W26 from 01DEC to 27MAR, but 24DEC (a date not held).
    const db = server.services.db;
    const dates: string[] = [];
    for (let t = Date.parse("2026-12-01T00:00:00Z"); t <= Date.parse("2027-03-27T00:00:00Z"); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (date !== "2026-12-24") dates.push(date);
    }
    const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const inserted = await db
      .insert(slots)
      .values(
        dates.map((date) => ({
          season: "W26",
          serie: 33,
          flightNumber: "VB3300",
          date,
          time: "09:00",
          isArrival: true,
          route: "GDL",
          frequency: weekday(date),
          aircraftType: "320",
          seats: 180,
          status: "K",
        })),
      )
      .returning({ id: slots.id, date: slots.date });
    const scrDate = (date: string) =>
      `${date.slice(8, 10)}${["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][Number(date.slice(5, 7)) - 1]}`;
    const days = (date: string) => "0000000".split("").map((_, i) => (i + 1 === weekday(date) ? String(i + 1) : "0")).join("");
    const rows = inserted.map(({ id: slotId, date }) => ({
      id: String(slotId),
      change: `CVB3300 ${scrDate(date)}${scrDate(date)} ${days(date)} 180320 GDL0900 J`,
      request: `RVB3300 ${scrDate(date)}${scrDate(date)} ${days(date)} 180320 GDL0930 J`,
    }));
    expect(rows).toHaveLength(116);

    const preview = await slot.ok("generateRequest", { body: modification(rows, 70, { send_request: false }) });
    const expected = [
      "CVB3300 01DEC23DEC 1234567 180320 GDL0900 J",
      "RVB3300 01DEC23DEC 1234567 180320 GDL0930 J",
      "CVB3300 25DEC27MAR 1234567 180320 GDL0900 J",
      "RVB3300 25DEC27MAR 1234567 180320 GDL0930 J",
    ];
    expect(preview.parts).toHaveLength(1);
    expect(preview.parts[0]?.lines).toBe(4);
    expect(preview.parts[0]?.text.split("\n").slice(5, 9)).toEqual(expected);

    const sent = await slot.ok("generateRequest", { body: modification(rows, 70) });
    expect(sent.parts).toHaveLength(1);
    const mail = await smtp.waitFor((m) => m.subject === "SCR MEX W26 REF 70");
    expect(mail.text.split("\n").slice(5, 9)).toEqual(expected);
    // Every slot of the series is in process, each with the period line it went out on.
    const stored = await db.select({ id: slots.id, status: slots.status }).from(slots).where(eq(slots.serie, 33));
    expect(stored.every((row) => row.status === "WIP")).toBe(true);
    const firstId = inserted[0]?.id ?? 0;
    const history = await db.select().from(slotHistory).where(eq(slotHistory.slotId, firstId));
    expect(history).toMatchObject([{ reference: 70, actualLine: expected[0], requestLine: expected[1] }]);
    expect(await countRows(db, "slot_history")).toBeGreaterThanOrEqual(116);
  });

  it("rolls everything back when the SMTP server refuses the message", async () => {
    await smtp.close();
    const body = await expectRefused(modification([pair("leftover")], 40), 502, /^No se pudo enviar el correo a coordinacion@slots-mex\.example/);
    expect(body.code).toBeUndefined();
  });
});
