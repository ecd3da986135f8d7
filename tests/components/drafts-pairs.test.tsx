/**
 * The draft editor's pure row operations (seed 000 §4.2) and line rules (§5.1): reorder, move a
 * single line onto an empty place of its kind (a source row left empty goes), link/unlink, split,
 * duplicate, delete, the stored shape with ghosts, and the letters of N, D, C and R/L lines.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE } from "../../src/domain/airline";
import { countLineProblems, lineProblem } from "../../src/custom-views/drafts/editor/lineRules";
import {
  canLink,
  canSplit,
  duplicatePair,
  type EditorPair,
  keepIds,
  missingIds,
  moveLine,
  moveRow,
  moveTargets,
  pairsFromDraft,
  pairsFromEncoded,
  pairsToDraft,
  pairsToRequest,
  removePair,
  requestLetterOf,
  setLine,
  setLinked,
  splitPair,
  withRequestLetter,
} from "../../src/custom-views/drafts/editor/pairs";
import { seasonBounds } from "../../src/domain/seasons";

const C1 = "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J";
const R1 = "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J";
const C2 = "C VB1103 13JAN13JAN 0030000 220321 1445CUN J";
const R2 = "R VB1103 13JAN13JAN 0030000 220321 1500CUN J";

let counter = 0;
const key = () => `k${++counter}`;

const pair = (id: string, change: string | null, request: string | null, linked = false): EditorPair => ({
  key: key(),
  id,
  linked,
  change,
  request,
});

/** What a user sees: [id, change, request, linked] per row. */
const shape = (pairs: EditorPair[]) => pairs.map((p) => [p.id, p.change, p.request, p.linked]);

describe("rows from the encode answer and the stored draft", () => {
  it("links modification rows that hold both lines, and keeps the order", () => {
    const rows = pairsFromEncoded(
      [
        { id: "11", change: C1, request: R1 },
        { id: "12", change: C2, request: R2 },
      ],
      true,
      key,
    );
    expect(shape(rows)).toEqual([
      ["11", C1, R1, true],
      ["12", C2, R2, true],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(2);
  });

  it("never links altas or cancelaciones rows (request only)", () => {
    const rows = pairsFromEncoded([{ id: "a", change: null, request: "NVB1234 05DEC05DEC 0000060 180320 MTY0700 J" }], false, key);
    expect(rows[0]?.linked).toBe(false);
  });

  it("stores empty places as ghosts and reads them back as empty places", () => {
    const rows = [pair("11", C1, null), pair("12", null, R2)];
    const stored = pairsToDraft(rows);
    expect(stored).toEqual([
      { id: "11", linked: false, data: { actual: { line: C1, ghost: false }, request: { line: "", ghost: true } } },
      { id: "12", linked: false, data: { actual: { line: "", ghost: true }, request: { line: R2, ghost: false } } },
    ]);
    expect(shape(pairsFromDraft(stored, key))).toEqual(shape(rows));
  });

  it("sends the rows in order as {id, change, request}", () => {
    expect(pairsToRequest([pair("12", C2, R2, true), pair("11", C1, null)])).toEqual([
      { id: "12", change: C2, request: R2 },
      { id: "11", change: C1, request: null },
    ]);
  });
});

describe("row operations", () => {
  const rows = () => [pair("1", C1, R1, true), pair("2", C2, R2, true), pair("3", C1, null), pair("4", null, R2)];

  it("reorders a row", () => {
    const before = rows();
    expect(moveRow(before, 0, 2).map((p) => p.id)).toEqual(["2", "3", "1", "4"]);
    expect(moveRow(before, 3, 0).map((p) => p.id)).toEqual(["4", "1", "2", "3"]);
    expect(before.map((p) => p.id)).toEqual(["1", "2", "3", "4"]);
  });

  it("moves a single line onto an empty place of the same kind and drops the emptied row", () => {
    const before = rows();
    // Row 4's request goes onto row 3's empty request place; row 4 is left empty and removed.
    expect(moveTargets(before, 3, "request")).toEqual([2]);
    expect(shape(moveLine(before, 3, "request", 2))).toEqual([
      ["1", C1, R1, true],
      ["2", C2, R2, true],
      ["3", C1, R2, false],
    ]);
  });

  it("refuses moving onto a place of the other kind, a filled place, or out of a linked row", () => {
    const before = rows();
    expect(shape(moveLine(before, 3, "request", 0))).toEqual(shape(before)); // row 1's request is taken
    expect(moveTargets(before, 2, "change")).toEqual([3]); // only row 4 has an empty change place
    expect(shape(moveLine(before, 0, "change", 3))).toEqual(shape(before)); // row 1 is linked
  });

  it("keeps a source row that still holds its other line", () => {
    const before = [pair("1", C1, R1), pair("2", null, R2), pair("3", C2, null)];
    expect(shape(moveLine(before, 0, "change", 1))).toEqual([
      ["1", null, R1, false],
      ["2", C1, R2, false],
      ["3", C2, null, false],
    ]);
  });

  it("links only a row with both lines, and unlinks a linked one", () => {
    const before = [pair("1", C1, R1), pair("2", C1, null)];
    expect(canLink(before[0])).toBe(true);
    expect(canLink(before[1])).toBe(false);
    const linked = setLinked(before, 0, true);
    expect(linked[0]?.linked).toBe(true);
    expect(shape(setLinked(before, 1, true))).toEqual(shape(before));
    expect(setLinked(linked, 0, false)[0]?.linked).toBe(false);
  });

  it("splits a linked pair into the change row then the request row", () => {
    const before = rows();
    expect(canSplit(before[0])).toBe(true);
    expect(canSplit(before[2])).toBe(false);
    const split = splitPair(before, 0, key);
    expect(shape(split)).toEqual([
      ["1", C1, null, false],
      ["1", null, R1, false],
      ["2", C2, R2, true],
      ["3", C1, null, false],
      ["4", null, R2, false],
    ]);
    expect(split[0]?.key).not.toBe(split[1]?.key);
    // An unlinked row is not split.
    expect(shape(splitPair(before, 2, key))).toEqual(shape(before));
  });

  it("duplicates a row right after itself with its own key, and deletes a row", () => {
    const before = rows();
    const duplicated = duplicatePair(before, 1, key);
    expect(duplicated.map((p) => p.id)).toEqual(["1", "2", "2", "3", "4"]);
    expect(duplicated[1]?.key).not.toBe(duplicated[2]?.key);
    expect(removePair(before, 1).map((p) => p.id)).toEqual(["1", "3", "4"]);
  });

  it("edits a line, never an empty place", () => {
    const before = rows();
    expect(setLine(before, 2, "change", "CX")[2]?.change).toBe("CX");
    expect(shape(setLine(before, 2, "request", "RX"))).toEqual(shape(before));
  });

  it("switches the revision letter of request lines", () => {
    const before = [pair("1", C1, R1), pair("2", C2, R2)];
    const asL = withRequestLetter(before, "L");
    expect(asL.map((p) => p.request?.slice(0, 2))).toEqual(["LV", "L "]);
    expect(asL.map((p) => p.change)).toEqual([C1, C2]);
    expect(requestLetterOf(asL)).toBe("L");
    expect(requestLetterOf([])).toBeNull();
  });

  it("drops rows of items that left the draft and lists items without rows", () => {
    const before = rows();
    expect(keepIds(before, new Set(["2", "4"])).map((p) => p.id)).toEqual(["2", "4"]);
    expect(missingIds(before, ["1", "5", "4", "6"])).toEqual(["5", "6"]);
  });
});

describe("line rules by draft", () => {
  const season = seasonBounds("W26");

  it("expects C and the switch's letter in modifications", () => {
    const context = { flavour: "modify" as const, requestLetter: "R" as const, season, airline: DEFAULT_AIRLINE };
    expect(lineProblem(C1, "change", context)).toBeNull();
    expect(lineProblem(R1, "request", context)).toBeNull();
    expect(lineProblem(R1, "request", { ...context, requestLetter: "L" })).toBe("Este campo debe comenzar con la letra 'L'");
    expect(lineProblem("CVB1102 12JAN12JAN 0200000 180320 CUN1312 J", "change", context)).toBe(
      "El horario de operación debe ser un múltiplo de 5",
    );
  });

  it("expects N in altas and D in cancelaciones, with the same parts", () => {
    const altas = { flavour: "new" as const, requestLetter: "R" as const, season, airline: DEFAULT_AIRLINE };
    const cancel = { flavour: "cancel" as const, requestLetter: "R" as const, season, airline: DEFAULT_AIRLINE };
    expect(lineProblem("NVB1234 05DEC05DEC 0000060 180320 MTY0700 J", "request", altas)).toBeNull();
    expect(lineProblem("RVB1234 05DEC05DEC 0000060 180320 MTY0700 J", "request", altas)).toBe(
      "Este campo debe comenzar con la letra 'N'",
    );
    expect(lineProblem("NVB12 05DEC05DEC 0000060 180320 MTY0700 J", "request", altas)).toBe(
      "El nombre de vuelo debe tener 3-4 dígitos, rellena con ceros a la izquierda",
    );
    expect(lineProblem("D VB1103 13JAN13JAN 0030000 220321 1445CUN J", "request", cancel)).toBeNull();
    expect(lineProblem("", "request", cancel)).toBe("Este campo no puede estar vacío");
  });

  it("counts the lines with problems, not the empty places", () => {
    const context = { flavour: "modify" as const, requestLetter: "R" as const, season, airline: DEFAULT_AIRLINE };
    expect(countLineProblems([pair("1", C1, null), pair("2", "C", "R")], context)).toBe(2);
  });
});
