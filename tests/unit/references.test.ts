/**
 * Carga de referencias, pure part (src/domain/references, src/domain/scr/offers.ts): the file
 * naming of seed 002 §9, the slots a data line speaks of, the slot a grant gives a held slot, the
 * logbook type of a request, and the deadline to answer offers.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE } from "../../src/domain/airline";
import {
  grantedSlotFor,
  lineSlots,
  parseReferenceFileName,
  referenceFileName,
  requestTypeOf,
} from "../../src/domain/references";
import { parseScr, type ScrDataLine } from "../../src/domain/scr";
import { addWorkingDays, offersDeadline } from "../../src/domain/scr/offers";

const HEADER = ["SCR", "/slots@airline.example", "W26", "21NOV", "MEX"];
function lines(...body: string[]): ScrDataLine[] {
  const parsed = parseScr([...HEADER, ...body].join("\n"));
  expect(parsed.errors).toEqual([]);
  return parsed.lines;
}

describe("file names (seed 002 §9)", () => {
  it.each([
    ["VIVW26001.txt", { season: "W26", reference: 1, part: 1 }],
    ["VIVW26012-2.txt", { season: "W26", reference: 12, part: 2 }],
    ["vivs27123.TXT", { season: "S27", reference: 123, part: 1 }],
    ["VIVW261234.txt", { season: "W26", reference: 1234, part: 1 }],
  ])("%s", (name, expected) => {
    expect(parseReferenceFileName(name, DEFAULT_AIRLINE)).toEqual(expected);
  });

  it.each(["respuesta.txt", "VIVW26001.pdf", "VIVX26001.txt", "VIVW2601.txt", "VIVW26000.txt", "VIVW26001-0.txt"])("refuses %s", (name) => {
    expect(parseReferenceFileName(name, DEFAULT_AIRLINE)).toBeNull();
  });

  it("writes the name back, the part only above 1", () => {
    expect(referenceFileName(DEFAULT_AIRLINE, "W26", 7, 1)).toBe("VIVW26007.txt");
    expect(referenceFileName(DEFAULT_AIRLINE, "W26", 7, 3)).toBe("VIVW26007-3.txt");
  });
});

describe("the slots of a line", () => {
  it("one per operated date of a period with days, in the season's years", () => {
    const [line] = lines("CVB1102 28DEC11JAN 1000000 180320 CUN1310 J");
    expect(line && lineSlots(line, "W26").map((slot) => [slot.date, slot.time, slot.isArrival, slot.route, slot.frequency])).toEqual([
      ["2026-12-28", "13:10", true, "CUN", 1],
      ["2027-01-04", "13:10", true, "CUN", 1],
      ["2027-01-11", "13:10", true, "CUN", 1],
    ]);
  });

  it("a turnaround gives an arrival and a departure; the overnight digit moves the departure's date", () => {
    const [line] = lines("NVB1234 VB1235 05DEC05DEC 0000060 180320 MTY2300 01301MTY JJ");
    expect(line && lineSlots(line, "W26").map((slot) => [slot.flightNumber, slot.date, slot.time, slot.isArrival])).toEqual([
      ["VB1234", "2026-12-05", "23:00", true],
      ["VB1235", "2026-12-06", "01:30", false],
    ]);
  });

  it("a grant gives a held slot the grant's slot of the same direction and date", () => {
    const [held, granted] = lines("CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "KVB1102 12JAN12JAN 0200000 180320 CUN1340 J");
    const [slot] = held ? lineSlots(held, "W26") : [];
    const target = slot && granted ? grantedSlotFor(slot, lineSlots(granted, "W26")) : null;
    expect(target).toMatchObject({ date: "2027-01-12", time: "13:40", isArrival: true });
  });
});

describe("request type", () => {
  it("Altas when only N, Cancelación when only D, Modificación otherwise", () => {
    expect(requestTypeOf(lines("NVB1234 05DEC05DEC 0000060 180320 MTY0700 J"))).toBe(2);
    expect(requestTypeOf(lines("D VB1103 13JAN13JAN 0030000 220321 1445CUN J"))).toBe(3);
    expect(requestTypeOf(lines("CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J"))).toBe(4);
  });
});

describe("the deadline to answer offers", () => {
  it("three business days after the reply: a Friday's reply is answered by Wednesday", () => {
    expect(offersDeadline("2026-11-20", [""], "W26")).toBe("2026-11-25");
    expect(offersDeadline("2026-11-23", ["IF NOT AVBL PLS OFFER NEAREST"], "W26")).toBe("2026-11-26");
    expect(addWorkingDays("2026-11-21", 1)).toBe("2026-11-23");
  });

  it("the date the reply's SI gives, the next one on or after the reply (a December reply for January)", () => {
    expect(offersDeadline("2026-11-20", ["PLS REPLY BY 30NOV"], "W26")).toBe("2026-11-30");
    expect(offersDeadline("2026-12-28", ["RESPONDER ANTES DEL 04JAN"], "W26")).toBe("2027-01-04");
  });

  it("n business days when the SI says within n days", () => {
    expect(offersDeadline("2026-11-20", ["OFFER VALID WITHIN 5 WORKING DAYS"], "W26")).toBe("2026-11-27");
  });
});
