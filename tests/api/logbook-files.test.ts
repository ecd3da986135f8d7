/**
 * The Bitácora's files, requests by hand and offers (issue 12 items 2, 3, 6; seed 002 §3, §5, §7,
 * §9): upload, download and delete of the request txt and the two PDFs, checked by content (a
 * .pdf that is not a PDF, a binary .txt, a file over 10 MB or of 50 MB are refused and nothing is
 * written); UTF-8 and Latin-1 text read alike; a request recorded by hand from its txt, its C and D
 * lines finding their slots; the coordinator's open offers and their answer sent as an SCR.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { queryRows } from "../../src/server/db/sql";
import { insertSlot } from "../support/turnoverFixtures";
import { assertMatchesContract, contract } from "./contract";
import { type ErrorBody, startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-25T15:00:00Z");
const COORDINATOR = "coordinacion@slots-mex.example";

let server: TestServer;
let admin: TestClient & { userId: number };
let slot: TestClient & { userId: number };
let seguimiento: TestClient & { userId: number };
let reportes: TestClient;
let w26 = 0;
let heldSlot = 0;

type FilePart = { field: string; name: string; content: Buffer | string; type?: string };

async function multipart(client: TestClient, operationId: string, url: string, fields: Record<string, string>, files: FilePart[] = [], method = "POST") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const bytes = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
    form.append(file.field, new Blob([new Uint8Array(bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  }
  const request = new Request("http://slotdesk.test/", { method, body: form });
  const response = await client.request({
    method: "POST",
    url,
    headers: { "content-type": request.headers.get("content-type") ?? "", "x-csrftoken": await client.csrfToken() },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  const op = contract.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`${operationId} is not in the contract`);
  assertMatchesContract(op, response.status, String(response.headers["content-type"] ?? ""), response.text);
  return response;
}

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n% oficio\n", "latin1"), Buffer.alloc(2000, 7), Buffer.from("\n%%EOF\n")]);

const REQUEST_TXT = [
  "SCR",
  "/ops@aerolinea.example",
  "W26",
  "20NOV",
  "MEX",
  "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
  "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J",
  "CVB1104 14JAN14JAN 0004000 180320 GDL0900 J",
  "RVB1104 14JAN14JAN 0004000 180320 GDL0930 J",
  "SI IF NOT AVBL PLS OFFER NEAREST",
  "GI SALUDOS/J. PEÑA",
].join("\n");

/** What a failed call must leave as it was: the counts of every logbook table and the bytes of the files. */
async function snapshot() {
  const [row] = await queryRows<Record<string, string | number>>(
    server.handle.db,
    sql`select (select count(*) from logbook_requests) as requests, (select count(*) from logbook_parts) as parts,
               (select count(*) from logbook_lines) as lines, (select count(*) from logbook_files) as files,
               (select coalesce(md5(string_agg(coalesce(request_text, '-'), '|' order by id)), '') from logbook_parts) as texts,
               (select count(*) from audit_log) as audit, (select count(*) from outbox) as outbox`,
  );
  return row;
}

const createForm = (reference: number, overrides: Record<string, string> = {}) => ({
  reference: String(reference),
  part_number: "1",
  season: String(w26),
  date: "2026-11-20",
  airport: "MEX",
  type: "4",
  responsible: String(admin.userId),
  si: "IF NOT AVBL PLS OFFER NEAREST",
  gi: "SALUDOS/J. PEÑA",
  ...overrides,
});

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  [admin, slot, seguimiento] = await Promise.all([server.signIn("Admin"), server.signIn("Slot"), server.signIn("Seguimiento")]);
  reportes = await server.signIn("Reportes");
  const seasons = await admin.ok("listSeasons");
  w26 = seasons.find((s) => s.name === "W26")?.id ?? 0;
  const [setting] = await admin.ok("listSettings", { query: { names: "coordinator_email" } });
  await admin.ok("modifySetting", { body: { id: setting?.id ?? 0, value: { email: COORDINATOR } } });
  heldSlot = await insertSlot(server.handle.db, { key: "a", flightNumber: "VB1102", date: "2027-01-12", time: "13:10", isArrival: true, route: "CUN" });
});
afterAll(() => server.close());

describe("a request recorded by hand (POST /api/logbook/)", () => {
  it("reads the request txt for the form: lines, date, S.I., G.I. and the reference and part of its name", async () => {
    const before = await snapshot();
    const latin1 = Buffer.from(REQUEST_TXT, "latin1");
    const response = await multipart(admin, "analyzeLogRequestFile", "/api/slots/log_request/analyze_request_file/", { type: "4" }, [
      { field: "request_file", name: "VIVW26005-2.txt", content: latin1 },
    ]);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      lines: [
        { actual: "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", request: "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J" },
        { actual: "CVB1104 14JAN14JAN 0004000 180320 GDL0900 J", request: "RVB1104 14JAN14JAN 0004000 180320 GDL0930 J" },
      ],
      date: "2026-11-20",
      si: "IF NOT AVBL PLS OFFER NEAREST",
      gi: "SALUDOS/J. PEÑA",
      reference: 5,
      part_number: 2,
      airport: "MEX",
      season: "W26",
    });
    // UTF-8 reads the same.
    const utf8 = await multipart(seguimiento, "analyzeLogRequestFile", "/api/slots/log_request/analyze_request_file/", { type: "4" }, [
      { field: "request_file", name: "solicitud.txt", content: REQUEST_TXT },
    ]);
    expect(utf8.json).toMatchObject({ gi: "SALUDOS/J. PEÑA", reference: null, part_number: null });
    expect(await snapshot()).toEqual(before);
  });

  it("answers what the reader assumed to read the request txt, with line and column", async () => {
    // Monday only, from a Monday to a Sunday: read, its last date not being an operating day.
    const line = "NVB1301 07DEC13DEC 1000000 180320 MTY1000 J";
    const text = ["SCR", "/ops@aerolinea.example", "W26", "20NOV", "MEX", line, "GI SALUDOS"].join("\r\n");
    const response = await multipart(slot, "analyzeLogRequestFile", "/api/slots/log_request/analyze_request_file/", { type: "2" }, [
      { field: "request_file", name: "VIVW26006.txt", content: text },
    ]);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ lines: [{ actual: null, request: line }], reference: 6 });
    expect((response.json as components["schemas"]["LogbookAnalysis"]).warnings).toEqual([
      {
        line: 6,
        column: 14,
        text: line,
        severity: "aviso",
        message:
          "Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (13DEC, domingo) no es un día de operación; la última operación es el 07DEC",
      },
    ]);
  });

  it("names the file and line of what it cannot read or the type does not allow", async () => {
    const analyse = (type: string, content: string | Buffer, name = "VIVW26005.txt") =>
      multipart(admin, "analyzeLogRequestFile", "/api/slots/log_request/analyze_request_file/", { type }, [{ field: "request_file", name, content }]);
    const wrongType = await analyse("2", REQUEST_TXT);
    expect(wrongType.status).toBe(400);
    expect((wrongType.json as ErrorBody).message).toContain("«VIVW26005.txt», línea 6: una solicitud de altas solo lleva líneas N; esta es una línea C.");
    const broken = await analyse("4", REQUEST_TXT.replace("CUN1340", "CUN2540"));
    expect(broken.status).toBe(400);
    expect((broken.json as ErrorBody).message).toMatch(/^«VIVW26005\.txt», línea 7, columna \d+: /);
    const lonely = await analyse("4", REQUEST_TXT.replace("RVB1104 14JAN14JAN 0004000 180320 GDL0930 J\n", ""));
    expect((lonely.json as ErrorBody).message).toBe("«VIVW26005.txt», línea 8: la línea C debe ir seguida de su línea R o L.");
    const binary = await analyse("4", Buffer.from([0x53, 0x43, 0x52, 0x0a, 0x00, 0x01]));
    expect((binary.json as ErrorBody).message).toBe("El archivo «VIVW26005.txt» no es un archivo de texto: la línea 2 tiene un carácter de control (código 0).");
    const type = await analyse("7", REQUEST_TXT);
    expect(type.status).toBe(400);
    const tooLarge = await analyse("4", Buffer.alloc(10 * 1024 * 1024 + 1, 0x41));
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.json as ErrorBody).message).toBe("El archivo supera el límite de 10 MB.");
  });

  it("records the request, its lines (a C line that names a held slot gets it) and its PDF in one go", async () => {
    const response = await multipart(admin, "createLogbookRequest", "/api/logbook/", createForm(5), [
      { field: "request_file", name: "VIVW26005.txt", content: Buffer.from(REQUEST_TXT, "latin1") },
      { field: "request_pdf", name: "oficio.pdf", content: PDF, type: "application/pdf" },
    ]);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ reference: 5, part: 1, lines: 2, slots_found: 1 });
    const created = response.json as { id: number; part_id: number };
    const part = await seguimiento.ok("getLogbookPart", { params: { id: created.part_id } });
    expect(part).toMatchObject({
      reference: 5,
      type: 4,
      airport: "MEX",
      si: "IF NOT AVBL PLS OFFER NEAREST",
      gi: "SALUDOS/J. PEÑA",
      request_text: REQUEST_TXT,
      is_request_text: true,
      is_request_pdf: true,
      is_response_text: false,
      is_response_pdf: false,
    });
    expect(part.lines.map((line) => [line.slot_id, line.actual?.slice(0, 7), line.offers])).toEqual([
      [heldSlot, "CVB1102", []],
      [null, "CVB1104", []],
    ]);
    const [row] = await seguimiento.ok("listLogbook", { query: { season_id: w26 } });
    expect(row).toMatchObject({ reference: 5, is_request_text: true, is_request_pdf: true, is_response_text: false, is_response_pdf: false });
  });

  it("refuses a taken reference with the next free one, bad fields with the seed's messages, and writes nothing", async () => {
    const before = await snapshot();
    const file = [{ field: "request_file", name: "VIVW26005.txt", content: REQUEST_TXT }];
    const taken = await multipart(admin, "createLogbookRequest", "/api/logbook/", createForm(5), file);
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: "REFERENCE IN USE", recommended_reference: 6, errors: [{ field: "reference", message: "Referencia en uso, prueba con 6" }] });

    const bad = await multipart(admin, "createLogbookRequest", "/api/logbook/", createForm(0, { part_number: "x", airport: "MEXI", responsible: "" }), file);
    expect(bad.status).toBe(400);
    expect((bad.json as ErrorBody).errors).toEqual([
      { field: "reference", message: "Este campo debe ser mayor a cero" },
      { field: "part_number", message: "Ingrese un número entero" },
      { field: "responsible", message: "Este campo es obligatorio" },
      { field: "airport", message: "Este campo debe tener 3 caracteres" },
    ]);
    const noFile = await multipart(admin, "createLogbookRequest", "/api/logbook/", createForm(6));
    expect((noFile.json as ErrorBody).errors).toEqual([{ field: "request_file", message: "Este campo es obligatorio" }]);

    const notPdf = await multipart(admin, "createLogbookRequest", "/api/logbook/", createForm(6), [
      ...file,
      { field: "request_pdf", name: "oficio.pdf", content: "esto no es un pdf" },
    ]);
    expect(notPdf.status).toBe(400);
    expect((notPdf.json as ErrorBody).message).toBe("El archivo «oficio.pdf» no es un PDF: su contenido no empieza con %PDF-.");

    const otherSeason = await multipart(admin, "createLogbookRequest", "/api/logbook/", createForm(6), [
      { field: "request_file", name: "x.txt", content: REQUEST_TXT.replace("\nW26\n", "\nS27\n").replace(/12JAN12JAN|14JAN14JAN/g, "12MAY12MAY") },
    ]);
    expect(otherSeason.status).toBe(400);

    // Seguimiento records only altas (seed 000 §6), Reportes nothing.
    const modify = await multipart(seguimiento, "createLogbookRequest", "/api/logbook/", createForm(6), file);
    expect(modify.status).toBe(403);
    expect((await multipart(reportes, "createLogbookRequest", "/api/logbook/", createForm(6), file)).status).toBe(403);
    expect((await multipart(reportes, "analyzeLogRequestFile", "/api/slots/log_request/analyze_request_file/", { type: "4" }, file)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the files of a part (POST/GET/DELETE /api/logbook/files/{id}/)", () => {
  let partId = 0;
  const url = () => `/api/logbook/files/${partId}/`;
  const upload = (client: TestClient, isRequest: boolean, isText: boolean, file: FilePart) =>
    multipart(client, "uploadLogbookFile", url(), { is_request: String(isRequest), is_text_file: String(isText) }, [file]);

  beforeAll(async () => {
    const [row] = await admin.ok("listLogbook", { query: { season_id: w26 } });
    partId = row?.parts[0] ?? 0;
  });

  it("downloads the request txt and PDF under the seed's names", async () => {
    const txt = await seguimiento.call("downloadLogbookFile", { params: { id: partId }, query: { is_request: true, is_text_file: true } });
    expect(txt.status).toBe(200);
    expect(txt.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(txt.headers["content-disposition"]).toBe('attachment; filename="VIVW26005.txt"');
    expect(txt.text).toBe(REQUEST_TXT);
    const pdf = await seguimiento.call("downloadLogbookFile", { params: { id: partId }, query: { is_request: true, is_text_file: false } });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe('attachment; filename="VIVW26005.pdf"');
    expect(pdf.bytes.equals(PDF)).toBe(true);
    const none = await seguimiento.call("downloadLogbookFile", { params: { id: partId }, query: { is_request: false, is_text_file: false } });
    expect(none.status).toBe(404);
    expect((none.json as ErrorBody).message).toBe("La parte 1 de la referencia 5 no tiene el archivo Oficio Respuesta (pdf).");
  });

  it("uploads the response PDF, refuses a second one, and deletes it", async () => {
    const uploaded = await upload(seguimiento, false, false, { field: "file", name: "respuesta.pdf", content: PDF });
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toEqual({ is_request_text: true, is_response_text: false, is_request_pdf: true, is_response_pdf: true });
    const again = await upload(seguimiento, false, false, { field: "file", name: "respuesta.pdf", content: PDF });
    expect(again.status).toBe(409);
    expect((again.json as ErrorBody).message).toBe(
      "La parte 1 de la referencia 5 ya tiene el archivo Oficio Respuesta (pdf); elimínelo antes de subir otro.",
    );
    const deleted = await seguimiento.call("deleteLogbookFile", { params: { id: partId }, query: { is_request: false, is_text_file: false } });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ is_response_pdf: false, is_request_pdf: true });
    const [row] = await admin.ok("listLogbook", { query: { season_id: w26 } });
    expect(row?.is_response_pdf).toBe(false);
  });

  it("replaces the request txt after deleting it, in Latin-1 or UTF-8 alike", async () => {
    expect((await admin.call("deleteLogbookFile", { params: { id: partId }, query: { is_request: true, is_text_file: true } })).status).toBe(200);
    const latin1 = await upload(admin, true, true, { field: "file", name: "VIVW26005.txt", content: Buffer.from(REQUEST_TXT, "latin1") });
    expect(latin1.status).toBe(201);
    const txt = await admin.call("downloadLogbookFile", { params: { id: partId }, query: { is_request: true, is_text_file: true } });
    expect(txt.text).toBe(REQUEST_TXT);
    expect(txt.text).toContain("J. PEÑA");
  });

  it("refuses by content, size and kind, and writes nothing", async () => {
    const before = await snapshot();
    const cases: Array<[FilePart, boolean, boolean, number, string]> = [
      [{ field: "file", name: "oficio.pdf", content: "no soy un pdf" }, true, false, 400, "El archivo «oficio.pdf» no es un PDF: su contenido no empieza con %PDF-."],
      [{ field: "file", name: "respuesta.txt", content: REQUEST_TXT }, false, true, 400, "El archivo de respuesta (txt) llega con la Carga de referencias: aquí solo se descarga."],
      [{ field: "file", name: "otra.txt", content: REQUEST_TXT }, true, true, 409, "La parte 1 de la referencia 5 ya tiene el archivo de solicitud (txt); elimínelo antes de subir otro."],
      [{ field: "file", name: "grande.pdf", content: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }, false, false, 413, "El archivo supera el límite de 10 MB."],
      [{ field: "file", name: "enorme.pdf", content: Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024)]) }, false, false, 413, "El archivo supera el límite de 10 MB."],
    ];
    for (const [file, isRequest, isText, status, message] of cases) {
      const refused = await upload(admin, isRequest, isText, file);
      expect(refused.status, file.name).toBe(status);
      expect((refused.json as ErrorBody).message, file.name).toBe(message);
    }
    const wrongFlag = await multipart(admin, "uploadLogbookFile", url(), { is_request: "si", is_text_file: "false" }, [{ field: "file", name: "a.pdf", content: PDF }]);
    expect(wrongFlag.status).toBe(400);
    const responseText = await admin.call("deleteLogbookFile", { params: { id: partId }, query: { is_request: false, is_text_file: true } });
    expect(responseText.status).toBe(400);
    const missing = await admin.call("deleteLogbookFile", { params: { id: 99999 }, query: { is_request: true, is_text_file: false } });
    expect(missing.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a 50 MB upload over a real socket with 413 without reading it all", async () => {
    const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const form = new FormData();
    form.append("is_request", "false");
    form.append("is_text_file", "false");
    form.append("file", new Blob([new Uint8Array(Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024)]))]), "enorme.pdf");
    const before = await snapshot();
    const response = await fetch(`${address}/api/logbook/files/${partId}/`, {
      method: "POST",
      body: form,
      headers: {
        cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrftoken": await admin.csrfToken(),
      },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).message).toBe("El archivo supera el límite de 10 MB.");
    expect(await snapshot()).toEqual(before);
  });

  it("is refused to Reportes", async () => {
    expect((await reportes.call("downloadLogbookFile", { params: { id: partId }, query: { is_request: true, is_text_file: true } })).status).toBe(403);
    expect((await reportes.call("deleteLogbookFile", { params: { id: partId }, query: { is_request: true, is_text_file: false } })).status).toBe(403);
    expect((await upload(reportes, true, false, { field: "file", name: "a.pdf", content: PDF })).status).toBe(403);
  });
});

describe("the coordinator's offers", () => {
  let lineId = 0;
  const OFFERS = ["OVB1102 12JAN12JAN 0200000 180320 CUN1330 J", "OVB1102 12JAN12JAN 0200000 180320 CUN1400 J"];

  beforeAll(async () => {
    const [row] = await admin.ok("listLogbook", { query: { season_id: w26 } });
    const part = await admin.ok("getLogbookPart", { params: { id: row?.parts[0] ?? 0 } });
    lineId = part.lines[0]?.id ?? 0;
    // What the reply application writes (issue 12 item 5): the O lines and their deadline.
    await server.handle.db.execute(
      sql`update logbook_lines set response = 'U', offers = ${JSON.stringify(OFFERS)}::jsonb, offers_deadline = '2026-11-30' where id = ${lineId}`,
    );
  });

  it("lists the open offers with their deadline", async () => {
    const offers = await seguimiento.ok("listLogbookOffers", { query: { season_id: w26 } });
    expect(offers).toEqual([
      expect.objectContaining({ line_id: lineId, reference: 5, part: 1, type: 4, response: "U", offers: OFFERS, offers_deadline: "2026-11-30" }),
    ]);
    expect((await reportes.call("listLogbookOffers", { query: { season_id: w26 } })).status).toBe(403);
  });

  it("is answered by Admin and Slot only, naming the offer when there are several", async () => {
    const before = await snapshot();
    const refused = await seguimiento.fail("answerLogbookOffer", { params: { id: lineId }, body: { answer: "A", offer: 1 } });
    expect(refused.status).toBe(403);
    const which = await slot.fail("answerLogbookOffer", { params: { id: lineId }, body: { answer: "A" } });
    expect(which.status).toBe(400);
    expect(which.body.message).toBe("La línea tiene 2 ofertas: indique cuál acepta.");
    expect((await slot.fail("answerLogbookOffer", { params: { id: lineId }, body: { answer: "Q" } })).status).toBe(400);
    expect((await slot.fail("answerLogbookOffer", { params: { id: 99999 }, body: { answer: "Z" } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("sends the answer as an SCR under the next reference and keeps it on the line", async () => {
    const answer = await slot.ok("answerLogbookOffer", { params: { id: lineId }, body: { answer: "A", offer: 1 } });
    expect(answer).toMatchObject({ reference: 6, mail_status: "kept", line: { id: lineId, offer_answer: "A", offer_answer_request_id: answer.logbook_id } });
    expect(answer.text.split("\n")).toEqual([
      "SCR",
      "W26",
      "25NOV",
      "MEX",
      "AVB1102 12JAN12JAN 0200000 180320 CUN1400 J",
      "SI ANSWER TO OFFER REF 5",
      expect.stringMatching(/^GI SALUDOS\//),
    ]);
    const [mail] = await queryRows<{ to_addresses: string[] | string; subject: string; text: string }>(
      server.handle.db,
      sql`select to_addresses, subject, text from outbox order by id desc limit 1`,
    );
    expect(mail).toMatchObject({ subject: "SCR MEX W26 REF 6", text: answer.text });
    const rows = await admin.ok("listLogbook", { query: { season_id: w26 } });
    expect(rows.map((row) => [row.reference, row.type])).toEqual([[6, 4], [5, 4]]);
    const answerPart = await admin.ok("getLogbookPart", { params: { id: rows[0]?.parts[0] ?? 0 } });
    expect(answerPart.lines).toEqual([expect.objectContaining({ slot_id: heldSlot, request: "AVB1102 12JAN12JAN 0200000 180320 CUN1400 J" })]);

    expect(await admin.ok("listLogbookOffers", { query: { season_id: w26 } })).toEqual([]);
    const twice = await admin.fail("answerLogbookOffer", { params: { id: lineId }, body: { answer: "Z" } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("La oferta de esta línea ya fue respondida (A: Aceptada).");
  });
});
