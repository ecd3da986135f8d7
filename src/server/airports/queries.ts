/** The airports table's SQL: the list every screen reads. */
import { asc } from "drizzle-orm";
import type { Database } from "../db/client";
import { airports } from "../db/schema";

export function listAirportRows(db: Database) {
  return db.select().from(airports).orderBy(asc(airports.code));
}
