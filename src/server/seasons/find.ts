/** A season by id or name, for every concept that works within one (logbook, requests, offers, uploads). */
import { eq, sql } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import { assertAirportAccess } from "../airports/access";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { queryRows } from "../db/sql";
import { HttpError } from "../http/errors";
import type { Services } from "../services";

type Season = components["schemas"]["Season"];

/** The season, or 404 naming the id. */
export async function findSeason(db: Database, id: number): Promise<Season> {
  const [season] = await db
    .select({ id: seasons.id, name: seasons.name, start_date: seasons.startDate, end_date: seasons.endDate, version: seasons.version })
    .from(seasons)
    .where(eq(seasons.id, id));
  if (!season) throw new HttpError(404, `No existe la temporada ${id}.`);
  return season;
}

/** The airport a season belongs to (issue 37), or 404 naming the id. */
export async function seasonAirport(db: Database, id: number): Promise<string> {
  const [row] = await db.select({ airport: seasons.airport }).from(seasons).where(eq(seasons.id, id));
  if (!row) throw new HttpError(404, `No existe la temporada ${id}.`);
  return row.airport;
}

/**
 * A season named by id, as a request's caller may read it (issue 37): a season is its airport's,
 * so the caller's access is checked against that airport (403), never against what the request
 * says. `named`: the airport the request names too, refused (400) when it is another one. `read`
 * gives the season in the shape the reader needs (404 naming the id without it).
 */
export async function seasonForCaller<S>(
  services: Services,
  user: AuthenticatedUser | null,
  id: number,
  read: (db: Database, id: number) => Promise<S>,
  named?: string,
): Promise<{ season: S; airport: string }> {
  const airport = await seasonAirport(services.db, id);
  await assertAirportAccess(services, user, airport);
  if (named !== undefined && named !== airport) {
    const message = `La temporada ${id} es del aeropuerto ${airport}, no de ${named}.`;
    throw new HttpError(400, message, [{ field: "season_id", message }]);
  }
  return { season: await read(services.db, id), airport };
}

/** The season named, its row locked for the rest of the transaction (two uploads of it wait for each other). */
export async function lockSeasonByName(db: Database, name: string, airport = "MEX") {
  const [season] = await queryRows<{ id: number; name: string; start_date: string; end_date: string; version: number }>(
    db,
    sql`select id, name, start_date::text as start_date, end_date::text as end_date, version
        from seasons where airport = ${airport} and name = ${name} for update`,
  );
  return season;
}
