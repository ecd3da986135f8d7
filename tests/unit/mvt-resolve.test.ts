/**
 * What a movement message means for a flight at MEX (src/domain/mvt/resolve.ts): which flight it
 * is for, its times as instants nearest the schedule, block times first, delays from the
 * catalogue, returns, and the errors that keep a message from being applied.
 */
import { describe, expect, it } from "vitest";
import { applyMvt, mvtFlightKey, type MvtFlightState, readMvt, resolveMvtTime, sameFlightState } from "../../src/domain/mvt";

const one = (text: string) => {
  const [message] = readMvt(text).items;
  if (!message) throw new Error("no message");
  return message;
};

/** A departure from MEX, STD 20 Nov 14:30Z, STA 16:30Z. */
const FLIGHT: MvtFlightState = {
  scheduledDeparture: "2026-11-20T14:30:00Z",
  scheduledArrival: "2026-11-20T16:30:00Z",
  estimatedDeparture: null,
  estimatedArrival: null,
  actualDeparture: null,
  actualArrival: null,
  actualDepartureSource: null,
  actualDepartureSourceAt: null,
  actualArrivalSource: null,
  actualArrivalSourceAt: null,
  registration: "XA-VBA",
  status: "D",
  delays: [],
};
const AT = "2026-11-20T15:00:00Z";
const apply = (text: string, isArrival = false, state: MvtFlightState = FLIGHT) =>
  applyMvt(state, one(text), { isArrival, receivedAt: AT, line: 1, text: "MVT" });
const messages = (problems: { message: string }[]) => problems.map((p) => p.message).join("\n");

describe("mvtFlightKey", () => {
  it("names the flight as the flights table stores it, with its direction at MEX and its day", () => {
    expect(mvtFlightKey(one("MVT\nVB12/26.XAVRA.MEX\nAD1015/1025"))).toEqual({ flightNumber: "VB012", isArrival: false, day: 26 });
    expect(mvtFlightKey(one("MVT\nvb1234a/05.XAVRA.MEX\nAA1015/1025"))).toEqual({ flightNumber: "VB1234A", isArrival: true, day: 5 });
    expect(mvtFlightKey(one("MVT\nVB1234/05.XAVRA.MEX\nAD1015/1025 RR1030"))).toMatchObject({ isArrival: false });
    expect(mvtFlightKey(one("MVT\nVB1234/05.XAVRA.GDL\nAD1015/1025"))).toBeNull();
  });
});

describe("resolveMvtTime", () => {
  it("takes the instant nearest the scheduled time: across midnight either way, and DDHHMM across months", () => {
    expect(resolveMvtTime("1015", "2026-11-20T10:00:00Z")).toBe("2026-11-20T10:15:00Z");
    expect(resolveMvtTime("0010", "2026-11-20T23:50:00Z")).toBe("2026-11-21T00:10:00Z");
    expect(resolveMvtTime("2355", "2026-11-21T00:05:00Z")).toBe("2026-11-20T23:55:00Z");
    expect(resolveMvtTime("010005", "2026-11-30T23:30:00Z")).toBe("2026-12-01T00:05:00Z");
    expect(resolveMvtTime("302350", "2026-12-01T00:10:00Z")).toBe("2026-11-30T23:50:00Z");
    expect(resolveMvtTime("2560", "2026-12-01T00:10:00Z")).toBeNull();
  });
});

describe("applyMvt", () => {
  it("sets the off-block time as the actual departure, with its source, the estimate and the delays", () => {
    const applied = apply("MVT\nVB104/20.XA-VBA.MEX\nAD1450/1458 EA1650 CUN\nDL93/11/0015/0005");
    expect(applied.failed).toBe(false);
    expect(applied.state).toMatchObject({
      actualDeparture: "2026-11-20T14:50:00Z",
      actualDepartureSource: "mvt",
      actualDepartureSourceAt: AT,
      estimatedArrival: "2026-11-20T16:50:00Z",
      registration: "XA-VBA",
      delays: [
        { position: 1, code: "93", minutes: 15 },
        { position: 2, code: "11", minutes: 5 },
      ],
    });
    expect(applied.problems).toEqual([]);
    // The same message again says the same.
    const again = applyMvt(applied.state, one("MVT\nVB104/20.XAVBA.MEX\nAD1450/1458 EA1650 CUN\nDL93/11/0015/0005"), {
      isArrival: false,
      receivedAt: "2026-11-20T16:00:00Z",
      line: 1,
      text: "MVT",
    });
    expect(sameFlightState(applied.state, again.state)).toBe(true);
  });

  it("takes airborne only when off-block is missing, and touchdown only when on-block is, with a warning", () => {
    const departure = apply("MVT\nVB104/20.XAVBA.MEX\nAD/1458");
    const arrival = apply("MVT\nVB105/20.XAVBA.MEX\nAA1625", true);
    expect(departure.state.actualDeparture).toBe("2026-11-20T14:58:00Z");
    expect(messages(departure.problems)).toContain("se tomó el despegue como salida real");
    expect(arrival.state.actualArrival).toBe("2026-11-20T16:25:00Z");
    expect(arrival.state.actualArrivalSource).toBe("mvt");
    expect(messages(arrival.problems)).toContain("se tomó el aterrizaje como llegada real");
  });

  it("reads a sub-code as its code, skips a code outside the catalogue, gives a lone code without minutes the departure delay", () => {
    const sub = apply("MVT\nVB104/20.XAVBA.MEX\nAD1450/1458\nDL93A/07/0015/0005");
    expect(sub.state.delays).toEqual([{ position: 1, code: "93", minutes: 15 }]);
    expect(messages(sub.problems)).toContain("93A se leyó como 93");
    expect(messages(sub.problems)).toContain("07 no está en el catálogo");
    const lone = apply("MVT\nVB104/20.XAVBA.MEX\nAD1450/1458\nDL41");
    expect(lone.state.delays).toEqual([{ position: 1, code: "41", minutes: 20 }]);
    expect(messages(lone.problems)).toContain("se le asignó la demora de salida (20 min)");
  });

  it("marks a return R, and refuses a message whose times go backwards", () => {
    expect(apply("MVT\nVB104/20.XAVBA.MEX\nAD1450\nRR1505").state.status).toBe("R");
    const backwards = apply("MVT\nVB105/20.XAVBA.MEX\nAA1625/1620", true);
    expect(backwards.failed).toBe(true);
    expect(backwards.state).toBe(FLIGHT);
    const beforeDeparture = apply("MVT\nVB105/20.XAVBA.MEX\nAA1330/1335", true, { ...FLIGHT, actualDeparture: "2026-11-20T14:35:00Z" });
    expect(beforeDeparture.failed).toBe(true);
    expect(beforeDeparture.problems.find((p) => p.severity === "error")?.message).toContain("queda antes de la salida real");
  });

  it("lets a COR replace the original's delays, and a plain message warn when it contradicts an earlier MVT", () => {
    const first = apply("MVT\nVB104/20.XAVBA.MEX\nAD1450/1458\nDL93/0020").state;
    const cor = applyMvt(first, one("COR\nMVT\nVB104/20.XAVBA.MEX\nAD1445/1455"), { isArrival: false, receivedAt: AT, line: 1, text: "COR" });
    expect(cor.state).toMatchObject({ actualDeparture: "2026-11-20T14:45:00Z", delays: [] });
    expect(cor.problems).toEqual([]);
    const plain = applyMvt(first, one("MVT\nVB104/20.XAVBA.MEX\nAD1447/1455"), { isArrival: false, receivedAt: AT, line: 1, text: "MVT" });
    expect(plain.state.delays).toEqual(first.delays);
    expect(messages(plain.problems)).toContain("aunque no diga COR");
  });
});
