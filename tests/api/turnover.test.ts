/**
 * Entrega de turno and the match viewer through the HTTP interface (seed 001 §2.1, §2.6, §7):
 * the range query and each filter, `{id}` and `{filter_slots}`, rows by ids, the CSV download,
 * delay codes, delay evaluation and affectations, slot history, leftover slots, separating and
 * assigning (manual decisions that later re-runs keep), and the Admin's real dates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { DELAY_CODES } from "../../src/domain/matching/delayCodes";
import { rematch } from "../../src/server/matching/rematch";
import {
  addSlotHistory,
  countRows,
  FIXTURE_DATE,
  FIXTURE_NOW,
  type Fixture,
  insertFlight,
  insertSlot,
  loadTurnoverFixture,
  NEXT_DATE,
} from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type Row = components["schemas"]["TurnoverRow"];

let server: TestServer;
let fixture: Fixture;
let admin: TestClient;
let slot: TestClient;
let seguimiento: TestClient;
let reportes: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
  [admin, slot, seguimiento, reportes] = await Promise.all([
    server.signIn("Admin"),
    server.signIn("Slot"),
    server.signIn("Seguimiento"),
    server.signIn("Reportes"),
  ]);
});
afterAll(() => server.close());

/** The fixture's day as a UTC day (the fixture's times are UTC). */
const day = { start: FIXTURE_DATE, end: FIXTURE_DATE, time_zone: "UTC" } as const;
const byFlight = (rows: Row[], name: string) => rows.find((r) => r.flight_name === name);
const bySlot = (rows: Row[], name: string) => rows.find((r) => r.slot_name === name && r.date === FIXTURE_DATE);

describe("POST /api/turnover/ (getTurnover)", () => {
  it("answers every match of the range in the movement's UTC order, with the engine's statuses", async () => {
    const rows = await reportes.ok("getTurnover", { body: { ...day, airport: "MEX", aims_format: true } });
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.date === FIXTURE_DATE && r.season === "W26")).toBe(true);
    const instants = rows.map((r) => (r.slot_time ? `${r.slot_date}T${r.slot_time}` : r.flight_scheduled?.slice(0, 16)));
    expect(instants).toEqual([...instants].sort());
    const status = (name: string) => (bySlot(rows, name) ?? byFlight(rows, name))?.general_status;
    expect(status("VB100")).toBe("DIFF");
    expect(status("VB102")).toBe("OK");
    expect(status("VB104")).toBe("AH");
    expect(status("VB106")).toBe("A");
    expect(status("VB108")).toBe("D");
    expect(status("VB110")).toBe("CA");
    expect(status("VB112")).toBe("S");
    expect(status("VB114")).toBe("A");
    expect(byFlight(rows, "VB900")).toMatchObject({ general_status: "X", slot_id: null, slot_status: null, slot_name: null });

    const pair = bySlot(rows, "VB100") as Row;
    expect(pair).toMatchObject({
      is_arrival: true,
      flight_route: "MTY-MEX",
      flight_scheduled: `${FIXTURE_DATE}T10:05:00Z`,
      flight_real: `${FIXTURE_DATE}T10:25:00Z`,
      slot_time: "10:00",
      slot_route: "MTY",
      slot_frequency: 5,
      scheduled_difference: 5,
      real_difference: 25,
      scheduled_class: "mid_diff",
      real_class: "high_diff",
      has_codes: true,
      flight_aircraft: { type: "320", capacity: 180 },
      is_manual: false,
    });
    expect(pair.codes).toMatchObject({ first_code: "93", first_time: 20, second_code: null });
    const cancelled = bySlot(rows, "VB110") as Row;
    expect(cancelled.flight_cancellation).toEqual({
      description: "Cancelado por falla técnica de la aeronave",
      timestamp: `${FIXTURE_DATE}T05:00:00Z`,
    });
    expect(cancelled.real_difference).toBeNull();
  });

  it("covers both dates of a two-day range", async () => {
    const rows = await reportes.ok("getTurnover", { body: { start: FIXTURE_DATE, end: NEXT_DATE, time_zone: "UTC" } });
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)?.date).toBe(NEXT_DATE);
  });

  it("applies each filter, and several together", async () => {
    const names = async (body: Record<string, unknown>) =>
      (await reportes.ok("getTurnover", { body: { ...day, ...body } })).map((r) => r.slot_name ?? r.flight_name);
    expect(await names({ filter_status: { general_status: ["A", "X"] } })).toEqual(["VB106", "VB900", "VB114"]);
    expect(await names({ filter_status: { flight_status: ["E", "T"] } })).toEqual(["VB104", "VB108"]);
    expect(await names({ filter_status: { slot_status: ["S", "WIP"] } })).toEqual(["VB106", "VB112"]);
    // The real class once the flight has flown, else the scheduled one.
    expect(await names({ filter_status: { difference: ["high_diff"] } })).toEqual(["VB100", "VB104"]);
    // A cancelled flight has no real difference: its scheduled one (0) counts.
    expect(await names({ filter_difference: ["no_diff"] })).toEqual(["VB110", "VB102"]);
    // At the same minute, arrivals first.
    expect(await names({ filter_status: { difference: ["mid_diff", "null_diff"] } })).toEqual([
      "VB106",
      "VB108",
      "VB112",
      "VB900",
      "VB114",
    ]);
    expect(
      await names({ filter_difference: ["mid_diff", "high_diff"], filter_status: { general_status: ["DIFF", "S"] } }),
    ).toEqual(["VB100", "VB112"]);
    expect(await names({ filter_status: { general_status: [], flight_status: [] } })).toHaveLength(9);
  });

  it("answers one match for {id} and the rows of some slots for {filter_slots}", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const one = await reportes.ok("getTurnover", { body: { id } });
    expect(one.map((r) => r.id)).toEqual([id]);
    expect(await reportes.ok("getTurnover", { body: { id: 999_999 } })).toEqual([]);
    const some = await reportes.ok("getTurnover", {
      body: { filter_slots: [fixture.slots.pair, fixture.slots.nextDay, fixture.slots.leftoverDeparture] },
    });
    expect(some.map((r) => r.slot_id)).toEqual([fixture.slots.pair, fixture.slots.leftoverDeparture, fixture.slots.nextDay]);
  });

  it("refuses a range over 190 days, an end before the start and a request that is none of the three", async () => {
    const long = await reportes.fail("getTurnover", { body: { start: "2026-10-25", end: "2027-05-04", time_zone: "UTC" } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("El rango de fechas no puede pasar de 190 días.");
    const longLocal = await reportes.fail("getTurnover", { body: { start: "2026-10-25", end: "2027-05-04", time_zone: "America/Mexico_City" } });
    expect(longLocal.body.message).toBe("El rango de fechas no puede pasar de 190 días.");
    expect((await reportes.ok("getTurnover", { body: { start: "2026-10-25", end: "2027-05-03", time_zone: "UTC" } })).length).toBe(10);
    const reversed = await reportes.fail("getTurnover", { body: { start: NEXT_DATE, end: FIXTURE_DATE, time_zone: "UTC" } });
    expect(reversed.body.message).toBe("La fecha final no puede ser anterior a la fecha inicial.");
    expect((await reportes.fail("getTurnover", { body: { start: FIXTURE_DATE, time_zone: "UTC" } })).status).toBe(400);
    // Dates without their zone could be read as two different days: refused.
    expect((await reportes.fail("getTurnover", { body: { start: FIXTURE_DATE, end: FIXTURE_DATE } })).status).toBe(400);
    expect((await reportes.fail("getTurnover", { body: { ...day, time_zone: "local" } })).status).toBe(400);
    expect((await reportes.fail("getTurnover", { body: { ...day, filter_status: { general_status: ["Z"] } } })).status).toBe(400);
  });
});

describe("rows by ids and one match", () => {
  it("answers the ids that exist within the range", async () => {
    const ids = [await fixture.matchOfSlot("pair"), await fixture.matchOfSlot("nextDay"), 999_999];
    const rows = await seguimiento.ok("getTurnoverByIds", { query: { ...day, ids: ids.join(",") } });
    expect(rows.map((r) => r.id)).toEqual([ids[0]]);
    const both = await seguimiento.ok("getTurnoverByIds", {
      query: { start: FIXTURE_DATE, end: NEXT_DATE, time_zone: "UTC", ids: ids.join(",") },
    });
    expect(both.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect((await seguimiento.fail("getTurnoverByIds", { query: { ...day, ids: "1,x" } })).status).toBe(400);
  });

  it("answers, for a live update, only the asked matches that are in the range and pass the filters (issue 35 item 4)", async () => {
    const pair = await fixture.matchOfSlot("pair");
    const noSlot = await fixture.matchOfFlight("noSlot");
    const nextDay = await fixture.matchOfSlot("nextDay");
    const ids = (rows: Row[]) => rows.map((r) => r.id);
    const asked = { ...day, airport: "MEX", ids: [pair, noSlot, nextDay, 999_999] } as const;
    expect(ids(await slot.ok("getTurnover", { body: asked }))).toEqual(
      ids(await slot.ok("getTurnover", { body: { ...day } })).filter((id) => id === pair || id === noSlot),
    );
    // The filters still apply: the flight without slot (X) is not a row of 'A' only.
    expect(ids(await slot.ok("getTurnover", { body: { ...asked, filter_status: { general_status: ["X"] } } }))).toEqual([noSlot]);
    const tooMany = await slot.fail("getTurnover", { body: { ...day, ids: Array.from({ length: 501 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/ids/);
  });

  it("answers a list whose first item is the match, and a Spanish 404 for an unknown id", async () => {
    const id = await fixture.matchOfFlight("noSlot");
    const [row] = await reportes.ok("getMatch", { params: { id } });
    expect(row).toMatchObject({ id, flight_name: "VB900", general_status: "X" });
    for (const op of ["getMatch", "listSlotChanges", "listSlotLeftovers", "listAffectations"] as const) {
      const missing = await reportes.fail(op, { params: { id: 999_999 } });
      expect(missing.status, op).toBe(404);
      expect(missing.body.message, op).toBe("No existe el match 999999.");
    }
  });
});

describe("POST /api/turnover/download/ (downloadTurnover)", () => {
  it("sends 'Entrega de turno.csv': BOM, ';', a Spanish header and one line per row, UTC or local", async () => {
    const token = await reportes.csrfToken();
    const download = (body: Record<string, unknown>) =>
      reportes.request({
        method: "POST",
        url: "/api/turnover/download/",
        headers: { "content-type": "application/json", "x-csrftoken": token },
        payload: JSON.stringify(body),
      });
    const response = await download({ ...day, airport: "MEX" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Entrega de turno.csv"; filename*=UTF-8''Entrega%20de%20turno.csv`,
    );
    expect(response.text.charCodeAt(0)).toBe(0xfeff);
    const lines = response.text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      // The table's headers (src/domain/turnover/columnTexts.ts), plus the observations.
      "Registro;Temporada;L/S;Estado vuelo;Vuelo;Ruta;Fecha (UTC);ST (UTC);ET (UTC);AT (UTC);Matrícula;Estado slot;Slot;" +
        "Ruta slot;Fecha slot (UTC);Hora slot (UTC);Tipo;Dif. programada;Dif. real;Estado general;Códigos de demora;Observaciones",
    );
    expect(lines).toHaveLength(10);
    const id = await fixture.matchOfSlot("pair");
    expect(lines).toContain(
      `${id};W26;L;D;VB100;MTY-MEX;20/11/2026;20/11/2026 10:05;20/11/2026 10:05;20/11/2026 10:25;XA-VBA;D;VB100;MTY;20/11/2026;10:00;J;5;25;DIFF;93 (20 min);`,
    );
    // The same UTC day read in Mexico City: 06:00Z on the 20th to 06:00Z on the 21st (VB100 at
    // 10:00Z is 04:00 local; the 08:00Z and 12:00Z pairs too).
    const local = await download({
      start: FIXTURE_DATE,
      end: FIXTURE_DATE,
      time_zone: "America/Mexico_City",
      filters: { general_status: ["DIFF", "OK"], slot_status: ["D"] },
    });
    const localLines = local.text.slice(1).trimEnd().split("\r\n");
    expect(localLines).toHaveLength(3);
    expect(localLines[0]).toContain(";Fecha (Local);ST (Local);ET (Local);AT (Local);");
    expect(localLines[1]).toContain(";20/11/2026;20/11/2026 04:05;20/11/2026 04:05;20/11/2026 04:25;");
    expect(localLines[1]).toContain(";20/11/2026;04:00;");

    const refused = await reportes.fail("downloadTurnover", { body: { start: FIXTURE_DATE, end: "2027-12-31", time_zone: "UTC" } });
    expect(refused.status).toBe(400);
    const withoutZone = await reportes.fail("downloadTurnover", { body: { start: FIXTURE_DATE, end: FIXTURE_DATE } });
    expect(withoutZone.status).toBe(400);
  });
});

describe("delay codes and delay evaluation", () => {
  it("lists the IATA catalogue in Spanish, or only the codes", async () => {
    const codes = await reportes.ok("listDelayCodes");
    expect(codes).toHaveLength(DELAY_CODES.length);
    expect(codes.find((c) => c.code === "93")?.description).toMatch(/aeronave/i);
    const only = await reportes.ok("listDelayCodes", { query: { codes_only: true } });
    expect(only[0]).toEqual({ code: codes[0]?.code });
  });

  it("refuses five delays, minutes that are not numbers and unknown codes, changing nothing", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const before = await reportes.ok("getMatch", { params: { id } });
    const five = await slot.fail("evaluateMatchDelays", {
      params: { id },
      body: { delays: ["11", "12", "13", "14", "15"].map((code) => ({ code, minutes: 5 })) },
    });
    expect(five.status).toBe(400);
    expect(five.body.message).toBe("El campo «delays» debe tener como máximo 4 elementos.");
    const words = await slot.fail("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "93", minutes: "abc" }] } });
    expect(words.status).toBe(400);
    expect(words.body.message).toBe("El campo «delays[0].minutes» debe ser un número entero.");
    const unknown = await slot.fail("evaluateMatchDelays", { params: { id }, body: { delays: [{ code: "07", minutes: 5 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: "delays[0].code", message: "El código de demora «07» no existe en el catálogo." }]);
    const cause = await slot.fail("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "93", minutes: 5, cause: "<script>" }] },
    });
    expect(cause.status).toBe(400);
    expect(await reportes.ok("getMatch", { params: { id } })).toEqual(before);
    for (const client of [seguimiento, reportes]) {
      expect((await client.fail("evaluateMatchDelays", { params: { id }, body: { delays: [] } })).status).toBe(403);
    }
    expect((await slot.fail("evaluateMatchDelays", { params: { id: 999_999 }, body: { delays: [] } })).status).toBe(404);
  });

  it("replaces the delays, recomputes has_codes and keeps one affectation per cause", async () => {
    const id = await fixture.matchOfSlot("offSlot");
    const first = await slot.ok("evaluateMatchDelays", {
      params: { id },
      body: {
        delays: [
          { code: "41", minutes: 20, cause: "Falla en APU (cambio de componente)" },
          { code: "93", minutes: 10 },
        ],
        observations: "Revisado con mantenimiento",
      },
    });
    expect(first).toMatchObject({ id, has_codes: true, observations: "Revisado con mantenimiento" });
    expect(first.codes).toEqual({
      first_code: "41",
      first_time: 20,
      first_cause: "Falla en APU (cambio de componente)",
      second_code: "93",
      second_time: 10,
      second_cause: null,
      third_code: null,
      third_time: null,
      third_cause: null,
      fourth_code: null,
      fourth_time: null,
      fourth_cause: null,
    });
    const affectations = await reportes.ok("listAffectations", { params: { id } });
    expect(affectations.map((a) => [a.code, a.date, a.affectation_number, a.observations])).toEqual([
      ["41", FIXTURE_DATE, 0, ""],
      ["93", FIXTURE_DATE, 0, ""],
    ]);
    expect(affectations[0]?.affectation).toBe(DELAY_CODES.find((c) => c.code === "41")?.description);

    const target = affectations.find((a) => a.code === "93");
    const updated = await slot.ok("updateAffectation", {
      body: { id: target?.id, affectation_number: 37, observations: " 37 pasajeros en conexión " },
    });
    expect(updated).toMatchObject({ code: "93", affectation_number: 37, observations: "37 pasajeros en conexión" });
    for (const client of [seguimiento, reportes]) {
      const refused = await client.fail("updateAffectation", { body: { id: target?.id, affectation_number: 1, observations: "" } });
      expect(refused.status).toBe(403);
    }
    const missing = await slot.fail("updateAffectation", { body: { id: 999_999, affectation_number: 1, observations: "" } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("No existe la afectación 999999.");

    // 93 stays (with its number), 41 goes, 15 comes; observations not sent are kept.
    const second = await slot.ok("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "93", minutes: 25 }, { code: "15", minutes: 5 }] },
    });
    expect(second.observations).toBe("Revisado con mantenimiento");
    const after = await reportes.ok("listAffectations", { params: { id } });
    expect(after.map((a) => [a.code, a.affectation_number, a.observations])).toEqual([
      ["93", 37, "37 pasajeros en conexión"],
      ["15", 0, ""],
    ]);

    const cleared = await admin.ok("evaluateMatchDelays", { params: { id }, body: { delays: [] } });
    expect(cleared.has_codes).toBe(false);
    expect(cleared.codes.first_code).toBeNull();
    expect(await reportes.ok("listAffectations", { params: { id } })).toEqual([]);
  });

  it("starts a match's affectations from AIMS's delay codes, and refuses delays on a leftover slot", async () => {
    const id = await fixture.matchOfSlot("pair");
    expect((await reportes.ok("listAffectations", { params: { id } })).map((a) => a.code)).toEqual(["93"]);
    const leftover = await fixture.matchOfSlot("leftoverArrival");
    const refused = await slot.fail("evaluateMatchDelays", { params: { id: leftover }, body: { delays: [] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Este match no tiene vuelo: no hay demoras que evaluar.");
  });
});

describe("slot change history", () => {
  it("lists the slot's requests newest first, and nothing for a flight without slot", async () => {
    await addSlotHistory(server.handle.db, fixture.slots.pair as number, {
      at: "2026-10-01T15:00:00Z",
      reference: 1001,
      requestType: "Alta",
      actual: null,
      request: "NVB100 20NOV20NOV 0000500 180320 MTY1000 J",
      response: "K",
    });
    await addSlotHistory(server.handle.db, fixture.slots.pair as number, {
      at: "2026-11-02T15:00:00Z",
      reference: 1002,
      requestType: "Modificación",
      actual: "CVB100 20NOV20NOV 0000500 180320 MTY1000 J",
      request: "RVB100 20NOV20NOV 0000500 180320 MTY1005 J",
      response: "U",
    });
    const changes = await reportes.ok("listSlotChanges", { params: { id: await fixture.matchOfSlot("pair") } });
    expect(changes.map((c) => [c.reference, c.request_type, c.response])).toEqual([
      [1002, "Modificación", "U"],
      [1001, "Alta", "K"],
    ]);
    expect(changes[0]).toMatchObject({
      request_date: "2026-11-02T15:00:00Z",
      part: 1,
      lines: { actual: "CVB100 20NOV20NOV 0000500 180320 MTY1000 J", request: "RVB100 20NOV20NOV 0000500 180320 MTY1005 J" },
    });
    expect(await reportes.ok("listSlotChanges", { params: { id: await fixture.matchOfFlight("noSlot") } })).toEqual([]);
  });
});

describe("leftover slots and manual decisions", () => {
  it("lists the leftover slots of the flight's date and direction, nearest first", async () => {
    const id = await fixture.matchOfFlight("noSlot");
    const leftovers = await reportes.ok("listSlotLeftovers", { params: { id } });
    expect(leftovers).toEqual([
      {
        id: fixture.slots.leftoverDeparture,
        name: "VB114",
        slot_schedule_date: FIXTURE_DATE,
        slot_schedule_time: "23:30",
        frequency: 5,
        aircraft_capacity: 180,
        aircraft_type: "320",
        airport: "VER",
        flight_type: "J",
        difference: -210,
        is_arrival: false,
      },
    ]);
    expect(await reportes.ok("listSlotLeftovers", { params: { id: await fixture.matchOfSlot("leftoverArrival") } })).toEqual([]);
  });

  it("refuses to assign what is not a leftover of the same date and direction, or to a match without flight", async () => {
    const id = await fixture.matchOfFlight("noSlot");
    const paired = await slot.fail("assignSlotLeftover", { params: { id }, body: { match_slot_leftover: fixture.slots.onTime } });
    expect(paired.status).toBe(409);
    expect(paired.body.message).toBe(
      `El slot VB102 del ${FIXTURE_DATE} a las 12:00 no es un slot sobrante de la misma fecha y dirección que el vuelo VB900.`,
    );
    const otherDirection = await slot.fail("assignSlotLeftover", {
      params: { id },
      body: { match_slot_leftover: fixture.slots.leftoverArrival },
    });
    expect(otherDirection.status).toBe(409);
    const noFlight = await slot.fail("assignSlotLeftover", {
      params: { id: await fixture.matchOfSlot("leftoverArrival") },
      body: { match_slot_leftover: fixture.slots.leftoverDeparture },
    });
    expect(noFlight.status).toBe(409);
    expect(noFlight.body.message).toBe("Este match no tiene vuelo: un slot sobrante solo se asigna a un vuelo.");
    const unknownSlot = await slot.fail("assignSlotLeftover", { params: { id }, body: { match_slot_leftover: 999_999 } });
    expect(unknownSlot.status).toBe(404);
    expect(unknownSlot.body.message).toBe("No existe el slot 999999.");
    for (const client of [seguimiento, reportes]) {
      expect((await client.fail("assignSlotLeftover", { params: { id }, body: { match_slot_leftover: 1 } })).status).toBe(403);
    }
    expect((await countRows(server.handle.db, "manual_decisions"))).toBe(0);
  });

  it("assigns a leftover slot to a flight; the pair survives later re-runs", async () => {
    const id = await fixture.matchOfFlight("noSlot");
    const row = await slot.ok("assignSlotLeftover", {
      params: { id },
      body: { match_slot_leftover: fixture.slots.leftoverDeparture },
    });
    expect(row).toMatchObject({
      flight_id: fixture.flights.noSlot,
      slot_id: fixture.slots.leftoverDeparture,
      slot_name: "VB114",
      general_status: "AH",
      scheduled_difference: -210,
      is_manual: true,
    });
    await rematch(server.handle.db, [FIXTURE_DATE]);
    const again = await reportes.ok("getMatch", { params: { id: row.id } });
    expect(again[0]).toMatchObject({ flight_id: fixture.flights.noSlot, slot_id: fixture.slots.leftoverDeparture, is_manual: true });
  });

  it("separates any pair (not a row without flight or slot) into the flight alone and the slot alone, and keeps it separated", async () => {
    const leftover = await fixture.matchOfSlot("leftoverArrival");
    const refused = await slot.fail("separateMatch", { params: { id: leftover } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Solo se puede desvincular un match de vuelo con slot; este tiene estatus general A.");
    const offSlot = await fixture.matchOfSlot("offSlot");
    for (const client of [seguimiento, reportes]) {
      expect((await client.fail("separateMatch", { params: { id: offSlot } })).status).toBe(403);
    }
    expect((await slot.fail("separateMatch", { params: { id: 999_999 } })).status).toBe(404);

    const id = await fixture.matchOfSlot("onTime");
    expect((await reportes.ok("getMatch", { params: { id } }))[0]?.general_status).toBe("OK");
    const rows = await admin.ok("separateMatch", { params: { id } });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ flight_id: fixture.flights.onTime, slot_id: null, general_status: "X", is_manual: true });
    expect(rows[1]).toMatchObject({ flight_id: null, slot_id: fixture.slots.onTime, general_status: "A", is_manual: true });
    // A re-run pairs neither again, though each would pair with the other.
    await rematch(server.handle.db, [FIXTURE_DATE, NEXT_DATE]);
    const day1 = await reportes.ok("getTurnover", { body: day });
    expect(byFlight(day1, "VB102")).toMatchObject({ slot_id: null, general_status: "X" });
    expect(bySlot(day1, "VB102")).toMatchObject({ flight_id: null, general_status: "A" });
    // The separated slot is now offered to its old flight: assigning it is a later decision, which wins.
    const flightMatch = await fixture.matchOfFlight("onTime");
    const offered = await reportes.ok("listSlotLeftovers", { params: { id: flightMatch } });
    expect(offered.map((s) => s.id)).toContain(fixture.slots.onTime);
  });

  it("keeps the team's delays, observations and affectation numbers through a separation, an assignment back and a re-run", async () => {
    const id = await fixture.matchOfSlot("equipment");
    await slot.ok("evaluateMatchDelays", {
      params: { id },
      body: { delays: [{ code: "41", minutes: 12, cause: "Cambio de equipo" }], observations: "Avión sustituto" },
    });
    const [affectation] = await reportes.ok("listAffectations", { params: { id } });
    await slot.ok("updateAffectation", { body: { id: affectation?.id, affectation_number: 23, observations: "23 conexiones" } });
    const teamWork = (row: Row | undefined) => ({
      codes: row?.codes.first_code,
      minutes: row?.codes.first_time,
      cause: row?.codes.first_cause,
      observations: row?.observations,
    });
    const expected = { codes: "41", minutes: 12, cause: "Cambio de equipo", observations: "Avión sustituto" };

    const [alone] = await slot.ok("separateMatch", { params: { id } });
    expect(alone).toMatchObject({ slot_id: null, general_status: "X" });
    expect(teamWork(alone)).toEqual(expected);
    const aloneAffectations = await reportes.ok("listAffectations", { params: { id: alone?.id ?? 0 } });
    expect(aloneAffectations.map((a) => [a.code, a.affectation_number, a.observations])).toEqual([["41", 23, "23 conexiones"]]);

    const back = await slot.ok("assignSlotLeftover", {
      params: { id: alone?.id ?? 0 },
      body: { match_slot_leftover: fixture.slots.equipment as number },
    });
    expect(back).toMatchObject({ slot_id: fixture.slots.equipment, flight_id: fixture.flights.equipment, general_status: "D" });
    expect(teamWork(back)).toEqual(expected);
    await rematch(server.handle.db, [FIXTURE_DATE, NEXT_DATE]);
    const [again] = await reportes.ok("getMatch", { params: { id: back.id } });
    expect(teamWork(again)).toEqual(expected);
    const kept = await reportes.ok("listAffectations", { params: { id: back.id } });
    expect(kept.map((a) => [a.code, a.affectation_number, a.observations])).toEqual([["41", 23, "23 conexiones"]]);
  });
});

describe("PUT /api/turnover/{id}/real_dates/ (updateRealDates)", () => {
  it("is for Admin only", async () => {
    const id = await fixture.matchOfSlot("pair");
    const body = { actual_dep: "2026-11-20T08:40:00Z", actual_arr: "2026-11-20T10:10:00Z" };
    for (const client of [slot, seguimiento, reportes]) {
      const refused = await client.fail("updateRealDates", { params: { id }, body });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Su rol no tiene permiso para realizar esta operación.");
    }
  });

  it("refuses a departure after the arrival, changing nothing", async () => {
    const id = await fixture.matchOfSlot("pair");
    const before = await reportes.ok("getMatch", { params: { id } });
    const refused = await admin.fail("updateRealDates", {
      params: { id },
      body: { actual_dep: "2026-11-20T11:00:00Z", actual_arr: "2026-11-20T10:10:00Z" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("La salida real no puede ser posterior a la llegada real.");
    expect(await reportes.ok("getMatch", { params: { id } })).toEqual(before);
    const leftover = await admin.fail("updateRealDates", {
      params: { id: await fixture.matchOfSlot("leftoverArrival") },
      body: { actual_dep: "2026-11-20T08:40:00Z", actual_arr: "2026-11-20T10:10:00Z" },
    });
    expect(leftover.status).toBe(400);
  });

  it("stores the real dates and recomputes the real difference", async () => {
    const id = await fixture.matchOfSlot("pair");
    const row = await admin.ok("updateRealDates", {
      params: { id },
      body: { actual_dep: "2026-11-20T08:40:00Z", actual_arr: "2026-11-20T04:12:00-06:00" },
    });
    expect(row).toMatchObject({
      id,
      flight_actual_datetime_dep: "2026-11-20T08:40:00Z",
      flight_actual_datetime_arr: "2026-11-20T10:12:00Z",
      flight_real: "2026-11-20T10:12:00Z",
      real_difference: 12,
      real_class: "mid_diff",
      scheduled_difference: 5,
    });
  });
});

describe("the day a user means (DESIGN.md §6): a range's days are days of its time zone", () => {
  const LOCAL = "America/Mexico_City";
  // Sunday 22/11 in Mexico City. Added last: the counts above do not see these days.
  const EVENING = "2026-11-22";
  const NEXT = "2026-11-23";
  let evening = 0;

  beforeAll(async () => {
    const db = server.handle.db;
    // The flight of the report: 00:30Z on the 23rd is 18:30 on the 22nd in Mexico City, and
    // AIMS dates it the 23rd (a UTC date).
    await insertSlot(db, { key: "evening", flightNumber: "VB120", date: NEXT, time: "00:30", isArrival: true, route: "MTY" });
    await insertFlight(db, {
      key: "evening",
      flightNumber: "VB120",
      isArrival: true,
      station: "MTY",
      scheduled: `${NEXT}T00:30:00Z`,
      actual: `${NEXT}T00:41:00Z`,
    });
    // The edges, flights without slot: 17:59 and 18:00 local (the UTC midnight), 23:59 local
    // the day before (05:59Z) and 00:00 local the day after (06:00Z).
    const edges: Array<[string, string]> = [
      ["VB930", `${EVENING}T23:59:00Z`],
      ["VB932", `${NEXT}T00:00:00Z`],
      ["VB934", `${NEXT}T06:00:00Z`],
      ["VB936", `${EVENING}T05:59:00Z`],
    ];
    for (const [flightNumber, scheduled] of edges) {
      await insertFlight(db, { key: flightNumber, flightNumber, isArrival: false, station: "CUN", scheduled, actual: null });
    }
    await rematch(db, [EVENING, NEXT]);
    evening = await matchOfFlightNumber("VB120");
  });

  const matchOfFlightNumber = async (name: string) => {
    const rows = await reportes.ok("getTurnover", { body: { start: EVENING, end: NEXT, time_zone: "UTC" } });
    const row = byFlight(rows, name);
    if (!row) throw new Error(`${name} is not in the turnover`);
    return row.id;
  };

  const names = async (start: string, end: string, time_zone: "UTC" | "America/Mexico_City") =>
    (await reportes.ok("getTurnover", { body: { start, end, time_zone } })).map((r) => r.flight_name ?? r.slot_name);

  it("'Hoy' at 18:30 local (22/11 LOCAL) holds the evening being handed over: 18:00 local to midnight", async () => {
    expect(await names(EVENING, EVENING, LOCAL)).toEqual(["VB930", "VB932", "VB120"]);
    // The same flight is on the 23rd for a UTC day, with the 18:00-local edge and 00:00 local.
    expect(await names(NEXT, NEXT, "UTC")).toEqual(["VB932", "VB120", "VB934"]);
    expect(await names(EVENING, EVENING, "UTC")).toEqual(["VB936", "VB930"]);
    expect(await names(NEXT, NEXT, LOCAL)).toEqual(["VB934"]);
    // Two LOCAL days read three UTC dates, in order (VB100 is the fixture's pair of the 21st).
    expect(await names(NEXT_DATE, EVENING, LOCAL)).toEqual(["VB100", "VB936", "VB930", "VB932", "VB120"]);
  });

  it("answers rows by ids within the days of the zone", async () => {
    const ids = String(evening);
    expect((await seguimiento.ok("getTurnoverByIds", { query: { start: EVENING, end: EVENING, time_zone: LOCAL, ids } })).map((r) => r.id)).toEqual([
      evening,
    ]);
    expect(await seguimiento.ok("getTurnoverByIds", { query: { start: EVENING, end: EVENING, time_zone: "UTC", ids } })).toEqual([]);
    expect((await seguimiento.fail("getTurnoverByIds", { query: { start: EVENING, end: EVENING, ids } })).status).toBe(400);
  });

  it("writes the CSV of the same days with every date and time in the zone: the flight is on 22/11 LOCAL and 23/11 UTC", async () => {
    const token = await reportes.csrfToken();
    const csv = async (start: string, time_zone: string) => {
      const response = await reportes.request({
        method: "POST",
        url: "/api/turnover/download/",
        headers: { "content-type": "application/json", "x-csrftoken": token },
        payload: JSON.stringify({ start, end: start, time_zone }),
      });
      expect(response.status).toBe(200);
      return response.text.slice(1).trimEnd().split("\r\n").slice(1);
    };
    const local = await csv(EVENING, LOCAL);
    expect(local.map((line) => line.split(";")[4])).toEqual(["VB930", "VB932", "VB120"]);
    const flight = local.find((line) => line.includes(";VB120;"))?.split(";") ?? [];
    // Fecha, ST, ET, AT … Fecha slot, Hora slot: all in Mexico City, all on the 22nd.
    expect(flight.slice(6, 10)).toEqual(["22/11/2026", "22/11/2026 18:30", "22/11/2026 18:30", "22/11/2026 18:41"]);
    expect(flight.slice(14, 16)).toEqual(["22/11/2026", "18:30"]);
    expect(local.find((line) => line.includes(";VB930;"))?.split(";").slice(6, 8)).toEqual(["22/11/2026", "22/11/2026 17:59"]);
    expect(local.find((line) => line.includes(";VB932;"))?.split(";").slice(6, 8)).toEqual(["22/11/2026", "22/11/2026 18:00"]);

    const utc = await csv(NEXT, "UTC");
    expect(utc.map((line) => line.split(";")[4])).toEqual(["VB932", "VB120", "VB934"]);
    const utcFlight = utc.find((line) => line.includes(";VB120;"))?.split(";") ?? [];
    expect(utcFlight.slice(6, 8)).toEqual(["23/11/2026", "23/11/2026 00:30"]);
    expect(utcFlight.slice(14, 16)).toEqual(["23/11/2026", "00:30"]);
  });
});
