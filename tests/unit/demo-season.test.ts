import { describe, expect, it } from "vitest";
import { mulberry32, Random } from "../../src/server/demo/generator/random";
import { DEMO_STATIONS } from "../../src/server/demo/generator/routes";
import {
  DEMO_TARGETS,
  type DemoFlight,
  type DemoSeason,
  demoMatchInputs,
  generateDemoSeason,
} from "../../src/server/demo/generator/season";
import { delayCode, matchAll, summarizeMatches } from "../../src/domain/matching";
import { isoWeekday, seasonBounds } from "../../src/domain/seasons";

const W26 = seasonBounds("W26");
const seasons: Record<number, DemoSeason> = {
  42: generateDemoSeason({ season: "W26", seed: 42 }),
  7: generateDemoSeason({ season: "W26", seed: 7 }),
};
const SEEDS = [42, 7] as const;

function season(seed: number): DemoSeason {
  const found = seasons[seed];
  if (!found) throw new Error(`no season for ${seed}`);
  return found;
}

function minutes(iso: string): number {
  return Date.parse(iso) / 60_000;
}

function mexScheduled(flight: DemoFlight): string {
  return flight.isArrival ? flight.scheduledArrival : flight.scheduledDeparture;
}

function mexActual(flight: DemoFlight): string | null {
  return flight.isArrival ? flight.actualArrival : flight.actualDeparture;
}

function share(part: number, whole: number): number {
  return part / whole;
}

describe("seeded random numbers", () => {
  it("mulberry32 is deterministic and in [0, 1)", () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });

  it("draws integers in range and by weight", () => {
    const random = new Random(9);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 2000; i++) {
      const n = random.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
      counts[random.weighted([["a", 3], ["b", 1]] as const)] += 1;
    }
    expect(counts.a / 2000).toBeGreaterThan(0.68);
    expect(counts.a / 2000).toBeLessThan(0.82);
    expect(() => new Random(Number.NaN)).toThrow(RangeError);
  });
});

describe("demo season generator", () => {
  it("is deterministic: same seed, identical output; another seed, other data", () => {
    expect(generateDemoSeason({ season: "W26", seed: 42 })).toEqual(season(42));
    expect(season(7).flights.slice(0, 50)).not.toEqual(season(42).flights.slice(0, 50));
  });

  it("rejects a bad season code", () => {
    expect(() => generateDemoSeason({ season: "X26", seed: 1 })).toThrow(RangeError);
  });

  it.each(SEEDS)("covers every UTC date of W26 with 180–220 movements (seed %i)", (seed) => {
    const demo = season(seed);
    const [low, high] = DEMO_TARGETS.movementsPerDay;
    const flightsPerDay = new Map<string, number>();
    const slotsPerDay = new Map<string, number>();
    for (const flight of demo.flights) flightsPerDay.set(flight.date, (flightsPerDay.get(flight.date) ?? 0) + 1);
    for (const slot of demo.slots) {
      if (slot.status !== "CAN" && slot.status !== "C") slotsPerDay.set(slot.date, (slotsPerDay.get(slot.date) ?? 0) + 1);
    }
    expect(flightsPerDay.size).toBe(154);
    expect(slotsPerDay.size).toBe(154);
    expect([...flightsPerDay.keys()].sort()[0]).toBe(W26.start_date);
    expect([...flightsPerDay.keys()].sort().at(-1)).toBe(W26.end_date);
    for (const count of [...flightsPerDay.values(), ...slotsPerDay.values()]) {
      expect(count).toBeGreaterThanOrEqual(low);
      expect(count).toBeLessThanOrEqual(high);
    }
    expect(demo.season).toEqual(W26);
  });

  it("flies 30+ domestic and US routes with A320 (180) and A321 (220)", () => {
    const demo = season(42);
    const routes = new Set(demo.slots.map((slot) => slot.route));
    expect(routes.size).toBeGreaterThanOrEqual(30);
    for (const code of ["MTY", "GDL", "CUN", "TIJ", "LAX", "ORD", "JFK", "MIA"]) expect(routes.has(code)).toBe(true);
    const known = new Set(DEMO_STATIONS.map((station) => station.code));
    for (const route of routes) expect(known.has(route)).toBe(true);
    const seats = { "320": 180, "321": 220 };
    expect([...demo.slots, ...demo.flights].filter((item) => item.seats !== seats[item.aircraftType])).toEqual([]);
    const types = new Set(demo.slots.map((slot) => slot.aircraftType));
    expect(types).toEqual(new Set(["320", "321"]));
    const a321 = share(demo.slots.filter((slot) => slot.aircraftType === "321").length, demo.slots.length);
    expect(a321).toBeGreaterThan(0.15);
    expect(a321).toBeLessThan(0.6);
  });

  it("builds weekly series of slots: VB numbers, 5-minute UTC times, weekday frequency, service J", () => {
    const demo = season(42);
    const directions = new Map<string, boolean>();
    const series = new Map<string, string>();
    const wrong: string[] = [];
    for (const slot of demo.slots) {
      if (!/^VB\d{3,4}$/.test(slot.flightNumber)) wrong.push(`number ${slot.key}`);
      if (!/^([01]\d|2[0-3]):[0-5][05]$/.test(slot.time)) wrong.push(`time ${slot.key}`);
      if (slot.date < W26.start_date || slot.date > W26.end_date) wrong.push(`date ${slot.key}`);
      if (slot.frequency !== isoWeekday(slot.date)) wrong.push(`frequency ${slot.key}`);
      if (slot.serviceType !== "J") wrong.push(`service ${slot.key}`);
      // A designator is either an arrival or a departure, never both.
      if ((directions.get(slot.flightNumber) ?? slot.isArrival) !== slot.isArrival) wrong.push(`direction ${slot.key}`);
      directions.set(slot.flightNumber, slot.isArrival);
      // A series is one designator, direction, time and route.
      const shape = `${slot.flightNumber} ${slot.isArrival} ${slot.time} ${slot.route}`;
      if ((series.get(slot.serie) ?? shape) !== shape) wrong.push(`serie ${slot.key}`);
      series.set(slot.serie, shape);
    }
    expect(wrong).toEqual([]);
    expect(series.size).toBeGreaterThan(200);
    const keys = demo.slots.map((slot) => slot.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("spreads departures over the local day (UTC−6) and crosses UTC midnight", () => {
    const demo = season(42);
    const hours = new Set<number>();
    for (const flight of demo.flights) {
      if (flight.isArrival || flight.slotKey === null) continue;
      const localHour = (new Date(flight.scheduledDeparture).getUTCHours() + 18) % 24;
      expect(localHour).toBeGreaterThanOrEqual(5);
      hours.add(localHour);
    }
    expect(hours.size).toBeGreaterThanOrEqual(17);
    // Evening local departures (after 18:00) fall on the next UTC date.
    expect(demo.slots.some((slot) => !slot.isArrival && slot.time < "05:00")).toBe(true);
  });

  it.each(SEEDS)("keeps the shares of off-schedule, cancelled, leftover and unslotted in range (seed %i)", (seed) => {
    const demo = season(seed);
    const operated = demo.flights.filter((flight) => flight.status !== "C");
    expect(operated.filter((flight) => mexActual(flight) === null)).toEqual([]);
    const off = operated.filter((flight) => Math.abs(minutes(mexActual(flight) ?? "") - minutes(mexScheduled(flight))) > 15);
    const cancelled = demo.flights.filter((flight) => flight.status === "C");
    const flown = new Set(demo.flights.map((flight) => flight.slotKey));
    const leftovers = demo.slots.filter((slot) => !flown.has(slot.key) && slot.status !== "CAN");
    const unslotted = demo.flights.filter((flight) => flight.slotKey === null);
    const inRange = (value: number, [low, high]: readonly [number, number]) => {
      expect(value).toBeGreaterThanOrEqual(low);
      expect(value).toBeLessThanOrEqual(high);
    };
    inRange(share(off.length, operated.length), DEMO_TARGETS.offScheduleShare);
    inRange(share(cancelled.length, demo.flights.length), DEMO_TARGETS.cancelledShare);
    inRange(share(leftovers.length, demo.slots.length), DEMO_TARGETS.leftoverSlotShare);
    inRange(share(unslotted.length, demo.flights.length), DEMO_TARGETS.unslottedFlightShare);
    // Early arrivals beyond 15 minutes exist too.
    expect(off.some((flight) => flight.isArrival && mexActual(flight) !== null && minutes(mexActual(flight) ?? "") < minutes(flight.scheduledArrival) - 15)).toBe(true);
  });

  it("has every status the screens show", () => {
    const demo = season(42);
    const flightStatuses = new Set(demo.flights.map((flight) => flight.status));
    for (const status of ["D", "E", "T", "C", "N", "R"]) expect(flightStatuses.has(status as DemoFlight["status"])).toBe(true);
    const slotStatuses = new Set(demo.slots.map((slot) => slot.status));
    for (const status of ["D", "K", "ADD", "CAN", "S", "C"] as const) expect(slotStatuses.has(status)).toBe(true);
    expect(slotStatuses.has("U") || slotStatuses.has("WIP")).toBe(true);
    // Equipment changes fly the other type than the slot holds.
    const slotByKey = new Map(demo.slots.map((slot) => [slot.key, slot]));
    for (const flight of demo.flights.filter((f) => f.status === "E")) {
      expect(flight.aircraftType).not.toBe(slotByKey.get(flight.slotKey ?? "")?.aircraftType);
    }
    // Time changes are off the slot unless the slot was retimed (K).
    const timeChanged = demo.flights.filter((f) => f.status === "T");
    expect(timeChanged.length).toBeGreaterThan(50);
    // Flights with no slot are charters and extra sections.
    for (const flight of demo.flights.filter((f) => f.slotKey === null)) expect(flight.flightNumber).toMatch(/^VB(7\d\d|9\d{3})$/);
    // Some flights were renumbered with a suffix.
    expect(demo.flights.some((f) => /^VB\d+A$/.test(f.flightNumber))).toBe(true);
  });

  it("links every slotted flight to a slot of the same direction and number", () => {
    const demo = season(42);
    const slotByKey = new Map(demo.slots.map((slot) => [slot.key, slot]));
    const used = new Set<string>();
    const wrong: string[] = [];
    for (const flight of demo.flights) {
      if (flight.slotKey === null) continue;
      const slot = slotByKey.get(flight.slotKey);
      if (!slot || slot.isArrival !== flight.isArrival || flight.flightNumber.replace(/A$/, "") !== slot.flightNumber) {
        wrong.push(`slot of ${flight.key}`);
      }
      if (used.has(flight.slotKey)) wrong.push(`slot used twice ${flight.slotKey}`);
      used.add(flight.slotKey);
      // A released slot (CAN) belongs to a cancelled flight.
      if (slot?.status === "CAN" && flight.status !== "C") wrong.push(`CAN slot of ${flight.key}`);
    }
    expect(wrong).toEqual([]);
    const keys = demo.flights.map((flight) => flight.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("describes cancellations in Spanish, with no actual times and no aircraft", () => {
    const demo = season(42);
    const wrong = demo.flights.filter((flight) => {
      if ((flight.status === "C") !== (flight.cancellation !== null)) return true;
      if (!flight.cancellation) return false;
      return (
        !/^(Cancela|Cierre)/.test(flight.cancellation.description) ||
        !(flight.cancellation.timestamp < flight.scheduledDeparture) ||
        flight.actualDeparture !== null ||
        flight.actualArrival !== null ||
        flight.registration !== null ||
        flight.delays.length > 0
      );
    });
    expect(wrong).toEqual([]);
    expect(new Set(demo.flights.flatMap((f) => (f.cancellation ? [f.cancellation.description] : []))).size).toBeGreaterThanOrEqual(5);
  });

  it("gives delay codes from the IATA catalogue that add up to the delay", () => {
    const demo = season(42);
    let withCodes = 0;
    let close = 0;
    const wrong: string[] = [];
    for (const flight of demo.flights) {
      if (flight.delays.length > 4) wrong.push(`too many codes ${flight.key}`);
      const actual = mexActual(flight);
      const deviation = actual === null ? 0 : minutes(actual) - minutes(mexScheduled(flight));
      if (flight.status !== "C" && deviation > 15 && flight.delays.length === 0) wrong.push(`no code ${flight.key}`);
      if (flight.delays.length === 0) continue;
      withCodes += 1;
      for (const delay of flight.delays) {
        if (!delayCode(delay.code) || !(delay.minutes > 0)) wrong.push(`bad code ${flight.key} ${delay.code}`);
      }
      const sum = flight.delays.reduce((total, delay) => total + delay.minutes, 0);
      if (Math.abs(sum - deviation) <= Math.max(15, deviation * 0.25)) close += 1;
    }
    expect(wrong).toEqual([]);
    expect(close / withCodes).toBeGreaterThan(0.97);
    expect(demo.delays).toHaveLength(demo.flights.reduce((n, flight) => n + flight.delays.length, 0));
    expect(demo.delays[0]).toMatchObject({ position: 1 });
    // Reactionary delays (93) are the most common, as at any hub.
    const counts = new Map<string, number>();
    for (const row of demo.delays) counts.set(row.code, (counts.get(row.code) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    expect(top?.[0]).toBe("93");
  });

  it("routes aircraft with realistic turns at MEX", () => {
    const demo = season(42);
    const byRegistration = new Map<string, DemoFlight[]>();
    const wrong: string[] = [];
    for (const flight of demo.flights) {
      if (!flight.registration) continue;
      if (!/^(XA-VB[A-Z]{2}|N5\d{2}VB)$/.test(flight.registration)) wrong.push(`registration ${flight.registration}`);
      const list = byRegistration.get(flight.registration) ?? [];
      list.push(flight);
      byRegistration.set(flight.registration, list);
    }
    expect(byRegistration.size).toBeGreaterThan(30);
    expect(byRegistration.size).toBeLessThan(80);
    for (const list of byRegistration.values()) {
      list.sort((a, b) => minutes(mexScheduled(a)) - minutes(mexScheduled(b)));
      for (let i = 1; i < list.length; i++) {
        const before = list[i - 1];
        const after = list[i];
        if (!before || !after) continue;
        if (before.isArrival === after.isArrival) wrong.push(`sequence ${before.key} ${after.key}`);
        if (before.isArrival) {
          if (minutes(after.scheduledDeparture) - minutes(before.scheduledArrival) < 40) wrong.push(`turn ${after.key}`);
          // The aircraft cannot leave before it has landed.
          if (after.actualDeparture && before.actualArrival && minutes(after.actualDeparture) <= minutes(before.actualArrival)) {
            wrong.push(`left before landing ${after.key}`);
          }
        } else if (after.origin !== before.destination) {
          // Out and back: the same aircraft returns from where it went.
          wrong.push(`out and back ${after.key}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("knows nothing after `now`: no actual times, estimated = scheduled, no later cancellations", () => {
    const now = new Date("2027-01-15T18:00:00Z");
    const demo = generateDemoSeason({ season: "W26", seed: 42, now });
    expect(demo.now).toBe("2027-01-15T18:00:00Z");
    let future = 0;
    const wrong: string[] = [];
    const at = now.getTime();
    for (const flight of demo.flights) {
      if (Date.parse(flight.scheduledDeparture) > at + 6 * 3_600_000) {
        future += 1;
        if (
          flight.actualDeparture !== null ||
          flight.actualArrival !== null ||
          flight.estimatedDeparture !== flight.scheduledDeparture ||
          flight.estimatedArrival !== flight.scheduledArrival ||
          flight.delays.length > 0
        ) {
          wrong.push(`future ${flight.key}`);
        }
      }
      if (flight.actualDeparture && Date.parse(flight.actualDeparture) > at) wrong.push(`ATD after now ${flight.key}`);
      if (flight.actualArrival && Date.parse(flight.actualArrival) > at) wrong.push(`ATA after now ${flight.key}`);
      if (flight.cancellation && Date.parse(flight.cancellation.timestamp) > at) wrong.push(`cancelled after now ${flight.key}`);
      if (flight.status !== "C" && Date.parse(mexScheduled(flight)) < at - 6 * 3_600_000 && mexActual(flight) === null) {
        wrong.push(`past without actual ${flight.key}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(future).toBeGreaterThan(10_000);
    // The slots are the same whatever `now` is, except for slots released by a cancellation.
    expect(demo.slots.filter((slot) => slot.status !== "CAN").length).toBeGreaterThanOrEqual(
      season(42).slots.filter((slot) => slot.status !== "CAN").length,
    );
  });

  it("feeds the matcher, which recovers the planned pairs", () => {
    const demo = season(42);
    const inputs = demoMatchInputs(demo);
    expect(inputs.slots).toHaveLength(demo.slots.length);
    expect(inputs.flights).toHaveLength(demo.flights.length);
    const results = matchAll(inputs.slots, inputs.flights);
    const truth = new Map(demo.flights.map((flight) => [flight.key, flight.slotKey]));
    const slotStatus = new Map(demo.slots.map((slot) => [slot.key, slot.status]));
    const expected = demo.flights.filter((f) => f.slotKey !== null && slotStatus.get(f.slotKey) !== "CAN" && slotStatus.get(f.slotKey) !== "C");
    const recovered = results.filter((r) => r.flightId !== null && r.slotId !== null && truth.get(String(r.flightId)) === r.slotId);
    expect(recovered.length / expected.length).toBeGreaterThan(0.995);
    const summary = summarizeMatches(results);
    expect(summary.byStatus.CA).toBe(demo.flights.filter((f) => f.status === "C").length);
    expect(summary.byStatus.AH).toBeGreaterThan(0);
    expect(summary.byStatus.D).toBeGreaterThan(0);
    expect(summary.byStatus.X).toBeGreaterThan(0);
    expect(summary.byStatus.A).toBeGreaterThan(0);
    expect((summary.byStatus.OK + summary.byStatus.DIFF) / summary.rows).toBeGreaterThan(0.9);
    expect(summary.byStatus.OK).toBeGreaterThan(0);
  });
});
