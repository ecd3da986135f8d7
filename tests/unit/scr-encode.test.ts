import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE } from "../../src/domain/airline";
import {
  ENCODE_ACTIONS,
  editorDesignator,
  encodeModification,
  firstFreeSuffix,
  newSlotLine,
  parseScr,
  slotLine,
  validateDraftLine,
  type DraftLineKind,
  type EncodableSlot,
  type EncodeAction,
  type MatchedFlight,
  type NewSlotInput,
} from "../../src/domain/scr";
import { seasonBounds } from "../../src/domain/seasons";

const W26 = seasonBounds("W26"); // 2026-10-25 … 2027-03-27

/** Tuesday 12JAN27, an arrival from CUN at 13:10 UTC. */
const ARRIVAL: EncodableSlot = {
  flightNumber: "VB1102",
  date: "2027-01-12",
  time: "13:10",
  isArrival: true,
  route: "CUN",
  aircraftType: "320",
  seats: 180,
  serviceType: "J",
};
/** Wednesday 13JAN27, a departure to CUN at 14:45 UTC. */
const DEPARTURE: EncodableSlot = {
  flightNumber: "VB1103",
  date: "2027-01-13",
  time: "14:45",
  isArrival: false,
  route: "CUN",
  aircraftType: "321",
  seats: 220,
  serviceType: "J",
};

/** The flight matched to ARRIVAL: another number, from MTY, scheduled 13:37 UTC on a 321. */
const FLIGHT: MatchedFlight = {
  flightNumber: "VB1502",
  route: "MTY",
  scheduledAtMex: "2027-01-12T13:37:00.000Z",
  aircraftType: "321",
  seats: 220,
};

/** Every line the encoder writes must pass the editor's validator and parse as SCR. */
function expectValid(line: string, kind: DraftLineKind, requestLetter: "R" | "L" = "R") {
  expect(line.length).toBeLessThanOrEqual(48);
  expect(validateDraftLine(line, { kind, requestLetter, season: W26 })).toBeNull();
  const parsed = parseScr(`SCR\nW26\n21NOV\nMEX\n${line}`);
  expect(parsed.errors).toEqual([]);
  expect(parsed.lines).toHaveLength(1);
}

describe("slotLine", () => {
  const rows: [string, Parameters<typeof slotLine>[0], EncodableSlot, string, DraftLineKind][] = [
    ["arrival held (C): letter glued, route then time", "C", ARRIVAL, "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "change"],
    ["arrival revised (R)", "R", ARRIVAL, "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "request"],
    ["departure revised (R): a blank, time then route", "R", DEPARTURE, "R VB1103 13JAN13JAN 0030000 220321 1445CUN J", "request"],
    ["departure held (C)", "C", DEPARTURE, "C VB1103 13JAN13JAN 0030000 220321 1445CUN J", "change"],
    ["departure deleted (D)", "D", DEPARTURE, "D VB1103 13JAN13JAN 0030000 220321 1445CUN J", "delete"],
    ["arrival deleted (D)", "D", ARRIVAL, "DVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "delete"],
    ["two-digit number padded to three", "C", { ...ARRIVAL, flightNumber: "VB12" }, "CVB012 12JAN12JAN 0200000 180320 CUN1310 J", "change"],
    ["suffix kept", "C", { ...ARRIVAL, flightNumber: "VB1102A" }, "CVB1102A 12JAN12JAN 0200000 180320 CUN1310 J", "change"],
    ["Sunday is day 7", "C", { ...ARRIVAL, date: "2026-10-25" }, "CVB1102 25OCT25OCT 0000007 180320 CUN1310 J", "change"],
    ["seats padded to three digits", "C", { ...ARRIVAL, seats: 90 }, "CVB1102 12JAN12JAN 0200000 090320 CUN1310 J", "change"],
  ];
  it.each(rows)("%s", (_name, letter, slot, expected, kind) => {
    const line = slotLine(letter, slot);
    expect(line).toBe(expected);
    expectValid(line, kind);
  });

  it("writes an L line the validator accepts with the switch on L", () => {
    const line = slotLine("L", DEPARTURE);
    expect(line).toBe("L VB1103 13JAN13JAN 0030000 220321 1445CUN J");
    expectValid(line, "request", "L");
  });
});

describe("newSlotLine (altas)", () => {
  const item: NewSlotInput = {
    flight: "1234",
    flightType: "J",
    startDate: "05-12-2026",
    endDate: "05-12-2026",
    time: "07:00",
    airport: "MTY",
    frequency: 6,
    aircraftType: "320",
    psxCount: 180,
    isArrival: true,
  };
  const rows: [string, NewSlotInput, string][] = [
    ["one arrival date", item, "NVB1234 05DEC05DEC 0000060 180320 MTY0700 J"],
    ["a departure", { ...item, flight: "1235", time: "08:00", isArrival: false }, "N VB1235 05DEC05DEC 0000060 180320 0800MTY J"],
    ["a 321 with its seats and a charter type", { ...item, aircraftType: "321", psxCount: 220, flightType: "C" }, "NVB1234 05DEC05DEC 0000060 220321 MTY0700 C"],
    ["a short number is padded", { ...item, flight: "12" }, "NVB012 05DEC05DEC 0000060 180320 MTY0700 J"],
    ["the airline typed with the number is not doubled", { ...item, flight: "VB123" }, "NVB123 05DEC05DEC 0000060 180320 MTY0700 J"],
    ["a weekly series ends on its last Saturday", { ...item, endDate: "28-12-2026" }, "NVB1234 05DEC26DEC 0000060 180320 MTY0700 J"],
    ["a series across the new year", { ...item, endDate: "09-01-2027" }, "NVB1234 05DEC09JAN 0000060 180320 MTY0700 J"],
  ];
  it.each(rows)("%s", (_name, input, expected) => {
    const line = newSlotLine(input, DEFAULT_AIRLINE);
    expect(line).toBe(expected);
    expectValid(line, "new");
  });

  it("keeps a frequency that disagrees with the date, for the validator to report", () => {
    const line = newSlotLine({ ...item, frequency: 1 }, DEFAULT_AIRLINE);
    expect(line).toBe("NVB1234 05DEC05DEC 1000000 180320 MTY0700 J");
    expect(validateDraftLine(line, { kind: "new", season: W26 })?.message).toBe(
      "La frecuencia no coincide con el día de la semana de la fecha (sábado)",
    );
  });
});

describe("firstFreeSuffix", () => {
  const rows: [string, string, string[], string | null][] = [
    ["no other slot with the number", "VB1102", ["VB1103", "VB1104A"], "A"],
    ["A taken", "VB1102", ["VB1102", "VB1102A"], "B"],
    ["A and B taken, C free", "VB1102", ["VB1102A", "VB1102B", "VB1102D"], "C"],
    ["padding does not matter", "VB12", ["VB012A"], "B"],
    ["the name's own suffix is ignored", "VB1102C", ["VB1102A"], "B"],
    ["all 26 taken", "VB1102", [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((l) => `VB1102${l}`), null],
    ["not a designator", "VUELO", [], null],
  ];
  it.each(rows)("%s", (_name, name, others, expected) => {
    expect(firstFreeSuffix(name, others)).toBe(expected);
  });
});

describe("editorDesignator", () => {
  it.each([
    ["VB1", "VB001"],
    ["VB12A", "VB012A"],
    ["VB1234", "VB1234"],
    ["vb 0102", "VB102"],
  ])("%s → %s", (input, expected) => {
    expect(editorDesignator(input)).toBe(expected);
  });
});

describe("encodeModification", () => {
  type Row = [
    name: string,
    input: { slot: EncodableSlot; flight: MatchedFlight | null; otherNames: string[]; action: EncodeAction; letter: "R" | "L" },
    request: string,
    applied: EncodeAction,
  ];
  const { addSuffixWithFlightName, addLeftoverSuffix, removeSuffix, matchItinerary, copySlot } = ENCODE_ACTIONS;
  const base = { slot: ARRIVAL, flight: FLIGHT, otherNames: [] as string[], letter: "R" as const };
  const rows: Row[] = [
    [
      "1: the flight's name with a suffix and its route",
      { ...base, action: addSuffixWithFlightName, otherNames: ["VB1502", "VB1102"] },
      "RVB1502A 12JAN12JAN 0200000 180320 MTY1310 J",
      addSuffixWithFlightName,
    ],
    [
      "1: the suffix skips letters other slots of that number use",
      { ...base, action: addSuffixWithFlightName, otherNames: ["VB1502", "VB1502A"] },
      "RVB1502B 12JAN12JAN 0200000 180320 MTY1310 J",
      addSuffixWithFlightName,
    ],
    [
      "1 without a matched flight: a copy",
      { ...base, flight: null, action: addSuffixWithFlightName },
      "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
      copySlot,
    ],
    [
      "2: a leftover suffix on the slot's own number",
      { ...base, flight: null, action: addLeftoverSuffix, otherNames: ["VB1102A"] },
      "RVB1102B 12JAN12JAN 0200000 180320 CUN1310 J",
      addLeftoverSuffix,
    ],
    [
      "2 with every letter taken: a copy",
      { ...base, action: addLeftoverSuffix, otherNames: [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((l) => `VB1102${l}`) },
      "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
      copySlot,
    ],
    [
      "3: the suffix removed",
      { ...base, slot: { ...ARRIVAL, flightNumber: "VB1102C" }, action: removeSuffix },
      "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
      removeSuffix,
    ],
    [
      "3 without a suffix: a copy",
      { ...base, action: removeSuffix },
      "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
      copySlot,
    ],
    [
      "4: the flight's time rounded to 5 minutes, and its 321 with 220 seats",
      { ...base, action: matchItinerary },
      "RVB1102 12JAN12JAN 0200000 220321 CUN1335 J",
      matchItinerary,
    ],
    [
      "4: 13:38 rounds up to 13:40",
      { ...base, flight: { ...FLIGHT, scheduledAtMex: "2027-01-12T13:38:00Z" }, action: matchItinerary },
      "RVB1102 12JAN12JAN 0200000 220321 CUN1340 J",
      matchItinerary,
    ],
    [
      "4: an unknown aircraft keeps the slot's",
      { ...base, flight: { ...FLIGHT, aircraftType: null, seats: null }, action: matchItinerary },
      "RVB1102 12JAN12JAN 0200000 180320 CUN1335 J",
      matchItinerary,
    ],
    [
      "4: rounding past midnight moves the date and the day",
      { ...base, flight: { ...FLIGHT, scheduledAtMex: "2027-01-12T23:58:00Z" }, action: matchItinerary },
      "RVB1102 13JAN13JAN 0030000 220321 CUN0000 J",
      matchItinerary,
    ],
    [
      "4 without a matched flight: a copy",
      { ...base, flight: null, action: matchItinerary },
      "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J",
      copySlot,
    ],
    ["5: a copy", { ...base, action: copySlot }, "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J", copySlot],
    [
      "5 with the switch on L",
      { ...base, slot: DEPARTURE, letter: "L", action: copySlot },
      "L VB1103 13JAN13JAN 0030000 220321 1445CUN J",
      copySlot,
    ],
    [
      "4 on a departure: time then route",
      { ...base, slot: DEPARTURE, flight: { ...FLIGHT, route: "CUN", scheduledAtMex: "2027-01-13T15:02:00Z" }, action: matchItinerary },
      "R VB1103 13JAN13JAN 0030000 220321 1500CUN J",
      matchItinerary,
    ],
  ];
  it.each(rows)("%s", (_name, input, request, applied) => {
    const encoded = encodeModification(input);
    expect(encoded.change).toBe(slotLine("C", input.slot));
    expect(encoded.request).toBe(request);
    expect(encoded.applied).toBe(applied);
    // The name the request asks for: what the suffix rule must count as used from then on.
    expect(encoded.name).toBe(request.slice(request[1] === " " ? 2 : 1).split(" ")[0]);
    expectValid(encoded.change, "change");
    expectValid(encoded.request, "request", input.letter);
  });
});

describe("validateDraftLine for N and D lines", () => {
  const rows: [string, string, DraftLineKind, string][] = [
    ["an N line must start with N", "CVB1234 05DEC05DEC 0000060 180320 MTY0700 J", "new", "Este campo debe comenzar con la letra 'N'"],
    ["a D line must start with D", "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "delete", "Este campo debe comenzar con la letra 'D'"],
    ["a D line keeps the equal-dates rule", "DVB1102 12JAN19JAN 0200000 180320 CUN1310 J", "delete", "Las fechas de operación deben ser iguales"],
    [
      "an N series must end on its weekday",
      "NVB1234 05DEC28DEC 0000060 180320 MTY0700 J",
      "new",
      "La fecha final del periodo (28DEC, lunes) no cae en el día de la frecuencia",
    ],
    ["an N series cannot end before it starts", "NVB1234 26DEC05DEC 0000060 180320 MTY0700 J", "new", "La fecha final del periodo no puede ser anterior a la fecha inicial"],
    ["an N series stays in the season", "NVB1234 05DEC03APR 0000060 180320 MTY0700 J", "new", "La fecha está fuera de la temporada W26"],
  ];
  it.each(rows)("%s", (_name, line, kind, message) => {
    expect(validateDraftLine(line, { kind, season: W26 })?.message).toBe(message);
  });

  it("accepts an N series without a season (no weekday known)", () => {
    expect(validateDraftLine("NVB1234 05DEC28DEC 0000060 180320 MTY0700 J", { kind: "new" })).toBeNull();
  });
});
