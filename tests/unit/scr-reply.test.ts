/**
 * Pairing a coordinator's reply with the request it answers (src/domain/scr/reply.ts): every row
 * of SCR.md's reply table, a reply in another line order, a partial reply, and reply lines that
 * answer nothing.
 */
import { describe, expect, it } from "vitest";
import { pairReply, parseScr, type ReplyItem, type ScrDataLine } from "../../src/domain/scr";

const HEADER = ["SCR", "/slots@airline.example", "W26", "21NOV", "MEX"];

function lines(...body: string[]): ScrDataLine[] {
  const parsed = parseScr([...HEADER, ...body].join("\n"));
  expect(parsed.errors).toEqual([]);
  return parsed.lines;
}

/** What a slot team reads of an item: its kind, outcome, the granted time and the reply letters. */
const summary = (item: ReplyItem | undefined) => ({
  kind: item?.kind,
  outcome: item?.outcome,
  granted: item?.granted ? (item.granted.arrival?.time ?? item.granted.departure?.time) : null,
  reply: item?.reply.map((line) => line.action).join(""),
  offers: item?.offers.map((line) => line.arrival?.time ?? line.departure?.time),
});

const N = "NVB1234 05DEC05DEC 0000060 180320 MTY0700 J";
const C = "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J";
const R = "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J";
const L = "LVB1102 12JAN12JAN 0200000 180320 CUN1340 J";
const D = "D VB1103 13JAN13JAN 0030000 220321 1445CUN J";
const as = (action: string, line: string) => `${action}${line.slice(1)}`;

describe("N (new slot)", () => {
  it.each([
    ["K: granted as asked", [as("K", N)], { outcome: "granted", granted: "0700", reply: "K" }],
    ["K at another time: granted_other_time, the coordinator's time", ["KVB1234 05DEC05DEC 0000060 180320 MTY0720 J"], { outcome: "granted_other_time", granted: "0720", reply: "K" }],
    ["T: granted with conditions", [as("T", N)], { outcome: "granted", granted: "0700", reply: "T" }],
    ["U: refused", [as("U", N)], { outcome: "refused", granted: null, reply: "U" }],
    [
      "U with O offers: refused, the offers kept",
      [as("U", N), "OVB1234 05DEC05DEC 0000060 180320 MTY0740 J", "OVB1234 05DEC05DEC 0000060 180320 MTY0620 J"],
      { outcome: "refused", granted: null, reply: "UOO", offers: ["0740", "0620"] },
    ],
  ] as const)("%s", (_name, reply, expected) => {
    const { items, unanswered } = pairReply(lines(N), lines(...reply));
    expect(summary(items[0])).toMatchObject({ kind: "new", ...expected });
    expect(unanswered).toEqual([]);
  });
});

describe("C + R/L (change of a held slot)", () => {
  it.each([
    ["X + K: granted", [as("X", C), as("K", R)], { outcome: "granted", granted: "1340", reply: "XK" }],
    ["X + K at another time: granted_other_time", [as("X", C), "KVB1102 12JAN12JAN 0200000 180320 CUN1350 J"], { outcome: "granted_other_time", granted: "1350", reply: "XK" }],
    ["H + U: refused, the held slot kept", [as("H", C), as("U", R)], { outcome: "refused", granted: null, reply: "HU" }],
    ["H + U + O: refused with an offer", [as("H", C), as("U", R), "OVB1102 12JAN12JAN 0200000 180320 CUN1400 J"], { outcome: "refused", reply: "HUO", offers: ["1400"] }],
    ["W: the coordinator does not hold the C line", [as("W", C)], { outcome: "not_found", granted: null, reply: "W" }],
    ["H alone: the C line does not match", [as("H", C)], { outcome: "not_found", reply: "H" }],
  ] as const)("%s", (_name, reply, expected) => {
    const { items, unanswered } = pairReply(lines(C, R), lines(...reply));
    expect(items).toHaveLength(1);
    expect(summary(items[0])).toMatchObject({ kind: "change", ...expected });
    expect(unanswered).toEqual([]);
  });

  it("L (no offers wanted) refused: H + U", () => {
    const { items } = pairReply(lines(C, L), lines(as("H", C), as("U", L)));
    expect(summary(items[0])).toMatchObject({ kind: "change", outcome: "refused", reply: "HU" });
    expect(items[0]?.request.map((line) => line.action)).toEqual(["C", "L"]);
  });
});

describe("D (delete)", () => {
  it("X: deleted; U: refused", () => {
    expect(summary(pairReply(lines(D), lines(as("X", D))).items[0])).toMatchObject({ kind: "delete", outcome: "granted", reply: "X" });
    expect(summary(pairReply(lines(D), lines(as("U", D))).items[0])).toMatchObject({ kind: "delete", outcome: "refused", reply: "U" });
  });
});

describe("content, not position", () => {
  const request = lines(N, C, R, D);

  it("pairs a reply written in another order, line by line", () => {
    const reply = lines(as("X", D), as("K", R), as("K", N), as("X", C));
    const { items, unanswered } = pairReply(request, reply);
    expect(items.map(summary)).toEqual([
      { kind: "new", outcome: "granted", granted: "0700", reply: "K", offers: [] },
      // The reply lines in the reply's order: its K came before its X.
      { kind: "change", outcome: "granted", granted: "1340", reply: "KX", offers: [] },
      { kind: "delete", outcome: "granted", granted: null, reply: "X", offers: [] },
    ]);
    expect(unanswered).toEqual([]);
    // The reply's own line numbers stay with its lines (the logbook shows them).
    expect(items[1]?.reply.map((line) => line.line)).toEqual([7, 9]);
  });

  it("leaves the items a partial reply does not answer pending", () => {
    const { items } = pairReply(request, lines(as("K", N)));
    expect(items.map((item) => item.outcome)).toEqual(["granted", "pending", "pending"]);
  });

  it("returns the reply lines that answer no request line", () => {
    const stray = "KVB9999 05DEC05DEC 0000060 180320 MTY0900 J";
    const { items, unanswered } = pairReply(request, lines(as("K", N), stray, "X VB1103 14JAN14JAN 0004000 220321 1445CUN J"));
    expect(items[0]?.outcome).toBe("granted");
    expect(unanswered.map((line) => [line.action, line.line])).toEqual([
      ["K", 7],
      ["X", 8],
    ]);
  });

  it("tells apart two new slots of one flight on two dates, and VB012 from VB12 is the same flight", () => {
    const first = "NVB012 05DEC05DEC 0000060 180320 MTY0700 J";
    const second = "NVB012 06DEC06DEC 0000007 180320 MTY0700 J";
    const { items } = pairReply(lines(first, second), lines("UVB12 06DEC06DEC 0000007 180320 MTY0700 J", "KVB12 05DEC05DEC 0000060 180320 MTY0700 J"));
    expect(items.map((item) => [item.request[0]?.from, item.outcome])).toEqual([
      ["05DEC", "granted"],
      ["06DEC", "refused"],
    ]);
  });
});
