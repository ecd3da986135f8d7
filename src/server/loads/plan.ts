/**
 * What a load would change, read without writing: each flight of the file is new, changed or
 * unchanged against the flights table, as the store would write it (a schedule changes only the
 * planned columns of a flight AIMS already reported; the operations feed every column and its
 * delay codes). The apply stores only the new and changed ones, so the same file applied twice
 * changes nothing the second time, and re-matches only the dates they touch.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type BulkColumn, queryRows, unnestRows } from "../db/sql";
import type { ImportedFlight } from "../../domain/flights";
import { FLIGHT_KEY_COLUMNS, flightRecord, SCHEDULE_COLUMNS, STORED_FLIGHT_COLUMNS } from "../flights/import";
import { LOCAL_ZONE, zonedDateTime } from "../../domain/zones";

export type FlightSource = "operations" | "schedule";

export type LoadPlan = {
  /** The flights to store (new and changed), in file order. */
  toStore: ImportedFlight[];
  counts: { new: number; changed: number; unchanged: number };
  /** The same counts per airport (issue 37), by code; `flights` is the file's flights there. */
  airports: AirportCounts[];
  /** The movement dates to re-match, before and after the change. */
  dates: string[];
  /** Which flights and fields would change, before → after: the first MAX_CHANGES, `total` counts all. */
  changes: { items: FlightChange[]; total: number; truncated: boolean };
};

/** A load's flights at one airport: what the preview's per-airport breakdown says. */
export type AirportCounts = { airport: string; flights: number; new: number; changed: number; unchanged: number };

/** Counts per airport, by code. */
export function countByAirport(): { add: (airport: string, what: "new" | "changed" | "unchanged") => void; list: () => AirportCounts[] } {
  const byAirport = new Map<string, AirportCounts>();
  return {
    add(airport, what) {
      const counts = byAirport.get(airport) ?? { airport, flights: 0, new: 0, changed: 0, unchanged: 0 };
      counts.flights++;
      counts[what]++;
      byAirport.set(airport, counts);
    },
    list: () => [...byAirport.values()].sort((a, b) => (a.airport < b.airport ? -1 : a.airport > b.airport ? 1 : 0)),
  };
}

/** One field of one flight a load would change, as the preview shows it. */
export type FlightChange = { flight: string; date: string; field: string; before: string; after: string };

/** The changes a preview lists at most (a 100,000-leg file stays bounded; the total counts them all). */
export const MAX_CHANGES = 5_000;

/** The Spanish label of each compared column, as the preview names it. */
const FIELD_LABELS: Record<string, string> = {
  movement_date: "Fecha de operación",
  origin: "Origen",
  destination: "Destino",
  scheduled_departure: "Salida programada",
  scheduled_arrival: "Llegada programada",
  estimated_departure: "Salida estimada",
  estimated_arrival: "Llegada estimada",
  actual_departure: "Salida real",
  actual_arrival: "Llegada real",
  registration: "Matrícula",
  aircraft_type: "Aeronave",
  seats: "Asientos",
  service_type: "Tipo de servicio",
  status: "Estado",
  cancellation_description: "Motivo de cancelación",
  cancellation_time: "Hora de cancelación",
};
const DELAYS_LABEL = "Códigos de demora";
const NEW_LABEL = "Nuevo vuelo";
const EMPTY = "—";

/** A time as the screens show it: local at MEX, dd/mm/aaaa hh:mm. */
const shownInstant = (ms: number) => {
  const at = zonedDateTime(ms, LOCAL_ZONE);
  return `${at.date} ${at.time}`;
};
const shownDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A column's value as shown: the stored one comes as text (timestamps as epoch ms), the file's as written. */
function shown(type: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (type === "timestamptz") {
    const ms = typeof value === "number" ? value : typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Date.parse(String(value));
    return Number.isFinite(ms) ? shownInstant(ms) : String(value);
  }
  if (type === "date") return shownDate(String(value).slice(0, 10));
  return String(value);
}

/** "93 (5 min), 11 (5 min)": the delay codes in position order, each with its minutes. */
const delaysShown = (text: string) =>
  text === ""
    ? EMPTY
    : text
        .split(",")
        .map((d) => {
          const [, code = "", minutes = ""] = d.split(":");
          return `${code} (${minutes} min)`;
        })
        .join(", ");

/** A new flight in one line: route and its planned time at MEX. */
function newFlightShown(f: ImportedFlight): string {
  const time = f.isArrival ? f.scheduledArrival : f.scheduledDeparture;
  return `${f.origin}→${f.destination} ${shown("timestamptz", time)}`;
}

/**
 * Flights compared per query. On the embedded database a query runs in the request thread: 5,000
 * rows held it for a second and more (issue 34), 500 for 60 ms and more, 250 for half that; and
 * between chunks other requests get their turn (one heavy statement at a time, workers/gate.ts).
 */
const CHUNK = 250;

const delaysText = (f: ImportedFlight) =>
  [...f.delays]
    .sort((a, b) => a.position - b.position)
    .map((d) => `${d.position}:${d.code}:${d.minutes}`)
    .join(",");

/** The stored side of one flight of a chunk (`i`, its place in the chunk): found, differing, and per column. */
export type PlanRow = { i: number; found: boolean; differs: boolean; old_date: string | null; delays: string } & Record<string, unknown>;

/**
 * Reads the stored side of one chunk of the file's flights (`records`: each flight's row with its
 * place `i`). Asked of the database where it lives: here, or by a worker that plans (previewWork.ts).
 */
export type ChunkQuery = (records: readonly Record<string, unknown>[]) => Promise<PlanRow[]>;

/** The columns a load of `source` compares: a schedule's planned ones, or every column. */
const comparedColumns = (source: FlightSource) =>
  STORED_FLIGHT_COLUMNS.filter(([name]) => !FLIGHT_KEY_COLUMNS.includes(name)).filter(([name]) => source === "operations" || SCHEDULE_COLUMNS.has(name));

/** The query of one chunk on `db`. `listChanges` false (the apply, which records counts only) leaves the per-field compare out. */
export function chunkQuery(db: Database, source: FlightSource, listChanges: boolean): ChunkQuery {
  const compared = comparedColumns(source);
  const columns: BulkColumn[] = [["i", "int"], ...STORED_FLIGHT_COLUMNS];
  const existingCols = sql.raw(compared.map(([name]) => `f.${name}`).join(", "));
  const fileCols = sql.raw(compared.map(([name]) => `x.${name}`).join(", "));
  const perColumn = sql.raw(
    (listChanges ? compared : [])
      .map(([name, type]) => {
        const old = type === "timestamptz" ? `(extract(epoch from f.${name}) * 1000)::float8` : `f.${name}::text`;
        return `, (f.${name} is distinct from x.${name}) as "d_${name}", ${old} as "o_${name}"`;
      })
      .join(""),
  );
  const delays =
    source === "operations"
      ? sql`, (select coalesce(string_agg(d.position || ':' || d.code || ':' || d.minutes, ',' order by d.position), '')
              from flight_delays d where d.flight_id = f.id) as delays`
      : sql`, '' as delays`;
  return (records) =>
    queryRows<PlanRow>(
      db,
      sql`select x.i, f.id is not null as found, (${existingCols}) is distinct from (${fileCols}) as differs,
                 f.movement_date as old_date${delays}${perColumn}
          from ${unnestRows(columns, records)} left join flights f using (airport, flight_number, date, is_arrival)`,
    );
}

/** `listChanges` false (the apply, which records counts only) leaves the per-field compare out of the query. */
export function planFlights(db: Database, flights: readonly ImportedFlight[], source: FlightSource, listChanges = true): Promise<LoadPlan> {
  return planFlightsBy(chunkQuery(db, source, listChanges), flights, source, listChanges);
}

/** The plan, each chunk's stored side read by `query` (the database here, or the request thread's for a worker). */
export async function planFlightsBy(query: ChunkQuery, flights: readonly ImportedFlight[], source: FlightSource, listChanges = true): Promise<LoadPlan> {
  const compared = comparedColumns(source);
  const toStore: ImportedFlight[] = [];
  const dates = new Set<string>();
  const counts = { new: 0, changed: 0, unchanged: 0 };
  const perAirport = countByAirport();
  // Chunks come in file order, rows within one in any: each chunk's changes are sorted before
  // they join the first MAX_CHANGES, and only those are kept.
  const items: FlightChange[] = [];
  let total = 0;
  for (let start = 0; start < flights.length; start += CHUNK) {
    if (start > 0) await new Promise((next) => setImmediate(next));
    const chunk = flights.slice(start, start + CHUNK);
    const rows = await query(chunk.map((f, i) => ({ i, ...flightRecord(f) })));
    const chunkChanges: { i: number; list: FlightChange[] }[] = [];
    for (const row of rows) {
      const flight = chunk[row.i];
      if (!flight) continue;
      const changed = row.found && (row.differs || (source === "operations" && row.delays !== delaysText(flight)));
      const what = !row.found ? "new" : changed ? "changed" : "unchanged";
      counts[what]++;
      perAirport.add(flight.airport, what);
      if (what === "unchanged") continue;
      if (listChanges) {
        const list = flightChanges(flight, row, compared, source, row.found);
        total += list.length;
        if (items.length < MAX_CHANGES) chunkChanges.push({ i: row.i, list });
      }
      toStore.push(flight);
      dates.add(flight.movementDate);
      if (row.old_date) dates.add(row.old_date);
    }
    chunkChanges.sort((a, b) => a.i - b.i);
    for (const { list } of chunkChanges) {
      if (items.length >= MAX_CHANGES) break;
      items.push(...list.slice(0, MAX_CHANGES - items.length));
    }
  }
  // The unnest keeps no order across chunks: store in file order.
  const order = new Map(flights.map((f, i) => [f, i]));
  toStore.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return { toStore, counts, airports: perAirport.list(), dates: [...dates].sort(), changes: { items, total, truncated: total > items.length } };
}

/** What differs between a flight of the file and the stored one (one "Nuevo vuelo" entry when none is stored). */
function flightChanges(
  flight: ImportedFlight,
  row: Record<string, unknown> & { delays: string },
  compared: readonly BulkColumn[],
  source: FlightSource,
  stored: boolean,
): FlightChange[] {
  const base = { flight: flight.flightNumber, date: flight.movementDate };
  if (!stored) return [{ ...base, field: NEW_LABEL, before: EMPTY, after: newFlightShown(flight) }];
  const record = flightRecord(flight);
  const list: FlightChange[] = [];
  for (const [name, type] of compared) {
    if (row[`d_${name}`] !== true) continue;
    list.push({ ...base, field: FIELD_LABELS[name] ?? name, before: shown(type, row[`o_${name}`]), after: shown(type, record[name]) });
  }
  const fileDelays = delaysText(flight);
  if (source === "operations" && row.delays !== fileDelays) {
    list.push({ ...base, field: DELAYS_LABEL, before: delaysShown(row.delays), after: delaysShown(fileDelays) });
  }
  return list;
}

/** The fields a movement message may change on its flight, as the preview names them. */
const STATE_FIELDS = [
  ["estimatedDeparture", "estimated_departure"],
  ["estimatedArrival", "estimated_arrival"],
  ["actualDeparture", "actual_departure"],
  ["actualArrival", "actual_arrival"],
  ["registration", "registration"],
  ["status", "status"],
] as const;

type MovementState = {
  flightNumber: string;
  movementDate: string;
  estimatedDeparture: string | null;
  estimatedArrival: string | null;
  actualDeparture: string | null;
  actualArrival: string | null;
  registration: string | null;
  status: string;
  delays: { position: number; code: string; minutes: number }[];
};

const stateDelays = (f: MovementState) =>
  [...f.delays]
    .sort((a, b) => a.position - b.position)
    .map((d) => `${d.position}:${d.code}:${d.minutes}`)
    .join(",");

/**
 * What movement messages would change on their flights (estimated and actual times, registration,
 * status, delay codes), before → after: the first MAX_CHANGES, `total` counting all.
 */
export function movementChanges(after: readonly (MovementState & { id: number })[], before: ReadonlyMap<number, MovementState>): LoadPlan["changes"] {
  const items: FlightChange[] = [];
  let total = 0;
  const add = (change: FlightChange) => {
    total++;
    if (items.length < MAX_CHANGES) items.push(change);
  };
  for (const flight of after) {
    const old = before.get(flight.id);
    if (!old) continue;
    const base = { flight: flight.flightNumber, date: flight.movementDate };
    for (const [key, column] of STATE_FIELDS) {
      const type = column === "registration" || column === "status" ? "text" : "timestamptz";
      const was = shown(type, old[key]);
      const now = shown(type, flight[key]);
      if (was !== now) add({ ...base, field: FIELD_LABELS[column] ?? column, before: was, after: now });
    }
    const [wasDelays, nowDelays] = [stateDelays(old), stateDelays(flight)];
    if (wasDelays !== nowDelays) add({ ...base, field: DELAYS_LABEL, before: delaysShown(wasDelays), after: delaysShown(nowDelays) });
  }
  return { items, total, truncated: total > items.length };
}
