/**
 * The coordinator's list against the register, as pure rules: what is read or refused whole, how
 * the two sides pair up, which kind each difference is, what a key names, and what is left out.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE } from "../../src/domain/airline";
import { compareCoordinatorList, readCoordinatorList, type RegisterSlot } from "../../src/domain/coordinatorList";
import { seasonBounds } from "../../src/domain/seasons";

const SEASON = seasonBounds("W26");
const known = { knownSeason: (season: string) => season === "W26" };
const header = (type = "SAL") => [type, "/", "W26", "21NOV", "MEX"];

let nextId = 1;
function held(flightNumber: string, date: string, time: string, extra: Partial<RegisterSlot> = {}): RegisterSlot {
  return { id: nextId++, serie: 1, flightNumber, date, time, isArrival: true, route: "CUN", aircraftType: "320", seats: 180, serviceType: "J", status: "K", ...extra };
}

function compare(lines: string[], register: RegisterSlot[], type = "SAL") {
  const text = [...header(type), ...lines].join("\n");
  const list = readCoordinatorList(text, "lista.txt", known);
  if (list.refused) throw new Error(list.message);
  return compareCoordinatorList({ list, fileName: "lista.txt", text, season: SEASON, airline: DEFAULT_AIRLINE, register });
}

describe("reading the list", () => {
  it("takes SIR, SAL and SHL and says where the correction comes from", () => {
    for (const type of ["SIR", "SAL", "SHL"]) {
      const read = readCoordinatorList([...header(type), "KVB100 07DEC07DEC 1000000 180320 CUN1000 J"].join("\n"), "x.txt", known);
      expect(read).toMatchObject({ refused: false, type, season: "W26", date: "2026-11-21", source: `según ${type} del coordinador 21/11` });
    }
  });

  it("refuses another message type, season or airport whole, naming the line", () => {
    const line = "KVB100 07DEC07DEC 1000000 180320 CUN1000 J";
    expect(readCoordinatorList([...header("SMA"), line].join("\n"), "x.txt", known)).toMatchObject({ refused: true, details: [{ line: 1, column: 1 }] });
    expect(readCoordinatorList(["SAL", "/", "S27", "21NOV", "MEX", line].join("\n"), "x.txt", known)).toMatchObject({
      refused: true,
      message: expect.stringContaining("temporada S27 (línea 3, columna 1), que no está en Slotdesk"),
    });
    expect(readCoordinatorList(["SAL", "W26", "21NOV", "CUN", line].join("\n"), "x.txt", known)).toMatchObject({
      refused: true,
      message: expect.stringContaining("aeropuerto CUN (línea 4, columna 1)"),
    });
    expect(readCoordinatorList([...header(), line].join("\n"), "x.txt", { ...known, expectedSeason: "S26" })).toMatchObject({ refused: true });
  });
});

describe("comparing", () => {
  it("pairs two slots of one flight and date by time, and says the other is at another time", () => {
    const register = [held("VB100", "2026-12-07", "10:00"), held("VB100", "2026-12-07", "20:00", { serie: 2 })];
    const { comparison } = compare(["KVB100 07DEC07DEC 1000000 180320 CUN2000 J", "KVB100 07DEC07DEC 1000000 180320 CUN1015 J"], register);
    expect(comparison.totals).toMatchObject({ differences: 1, time: 1 });
    expect(comparison.series[0]?.differences[0]).toMatchObject({ kind: "time", here: "10:00", there: "10:15" });
  });

  it("compares flights by designator (VB012 is VB12) and leaves other airlines and non-held lines out", () => {
    const { comparison } = compare(
      ["KVB012 07DEC07DEC 1000000 180320 CUN1000 J", "KAM100 07DEC07DEC 1000000 180738 CUN1000 J", "XVB300 07DEC07DEC 1000000 180320 CUN1000 J"],
      [held("VB12", "2026-12-07", "10:00")],
    );
    expect(comparison.totals.differences).toBe(0);
    expect(comparison.series_equal).toBe(1);
    expect(comparison.lines).toMatchObject({ compared: 1, other_airlines: 1, not_held: 1 });
    expect(comparison.problems).toEqual([expect.objectContaining({ line: 8, severity: "aviso", message: expect.stringContaining("La acción X") })]);
  });

  it("calls a series on other dates 'days', with both sides' weekdays, and a series missing on a side 'only'", () => {
    const register = [held("VB100", "2026-12-07", "10:00"), held("VB100", "2026-12-08", "10:00"), held("VB200", "2026-12-07", "11:00", { serie: 5 })];
    const { comparison, differences } = compare(["KVB100 07DEC09DEC 1030000 180320 CUN1000 J", "KVB300 07DEC07DEC 1000000 180320 CUN1200 J"], register, "SHL");
    const kinds = comparison.series.map((series) => [series.flight, series.differences.map((d) => [d.kind, d.here, d.there])]);
    expect(kinds).toEqual([
      ["VB100", [["days", "1200000", "1030000"]]],
      ["VB200", [["only_here", "11:00", null]]],
      ["VB300", [["only_there", null, "12:00"]]],
    ]);
    const days = comparison.series[0]?.differences[0];
    expect(days?.dates).toEqual([
      { date: "2026-12-08", here: "10:00", there: null, wip: false },
      { date: "2026-12-09", here: null, there: "10:00", wip: false },
    ]);
    // An SHL list's slots are historic.
    expect(differences.find((d) => d.kind === "only_there")?.entries[0]?.there?.historic).toBe(true);
  });

  it("keeps a key while nothing changes, and another once a slot of it changes", () => {
    const line = ["KVB100 07DEC07DEC 1000000 180320 CUN1030 J"];
    const slot = held("VB100", "2026-12-07", "10:00");
    const first = compare(line, [slot]).differences[0]?.key;
    expect(compare(line, [{ ...slot }]).differences[0]?.key).toBe(first);
    expect(compare(line, [{ ...slot, seats: 150 }]).differences.find((d) => d.kind === "time")?.key).not.toBe(first);
    expect(first).toMatch(/^time-[0-9a-f]{16}$/);
  });

  it("marks what a slot in process explains, apart from the rest of its series", () => {
    const register = [held("VB100", "2026-12-07", "10:00", { status: "WIP" }), held("VB100", "2026-12-08", "10:00")];
    const { comparison } = compare(["KVB100 07DEC08DEC 1200000 180320 CUN1030 J"], register);
    expect(comparison.series[0]?.differences.map((d) => [d.kind, d.wip, d.dates.map((x) => x.date)])).toEqual([
      ["time", false, ["2026-12-08"]],
      ["time", true, ["2026-12-07"]],
    ]);
    expect(comparison.totals).toMatchObject({ differences: 2, wip: 1 });
  });

  it("does not compare what a line leaves out, nor dates outside the season", () => {
    const { comparison } = compare(["HVB100 07DEC07DEC 1000000 CUN1000 J", "KVB100 20MAR31MAR 1234567 180320 CUN1000 J"], [held("VB100", "2026-12-07", "10:00", { seats: 150 })]);
    expect(comparison.totals.seats).toBe(0);
    expect(comparison.problems.some((p) => p.line === 7 && p.message.includes("fuera de la temporada W26"))).toBe(true);
  });
});
