/**
 * The airline as a setting (src/domain/airline, issue 22 item 4): its designators, the flights and
 * file names they give, and the draft line validator and altas with another airline than the demo's.
 */
import { describe, expect, it } from "vitest";
import {
  airlineDesignatorOf,
  airlineDesignators,
  airlineFlightName,
  airlineOf,
  DEFAULT_AIRLINE,
  type Airline,
} from "../../src/domain/airline";
import { logFileName, parseLogFileName } from "../../src/domain/logbook/fileName";
import { parseReferenceFileName, referenceFileName } from "../../src/domain/references";
import { newSlotLine, requestUnits, validateDraftLine } from "../../src/domain/scr";
import { seasonBounds } from "../../src/domain/seasons";

const VOLARIS_LIKE: Airline = { iata: "Y4", icao: "VOI", other_designators: [] };
const WET_LEASE: Airline = { iata: "Y4", icao: "VOI", other_designators: ["4O", "vb"] };
const W26 = seasonBounds("W26");

describe("the airline's designators", () => {
  it("lists IATA, ICAO and the others once, upper case", () => {
    expect(airlineDesignators(DEFAULT_AIRLINE)).toEqual(["VB", "VIV"]);
    expect(airlineDesignators(WET_LEASE)).toEqual(["Y4", "VOI", "4O", "VB"]);
    expect(airlineDesignators({ iata: "Y4", icao: "VOI", other_designators: ["Y4", "VOI"] })).toEqual(["Y4", "VOI"]);
  });

  it("finds the designator a flight starts with, followed by its number", () => {
    expect(airlineDesignatorOf("Y41250", VOLARIS_LIKE)).toBe("Y4");
    expect(airlineDesignatorOf("VOI1250", VOLARIS_LIKE)).toBe("VOI");
    expect(airlineDesignatorOf("vb012a", WET_LEASE)).toBe("VB");
    expect(airlineDesignatorOf("4O123", WET_LEASE)).toBe("4O");
    expect(airlineDesignatorOf("VB1250", VOLARIS_LIKE)).toBeNull();
    // VOI's letters are not Y4's flight number.
    expect(airlineDesignatorOf("Y4X12", VOLARIS_LIKE)).toBeNull();
  });

  it("names an alta's flight with the IATA code unless it already carries one of the designators", () => {
    expect(airlineFlightName("1250", VOLARIS_LIKE)).toBe("Y41250");
    expect(airlineFlightName(" y41250 ", VOLARIS_LIKE)).toBe("Y41250");
    expect(airlineFlightName("VB1250", WET_LEASE)).toBe("VB1250");
    expect(airlineFlightName("VB1250", VOLARIS_LIKE)).toBe("Y4VB1250");
    expect(airlineFlightName("1250", DEFAULT_AIRLINE)).toBe("VB1250");
  });

  it("reads a stored value, the default when it is not the setting's shape", () => {
    expect(airlineOf({ iata: "Y4", icao: "VOI", other_designators: ["4O"] })).toEqual({ iata: "Y4", icao: "VOI", other_designators: ["4O"] });
    expect(airlineOf(null)).toEqual(DEFAULT_AIRLINE);
    expect(airlineOf({ accomplishment: 80 })).toEqual(DEFAULT_AIRLINE);
    expect(airlineOf({ iata: "Y4", icao: "VOI" })).toEqual({ iata: "Y4", icao: "VOI", other_designators: [] });
  });
});

describe("file names with another airline", () => {
  it("writes the ICAO code and reads any of the airline's designators", () => {
    expect(referenceFileName(VOLARIS_LIKE, "W26", 7, 2)).toBe("VOIW26007-2.txt");
    expect(logFileName(VOLARIS_LIKE, "S27", 3, 1, "pdf")).toBe("VOIS27003.pdf");
    expect(parseReferenceFileName("VOIW26007-2.txt", VOLARIS_LIKE)).toEqual({ season: "W26", reference: 7, part: 2 });
    expect(parseReferenceFileName("y4w26007.txt", VOLARIS_LIKE)).toEqual({ season: "W26", reference: 7, part: 1 });
    expect(parseLogFileName("VOIW26003-2.txt", VOLARIS_LIKE)).toEqual({ season: "W26", reference: 3, part: 2 });
    expect(parseLogFileName("4OW26003.pdf", WET_LEASE)).toEqual({ season: "W26", reference: 3, part: 1 });
  });

  it("refuses another airline's prefix", () => {
    expect(parseReferenceFileName("VIVW26007.txt", VOLARIS_LIKE)).toBeNull();
    expect(parseLogFileName("VIVW26003.txt", VOLARIS_LIKE)).toBeNull();
    expect(parseReferenceFileName("VOIW26007.txt", DEFAULT_AIRLINE)).toBeNull();
  });
});

describe("draft lines and altas with another airline", () => {
  const LINE = "NY41234 05DEC05DEC 0000060 180320 MTY0700 J";

  it("accepts the airline's designators and refuses the demo's VB, naming the IATA code", () => {
    expect(validateDraftLine(LINE, { kind: "new", season: W26, airline: VOLARIS_LIKE })).toBeNull();
    expect(validateDraftLine(LINE.replace("Y4", "VOI"), { kind: "new", season: W26, airline: VOLARIS_LIKE })).toBeNull();
    expect(validateDraftLine(LINE.replace("Y4", "VB"), { kind: "new", season: W26, airline: VOLARIS_LIKE })).toEqual({
      message: "El nombre de vuelo debe tener el formato Y4000(0)(X)",
      column: 2,
    });
    expect(validateDraftLine(LINE.replace("Y4", "VB"), { kind: "new", season: W26, airline: WET_LEASE })).toBeNull();
    expect(validateDraftLine(LINE.replace("1234", "12"), { kind: "new", season: W26, airline: VOLARIS_LIKE })?.message).toBe(
      "El nombre de vuelo debe tener 3-4 dígitos, rellena con ceros a la izquierda",
    );
    // Without the setting, the demo's airline.
    expect(validateDraftLine(LINE, { kind: "new", season: W26 })?.message).toBe("El nombre de vuelo debe tener el formato VB000(0)(X)");
  });

  it("writes an alta's N line with the IATA code, and the request checks it with the airline", () => {
    const line = newSlotLine(
      {
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
      },
      VOLARIS_LIKE,
    );
    expect(line).toBe(LINE);
    const rows = [{ id: "a", change: null, request: line }];
    expect(requestUnits(rows, { actionCode: 2, requestLetter: "R", season: W26, airline: VOLARIS_LIKE }).problems).toEqual([]);
    expect(requestUnits(rows, { actionCode: 2, requestLetter: "R", season: W26, airline: DEFAULT_AIRLINE }).problems).toEqual([
      { field: "slots[0].request", line: 1, column: 2, message: "El nombre de vuelo debe tener el formato VB000(0)(X)" },
    ]);
  });
});
