/** A season by id, for every concept that works within one (logbook, requests, offers). */
import { eq } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { HttpError } from "../http/errors";

type Season = components["schemas"]["Season"];

/** The season, or 404 naming the id. */
export async function findSeason(db: Database, id: number): Promise<Season> {
  const [season] = await db
    .select({ id: seasons.id, name: seasons.name, start_date: seasons.startDate, end_date: seasons.endDate })
    .from(seasons)
    .where(eq(seasons.id, id));
  if (!season) throw new HttpError(404, `No existe la temporada ${id}.`);
  return season;
}
