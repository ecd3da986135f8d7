/**
 * Monitoreo's week (issue 27 item 3): ISO weeks, each category of the coordinator on a crafted
 * week with its edges, each state, the corrective drafts; and the early warning's flagged series
 * and retime lines (item 4).
 */
import { describe, expect, it } from "vitest";
import type { HistorySlot } from "../../src/domain/history";
import {
  currentIsoWeek,
  isoWeekOf,
  isoWeekProblem,
  lastIsoWeek,
  parseIsoWeek,
  type ScrSent,
  type SeriesSlotRef,
  shiftIsoWeek,
  type WeekFlight,
  type WeekMatch,
  type WeekSlot,
  weekDiscrepancies,
  weekFollowUpKeys,
} from "../../src/domain/monitoring/week";
import { monitoringStateLabel } from "../../src/domain/monitoring/labels";
import { planCorrectiveDraft, requestLetterOf, slotsWithoutLines, withHeldLines } from "../../src/domain/monitoring/drafts";
import { isRetimeShift, retimeLines, type RetimeSlot } from "../../src/domain/monitoring/retime";
import { flaggedSeries, seriesOperations } from "../../src/domain/monitoring/warning";

describe("ISO weeks (UTC days, Monday to Sunday)", () => {
  it("names a week's Monday and Sunday, across a year's end", () => {
    expect(parseIsoWeek("2026-W47")).toMatchObject({ label: "2026-W47", start: "2026-11-16", end: "2026-11-22" });
    // 2026 starts on a Thursday: it has 53 weeks, the last one ending in 2027.
    expect(parseIsoWeek("2026-W53")).toMatchObject({ start: "2026-12-28", end: "2027-01-03" });
    expect(isoWeekOf("2027-01-01").label).toBe("2026-W53");
    expect(isoWeekOf("2024-12-30").label).toBe("2025-W01");
    expect(shiftIsoWeek(parseIsoWeek("2026-W53")!, 1).label).toBe("2027-W01");
    expect(shiftIsoWeek(parseIsoWeek("2027-W01")!, -2).label).toBe("2026-W52");
  });

  it("defaults to the last whole week before now, by the UTC date", () => {
    expect(lastIsoWeek(new Date("2026-11-23T00:00:00Z")).label).toBe("2026-W47");
    // Sunday 22 Nov at 23:59 UTC is still week 47: the last whole week is 46.
    expect(lastIsoWeek(new Date("2026-11-22T23:59:00Z")).label).toBe("2026-W46");
    expect(currentIsoWeek(new Date("2026-11-22T23:59:00Z")).label).toBe("2026-W47");
  });

  it("says in Spanish why a week is not one", () => {
    expect(isoWeekProblem("2026-47")).toMatch(/formato AAAA-Wss/);
    expect(isoWeekProblem("2025-W53")).toBe("La semana 53 de 2025 no existe: 2025 tiene 52 semanas ISO.");
    expect(isoWeekProblem("2026-W00")).toMatch(/no existe/);
    expect(parseIsoWeek("2025-W53")).toBeNull();
    expect(isoWeekProblem("2026-W53")).toBeNull();
  });
});

// ---- a crafted week 47 of W26, looked at on Monday 23 November at noon UTC ----

const WEEK = parseIsoWeek("2026-W47")!;
const NOW = new Date("2026-11-23T12:00:00Z");
let ids = 0;

function slot(fields: Partial<WeekSlot> & Pick<WeekSlot, "date" | "time">): WeekSlot {
  ids += 1;
  return {
    id: ids,
    season: "W26",
    serie: ids,
    flightNumber: `VB${100 + ids}`,
    isArrival: true,
    route: "GDL",
    aircraftType: "320",
    seats: 180,
    status: "D",
    cancellationSentAt: null,
    ...fields,
  };
}

function flight(at: string, fields: Partial<WeekFlight> = {}): WeekFlight {
  ids += 1;
  return {
    id: ids,
    flightNumber: "VB900",
    route: "GDL",
    scheduledAt: at,
    actualAt: at,
    cancelled: false,
    aircraftType: "320",
    seats: 180,
    loadedAt: "2026-10-01T00:00:00Z",
    delayCodes: [],
    ...fields,
  };
}

const pair = (s: WeekSlot | null, f: WeekFlight | null, justification: WeekMatch["justification"] = null): WeekMatch => ({
  matchId: (s?.id ?? 0) * 1000 + (f?.id ?? 0),
  season: "W26",
  date: s?.date ?? f?.scheduledAt.slice(0, 10) ?? "",
  isArrival: s?.isArrival ?? true,
  slot: s,
  flight: f,
  justification,
});

/** `minutes` after a slot's time, as an instant. */
const off = (s: WeekSlot, minutes: number) => new Date(Date.parse(`${s.date}T${s.time}:00Z`) + minutes * 60_000).toISOString();

const refOf = (s: WeekSlot): SeriesSlotRef => ({ id: s.id, season: s.season, serie: s.serie, date: s.date, time: s.time, isArrival: s.isArrival, status: s.status });

function run(matches: WeekMatch[], more: { seriesSlots?: SeriesSlotRef[]; sent?: ScrSent[]; tolerance?: number } = {}) {
  return weekDiscrepancies({
    week: WEEK,
    matches,
    seriesSlots: more.seriesSlots ?? matches.flatMap((m) => (m.slot ? [refOf(m.slot)] : [])),
    sent: more.sent ?? [],
    toleranceOf: () => more.tolerance ?? 15,
    now: NOW,
  });
}

const categories = (matches: WeekMatch[], tolerance?: number) =>
  run(matches, tolerance === undefined ? {} : { tolerance }).rows.map((row) => `${row.category}:${row.flight_number}`);

describe("the week's discrepancies by category", () => {
  it("no_slot: a flight flown without slot, not a cancelled one nor one still to fly", () => {
    const flown = flight("2026-11-17T10:00:00Z", { flightNumber: "VB901" });
    const cancelled = flight("2026-11-17T11:00:00Z", { flightNumber: "VB902", cancelled: true, actualAt: null });
    const later = flight("2026-11-23T18:00:00Z", { flightNumber: "VB903", actualAt: null });
    const { rows } = run([pair(null, flown), pair(null, cancelled), pair(null, later)]);
    expect(rows.map((r) => `${r.category}:${r.flight_number}`)).toEqual(["no_slot:VB901"]);
    expect(rows[0]).toMatchObject({ slot_id: null, serie: null, state: "unjustified", draft: null, difference: null });
  });

  it("not_used: a past slot without flight or with a cancelled one, unless handed back before its time", () => {
    const empty = slot({ date: "2026-11-16", time: "08:00", flightNumber: "VB201" });
    const cancelledFlight = slot({ date: "2026-11-16", time: "09:00", flightNumber: "VB202" });
    const handedBack = slot({ date: "2026-11-16", time: "10:00", flightNumber: "VB203", status: "CAN", cancellationSentAt: "2026-11-10T09:00:00Z" });
    const late = slot({ date: "2026-11-16", time: "11:00", flightNumber: "VB204", status: "CAN", cancellationSentAt: "2026-11-16T11:05:00Z" });
    const uploadedCancelled = slot({ date: "2026-11-16", time: "12:00", flightNumber: "VB205", status: "C" });
    const notYet = slot({ date: "2026-11-23", time: "13:00", flightNumber: "VB206" });
    const { rows } = run([
      pair(empty, null),
      pair(cancelledFlight, flight(off(cancelledFlight, 0), { cancelled: true, actualAt: null, delayCodes: ["71"] })),
      pair(handedBack, null),
      pair(late, null),
      pair(uploadedCancelled, null),
      pair(notYet, null),
    ]);
    expect(rows.map((r) => `${r.category}:${r.flight_number}`)).toEqual(["not_used:VB201", "not_used:VB202", "not_used:VB204"]);
    expect(rows[1]).toMatchObject({ flight_cancelled: true, delay_codes: ["71"] });
    // The cancellations draft takes a slot it accepts; one already cancelled is not offered again.
    expect(rows[0]?.draft).toEqual({ kind: "cancel", slots: [{ slot_id: empty.id, date: "2026-11-16" }] });
    expect(rows[2]?.draft).toBeNull();
  });

  it("schedule_vs_slot: a planned time off its slot by any minute, with its difference", () => {
    const s = slot({ date: "2026-11-18", time: "14:00", flightNumber: "VB301" });
    const same = slot({ date: "2026-11-18", time: "15:00", flightNumber: "VB302" });
    const { rows } = run([pair(s, flight(off(s, 5), { actualAt: off(s, 5) })), pair(same, flight(off(same, 0)))]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: "schedule_vs_slot", flight_number: "VB301", difference: 5, scheduled_at: "2026-11-18T14:05:00.000Z" });
  });

  it("off_tolerance: an actual time outside ±15 (16 is out, 15 is in), at the season's tolerance", () => {
    const at = (minutes: number, name: string) => {
      const s = slot({ date: "2026-11-19", time: "10:00", flightNumber: name });
      return pair(s, flight(off(s, 0), { actualAt: off(s, minutes) }));
    };
    const week = [at(-16, "VB401"), at(-15, "VB402"), at(15, "VB403"), at(16, "VB404"), at(14, "VB405")];
    expect(categories(week)).toEqual(["off_tolerance:VB401", "off_tolerance:VB404"]);
    expect(run(week).rows.map((r) => r.difference)).toEqual([-16, 16]);
    // A season whose rule allows ±20 holds none of them.
    expect(categories(week, 20)).toEqual([]);
    // Not flown yet: no actual time, nothing to judge.
    const pending = slot({ date: "2026-11-19", time: "11:00", flightNumber: "VB406" });
    expect(categories([pair(pending, flight(off(pending, 0), { actualAt: null }))])).toEqual([]);
  });

  it("aircraft: another type, or more seats than the slot; fewer seats or an unknown type are fine", () => {
    const make = (name: string, fields: Partial<WeekFlight>) => {
      const s = slot({ date: "2026-11-20", time: "07:00", flightNumber: name });
      return pair(s, flight(off(s, 0), fields));
    };
    const week = [
      make("VB501", { aircraftType: "321", seats: 180 }),
      make("VB502", { seats: 200 }),
      make("VB503", { seats: 150 }),
      make("VB504", { aircraftType: null, seats: null }),
    ];
    expect(categories(week)).toEqual(["aircraft:VB501", "aircraft:VB502"]);
    expect(run(week).rows[0]).toMatchObject({ slot_aircraft: "320", flight_aircraft: "321", slot_seats: 180, flight_seats: 180 });
  });

  it("gives one match a row in each category it falls in", () => {
    const s = slot({ date: "2026-11-21", time: "10:00", flightNumber: "VB601" });
    const { rows } = run([pair(s, flight(off(s, 30), { actualAt: off(s, 32), aircraftType: "321" }))]);
    expect(rows.map((r) => [r.category, r.difference])).toEqual([
      ["schedule_vs_slot", 30],
      ["off_tolerance", 32],
      ["aircraft", null],
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });
});

describe("the state of a row and its corrective draft", () => {
  // One series, VB700 every Wednesday at 10:00: week 47's slot flew late; later ones follow.
  const late = slot({ date: "2026-11-18", time: "10:00", flightNumber: "VB700", serie: 70 });
  const series = [late, ...["2026-11-25", "2026-12-02", "2026-12-09"].map((date) => slot({ date, time: "10:00", flightNumber: "VB700", serie: 70 }))];
  const [, next, inProcess, last] = series;
  inProcess!.status = "WIP";
  const thursday = slot({ date: "2026-11-26", time: "10:00", flightNumber: "VB700", serie: 70 });
  const flown = pair(late, flight(off(late, 0), { actualAt: off(late, 25) }));
  const refs = [...series, thursday].map(refOf);

  it("is unjustified without a justification or a later correction, with the series' open slots as its modifications draft", () => {
    const [row] = run([flown], { seriesSlots: refs }).rows;
    expect(row).toMatchObject({ category: "off_tolerance", state: "unjustified", correction: null, justification: null });
    // The same weekday only, 12 hours or more ahead, and not a slot in process.
    expect(row?.draft).toEqual({
      kind: "modify",
      slots: [
        { slot_id: next!.id, date: "2026-11-25" },
        { slot_id: last!.id, date: "2026-12-09" },
      ],
    });
  });

  it("is justified when its slot has a justification", () => {
    const [row] = run([{ ...flown, justification: { id: 9, kind: "off_tolerance" } }], { seriesSlots: refs }).rows;
    expect(row).toMatchObject({ state: "justified", justification: { id: 9, kind: "off_tolerance" } });
  });

  it("is corrected by a modification of a later slot on its weekday sent after it, not before nor of another kind or weekday", () => {
    const sent = (slotId: number, sentAt: string, type = "Modificación", reference = 40): ScrSent => ({
      slotId,
      reference,
      type,
      sentAt,
      appliedAt: "2026-11-23T10:00:00Z",
      refused: false,
    });
    const state = (list: ScrSent[]) => run([flown], { seriesSlots: refs, sent: list });
    expect(state([sent(next!.id, "2026-11-17T09:00:00Z")]).rows[0]?.state).toBe("unjustified");
    expect(state([sent(next!.id, "2026-11-20T09:00:00Z", "Cancelación")]).rows[0]?.state).toBe("unjustified");
    expect(state([sent(thursday.id, "2026-11-20T09:00:00Z")]).rows[0]?.state).toBe("unjustified");
    const corrected = state([sent(last!.id, "2026-11-22T08:00:00Z", "Modificación", 41), sent(next!.id, "2026-11-20T09:00:00Z")]);
    expect(corrected.rows[0]).toMatchObject({
      state: "corrected",
      correction: { reference: 40, type: "Modificación", sent_at: "2026-11-20T09:00:00.000Z", applied_at: "2026-11-23T10:00:00.000Z", slot_id: next!.id },
    });
    expect(corrected.correctiveScrs).toEqual([{ season: "W26", reference: 40, type: "Modificación", sent_at: "2026-11-20T09:00:00.000Z", rows: 1 }]);
    expect(corrected.counts.find((c) => c.category === "off_tolerance")).toEqual({
      category: "off_tolerance",
      total: 1,
      unjustified: 0,
      justified: 0,
      requested: 0,
      corrected: 1,
    });
  });

  it("a corrective SCR not answered yet is 'Solicitado (REF n)', not corrected; a refused one corrects nothing", () => {
    const base = { slotId: next!.id, reference: 40, type: "Modificación", sentAt: "2026-11-20T09:00:00Z" };
    const pending = run([flown], { seriesSlots: refs, sent: [{ ...base, appliedAt: null, refused: false }] });
    expect(pending.rows[0]).toMatchObject({ state: "requested", correction: { reference: 40, applied_at: null } });
    expect(monitoringStateLabel(pending.rows[0]!.state, pending.rows[0]!.correction?.reference ?? null)).toBe("Solicitado (REF 40)");
    expect(pending.counts.find((c) => c.category === "off_tolerance")).toMatchObject({ requested: 1, corrected: 0 });
    expect(pending.correctiveScrs).toEqual([]);
    const refused = run([flown], { seriesSlots: refs, sent: [{ ...base, appliedAt: null, refused: true }] });
    expect(refused.rows[0]?.state).toBe("unjustified");
    // A later request that took effect wins over an earlier one still waiting.
    const both = run([flown], {
      seriesSlots: refs,
      sent: [
        { ...base, appliedAt: null, refused: false },
        { ...base, slotId: last!.id, reference: 41, sentAt: "2026-11-21T09:00:00Z", appliedAt: "2026-11-22T09:00:00Z", refused: false },
      ],
    });
    expect(both.rows[0]).toMatchObject({ state: "corrected", correction: { reference: 41 } });
  });

  it("a slot not used is corrected by its late cancellation", () => {
    const unused = slot({ date: "2026-11-17", time: "06:00", flightNumber: "VB710", status: "CAN", cancellationSentAt: "2026-11-18T10:00:00Z" });
    const { rows } = run([pair(unused, null)], {
      sent: [{ slotId: unused.id, reference: 55, type: "Cancelación", sentAt: "2026-11-18T10:00:00Z", appliedAt: "2026-11-18T12:00:00Z", refused: false }],
    });
    expect(rows[0]).toMatchObject({ category: "not_used", state: "corrected", correction: { reference: 55, type: "Cancelación" } });
  });

  it("a planned difference is corrected by a modification sent after the planned flight was loaded", () => {
    const planned = slot({ date: "2026-11-19", time: "20:00", flightNumber: "VB720" });
    const f = flight(off(planned, 20), { actualAt: off(planned, 20), loadedAt: "2026-11-01T00:00:00Z" });
    const { rows } = run([pair(planned, f)], {
      sent: [{ slotId: planned.id, reference: 60, type: "Modificación", sentAt: "2026-11-02T10:00:00Z", appliedAt: "2026-11-03T10:00:00Z", refused: false }],
    });
    expect(rows.map((r) => [r.category, r.state])).toEqual([
      ["schedule_vs_slot", "corrected"],
      ["off_tolerance", "unjustified"],
    ]);
  });

  it("counts every category, in the coordinator's order, even when empty", () => {
    const { counts } = run([flown]);
    expect(counts.map((c) => [c.category, c.total])).toEqual([
      ["no_slot", 0],
      ["not_used", 0],
      ["schedule_vs_slot", 0],
      ["off_tolerance", 1],
      ["aircraft", 0],
    ]);
  });

  it("asks the server only for the series on the weekdays of its rows", () => {
    const quiet = slot({ date: "2026-11-18", time: "12:00", flightNumber: "VB730", serie: 73 });
    expect(weekFollowUpKeys({ matches: [flown, pair(quiet, flight(off(quiet, 0)))], toleranceOf: () => 15, now: NOW })).toEqual(["W26_70_true_3"]);
  });
});

describe("the early warning and its retime", () => {
  const historySlot = (serie: number, date: string, deviation: number | null): HistorySlot => ({
    slotId: serie * 100 + Number(date.slice(8, 10)),
    serie,
    flightNumber: `VB${serie}`,
    date,
    time: "14:00",
    isArrival: true,
    status: "D",
    matchId: 1,
    flightId: 1,
    flightCancelled: false,
    difference: deviation,
    realDifference: deviation,
    delayCodes: [],
    justified: false,
    returnedAt: null,
    addedAt: null,
  });
  const days = Array.from({ length: 12 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);

  it("lists the series Histórico flags, with the proposal, at the season's tolerance, and a series' operations for its plot", () => {
    const late = days.map((date) => historySlot(1, date, 10));
    const scattered = days.map((date, i) => historySlot(2, date, [-5, 3, -2, 4, 0, -1, 2, -3, 1, 1, -4, 4][i]!));
    const warnings = flaggedSeries([...late, ...scattered], "W26", 15, NOW);
    expect(warnings.map((w) => w.serie)).toEqual([1]);
    expect(warnings[0]).toMatchObject({
      season: "W26",
      flight_number: "VB1",
      type: "L",
      hour: ["14:00"],
      // Every slot has passed: the proposal moves none.
      punctuality: { verdict: "late", mean: 10, tolerance: 15, proposal: { time: "14:10", shift: 10, slots: 0 } },
    });
    const operations = seriesOperations(late, Math.floor(NOW.getTime() / 60_000));
    expect(operations).toHaveLength(12);
    expect(operations[0]).toEqual({ date: "2026-11-01", deviation: 10 });
    // At ±5 the scattered series is off its tolerance four times: "repeated".
    expect(flaggedSeries(scattered, "W26", 3, NOW).map((w) => [w.serie, w.punctuality.off_tolerance, w.punctuality.repeated])).toEqual([[2, 4, true]]);
  });

  it("writes the C line and the R line moved by the shift, across midnight, for the slots still open", () => {
    const base = { flightNumber: "VB850", isArrival: true, route: "GDL", aircraftType: "320", seats: 180, serviceType: "J", status: "D" };
    const slots: RetimeSlot[] = [
      { ...base, id: 1, date: "2026-12-01", time: "23:55" },
      { ...base, id: 2, date: "2026-11-23", time: "20:00" }, // less than 12 hours ahead
      { ...base, id: 3, date: "2026-12-08", time: "23:55", status: "WIP" },
    ];
    expect(retimeLines(slots, 10, NOW)).toEqual([
      { slot_id: 1, date: "2026-12-01", change: "CVB850 01DEC01DEC 0200000 180320 GDL2355 J", request: "RVB850 02DEC02DEC 0030000 180320 GDL0005 J" },
    ]);
    // Back across midnight, at the draft's L letter.
    expect(retimeLines([{ ...base, id: 4, date: "2026-12-02", time: "00:05" }], -10, NOW, "L")[0]?.request).toBe(
      "LVB850 01DEC01DEC 0200000 180320 GDL2355 J",
    );
    expect(isRetimeShift(10)).toBe(true);
    expect(isRetimeShift(0)).toBe(false);
    expect(isRetimeShift(7)).toBe(false);
    expect(isRetimeShift(1440)).toBe(false);
  });

  it("adds the retime's lines to the modifications draft by the drafts' rules, with the draft's letter and its other slots' lines", () => {
    const line = (id: number, letter = "R") => ({ slot_id: id, date: "2026-12-01", change: `C${id}`, request: `${letter}${id}` });
    const empty = {
      new_slot_data: { season: null, form: {}, list: [] },
      modification_data: { season: null, ids: [], action: 5, encoded: [] },
      cancellation_data: { season: null, ids: [] },
      version: 1,
    };
    // A slot in the cancellations draft is skipped; the others go in with linked C and R lines.
    const drafts = { ...empty, cancellation_data: { season: "W26", ids: [2] } };
    const plan = planCorrectiveDraft("modify", "W26", [1, 2], drafts, [line(1), line(2)]);
    expect(plan).toMatchObject({ added: [1], inOtherDraft: [2], otherSeason: null });
    expect(plan.update?.modification_data?.encoded).toEqual([
      { id: "1", linked: true, data: { actual: { line: "C1", ghost: false }, request: { line: "R1", ghost: false } } },
    ]);
    // Another season's draft takes nothing.
    const other = { ...empty, modification_data: { ...empty.modification_data, season: "S26", ids: [9] } };
    expect(planCorrectiveDraft("modify", "W26", [1], other, [line(1)])).toMatchObject({ update: null, otherSeason: "S26" });
    // A draft whose slots have no lines yet: they are encoded as held first; the letter is R until a line says L.
    expect(slotsWithoutLines(other)).toEqual([9]);
    expect(requestLetterOf(other)).toBe("R");
    const held = withHeldLines(other, [{ id: "9", change: "C9", request: "L9" }]);
    expect(requestLetterOf(held)).toBe("L");
    expect(slotsWithoutLines(held)).toEqual([]);
  });
});
