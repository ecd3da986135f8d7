/**
 * A season's logbook references: the next free one and whether one is taken. Used by every
 * writer of the logbook (drafts' send, offers' answers, uploaded requests, reference files).
 */
import { and, eq, max } from "drizzle-orm";
import type { Database } from "../db/client";
import { logbookRequests } from "../db/schema";

/** One above the highest reference of the season, or 1 for a season without requests. */
export async function nextReference(db: Database, seasonId: number): Promise<number> {
  const [row] = await db
    .select({ highest: max(logbookRequests.reference) })
    .from(logbookRequests)
    .where(eq(logbookRequests.seasonId, seasonId));
  return (row?.highest ?? 0) + 1;
}

export async function isReferenceTaken(db: Database, seasonId: number, reference: number): Promise<boolean> {
  const [row] = await db
    .select({ id: logbookRequests.id })
    .from(logbookRequests)
    .where(and(eq(logbookRequests.seasonId, seasonId), eq(logbookRequests.reference, reference)));
  return row !== undefined;
}
