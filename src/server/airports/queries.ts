/** The airports table's SQL: the list every screen reads. */
import { asc } from "drizzle-orm";
import type { Database } from "../db/client";
import { airports } from "../db/schema";

export function listAirportRows(db: Database) {
  return db
    .select({ id: airports.id, code: airports.code, name: airports.name, city: airports.city, country: airports.country })
    .from(airports)
    .orderBy(asc(airports.code));
}
