/**
 * Carga de referencias (issue 12 items 4 and 5, seed 002 §3–§8): a request sent outside Slotdesk
 * loaded from its file, the coordinator's reply applied per SSIM Chapter 6 (every row of the reply
 * table), the Admin's K/U toggle, the roles, and every bad input refused in Spanish naming the file
 * and the line with the database byte for byte as it was.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EncodableSlot, parseScr, slotLine } from "../../src/domain/scr";
import type { components } from "../../src/generated/openapi";
import { logbookLines, logbookParts, slotHistory, slots } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { assertMatchesContract, contract } from "./contract";
import { type ErrorBody, startServer, type TestClient, type TestServer } from "./harness";

type RequestResult = components["schemas"]["ReferenceUploadRequestResult"];
type ResponseResult = components["schemas"]["ReferenceUploadResponseResult"];

const NOW = new Date("2026-11-21T15:00:00Z");
const D = "2026-12-10";

let server: TestServer;
let admin: TestClient;
let slotUser: TestClient;

const base = { date: D, aircraftType: "320", seats: 180, serviceType: "J" };
const SLOTS: Record<string, EncodableSlot> = {
  granted: { ...base, flightNumber: "VB1101", time: "13:10", isArrival: true, route: "CUN" },
  refused: { ...base, flightNumber: "VB1103", time: "14:45", isArrival: false, route: "CUN" },
  deleted: { ...base, flightNumber: "VB1105", time: "08:00", isArrival: true, route: "MTY" },
  otherTime: { ...base, flightNumber: "VB1107", time: "09:00", isArrival: true, route: "GDL" },
  unknown: { ...base, flightNumber: "VB1109", time: "10:00", isArrival: true, route: "TIJ" },
};
const ids: Record<string, number> = {};
const ALTA: EncodableSlot = { ...base, flightNumber: "VB1111", time: "12:00", isArrival: false, route: "MTY" };

const header = (date = "20NOV") => ["SCR", "/slots@aerolinea.example", "W26", date, "MEX"];
const message = (lines: string[], si = "SI PRUEBA") => [...header(), ...lines, si, "GI SALUDOS"].join("\n");
const answer = (letter: string, line: string) => `${letter}${line.slice(1)}`;

const C = (key: string) => slotLine("C", SLOTS[key] ?? ALTA);
const R = (key: string, time: string) => slotLine("R", { ...(SLOTS[key] ?? ALTA), time });
const DEL = (key: string) => slotLine("D", SLOTS[key] ?? ALTA);
const NEW = slotLine("N", ALTA);

const REQUEST_LINES = [
  C("granted"), R("granted", "13:40"),
  C("refused"), R("refused", "15:00"),
  DEL("deleted"),
  C("otherTime"), R("otherTime", "09:30"),
  C("unknown"), R("unknown", "10:30"),
  NEW,
];

async function upload(client: TestClient, kind: "request" | "response", name: string, text: string, compute: boolean) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), name);
  form.append("compute", String(compute));
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

/** Table counts and a checksum of the slots: the database "byte for byte". */
async function snapshot() {
  const [row] = await queryRows<Record<string, string>>(
    server.services.db,
    sql`select (select count(*) from slots)::text as slots, (select count(*) from slot_history)::text as history,
      (select count(*) from logbook_requests)::text as requests, (select count(*) from logbook_parts)::text as parts,
      (select count(*) from logbook_lines)::text as lines, (select count(*) from matches)::text as matches,
      (select md5(coalesce(string_agg(s::text, '|' order by s.id), '')) from slots s) as slots_md5,
      (select md5(coalesce(string_agg(l::text, '|' order by l.id), '')) from logbook_lines l) as lines_md5,
      (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from logbook_parts p) as parts_md5`,
  );
  return row;
}

async function slotById(id: number) {
  const [row] = await server.services.db.select().from(slots).where(eq(slots.id, id));
  return row;
}

async function expectRefused(
  client: TestClient,
  kind: "request" | "response",
  name: string,
  text: string,
  code: ErrorBody["code"] | null,
  mentions: RegExp,
) {
  for (const compute of [false, true]) {
    const before = await snapshot();
    const response = await upload(client, kind, name, text, compute);
    expect(response.status).toBe(400);
    const body = response.json as ErrorBody;
    if (code) expect(body.code).toBe(code);
    expect(body.message, body.message).toMatch(mentions);
    expect(await snapshot()).toEqual(before);
  }
}

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  [admin, slotUser] = await Promise.all([server.signIn("Admin"), server.signIn("Slot")]);
  for (const [key, slot] of Object.entries(SLOTS)) {
    const [row] = await server.services.db
      .insert(slots)
      .values({ season: "W26", serie: 7, flightNumber: slot.flightNumber, date: slot.date, time: slot.time, isArrival: slot.isArrival, route: slot.route, frequency: 4, aircraftType: "320", seats: 180, status: "D" })
      .returning({ id: slots.id });
    ids[key] = row?.id ?? 0;
  }
});
afterAll(() => server.close());

describe("roles", () => {
  it("refuses Seguimiento and Reportes the uploads and everyone but Admin the toggle", async () => {
    for (const role of ["Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      expect((await upload(client, "request", "VIVW26001.txt", message(REQUEST_LINES), false)).status).toBe(403);
      expect((await upload(client, "response", "VIVW26001.txt", message(REQUEST_LINES), false)).status).toBe(403);
      expect((await client.call("changeReferenceLineStatus", { body: { line_id: 1, new_status: "K", compute: false } })).status).toBe(403);
    }
    expect((await slotUser.call("changeReferenceLineStatus", { body: { line_id: 1, new_status: "K", compute: false } })).status).toBe(403);
  });
});

describe("request upload", () => {
  it("refuses bad files in Spanish, naming the file and the line, and writes nothing", async () => {
    await expectRefused(slotUser, "request", "VIVW26001.txt", "Hola, esto no es un SCR\n", "failed to decode header", /VIVW26001\.txt.*línea 1/);
    await expectRefused(slotUser, "request", "VIVW26001.txt", [...header(), REQUEST_LINES[0]?.slice(0, 20) ?? ""].join("\n"), null, /VIVW26001\.txt, línea 6/);
    await expectRefused(slotUser, "request", "VIVW26003.txt", message(REQUEST_LINES), "reference is not the next reference", /referencia 3 parte 1.*se esperaba la referencia 1/);
    await expectRefused(slotUser, "request", "VIVW26001-2.txt", message(REQUEST_LINES), "reference is not the next reference", /parte 2/);
    const ghost = slotLine("C", { ...base, flightNumber: "VB9999", time: "05:00", isArrival: true, route: "MTY" });
    await expectRefused(slotUser, "request", "VIVW26001.txt", message([ghost, answer("R", ghost)]), "old key not found", /Slot anterior no encontrado: VIVW26001\.txt, línea 6/);
    const pdf = await upload(slotUser, "request", "VIVW26001.pdf", message(REQUEST_LINES), false);
    expect((pdf.json as ErrorBody).message).toMatch(/Formato de archivo invalido/);
  });

  it("previews without writing, then loads the request and marks its slots WIP", async () => {
    const before = await snapshot();
    const preview = await upload(slotUser, "request", "VIVW26001.txt", message(REQUEST_LINES), false);
    expect(preview.status).toBe(200);
    const expected: RequestResult = {
      reference: 1, part: 1, type: 4, slots_found: 5, lines_created: 6, slots_updated: 5, total_lines: 10,
      slots_not_found: { total: 0, lines: [] },
    };
    expect(preview.json as RequestResult).toEqual(expected);
    expect(await snapshot()).toEqual(before);

    const computed = await upload(slotUser, "request", "VIVW26001.txt", message(REQUEST_LINES), true);
    expect(computed.json as RequestResult).toEqual(expected);
    for (const key of Object.keys(SLOTS)) {
      const slot = await slotById(ids[key] ?? 0);
      expect(slot?.status).toBe("WIP");
      expect(slot?.statusBeforeRequest).toBe("D");
    }
    const list = await slotUser.ok("listLogbook", { query: { season_id: (await slotUser.ok("listSeasons", { query: { name: "W26" } }))[0]?.id ?? 0 } });
    expect(list.map((row) => row.reference)).toContain(1);
    await expectRefused(slotUser, "request", "VIVW26001.txt", message(REQUEST_LINES), "reference already exists", /ya existe/);
  });
});

describe("response upload", () => {
  const granted = answer("K", R("granted", "13:40"));
  const REPLY = [
    // In another order than the request: pairing is by content.
    answer("X", DEL("deleted")),
    answer("H", C("refused")), answer("U", R("refused", "15:00")), answer("O", R("refused", "15:20")),
    answer("X", C("granted")), granted,
    answer("W", C("unknown")),
    answer("X", C("otherTime")), answer("K", R("otherTime", "09:20")),
    answer("K", NEW),
  ];

  it("refuses a reply for an unknown reference or with a line for no request line, writing nothing", async () => {
    await expectRefused(slotUser, "response", "VIVW26002.txt", message(REPLY), "reference not found in system", /referencia 2 parte 1/);
    const stray = answer("K", slotLine("N", { ...ALTA, flightNumber: "VB1999" }));
    await expectRefused(slotUser, "response", "VIVW26001.txt", message([...REPLY, stray]), null, /VIVW26001\.txt, línea 16.*no responde/);
    await expectRefused(slotUser, "response", "VIVW26001.txt", [...header(), granted.slice(0, 15)].join("\n"), null, /VIVW26001\.txt, línea 6/);
  });

  it("previews, then applies every row of the reply table", async () => {
    const before = await snapshot();
    const preview = await upload(slotUser, "response", "VIVW26001.txt", message(REPLY, "SI REPLY BY 30NOV"), false);
    expect(preview.status).toBe(200);
    const expected: ResponseResult = {
      reference: 1, part: 1, type: 4,
      response_count: { total: 10, k: { normal: 2, diff_time: 1 }, u: 1, x: 3, w: 1, h: 1 },
      slots_not_found: { total: 1, lines: [C("unknown")] },
    };
    expect(preview.json as ResponseResult).toEqual(expected);
    expect(await snapshot()).toEqual(before);

    const computed = await upload(slotUser, "response", "VIVW26001.txt", message(REPLY, "SI REPLY BY 30NOV"), true);
    expect(computed.json as ResponseResult).toEqual(expected);
    expect(await slotById(ids.granted ?? 0)).toMatchObject({ status: "K", time: "13:40" });
    expect(await slotById(ids.refused ?? 0)).toMatchObject({ status: "D", time: "14:45" });
    expect(await slotById(ids.deleted ?? 0)).toMatchObject({ status: "CAN" });
    expect(await slotById(ids.otherTime ?? 0)).toMatchObject({ status: "K", time: "09:20" });
    expect(await slotById(ids.unknown ?? 0)).toMatchObject({ status: "D", time: "10:00" });
    const [alta] = await server.services.db.select().from(slots).where(eq(slots.flightNumber, "VB1111"));
    expect(alta).toMatchObject({ status: "ADD", time: "12:00", isArrival: false, date: D, route: "MTY" });

    const lines = await server.services.db.select().from(logbookLines).orderBy(asc(logbookLines.id));
    expect(lines.map((line) => line.response)).toEqual(["K", "U", "X", "K", "W", "K"]);
    expect(lines[1]?.offers).toEqual([answer("O", R("refused", "15:20"))]);
    expect(lines[1]?.offersDeadline).toBe("2026-11-30");
    const history = await server.services.db.select().from(slotHistory).where(eq(slotHistory.slotId, ids.otherTime ?? 0));
    expect(history.map((row) => row.response)).toContain("KH");

    await expectRefused(slotUser, "response", "VIVW26001.txt", message(REPLY), "response already computed", /ya fue cargada/);
  });

  it("lets the Admin toggle a line between K and U, and refuses when the slot changed since", async () => {
    const [line] = await server.services.db.select().from(logbookLines).orderBy(asc(logbookLines.id));
    const id = line?.id ?? 0;
    const before = await snapshot();
    const preview = await admin.ok("changeReferenceLineStatus", { body: { line_id: id, new_status: "U", compute: false } });
    expect(preview.response).toBe("U");
    expect(await snapshot()).toEqual(before);

    await admin.ok("changeReferenceLineStatus", { body: { line_id: id, new_status: "U", compute: true } });
    expect(await slotById(ids.granted ?? 0)).toMatchObject({ status: "D", time: "13:10" });
    await admin.ok("changeReferenceLineStatus", { body: { line_id: id, new_status: "K", compute: true } });
    expect(await slotById(ids.granted ?? 0)).toMatchObject({ status: "K", time: "13:40" });

    await server.services.db.update(slots).set({ time: "13:55" }).where(eq(slots.id, ids.granted ?? 0));
    const changed = await snapshot();
    const refused = await admin.call("changeReferenceLineStatus", { body: { line_id: id, new_status: "U", compute: true } });
    expect(refused.status).toBe(400);
    expect((refused.json as ErrorBody).code).toBe("OLD KEY NOT FOUND");
    expect(await snapshot()).toEqual(changed);
  });
});

describe("the rest of the reply table, a second part and a partial reply", () => {
  const more: Record<string, EncodableSlot> = {
    kept: { ...base, flightNumber: "VB1201", time: "16:00", isArrival: true, route: "MTY" },
    notDeleted: { ...base, flightNumber: "VB1203", time: "17:00", isArrival: false, route: "GDL" },
    conditioned: { ...base, flightNumber: "VB1205", time: "18:00", isArrival: true, route: "CUN" },
    pending: { ...base, flightNumber: "VB1207", time: "19:00", isArrival: true, route: "TIJ" },
  };
  const line = (letter: "C" | "L" | "D" | "R", key: string, time?: string) => {
    const slot = more[key];
    if (!slot) throw new Error(key);
    return slotLine(letter, time ? { ...slot, time } : slot);
  };
  const refusedAlta = slotLine("N", { ...ALTA, flightNumber: "VB1213", time: "20:00" });

  it("N refused, D refused, C+L refused without offers, T granted; an unanswered item stays WIP", async () => {
    for (const [key, slot] of Object.entries(more)) {
      const [row] = await server.services.db
        .insert(slots)
        .values({ season: "W26", serie: 8, flightNumber: slot.flightNumber, date: slot.date, time: slot.time, isArrival: slot.isArrival, route: slot.route, frequency: 4, aircraftType: "320", seats: 180, status: "K" })
        .returning({ id: slots.id });
      ids[key] = row?.id ?? 0;
    }
    const part1 = message([refusedAlta, line("C", "kept"), line("L", "kept", "16:30"), line("D", "notDeleted")]);
    const part2 = message([line("C", "conditioned"), line("R", "conditioned", "18:10"), line("C", "pending"), line("R", "pending", "19:10")]);
    expect((await upload(slotUser, "request", "VIVW26002.txt", part1, true)).status).toBe(200);
    // The part after part 1 of the same reference, then nothing out of order.
    await expectRefused(slotUser, "request", "VIVW26002-3.txt", part2, "reference is not the next reference", /se esperaba la parte 2/);
    const second = await upload(slotUser, "request", "VIVW26002-2.txt", part2, true);
    expect(second.json as RequestResult).toMatchObject({ reference: 2, part: 2, slots_updated: 2, lines_created: 2 });

    const reply1 = message([answer("U", refusedAlta), answer("H", line("C", "kept")), answer("U", line("L", "kept", "16:30")), answer("U", line("D", "notDeleted"))]);
    const first = await upload(slotUser, "response", "VIVW26002.txt", reply1, true);
    expect(first.json as ResponseResult).toMatchObject({ response_count: { total: 4, k: { normal: 0, diff_time: 0 }, u: 3, x: 0, w: 0, h: 1 } });
    expect(await slotById(ids.kept ?? 0)).toMatchObject({ status: "K", time: "16:00" });
    expect(await slotById(ids.notDeleted ?? 0)).toMatchObject({ status: "K" });
    expect(await server.services.db.select().from(slots).where(eq(slots.flightNumber, "VB1213"))).toEqual([]);

    // Part 2 answered in part: T (granted with conditions) for one change, nothing for the other.
    const reply2 = message([answer("X", line("C", "conditioned")), answer("T", line("R", "conditioned", "18:10"))]);
    const partial = await upload(slotUser, "response", "VIVW26002-2.txt", reply2, true);
    expect(partial.json as ResponseResult).toMatchObject({ response_count: { total: 2, k: { normal: 1, diff_time: 0 }, x: 1 } });
    expect(await slotById(ids.conditioned ?? 0)).toMatchObject({ status: "K", time: "18:10" });
    expect(await slotById(ids.pending ?? 0)).toMatchObject({ status: "WIP", time: "19:00" });

    // The coordinator's later message answers the rest: it is applied, and only to what was pending.
    const reply3 = message([answer("X", line("C", "pending")), answer("K", line("R", "pending", "19:10"))]);
    const rest = await upload(slotUser, "response", "VIVW26002-2.txt", reply3, true);
    expect(rest.json as ResponseResult).toMatchObject({ response_count: { total: 2, k: { normal: 1, diff_time: 0 }, x: 1 } });
    expect(await slotById(ids.pending ?? 0)).toMatchObject({ status: "K", time: "19:10" });
    expect(await slotById(ids.conditioned ?? 0)).toMatchObject({ status: "K", time: "18:10" });
    const [stored] = await server.services.db.select().from(logbookParts).where(sql`${logbookParts.responseText} like ${"%VB1207%"}`);
    // Both messages are kept as one reply, which still reads as an SCR (the K/U toggle pairs it again).
    const merged = parseScr(stored?.responseText ?? "");
    expect(merged.errors).toEqual([]);
    expect(merged.lines.map((line) => line.action)).toEqual(["X", "T", "X", "K"]);

    // The same later message again, or the first one again: refused, nothing changes.
    await expectRefused(slotUser, "response", "VIVW26002-2.txt", reply3, "response already computed", /ya tiene respuesta/);
    await expectRefused(slotUser, "response", "VIVW26002-2.txt", reply2, "response already computed", /ya fue cargada/);
  });
});

describe("audit and limits", () => {
  it("writes each upload and toggle to the audit log, and refuses a file over 2 MiB with nothing written", async () => {
    const entries = await admin.ok("listAuditLog", { query: { limit: 500 } });
    const actions = new Set(entries.items.map((entry) => entry.action));
    for (const action of ["reference.request_upload", "reference.response_upload", "reference.line_status"] as const) expect(actions).toContain(action);
    const before = await snapshot();
    const big = await upload(slotUser, "request", "VIVW26003.txt", `${message(REQUEST_LINES)}\n${"GI X\n".repeat(700_000)}`, true);
    expect(big.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});

describe("what the reader assumed (issue 22 item 2)", () => {
  // Monday only, from a Monday to a Sunday: the last date is not an operating day.
  const ALTA_WEEK = "NVB1301 07DEC13DEC 1000000 180320 MTY1000 J";
  const ASSUMED =
    "Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (13DEC, domingo) no es un día de operación; la última operación es el 07DEC";
  const warningAt = (text: string): components["schemas"]["ReadProblem"] => ({ line: 6, column: 14, text, severity: "aviso", message: ASSUMED });

  it("previews a request and a coordinator's reply whose period ends on a day they do not operate, with that warning", async () => {
    const request = await upload(slotUser, "request", "VIVW26003.txt", message([ALTA_WEEK]), true);
    expect(request.status).toBe(200);
    expect((request.json as RequestResult).warnings).toEqual([warningAt(ALTA_WEEK)]);

    const before = await snapshot();
    const reply = answer("K", ALTA_WEEK);
    const preview = await upload(slotUser, "response", "VIVW26003.txt", message([reply]), false);
    expect(preview.status).toBe(200);
    const body = preview.json as ResponseResult;
    expect(body.response_count).toMatchObject({ total: 1, k: { normal: 1, diff_time: 0 } });
    expect(body.warnings).toEqual([warningAt(reply)]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers no warnings when the reader assumed nothing", async () => {
    const preview = await upload(slotUser, "request", "VIVW26004.txt", message([slotLine("N", { ...ALTA, flightNumber: "VB1303" })]), false);
    expect(preview.status).toBe(200);
    expect(preview.json as RequestResult).not.toHaveProperty("warnings");
  });
});
