/**
 * The airports whose slots the team holds (issue 37): the one place the register, the readers and
 * the coordinator's messages learn an airport's zone and coordinator.
 */
import { and, asc, eq } from "drizzle-orm";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { airports } from "../db/schema";
import { versionStamp } from "../http/versionStamp";

/** The airport an install holds from the start, and the one a request acts on when none is named. */
export const DEFAULT_AIRPORT = "MEX";

export interface HeldAirport {
  code: string;
  name: string;
  /** IANA zone: the airport's local time. */
  timeZone: string;
  level: 2 | 3 | null;
  coordinatorEmail: string | null;
  coordinatorSita: string | null;
}

const columns = {
  code: airports.code,
  name: airports.name,
  timeZone: airports.timeZone,
  level: airports.coordinationLevel,
  coordinatorEmail: airports.coordinatorEmail,
  coordinatorSita: airports.coordinatorSita,
};

function held(row: { code: string; name: string; timeZone: string; level: number | null; coordinatorEmail: string | null; coordinatorSita: string | null }): HeldAirport {
  const level = row.level === 2 || row.level === 3 ? row.level : null;
  const email = row.coordinatorEmail?.trim() ?? "";
  return { ...row, level, coordinatorEmail: email === "" ? null : email };
}

/** The active airports, ordered by code. */
export async function heldAirports(db: Database): Promise<HeldAirport[]> {
  const rows = await db.select(columns).from(airports).where(eq(airports.active, true)).orderBy(asc(airports.code));
  return rows.map(held);
}

/** One active airport, or null when it is unknown or not active. */
export async function heldAirport(db: Database, code: string): Promise<HeldAirport | null> {
  const [row] = await db
    .select(columns)
    .from(airports)
    .where(and(eq(airports.code, code), eq(airports.active, true)));
  return row === undefined ? null : held(row);
}

/**
 * Sets an airport's coordinator e-mail (the top bar's 'Correo del coordinador', which names the
 * default airport's since issue 37), in the caller's transaction; the same address keeps the version.
 */
export async function setCoordinatorEmail(db: Database, code: string, email: string | null, user: AuthenticatedUser, now: Date): Promise<void> {
  const [row] = await db.select({ email: airports.coordinatorEmail }).from(airports).where(eq(airports.code, code)).for("update");
  if (row === undefined || (row.email ?? null) === email) return;
  await db
    .update(airports)
    .set({ coordinatorEmail: email, ...versionStamp(airports.version, user, now) })
    .where(eq(airports.code, code));
}
