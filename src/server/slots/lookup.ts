/**
 * The slot an SCR line names: a C line (the slot as held now) or a D line (the slot to delete)
 * names the held slot of its flight, direction, first date and time in the season. Shared by the
 * logbook's requests by hand and the reference upload's request compute (issue 12 items 3, 4).
 */
import { sql } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";
import { scrDateToIso, type ScrDataLine } from "../../domain/scr";
import type { Database } from "../db/client";
import { queryRows, unnestRows } from "../db/sql";

/** What identifies a held slot: flight, direction, date and UTC time (`HH:MM`). */
export type SlotKey = { flightNumber: string; isArrival: boolean; date: string; time: string };

/**
 * The key of the slot a line names, or null when its first date does not resolve in the season
 * or the line gives no time.
 * A turnaround line names its arrival first (`direction` picks the other one).
 */
export function slotKeyOfLine(line: ScrDataLine, season: string, direction: "arrival" | "departure" = "arrival"): SlotKey | null {
  const date = scrDateToIso(line.from, season);
  if (date === null) return null;
  const arrival = direction === "arrival" ? line.arrival : null;
  const departure = direction === "departure" || !line.arrival ? line.departure : null;
  const leg = arrival ?? departure;
  // A line without a time (a refusal that left it out) names no held slot.
  if (!leg || leg.time === null) return null;
  const time = `${leg.time.slice(0, 2)}:${leg.time.slice(2, 4)}`;
  return { flightNumber: leg.flight, isArrival: arrival !== null, date, time };
}

/**
 * The held (not cancelled) slot of each key in the season, in the keys' order: its id, or null
 * when none matches. One query for all the keys.
 */
export async function findHeldSlots(
  db: Database,
  season: string,
  keys: readonly (SlotKey | null)[],
  airport = DEFAULT_AIRPORT,
): Promise<(number | null)[]> {
  const wanted = keys.flatMap((key, index) => (key ? [{ ...key, index }] : []));
  if (wanted.length === 0) return keys.map(() => null);
  const columns = [
    ["position", "int"],
    ["flight_number", "text"],
    ["is_arrival", "boolean"],
    ["date", "date"],
    ["time", "text"],
  ] as const;
  const source = unnestRows(
    columns,
    wanted.map((key) => ({ position: key.index, flight_number: key.flightNumber, is_arrival: key.isArrival, date: key.date, time: key.time })),
  );
  const rows = await queryRows<{ position: number; id: number }>(
    db,
    sql`select distinct on (x.position) x.position, s.id
        from ${source}
        join slots s on s.airport = ${airport} and s.season = ${season} and s.flight_number = x.flight_number and s.is_arrival = x.is_arrival
                    and s.date = x.date and s.time = x.time and s.status <> 'CAN'
        order by x.position, s.id`,
  );
  const found = new Map(rows.map((row) => [Number(row.position), Number(row.id)]));
  return keys.map((_, index) => found.get(index) ?? null);
}

/** Whether the season holds any slot. */
export async function seasonHasSlots(db: Database, season: string, airport = DEFAULT_AIRPORT): Promise<boolean> {
  const [taken] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists(select 1 from slots where airport = ${airport} and season = ${season}) as found`,
  );
  return taken?.found === true;
}
