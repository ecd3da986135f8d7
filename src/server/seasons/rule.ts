/** A season's rule as the rooms that count usage read it (issue 27 item 1). */
import { and, eq } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";

import type { SeasonRule } from "../../domain/monitoring/rule";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { HttpError } from "../http/errors";

export async function seasonRule(db: Database, seasonName: string, airport = DEFAULT_AIRPORT): Promise<SeasonRule> {
  const [row] = await db
    .select({ threshold: seasons.usageThreshold, tolerance: seasons.toleranceMinutes, outsideCountsAsUsed: seasons.outsideCountsAsUsed })
    .from(seasons)
    .where(and(eq(seasons.airport, airport), eq(seasons.name, seasonName)));
  if (!row) throw new HttpError(404, `No existe la temporada ${seasonName}.`);
  return row;
}
