import { describe, expect, it } from "vitest";
import { seasonBounds } from "../../src/domain/seasons";
import {
  DRAFT_LINE_MAX_LENGTH,
  isServiceTypeCode,
  SERVICE_TYPE_CODES,
  SERVICE_TYPES,
  validateDraftLine,
  validateDraftLineAll,
  type DraftLineOptions,
} from "../../src/domain/scr";

const CHANGE: DraftLineOptions = { kind: "change" };
const REQUEST_R: DraftLineOptions = { kind: "request", requestLetter: "R" };
const REQUEST_L: DraftLineOptions = { kind: "request", requestLetter: "L" };
const W26 = seasonBounds("W26"); // 2026-10-25 … 2027-03-27; 12JAN27 is a Tuesday
const CHANGE_W26: DraftLineOptions = { kind: "change", season: W26 };

/** Valid lines: the letter glued to the flight (route then time) and with a blank (time then route). */
const GLUED = "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J";
//             1234567890123456789012345678901234567890123
//             C VB1102 dates(9) freq(20) cap(28) route(35) time(38) type(43)
const SPACED = "R VB1103 13JAN13JAN 0030000 220321 1445CUN J";
//              R _ VB1103(3) dates(10) freq(21) cap(29) time+route(36) type(44)

type Row = [name: string, text: string, options: DraftLineOptions, message: string, column: number | undefined];

const EMPTY = "Este campo no puede estar vacío";
const PADDING = "El nombre de vuelo debe tener 3-4 dígitos, rellena con ceros a la izquierda";
const FLIGHT_FORMAT = "El nombre de vuelo debe tener el formato VB000(0)(X)";
const DATES_FORMAT = "Las fechas de operación deben tener el formato DDMMMDDMMM (p. ej. 12JAN12JAN)";
const DATES_EQUAL = "Las fechas de operación deben ser iguales";
const FREQ_NON_ZERO = "La frecuencia debe tener un valor diferente de 0";
const FREQ_SINGLE = "La frecuencia solo puede tener un valor diferente de 0";
const FREQ_POSITION = "El valor de la frecuencia no coincide con la posición";
const FREQ_FORMAT = "La frecuencia debe tener 7 dígitos (0-7)";
const CAPACITY = "La capacidad y tipo de aeronave debe tener 3 dígitos para cada valor";
const TIME_VALID = "El horario de operación debe ser una hora válida";
const TIME_FIVE = "El horario de operación debe ser un múltiplo de 5";
const FLIGHT_TYPE =
  "El tipo de vuelo debe ser una de las letras J, C, F, H, P, X, D, N, S, O, T, K, G, B, E, W, V, M, A, L, I, Y, Z o U";

const rows: Row[] = [
  // required and length
  ["empty", "", CHANGE, EMPTY, undefined],
  ["blanks only", "   ", REQUEST_R, EMPTY, undefined],
  ["49 characters", `${GLUED} J2345`, CHANGE, "La línea no puede tener más de 48 caracteres", 49],
  // leading letter
  ["change line starting with R", GLUED.replace("C", "R"), CHANGE, "Este campo debe comenzar con la letra 'C'", 1],
  ["request line (switch R) starting with C", GLUED, REQUEST_R, "Este campo debe comenzar con la letra 'R'", 1],
  ["request line (switch L) starting with R", SPACED, REQUEST_L, "Este campo debe comenzar con la letra 'L'", 1],
  ["lower-case letter", GLUED.toLowerCase(), CHANGE, "Este campo debe comenzar con la letra 'C'", 1],
  // flight
  ["two-digit flight", "CVB12 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, PADDING, 2],
  ["one-digit flight", "CVB1 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, PADDING, 2],
  ["one-digit flight with suffix", "CVB1A 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, PADDING, 2],
  ["two-digit flight after a blank", "R VB12 13JAN13JAN 0030000 220321 1445CUN J", REQUEST_R, PADDING, 3],
  ["other airline", "CAM1102 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, FLIGHT_FORMAT, 2],
  ["five digits", "CVB11020 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, FLIGHT_FORMAT, 2],
  ["two-letter suffix", "CVB1102AB 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, FLIGHT_FORMAT, 2],
  ["no number", "CVB 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, FLIGHT_FORMAT, 2],
  ["lower-case airline", "Cvb1102 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE, FLIGHT_FORMAT, 2],
  // dates
  ["different dates", "CVB1102 12JAN13JAN 0200000 180320 CUN1310 J", CHANGE, DATES_EQUAL, 9],
  ["one date", "CVB1102 12JAN 0200000 180320 CUN1310 J", CHANGE, DATES_FORMAT, 9],
  ["day 32", "CVB1102 32JAN32JAN 0200000 180320 CUN1310 J", CHANGE, DATES_FORMAT, 9],
  ["day 00", "CVB1102 00JAN00JAN 0200000 180320 CUN1310 J", CHANGE, DATES_FORMAT, 9],
  ["unknown month", "CVB1102 12JAX12JAX 0200000 180320 CUN1310 J", CHANGE, DATES_FORMAT, 9],
  ["one-digit day", "CVB1102 2JAN2JAN 0200000 180320 CUN1310 J", CHANGE, DATES_FORMAT, 9],
  [
    "a day the month does not have",
    "CVB1102 31APR31APR 0200000 180320 CUN1310 J",
    CHANGE,
    "La fecha de operación 31APR no existe en el calendario",
    9,
  ],
  [
    "29FEB in a season whose February has 28 days",
    "CVB1102 29FEB29FEB 0100000 180320 CUN1310 J",
    CHANGE_W26,
    "La fecha de operación 29FEB no existe en el calendario",
    9,
  ],
  [
    "a date outside the draft's season",
    "CVB1102 12MAY12MAY 0200000 180320 CUN1310 J",
    CHANGE_W26,
    "La fecha está fuera de la temporada W26",
    9,
  ],
  // frequency
  ["all zeros", "CVB1102 12JAN12JAN 0000000 180320 CUN1310 J", CHANGE, FREQ_NON_ZERO, 20],
  ["two days", "CVB1102 12JAN12JAN 0200300 180320 CUN1310 J", CHANGE, FREQ_SINGLE, 20],
  ["digit in the wrong position", "CVB1102 12JAN12JAN 0300000 180320 CUN1310 J", CHANGE, FREQ_POSITION, 20],
  ["six digits", "CVB1102 12JAN12JAN 020000 180320 CUN1310 J", CHANGE, FREQ_FORMAT, 20],
  ["eight digits", "CVB1102 12JAN12JAN 02000000 180320 CUN1310 J", CHANGE, FREQ_FORMAT, 20],
  ["digit 8", "CVB1102 12JAN12JAN 0800000 180320 CUN1310 J", CHANGE, FREQ_FORMAT, 20],
  ["a letter", "CVB1102 12JAN12JAN 02000X0 180320 CUN1310 J", CHANGE, FREQ_FORMAT, 20],
  [
    "a day that is not the date's weekday",
    "CVB1102 12JAN12JAN 0030000 180320 CUN1310 J",
    CHANGE_W26,
    "La frecuencia no coincide con el día de la semana de la fecha (martes)",
    20,
  ],
  // capacity and aircraft type
  ["five digits of capacity and type", "CVB1102 12JAN12JAN 0200000 18032 CUN1310 J", CHANGE, CAPACITY, 28],
  ["seven digits of capacity and type", "CVB1102 12JAN12JAN 0200000 1803200 CUN1310 J", CHANGE, CAPACITY, 28],
  ["a letter in the type", "CVB1102 12JAN12JAN 0200000 18032N CUN1310 J", CHANGE, CAPACITY, 28],
  // route and time, letter glued: XXX0000
  ["hour 24", "CVB1102 12JAN12JAN 0200000 180320 CUN2410 J", CHANGE, TIME_VALID, 38],
  ["minute 61", "CVB1102 12JAN12JAN 0200000 180320 CUN1261 J", CHANGE, TIME_VALID, 38],
  ["minute not a multiple of 5", "CVB1102 12JAN12JAN 0200000 180320 CUN1312 J", CHANGE, TIME_FIVE, 38],
  [
    "time then route after a glued letter",
    "CVB1102 12JAN12JAN 0200000 180320 1310CUN J",
    CHANGE,
    "El aeropuerto y el horario deben tener el formato XXX0000 (aeropuerto y hora)",
    35,
  ],
  // time and route, letter and blank: 0000XXX
  ["hour 24 after a blank", "R VB1103 13JAN13JAN 0030000 220321 2410CUN J", REQUEST_R, TIME_VALID, 36],
  ["minute 60 after a blank", "R VB1103 13JAN13JAN 0030000 220321 1460CUN J", REQUEST_R, TIME_VALID, 36],
  ["minute 47 after a blank", "R VB1103 13JAN13JAN 0030000 220321 1447CUN J", REQUEST_R, TIME_FIVE, 36],
  [
    "route then time after a blank",
    "R VB1103 13JAN13JAN 0030000 220321 CUN1445 J",
    REQUEST_R,
    "El horario y el aeropuerto deben tener el formato 0000XXX (hora y aeropuerto)",
    36,
  ],
  // last character: the flight/cargo type
  ["unknown type", "CVB1102 12JAN12JAN 0200000 180320 CUN1310 Q", CHANGE, FLIGHT_TYPE, 43],
  ["two letters", "CVB1102 12JAN12JAN 0200000 180320 CUN1310 JJ", CHANGE, FLIGHT_TYPE, 43],
  ["missing type", "CVB1102 12JAN12JAN 0200000 180320 CUN1310", CHANGE, FLIGHT_TYPE, 42],
  [
    "text after the type",
    "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J X",
    CHANGE,
    "La línea tiene texto de más después del tipo de vuelo",
    45,
  ],
];

describe("validateDraftLine (seed 000 §5.1): one row per rule and exact message", () => {
  it.each(rows)("%s", (_name, text, options, message, column) => {
    const error = validateDraftLine(text, options);
    expect(error).toEqual(column === undefined ? { message } : { message, column });
  });
});

describe("validateDraftLine accepts valid lines", () => {
  const valid: [string, DraftLineOptions][] = [
    [GLUED, CHANGE],
    [GLUED, CHANGE_W26],
    [SPACED, REQUEST_R],
    [SPACED, { kind: "request" }],
    [SPACED.replace("R", "L"), REQUEST_L],
    ["C VB1103 13JAN13JAN 0030000 220321 1445CUN J", { kind: "change", season: W26 }],
    ["CVB012 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE],
    ["CVB0012A 12JAN12JAN 0200000 180320 CUN1310 J", CHANGE],
    ["CVB9999Z 31JAN31JAN 0000007 180320 MTY2355 C", CHANGE_W26],
    ["CVB1102 29FEB29FEB 0000060 180320 CUN0000 J", CHANGE],
    ["CVB1102 12JAN12JAN 0030000 180320 CUN1310 J", CHANGE],
  ];
  it.each(valid)("%s", (text, options) => {
    expect(validateDraftLine(text, options)).toBeNull();
    expect(validateDraftLineAll(text, options)).toEqual([]);
  });

  it("accepts each of the 24 flight types as the last character", () => {
    for (const code of SERVICE_TYPE_CODES) expect(validateDraftLine(`${GLUED.slice(0, -1)}${code}`, CHANGE)).toBeNull();
  });

  it("takes a season whose name is not a season code from its bounds", () => {
    const custom = { name: "Invierno 2026", start_date: "2026-10-25", end_date: "2027-03-27" };
    expect(validateDraftLine(GLUED, { kind: "change", season: custom })).toBeNull();
    expect(validateDraftLine("CVB1102 12MAY12MAY 0200000 180320 CUN1310 J", { kind: "change", season: custom })).toEqual({
      message: "La fecha está fuera de la temporada Invierno 2026",
      column: 9,
    });
  });

  it("allows a line of exactly 48 characters to reach the part checks", () => {
    const line = `${GLUED} J2345`.slice(0, DRAFT_LINE_MAX_LENGTH);
    expect(line).toHaveLength(48);
    expect(validateDraftLine(line, CHANGE)?.message).not.toBe("La línea no puede tener más de 48 caracteres");
  });
});

describe("validateDraftLineAll", () => {
  it("returns one error per wrong part, in the order of the parts", () => {
    expect(validateDraftLineAll("XVB12 12JAN13JAN 0000000 18032 CUN1312 Q", CHANGE)).toEqual([
      { message: "Este campo debe comenzar con la letra 'C'", column: 1 },
      { message: PADDING, column: 2 },
      { message: DATES_EQUAL, column: 7 },
      { message: FREQ_NON_ZERO, column: 18 },
      { message: CAPACITY, column: 26 },
      { message: TIME_FIVE, column: 35 },
      { message: FLIGHT_TYPE, column: 40 },
    ]);
  });

  it("returns only the empty error for an empty line", () => {
    expect(validateDraftLineAll("", CHANGE)).toEqual([{ message: EMPTY }]);
  });
});

describe("SERVICE_TYPES", () => {
  it("lists the 24 codes of seed 000 §5.2 in order", () => {
    expect(SERVICE_TYPES.map((t) => t.code).join("")).toBe("JCFHPXDNSOTKGBEWVMALIYZU");
  });

  it("labels the eight known codes in Spanish and the rest with the code", () => {
    expect(Object.fromEntries(SERVICE_TYPES.slice(0, 8).map((t) => [t.code, t.label]))).toEqual({
      J: "Regular de pasajeros",
      C: "Chárter de pasajeros",
      F: "Regular de carga o correo",
      H: "Chárter de carga o correo",
      P: "Posicionamiento",
      X: "Escala técnica",
      D: "Aviación general o privada",
      N: "Negocios o taxi aéreo",
    });
    for (const type of SERVICE_TYPES.slice(8)) expect(type.label).toBe(type.code);
  });

  it("recognises the codes", () => {
    expect(isServiceTypeCode("J")).toBe(true);
    expect(isServiceTypeCode("Q")).toBe(false);
    expect(isServiceTypeCode("JJ")).toBe(false);
    expect(isServiceTypeCode(1)).toBe(false);
  });
});
