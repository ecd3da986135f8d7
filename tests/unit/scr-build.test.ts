import { describe, expect, it } from "vitest";
import {
  buildScr,
  buildScrLine,
  checkScrMessage,
  decodeScrMessage,
  parseScr,
  ScrBuildError,
  withCanonicalLineNumbers,
  type ScrDataLineInput,
  type ScrMessageInput,
} from "../../src/domain/scr";

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

const HEADER: ScrMessageInput["header"] = {
  smi: "SCR",
  creator: null,
  season: "W26",
  date: "21NOV",
  airport: "MEX",
  reyt: null,
};

/** A valid arrival line on Saturday 05DEC26, to vary from. */
const ARRIVAL: ScrDataLineInput = {
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
};

const TURNAROUND: ScrDataLineInput = {
  ...ARRIVAL,
  departure: { flight: "VB1235", time: "0800", overnight: null, next: null, destination: "MTY" },
  to: "12DEC",
  service: "JJ",
};

function lineText(line: ScrDataLineInput): string {
  return buildScrLine(line, "W26");
}

function roundTrip(input: ScrMessageInput): void {
  const text = buildScr(input);
  expect(parseScr(text)).toEqual(withCanonicalLineNumbers(input));
}

describe("buildScr writes canonical text", () => {
  it("writes the SCR.md example back exactly", () => {
    const parsed = parseScr(EXAMPLE);
    expect(buildScr(parsed)).toBe(EXAMPLE);
  });

  it("writes the header items one a line, the creator and REYT lines only when present", () => {
    const text = buildScr({ header: { ...HEADER, creator: "slots@airline.example", reyt: "12345" }, lines: [] });
    expect(text).toBe("SCR\n/slots@airline.example\nW26\n21NOV\nMEX\nREYT/12345");
    expect(buildScr({ header: HEADER, lines: [] })).toBe("SCR\nW26\n21NOV\nMEX");
    expect(buildScr({ header: { ...HEADER, creator: "" }, lines: [] })).toBe("SCR\n/\nW26\n21NOV\nMEX");
  });

  it("writes the arrival designator glued to the action, a departure-only line with a blank, both for a turnaround", () => {
    expect(lineText(ARRIVAL)).toBe("NVB1234 05DEC05DEC 0000060 180320 MTY0700 J");
    expect(lineText({ ...TURNAROUND, arrival: null, service: "J", to: "05DEC" })).toBe(
      "N VB1235 05DEC05DEC 0000060 180320 0800MTY J",
    );
    expect(lineText(TURNAROUND)).toBe("NVB1234 VB1235 05DEC12DEC 0000060 180320 MTY0700 0800MTY JJ");
  });

  it("writes a single date without days as DDMMM", () => {
    expect(lineText({ ...ARRIVAL, days: null })).toBe("NVB1234 05DEC 180320 MTY0700 J");
  });

  it("writes 6-letter stations in route order, the overnight digit, the frequency rate and extra information", () => {
    const line: ScrDataLineInput = {
      ...TURNAROUND,
      arrival: { flight: "VB100", origin: "TIJ", previous: "CUL", time: "2330" },
      departure: { flight: "VB101", time: "0045", overnight: 1, next: "GDL", destination: "MTY" },
      seats: 80,
      aircraft: "E90",
      service: "JC",
      frequencyRate: 2,
      extra: "RE.VB100 / PLS",
    };
    expect(lineText(line)).toBe("NVB100 VB101 05DEC12DEC 0000060 080E90 TIJCUL2330 00451GDLMTY JC2 / RE.VB100 / PLS /");
  });

  it("writes SI entries before GI entries and continuation lines bare", () => {
    const text = buildScr({ header: HEADER, lines: [ARRIVAL], gi: ["SALUDOS"], si: ["PLS OFFER\nNEAREST", "", "\nSOLO"] });
    expect(text.split("\n").slice(5)).toEqual(["SI PLS OFFER", "NEAREST", "SI", "SI", "SOLO", "GI SALUDOS"]);
  });
});

describe("build then parse gives the value back", () => {
  it("for the SCR.md example", () => {
    roundTrip(parseScr(EXAMPLE));
  });

  it("for lines of every shape", () => {
    roundTrip({
      header: { ...HEADER, creator: "slots@airline.example", reyt: "REF 77" },
      lines: [
        ARRIVAL,
        { ...ARRIVAL, days: null, action: "K", extra: "" },
        TURNAROUND,
        { ...TURNAROUND, arrival: null, service: "P", frequencyRate: 3, to: "05DEC", days: null },
        {
          ...TURNAROUND,
          action: "O",
          arrival: { flight: "ABC1", origin: "TIJ", previous: "CUL", time: "0000" },
          departure: { flight: "9W12X", time: "2359", overnight: 0, next: "GDL", destination: "MTY" },
          extra: "CA.060 CD.010",
        },
      ],
      si: ["IF NOT AVBL\nPLS OFFER NEAREST\n/ TEXTO /"],
      gi: ["SALUDOS/J. PEREZ", "otra"],
    });
  });

  it("for a turnaround, a departure-only and an arrival-only line together, with digit-led airline codes", () => {
    const text = [
      "SCR",
      "W26",
      "21NOV",
      "MEX",
      "NAB123 AB124 01DEC31DEC 1234500 180320 MTY0700 0800MTY JJ",
      "N AB456 01DEC31DEC 1234500 180320 0900MTY J",
      "NAB789 01DEC31DEC 1234500 180320 MTY1000 J",
      "N8J1234 8J1235 05DEC05DEC 0000060 180320 JFKMTY0700 0800MTYJFK JJ2",
      "N 4O1236 05DEC 180320 08452MTYJFK J2",
      "NU2123A 05DEC 180320 JFKMTY0700 C3",
      "GI BRGDS",
    ].join("\n");
    const parsed = parseScr(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toHaveLength(6);
    expect(buildScr(parsed)).toBe(text);
    roundTrip(parsed);
  });

  it("for a message read from untidy text (lower case, CRLF, extras on the next line)", () => {
    const untidy = "scr\r\nw26\r\n21nov\r\nmex\r\n\r\nnvb1234 05dec 180320 mty0700 j\r\n/ Pls /\r\nsi x\r\n";
    const parsed = parseScr(untidy);
    expect(parsed.errors).toEqual([]);
    const text = buildScr(parsed);
    expect(text).toBe("SCR\nW26\n21NOV\nMEX\nNVB1234 05DEC 180320 MTY0700 J / Pls /\nSI x");
    roundTrip(parsed);
  });
});

describe("buildScr refuses what it cannot write faithfully", () => {
  const cases: [string, ScrMessageInput, string, string][] = [
    [
      "a bad season",
      { header: { ...HEADER, season: "W2" }, lines: [] },
      "header.season",
      "La temporada debe ser S o W y dos dígitos (p. ej. W26)",
    ],
    [
      "a missing date",
      { header: { ...HEADER, date: null }, lines: [] },
      "header.date",
      "La fecha del mensaje debe ser DDMMM (p. ej. 21NOV)",
    ],
    [
      "a lower-case airport",
      { header: { ...HEADER, airport: "mex" }, lines: [] },
      "header.airport",
      "El aeropuerto debe tener 3 letras mayúsculas (p. ej. MEX)",
    ],
    [
      "a creator with a line break",
      { header: { ...HEADER, creator: "a\nb" }, lines: [] },
      "header.creator",
      "La referencia del creador no puede tener saltos de línea",
    ],
    [
      "a REYT with blanks around",
      { header: { ...HEADER, reyt: " 12 " }, lines: [] },
      "header.reyt",
      "La referencia REYT no puede empezar ni terminar con espacios",
    ],
    [
      "a line with neither arrival nor departure",
      { header: HEADER, lines: [{ ...ARRIVAL, arrival: null }] },
      "lines[0].arrival",
      "La línea necesita una llegada, una salida o ambas",
    ],
    [
      "a bad designator",
      { header: HEADER, lines: [{ ...ARRIVAL, arrival: { flight: "VB12345", origin: "MTY", previous: null, time: "0700" } }] },
      "lines[0].arrival.flight",
      "Vuelo 'VB12345' no válido: el número de vuelo tiene más de 4 dígitos",
    ],
    [
      "a departure designator whose airline code is two digits",
      { header: HEADER, lines: [{ ...TURNAROUND, departure: { flight: "391235", time: "0800", overnight: null, next: null, destination: "MTY" } }] },
      "lines[0].departure.flight",
      "Vuelo '391235' no válido: el código de aerolínea no puede ser de dos dígitos: lleva al menos una letra (p. ej. VB, 8J o U2)",
    ],
    [
      "a bad time",
      { header: HEADER, lines: [{ ...ARRIVAL, arrival: { flight: "VB1", origin: "MTY", previous: null, time: "2400" } }] },
      "lines[0].arrival.time",
      "Hora '2400' no válida (HHMM, 0000–2359)",
    ],
    [
      "a date outside the season",
      { header: HEADER, lines: [{ ...ARRIVAL, from: "05MAY", to: "05MAY", days: null }] },
      "lines[0].from",
      "La fecha 05MAY queda fuera de la temporada W26 (del 2026-10-25 al 2027-03-27)",
    ],
    [
      "days left out of a range",
      { header: HEADER, lines: [{ ...TURNAROUND, days: null }] },
      "lines[0].days",
      "Faltan los días de operación (solo pueden omitirse cuando el periodo es una sola fecha)",
    ],
    [
      "days that miss the first date",
      { header: HEADER, lines: [{ ...ARRIVAL, days: "1000000" }] },
      "lines[0].days",
      "La primera fecha del periodo (05DEC, sábado) no es un día de operación",
    ],
    [
      "malformed days",
      { header: HEADER, lines: [{ ...ARRIVAL, days: "0000066" }] },
      "lines[0].days",
      "Los días deben tener 7 caracteres: el dígito n en la posición n y 0 en los días sin operación",
    ],
    [
      "seats over 999",
      { header: HEADER, lines: [{ ...ARRIVAL, seats: 1000 }] },
      "lines[0].seats",
      "Los asientos deben ser un entero de 0 a 999",
    ],
    [
      "a service letter per direction",
      { header: HEADER, lines: [{ ...TURNAROUND, service: "J" }] },
      "lines[0].service",
      "El tipo de servicio debe ser una letra válida por sentido (JJ)",
    ],
    [
      "frequency rate 0",
      { header: HEADER, lines: [{ ...ARRIVAL, frequencyRate: 0 }] },
      "lines[0].frequencyRate",
      "La frecuencia debe ser un dígito del 1 al 9 o null",
    ],
    [
      "an overnight indicator of 10",
      { header: HEADER, lines: [{ ...TURNAROUND, departure: { flight: "VB1", time: "0800", overnight: 10, next: null, destination: "MTY" } }] },
      "lines[0].departure.overnight",
      "El indicador de pernocta debe ser un dígito (0–9) o null",
    ],
    [
      "extra information with blanks around",
      { header: HEADER, lines: [{ ...ARRIVAL, extra: " X" }] },
      "lines[0].extra",
      "La información adicional no puede empezar ni terminar con espacios",
    ],
    [
      "an SI continuation that reads as a data line",
      { header: HEADER, lines: [], si: ["PLS\nNVB1234 05DEC"] },
      "si[0] (línea 2)",
      "Una línea de continuación no puede parecer una línea de datos",
    ],
    [
      "a GI continuation that starts with SI",
      { header: HEADER, lines: [], gi: ["A\nSI B"] },
      "gi[0] (línea 2)",
      "Una línea de continuación no puede empezar con SI ni GI",
    ],
    [
      "an empty continuation line",
      { header: HEADER, lines: [], si: ["A\n\nB"] },
      "si[0] (línea 2)",
      "Una línea de continuación no puede estar vacía",
    ],
  ];

  it.each(cases)("%s", (_name, input, path, message) => {
    expect(checkScrMessage(input)).toEqual([{ path, message }]);
    expect(() => buildScr(input)).toThrow(ScrBuildError);
  });

  it("lists every problem in the error", () => {
    try {
      buildScr({ header: { ...HEADER, season: null }, lines: [{ ...ARRIVAL, seats: -1, aircraft: "32" }] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScrBuildError);
      if (!(error instanceof ScrBuildError)) return;
      expect(error.problems.map((p) => p.path)).toEqual(["header.season", "lines[0].seats", "lines[0].aircraft"]);
      expect(error.message).toMatch(/^No se puede escribir el mensaje SCR: header\.season: /);
    }
  });

  it("checks a lone line against a season", () => {
    expect(() => buildScrLine({ ...ARRIVAL, from: "05MAY", to: "05MAY", days: null }, "W26")).toThrow(
      /line\.from: La fecha 05MAY queda fuera de la temporada W26/,
    );
    expect(() => buildScrLine(ARRIVAL, "X26")).toThrow(/season: La temporada debe ser S o W/);
  });
});

describe("decodeScrMessage reads the JSON shape", () => {
  it("reads what parse prints, and fills the optional keys", () => {
    const parsed = parseScr(EXAMPLE);
    const decoded = decodeScrMessage(JSON.parse(JSON.stringify(parsed)));
    expect(decoded).toEqual({ ok: true, message: parsed });

    const minimal = decodeScrMessage({
      header: { season: "W26", date: "21NOV", airport: "MEX" },
      lines: [
        {
          action: "N",
          arrival: { flight: "VB1234", origin: "MTY", time: "0700" },
          from: "05DEC",
          seats: 180,
          aircraft: "320",
          service: "J",
        },
      ],
    });
    expect(minimal.ok).toBe(true);
    if (minimal.ok) expect(buildScr(minimal.message)).toBe("SCR\nW26\n21NOV\nMEX\nNVB1234 05DEC 180320 MTY0700 J");
  });

  it("names what has the wrong shape", () => {
    expect(decodeScrMessage([])).toEqual({ ok: false, problems: [{ path: "", message: "Se esperaba un objeto JSON" }] });
    expect(decodeScrMessage({})).toEqual({ ok: false, problems: [{ path: "header", message: "Falta el objeto header" }] });
    expect(
      decodeScrMessage({
        header: { smi: "SMA", season: 26 },
        lines: [{ action: "Q" }, { action: "N", arrival: "MTY", from: "05DEC", seats: "180" }],
        si: [1],
      }),
    ).toEqual({
      ok: false,
      problems: [
        { path: "header.smi", message: "Debe ser 'SCR'" },
        { path: "header.season", message: "Debe ser texto o null" },
        { path: "lines[0].action", message: 'Código de acción "Q" no válido' },
        { path: "lines[1].arrival", message: "Debe ser un objeto o null" },
        { path: "lines[1].seats", message: "Debe ser un número" },
        { path: "lines[1].aircraft", message: "Debe ser texto" },
        { path: "lines[1].service", message: "Debe ser texto" },
        { path: "si", message: "Debe ser una lista de textos" },
      ],
    });
  });
});
