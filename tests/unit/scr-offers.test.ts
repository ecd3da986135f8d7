import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE } from "../../src/domain/airline";
import { addWorkingDays, deadlineInReply, offerAnswerLines, OfferAnswerError, offersDeadline } from "../../src/domain/scr";
import { logFileName, parseLogFileName } from "../../src/domain/logbook/fileName";

describe("the deadline of the coordinator's offers", () => {
  it("is three working days after the reply, skipping the weekend", () => {
    // 2026-11-25 is a Wednesday: Thu, Fri, Mon.
    expect(offersDeadline("2026-11-25")).toBe("2026-11-30");
    // A reply on a Friday: Mon, Tue, Wed.
    expect(offersDeadline("2026-11-27")).toBe("2026-12-02");
    // A reply on a Saturday counts from Monday.
    expect(offersDeadline("2026-11-28")).toBe("2026-12-02");
    expect(addWorkingDays("2026-11-23", 0)).toBe("2026-11-23");
  });

  it("is the day the reply names when it names one", () => {
    expect(offersDeadline("2026-11-25", ["PLS REPLY BY 04DEC"], "W26")).toBe("2026-12-04");
    expect(deadlineInReply(["RESPONDER ANTES DEL 10JAN"], "W26")).toBe("2027-01-10");
    expect(deadlineInReply(["SALUDOS"], "W26")).toBeNull();
    expect(offersDeadline("2026-11-25", ["SALUDOS"], "W26")).toBe("2026-11-30");
  });
});

describe("the answer to an offer", () => {
  const offers = ["OVB1102 12JAN12JAN 0200000 180320 CUN1330 J", "OVB1102 12JAN12JAN 0200000 180320 CUN1400 J"];

  it("repeats the accepted offer with A or P", () => {
    expect(offerAnswerLines(offers, "A", "W26", 1)).toEqual(["AVB1102 12JAN12JAN 0200000 180320 CUN1400 J"]);
    expect(offerAnswerLines(offers.slice(0, 1), "P", "W26")).toEqual(["PVB1102 12JAN12JAN 0200000 180320 CUN1330 J"]);
  });

  it("declines every offer with Z", () => {
    expect(offerAnswerLines(offers, "Z", "W26")).toEqual([
      "ZVB1102 12JAN12JAN 0200000 180320 CUN1330 J",
      "ZVB1102 12JAN12JAN 0200000 180320 CUN1400 J",
    ]);
  });

  it("departure-only offers keep their blank after the action", () => {
    expect(offerAnswerLines(["O VB1103 13JAN13JAN 0030000 220321 1500CUN J"], "A", "W26")).toEqual([
      "A VB1103 13JAN13JAN 0030000 220321 1500CUN J",
    ]);
  });

  it("refuses in Spanish what it cannot answer", () => {
    expect(() => offerAnswerLines([], "A", "W26")).toThrow("La línea no tiene ofertas del coordinador.");
    expect(() => offerAnswerLines(offers, "A", "W26")).toThrow("La línea tiene 2 ofertas: indique cuál acepta.");
    expect(() => offerAnswerLines(offers, "A", "W26", 5)).toThrow("La línea no tiene la oferta 6.");
    expect(() => offerAnswerLines(["KVB1102 12JAN12JAN 0200000 180320 CUN1330 J"], "A", "W26")).toThrow(OfferAnswerError);
    expect(() => offerAnswerLines(["no es una línea"], "Z", "W26")).toThrow(OfferAnswerError);
  });
});

describe("the logbook's file names (seed 002 §9)", () => {
  it("pads the reference and adds the part above 1", () => {
    expect(logFileName(DEFAULT_AIRLINE, "W26", 3, 1, "txt")).toBe("VIVW26003.txt");
    expect(logFileName(DEFAULT_AIRLINE, "W26", 12, 2, "pdf")).toBe("VIVW26012-2.pdf");
    expect(logFileName(DEFAULT_AIRLINE, "S27", 1234, 1, "txt")).toBe("VIVS271234.txt");
  });

  it("reads them back", () => {
    expect(parseLogFileName("VIVW26003-2.txt", DEFAULT_AIRLINE)).toEqual({ season: "W26", reference: 3, part: 2 });
    expect(parseLogFileName("C:\\docs\\vivw26012.TXT", DEFAULT_AIRLINE)).toEqual({ season: "W26", reference: 12, part: 1 });
    expect(parseLogFileName("solicitud.txt", DEFAULT_AIRLINE)).toBeNull();
  });
});
