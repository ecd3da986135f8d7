/**
 * A season's logbook references: the next free one and whether one is taken. Used by every
 * writer of the logbook (drafts' send, offers' answers, uploaded requests, reference files).
 */
import { and, eq, max } from "drizzle-orm";
import type { Database } from "../db/client";
import { logbookRequests } from "../db/schema";
import { HttpError } from "../http/errors";
import { REFERENCE_IN_USE_MESSAGE } from "../requests/envelope";

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

/**
 * The 409 `REFERENCE IN USE` of a write that lost its reference to another, with the season's next
 * free one (`fieldMessage`: what the form shows under the reference).
 */
export async function referenceInUse(db: Database, seasonId: number, fieldMessage: (recommended: number) => string): Promise<HttpError> {
  const recommended = await nextReference(db, seasonId);
  return new HttpError(409, REFERENCE_IN_USE_MESSAGE, [{ field: "reference", message: fieldMessage(recommended) }], undefined, {
    code: "REFERENCE IN USE",
    recommended_reference: recommended,
  });
}
