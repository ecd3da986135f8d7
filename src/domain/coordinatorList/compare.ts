/**
 * The coordinator's list against the register (issue 23 item 3): where the slots Slotdesk holds
 * for the airline in a season and the coordinator's SIR, SAL or SHL differ, series by series and
 * date by date. Pure: the server reads the register and the file, and applies what is chosen.
 *
 * Both sides become dated slots keyed by flight (canonical designator), direction and UTC date.
 * Slots of one key pair up (same time first). Then:
 * - a pair differs in `time`, `aircraft`, `seats` or `service_type` (one difference per field;
 *   seats and aircraft only when the list states them);
 * - a register slot without partner is `days` when its series (the register's `serie`) has other
 *   dates paired with the list, else `only_here`;
 * - a list slot without partner is `days` when its line (and direction) has other dates paired
 *   with the register — in the series those pairs belong to —, else `only_there`.
 * Dates of a difference with the same values form one difference; a register slot in process
 * (WIP) puts its date in a difference of its own, marked `wip`: a request explains it.
 *
 * Every difference has a key: a hash of what it is and of every slot it concerns, so a key chosen
 * from one comparison names exactly the same difference in the next, and nothing once either side
 * changed.
 */
import { airlineDesignatorOf, type Airline } from "../airline";
import { canonicalDesignator } from "../matching/differences";
import { sortProblems, warning, type ReadProblem } from "../reading";
import { lineSlots } from "../references";
import type { EncodableSlot, ScrAction } from "../scr";
import type { components } from "../../generated/openapi";
import type { CoordinatorListMessage } from "./read";

type Comparison = components["schemas"]["CoordinatorListComparison"];
type Series = components["schemas"]["CoordinatorListSeries"];
type Side = components["schemas"]["CoordinatorListSide"];
type ContractDifference = components["schemas"]["CoordinatorListDifference"];
export type DifferenceKind = components["schemas"]["CoordinatorListKind"];

/** The kinds in the order a series lists them. */
export const DIFFERENCE_KINDS: readonly DifferenceKind[] = ["only_here", "only_there", "days", "time", "aircraft", "seats", "service_type"];

/** A held slot of the register, as the server reads it: its SCR fields, id, series and status. */
export type RegisterSlot = EncodableSlot & {
  id: number;
  serie: number;
  status: string;
};

/** A dated slot of the list: one date and direction of one of its lines. */
export type ListSlot = {
  line: number;
  flightNumber: string;
  date: string;
  time: string;
  isArrival: boolean;
  route: string;
  /** Null when the line leaves it out (then it is not compared). */
  aircraftType: string | null;
  seats: number | null;
  serviceType: string;
  frequency: number;
  /** A historic slot (an SHL list, or an H line): created with status D. */
  historic: boolean;
};

/** One date of a difference: the register's slot and the list's, either may be missing. */
export type DifferenceEntry = { date: string; here: RegisterSlot | null; there: ListSlot | null };

/** A difference with the slots behind it, for the server to apply. */
export type PlannedDifference = {
  key: string;
  kind: DifferenceKind;
  /** The register's series the dates belong to (null for a series only in the list). */
  serie: number | null;
  wip: boolean;
  /** Held here only while the list has lines it could not read: the slots may be on one of them. */
  uncertain: boolean;
  entries: DifferenceEntry[];
};

export type CoordinatorListResult = { comparison: Comparison; differences: PlannedDifference[] };

/** Reply actions that do not hold a slot: a deletion, a refusal, an offer, a declined offer. */
const NOT_HELD: ReadonlySet<ScrAction> = new Set<ScrAction>(["D", "X", "U", "W", "Z", "O"]);

const direction = (isArrival: boolean) => (isArrival ? "A" : "D");

/** 64 bits of a string as 16 hex digits (two 32-bit multiplicative hashes; not cryptographic). */
function hash64(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

/** The value of a kind on one side of a date (the time for a date held on one side only). */
function valueOf(kind: DifferenceKind, slot: RegisterSlot | ListSlot | null): string | null {
  if (slot === null) return null;
  switch (kind) {
    case "aircraft":
      return slot.aircraftType;
    case "seats":
      return slot.seats === null ? null : String(slot.seats);
    case "service_type":
      return slot.serviceType;
    default:
      return slot.time;
  }
}

const mostFrequent = <T>(values: readonly T[]): T | undefined => {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
};

const WEEKDAY_OF = new Map<string, number>();
/** ISO weekday of a `yyyy-MM-dd` date (cached: a season has a few hundred). */
function weekdayOf(date: string): number {
  let weekday = WEEKDAY_OF.get(date);
  if (weekday === undefined) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    weekday = day === 0 ? 7 : day;
    WEEKDAY_OF.set(date, weekday);
  }
  return weekday;
}

/** `1030507`: digit n where some date falls on weekday n. */
function daysPattern(dates: Iterable<string>): string {
  const on = new Set<number>();
  for (const date of dates) on.add(weekdayOf(date));
  let text = "";
  for (let day = 1; day <= 7; day++) text += on.has(day) ? String(day) : "0";
  return text;
}

function sideOf(slots: ReadonlyArray<RegisterSlot | ListSlot>): Side | null {
  const first = slots[0];
  if (!first) return null;
  let firstDate = first.date;
  let lastDate = first.date;
  for (const slot of slots) {
    if (slot.date < firstDate) firstDate = slot.date;
    if (slot.date > lastDate) lastDate = slot.date;
  }
  const aircraft = mostFrequent(slots.map((slot) => slot.aircraftType).filter((value) => value !== null));
  const seats = mostFrequent(slots.map((slot) => slot.seats).filter((value) => value !== null));
  return {
    flight: mostFrequent(slots.map((slot) => slot.flightNumber)) ?? first.flightNumber,
    time: mostFrequent(slots.map((slot) => slot.time)) ?? first.time,
    days: daysPattern(slots.map((slot) => slot.date)),
    first_date: firstDate,
    last_date: lastDate,
    dates: new Set(slots.map((slot) => slot.date)).size,
    route: mostFrequent(slots.map((slot) => slot.route)) ?? first.route,
    aircraft: aircraft ?? null,
    seats: seats ?? null,
    service_type: mostFrequent(slots.map((slot) => slot.serviceType)) ?? first.serviceType,
  };
}

/** The list's dated slots of the airline, and what the reading of the lines assumed. */
function listSlotsOf(list: CoordinatorListMessage, season: { start_date: string; end_date: string }, airline: Airline, texts: readonly string[]) {
  const slots: ListSlot[] = [];
  const problems: ReadProblem[] = [];
  let compared = 0;
  let otherAirlines = 0;
  let notHeld = 0;
  const historicList = list.type === "SHL";
  for (const line of list.message.lines) {
    const text = texts[line.line - 1] ?? "";
    const ours = [line.arrival?.flight, line.departure?.flight].some((flight) => flight !== undefined && airlineDesignatorOf(flight, airline) !== null);
    if (!ours) {
      otherAirlines++;
      continue;
    }
    if (NOT_HELD.has(line.action)) {
      notHeld++;
      problems.push(warning(line.line, 1, text, `La acción ${line.action} no dice que el coordinador tenga el slot: la línea no se compara.`));
      continue;
    }
    compared++;
    let outside = 0;
    for (const slot of lineSlots(line, list.season)) {
      if (airlineDesignatorOf(slot.flightNumber, airline) === null) continue;
      if (slot.date < season.start_date || slot.date > season.end_date) {
        outside++;
        continue;
      }
      slots.push({
        line: line.line,
        flightNumber: slot.flightNumber,
        date: slot.date,
        time: slot.time,
        isArrival: slot.isArrival,
        route: slot.route,
        aircraftType: line.aircraft,
        seats: line.seats,
        serviceType: slot.serviceType,
        frequency: slot.frequency,
        historic: historicList || line.action === "H",
      });
    }
    if (outside > 0) {
      problems.push(
        warning(line.line, 1, text, `${outside === 1 ? "Una fecha" : `${outside} fechas`} de la línea ${outside === 1 ? "cae" : "caen"} fuera de la temporada ${list.season} (${season.start_date} a ${season.end_date}): no se compara${outside === 1 ? "" : "n"}.`),
      );
    }
    if ((line.arrival && line.arrival.time === null) || (line.departure && line.departure.time === null)) {
      problems.push(warning(line.line, 1, text, "La línea no trae la hora de una de sus direcciones: esa dirección no se compara."));
    }
  }
  return { slots, problems, compared, otherAirlines, notHeld };
}

type Pair = { here: RegisterSlot; there: ListSlot };

/** Pairs the slots of one flight, direction and date: same time first, then in time order. */
function pairUp(here: RegisterSlot[], there: ListSlot[], pairs: Pair[], lonelyHere: RegisterSlot[], lonelyThere: ListSlot[]) {
  if (here.length === 1 && there.length === 1) {
    const [h] = here;
    const [t] = there;
    if (h && t) pairs.push({ here: h, there: t });
    return;
  }
  const restHere = [...here].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
  const restThere = [...there].sort((a, b) => a.time.localeCompare(b.time) || a.line - b.line);
  for (let i = restHere.length - 1; i >= 0; i--) {
    const h = restHere[i];
    const at = h ? restThere.findIndex((t) => t.time === h.time) : -1;
    const t = restThere[at];
    if (h && t) {
      pairs.push({ here: h, there: t });
      restHere.splice(i, 1);
      restThere.splice(at, 1);
    }
  }
  const n = Math.min(restHere.length, restThere.length);
  for (let i = 0; i < n; i++) {
    const h = restHere[i];
    const t = restThere[i];
    if (h && t) pairs.push({ here: h, there: t });
  }
  lonelyHere.push(...restHere.slice(n));
  lonelyThere.push(...restThere.slice(n));
}

/** A series of the comparison: the register's `serie` of a flight and direction, or a list line's. */
type Group = {
  id: string;
  flight: string;
  isArrival: boolean;
  serie: number | null;
  here: RegisterSlot[];
  there: ListSlot[];
  entries: Map<string, { kind: DifferenceKind; wip: boolean; entries: DifferenceEntry[] }>;
};

function entryText(entry: DifferenceEntry): string {
  const h = entry.here;
  const t = entry.there;
  const here = h ? `${h.id},${h.flightNumber},${h.time},${h.route},${h.aircraftType},${h.seats},${h.serviceType},${h.status}` : "";
  const there = t ? `${t.line},${t.flightNumber},${t.time},${t.route},${t.aircraftType ?? ""},${t.seats ?? ""},${t.serviceType},${t.historic ? "H" : ""}` : "";
  return `${entry.date};${here};${there}`;
}

/**
 * Compares the list with the register's held slots of the season (the caller leaves cancelled
 * slots out). `text` is the file as written (the problems quote its lines).
 */
export function compareCoordinatorList(input: {
  list: CoordinatorListMessage;
  fileName: string;
  text: string;
  season: { name: string; start_date: string; end_date: string };
  airline: Airline;
  register: readonly RegisterSlot[];
}): CoordinatorListResult {
  const { list, airline } = input;
  const texts = input.text.split(/\r\n|\n|\r/);
  const read = listSlotsOf(list, input.season, airline, texts);
  const register = input.register.filter((slot) => airlineDesignatorOf(slot.flightNumber, airline) !== null);

  // Both sides by flight, direction and date.
  const flightKeys = new Map<string, string>();
  const flightKey = (flight: string) => {
    let key = flightKeys.get(flight);
    if (key === undefined) {
      key = canonicalDesignator(flight);
      flightKeys.set(flight, key);
    }
    return key;
  };
  const byDate = new Map<string, { here: RegisterSlot[]; there: ListSlot[] }>();
  const cell = (slot: { flightNumber: string; isArrival: boolean; date: string }) => {
    const key = `${flightKey(slot.flightNumber)}|${direction(slot.isArrival)}|${slot.date}`;
    let found = byDate.get(key);
    if (!found) {
      found = { here: [], there: [] };
      byDate.set(key, found);
    }
    return found;
  };
  for (const slot of register) cell(slot).here.push(slot);
  for (const slot of read.slots) cell(slot).there.push(slot);

  const pairs: Pair[] = [];
  const lonelyHere: RegisterSlot[] = [];
  const lonelyThere: ListSlot[] = [];
  for (const { here, there } of byDate.values()) {
    if (there.length === 0) lonelyHere.push(...here);
    else if (here.length === 0) lonelyThere.push(...there);
    else pairUp(here, there, pairs, lonelyHere, lonelyThere);
  }

  // The series: every register series of the airline, then the list's lines the register lacks.
  const groups = new Map<string, Group>();
  const serieId = (slot: RegisterSlot) => `${flightKey(slot.flightNumber)}|${direction(slot.isArrival)}|S${slot.serie}`;
  const lineId = (slot: ListSlot) => `${flightKey(slot.flightNumber)}|${direction(slot.isArrival)}|L${slot.line}`;
  const groupOf = (id: string, flight: string, isArrival: boolean, serie: number | null): Group => {
    let group = groups.get(id);
    if (!group) {
      group = { id, flight, isArrival, serie, here: [], there: [], entries: new Map() };
      groups.set(id, group);
    }
    return group;
  };
  for (const slot of register) groupOf(serieId(slot), slot.flightNumber, slot.isArrival, slot.serie).here.push(slot);

  const pairedSeries = new Set<string>();
  /** For each list line and direction, the register series its pairs fall in (most frequent wins). */
  const lineSeries = new Map<string, string[]>();
  for (const pair of pairs) {
    const id = serieId(pair.here);
    pairedSeries.add(id);
    groups.get(id)?.there.push(pair.there);
    const line = lineId(pair.there);
    const list = lineSeries.get(line);
    if (list) list.push(id);
    else lineSeries.set(line, [id]);
  }

  const add = (group: Group, kind: DifferenceKind, entry: DifferenceEntry, here: string | null, there: string | null) => {
    const wip = entry.here?.status === "WIP";
    const key = `${kind}|${here ?? ""}|${there ?? ""}|${wip ? 1 : 0}`;
    let bucket = group.entries.get(key);
    if (!bucket) {
      bucket = { kind, wip, entries: [] };
      group.entries.set(key, bucket);
    }
    bucket.entries.push(entry);
  };

  for (const pair of pairs) {
    const group = groups.get(serieId(pair.here));
    if (!group) continue;
    const entry: DifferenceEntry = { date: pair.here.date, here: pair.here, there: pair.there };
    const { here, there } = pair;
    if (here.time !== there.time) add(group, "time", entry, here.time, there.time);
    if (there.aircraftType !== null && here.aircraftType !== there.aircraftType) add(group, "aircraft", entry, here.aircraftType, there.aircraftType);
    if (there.seats !== null && here.seats !== there.seats) add(group, "seats", entry, String(here.seats), String(there.seats));
    if (here.serviceType !== there.serviceType) add(group, "service_type", entry, here.serviceType, there.serviceType);
  }
  const daysHere = new Map<Group, RegisterSlot[]>();
  for (const slot of lonelyHere) {
    const id = serieId(slot);
    const group = groups.get(id);
    if (!group) continue;
    if (pairedSeries.has(id)) {
      const list = daysHere.get(group);
      if (list) list.push(slot);
      else daysHere.set(group, [slot]);
    } else add(group, "only_here", { date: slot.date, here: slot, there: null }, slot.time, null);
  }
  const daysThere = new Map<Group, ListSlot[]>();
  for (const slot of lonelyThere) {
    const series = lineSeries.get(lineId(slot));
    const serie = series ? mostFrequent(series) : undefined;
    const paired = serie === undefined ? undefined : groups.get(serie);
    if (paired) {
      paired.there.push(slot);
      const list = daysThere.get(paired);
      if (list) list.push(slot);
      else daysThere.set(paired, [slot]);
    } else {
      const group = groupOf(lineId(slot), slot.flightNumber, slot.isArrival, null);
      group.there.push(slot);
      add(group, "only_there", { date: slot.date, here: null, there: slot }, null, slot.time);
    }
  }
  // A series on other dates: one difference (per WIP or not) with the dates of both sides, valued
  // by each side's weekdays.
  for (const group of new Set([...daysHere.keys(), ...daysThere.keys()])) {
    const hereDays = daysPattern(group.here.map((slot) => slot.date));
    const thereDays = daysPattern(group.there.map((slot) => slot.date));
    for (const slot of daysHere.get(group) ?? []) add(group, "days", { date: slot.date, here: slot, there: null }, hereDays, thereDays);
    for (const slot of daysThere.get(group) ?? []) add(group, "days", { date: slot.date, here: null, there: slot }, hereDays, thereDays);
  }

  // A list with unreadable lines may hold what looks held here only: not offered as a cancellation.
  const unreadLines = list.message.problems.some((problem) => problem.severity === "error");
  const isUncertain = (kind: DifferenceKind) => unreadLines && kind === "only_here";

  // The answer: series with differences, in flight, direction and date order.
  const planned: PlannedDifference[] = [];
  const series: Series[] = [];
  const totals = { differences: 0, wip: 0, only_here: 0, only_there: 0, days: 0, time: 0, aircraft: 0, seats: 0, service_type: 0 };
  let equal = 0;
  const ordered = [...groups.values()].sort(
    (a, b) =>
      flightKey(a.flight).localeCompare(flightKey(b.flight)) ||
      Number(b.isArrival) - Number(a.isArrival) ||
      (a.here[0]?.date ?? a.there[0]?.date ?? "").localeCompare(b.here[0]?.date ?? b.there[0]?.date ?? "") ||
      a.id.localeCompare(b.id),
  );
  for (const group of ordered) {
    if (group.entries.size === 0) {
      equal++;
      continue;
    }
    const differences: ContractDifference[] = [];
    const buckets = [...group.entries.entries()].sort(
      ([ka, a], [kb, b]) => DIFFERENCE_KINDS.indexOf(a.kind) - DIFFERENCE_KINDS.indexOf(b.kind) || Number(a.wip) - Number(b.wip) || ka.localeCompare(kb),
    );
    for (const [bucketKey, bucket] of buckets) {
      bucket.entries.sort((a, b) => a.date.localeCompare(b.date) || Number(a.here === null) - Number(b.here === null));
      const key = `${bucket.kind}-${hash64(`${group.id}|${bucketKey}|${bucket.entries.map(entryText).join("|")}`)}`;
      const [, here = "", there = ""] = bucketKey.split("|");
      const uncertain = isUncertain(bucket.kind);
      planned.push({ key, kind: bucket.kind, serie: group.serie, wip: bucket.wip, uncertain, entries: bucket.entries });
      differences.push({
        key,
        kind: bucket.kind,
        here: here === "" ? null : here,
        there: there === "" ? null : there,
        wip: bucket.wip,
        uncertain,
        dates: bucket.entries.map((entry) => ({
          date: entry.date,
          here: valueOf(bucket.kind, entry.here),
          there: valueOf(bucket.kind, entry.there),
          wip: entry.here?.status === "WIP",
        })),
      });
      totals.differences++;
      totals[bucket.kind]++;
      if (bucket.wip) totals.wip++;
    }
    const lines = group.there.map((slot) => slot.line);
    const line = lines.length > 0 ? Math.min(...lines) : null;
    series.push({
      id: group.id,
      flight: group.here[0]?.flightNumber ?? group.there[0]?.flightNumber ?? group.flight,
      direction: group.isArrival ? "arrival" : "departure",
      serie: group.serie,
      line,
      line_text: line === null ? null : (texts[line - 1] ?? "").trim(),
      here: sideOf(group.here),
      there: sideOf(group.there),
      differences,
    });
  }

  const errors = list.message.problems.filter((problem) => problem.severity === "error");
  return {
    comparison: {
      file_name: input.fileName,
      message_type: list.type,
      season: list.season,
      message_date: list.date,
      airport: list.airport,
      source: list.source,
      lines: {
        data: list.message.lines.length + new Set(errors.map((problem) => problem.line)).size,
        compared: read.compared,
        other_airlines: read.otherAirlines,
        not_held: read.notHeld,
        errors: new Set(errors.map((problem) => problem.line)).size,
      },
      register_slots: register.length,
      list_slots: read.slots.length,
      series_equal: equal,
      totals,
      series,
      problems: sortProblems([...list.message.problems, ...read.problems]),
    },
    differences: planned,
  };
}
