/**
 * The SSIM Chapter 7 reader and its expansion into dated flights at MEX (src/domain/ssim7), on the
 * README's example file (tests/fixtures/schedule/example.ssim: several legs, periods and days, a
 * two-leg flight, an evening departure that lands on the next UTC date, a leg not touching MEX).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandLegs, readSsim7, writeSsim7, type Ssim7LegSpec } from "../../src/domain/ssim7";

const EXAMPLE = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1");
const lines = EXAMPLE.split("\n");
/** `text` written over line `line` (1-based) from column `column` (1-based). */
const patch = (line: number, column: number, text: string) =>
  lines.map((l, i) => (i === line - 1 ? l.slice(0, column - 1) + text + l.slice(column - 1 + text.length) : l)).join("\n");

const LEG: Ssim7LegSpec = {
  flightNumber: 900,
  from: "2026-12-01",
  to: "2026-12-31",
  days: "1",
  departureStation: "MEX",
  departureTime: "1000",
  departureVariation: "-0600",
  arrivalStation: "GDL",
  arrivalTime: "1130",
  arrivalVariation: "-0600",
  aircraftType: "320",
};
const file = (legs: Ssim7LegSpec[], timeMode: "U" | "L" = "L") =>
  writeSsim7({ airline: "VB", timeMode, from: "2026-10-25", to: "2027-03-27", created: "2026-11-20", legs });

describe("readSsim7", () => {
  it("reads the leg records of the example with their columns", () => {
    const { legs, errors } = readSsim7(EXAMPLE);
    expect(errors).toEqual([]);
    expect(legs.map((l) => `${l.flightNumber}/${l.itineraryVariation}/${l.legSequence}`)).toEqual([
      "VB850/01/01",
      "VB850/02/01",
      "VB851/01/01",
      "VB852/01/01",
      "VB853/01/01",
      "VB853/01/02",
      "VB854/01/01",
    ]);
    expect(legs[3]).toMatchObject({
      line: 14,
      timeMode: "L",
      serviceType: "J",
      from: "2026-12-01",
      to: "2026-12-07",
      days: [1, 2, 3, 4, 5, 6, 7],
      departureStation: "MEX",
      departureTime: 22 * 60 + 30,
      departureVariation: -360,
      arrivalStation: "TIJ",
      arrivalTime: 5,
      arrivalVariation: -480,
      aircraftType: "320",
      arrivalDateVariation: 1,
    });
    expect(legs[0]?.days).toEqual([1, 3, 5]);
  });

  it("refuses a malformed file, naming the line and column of each problem", () => {
    const broken = [
      [11, 15, "31NOV26"], // period start not a day
      [12, 31, "9"], // days of operation: column 31 must be 3 or blank
      [13, 37, "mex"], // departure station
      [14, 44, "2460"], // aircraft STD
      [15, 48, "-2500"], // UTC variation
      [16, 73, "3 "], // aircraft type
      [17, 195, "000099"], // serial number
    ] as const;
    let text = EXAMPLE;
    for (const [line, column, value] of broken) {
      const all = text.split("\n");
      all[line - 1] = (all[line - 1] ?? "").slice(0, column - 1) + value + (all[line - 1] ?? "").slice(column - 1 + value.length);
      text = all.join("\n");
    }
    const { legs, errors, problems } = readSsim7(text);
    // Each bad leg is an error of its line only and is left out; a serial number out of sequence
    // is a warning (the record is whole), so that leg is read.
    expect(legs.map((l) => l.line)).toEqual([17]);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [11, 15],
      [12, 31],
      [13, 37],
      [14, 44],
      [15, 48],
      [16, 73],
    ]);
    expect(errors[0]?.message).toBe("«31NOV26» no es una fecha DDMMMAA válida (columnas 15–21).");
    expect(problems.map((p) => [p.line, p.column, p.severity])).toEqual([
      [11, 15, "error"],
      [12, 31, "error"],
      [13, 37, "error"],
      [14, 44, "error"],
      [15, 48, "error"],
      [16, 73, "error"],
      [17, 195, "aviso"],
    ]);
    expect(problems[6]?.message).toBe("El número de serie es 000099; se esperaba 000009. Se leyó el registro igualmente: revise si falta alguno.");
    expect(problems[0]?.text).toBe(text.split("\n")[10]);
  });

  it("names the structural problems: length, record type, order, missing trailer", () => {
    expect(readSsim7(lines.map((l, i) => (i === 12 ? `${l}XX` : l)).join("\n")).errors).toContainEqual({
      line: 13,
      column: 201,
      message: "El registro tiene 202 caracteres; un registro SSIM tiene 200.",
    });
    expect(readSsim7(patch(13, 1, "7")).errors).toEqual([
      { line: 13, column: 1, field: "tipo de registro", message: "Tipo de registro «7» desconocido: se esperaba 1, 2, 3, 4 o 5." },
    ]);
    expect(readSsim7(lines.slice(5).join("\n")).errors[0]).toEqual({
      line: 1,
      column: 1,
      field: "tipo de registro",
      message: "El archivo debe empezar con el registro 1 (cabecera); se recibió el tipo «2».",
    });
    const cut = lines.slice(0, 17).join("\n");
    expect(readSsim7(cut).errors).toEqual([{ line: 17, message: "Falta el registro 5 (fin del archivo): el archivo parece cortado." }]);
    expect(readSsim7("").errors).toEqual([{ line: 1, message: "El archivo está vacío." }]);
    // Arrival before departure: the date variation of the arrival is missing.
    expect(readSsim7(patch(14, 194, "0")).errors).toEqual([
      {
        line: 14,
        column: 194,
        field: "variación de fecha",
        message: "La llegada queda antes de la salida: revise las horas o la variación de fecha de llegada (columna 194).",
      },
    ]);
  });
});

describe("expandLegs at MEX", () => {
  const { legs } = readSsim7(EXAMPLE);
  const { flights, errors } = expandLegs(legs, "MEX");

  it("expands periods and days into dated arrivals and departures with UTC times", () => {
    expect(errors).toEqual([]);
    const count = (n: string, arrival: boolean) => flights.filter((f) => f.flightNumber === n && f.isArrival === arrival).length;
    // VB850: Mon/Wed/Fri 1–14 Dec (6) and 15–20 Dec (2), arrivals; VB851 departures (6).
    expect([count("VB850", true), count("VB851", false), count("VB852", false), count("VB853", true), count("VB853", false)]).toEqual([
      8, 6, 7, 3, 3,
    ]);
    expect(flights).toHaveLength(27);
    expect(flights.some((f) => f.flightNumber === "VB854")).toBe(false);
    expect(flights.filter((f) => f.flightNumber === "VB850").map((f) => f.date)).toEqual([
      "2026-12-02",
      "2026-12-04",
      "2026-12-07",
      "2026-12-09",
      "2026-12-11",
      "2026-12-14",
      "2026-12-16",
      "2026-12-18",
    ]);
    expect(flights.find((f) => f.flightNumber === "VB850" && f.date === "2026-12-16")).toMatchObject({
      origin: "GDL",
      destination: "MEX",
      scheduledDeparture: "2026-12-16T13:15:00Z",
      scheduledArrival: "2026-12-16T14:45:00Z",
      aircraftType: "321",
      serviceType: "J",
    });
    // 22:30 local on 1 Dec is 04:30 UTC on the 2nd: the flight is keyed on its UTC date at MEX.
    expect(flights.find((f) => f.flightNumber === "VB852")).toMatchObject({
      date: "2026-12-02",
      isArrival: false,
      scheduledDeparture: "2026-12-02T04:30:00Z",
      scheduledArrival: "2026-12-02T08:05:00Z",
    });
    expect(flights.filter((f) => f.flightNumber === "VB853" && f.date === "2026-12-10")).toMatchObject([
      { isArrival: true, origin: "CUN", destination: "MEX", scheduledDeparture: "2026-12-10T17:00:00Z", scheduledArrival: "2026-12-10T19:30:00Z" },
      { isArrival: false, origin: "MEX", destination: "MTY", scheduledDeparture: "2026-12-10T20:30:00Z" },
    ]);
  });

  it("takes UTC times as they are in time mode U, and every other week with frequency 2", () => {
    const utc = expandLegs(readSsim7(file([LEG], "U")).legs, "MEX").flights;
    expect(utc[0]).toMatchObject({ date: "2026-12-07", scheduledDeparture: "2026-12-07T10:00:00Z" });
    const fortnightly = file([LEG]).replace(/(\n3 VB {2}9000101J01DEC2631DEC261 {6}) /, "$12");
    expect(expandLegs(readSsim7(fortnightly).legs, "MEX").flights.map((f) => f.date)).toEqual(["2026-12-07", "2026-12-21"]);
  });

  it("refuses overlapping periods of the same flight, naming both lines", () => {
    const overlap = file([LEG, { ...LEG, itineraryVariation: 2, from: "2026-12-20", to: "2027-01-10", departureTime: "1015" }]);
    const result = expandLegs(readSsim7(overlap).legs, "MEX");
    // Every line's flights come back (the caller leaves out the lines with errors): line 11's
    // Mondays of December, and line 12's that are not line 11's.
    expect(result.flights.map((f) => `${f.line}:${f.date}`)).toEqual([
      "11:2026-12-07",
      "11:2026-12-14",
      "11:2026-12-21",
      "11:2026-12-28",
      "12:2027-01-04",
    ]);
    expect(result.errors[0]).toEqual({
      line: 12,
      column: 15,
      field: "periodo",
      message: "El vuelo VB900 (salida del 2026-12-21) ya sale de la línea 11: los periodos se solapan.",
    });
    expect(result.errors).toHaveLength(2);
  });
});
