/**
 * The matching engine shared by the optimal matcher (matcher.ts) and the greedy one (greedy.ts):
 * input checks, manual decisions, the day-by-day groups, the two passes and the result rows. Only
 * the way one group's pairs are chosen differs between the two (a `GroupSolver`).
 *
 * ## Rules
 *
 * Per direction (arrivals and departures never pair with each other):
 *
 * 0. Cancelled slots (status CAN or C) never take part: they are reported as slots with no flight.
 *    Manual decisions come first: `assigned` pairs are fixed and taken out before any
 *    optimisation; the flight and the slot of a `separated` pair both stay alone (a flight
 *    without slot and a leftover slot, as the user saw them part) until a later assignment of
 *    either. A later decision about the same flight or slot wins (see `ManualDecision`).
 * 1. Number pass. A flight and a slot may pair when their canonical designators agree exactly
 *    (`VB012` = `VB12`; the suffix is part of the designator, so `VB1234` ≠ `VB1234A`) and they
 *    are on the same UTC date, or — across UTC midnight — no more than the window (180 min) apart.
 *    Among such pairings the engine takes the largest number of pairs, then the smallest total
 *    |scheduled − slot|.
 * 2. Time pass. The flights and slots left over (different designators, suffix variants such as
 *    `VB1234` / `VB1234A` included) may pair when |scheduled − slot| ≤ window. Each pair is worth
 *    (window + 1 − |difference|) and the pairing of greatest total worth is taken: among pairings
 *    with as many pairs, the smallest total difference; a slot far away stays a leftover, and a
 *    far pair is never bought by pushing a close pair apart.
 * 3. Ties. Among pairings of equal total difference the one whose differences are concentrated
 *    on fewest pairs wins (larger Σ d²): a flight exactly on its slot keeps it rather than a
 *    retimed neighbour dragging a chain of flights one slot along. Then flights and slots are
 *    ranked by (instant, id) and the pairing that best keeps that order wins (lower Σ |flight
 *    rank − slot rank|): of two equally distant slots, a flight takes the earlier one, and of two
 *    slots at the same time, the lower id goes to the earlier flight. The Hungarian algorithm runs
 *    on that canonical order, so the result does not depend on the order of the input arrays.
 *
 * ## Days and midnight
 *
 * Groups are UTC dates (the movement's UTC date: a 23:30 local departure at MEX is 05:30 UTC of
 * the next date and belongs to that date). Differences are always between full UTC instants.
 * Because a slot team expects a 23:55 slot flown at 00:05 to be one on-slot movement (+10), not a
 * leftover plus a flight without slot, the group of date D also holds the still-unpaired flights
 * and slots of the first `window` minutes of D+1. Dates are processed in ascending order, number
 * pass over all dates first, then time pass; from each group only pairs with at least one member
 * on date D are kept (pairs made only of D+1 items are left to D+1's own group). A pair's `date`
 * is the slot's date.
 */
import { addDays } from "../seasons";
import {
  canonicalDesignator,
  classifyDifference,
  instantEpochMinutes,
  ON_SLOT_TOLERANCE_MINUTES,
  slotEpochMinutes,
  utcDateOfEpochMinutes,
} from "./differences";
import {
  CANCELLED_SLOT_STATUSES,
  type FlightInput,
  type GeneralStatus,
  type ManualDecision,
  type MatchId,
  type MatchOptions,
  type MatchResult,
  type PairSource,
  type SlotInput,
} from "./types";

export const DEFAULT_WINDOW_MINUTES = 180;
const MAX_WINDOW_MINUTES = 720;

/** One side of a pair as the engine sees it. */
export type MatchItem = {
  id: MatchId;
  idKey: string;
  /** Minutes since the epoch (UTC) of the slot time or the flight's scheduled movement. */
  instant: number;
  /** UTC date of `instant`. */
  date: string;
  designator: string;
  isArrival: boolean;
  matched: boolean;
};

type FlightItem = MatchItem & { input: FlightInput; actual: number | null };
type SlotItem = MatchItem & { input: SlotInput; eligible: boolean };

export type PassKind = "number" | "time";

/**
 * Chooses the pairs of one group. `flights` and `slots` are sorted by (instant, id); `distance`
 * gives |difference| in minutes for an allowed pair and null for a forbidden one. Returns
 * [flight index, slot index] pairs.
 */
export type GroupSolver = (
  flights: readonly MatchItem[],
  slots: readonly MatchItem[],
  distance: (flight: number, slot: number) => number | null,
  pass: PassKind,
  windowMinutes: number,
) => Array<[number, number]>;

export function idKey(id: MatchId): string {
  return typeof id === "number" ? `n:${id}` : `s:${id}`;
}

/** Total order on ids: numbers (numerically) before strings (by code unit). */
export function compareIds(a: MatchId | null, b: MatchId | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : 1;
}

export function compareItems(a: MatchItem, b: MatchItem): number {
  return a.instant - b.instant || compareIds(a.id, b.id);
}

function checkWindow(options: MatchOptions | undefined): number {
  const window = options?.windowMinutes ?? DEFAULT_WINDOW_MINUTES;
  if (!Number.isInteger(window) || window < 0 || window > MAX_WINDOW_MINUTES) {
    throw new RangeError(`windowMinutes must be an integer from 0 to ${MAX_WINDOW_MINUTES}: ${window}`);
  }
  return window;
}

function toFlightItem(input: FlightInput): FlightItem {
  const instant = instantEpochMinutes(input.scheduledAt);
  return {
    id: input.id,
    idKey: idKey(input.id),
    instant,
    date: utcDateOfEpochMinutes(instant),
    designator: canonicalDesignator(input.flightNumber),
    isArrival: input.isArrival,
    matched: false,
    input,
    actual: input.actualAt === null ? null : instantEpochMinutes(input.actualAt),
  };
}

function toSlotItem(input: SlotInput): SlotItem {
  const instant = slotEpochMinutes(input.date, input.time);
  return {
    id: input.id,
    idKey: idKey(input.id),
    instant,
    date: input.date,
    designator: canonicalDesignator(input.flightNumber),
    isArrival: input.isArrival,
    matched: false,
    input,
    eligible: !CANCELLED_SLOT_STATUSES.includes(input.status),
  };
}

function uniqueById<T extends MatchItem>(items: T[], what: string): Map<string, T> {
  const byId = new Map<string, T>();
  for (const item of items) {
    if (byId.has(item.idKey)) throw new RangeError(`Duplicate ${what} id: ${String(item.id)}`);
    byId.set(item.idKey, item);
  }
  return byId;
}

type Pair = { flight: FlightItem; slot: SlotItem; source: PairSource };

/** What the users' decisions leave to the passes: fixed pairs, and items that must stay alone. */
type DecisionOutcome = { fixed: Pair[]; aloneFlights: Set<string>; aloneSlots: Set<string> };

/** Reads decisions oldest first; returns the fixed pairs (valid ones) and the separated items. */
function readDecisions(
  decisions: readonly ManualDecision[],
  flights: Map<string, FlightItem>,
  slots: Map<string, SlotItem>,
): DecisionOutcome {
  const aloneFlights = new Set<string>();
  const aloneSlots = new Set<string>();
  const fixedByFlight = new Map<string, string>(); // flight key → slot key
  const fixedBySlot = new Map<string, string>();
  const unfix = (f: string | undefined, s: string | undefined) => {
    const slotOfFlight = f === undefined ? undefined : fixedByFlight.get(f);
    const flightOfSlot = s === undefined ? undefined : fixedBySlot.get(s);
    if (f !== undefined) fixedByFlight.delete(f);
    if (s !== undefined) fixedBySlot.delete(s);
    if (slotOfFlight !== undefined) fixedBySlot.delete(slotOfFlight);
    if (flightOfSlot !== undefined) fixedByFlight.delete(flightOfSlot);
  };
  for (const decision of decisions) {
    const f = idKey(decision.flightId);
    const s = idKey(decision.slotId);
    if (decision.kind === "separated") {
      unfix(f, s);
      aloneFlights.add(f);
      aloneSlots.add(s);
      continue;
    }
    const flight = flights.get(f);
    const slot = slots.get(s);
    // An assignment of records we were not given, or across directions, cannot be shown.
    if (!flight || !slot || flight.isArrival !== slot.isArrival) continue;
    aloneFlights.delete(f);
    aloneSlots.delete(s);
    unfix(f, s);
    fixedByFlight.set(f, s);
    fixedBySlot.set(s, f);
  }
  const fixed: Pair[] = [];
  for (const [f, s] of fixedByFlight) {
    const flight = flights.get(f);
    const slot = slots.get(s);
    if (flight && slot) fixed.push({ flight, slot, source: "manual" });
  }
  return { fixed, aloneFlights, aloneSlots };
}

type DayBucket = { flights: FlightItem[]; slots: SlotItem[] };

function bucketByDate(flights: FlightItem[], slots: SlotItem[]): Map<string, DayBucket> {
  const buckets = new Map<string, DayBucket>();
  const bucket = (date: string): DayBucket => {
    let found = buckets.get(date);
    if (!found) {
      found = { flights: [], slots: [] };
      buckets.set(date, found);
    }
    return found;
  };
  for (const flight of flights) bucket(flight.date).flights.push(flight);
  for (const slot of slots) bucket(slot.date).slots.push(slot);
  for (const day of buckets.values()) {
    day.flights.sort(compareItems);
    day.slots.sort(compareItems);
  }
  return buckets;
}

function midnightMinutes(date: string): number {
  return slotEpochMinutes(date, "00:00");
}

/** Runs one pass over all dates of one direction, marking and returning the pairs it keeps. */
function runPass(
  buckets: Map<string, DayBucket>,
  pass: PassKind,
  window: number,
  solve: GroupSolver,
): Pair[] {
  const kept: Pair[] = [];
  const dates = [...buckets.keys()].sort();
  for (const date of dates) {
    const today = buckets.get(date);
    if (!today) continue;
    const next = buckets.get(addDays(date, 1));
    const bandEnd = midnightMinutes(addDays(date, 1)) + window;
    const flights = today.flights.filter((f) => !f.matched);
    const slots = today.slots.filter((s) => !s.matched);
    if (flights.length === 0 && slots.length === 0) continue;
    if (next) {
      for (const f of next.flights) if (f.instant < bandEnd && !f.matched) flights.push(f);
      for (const s of next.slots) if (s.instant < bandEnd && !s.matched) slots.push(s);
    }
    if (flights.length === 0 || slots.length === 0) continue;
    const groups =
      pass === "number" ? splitByDesignator(flights, slots) : [{ flights, slots } satisfies DayBucket];
    for (const group of groups) {
      const distance = (fi: number, si: number): number | null => {
        const flight = group.flights[fi];
        const slot = group.slots[si];
        if (!flight || !slot) return null;
        const d = Math.abs(flight.instant - slot.instant);
        if (pass === "number") return flight.date === slot.date || d <= window ? d : null;
        return d <= window ? d : null;
      };
      for (const [fi, si] of solve(group.flights, group.slots, distance, pass, window)) {
        const flight = group.flights[fi];
        const slot = group.slots[si];
        if (!flight || !slot || flight.matched || slot.matched) continue;
        if (flight.date !== date && slot.date !== date) continue; // both on D+1: left to D+1
        flight.matched = true;
        slot.matched = true;
        kept.push({ flight, slot, source: pass });
      }
    }
  }
  return kept;
}

/** Number-pass sub-groups: one per designator present on both sides (inputs stay sorted). */
function splitByDesignator(flights: FlightItem[], slots: SlotItem[]): DayBucket[] {
  const byDesignator = new Map<string, DayBucket>();
  for (const slot of slots) {
    if (slot.designator === "") continue;
    let group = byDesignator.get(slot.designator);
    if (!group) {
      group = { flights: [], slots: [] };
      byDesignator.set(slot.designator, group);
    }
    group.slots.push(slot);
  }
  for (const flight of flights) byDesignator.get(flight.designator)?.flights.push(flight);
  const groups: DayBucket[] = [];
  for (const designator of [...byDesignator.keys()].sort()) {
    const group = byDesignator.get(designator);
    if (!group || group.flights.length === 0) continue;
    group.flights.sort(compareItems);
    group.slots.sort(compareItems);
    groups.push(group);
  }
  return groups;
}

function aircraftDiffers(flight: FlightInput, slot: SlotInput): boolean {
  const a = flight.aircraftType?.trim() ?? "";
  const b = slot.aircraftType?.trim() ?? "";
  return a !== "" && b !== "" && a.toUpperCase() !== b.toUpperCase();
}

/**
 * General status of a pair, first rule that applies:
 *   CA  the flight is cancelled in AIMS (status C) — the slot still exists, the cancellation shows;
 *   S   the slot is in process (WIP) — a change is already requested, nothing else to do yet;
 *   AH  |scheduled difference| > 15 min — the flight is scheduled off its slot;
 *   D   field differences — designators differ (suffix included) or both aircraft types are
 *       given and differ;
 *   DIFF the times differ within the tolerance (1 to 15 minutes either way);
 *   OK  nothing differs: same designator, same equipment, on its slot to the minute.
 */
export function pairStatus(flight: FlightInput, slot: SlotInput, scheduledDifference: number): GeneralStatus {
  if (flight.status === "C") return "CA";
  if (slot.status === "WIP") return "S";
  if (Math.abs(scheduledDifference) > ON_SLOT_TOLERANCE_MINUTES) return "AH";
  if (canonicalDesignator(flight.flightNumber) !== canonicalDesignator(slot.flightNumber)) return "D";
  if (aircraftDiffers(flight, slot)) return "D";
  return scheduledDifference === 0 ? "OK" : "DIFF";
}

/** General status of a flight with no slot: CA when cancelled in AIMS, otherwise X. */
export function flightOnlyStatus(flight: FlightInput): GeneralStatus {
  return flight.status === "C" ? "CA" : "X";
}

function pairResult({ flight, slot, source }: Pair): MatchResult {
  const scheduledDifference = zero(flight.instant - slot.instant);
  const realDifference =
    flight.actual === null || flight.input.status === "C" ? null : zero(flight.actual - slot.instant);
  return {
    flightId: flight.id,
    slotId: slot.id,
    date: slot.date,
    isArrival: slot.isArrival,
    generalStatus: pairStatus(flight.input, slot.input, scheduledDifference),
    scheduledDifference,
    realDifference,
    scheduledClass: classifyDifference(scheduledDifference),
    realClass: classifyDifference(realDifference),
    source,
    flightStatus: flight.input.status,
    slotStatus: slot.input.status,
    flightDate: flight.date,
    slotDate: slot.date,
  };
}

function zero(n: number): number {
  return n === 0 ? 0 : n;
}

function flightOnlyResult(flight: FlightItem): MatchResult {
  return {
    flightId: flight.id,
    slotId: null,
    date: flight.date,
    isArrival: flight.isArrival,
    generalStatus: flightOnlyStatus(flight.input),
    scheduledDifference: null,
    realDifference: null,
    scheduledClass: "null_diff",
    realClass: "null_diff",
    source: null,
    flightStatus: flight.input.status,
    slotStatus: null,
    flightDate: flight.date,
    slotDate: null,
  };
}

function slotOnlyResult(slot: SlotItem): MatchResult {
  return {
    flightId: null,
    slotId: slot.id,
    date: slot.date,
    isArrival: slot.isArrival,
    generalStatus: "A",
    scheduledDifference: null,
    realDifference: null,
    scheduledClass: "null_diff",
    realClass: "null_diff",
    source: null,
    flightStatus: null,
    slotStatus: slot.input.status,
    flightDate: null,
    slotDate: slot.date,
  };
}

type Sortable = { result: MatchResult; instant: number };

/** Result order: date, then the row's time (slot time, or the flight's when alone), arrivals first, ids. */
function compareRows(a: Sortable, b: Sortable): number {
  if (a.result.date !== b.result.date) return a.result.date < b.result.date ? -1 : 1;
  return (
    a.instant - b.instant ||
    Number(b.result.isArrival) - Number(a.result.isArrival) ||
    compareIds(a.result.slotId, b.result.slotId) ||
    compareIds(a.result.flightId, b.result.flightId)
  );
}

/** The whole engine; `solve` picks each group's pairs. Throws RangeError on malformed input. */
export function runMatching(
  slotInputs: readonly SlotInput[],
  flightInputs: readonly FlightInput[],
  decisions: readonly ManualDecision[],
  options: MatchOptions | undefined,
  solve: GroupSolver,
): MatchResult[] {
  const window = checkWindow(options);
  const flights = flightInputs.map(toFlightItem);
  const slots = slotInputs.map(toSlotItem);
  const flightsById = uniqueById(flights, "flight");
  const slotsById = uniqueById(slots, "slot");
  const { fixed, aloneFlights, aloneSlots } = readDecisions(decisions, flightsById, slotsById);
  for (const pair of fixed) {
    pair.flight.matched = true;
    pair.slot.matched = true;
  }
  const pairs: Pair[] = [...fixed];
  for (const isArrival of [true, false]) {
    const buckets = bucketByDate(
      flights.filter((f) => f.isArrival === isArrival && !f.matched && !aloneFlights.has(f.idKey)),
      slots.filter((s) => s.isArrival === isArrival && s.eligible && !s.matched && !aloneSlots.has(s.idKey)),
    );
    pairs.push(...runPass(buckets, "number", window, solve));
    pairs.push(...runPass(buckets, "time", window, solve));
  }
  const rows: Sortable[] = pairs.map((pair) => ({ result: pairResult(pair), instant: pair.slot.instant }));
  for (const flight of flights) if (!flight.matched) rows.push({ result: flightOnlyResult(flight), instant: flight.instant });
  for (const slot of slots) if (!slot.matched) rows.push({ result: slotOnlyResult(slot), instant: slot.instant });
  rows.sort(compareRows);
  return rows.map((row) => row.result);
}

/** The flights and slots of one UTC date (slots by `date`, flights by the UTC date of `scheduledAt`). */
export function inputsOfDate(
  date: string,
  slots: readonly SlotInput[],
  flights: readonly FlightInput[],
): { slots: SlotInput[]; flights: FlightInput[] } {
  return {
    slots: slots.filter((s) => s.date === date),
    flights: flights.filter((f) => utcDateOfEpochMinutes(instantEpochMinutes(f.scheduledAt)) === date),
  };
}

/** Matching over any span of dates (`matchAll`) or one UTC date on its own (`matchDay`). */
export type MatchAll = (
  slots: readonly SlotInput[],
  flights: readonly FlightInput[],
  decisions?: readonly ManualDecision[],
  options?: MatchOptions,
) => MatchResult[];
export type MatchDay = (date: string, ...inputs: Parameters<MatchAll>) => MatchResult[];

/** `matchAll` and `matchDay` with `solve` choosing each group's pairs (the optimal or the greedy matcher). */
export function matchersOf(solve: GroupSolver): { matchAll: MatchAll; matchDay: MatchDay } {
  const matchAll: MatchAll = (slots, flights, decisions = [], options) => runMatching(slots, flights, decisions, options, solve);
  const matchDay: MatchDay = (date, slots, flights, decisions, options) => {
    const day = inputsOfDate(date, slots, flights);
    return matchAll(day.slots, day.flights, decisions, options);
  };
  return { matchAll, matchDay };
}
