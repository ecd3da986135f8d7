/**
 * The flights load (README "Flight import (CSV)", POST /api/loads/ with kind flights; the retired
 * POST /api/flights/import/ asserted the same): idempotent upsert by flight number, date and
 * direction; a file with any error refused whole with the line and column of each error; the dates
 * touched re-matched, manual decisions kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import {
  countRows,
  FIXTURE_DATE,
  FIXTURE_NOW,
  type Fixture,
  loadTurnoverFixture,
} from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type Row = components["schemas"]["TurnoverRow"];

let server: TestServer;
let fixture: Fixture;
let slot: TestClient;
let reportes: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  fixture = await loadTurnoverFixture(server.handle.db);
  [slot, reportes] = await Promise.all([server.signIn("Slot"), server.signIn("Reportes")]);
});
afterAll(() => server.close());

const HEADER =
  "flight_number;date;direction;origin;destination;std;sta;etd;eta;atd;ata;registration;aircraft_type;seats;service_type;" +
  "status;cancellation_description;cancellation_time;delay1_code;delay1_minutes;delay2_code;delay2_minutes";
const D = FIXTURE_DATE;

/** Arrival of the leftover arrival slot VB106 (16:00), flown late with two delays. */
const LEFTOVER_FLIGHT = `VB106;${D};L;TIJ;MEX;${D} 13:10;${D} 16:00;${D} 13:40;${D} 16:30;${D} 13:45;${D} 16:35;XA-VBC;320;180;J;D;;;93;20;41;15`;
/** A new charter departure with no slot, quoted description holding the separator. */
const CHARTER = `VB702;${D};S;MEX;ACA;${D}T17:00Z;${D}T18:00Z;;;;;XA-VBD;321;220;C;N;"Vuelo chárter; grupo";;;;;`;

const turnover = async (): Promise<Row[]> => reportes.ok("getTurnover", { body: { start: D, end: D, time_zone: "UTC" } });

describe("POST /api/loads/ with the operations CSV (applyDataLoad)", () => {
  it("loads new flights, re-matches their dates and is idempotent", async () => {
    const content = `\uFEFF${HEADER}\r\n${LEFTOVER_FLIGHT}\r\n${CHARTER}\r\n`;
    const first = await slot.ok("applyDataLoad", { body: { kind: "flights", file_name: "aims.csv", content } });
    expect(first.counts).toMatchObject({ lines: 3, new: 2, changed: 0, unchanged: 0 });
    expect(first.rematch_dates).toEqual([D]);
    let rows = await turnover();
    const paired = rows.find((r) => r.slot_name === "VB106") as Row;
    expect(paired).toMatchObject({
      flight_name: "VB106",
      general_status: "OK",
      scheduled_difference: 0,
      real_difference: 35,
      flight_register: "XA-VBC",
      has_codes: true,
    });
    expect(paired.codes).toMatchObject({ first_code: "93", first_time: 20, second_code: "41", second_time: 15 });
    expect(rows.find((r) => r.flight_name === "VB702")).toMatchObject({
      general_status: "X",
      flight_type: "C",
      flight_status: "N",
      flight_route: "MEX-ACA",
      flight_aircraft: { type: "321", capacity: 220 },
    });
    const flights = await countRows(server.handle.db, "flights");

    const again = await slot.ok("applyDataLoad", { body: { kind: "flights", content } });
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
    expect(await countRows(server.handle.db, "flights")).toBe(flights);
    rows = await turnover();
    expect(rows.find((r) => r.slot_name === "VB106")?.id).toBe(paired.id);
    expect(rows).toHaveLength(10);
  });

  it("updates a flight in place and re-matches: a retimed flight moves back onto its slot", async () => {
    const before = (await turnover()).find((r) => r.slot_name === "VB104") as Row;
    expect(before.general_status).toBe("AH");
    const retimed = `${HEADER}\nVB104;${D};S;MEX;CUN;${D} 14:05;${D} 16:35;;;${D} 14:07;${D} 16:40;XA-VBA;321;220;J;T;;;;;;`;
    const result = await slot.ok("applyDataLoad", { body: { kind: "flights", content: retimed } });
    expect(result.counts).toMatchObject({ new: 0, changed: 1 });
    const after = (await turnover()).find((r) => r.slot_name === "VB104") as Row;
    expect(after).toMatchObject({
      id: before.id,
      general_status: "DIFF",
      scheduled_difference: 5,
      real_difference: 7,
      flight_scheduled: `${D}T14:05:00Z`,
    });
  });

  it("keeps a separated pair separated when a later load touches its date", async () => {
    const id = await fixture.matchOfSlot("onTime");
    await slot.ok("separateMatch", { params: { id } });
    // The same flight with another aircraft: written, and its date re-matched.
    const touched = `${HEADER}\nVB102;${D};S;MEX;GDL;${D} 12:00;${D} 13:30;;;${D} 12:00;${D} 13:30;XA-VBZ;320;180;J;D;;;;;;`;
    const loaded = await slot.ok("applyDataLoad", { body: { kind: "flights", content: touched } });
    expect(loaded.rematch_dates).toEqual([D]);
    const rows = await turnover();
    expect(rows.find((r) => r.flight_name === "VB102")).toMatchObject({ slot_id: null, general_status: "X", is_manual: true });
    expect(rows.find((r) => r.slot_name === "VB102")).toMatchObject({ flight_id: null, general_status: "A" });
  });

  it("refuses a file with two errors whole, naming the line and column of each, and changes nothing", async () => {
    const before = await turnover();
    const flights = await countRows(server.handle.db, "flights");
    const content = [
      HEADER,
      `VB800;2026-11-31;S;MEX;GDL;${D} 09:00;${D} 10:30;;;;;XA-VBE;320;180;J;D;;;;;;`,
      `VB106;${D};L;TIJ;MEX;${D} 13:10;${D} 16:00;;;;;XA-VBC;320;180;J;D;;;93;abc;;`,
      `VB802;${D};S;MEX;MTY;${D} 09:00;${D} 10:30;;;;;XA-VBE;320;180;J;D;;;;;;`,
    ].join("\n");
    const refused = await slot.fail("applyDataLoad", { body: { kind: "flights", file_name: "aims.csv", content } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("aims.csv: 2 líneas tienen errores y no se cargó nada. Corrígelas o confirma que se omitan.");
    expect(refused.body.errors).toEqual([
      { line: 2, column: 2, message: "«2026-11-31» no es una fecha válida (aaaa-mm-dd)." },
      { line: 3, column: 20, message: "Los minutos de la demora 1 deben ser un número entero de 0 a 1440; se recibió «abc»." },
    ]);
    expect(await countRows(server.handle.db, "flights")).toBe(flights);
    expect(await turnover()).toEqual(before);
  });

  it("names each kind of problem in Spanish", async () => {
    const problems = async (content: string) => (await slot.fail("applyDataLoad", { body: { kind: "flights", content } })).body.errors;
    expect(await problems(`flight_number,date,direction\nVB1,${D},L`)).toEqual([
      { line: 1, column: 1, message: "El separador de columnas debe ser el punto y coma (;), no la coma." },
    ]);
    expect(await problems(`${HEADER};gate;delay5_code\n`)).toEqual([
      { line: 1, column: 23, message: "Columna desconocida «gate»." },
      {
        line: 1,
        column: 24,
        message: "Se admiten como máximo cuatro demoras por vuelo (delay1 a delay4); sobra la columna «delay5_code».",
      },
    ]);
    expect(await problems("flight_number;date;direction;origin;destination;std\n")).toEqual([
      { line: 1, column: 1, message: "Falta la columna obligatoria «sta»." },
    ]);
    expect(await problems(`${HEADER}\n`)).toEqual([{ line: 2, column: 1, message: "El archivo no tiene vuelos: solo la cabecera." }]);
    const row = (fields: Partial<Record<string, string>>) => {
      const values: Record<string, string> = {
        flight_number: "VB300",
        date: D,
        direction: "S",
        origin: "MEX",
        destination: "GDL",
        std: `${D} 09:00`,
        sta: `${D} 10:30`,
        ...fields,
      };
      return HEADER.split(";")
        .map((name) => values[name] ?? "")
        .join(";");
    };
    const file = [
      HEADER,
      row({ flight_number: "VB12345" }),
      row({ direction: "X" }),
      row({ origin: "GDL" }),
      row({ std: `${D} 25:00` }),
      row({ sta: `${D} 08:00` }),
      row({ status: "Z" }),
      row({ delay1_code: "07", delay1_minutes: "5" }),
      row({ delay2_code: "93", delay2_minutes: "5" }),
      row({ seats: "doscientos" }),
      `${row({})};extra`,
      row({ flight_number: "VB301" }),
      row({ flight_number: "VB0301" }),
    ].join("\n");
    expect(await problems(file)).toEqual([
      { line: 2, column: 1, message: "«VB12345» no es un número de vuelo válido (p. ej. VB1234 o VB012A)." },
      { line: 3, column: 3, message: "La dirección debe ser L (llegada a MEX) o S (salida de MEX); se recibió «X»." },
      { line: 4, column: 4, message: "Una salida (S) debe tener origen MEX; se recibió «GDL»." },
      {
        line: 5,
        column: 6,
        message: `«${D} 25:00» no es una fecha y hora UTC válida para la salida programada (std) (aaaa-mm-dd hh:mm).`,
      },
      { line: 6, column: 7, message: "La llegada programada (sta) es anterior a la salida programada (std)." },
      { line: 7, column: 16, message: "El estatus «Z» no existe; use D, X, E, T, C, N, R, SC." },
      { line: 8, column: 19, message: "El código de demora «07» no existe en el catálogo IATA." },
      {
        line: 9,
        column: 21,
        message: "La demora 2 está llena pero la demora 1 está vacía; llénelas en orden.",
      },
      { line: 10, column: 14, message: "Los asientos deben ser un número entero de 0 a 999; se recibió «doscientos»." },
      { line: 11, column: 1, message: "La línea tiene 23 columnas y la cabecera 22." },
      { line: 13, column: 1, message: `El vuelo VB301 del ${D} (S) ya aparece en la línea 12.` },
    ]);
  });

  it("is refused to Seguimiento and Reportes; refuses content over 20,000,000 characters and bodies over 48 MiB", async () => {
    for (const role of ["Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      expect((await client.fail("applyDataLoad", { body: { kind: "flights", content: HEADER } })).status).toBe(403);
    }
    const long = await slot.fail("applyDataLoad", { body: { kind: "flights", content: "x".repeat(20_000_001) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("El campo «content» debe tener como máximo 20000000 caracteres.");
    const huge = await slot.fail("applyDataLoad", { body: { kind: "flights", content: "x".repeat(49 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("El cuerpo de la solicitud es demasiado grande.");
  });
});
