/** A season by id or name, for every concept that works within one (logbook, requests, offers, uploads). */
import { eq, sql } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { queryRows } from "../db/sql";
import { HttpError } from "../http/errors";

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

/** The season named, its row locked for the rest of the transaction (two uploads of it wait for each other). */
export async function lockSeasonByName(db: Database, name: string, airport = "MEX") {
  const [season] = await queryRows<{ id: number; name: string; start_date: string; end_date: string; version: number }>(
    db,
    sql`select id, name, start_date::text as start_date, end_date::text as end_date, version
        from seasons where airport = ${airport} and name = ${name} for update`,
  );
  return season;
}
