/**
 * The logbook's rows as its writers take them: a line locked with its part, request and season
 * (offers' answers, K/U changes) and a new request row (drafts' send, offers' answers, requests
 * recorded by hand).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { logbookLines, logbookParts, logbookRequests, seasons } from "../db/schema";
import type { CurrentVersion } from "../http/versions";

/** The line `lineId` locked for update, with its part, request and season; undefined when there is none. */
export async function lockLogbookLine(db: Database, lineId: number) {
  const [row] = await db
    .select({ line: logbookLines, part: logbookParts, request: logbookRequests, season: seasons })
    .from(logbookLines)
    .innerJoin(logbookParts, eq(logbookParts.id, logbookLines.partId))
    .innerJoin(logbookRequests, eq(logbookRequests.id, logbookParts.requestId))
    .innerJoin(seasons, eq(seasons.id, logbookRequests.seasonId))
    .where(eq(logbookLines.id, lineId))
    .for("update", { of: logbookLines });
  return row;
}

/** Who answers for a request: the logbook keeps their id and their name (else their e-mail). */
type Responsible = { id: number; name: string; lastName: string; email: string };

export type NewLogbookRequest = Pick<
  typeof logbookRequests.$inferInsert,
  "seasonId" | "reference" | "type" | "airport" | "requestDate" | "si" | "gi" | "delayCode"
> & { responsible: Responsible };

/**
 * Inserts a request and returns its id, or null when its season's reference is taken: the unique
 * (season, reference) index decides between simultaneous writers, the later one inserting nothing.
 */
export async function insertLogbookRequest(db: Database, { responsible, ...request }: NewLogbookRequest): Promise<number | null> {
  const [row] = await db
    .insert(logbookRequests)
    .values({
      ...request,
      responsibleId: responsible.id,
      responsibleName: `${responsible.name} ${responsible.lastName}`.trim() || responsible.email,
    })
    .onConflictDoNothing({ target: [logbookRequests.seasonId, logbookRequests.reference] })
    .returning({ id: logbookRequests.id });
  return row?.id ?? null;
}

/** The request's version and who/when made it, locked for the rest of the transaction; undefined when there is none. */
export async function lockRequestVersion(db: Database, requestId: number): Promise<CurrentVersion | undefined> {
  const [row] = await db
    .select({
      version: logbookRequests.version,
      changedBy: logbookRequests.updatedBy,
      changedAt: sql<Date>`coalesce(${logbookRequests.updatedAt}, ${logbookRequests.createdAt})`.mapWith(logbookRequests.createdAt),
    })
    .from(logbookRequests)
    .where(eq(logbookRequests.id, requestId))
    .for("update");
  return row;
}

/** One more version of the request, made by `author` (a full name) at `at`; the new version. */
export async function bumpRequestVersion(db: Database, requestId: number, author: string, at: Date): Promise<number> {
  const [row] = await db
    .update(logbookRequests)
    .set({ version: sql`${logbookRequests.version} + 1`, updatedBy: author, updatedAt: at })
    .where(eq(logbookRequests.id, requestId))
    .returning({ version: logbookRequests.version });
  if (!row) throw new Error(`logbook request ${requestId} vanished`);
  return row.version;
}
