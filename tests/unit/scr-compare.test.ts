/** What a modification's request line changes against the held slot's C line (issue 11 item 10). */
import { describe, expect, it } from "vitest";
import { changedFields, lineFields } from "../../src/domain/scr";

const HELD_ARRIVAL = "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J";
const HELD_DEPARTURE = "C VB1103 13JAN13JAN 0030000 180320 1445CUN J";

describe("changedFields", () => {
  it("finds the time of an arrival (route first) and of a departure (time first)", () => {
    expect(changedFields(HELD_ARRIVAL, "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J")).toEqual(["time"]);
    expect(changedFields(HELD_DEPARTURE, "R VB1103 13JAN13JAN 0030000 180320 1500CUN J")).toEqual(["time"]);
  });

  it("finds the equipment and the designator's suffix", () => {
    expect(changedFields(HELD_ARRIVAL, "RVB1102A 12JAN12JAN 0200000 220321 CUN1310 J")).toEqual(["designator", "equipment"]);
    expect(changedFields(HELD_DEPARTURE, "L VB1103 13JAN13JAN 0030000 180320 1445MTY C")).toEqual(["route", "service_type"]);
  });

  it("says a copy changes nothing, whatever the letter", () => {
    expect(changedFields(HELD_ARRIVAL, "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J")).toEqual([]);
    expect(changedFields(HELD_ARRIVAL, "LVB1102 12JAN12JAN 0200000 180320 CUN1310 J")).toEqual([]);
  });

  it("cannot compare a missing or malformed line", () => {
    expect(changedFields(null, "RVB1102 12JAN12JAN 0200000 180320 CUN1310 J")).toBeNull();
    expect(changedFields(HELD_ARRIVAL, "RVB1")).toBeNull();
  });

  it("places each field in the line, the time inside route-and-time", () => {
    const arrival = "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J";
    const fields = lineFields(arrival);
    expect(fields?.time).toEqual({ text: "1340", at: arrival.indexOf("1340") });
    expect(fields?.route).toEqual({ text: "CUN", at: arrival.indexOf("CUN") });
    expect(fields?.equipment).toEqual({ text: "180320", at: arrival.indexOf("180320") });
    const departure = "R VB1103 13JAN13JAN 0030000 180320 1500CUN J";
    expect(lineFields(departure)?.time).toEqual({ text: "1500", at: departure.indexOf("1500") });
    expect(lineFields(departure)?.designator).toEqual({ text: "VB1103", at: 2 });
  });
});
