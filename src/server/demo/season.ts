/**
 * Loads the deterministic demo season (src/server/demo/generator) into the database: slots with their
 * change history, flights with AIMS's delay codes, then re-matches every date. One transaction,
 * bulk inserts in chunks; `npm start` calls it on an empty database, and tests, benches and the
 * browser tests call it directly.
 *
 * History rows come from what the generator did to the slots: time changes accepted (K), refused
 * (U) or still requested (WIP), new series (ADD, an Alta), cancelled slots (CAN, C), and the
 * equipment changes AIMS shows (status E), which the coordinator refused here (the slot keeps its
 * aircraft and becomes U) so the turnover still shows the difference. Each series' change of one
 * kind is one SCR message with one reference (from 1001), recorded in the Bitácora too (its
 * request, lines and, where the coordinator answered, its reply), so the next offered reference
 * follows the demo's.
 */
import { sql } from "drizzle-orm";
import { type DemoFlight, type DemoSlot, generateDemoSeason } from "./generator";
import { buildScrLine, isoToScrDate, type ScrDataLineInput } from "../../domain/scr";
import { seasonBounds, seasonCodeForDate, todayInZone } from "../../domain/seasons";
import type { Database } from "../db/client";
import { FLIGHT_COLUMNS, insertFlightRows } from "../flights/import";
import { failpoint } from "../failpoints";
import { syncAffectations } from "../flights/delays";
import { insertSlotHistoryRows, insertSlots, SLOT_COLUMNS, slotRow } from "../slots/register";
import { rematchAll } from "../matching/rematch";
import { insertRecordedRequests, type RecordedLogbookRequest } from "../logbook/records";
import { lockSeasonByName } from "../seasons/find";
import { ensureSeason } from "../seasons/queries";
import { type BulkColumn, queryRows } from "../db/sql";

/** The seed of the demo season everybody sees (same data on every machine). */
export const DEMO_SEED = 2026;
const CHUNK = 10_000;

/** The demo season writes its own slot ids (its history rows refer to them). */
const DEMO_SLOT_COLUMNS: readonly BulkColumn[] = [["id", "int"], ...SLOT_COLUMNS];
const HISTORY_COLUMNS: readonly BulkColumn[] = [
  ["slot_id", "int"],
  ["changed_at", "timestamptz"],
  ["reference", "int"],
  ["part", "int"],
  ["request_type", "text"],
  ["actual_line", "text"],
  ["request_line", "text"],
  ["response", "text"],
];
// With the ids, which the demo chooses so that its matches can point at them.
const DEMO_FLIGHT_COLUMNS: readonly BulkColumn[] = [["id", "int"], ...FLIGHT_COLUMNS];
const DELAY_COLUMNS: readonly BulkColumn[] = [
  ["flight_id", "int"],
  ["position", "smallint"],
  ["code", "text"],
  ["minutes", "int"],
];
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface DemoLoadOptions {
  /** Actual times exist up to this instant; also picks the season (the one holding today at MEX). */
  now: Date;
  seed?: number;
  /** Season code; default: the season of today's date in Mexico City. */
  season?: string;
  /**
   * Load only into a database with no slot and no flight (checked under a lock, so several
   * instances starting at once load it once); answers null when there was something.
   */
  onlyIfEmpty?: boolean;
}

/** Any constant: only every Slotdesk instance must use the same one. */
const DEMO_LOCK = 7_041_304;

export interface DemoLoadResult {
  season: string;
  slots: number;
  flights: number;
  delays: number;
  history: number;
  matches: number;
  /** Wall time of the whole load (generation, inserts, rematch), ms. */
  ms: number;
}

/** True when the database holds no slot and no flight. */
export async function turnoverIsEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists(select 1 from slots) or exists(select 1 from flights) as found`,
  );
  return !rows[0]?.found;
}

async function reserveIds(db: Database, table: "slots" | "flights", count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count}::int)`,
  );
  return rows.map((r) => r.id);
}

const hhmm = (iso: string) => iso.slice(11, 16);

/** One SCR line for a single date of a slot (null if the line cannot be written). */
function scrLine(
  slot: DemoSlot,
  season: string,
  action: ScrDataLineInput["action"],
  time: string,
  aircraft: string,
  seats: number,
): string | null {
  const date = isoToScrDate(slot.date);
  if (!date) return null;
  const days = "0000000".split("");
  days[slot.frequency - 1] = String(slot.frequency);
  const hm = time.replace(":", "");
  const line: ScrDataLineInput = {
    action,
    arrival: slot.isArrival ? { flight: slot.flightNumber, origin: slot.route, previous: null, time: hm } : null,
    departure: slot.isArrival
      ? null
      : { flight: slot.flightNumber, time: hm, overnight: null, next: null, destination: slot.route },
    from: date,
    to: date,
    days: days.join(""),
    seats,
    aircraft,
    service: slot.serviceType,
    frequencyRate: null,
    extra: null,
  };
  try {
    return buildScrLine(line, season);
  } catch {
    return null;
  }
}

/** The first reference of the demo's SCRs (the Bitácora's next free one follows the last). */
export const FIRST_DEMO_REFERENCE = 1001;

type DemoRequestType = "Alta" | "Cancelación" | "Modificación";
/** The logbook's request types (1 inicio de temporada, 2 altas, 3 cancelación, 4 modificación). */
const LOGBOOK_TYPES: Record<DemoRequestType, number> = { Alta: 2, Cancelación: 3, Modificación: 4 };

type DemoLine = { slot_id: number; actual_line: string | null; request_line: string | null; response: string | null };
/** One SCR message of the demo: its slots' lines, sent when the earliest of them was asked for (epoch ms). */
type DemoMessage = { requestType: DemoRequestType; sentAt: number; lines: DemoLine[] };

/**
 * The Bitácora's record of one demo message: the SCR as sent (C and request lines of every slot)
 * and, once the coordinator answered every line, the reply (each line with its answer's action
 * code) the next day.
 */
function logbookRequestOf(season: string, seasonId: number, reference: number, message: DemoMessage): RecordedLogbookRequest {
  const sentAt = new Date(message.sentAt);
  const header = ["SCR", "/", season, isoToScrDate(sentAt.toISOString().slice(0, 10)) ?? "", "MEX"];
  const requestLines = message.lines.flatMap((line) => [line.actual_line, line.request_line].filter((text) => text !== null));
  const answered = message.lines.every((line) => line.response !== null);
  const replyLines = message.lines.flatMap((line) =>
    line.request_line !== null && line.response !== null ? [`${line.response}${line.request_line.slice(1)}`] : [],
  );
  const si = `SI REF ${reference}`;
  return {
    seasonId,
    reference,
    type: LOGBOOK_TYPES[message.requestType],
    airport: "MEX",
    requestDate: sentAt,
    responseDate: answered ? new Date(message.sentAt + DAY_MS) : null,
    responsibleName: "Equipo de slots (demostración)",
    si,
    requestText: [...header, ...requestLines, si].join("\n"),
    responseText: answered ? [...header, ...replyLines, si].join("\n") : null,
    lines: message.lines.map((line) => ({ slotId: line.slot_id, actual: line.actual_line, request: line.request_line, response: line.response })),
  };
}

type HistoryRecord = {
  slot_id: number;
  changed_at: string;
  reference: number;
  part: number;
  request_type: string;
  actual_line: string | null;
  request_line: string | null;
  response: string | null;
};

/**
 * Loads the demo season (see `onlyIfEmpty`), then refreshes the planner's statistics of the
 * tables it filled (PGlite has no autovacuum to do it).
 */
export async function loadDemoSeason(db: Database, options: DemoLoadOptions & { onlyIfEmpty: true }): Promise<DemoLoadResult | null>;
export async function loadDemoSeason(db: Database, options: DemoLoadOptions): Promise<DemoLoadResult>;
export async function loadDemoSeason(db: Database, options: DemoLoadOptions): Promise<DemoLoadResult | null> {
  const started = performance.now();
  // A cheap look first: a database with data does not pay for generating the season.
  if (options.onlyIfEmpty && !(await turnoverIsEmpty(db))) return null;
  const seasonCode = options.season ?? seasonCodeForDate(todayInZone(options.now));
  const demo = generateDemoSeason({ season: seasonCode, seed: options.seed ?? DEMO_SEED, now: options.now });
  const nowMs = options.now.getTime();

  // Series numbers: one per series of the generator, in order of first appearance.
  const serieNumbers = new Map<string, number>();
  for (const slot of demo.slots) if (!serieNumbers.has(slot.serie)) serieNumbers.set(slot.serie, serieNumbers.size + 1);

  // The usual time of each flight number and direction (for the C line of a retimed slot).
  const timeCounts = new Map<string, Map<string, number>>();
  for (const slot of demo.slots) {
    if (slot.status !== "D") continue;
    const key = `${slot.flightNumber}|${slot.isArrival}`;
    const counts = timeCounts.get(key) ?? new Map<string, number>();
    counts.set(slot.time, (counts.get(slot.time) ?? 0) + 1);
    timeCounts.set(key, counts);
  }
  const usualTime = (slot: DemoSlot) => {
    const counts = timeCounts.get(`${slot.flightNumber}|${slot.isArrival}`);
    let best: string | null = null;
    let bestCount = 0;
    for (const [time, count] of counts ?? []) {
      if (count > bestCount) {
        best = time;
        bestCount = count;
      }
    }
    return best;
  };
  const flightOfSlot = new Map<string, DemoFlight>();
  for (const flight of demo.flights) if (flight.slotKey) flightOfSlot.set(flight.slotKey, flight);

  const result = await db.transaction(async (tx) => {
    if (options.onlyIfEmpty) {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
      if (!(await turnoverIsEmpty(tx))) return null;
    }
    const bounds = seasonBounds(seasonCode);
    await ensureSeason(tx, seasonCode, bounds.start_date, bounds.end_date);
    const seasonRow = await lockSeasonByName(tx, seasonCode);
    if (!seasonRow) throw new Error(`season ${seasonCode} missing after ensureSeason`);
    const seasonId = seasonRow.id;
    const slotIds = await reserveIds(tx, "slots", demo.slots.length);
    const flightIds = await reserveIds(tx, "flights", demo.flights.length);
    const slotIdByKey = new Map<string, number>();
    // One SCR message per series and kind of change (a retime, a refusal, a cancellation…): its
    // slots share one reference, sent when the earliest of them was asked for.
    const messages = new Map<string, DemoMessage>();
    const slotRecords = demo.slots.map((slot, i) => {
      const id = slotIds[i] as number;
      slotIdByKey.set(slot.key, id);
      let status = slot.status;
      const flight = flightOfSlot.get(slot.key);
      const changedAt = Math.min(Date.parse(`${slot.date}T15:00:00Z`) - 14 * DAY_MS, nowMs - HOUR_MS);
      const record = (kind: string, requestType: DemoRequestType, actual: string | null, request: string | null, response: string | null) => {
        const key = `${slot.serie}|${kind}`;
        const message = messages.get(key) ?? { requestType, sentAt: changedAt, lines: [] };
        message.sentAt = Math.min(message.sentAt, changedAt);
        message.lines.push({ slot_id: id, actual_line: actual, request_line: request, response });
        messages.set(key, message);
      };
      const held = (action: ScrDataLineInput["action"], time = slot.time) =>
        scrLine(slot, seasonCode, action, time, slot.aircraftType, slot.seats);
      const flightTime = flight ? hhmm(flight.isArrival ? flight.scheduledArrival : flight.scheduledDeparture) : null;
      if (slot.status === "K") {
        const before = usualTime(slot);
        record("K", "Modificación", before ? held("C", before) : null, held("R"), "K");
      } else if ((slot.status === "U" || slot.status === "WIP") && flightTime) {
        record(`${slot.status}${flightTime}`, "Modificación", held("C"), held("R", flightTime), slot.status === "U" ? "U" : null);
      } else if (slot.status === "ADD") {
        record("ADD", "Alta", null, held("N"), "K");
      } else if (slot.status === "CAN" || slot.status === "C") {
        record(slot.status, "Cancelación", held("C"), held("D"), slot.status === "CAN" ? "K" : "X");
      } else if (slot.status === "D" && flight?.status === "E") {
        const asked = scrLine(slot, seasonCode, "R", slot.time, flight.aircraftType, flight.seats);
        record(`E${flight.aircraftType}`, "Modificación", held("C"), asked, "U");
        status = "U";
      }
      return { id, ...slotRow(seasonCode, serieNumbers.get(slot.serie) ?? 0, status, slot) };
    });
    const history: HistoryRecord[] = [];
    const recorded: RecordedLogbookRequest[] = [];
    let reference = FIRST_DEMO_REFERENCE - 1;
    for (const message of messages.values()) {
      reference += 1;
      const changedAt = new Date(message.sentAt).toISOString();
      for (const line of message.lines) history.push({ ...line, changed_at: changedAt, reference, part: 1, request_type: message.requestType });
      recorded.push(logbookRequestOf(seasonCode, seasonId, reference, message));
    }
    // Written through their owners (slots, flights): the demo season owns no table.
    await insertSlots(tx, DEMO_SLOT_COLUMNS, slotRecords, CHUNK);
    await insertSlotHistoryRows(tx, HISTORY_COLUMNS, history, CHUNK);
    // The same messages in the Bitácora, so its next free reference follows them.
    await insertRecordedRequests(tx, recorded);

    const flightIdByKey = new Map<string, number>();
    const flightRecords = demo.flights.map((flight, i) => {
      const id = flightIds[i] as number;
      flightIdByKey.set(flight.key, id);
      return {
        id,
        flight_number: flight.flightNumber,
        date: flight.date,
        is_arrival: flight.isArrival,
        movement_date: flight.date,
        origin: flight.origin,
        destination: flight.destination,
        scheduled_departure: flight.scheduledDeparture,
        scheduled_arrival: flight.scheduledArrival,
        estimated_departure: flight.estimatedDeparture,
        estimated_arrival: flight.estimatedArrival,
        actual_departure: flight.actualDeparture,
        actual_arrival: flight.actualArrival,
        registration: flight.registration,
        aircraft_type: flight.aircraftType,
        seats: flight.seats,
        // Scheduled passenger services, like every demo slot.
        service_type: "J",
        status: flight.status,
        cancellation_description: flight.cancellation?.description ?? null,
        cancellation_time: flight.cancellation?.timestamp ?? null,
      };
    });
    const delayRecords = demo.delays.map((d) => ({
      flight_id: flightIdByKey.get(d.flightKey),
      position: d.position,
      code: d.code,
      minutes: d.minutes,
    }));
    await insertFlightRows(tx, { columns: DEMO_FLIGHT_COLUMNS, rows: flightRecords }, { columns: DELAY_COLUMNS, rows: delayRecords }, CHUNK);
    await failpoint("demo.load");

    const matched = await rematchAll(tx);
    await syncAffectations(tx);
    return {
      season: seasonCode,
      slots: slotRecords.length,
      flights: flightRecords.length,
      delays: delayRecords.length,
      history: history.length,
      matches: matched.inserted + matched.updated + matched.unchanged,
      ms: 0,
    };
  });
  if (!result) return null;
  await db.execute(sql`analyze slots, slot_history, flights, flight_delays, matches, affectations`);
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** The Spanish line `npm start` prints after loading the demo. */
export function demoLoadedMessage(result: DemoLoadResult): string {
  const n = (value: number) => value.toLocaleString("es-MX");
  return (
    `Temporada de demostración ${result.season} cargada: ${n(result.slots)} slots, ${n(result.flights)} vuelos ` +
    `y ${n(result.matches)} matches en ${(result.ms / 1000).toFixed(1)} s (DEMO_DATA=0 para no cargarla).`
  );
}
