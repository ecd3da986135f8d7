import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE } from "../../src/domain/airline";
import {
  composeScrRequest,
  datePeriods,
  footerEntries,
  greeting,
  parseScr,
  periodUnits,
  requestUnits,
  splitUnits,
  type RequestActionCode,
  type RequestRow,
} from "../../src/domain/scr";
import { seasonBounds } from "../../src/domain/seasons";

const W26 = seasonBounds("W26");
const C1 = "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J";
const R1 = "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J";
const C2 = "C VB1103 13JAN13JAN 0030000 220321 1445CUN J";
const R2 = "R VB1103 13JAN13JAN 0030000 220321 1500CUN J";
const N1 = "NVB1234 05DEC05DEC 0000060 180320 MTY0700 J";
const D1 = "D VB1103 13JAN13JAN 0030000 220321 1445CUN J";

const units = (rows: RequestRow[], actionCode: RequestActionCode, requestLetter: "L" | "R" = "R") =>
  requestUnits(rows, { actionCode, requestLetter, season: W26, airline: DEFAULT_AIRLINE });

describe("requestUnits", () => {
  it("pairs each C line with its R line, linked or split over two rows", () => {
    const result = units(
      [
        { id: "1", change: C1, request: R1 },
        { id: "2", change: C2, request: null },
        { id: "2", change: null, request: R2 },
      ],
      4,
    );
    expect(result.problems).toEqual([]);
    expect(result.units).toEqual([
      { id: "1", actual: C1, request: R1 },
      { id: "2", actual: C2, request: R2 },
    ]);
  });

  it("takes N lines for altas and D lines for cancelaciones", () => {
    expect(units([{ id: "a1", change: null, request: N1 }], 2)).toEqual({ units: [{ id: "a1", actual: null, request: N1 }], problems: [] });
    expect(units([{ id: "7", change: null, request: D1 }], 3)).toEqual({ units: [{ id: "7", actual: null, request: D1 }], problems: [] });
  });

  type Row = [string, RequestRow[], RequestActionCode, { field: string; line?: number; column?: number; message: string }[]];
  const rows: Row[] = [
    [
      "a C line not followed by its R line",
      [
        { id: "1", change: C1, request: null },
        { id: "2", change: C2, request: R2 },
      ],
      4,
      [{ field: "slots[0].change", line: 1, message: "La línea C 1 debe ir seguida de su línea R." }],
    ],
    [
      "an R line without its C line before it",
      [
        { id: "1", change: null, request: R1 },
        { id: "2", change: C2, request: R2 },
      ],
      4,
      [{ field: "slots[0].request", line: 1, message: "La línea R 1 debe ir después de la línea C del slot que modifica." }],
    ],
    [
      "a C line in altas",
      [{ id: "1", change: C1, request: N1 }],
      2,
      [{ field: "slots[0].change", line: 1, message: "Una solicitud de altas solo lleva líneas N: la línea 1 es una línea de cambio (C)." }],
    ],
    [
      "an R line in cancelaciones",
      [{ id: "1", change: null, request: R1 }],
      3,
      [{ field: "slots[0].request", line: 1, column: 1, message: "Este campo debe comenzar con la letra 'D'" }],
    ],
    [
      "a wrong time, with its line and column",
      [{ id: "1", change: C1, request: R1.replace("1340", "1342") }],
      4,
      [{ field: "slots[0].request", line: 2, column: 38, message: "El horario de operación debe ser un múltiplo de 5" }],
    ],
    ["a row without lines", [{ id: "1", change: " ", request: null }], 4, [{ field: "slots[0]", message: "La fila 1 no tiene ninguna línea." }]],
  ];
  it.each(rows)("reports %s", (_name, input, code, problems) => {
    expect(units(input, code).problems).toEqual(problems);
  });

  it("checks request lines against the L switch", () => {
    const result = units([{ id: "1", change: C1, request: R1 }], 4, "L");
    expect(result.problems).toEqual([
      { field: "slots[0].request", line: 2, column: 1, message: "Este campo debe comenzar con la letra 'L'" },
    ]);
  });
});

describe("greeting and footer entries", () => {
  it.each([
    ["Juana", "Pérez", "SALUDOS/J. PÉREZ"],
    ["  ana maría ", " de la  Cruz ", "SALUDOS/A. DE LA CRUZ"],
    ["", "Pérez", "SALUDOS/PÉREZ"],
    ["", "", "SALUDOS"],
  ])("%s %s → %s", (name, last, expected) => {
    expect(greeting(name, last)).toBe(expected);
  });

  it("upper-cases each non-blank line", () => {
    expect(footerEntries("if not avbl\n\n  pls offer   nearest \r\n")).toEqual(["IF NOT AVBL", "PLS OFFER NEAREST"]);
  });
});

describe("splitUnits", () => {
  const unit = (actual: string | null) => ({ actual });
  it("keeps at most 40 data lines a part and never separates a C line from its R line", () => {
    const pairs = Array.from({ length: 21 }, () => unit("C"));
    expect(splitUnits(pairs).map((part) => part.length)).toEqual([20, 1]);
    const mixed = [...Array.from({ length: 39 }, () => unit(null)), unit("C"), unit(null)];
    // 39 single lines + a pair would make 41: the pair opens the second part.
    expect(splitUnits(mixed).map((part) => part.length)).toEqual([39, 2]);
    expect(splitUnits(Array.from({ length: 80 }, () => unit(null))).map((part) => part.length)).toEqual([40, 40]);
    expect(splitUnits([])).toEqual([]);
  });
});

describe("composeScrRequest", () => {
  const input = {
    creator: "slots@airline.example",
    season: "W26",
    date: "2026-11-21",
    airport: "MEX",
    si: ["IF NOT AVBL PLS OFFER NEAREST"],
    gi: ["SALUDOS/J. PEREZ"],
  };

  it("writes the header, the lines and the footer, exactly as the parser reads them", () => {
    const parts = composeScrRequest({ ...input, units: [{ id: "1", actual: C1, request: R1 }] });
    expect(parts).toHaveLength(1);
    expect(parts[0]?.text).toBe(
      ["SCR", "/slots@airline.example", "W26", "21NOV", "MEX", C1, R1, "SI IF NOT AVBL PLS OFFER NEAREST", "GI SALUDOS/J. PEREZ"].join("\n"),
    );
    expect(parts[0]?.lines).toBe(2);
    expect(parts[0]?.units).toEqual([{ id: "1", actual: C1, request: R1 }]);
    expect(parseScr(parts[0]?.text ?? "").errors).toEqual([]);
  });

  it("repeats the header and footer in every part", () => {
    const many = Array.from({ length: 41 }, (_, k) => ({ id: `a${k}`, actual: null, request: N1 }));
    const parts = composeScrRequest({ ...input, units: many });
    expect(parts.map((part) => [part.part, part.lines])).toEqual([
      [1, 40],
      [2, 1],
    ]);
    expect(parts[1]?.text).toBe(["SCR", "/slots@airline.example", "W26", "21NOV", "MEX", N1, "SI IF NOT AVBL PLS OFFER NEAREST", "GI SALUDOS/J. PEREZ"].join("\n"));
  });
});

describe("datePeriods and periodUnits: a series change in a few lines (issue 36 item 4)", () => {
  const every = (from: string, to: string, weekdays: number[]) => {
    const out: string[] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      if (weekdays.includes(((new Date(t).getUTCDay() + 6) % 7) + 1)) out.push(iso);
    }
    return out;
  };

  it("makes one period of contiguous dates with the same days, and starts another where a date is missing", () => {
    expect(datePeriods(every("2026-11-02", "2027-03-26", [1, 5])).map(({ from, to, days }) => [from, to, days])).toEqual([["2026-11-02", "2027-03-26", "1000500"]]);
    const gap = every("2026-12-01", "2026-12-31", [1, 2, 3, 4, 5, 6, 7]).filter((d) => d !== "2026-12-24");
    expect(datePeriods(gap).map(({ from, to, days }) => [from, to, days])).toEqual([
      ["2026-12-01", "2026-12-23", "1234567"],
      ["2026-12-25", "2026-12-31", "1234567"],
    ]);
  });

  it("writes one-date C/R units of one series as a C and an R per period, each unit carrying its slots", () => {
    const units = ["01DEC", "02DEC", "03DEC"].map((date, k) => ({
      id: String(k + 1),
      actual: `CVB1102 ${date}${date} 0000000 180320 CUN1310 J`.replace("0000000", ["0200000", "0030000", "0004000"][k] ?? ""),
      request: `RVB1102 ${date}${date} 0000000 180320 CUN1340 J`.replace("0000000", ["0200000", "0030000", "0004000"][k] ?? ""),
    }));
    const other = { id: "9", actual: "C VB1103 05DEC05DEC 0000060 180320 1445CUN J", request: "R VB1103 05DEC05DEC 0000060 180320 1500CUN J" };
    expect(periodUnits([...units, other], "W26")).toEqual([
      { id: "1", ids: ["1", "2", "3"], actual: "CVB1102 01DEC03DEC 0234000 180320 CUN1310 J", request: "RVB1102 01DEC03DEC 0234000 180320 CUN1340 J" },
      other,
    ]);
  });
});
