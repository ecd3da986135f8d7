/** Justified non-use (issue 27 item 2): the reason a flight's delay codes propose, and which kind a slot can take. */
import { describe, expect, it } from "vitest";
import { justifiableKind, type ProposableReason, proposeJustification } from "../../src/domain/monitoring/justification";

/** The reasons migration 0018 seeds, as the server lists them. */
const REASONS: ProposableReason[] = [
  { id: 1, code: "weather", label: "Meteorología", delay_codes: ["71", "72", "73", "75", "76", "77"], active: true, position: 1 },
  { id: 2, code: "atc_atfm", label: "ATC / ATFM", delay_codes: ["81", "82", "83", "84"], active: true, position: 2 },
  { id: 3, code: "airport_closure", label: "Cierre del aeropuerto", delay_codes: ["87", "88", "89"], active: true, position: 3 },
  { id: 4, code: "strike", label: "Huelga", delay_codes: ["98"], active: true, position: 4 },
  { id: 5, code: "technical_outstation", label: "Falla técnica en otra estación", delay_codes: ["51"], active: true, position: 5 },
  { id: 6, code: "medical", label: "Emergencia médica", delay_codes: [], active: true, position: 6 },
  { id: 7, code: "security", label: "Seguridad", delay_codes: ["85"], active: true, position: 7 },
  { id: 8, code: "government", label: "Orden gubernamental", delay_codes: ["86"], active: true, position: 8 },
];

describe("the proposed justification", () => {
  it("proposes the reason of a code outside the airline's control, naming the code", () => {
    expect(proposeJustification(["71"], REASONS)).toEqual({ reasonId: 1, reasonCode: "weather", label: "Meteorología", code: "71" });
    expect(proposeJustification(["83"], REASONS)).toMatchObject({ reasonCode: "atc_atfm", code: "83" });
  });

  it("proposes nothing for the airline's own causes or without codes", () => {
    expect(proposeJustification(["93", "41"], REASONS)).toBeNull();
    expect(proposeJustification([], REASONS)).toBeNull();
  });

  it("lets the first code that proposes something decide, skipping the airline's own", () => {
    // Reactionary first (the airline's), then strike, then weather: the strike proposes.
    expect(proposeJustification(["93", "98", "71"], REASONS)).toMatchObject({ reasonCode: "strike", code: "98" });
  });

  it("never proposes an inactive reason, and prefers the first by position when two list a code", () => {
    const edited = REASONS.map((reason) =>
      reason.code === "weather" ? { ...reason, active: false } : reason.code === "government" ? { ...reason, position: 0, delay_codes: ["86", "84"] } : reason,
    );
    expect(proposeJustification(["71"], edited)).toBeNull();
    expect(proposeJustification(["84"], edited)).toMatchObject({ reasonCode: "government", code: "84" });
  });
});

describe("which justification a past slot can take", () => {
  it("is not_used without a flight or with a cancelled one", () => {
    expect(justifiableKind({ operated: false, difference: null }, 15)).toBe("not_used");
  });

  it("is off_tolerance only beyond the season's tolerance, either way", () => {
    expect(justifiableKind({ operated: true, difference: 16 }, 15)).toBe("off_tolerance");
    expect(justifiableKind({ operated: true, difference: -16 }, 15)).toBe("off_tolerance");
    expect(justifiableKind({ operated: true, difference: 15 }, 15)).toBeNull();
    expect(justifiableKind({ operated: true, difference: -14 }, 15)).toBeNull();
    // Another season's rule: ±10.
    expect(justifiableKind({ operated: true, difference: 14 }, 10)).toBe("off_tolerance");
  });
});
