/**
 * Which airport a request acts on, and whether its caller may (issue 37): roles say what a person
 * may do, an Admin's airport restriction says where. Every operation on the register goes through
 * here, as every operation goes through the role check.
 */
import { eq, sql } from "drizzle-orm";
import type { AuthenticatedUser } from "../auth/sessions";
import { users } from "../db/schema";
import { intArray, queryRows } from "../db/sql";
import { HttpError } from "../http/errors";
import type { Services } from "../services";
import { DEFAULT_AIRPORT, heldAirport, type HeldAirport, heldAirports } from "./held";

interface CallerAirports {
  /** null: every airport. */
  allowed: string[] | null;
  defaultAirport: string | null;
}

async function callerAirports(services: Services, user: AuthenticatedUser | null): Promise<CallerAirports> {
  if (user === null) return { allowed: null, defaultAirport: null };
  const [row] = await services.db
    .select({ allowed: users.airports, defaultAirport: users.defaultAirport })
    .from(users)
    .where(eq(users.id, user.id));
  return { allowed: row?.allowed ?? null, defaultAirport: row?.defaultAirport ?? null };
}

function refuse(code: string): never {
  throw new HttpError(403, `No tienes acceso al aeropuerto ${code}.`);
}

/** Throws 403 unless the caller may see and change `code`'s register. */
export async function assertAirportAccess(services: Services, user: AuthenticatedUser | null, code: string): Promise<void> {
  const { allowed } = await callerAirports(services, user);
  if (allowed !== null && !allowed.includes(code)) refuse(code);
}

/**
 * The airport a request acts on: `code` when the request names one, else the caller's default
 * airport, else MEX (so clients written before issue 37 keep working). Refuses an airport the team
 * does not hold (400) and one the caller is restricted from (403).
 */
export async function resolveAirport(services: Services, user: AuthenticatedUser | null, code: string | undefined): Promise<HeldAirport> {
  const caller = await callerAirports(services, user);
  const chosen = code ?? caller.defaultAirport ?? caller.allowed?.[0] ?? DEFAULT_AIRPORT;
  if (caller.allowed !== null && !caller.allowed.includes(chosen)) refuse(chosen);
  const airport = await heldAirport(services.db, chosen);
  if (airport === null) throw new HttpError(400, `El aeropuerto ${chosen} no está en la lista de aeropuertos activos.`);
  return airport;
}

/**
 * The active airports the caller may change: all of them, or those within an Admin's restriction.
 * A file brought by a station's team (a schedule with legs everywhere) writes only these.
 */
export async function callerHeldCodes(services: Services, user: AuthenticatedUser | null): Promise<string[]> {
  const { allowed } = await callerAirports(services, user);
  const held = (await heldAirports(services.db)).map((airport) => airport.code);
  return allowed === null ? held : held.filter((code) => allowed.includes(code));
}

/** Records named by id in a request: the turnover's rows and the match viewer's. */
export interface RecordIds {
  matchIds?: readonly number[];
  slotIds?: readonly number[];
  flightIds?: readonly number[];
  affectationIds?: readonly number[];
}

/**
 * Throws 403 unless the caller may see every airport the named records belong to: a read or a
 * change by id names no airport, so the record's own is checked (a user restricted to MEX never
 * reads a JFK match by guessing its id). Unknown ids are left to the operation (its 404).
 */
export async function assertRecordsAccess(services: Services, user: AuthenticatedUser | null, ids: RecordIds): Promise<void> {
  const { allowed } = await callerAirports(services, user);
  if (allowed === null) return;
  const { matchIds = [], slotIds = [], flightIds = [], affectationIds = [] } = ids;
  const rows = await queryRows<{ airport: string }>(
    services.db,
    sql`select airport from matches where id = any(${intArray(matchIds)})
        union select airport from slots where id = any(${intArray(slotIds)})
        union select airport from flights where id = any(${intArray(flightIds)})
        union select f.airport from affectations a join flights f on f.id = a.flight_id where a.id = any(${intArray(affectationIds)})
        order by 1`,
  );
  const refused = rows.find((row) => !allowed.includes(row.airport));
  if (refused) refuse(refused.airport);
}
