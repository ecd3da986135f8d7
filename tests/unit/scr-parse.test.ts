import { describe, expect, it } from "vitest";
import {
  isoToScrDate,
  parseScr,
  resolveScrDate,
  scrDateToIso,
  scrPeriodToIso,
  type ScrDataLine,
  type ScrError,
} from "../../src/domain/scr";

/** The request of /work/shared/domain/SCR.md, verbatim. */
const EXAMPLE = `SCR
/slots@airline.example
W26
21NOV
MEX
NVB1234 05DEC05DEC 0000060 180320 MTY0700 J
N VB1235 05DEC05DEC 0000060 180320 0800MTY J
CVB1102 12JAN12JAN 0200000 180320 CUN1310 J
RVB1102 12JAN12JAN 0200000 180320 CUN1340 J
D VB1103 13JAN13JAN 0030000 220321 1445CUN J
SI IF NOT AVBL PLS OFFER NEAREST
GI SALUDOS/J. PEREZ`;

const HEADER = "SCR\n/slots@airline.example\nW26\n21NOV\nMEX";

/** A message with the header above and these body lines (the first body line is line 6). */
function message(...body: string[]): string {
  return [HEADER, ...body].join("\n");
}

/** The only data line of a one-line message, failing with the errors when there is none. */
function onlyLine(line: string): ScrDataLine {
  const result = parseScr(message(line));
  expect(result.errors).toEqual([]);
  expect(result.lines).toHaveLength(1);
  const [parsed] = result.lines;
  if (!parsed) throw new Error("no line");
  return parsed;
}

function errorsOf(...body: string[]): ScrError[] {
  return parseScr(message(...body)).errors;
}

describe("parseScr on the SCR.md example", () => {
  const result = parseScr(EXAMPLE);

  it("reads the header", () => {
    expect(result.header).toEqual({
      smi: "SCR",
      creator: "slots@airline.example",
      season: "W26",
      date: "21NOV",
      airport: "MEX",
      reyt: null,
    });
  });

  it("reads every field of every data line", () => {
    expect(result.lines).toEqual([
      {
        line: 6,
        action: "N",
        arrival: { flight: "VB1234", origin: "MTY", previous: null, time: "0700" },
        departure: null,
        from: "05DEC",
        to: "05DEC",
        days: "0000060",
        seats: 180,
        aircraft: "320",
        service: "J",
        frequencyRate: null,
        extra: null,
      },
      {
        line: 7,
        action: "N",
        arrival: null,
        departure: { flight: "VB1235", time: "0800", overnight: null, next: null, destination: "MTY" },
        from: "05DEC",
        to: "05DEC",
        days: "0000060",
        seats: 180,
        aircraft: "320",
        service: "J",
        frequencyRate: null,
        extra: null,
      },
      {
        line: 8,
        action: "C",
        arrival: { flight: "VB1102", origin: "CUN", previous: null, time: "1310" },
        departure: null,
        from: "12JAN",
        to: "12JAN",
        days: "0200000",
        seats: 180,
        aircraft: "320",
        service: "J",
        frequencyRate: null,
        extra: null,
      },
      {
        line: 9,
        action: "R",
        arrival: { flight: "VB1102", origin: "CUN", previous: null, time: "1340" },
        departure: null,
        from: "12JAN",
        to: "12JAN",
        days: "0200000",
        seats: 180,
        aircraft: "320",
        service: "J",
        frequencyRate: null,
        extra: null,
      },
      {
        line: 10,
        action: "D",
        arrival: null,
        departure: { flight: "VB1103", time: "1445", overnight: null, next: null, destination: "CUN" },
        from: "13JAN",
        to: "13JAN",
        days: "0030000",
        seats: 220,
        aircraft: "321",
        service: "J",
        frequencyRate: null,
        extra: null,
      },
    ]);
  });

  it("reads the footer and has no errors", () => {
    expect(result.si).toEqual(["IF NOT AVBL PLS OFFER NEAREST"]);
    expect(result.gi).toEqual(["SALUDOS/J. PEREZ"]);
    expect(result.errors).toEqual([]);
  });

  it("is plain JSON data (what the CLI prints)", () => {
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});

describe("parseScr data lines", () => {
  it("reads an arrival-only line (letter glued to the arrival designator)", () => {
    const line = onlyLine("NVB012A 05DEC05DEC 0000060 180320 MTY0700 J");
    expect(line.arrival).toEqual({ flight: "VB012A", origin: "MTY", previous: null, time: "0700" });
    expect(line.departure).toBeNull();
  });

  it("reads a departure-only line (a blank right after the letter)", () => {
    const line = onlyLine("N VB1235 05DEC05DEC 0000060 180320 0800MTY J");
    expect(line.arrival).toBeNull();
    expect(line.departure).toEqual({ flight: "VB1235", time: "0800", overnight: null, next: null, destination: "MTY" });
  });

  it("reads a turnaround line with both designators, both parts and one service letter per direction", () => {
    const line = onlyLine("NVB1234 VB1235 05DEC12DEC 0000060 180320 MTY0700 0800MTY JJ");
    expect(line).toMatchObject({
      action: "N",
      arrival: { flight: "VB1234", origin: "MTY", previous: null, time: "0700" },
      departure: { flight: "VB1235", time: "0800", overnight: null, next: null, destination: "MTY" },
      from: "05DEC",
      to: "12DEC",
      days: "0000060",
      service: "JJ",
    });
  });

  it("reads a single-date period without days: from === to, days null", () => {
    const line = onlyLine("N VB1235 05DEC 180320 0800MTY J");
    expect(line.from).toBe("05DEC");
    expect(line.to).toBe("05DEC");
    expect(line.days).toBeNull();
  });

  it("reads a single date written DDMMM with days", () => {
    const line = onlyLine("NVB1234 05DEC 0000060 180320 MTY0700 J");
    expect([line.from, line.to, line.days]).toEqual(["05DEC", "05DEC", "0000060"]);
  });

  it("splits 6-letter stations in route order: origin+previous, next+destination", () => {
    // 07DEC26 is a Monday
    const line = onlyLine("NVB100 VB101 07DEC07DEC 1000000 180320 TIJCUL0930 1130GDLMTY JJ");
    expect(line.arrival).toEqual({ flight: "VB100", origin: "TIJ", previous: "CUL", time: "0930" });
    expect(line.departure).toEqual({ flight: "VB101", time: "1130", overnight: null, next: "GDL", destination: "MTY" });
  });

  it("reads the overnight digit after the departure time", () => {
    const line = onlyLine("N VB1235 05DEC 180320 01301MTY J");
    expect(line.departure).toEqual({ flight: "VB1235", time: "0130", overnight: 1, next: null, destination: "MTY" });
    const six = onlyLine("NVB1 VB2 05DEC 180320 MTY2300 00452GDLCUN JJ");
    expect(six.departure).toEqual({ flight: "VB2", time: "0045", overnight: 2, next: "GDL", destination: "CUN" });
  });

  it("reads the frequency-rate digit after the service letters", () => {
    const line = onlyLine("NVB1234 VB1235 05DEC12DEC 0000060 180320 MTY0700 0800MTY JJ2");
    expect(line.service).toBe("JJ");
    expect(line.frequencyRate).toBe(2);
    expect(onlyLine("NVB1234 05DEC 180320 MTY0700 C9")).toMatchObject({ service: "C", frequencyRate: 9 });
  });

  it("reads extra information on the line and on the following line", () => {
    const result = parseScr(
      message(
        "NVB1234 05DEC 180320 MTY0700 J / RE.VB1234 /",
        "N VB1235 05DEC 180320 0800MTY J/IDEM/",
        "NVB1236 05DEC 180320 MTY0900 J",
        "/ CA.060 CD.010/",
        "NVB1237 05DEC 180320 MTY1000 J",
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => [l.line, l.extra])).toEqual([
      [6, "RE.VB1234"],
      [7, "IDEM"],
      [8, "CA.060 CD.010"],
      [10, null],
    ]);
  });

  it("reads every request and reply action code", () => {
    const codes = ["N", "C", "R", "L", "D", "A", "P", "Z", "K", "T", "U", "O", "X", "H", "W", "I"];
    const result = parseScr(message(...codes.map((code) => `${code}VB1234 05DEC 180320 MTY0700 J`)));
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => l.action)).toEqual(codes);
  });

  it("reads a coordinator reply with REYT, offers and their extra lines", () => {
    const reply = [
      "SCR",
      "/coordinacion@aicm.example",
      "W26",
      "23NOV",
      "MEX",
      "REYT/slots@airline.example 21NOV",
      "HVB1102 12JAN 180320 CUN1310 J",
      "UVB1102 12JAN 180320 CUN1340 J",
      "OVB1102 12JAN 180320 CUN1350 J",
      "/ CA.060 CD.010/",
      "KVB1234 05DEC05DEC 0000060 180320 MTY0700 J",
      "GI BRGDS",
    ].join("\n");
    const result = parseScr(reply);
    expect(result.errors).toEqual([]);
    expect(result.header.reyt).toBe("slots@airline.example 21NOV");
    expect(result.header.creator).toBe("coordinacion@aicm.example");
    expect(result.lines.map((l) => [l.line, l.action, l.extra])).toEqual([
      [7, "H", null],
      [8, "U", null],
      [9, "O", "CA.060 CD.010"],
      [11, "K", null],
    ]);
  });
});

describe("parseScr on SSIM shapes from coordinator guides (issue 10, item 7)", () => {
  it("reads every line of a message mixing a turnaround, a departure-only and an arrival-only line", () => {
    const result = parseScr(
      message(
        "NAB123 AB124 01DEC31DEC 1234500 180320 MTY0700 0800MTY JJ",
        "N AB456 01DEC31DEC 1234500 180320 0900MTY J",
        "NAB789 01DEC31DEC 1234500 180320 MTY1000 J",
        "GI BRGDS",
      ),
    );
    expect(result.errors).toEqual([]);
    const common = { action: "N", from: "01DEC", to: "31DEC", days: "1234500", seats: 180, aircraft: "320" };
    expect(result.lines).toEqual([
      {
        line: 6,
        ...common,
        arrival: { flight: "AB123", origin: "MTY", previous: null, time: "0700" },
        departure: { flight: "AB124", time: "0800", overnight: null, next: null, destination: "MTY" },
        service: "JJ",
        frequencyRate: null,
        extra: null,
      },
      {
        line: 7,
        ...common,
        arrival: null,
        departure: { flight: "AB456", time: "0900", overnight: null, next: null, destination: "MTY" },
        service: "J",
        frequencyRate: null,
        extra: null,
      },
      {
        line: 8,
        ...common,
        arrival: { flight: "AB789", origin: "MTY", previous: null, time: "1000" },
        departure: null,
        service: "J",
        frequencyRate: null,
        extra: null,
      },
    ]);
    expect(result.gi).toEqual(["BRGDS"]);
  });

  it("reads airline designators that start with a digit, with 6-letter stations and a frequency rate", () => {
    const result = parseScr(
      message(
        "N8J1234 8J1235 05DEC05DEC 0000060 180320 JFKMTY0700 0800MTYJFK JJ2",
        "N 4O1236 05DEC 180320 08452MTYJFK J2",
        "NU2123A 05DEC 180320 JFKMTY0700 C3",
        "N9W001 AMX12 05DEC 180320 LAXTIJ0930 1130GDLLAX JJ",
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.lines.map((l) => [l.line, l.arrival, l.departure, l.service, l.frequencyRate])).toEqual([
      [
        6,
        { flight: "8J1234", origin: "JFK", previous: "MTY", time: "0700" },
        { flight: "8J1235", time: "0800", overnight: null, next: "MTY", destination: "JFK" },
        "JJ",
        2,
      ],
      [7, null, { flight: "4O1236", time: "0845", overnight: 2, next: "MTY", destination: "JFK" }, "J", 2],
      [8, { flight: "U2123A", origin: "JFK", previous: "MTY", time: "0700" }, null, "C", 3],
      [
        9,
        { flight: "9W001", origin: "LAX", previous: "TIJ", time: "0930" },
        { flight: "AMX12", time: "1130", overnight: null, next: "GDL", destination: "LAX" },
        "JJ",
        null,
      ],
    ]);
  });
});

describe("parseScr header and footer", () => {
  it("accepts a message without the creator line", () => {
    const result = parseScr("SCR\nW26\n21NOV\nMEX\nNVB1234 05DEC 180320 MTY0700 J");
    expect(result.errors).toEqual([]);
    expect(result.header).toEqual({ smi: "SCR", creator: null, season: "W26", date: "21NOV", airport: "MEX", reyt: null });
    expect(result.lines[0]?.line).toBe(5);
  });

  it("reads a bare '/' creator line as an empty creator", () => {
    expect(parseScr("SCR\n/\nS14\n06MAY\nSYD").header.creator).toBe("");
  });

  it("joins SI/GI continuation lines to the entry above with a newline, in any order", () => {
    const result = parseScr(
      message(
        "NVB1234 05DEC 180320 MTY0700 J",
        "GI SALUDOS",
        "SI IF NOT AVBL",
        "PLS OFFER NEAREST",
        "/ BEFORE 0800 /",
        "GI J. PEREZ",
        "SI",
        "SEGUNDA",
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.si).toEqual(["IF NOT AVBL\nPLS OFFER NEAREST\n/ BEFORE 0800 /", "\nSEGUNDA"]);
    expect(result.gi).toEqual(["SALUDOS", "J. PEREZ"]);
  });

  it("reads a data line after SI as a data line, not as a continuation", () => {
    const result = parseScr(message("SI PLS", "NVB1234 05DEC 180320 MTY0700 J", "GI X"));
    expect(result.errors).toEqual([]);
    expect(result.si).toEqual(["PLS"]);
    expect(result.lines).toHaveLength(1);
  });

  it("tolerates CRLF, blank lines, blanks around lines and between fields, tabs and lower case", () => {
    const text = [
      "",
      "scr",
      "/slots@airline.example  ",
      "w26",
      "21nov",
      "  mex",
      "",
      "nvb1234   05dec05dec\t0000060 180320 mty0700 j / Texto libre /",
      "   N VB1235 05DEC 180320 0800MTY J",
      "si pls",
      "",
    ].join("\r\n");
    const result = parseScr(text);
    expect(result.errors).toEqual([]);
    expect(result.header).toMatchObject({ season: "W26", date: "21NOV", airport: "MEX" });
    expect(result.lines[0]).toMatchObject({
      line: 8,
      arrival: { flight: "VB1234", origin: "MTY", time: "0700" },
      service: "J",
      extra: "Texto libre",
    });
    expect(result.lines[1]?.line).toBe(9);
    expect(result.si).toEqual(["pls"]);
  });

  it("ignores a byte-order mark before SCR", () => {
    const result = parseScr(`\ufeff${EXAMPLE}`);
    expect(result.errors).toEqual([]);
    expect(result.lines).toHaveLength(5);
  });

  it("accepts a message with a header only", () => {
    expect(parseScr("SCR\nW26\n21NOV\nMEX").errors).toEqual([]);
  });
});

describe("parseScr errors: line, column and a Spanish message", () => {
  const cases: [string, string, ScrError][] = [
    [
      "unknown action code",
      "QVB1234 05DEC 180320 MTY0700 J",
      {
        line: 6,
        column: 1,
        message:
          "Código de acción 'Q' no válido: se esperaba N, C, R, L, D, A, P o Z (solicitud) o K, T, U, O, X, H, W o I (respuesta)",
      },
    ],
    [
      "bad arrival designator",
      "NVB12345 05DEC 180320 MTY0700 J",
      {
        line: 6,
        column: 2,
        message:
          "Vuelo de llegada 'VB12345' no válido: el número de vuelo tiene más de 4 dígitos",
      },
    ],
    [
      "an airline code of two digits (arrival)",
      "N121234 05DEC 180320 MTY0700 J",
      {
        line: 6,
        column: 2,
        message:
          "Vuelo de llegada '121234' no válido: el código de aerolínea no puede ser de dos dígitos: lleva al menos una letra (p. ej. VB, 8J o U2)",
      },
    ],
    [
      "an airline code of two digits (departure-only)",
      "N 391235 05DEC 180320 0800MTY J",
      {
        line: 6,
        column: 3,
        message:
          "Vuelo de salida '391235' no válido: el código de aerolínea no puede ser de dos dígitos: lleva al menos una letra (p. ej. VB, 8J o U2)",
      },
    ],
    [
      "bad departure designator of a turnaround",
      "NVB1234 VB12X5 05DEC 180320 MTY0700 0800MTY JJ",
      {
        line: 6,
        column: 9,
        message:
          "Vuelo de salida 'VB12X5' no válido: se esperaba el código de aerolínea (2 letras o dígitos con al menos una letra, p. ej. VB, 8J o U2, y una tercera letra opcional, p. ej. AMX), el número (1 a 4 dígitos) y un sufijo opcional de una letra (p. ej. VB1234 u 8J012A)",
      },
    ],
    [
      "a period of the wrong length",
      "NVB1234 05DEC05DE 180320 MTY0700 J",
      {
        line: 6,
        column: 9,
        message: "Periodo '05DEC05DE' no válido: se esperaba DDMMMDDMMM o DDMMM con un día que exista (p. ej. 05DEC05DEC)",
      },
    ],
    [
      "a month name that does not exist (second date)",
      "NVB1234 05DEC05DEX 0000060 180320 MTY0700 J",
      {
        line: 6,
        column: 14,
        message: "Fecha '05DEX' no válida: se esperaba DDMMMDDMMM o DDMMM con un día que exista (p. ej. 05DEC05DEC)",
      },
    ],
    [
      "a date outside the season",
      "NVB1234 05MAY 180320 MTY0700 J",
      {
        line: 6,
        column: 9,
        message: "La fecha 05MAY queda fuera de la temporada W26 (del 2026-10-25 al 2027-03-27)",
      },
    ],
    [
      "29FEB in a season whose February has 28 days",
      "NVB1234 29FEB 180320 MTY0700 J",
      { line: 6, column: 9, message: "La fecha 29FEB no existe en la temporada W26" },
    ],
    [
      "a period that ends before it starts",
      "NVB1234 12DEC05DEC 0000060 180320 MTY0700 J",
      { line: 6, column: 14, message: "El periodo termina (05DEC) antes de empezar (12DEC)" },
    ],
    [
      "a day digit in the wrong position",
      "NVB1234 05DEC05DEC 0000600 180320 MTY0700 J",
      {
        line: 6,
        column: 24,
        message:
          "Días de operación '0000600' no válidos: el dígito n va en la posición n (1 = lunes … 7 = domingo) y 0 en los días sin operación",
      },
    ],
    [
      "days that leave out the first date of the period",
      "NVB1234 05DEC05DEC 0000007 180320 MTY0700 J",
      { line: 6, column: 20, message: "La primera fecha del periodo (05DEC, sábado) no es un día de operación" },
    ],
    [
      "a day that does not fall within a short period",
      "NVB1234 05DEC06DEC 1000067 180320 MTY0700 J",
      { line: 6, column: 20, message: "El día 1 (lunes) de los días de operación no cae dentro del periodo 05DEC–06DEC" },
    ],
    [
      "no day at all",
      "NVB1234 05DEC 0000000 180320 MTY0700 J",
      { line: 6, column: 15, message: "Los días de operación no incluyen ningún día" },
    ],
    [
      "days left out of a period of several dates",
      "NVB1234 05DEC12DEC 180320 MTY0700 J",
      {
        line: 6,
        column: 20,
        message: "Faltan los días de operación (solo pueden omitirse cuando el periodo es una sola fecha)",
      },
    ],
    [
      "seats and aircraft too short",
      "NVB1234 05DEC 18032 MTY0700 J",
      {
        line: 6,
        column: 15,
        message:
          "Asientos y tipo de aeronave '18032' no válidos: se esperaban 3 dígitos de asientos y 3 caracteres de tipo (p. ej. 180320)",
      },
    ],
    [
      "an arrival time out of range (2400 is read with a warning: scr-read-tolerant.test.ts)",
      "NVB1234 05DEC 180320 MTY2460 J",
      { line: 6, column: 25, message: "Hora de llegada '2460' no válida: HHMM entre 0000 y 2359" },
    ],
    [
      "a departure time out of range",
      "N VB1235 05DEC 180320 0860MTY J",
      { line: 6, column: 23, message: "Hora de salida '0860' no válida: HHMM entre 0000 y 2359" },
    ],
    [
      "an arrival part on a departure-only line",
      "N VB1235 05DEC 180320 MTY0700 J",
      {
        line: 6,
        column: 23,
        message:
          "La llegada 'MTY0700' no tiene vuelo de llegada: el vuelo de llegada va pegado al código de acción",
      },
    ],
    [
      "a departure part on an arrival-only line",
      "NVB1234 05DEC 180320 MTY0700 0800MTY J",
      {
        line: 6,
        column: 30,
        message: "La salida '0800MTY' no tiene vuelo de salida: en una línea de solo llegada no va salida",
      },
    ],
    [
      "a turnaround without its departure part",
      "NVB1234 VB1235 05DEC 180320 MTY0700 JJ",
      {
        line: 6,
        column: 37,
        message:
          "Salida 'JJ' no válida: se esperaba la hora HHMM, un dígito opcional de pernocta y la estación de destino (3 o 6 letras) (p. ej. 0800MTY)",
      },
    ],
    [
      "a malformed station",
      "NVB1234 05DEC 180320 MT0700 J",
      {
        line: 6,
        column: 22,
        message:
          "Llegada 'MT0700' no válida: se esperaba la estación de origen (3 o 6 letras) y la hora HHMM (p. ej. MTY0700)",
      },
    ],
    [
      "an unknown service type",
      "NVB1234 05DEC 180320 MTY0700 Q",
      {
        line: 6,
        column: 30,
        message:
          "Tipo de servicio 'Q' desconocido: se esperaba J, C, F, H, P, X, D, N, S, O, T, K, G, B, E, W, V, M, A, L, I, Y, Z o U",
      },
    ],
    [
      "one service letter on a turnaround",
      "NVB1234 VB1235 05DEC 180320 MTY0700 0800MTY J",
      {
        line: 6,
        column: 45,
        message:
          "Tipo de servicio 'J' no válido: se esperaba una letra por sentido (JJ) y, si hace falta, un dígito de frecuencia del 1 al 9 (p. ej. JJ2)",
      },
    ],
    [
      "a missing service type",
      "NVB1234 05DEC 180320 MTY0700",
      { line: 6, column: 29, message: "Falta el tipo de servicio (p. ej. J)" },
    ],
    [
      "a line with only the action code",
      "N",
      { line: 6, column: 2, message: "Falta el vuelo después del código de acción" },
    ],
  ];

  it.each(cases)("%s", (_name, line, expected) => {
    expect(errorsOf(line)).toEqual([expected]);
  });

  it("keeps the good lines around the bad ones and reports each bad line", () => {
    const result = parseScr(
      message(
        "NVB1234 05DEC 180320 MTY0700 J",
        "NVB1234 05DEC 180320 MTY0700 Q",
        "/ IGNORED WITH ITS LINE /",
        "N VB1235 05DEC 180320 0800MTY J",
        "¿QUÉ?",
        "/ ORPHAN /",
      ),
    );
    expect(result.lines.map((l) => l.line)).toEqual([6, 9]);
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [7, 30],
      [10, 1],
    ]);
  });

  it("reports extra information without a data line before it", () => {
    expect(errorsOf("/ HUERFANA /")).toEqual([
      { line: 6, column: 1, message: "Información adicional '/ … /' sin una línea de datos antes" },
    ]);
  });

  it("reports a second extra line for the same data line", () => {
    expect(errorsOf("NVB1234 05DEC 180320 MTY0700 J / A /", "/ B /")).toEqual([
      { line: 7, column: 1, message: "La línea 6 ya tiene información adicional" },
    ]);
  });

  it("reports an empty message", () => {
    expect(parseScr("").errors).toEqual([{ line: 1, column: 1, message: "El mensaje está vacío" }]);
    expect(parseScr(" \n\r\n\t").errors).toEqual([{ line: 1, column: 1, message: "El mensaje está vacío" }]);
  });

  it("reports a missing SCR line and reads the rest of the header", () => {
    const result = parseScr("W26\n21NOV\nMEX\nNVB1234 05DEC 180320 MTY0700 J");
    expect(result.errors).toEqual([{ line: 1, column: 1, message: "Falta la línea 'SCR' al principio del mensaje" }]);
    expect(result.header).toMatchObject({ season: "W26", date: "21NOV", airport: "MEX" });
    expect(result.lines).toHaveLength(1);
  });

  it("reports a message type it does not read (SAQ); SMA, SIR, SAL and SHL are read (scr-read-tolerant.test.ts)", () => {
    expect(parseScr("SAQ\nW26\n21NOV\nMEX").errors).toEqual([
      { line: 1, column: 1, message: "Tipo de mensaje 'SAQ' no admitido: se leen mensajes SCR, SIR, SAL, SHL o SMA" },
    ]);
  });

  it("reports a bad season and still reads the lines, without date checks", () => {
    const result = parseScr("SCR\nW2X\n21NOV\nMEX\nNVB1234 05MAY 180320 MTY0700 J");
    expect(result.errors).toEqual([
      { line: 2, column: 1, message: "Temporada 'W2X' no válida: se esperaba S o W y dos dígitos (p. ej. W26)" },
    ]);
    expect(result.header.season).toBeNull();
    expect(result.lines).toHaveLength(1);
  });

  it("reports missing header items where they were expected", () => {
    expect(parseScr("SCR\nW26\nMEX\nNVB1234 05DEC 180320 MTY0700 J").errors).toEqual([
      { line: 3, column: 1, message: "Falta la fecha del mensaje (DDMMM, p. ej. 21NOV)" },
    ]);
    expect(parseScr("SCR\nW26\n21NOV\nNVB1234 05DEC 180320 MTY0700 J").errors).toEqual([
      { line: 4, column: 1, message: "Falta el aeropuerto (3 letras, p. ej. MEX)" },
    ]);
    expect(parseScr("SCR\n/x\nW26").errors).toEqual([
      { line: 3, column: 4, message: "Falta la fecha del mensaje (DDMMM, p. ej. 21NOV)" },
      { line: 3, column: 4, message: "Falta el aeropuerto (3 letras, p. ej. MEX)" },
    ]);
  });

  it("reports a malformed message date and airport", () => {
    expect(parseScr("SCR\nW26\n32NOV\nMEXX").errors).toEqual([
      { line: 3, column: 1, message: "Fecha del mensaje '32NOV' no válida: se esperaba DDMMM (p. ej. 21NOV)" },
      { line: 4, column: 1, message: "Aeropuerto 'MEXX' no válido: se esperaban 3 letras (p. ej. MEX)" },
    ]);
  });

  it("points columns past leading blanks", () => {
    expect(errorsOf("   QVB1234 05DEC 180320 MTY0700 J")[0]?.column).toBe(4);
  });
});

describe("SCR dates get their year from the season", () => {
  it("puts January to March of a winter season in the following year", () => {
    expect(scrDateToIso("05DEC", "W26")).toBe("2026-12-05");
    expect(scrDateToIso("12JAN", "W26")).toBe("2027-01-12");
    expect(scrDateToIso("27MAR", "W26")).toBe("2027-03-27");
  });

  it("puts every month of a summer season in its own year", () => {
    expect(scrDateToIso("05APR", "S27")).toBe("2027-04-05");
    expect(scrDateToIso("24OCT", "S27")).toBe("2027-10-24");
  });

  it("says whether the date is inside the season, and null for what is not a date", () => {
    expect(resolveScrDate("05MAY", "W26")).toEqual({ date: "2027-05-05", inSeason: false });
    expect(scrDateToIso("29FEB", "W26")).toBeNull();
    expect(scrDateToIso("29FEB", "W27")).toBe("2028-02-29");
    expect(scrDateToIso("05DEC", "X26")).toBeNull();
    expect(scrDateToIso("5DEC", "W26")).toBeNull();
  });

  it("converts both ways and resolves a line's period", () => {
    expect(isoToScrDate("2027-01-12")).toBe("12JAN");
    expect(isoToScrDate("2027-13-01")).toBeNull();
    expect(scrPeriodToIso({ from: "05DEC", to: "12JAN" }, "W26")).toEqual({ from: "2026-12-05", to: "2027-01-12" });
    expect(scrPeriodToIso({ from: "05DEC", to: "31FEB" }, "W26")).toBeNull();
  });
});
