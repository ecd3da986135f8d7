/** Seasons, airports and settings as the browser reads and changes them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let slot: TestClient;
let reportes: TestClient;
// 23:30 in Mexico City on 2027-03-27 (the last day of W26) is already 2027-03-28 in UTC.
let clock = new Date("2027-03-28T05:30:00Z");

beforeAll(async () => {
  server = await startServer({ now: () => clock });
  slot = await server.signIn("Slot");
  reportes = await server.signIn("Reportes");
});
afterAll(() => server.close());

describe("GET /api/seasons/", () => {
  it("lists the seeded previous, current and next seasons with IATA dates, newest first", async () => {
    const seasons = await slot.ok("listSeasons");
    const names = seasons.map((s) => s.name);
    expect(names.indexOf("S27")).toBeLessThan(names.indexOf("W26"));
    expect(seasons.find((s) => s.name === "W26")).toMatchObject({ start_date: "2026-10-25", end_date: "2027-03-27" });
    expect(seasons.find((s) => s.name === "S27")).toMatchObject({ start_date: "2027-03-28", end_date: "2027-10-30" });
    expect(seasons.find((s) => s.name === "S26")).toMatchObject({ start_date: "2026-03-29", end_date: "2026-10-24" });
  });

  it("gives the current season by Mexico City's calendar, not UTC's", async () => {
    expect((await slot.ok("listSeasons", { query: { current: true } })).map((s) => s.name)).toEqual(["W26"]);
    clock = new Date("2027-03-28T06:00:00Z");
    expect((await slot.ok("listSeasons", { query: { current: true } })).map((s) => s.name)).toEqual(["S27"]);
  });

  it("filters by date, name and id, combining them", async () => {
    expect((await slot.ok("listSeasons", { query: { for_date: "2026-12-24" } })).map((s) => s.name)).toEqual(["W26"]);
    const [w26] = await slot.ok("listSeasons", { query: { name: "W26" } });
    expect(w26?.name).toBe("W26");
    expect(await slot.ok("listSeasons", { query: { id: Number(w26?.id) } })).toEqual([w26]);
    expect(await slot.ok("listSeasons", { query: { id: Number(w26?.id), for_date: "2027-06-01" } })).toEqual([]);
  });

  it.each([
    [{ name: "W2026" }, "El campo «name» no tiene el formato esperado."],
    [{ for_date: "24/12/2026" }, "El campo «for_date» debe ser una fecha con formato aaaa-mm-dd, de un año de 1900 a 2199."],
    [{ id: "abc" }, "El campo «id» debe ser un número entero."],
    [{ current: "quizá" }, "El campo «current» debe ser verdadero o falso."],
    [{ season: "W26" }, "Parámetro desconocido: «season»."],
  ])("refuses %o with a Spanish message", async (query, message) => {
    const { status, body } = await slot.fail("listSeasons", { query });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe("GET /api/airport-list/", () => {
  it("lists airports by code, MEX with id 2", async () => {
    const airports = await reportes.ok("listAirports");
    expect(airports.find((a) => a.code === "MEX")).toMatchObject({ id: 2, country: "MX" });
    expect(airports.length).toBeGreaterThanOrEqual(30);
    const codes = airports.map((a) => a.code);
    expect(codes).toEqual([...codes].sort());
  });
});

describe("settings", () => {
  it("lists Histórico's warning level, 100 % by default (green only at 100, as the seed colours the cards)", async () => {
    const settings = await reportes.ok("listSettings", { query: { names: "accomplishment" } });
    expect(settings).toEqual([{ id: expect.any(Number), name: "accomplishment", value: { accomplishment: 100 }, version: 1 }]);
    // …the demo's airline, and the coordinator's address for SCR requests, unset until someone enters it.
    expect((await reportes.ok("listSettings")).map((setting) => [setting.name, setting.value])).toEqual([
      ["accomplishment", { accomplishment: 100 }],
      ["airline", { iata: "VB", icao: "VIV", other_designators: [] }],
      ["coordinator_email", { email: null }],
    ]);
  });

  it("names an unknown setting", async () => {
    const { status, body } = await slot.fail("listSettings", { query: { names: "accomplishment,color_favorito" } });
    expect(status).toBe(400);
    expect(body.message).toBe("Configuración desconocida: «color_favorito».");
  });

  it("lets Slot change the warning level, and every reader sees the new value", async () => {
    const [setting] = await slot.ok("listSettings", { query: { names: "accomplishment" } });
    const id = Number(setting?.id);
    const updated = await slot.ok("modifySetting", { body: { id, value: { accomplishment: 85 } } });
    // A change moves the setting's version on (issue 25).
    expect(updated).toEqual({ id, name: "accomplishment", value: { accomplishment: 85 }, version: Number(setting?.version) + 1 });
    expect(await reportes.ok("listSettings", { query: { names: "accomplishment" } })).toEqual([updated]);
  });

  it.each([
    [{ accomplishment: 120 }, "El campo «value.accomplishment» debe ser menor o igual a 100."],
    [{ accomplishment: "80" }, "El campo «value.accomplishment» debe ser un número."],
    [{ umbral: 80 }, "La solicitud tiene 2 errores. El campo «value.accomplishment» es obligatorio."],
  ])("refuses the value %o and keeps the old one", async (value, message) => {
    const [before] = await slot.ok("listSettings", { query: { names: "accomplishment" } });
    const { status, body } = await slot.fail("modifySetting", { body: { id: Number(before?.id), value } });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await slot.ok("listSettings", { query: { names: "accomplishment" } })).toEqual([before]);
  });

  it("answers 404 for a setting that does not exist", async () => {
    const { status, body } = await slot.fail("modifySetting", { body: { id: 9999, value: { accomplishment: 80 } } });
    expect(status).toBe(404);
    expect(body.message).toBe("No existe la configuración con id 9999.");
  });
});
