/**
 * The airline Slotdesk works for: the `airline` setting (issue 22 item 4). Its IATA code names the
 * flights the team types (draft lines, altas); its ICAO code names request and logbook files. Every
 * designator it has (IATA, ICAO and the others it operates under: a code it wet-leases, a second
 * AOC) is the airline's: what carries any of them is kept and accepted, never refused as another
 * airline's. Pure: the server reads the setting, the browser its query hook, and they pass it here.
 */
import type { components } from "../../generated/openapi";

export type Airline = components["schemas"]["AirlineValue"];

/** The demo's airline and the setting's default: VB / VIV. */
export const DEFAULT_AIRLINE: Airline = { iata: "VB", icao: "VIV", other_designators: [] };

/** Every designator of the airline, upper case and once each: IATA, ICAO, then the others in order. */
export function airlineDesignators(airline: Airline): string[] {
  return [...new Set([airline.iata, airline.icao, ...airline.other_designators].map((d) => d.trim().toUpperCase()).filter((d) => d !== ""))];
}

/**
 * The airline's designator that `flight` starts with, followed by a digit (`VB1234` → `VB`,
 * `VIV012` → `VIV`); the longest when several fit. Null when the flight is not the airline's.
 */
export function airlineDesignatorOf(flight: string, airline: Airline): string | null {
  const up = flight.trim().toUpperCase();
  const fits = airlineDesignators(airline)
    .filter((d) => up.startsWith(d) && /[0-9]/.test(up.charAt(d.length)))
    .sort((a, b) => b.length - a.length);
  return fits[0] ?? null;
}

/**
 * The flight an alta's form gives (seed 000 §3: the number without airline code): the number
 * prefixed with the IATA code, or as typed when it already starts with one of the airline's
 * designators. Upper case, trimmed.
 */
export function airlineFlightName(typed: string, airline: Airline): string {
  const up = typed.trim().toUpperCase();
  return airlineDesignatorOf(up, airline) === null ? `${airline.iata.toUpperCase()}${up}` : up;
}

/** The stored setting's value, or the default when it is missing or not of the setting's shape. */
export function airlineOf(value: unknown): Airline {
  if (typeof value !== "object" || value === null) return DEFAULT_AIRLINE;
  const iata = "iata" in value ? value.iata : null;
  const icao = "icao" in value ? value.icao : null;
  const others = "other_designators" in value ? value.other_designators : [];
  if (typeof iata !== "string" || typeof icao !== "string" || !Array.isArray(others)) return DEFAULT_AIRLINE;
  return { iata, icao, other_designators: others.filter((d): d is string => typeof d === "string") };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A request or logbook file's name, without extension (seed 002 §9, the ICAO code in place of
 * the seed's 'VIV'): `{ICAO}{season}{reference:03}[-{part}]`, e.g. `VIVW26003-2`.
 */
export function airlineFileBaseName(airline: Airline, season: string, reference: number, part: number): string {
  return `${airline.icao.toUpperCase()}${season}${String(reference).padStart(3, "0")}${part > 1 ? `-${part}` : ""}`;
}

/**
 * The pattern of such a name: the prefix is any of the airline's designators (its ICAO code as
 * Slotdesk writes it, or its IATA code or another of its designators where a person named the
 * file), case-insensitive; `shape` gives the reference's and part's digits and what follows
 * (the extension). Groups: season, reference, part.
 */
export function airlineFileNamePattern(airline: Airline, shape: { reference: string; part: string; tail: string }): RegExp {
  const prefixes = airlineDesignators(airline)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|");
  return new RegExp(`^(?:${prefixes})([SW]\\d{2})(${shape.reference})(?:-(${shape.part}))?${shape.tail}$`, "i");
}
