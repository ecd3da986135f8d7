/**
 * Housekeeping of the turnover tables on the embedded database. PGlite runs no autovacuum: the
 * dead row versions that re-matching and the row cache leave behind (see rows.ts) are reclaimed,
 * and the planner's statistics refreshed, only when someone asks. PostgreSQL does it by itself.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./client";

export async function vacuumTurnover(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) matches, flights, slots, flight_delays, flight_delay_evaluations, affectations`);
}
