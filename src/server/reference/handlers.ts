/** Seasons and airports: reference data every screen reads. */
import { and, asc, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { todayInZone } from "../../domain/seasons";
import type { Handler } from "../contract/routes";
import { airports, seasons } from "../db/schema";

export const listSeasons: Handler<"listSeasons"> = async ({ query, services }) => {
  const conditions: SQL[] = [];
  const holding = (date: string) => [lte(seasons.startDate, date), gte(seasons.endDate, date)];
  if (query.current === true) conditions.push(...holding(todayInZone(services.now())));
  if (query.for_date !== undefined) conditions.push(...holding(query.for_date));
  if (query.id !== undefined) conditions.push(eq(seasons.id, query.id));
  if (query.name !== undefined) conditions.push(eq(seasons.name, query.name));
  const rows = await services.db
    .select({ id: seasons.id, name: seasons.name, start_date: seasons.startDate, end_date: seasons.endDate })
    .from(seasons)
    .where(and(...conditions))
    .orderBy(desc(seasons.startDate));
  return { status: 200, body: rows };
};

export const listAirports: Handler<"listAirports"> = async ({ services }) => {
  const rows = await services.db.select().from(airports).orderBy(asc(airports.code));
  return { status: 200, body: rows };
};
