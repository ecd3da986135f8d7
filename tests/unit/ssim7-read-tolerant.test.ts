/**
 * The SSIM Chapter 7 reader as planning systems export (issue 22 item 3), on a real-shaped file
 * written from the manual's record layout (tests/fixtures/schedule/real-shaped.ssim): CRLF,
 * records whose trailing blanks were trimmed (no serial numbers), zero padding, record 4, three
 * airlines' blocks (VB with an ICAO VIV leg, AM, Y4 in UTC), local times with each station's
 * variation (-0500, -0600, -0800, +0100), an overnight leg with a blank date variation, an
 * open-ended period and one bad leg. Each tolerance is read with its warning; what cannot be
 * understood is an error of that line only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorLines } from "../../src/domain/reading";
import { expandLegs, NEXT_DAY_ARRIVAL_MESSAGE, readSsim7, writeSsim7, type Ssim7LegSpec } from "../../src/domain/ssim7";

const REAL = readFileSync(join(__dirname, "../fixtures/schedule/real-shaped.ssim"), "latin1");
const AIRLINE = ["VB", "VIV"];

describe("a real-shaped SSIM file", () => {
  const read = readSsim7(REAL, { airlines: AIRLINE });

  it("is CRLF with trimmed records, and every good leg of the airline loads", () => {
    expect(REAL).toContain("\r\n");
    expect(REAL.split("\r\n").some((line) => line.length > 0 && line.length < 200)).toBe(true);
    expect(read.legs.map((l) => [l.line, l.flightNumber])).toEqual([
      [11, "VB900"],
      [13, "VB901"],
      [14, "VB910"],
      [15, "VB920"],
      [16, "VIV930"],
      [18, "VB950"],
    ]);
  });

  it("names each assumption with its line and column, and the one bad leg as an error", () => {
    expect(read.problems.map((p) => [p.line, p.column, p.severity, p.message])).toEqual([
      [14, 194, "aviso", NEXT_DAY_ARRIVAL_MESSAGE],
      [
        15,
        22,
        "aviso",
        "Periodo sin fin (00XXX00): se asumió que termina el 2027-03-27, último día de la temporada W26 en la que empieza.",
      ],
      [17, 37, "error", "«M X» no es un código de aeropuerto IATA de tres letras (columnas 37–39)."],
      [24, 3, "aviso", "Se omitieron 3 tramos de otras aerolíneas: AM (2), Y4 (1). Solo se leen los de VB / VIV."],
    ]);
    expect(NEXT_DAY_ARRIVAL_MESSAGE).toBe(
      "Se asumió llegada al día siguiente: la variación de fecha está vacía y la llegada quedaba antes de la salida",
    );
    expect(read.problems[2]?.text).toBe(REAL.split("\r\n")[16]);
    expect(read.errors).toEqual([
      { line: 17, column: 37, field: "estación de salida", message: "«M X» no es un código de aeropuerto IATA de tres letras (columnas 37–39)." },
    ]);
    expect(errorLines(read.problems)).toEqual([17]);
  });

  it("converts local times with each station's variation and moves the overnight arrival to the next day", () => {
    const { flights, errors } = expandLegs(read.legs, "MEX");
    expect(errors).toEqual([]);
    const first = (n: string) => flights.find((f) => f.flightNumber === n);
    // MEX 23:30 local (-0600) on 1 Dec is 05:30 UTC on the 2nd; TIJ 00:40 local (-0800) the next day is 08:40 UTC.
    expect(first("VB910")).toMatchObject({ date: "2026-12-02", isArrival: false, scheduledDeparture: "2026-12-02T05:30:00Z", scheduledArrival: "2026-12-02T08:40:00Z" });
    // MAD 12:00 local (+0100) is 11:00 UTC; MEX 17:00 local (-0600) is 23:00 UTC.
    expect(first("VB950")).toMatchObject({ date: "2026-12-01", isArrival: true, scheduledDeparture: "2026-12-01T11:00:00Z", scheduledArrival: "2026-12-01T23:00:00Z" });
    // CUN 11:00 local (-0500) is 16:00 UTC.
    expect(first("VB901")).toMatchObject({ scheduledDeparture: "2026-12-01T16:00:00Z", scheduledArrival: "2026-12-01T18:00:00Z" });
    expect(first("VIV930")).toMatchObject({ date: "2026-12-02", scheduledDeparture: "2026-12-02T19:00:00Z" });
    // The open-ended series runs Mon/Wed/Fri to the season's last day.
    const open = flights.filter((f) => f.flightNumber === "VB920");
    expect([open.length, open[0]?.date, open.at(-1)?.date]).toEqual([50, "2026-12-02", "2027-03-26"]);
    expect(flights.some((f) => f.flightNumber.startsWith("AM") || f.flightNumber.startsWith("Y4"))).toBe(false);
  });

  it("reads every airline's legs when no airline is given", () => {
    const all = readSsim7(REAL);
    expect(all.legs.map((l) => l.flightNumber)).toEqual(["VB900", "VB901", "VB910", "VB920", "VIV930", "VB950", "AM100", "AM101", "Y4500"]);
    expect(all.problems.map((p) => p.line)).toEqual([14, 15, 17]);
  });
});

describe("each tolerance alone, on the builder's own file", () => {
  const LEG: Ssim7LegSpec = {
    flightNumber: 910,
    from: "2026-12-01",
    to: "2026-12-07",
    days: "1234567",
    departureStation: "MEX",
    departureTime: "2330",
    departureVariation: "-0600",
    arrivalStation: "TIJ",
    arrivalTime: "0040",
    arrivalVariation: "-0800",
    aircraftType: "320",
    arrivalDateVariation: 1,
  };
  const file = writeSsim7({ airline: "VB", timeMode: "L", from: "2026-10-25", to: "2027-03-27", created: "2026-11-20", legs: [LEG] });
  const lines = file.split("\n");
  const legLine = lines.findIndex((l) => l.startsWith("3")) + 1;
  const patch = (column: number, text: string) =>
    lines.map((l, i) => (i === legLine - 1 ? l.slice(0, column - 1) + text + l.slice(column - 1 + text.length) : l)).join("\n");

  it("the builder's file reads without a single problem", () => {
    const read = readSsim7(file, { airlines: AIRLINE });
    expect(read.problems).toEqual([]);
    expect(read.legs).toHaveLength(1);
  });

  it("a blank arrival date variation on an overnight leg: next day, with the warning", () => {
    const read = readSsim7(patch(194, " "));
    expect(read.legs[0]?.arrivalDateVariation).toBe(1);
    expect(read.problems).toEqual([
      { line: legLine, column: 194, text: lines[legLine - 1]?.slice(0, 193) + " " + lines[legLine - 1]?.slice(194), severity: "aviso", message: NEXT_DAY_ARRIVAL_MESSAGE },
    ]);
  });

  it("an explicit 0 that puts the arrival before the departure is still an error", () => {
    const read = readSsim7(patch(194, "0"));
    expect(read.legs).toEqual([]);
    expect(read.problems.map((p) => [p.line, p.column, p.severity])).toEqual([[legLine, 194, "error"]]);
  });

  it("an open-ended period ends at the end of its start's season (a summer start, too)", () => {
    const winter = readSsim7(patch(22, "00XXX00"));
    expect(winter.legs[0]?.to).toBe("2027-03-27");
    expect(winter.problems.map((p) => [p.line, p.column, p.severity])).toEqual([[legLine, 22, "aviso"]]);
    const summer = readSsim7(patch(15, "05APR27").replace("07DEC26", "00XXX00"));
    expect(summer.legs[0]?.to).toBe("2027-10-30");
    expect(summer.problems[0]?.message).toBe(
      "Periodo sin fin (00XXX00): se asumió que termina el 2027-10-30, último día de la temporada S27 en la que empieza.",
    );
  });

  it("CRLF, trimmed records, blank lines and record 4 are read without a word", () => {
    const untidy = lines
      .map((l) => (l.startsWith("3") ? `${l}\n4 VB  9100101J              AB010MEXTIJ` : l))
      .join("\r\n\r\n")
      .replace(/ +(?=\r|$)/g, "");
    // The serial numbers still count the records: with record 4 added they are out of sequence,
    // so blank them as exports that trim their records do.
    const noSerials = untidy.replace(/\d{6}(?=\r|$)/g, "");
    const read = readSsim7(noSerials, { airlines: AIRLINE });
    expect(read.problems).toEqual([]);
    expect(read.legs).toHaveLength(1);
  });

  it("a serial number out of sequence is a warning and the record is read", () => {
    const read = readSsim7(patch(195, "000042"));
    expect(read.legs).toHaveLength(1);
    expect(read.problems.map((p) => [p.line, p.column, p.severity])).toEqual([[legLine, 195, "aviso"]]);
  });
});

describe("the serial numbers (SSIM Chapter 7, columns 195–200: each record's number in sequence)", () => {
  // tests/fixtures/schedule/example.ssim is written from the Chapter 7 record layout, records
  // numbered 000001 (record 1) to 000010 (record 5).
  const base = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1").split("\n");
  const renumbered = (from: number, shift: number) =>
    base
      .map((l, i) => (i >= from && /\d{6}$/.test(l) ? `${l.slice(0, 194)}${String(Number(l.slice(194)) + shift).padStart(6, "0")}` : l))
      .join("\n");

  it("names one repeated number once and resynchronises: the records after it are not all flagged", () => {
    // Lines 12… repeat 000003 and go on from there (000003, 000003, 000004, …, 000009).
    const read = readSsim7(renumbered(11, -1));
    expect(read.legs).toHaveLength(7);
    expect(read.problems.map((p) => [p.line, p.column, p.severity, p.message])).toEqual([
      [12, 195, "aviso", "El número de serie es 000003; se esperaba 000004. Se leyó el registro igualmente: revise si falta alguno."],
    ]);
  });

  it("names one missing number once (a record may be lost), then follows the sequence again", () => {
    const read = readSsim7(renumbered(13, 1));
    expect(read.problems.map((p) => [p.line, p.message])).toEqual([
      [14, "El número de serie es 000007; se esperaba 000006. Se leyó el registro igualmente: revise si falta alguno."],
    ]);
  });
});

describe("what is still refused: an error for that line only", () => {
  const base = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1").split("\n");
  const withLine = (index: number, text: string) => base.map((l, i) => (i === index ? text : l)).join("\n");

  it.each([
    ["a garbage line", "HELLO WORLD", 1, "Tipo de registro «H» desconocido"],
    ["an impossible date", (base[11] ?? "").replace("15DEC26", "31NOV26"), 15, "«31NOV26» no es una fecha DDMMMAA válida"],
    ["a record longer than 200 characters", `${base[11] ?? ""}XX`, 201, "El registro tiene 202 caracteres"],
  ])("%s", (_name, text, column, start) => {
    const read = readSsim7(withLine(11, text));
    expect(read.legs.map((l) => l.line)).toEqual([11, 13, 14, 15, 16, 17]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ line: 12, column, severity: "error", text });
    expect(read.problems[0]?.message.startsWith(start)).toBe(true);
  });

  it("a file that is not SSIM at all has no legs", () => {
    const read = readSsim7("flight;date\nVB1;2026-12-01\n");
    expect(read.legs).toEqual([]);
    expect(read.errors.length).toBeGreaterThan(0);
    expect(read.problems.every((p) => p.severity === "error")).toBe(true);
  });
});
