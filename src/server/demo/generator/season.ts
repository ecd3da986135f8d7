/**
 * Demo season generator: a whole IATA season of the demo airline VB at MEX — the coordinator's
 * slots and what AIMS says the airline flew — pure and deterministic (same season, seed and `now`
 * → identical output), so every screen has something true to show and the benches have data.
 *
 * What it produces (W26, any seed; the demo tests hold these ranges):
 * - 180–220 movements at MEX on every UTC date (arrivals + departures), on 40 domestic and US
 *   routes, A320 (180 seats) and A321 (220 seats), as weekly series: a daily or some-weekdays
 *   round trip MEX → station → MEX with a realistic ground time out there (or a night stop), so
 *   the departure (even number) and the arrival (odd number) are two series. Times are UTC;
 *   departures leave between about 05:30 and 23:00 local (UTC−6), so evening movements fall on the
 *   next UTC date. Slot times are multiples of 5 minutes.
 * - Tails: aircraft are routed through the season (tightest turn at MEX first), registrations
 *   `XA-VBxx` and, for some leased A321, `N5xxVB`.
 * - Punctuality: most lines keep to their slots (within a few minutes, no lean over the season);
 *   a handful of troubled lines are late by habit and often more than 15 minutes off, so the
 *   early warning flags a handful of series, not most of them. 0.5–3 % of the operated movements
 *   are more than 15 minutes off schedule, with up to four IATA delay codes whose minutes add up
 *   to the delay (reactionary 93 on the way back); a few arrivals are more than 15 minutes early.
 *   Returns to stand (status R) are rare.
 * - 1–2 % of the flights cancelled (status C) with a Spanish description and a timestamp,
 *   including one morning closure of the airport for volcanic ash; some early cancellations
 *   released their slot (slot status CAN).
 * - 0.8–2.5 % leftover slots (no flight: removed rotations and low-season thinning, slot status
 *   mostly S, some D and C), one series cancelled for the end of the season (CAN), 0.5–2 % flights
 *   with no slot (charters VB7xx and extra sections VB9xxx, status N), equipment changes
 *   (status E, 320 ↔ 321), AIMS time changes (status T) whose slot was retimed (K), refused (U) or
 *   is still requested (WIP), a few flights renumbered with a suffix (`VB1234A`), and series that
 *   start during the season (slot status ADD).
 * - Relative to `now`: movements after it have no actual times (estimated = scheduled), and a
 *   cancellation decided after it has not happened yet. `now` defaults to the end of the day after
 *   the season (everything flown); the clock is never read.
 *
 * It stays pure but lives beside its loader in the server, not in src/domain: only the server,
 * the tests and the benches make demo data, and the browser never needs it.
 */
import type { FlightInput, FlightStatus, SlotInput, SlotStatus } from "../../../domain/matching/types";
import type { EncodableSlot } from "../../../domain/scr/encode";
import { addDays, type SeasonBounds, seasonBounds } from "../../../domain/seasons";
import { Random } from "./random";
import {
  AIRCRAFT_SEATS,
  DEMO_CHARTER_STATIONS,
  DEMO_HOLIDAY_STATIONS,
  DEMO_STATIONS,
  type DemoAircraftType,
  type DemoStation,
} from "./routes";

export const DEMO_AIRLINE = "VB";
export const DEMO_AIRPORT = "MEX";

/** Ranges the generator is built to meet (and the demo tests check). */
export const DEMO_TARGETS = {
  movementsPerDay: [180, 220],
  offScheduleShare: [0.005, 0.03],
  cancelledShare: [0.01, 0.02],
  leftoverSlotShare: [0.008, 0.025],
  unslottedFlightShare: [0.005, 0.02],
} as const;

/** A demo slot: its SCR fields (the demo's aircraft, service J), key, series id, frequency and status. */
export type DemoSlot = EncodableSlot & {
  key: string;
  /** Series id: season, designator, direction (L arrival / S departure) and UTC time. */
  serie: string;
  /** ISO weekday (1 = Monday … 7 = Sunday) of `date`. */
  frequency: number;
  aircraftType: DemoAircraftType;
  serviceType: "J";
  status: SlotStatus;
};

export type DemoDelay = { code: string; minutes: number };

export type DemoFlight = {
  key: string;
  flightNumber: string;
  /** UTC date of the movement at MEX (from its scheduled time). */
  date: string;
  isArrival: boolean;
  origin: string;
  destination: string;
  scheduledDeparture: string;
  scheduledArrival: string;
  estimatedDeparture: string;
  estimatedArrival: string;
  actualDeparture: string | null;
  actualArrival: string | null;
  /** Null for a cancelled flight (no aircraft was assigned). */
  registration: string | null;
  aircraftType: DemoAircraftType;
  seats: number;
  status: FlightStatus;
  cancellation: { description: string; timestamp: string } | null;
  /** Up to four IATA delay codes with minutes, only once the movement has happened. */
  delays: DemoDelay[];
  /** Ground truth: the slot this flight was planned on (null for flights with no slot). */
  slotKey: string | null;
};

/** One row per delay code of a flight (position 1..4), as a delay table stores them. */
export type DemoDelayRow = { flightKey: string; position: number; code: string; minutes: number };

export type DemoSeason = {
  season: SeasonBounds;
  seed: number;
  /** ISO instant the data is relative to. */
  now: string;
  slots: DemoSlot[];
  flights: DemoFlight[];
  delays: DemoDelayRow[];
};

export type DemoSeasonOptions = {
  season: string;
  seed: number;
  /** Actual times exist only up to this instant. Default: the end of the day after the season. */
  now?: Date;
};

const DAY = 1440;
const MINUTE_MS = 60_000;
/** MEX local time is UTC−6 all year (since October 2022). */
const MEX_OFFSET = 360;
const MIN_TURN_MEX = 40;
const MIN_TURN_OUTSTATION = 35;

// ---------------------------------------------------------------------------------------------
// Time helpers (minutes since the epoch, UTC)

const dateCache = new Map<number, string>();

function dateOfDay(day: number): string {
  let text = dateCache.get(day);
  if (text === undefined) {
    text = new Date(day * DAY * MINUTE_MS).toISOString().slice(0, 10);
    dateCache.set(day, text);
  }
  return text;
}

function dayOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / MINUTE_MS / DAY);
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function hhmm(minutes: number): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${two(Math.floor(m / 60))}:${two(m % 60)}`;
}

function iso(minutes: number): string {
  return `${dateOfDay(Math.floor(minutes / DAY))}T${hhmm(minutes)}:00Z`;
}

function round5(minutes: number): number {
  return Math.round(minutes / 5) * 5;
}

// ---------------------------------------------------------------------------------------------
// Network: lines (round trips MEX → station → MEX) with their weekly pattern

type Line = {
  id: number;
  station: DemoStation;
  depNumber: string;
  arrNumber: string;
  /** SSIM days of the local date of the MEX departure. */
  days: string;
  /** Departure from MEX, minutes after local midnight. */
  depLocal: number;
  outBlock: number;
  backBlock: number;
  /** Ground time at the station (a night stop when long). */
  outGround: number;
  type: DemoAircraftType;
  /** Local operation dates, inclusive. */
  from: string;
  to: string;
  slotStatus: SlotStatus;
};

function buildLines(random: Random, bounds: SeasonBounds): Line[] {
  const lines: Line[] = [];
  let domestic = 1000;
  let international = 500;
  const add = (station: DemoStation, days: string, depLocal: number, from: string, to: string, status: SlotStatus) => {
    const outBlock = round5(station.blockMinutes + random.int(-5, 5));
    const backBlock = round5(station.blockMinutes + random.int(-10, 10));
    let outGround = station.country === "US" ? random.int(70, 95) : random.int(45, 70);
    const back = depLocal + outBlock + outGround + backBlock;
    if (depLocal >= 21 * 60 || back > DAY + 60) {
      // Night stop: back to MEX the next morning.
      const returnLocal = DAY + random.int(6 * 60 + 15, 9 * 60) - backBlock;
      outGround = Math.max(returnLocal - depLocal - outBlock, 6 * 60);
    }
    // Keep the MEX arrival on a 5-minute slot.
    outGround += round5(depLocal + outBlock + outGround + backBlock) - (depLocal + outBlock + outGround + backBlock);
    let number: number;
    if (station.country === "US") {
      number = international;
      international += 2;
    } else {
      number = domestic;
      domestic += random.pick([2, 2, 2, 4, 6]);
    }
    lines.push({
      id: lines.length,
      station,
      depNumber: `${DEMO_AIRLINE}${number}`,
      arrNumber: `${DEMO_AIRLINE}${number + 1}`,
      days,
      depLocal,
      outBlock,
      backBlock,
      outGround,
      type: random.chance(station.a321Share) ? "321" : "320",
      from,
      to,
      slotStatus: status,
    });
  };
  // Whole-season series run from before the season, so its first UTC date also gets the evening
  // movements of the previous local date.
  const seriesFrom = addDays(bounds.start_date, -2);
  for (const station of DEMO_STATIONS) {
    // Departures spread over the local day; long routes may also leave late (night flights).
    const earliest = 5 * 60 + 30;
    const latest = station.blockMinutes > 200 ? 22 * 60 + 45 : 21 * 60 + 50;
    const span = latest - earliest;
    for (let i = 0; i < station.daily; i++) {
      const slot = earliest + ((i + random.float()) * span) / station.daily;
      add(station, "1234567", round5(slot), seriesFrom, bounds.end_date, "D");
    }
    for (const days of station.weekly) {
      add(station, days, round5(random.int(7 * 60, 20 * 60)), seriesFrom, bounds.end_date, "D");
    }
  }
  // Series that start during the season (new slots, status ADD) and holiday lines.
  const newSeriesStart = addDays(bounds.start_date, 21 + random.int(0, 14));
  for (const code of ["MID", "GDL"]) {
    const station = DEMO_STATIONS.find((s) => s.code === code);
    if (station) add(station, code === "MID" ? "246" : "135", round5(random.int(8 * 60, 19 * 60)), newSeriesStart, bounds.end_date, "ADD");
  }
  const holidayFrom = `${bounds.start_date.slice(0, 4)}-12-12`;
  const holidayTo = addDays(holidayFrom, 29);
  for (const code of DEMO_HOLIDAY_STATIONS) {
    const station = DEMO_STATIONS.find((s) => s.code === code);
    if (station) add(station, "1234567", round5(random.int(9 * 60, 16 * 60)), holidayFrom, holidayTo, "ADD");
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Rotations and movements

type Cancellation = { description: string; at: number; releasesSlot: boolean };

type Rotation = {
  line: Line | null; // null for a flight with no slot
  station: DemoStation;
  depNumber: string;
  arrNumber: string;
  depAt: number; // scheduled MEX departure (slot time unless retimed)
  arrAt: number; // scheduled MEX arrival
  outBlock: number;
  backBlock: number;
  type: DemoAircraftType;
  flownType: DemoAircraftType;
  hasFlights: boolean;
  leftoverStatus: SlotStatus | null; // slot status when the rotation was removed from AIMS
  cancellation: Cancellation | null;
  dep: MovementPlan;
  arr: MovementPlan;
  registration: string | null;
};

type MovementPlan = {
  slotAt: number;
  flightAt: number;
  slotStatus: SlotStatus;
  timeChanged: boolean;
  suffix: string;
  returned: boolean;
  /** Actual − scheduled at MEX, minutes. */
  deviation: number;
  /** For an arrival: actual − scheduled departure at the station. */
  originDeviation: number;
  delays: DemoDelay[];
  slotKey: string | null;
};

function plan(at: number, status: SlotStatus): MovementPlan {
  return {
    slotAt: at,
    flightAt: at,
    slotStatus: status,
    timeChanged: false,
    suffix: "",
    returned: false,
    deviation: 0,
    originDeviation: 0,
    delays: [],
    slotKey: null,
  };
}

const DEPARTURE_CAUSES: ReadonlyArray<readonly [string, number]> = [
  ["93", 24],
  ["89", 14],
  ["41", 10],
  ["81", 7],
  ["87", 6],
  ["15", 5],
  ["11", 4],
  ["18", 3],
  ["32", 3],
  ["63", 3],
  ["64", 2],
  ["67", 2],
  ["36", 2],
  ["17", 2],
  ["37", 2],
  ["61", 2],
  ["62", 2],
  ["71", 2],
  ["96", 2],
  ["13", 1],
  ["31", 1],
  ["34", 1],
  ["39", 1],
  ["43", 1],
  ["85", 1],
  ["95", 1],
];

const STATION_CAUSES: ReadonlyArray<readonly [string, number]> = [
  ["41", 8],
  ["15", 6],
  ["11", 5],
  ["71", 5],
  ["32", 4],
  ["87", 3],
  ["18", 3],
  ["36", 3],
  ["63", 2],
  ["66", 2],
  ["86", 2],
  ["35", 2],
  ["33", 1],
  ["22", 1],
];

const OPERATIONAL_CANCELLATIONS: ReadonlyArray<readonly [(station: string) => string, number, boolean]> = [
  [() => "Cancelado por falla técnica de la aeronave", 30, false],
  [(station) => `Cancelado por condiciones meteorológicas en ${station}`, 15, false],
  [() => "Cancelado por restricciones de control de tránsito aéreo en el AICM", 12, false],
  [() => "Cancelado por falta de tripulación disponible", 10, false],
  [() => "Cancelación comercial por baja demanda", 20, true],
  [() => "Cancelado por consolidación de vuelos", 13, true],
];

/** Splits `total` minutes over 1–4 codes (largest first), the sum equal to `total`. */
function splitDelay(random: Random, total: number, first: string, causes: ReadonlyArray<readonly [string, number]>): DemoDelay[] {
  let parts = 1;
  if (total >= 40 && random.chance(0.45)) parts = 2;
  if (total >= 80 && random.chance(0.3)) parts = 3;
  if (total >= 120 && random.chance(0.2)) parts = 4;
  const codes = [first];
  while (codes.length < parts) {
    const code = random.weighted(causes);
    if (!codes.includes(code)) codes.push(code);
  }
  const shares = codes.map((_, i) => (i === 0 ? 2 + random.float() : 0.4 + random.float()));
  const sum = shares.reduce((a, b) => a + b, 0);
  const minutes = shares.map((share) => Math.max(5, Math.round((share / sum) * total)));
  const drift = total - minutes.reduce((a, b) => a + b, 0);
  minutes[0] = Math.max(5, (minutes[0] ?? 0) + drift);
  return codes
    .map((code, i) => ({ code, minutes: minutes[i] ?? 0 }))
    .sort((a, b) => b.minutes - a.minutes || (a.code < b.code ? -1 : 1));
}

/** Lines whose movements leave the tolerance often (the rest keep to their slots). */
const TROUBLED_LINES = 3;

/**
 * How a line's movements keep to their slots. A steady line flies within a few minutes of them,
 * and the minutes one day is off are made up the next (each day's noise minus the previous one's),
 * so over the season it is on its slot: the early warning's test sees no lean, and no operation
 * leaves the tolerance unless a late aircraft holds it up. A troubled line is late by habit and
 * often more than the tolerance.
 */
type SeriesHabit = { troubled: boolean; departure: number; origin: number; enRoute: number };

function lateMinutes(random: Random, mean: number): number {
  return Math.min(240, 16 + Math.round(random.exponential(mean)));
}

/**
 * Punctuality of one rotation. `readyAt` is when the aircraft is ready at MEX after its previous
 * arrival (actual arrival + minimum turn), or null for its first flight: a departure cannot leave
 * before it, and the minutes it waits are reactionary (code 93).
 */
function simulateDelays(random: Random, rotation: Rotation, readyAt: number | null, habit: SeriesHabit): void {
  const { dep, arr } = rotation;
  const steady = !habit.troubled;
  // Departure from MEX.
  if (steady) {
    // Within a few minutes of the slot, one day's minutes made up the next (see SeriesHabit).
    const noise = random.int(-5, 5);
    dep.deviation = noise - habit.departure;
    habit.departure = noise;
  } else if (random.chance(0.3)) {
    const late = lateMinutes(random, 30);
    dep.deviation = late;
    dep.delays = splitDelay(random, late, random.weighted(DEPARTURE_CAUSES), DEPARTURE_CAUSES);
    if (random.chance(0.2)) {
      // "Roughly": a few minutes left unjustified.
      const first = dep.delays[0];
      if (first && first.minutes > 10) first.minutes -= random.int(1, 5);
    }
  } else {
    // A slot earlier than the series can make: late by habit.
    dep.deviation = random.weighted([
      [random.int(-5, -1), 1],
      [0, 2],
      [random.int(1, 9), 5],
      [random.int(10, 15), 3],
    ]);
  }
  if (readyAt !== null && dep.flightAt + dep.deviation < readyAt) {
    const waited = readyAt - (dep.flightAt + dep.deviation);
    dep.deviation += waited;
    if (dep.deviation > 15) {
      if (dep.delays.length === 0) {
        dep.delays = [{ code: "93", minutes: dep.deviation }];
      } else {
        const merged = dep.delays.find((d) => d.code === "93");
        if (merged) merged.minutes += waited;
        else dep.delays.push({ code: "93", minutes: waited });
        dep.delays = dep.delays.sort((a, b) => b.minutes - a.minutes).slice(0, 4);
      }
    }
  }
  if (!steady && random.chance(0.02)) {
    // Returned to stand after push-back; left again later.
    const extra = random.int(35, 90);
    dep.returned = true;
    dep.deviation = Math.max(0, dep.deviation) + extra;
    const reason = random.weighted([
      ["41", 6],
      ["69", 2],
      ["15", 2],
    ] as const);
    dep.delays = [...dep.delays.filter((d) => d.code !== reason), { code: reason, minutes: extra }]
      .sort((a, b) => b.minutes - a.minutes)
      .slice(0, 4);
  }
  // At the station: arrival there, turn, departure back to MEX.
  const atStation = dep.deviation + random.int(-8, 4);
  const slack = rotation.line ? Math.max(0, rotationGround(rotation) - MIN_TURN_OUTSTATION) : 20;
  const knockOn = Math.max(0, atStation - slack);
  const own = steady ? 0 : random.chance(0.15) ? lateMinutes(random, 22) : 0;
  let enRoute: number;
  if (steady) {
    const origin = random.int(-3, 3);
    const flight = random.int(-4, 4);
    arr.originDeviation = knockOn + origin - habit.origin;
    enRoute = flight - habit.enRoute;
    habit.origin = origin;
    habit.enRoute = flight;
  } else {
    arr.originDeviation = knockOn + own + (own === 0 && knockOn === 0 ? random.int(-4, 6) : 0);
    enRoute = random.int(-14, 6);
  }
  // En route and at MEX.
  let hold: DemoDelay | null = null;
  const roll = steady ? 1 : random.float();
  if (roll < 0.05) {
    const minutes = random.int(16, 45);
    enRoute = minutes;
    hold = { code: random.weighted([["83", 3], ["84", 2], ["73", 1]] as const), minutes };
  } else if (roll < 0.1) {
    enRoute = -random.int(16, 24); // tail winds: more than 15 minutes early
  }
  arr.deviation = arr.originDeviation + enRoute;
  if (arr.deviation > 15) {
    const delays: DemoDelay[] = [];
    if (knockOn > 0) delays.push({ code: "93", minutes: knockOn });
    if (own > 0) delays.push(...splitDelay(random, own, random.weighted(STATION_CAUSES), STATION_CAUSES));
    if (hold) delays.push(hold);
    if (delays.length === 0) delays.push({ code: random.weighted([["81", 2], ["73", 1]] as const), minutes: arr.deviation });
    arr.delays = delays.sort((a, b) => b.minutes - a.minutes).slice(0, 4);
  }
}

function rotationGround(rotation: Rotation): number {
  return rotation.arrAt - rotation.depAt - rotation.outBlock - rotation.backBlock;
}

// ---------------------------------------------------------------------------------------------
// Fleet

type Tail = {
  registration: string;
  /** Scheduled arrival at MEX of its last rotation + the planned minimum turn. */
  freeAt: number;
  /** Actual arrival at MEX of its last rotation + the shortest possible turn. */
  readyAt: number;
};

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Shortest turn at MEX on the day (the plan keeps MIN_TURN_MEX). */
const SHORTEST_TURN_MEX = 30;

function registrationFor(type: DemoAircraftType, index: number): string {
  if (type === "321" && index % 3 === 2) return `N5${two(10 + index)}VB`;
  const n = type === "320" ? index : 200 + index;
  return `XA-VB${LETTERS[Math.floor(n / 26) % 26]}${LETTERS[n % 26]}`;
}

/**
 * Routes the fleet through the season in departure order (each rotation takes the aircraft of its
 * type that became free at MEX most recently, at least MIN_TURN_MEX before), then flies it: the
 * delays of one rotation carry over to the aircraft's next departure.
 */
function flySeason(rotations: Rotation[], random: Random): void {
  const pools: Record<DemoAircraftType, Tail[]> = { "320": [], "321": [] };
  // A few lines whose slots do not fit how they really fly: the early warning's handful.
  const lineIds = [...new Set(rotations.flatMap((r) => (r.line && r.line.slotStatus === "D" ? [r.line.id] : [])))].sort((a, b) => a - b);
  const troubled = new Set<number>();
  while (troubled.size < Math.min(TROUBLED_LINES, lineIds.length)) troubled.add(lineIds[random.int(0, lineIds.length - 1)] ?? 0);
  const habits = new Map<number, SeriesHabit>();
  const habitOf = (rotation: Rotation): SeriesHabit => {
    if (!rotation.line) return { troubled: false, departure: 0, origin: 0, enRoute: 0 };
    const known = habits.get(rotation.line.id);
    if (known) return known;
    const habit = { troubled: troubled.has(rotation.line.id), departure: 0, origin: 0, enRoute: 0 };
    habits.set(rotation.line.id, habit);
    return habit;
  };
  const order = rotations
    .filter((r) => r.hasFlights && !r.cancellation)
    .sort((a, b) => a.dep.flightAt - b.dep.flightAt || (a.depNumber < b.depNumber ? -1 : a.depNumber > b.depNumber ? 1 : 0));
  for (const rotation of order) {
    const pool = pools[rotation.flownType];
    let chosen: Tail | undefined;
    for (const tail of pool) {
      if (tail.freeAt <= rotation.dep.flightAt && (!chosen || tail.freeAt > chosen.freeAt)) chosen = tail;
    }
    simulateDelays(random, rotation, chosen ? chosen.readyAt : null, habitOf(rotation));
    if (!chosen) {
      chosen = { registration: registrationFor(rotation.flownType, pool.length), freeAt: 0, readyAt: 0 };
      pool.push(chosen);
    }
    chosen.freeAt = rotation.arr.flightAt + MIN_TURN_MEX;
    chosen.readyAt = rotation.arr.flightAt + rotation.arr.deviation + SHORTEST_TURN_MEX;
    rotation.registration = chosen.registration;
  }
}

// ---------------------------------------------------------------------------------------------
// The season


/** Generates the demo season. Throws RangeError on a bad season code or seed. */
export function generateDemoSeason(options: DemoSeasonOptions): DemoSeason {
  const bounds = seasonBounds(options.season);
  const seed = options.seed;
  const random = new Random(seed);
  const nowMinutes = Math.floor(
    (options.now ? options.now.getTime() : Date.parse(`${addDays(bounds.end_date, 2)}T00:00:00Z`)) / MINUTE_MS,
  );
  const lines = buildLines(random.fork(), bounds);
  const events = random.fork();
  const delaysRandom = random.fork();
  const extrasRandom = random.fork();

  // Series-level events.
  const regular = lines.filter((line) => line.days === "1234567" && line.slotStatus === "D");
  const suspended = events.pick(regular);
  const suspendedFrom = addDays(bounds.end_date, -events.int(35, 45));
  const thinned = new Set<number>();
  while (thinned.size < 2) {
    const line = events.pick(regular);
    if (line !== suspended) thinned.add(line.id);
  }
  const thinFrom = `${bounds.end_date.slice(0, 4)}-01-11`;
  const thinTo = `${bounds.end_date.slice(0, 4)}-02-25`;

  type Episode = { lineId: number; isArrival: boolean; from: string; to: string; delta: number; outcome: SlotStatus };
  const episodes: Episode[] = [];
  const seasonDays = dayOf(bounds.end_date) - dayOf(bounds.start_date) + 1;
  while (episodes.length < 9) {
    const line = events.pick(regular);
    const isArrival = events.chance(0.5);
    if (line === suspended || episodes.some((e) => e.lineId === line.id && e.isArrival === isArrival)) continue;
    const length = events.int(21, 42);
    const from = addDays(bounds.start_date, events.int(0, seasonDays - length - 1));
    const to = addDays(from, length - 1);
    const delta = events.pick([-30, -25, -20, 20, 25, 30, 35, 45]);
    const settled = Date.parse(`${to}T00:00:00Z`) / MINUTE_MS < nowMinutes - 14 * DAY;
    const outcome: SlotStatus = settled
      ? events.weighted<SlotStatus>([["K", 3], ["U", 2]])
      : events.weighted<SlotStatus>([["K", 2], ["U", 1], ["WIP", 2]]);
    episodes.push({ lineId: line.id, isArrival, from, to, delta, outcome });
  }
  const ashDay = `${bounds.end_date.slice(0, 4)}-0${events.int(1, 2)}-${two(events.int(5, 25))}`;
  const ashStart = dayOf(ashDay) * DAY + MEX_OFFSET + events.int(6 * 60, 8 * 60);
  const ashEnd = ashStart + events.int(150, 210);

  // Rotations of the slotted lines, local operation dates from two days before the season.
  const rotations: Rotation[] = [];
  const firstDay = dayOf(bounds.start_date) - 2;
  const lastDay = dayOf(bounds.end_date);
  for (let day = firstDay; day <= lastDay; day++) {
    const opDate = dateOfDay(day);
    const weekday = String(weekdayOfDay(day));
    for (const line of lines) {
      if (opDate < line.from || opDate > line.to || !line.days.includes(weekday)) continue;
      const depAt = day * DAY + MEX_OFFSET + line.depLocal;
      const arrAt = depAt + line.outBlock + line.outGround + line.backBlock;
      const rotation: Rotation = {
        line,
        station: line.station,
        depNumber: line.depNumber,
        arrNumber: line.arrNumber,
        depAt,
        arrAt,
        outBlock: line.outBlock,
        backBlock: line.backBlock,
        type: line.type,
        flownType: line.type,
        hasFlights: true,
        leftoverStatus: null,
        cancellation: null,
        dep: plan(depAt, line.slotStatus),
        arr: plan(arrAt, line.slotStatus),
        registration: null,
      };
      if (line === suspended && opDate >= suspendedFrom) {
        rotation.hasFlights = false;
        rotation.dep.slotStatus = "CAN";
        rotation.arr.slotStatus = "CAN";
      } else if (thinned.has(line.id) && opDate >= thinFrom && opDate <= thinTo && (weekday === "2" || weekday === "3")) {
        rotation.hasFlights = false;
        rotation.leftoverStatus = "S";
      } else if (events.chance(0.0095)) {
        rotation.hasFlights = false;
        rotation.leftoverStatus = events.weighted<SlotStatus>([["S", 7], ["D", 2], ["C", 1]]);
      }
      if (rotation.leftoverStatus) {
        rotation.dep.slotStatus = rotation.leftoverStatus;
        rotation.arr.slotStatus = rotation.leftoverStatus;
      }
      for (const episode of episodes) {
        if (!rotation.hasFlights || episode.lineId !== line.id || opDate < episode.from || opDate > episode.to) continue;
        const movement = episode.isArrival ? rotation.arr : rotation.dep;
        movement.flightAt += episode.delta;
        movement.timeChanged = true;
        if (movement.slotStatus === "D") {
          movement.slotStatus = episode.outcome;
          if (episode.outcome === "K") movement.slotAt = movement.flightAt;
        }
      }
      if (rotation.hasFlights) {
        if (events.chance(0.02)) rotation.flownType = rotation.type === "320" ? "321" : "320";
        const inAsh = (at: number) => at >= ashStart && at < ashEnd;
        // Rotations that had not left MEX when the airport closed are cancelled (both legs).
        if (inAsh(rotation.dep.flightAt + 30)) {
          rotation.cancellation = {
            description: "Cierre del AICM por ceniza volcánica del Popocatépetl",
            at: Math.min(ashStart, rotation.dep.flightAt) - events.int(20, 90),
            releasesSlot: false,
          };
        } else if (events.chance(0.0125)) {
          const [describe, , commercial] = events.weighted(OPERATIONAL_CANCELLATIONS.map((entry) => [entry, entry[1]] as const));
          const ahead = commercial ? events.int(3 * DAY, 20 * DAY) : events.int(60, 10 * 60);
          rotation.cancellation = {
            description: describe(rotation.station.city),
            at: rotation.dep.flightAt - ahead,
            releasesSlot: commercial && events.chance(0.35),
          };
        }
        if (!rotation.cancellation) {
          for (const movement of [rotation.dep, rotation.arr]) {
            if (events.chance(0.003)) movement.suffix = "A";
          }
        }
      }
      rotations.push(rotation);
    }
  }

  // Charters and extra sections: flights with no slot, on top of the day's regular movements
  // (skipped on a date that is already full, to stay within 180–220 movements).
  const flightsPerDate = new Map<number, number>();
  const count = (at: number, add: number) => {
    const day = Math.floor(at / DAY);
    flightsPerDate.set(day, (flightsPerDate.get(day) ?? 0) + add);
    return flightsPerDate.get(day) ?? 0;
  };
  for (const rotation of rotations) {
    if (!rotation.hasFlights) continue;
    count(rotation.dep.flightAt, 1);
    count(rotation.arr.flightAt, 1);
  }
  for (let day = firstDay; day <= lastDay; day++) {
    const extras = extrasRandom.weighted([
      [0, 40],
      [1, 45],
      [2, 15],
    ]);
    const numbers = new Set<number>();
    for (let i = 0; i < extras; i++) {
      const charter = extrasRandom.chance(0.6);
      const code = charter ? extrasRandom.pick(DEMO_CHARTER_STATIONS) : extrasRandom.pick(DEMO_STATIONS).code;
      const station = DEMO_STATIONS.find((s) => s.code === code) ?? DEMO_STATIONS[0];
      const number = charter ? 700 + 2 * extrasRandom.int(0, 49) : 9000 + 2 * extrasRandom.int(0, 499);
      const depAt = day * DAY + MEX_OFFSET + round5(extrasRandom.int(7 * 60, 20 * 60));
      const backBlock = round5((station?.blockMinutes ?? 60) + extrasRandom.int(-5, 5));
      const ground = extrasRandom.int(55, 80);
      const type: DemoAircraftType = extrasRandom.chance(0.5) ? "321" : "320";
      if (!station || numbers.has(number)) continue;
      const outBlock = station.blockMinutes;
      const arrAt = depAt + round5(outBlock + ground + backBlock);
      if ((flightsPerDate.get(Math.floor(depAt / DAY)) ?? 0) >= 212) continue;
      if ((flightsPerDate.get(Math.floor(arrAt / DAY)) ?? 0) >= 212) continue;
      numbers.add(number);
      count(depAt, 1);
      count(arrAt, 1);
      const rotation: Rotation = {
        line: null,
        station,
        depNumber: `${DEMO_AIRLINE}${number}`,
        arrNumber: `${DEMO_AIRLINE}${number + 1}`,
        depAt,
        arrAt,
        outBlock,
        backBlock,
        type,
        flownType: type,
        hasFlights: true,
        leftoverStatus: null,
        cancellation: null,
        dep: plan(depAt, "D"),
        arr: plan(arrAt, "D"),
        registration: null,
      };
      rotations.push(rotation);
    }
  }

  // Cancellations decided after `now` have not happened yet.
  for (const rotation of rotations) {
    if (rotation.cancellation && rotation.cancellation.at > nowMinutes) rotation.cancellation = null;
  }
  flySeason(rotations, delaysRandom);
  return assemble(bounds, seed, nowMinutes, rotations);
}

function assemble(bounds: SeasonBounds, seed: number, now: number, rotations: Rotation[]): DemoSeason {
  const firstDay = dayOf(bounds.start_date);
  const lastDay = dayOf(bounds.end_date);
  const inSeason = (minutes: number) => {
    const day = Math.floor(minutes / DAY);
    return day >= firstDay && day <= lastDay;
  };
  const slots: DemoSlot[] = [];
  const slotAt: number[] = [];
  const slotPlan: MovementPlan[] = [];
  const flights: DemoFlight[] = [];
  const flightAt: number[] = [];
  const flightPlan: Array<MovementPlan | null> = [];
  for (const rotation of rotations) {
    for (let leg = 0; leg < 2; leg++) {
      const isArrival = leg === 1;
      const movement = isArrival ? rotation.arr : rotation.dep;
      const number = isArrival ? rotation.arrNumber : rotation.depNumber;
      if (rotation.line && inSeason(movement.slotAt)) {
        const day = Math.floor(movement.slotAt / DAY);
        const time = hhmm(movement.slotAt);
        slots.push({
          key: "",
          serie: `${bounds.name}-${number}-${isArrival ? "L" : "S"}-${time.slice(0, 2)}${time.slice(3)}`,
          flightNumber: number,
          date: dateOfDay(day),
          time,
          isArrival,
          route: rotation.station.code,
          frequency: weekdayOfDay(day),
          aircraftType: rotation.type,
          seats: AIRCRAFT_SEATS[rotation.type],
          serviceType: "J",
          status: rotation.cancellation?.releasesSlot ? "CAN" : movement.slotStatus,
        });
        slotAt.push(movement.slotAt);
        slotPlan.push(movement);
      }
      if (!rotation.hasFlights || !inSeason(movement.flightAt)) continue;
      flights.push(flightRecord(rotation, movement, number + movement.suffix, isArrival, now));
      flightAt.push(movement.flightAt);
      flightPlan.push(rotation.line ? movement : null);
    }
  }
  const order = <T extends { isArrival: boolean; flightNumber: string }>(items: T[], at: number[]) =>
    items
      .map((_, i) => i)
      .sort((x, y) => {
        const a = items[x];
        const b = items[y];
        if (!a || !b) return 0;
        return (
          (at[x] ?? 0) - (at[y] ?? 0) ||
          Number(b.isArrival) - Number(a.isArrival) ||
          (a.flightNumber < b.flightNumber ? -1 : a.flightNumber > b.flightNumber ? 1 : 0)
        );
      });
  const sortedSlots: DemoSlot[] = [];
  order(slots, slotAt).forEach((index, position) => {
    const slot = slots[index];
    const movement = slotPlan[index];
    if (!slot || !movement) return;
    slot.key = `SL${String(position + 1).padStart(6, "0")}`;
    movement.slotKey = slot.key;
    sortedSlots.push(slot);
  });
  const sortedFlights: DemoFlight[] = [];
  const delays: DemoDelayRow[] = [];
  order(flights, flightAt).forEach((index, position) => {
    const flight = flights[index];
    if (!flight) return;
    flight.key = `FL${String(position + 1).padStart(6, "0")}`;
    // A slot outside the season (the other end of a rotation at the boundary) has no key.
    flight.slotKey = flightPlan[index]?.slotKey ?? null;
    flight.delays.forEach((delay, i) => delays.push({ flightKey: flight.key, position: i + 1, code: delay.code, minutes: delay.minutes }));
    sortedFlights.push(flight);
  });
  return { season: bounds, seed, now: iso(now), slots: sortedSlots, flights: sortedFlights, delays };
}

/** ISO weekday of a day number (day 0 = 1970-01-01, a Thursday). */
function weekdayOfDay(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

function flightRecord(
  rotation: Rotation,
  movement: MovementPlan,
  flightNumber: string,
  isArrival: boolean,
  now: number,
): DemoFlight {
  const station = rotation.station.code;
  const cancelled = rotation.cancellation !== null;
  // Scheduled departure and arrival of this leg.
  const block = isArrival ? rotation.backBlock : rotation.outBlock;
  const schedDep = isArrival ? movement.flightAt - block : movement.flightAt;
  const schedArr = isArrival ? movement.flightAt : movement.flightAt + block;
  // Actual times (only for what has happened by `now`).
  const depDeviation = isArrival ? movement.originDeviation : movement.deviation;
  const actualDep = cancelled ? null : schedDep + depDeviation;
  const actualArr = cancelled ? null : isArrival ? schedArr + movement.deviation : schedArr + movement.deviation + ((rotation.depAt % 7) - 3);
  const depKnown = actualDep !== null && actualDep <= now;
  const arrKnown = depKnown && actualArr !== null && actualArr <= now;
  const mexKnown = isArrival ? arrKnown : depKnown;
  let status: FlightStatus = "D";
  if (cancelled) status = "C";
  else if (movement.returned && depKnown) status = "R";
  else if (rotation.flownType !== rotation.type) status = "E";
  else if (movement.timeChanged) status = "T";
  else if (!rotation.line) status = "N";
  const type = rotation.flownType;
  return {
    key: "",
    flightNumber,
    date: dateOfDay(Math.floor(movement.flightAt / DAY)),
    isArrival,
    origin: isArrival ? station : DEMO_AIRPORT,
    destination: isArrival ? DEMO_AIRPORT : station,
    scheduledDeparture: iso(schedDep),
    scheduledArrival: iso(schedArr),
    estimatedDeparture: iso(depKnown && actualDep !== null ? actualDep : schedDep),
    estimatedArrival: iso(
      arrKnown && actualArr !== null ? actualArr : depKnown && actualDep !== null ? actualDep + block : schedArr,
    ),
    actualDeparture: depKnown && actualDep !== null ? iso(actualDep) : null,
    actualArrival: arrKnown && actualArr !== null ? iso(actualArr) : null,
    registration: cancelled ? null : rotation.registration,
    aircraftType: type,
    seats: AIRCRAFT_SEATS[type],
    status,
    cancellation: rotation.cancellation
      ? { description: rotation.cancellation.description, timestamp: iso(rotation.cancellation.at) }
      : null,
    delays: mexKnown ? movement.delays.map((delay) => ({ ...delay })) : [],
    slotKey: null,
  };
}

/** The matching engine's inputs for a demo season (ids are the demo keys). */
export function demoMatchInputs(season: DemoSeason): { slots: SlotInput[]; flights: FlightInput[] } {
  return {
    slots: season.slots.map((slot) => ({
      id: slot.key,
      date: slot.date,
      time: slot.time,
      isArrival: slot.isArrival,
      flightNumber: slot.flightNumber,
      status: slot.status,
      aircraftType: slot.aircraftType,
    })),
    flights: season.flights.map((flight) => ({
      id: flight.key,
      date: flight.date,
      isArrival: flight.isArrival,
      flightNumber: flight.flightNumber,
      scheduledAt: flight.isArrival ? flight.scheduledArrival : flight.scheduledDeparture,
      actualAt: flight.isArrival ? flight.actualArrival : flight.actualDeparture,
      status: flight.status,
      aircraftType: flight.aircraftType,
    })),
  };
}
