/**
 * The logbook's rows as its writers take them: a line locked with its part, request and season
 * (offers' answers, K/U changes), a new request, its parts and lines (drafts' send, offers'
 * answers, requests recorded by hand, Carga de referencias) and a reply's codes. The logbook
 * tables are the logbook's: other concepts write them only through these functions.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { logbookLines, logbookParts, logbookRequests, seasons } from "../db/schema";
import { unnestRows } from "../db/sql";
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

/** A new part of a request with the message as sent; its id. */
export async function insertLogbookPart(db: Database, part: { requestId: number; partNumber: number; requestText: string }): Promise<number> {
  const [row] = await db.insert(logbookParts).values(part).returning({ id: logbookParts.id });
  if (!row) throw new Error("logbook part insert returned no row");
  return row.id;
}

export type NewLogbookLine = typeof logbookLines.$inferInsert;

/** A part's data lines, in chunks that stay clear of the parameter limit. */
export async function insertLogbookLines(db: Database, lines: readonly NewLogbookLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 2000) await db.insert(logbookLines).values(lines.slice(i, i + 2000));
}

/** A reply's update of one line: its code, the coordinator's offers and (for altas) their new slot. */
export type LineUpdate = { id: number; response: string | null; offers: string[]; offersDeadline: string | null; slotId: number | null };

/** Writes the lines' reply codes, offers and (for altas) their new slot. */
export async function writeLineUpdates(tx: Database, updates: readonly LineUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const source = unnestRows(
    [
      ["id", "int"],
      ["response", "text"],
      ["offers", "text"],
      ["offers_deadline", "date"],
      ["slot_id", "int"],
    ],
    updates.map((update) => ({
      id: update.id,
      response: update.response,
      offers: JSON.stringify(update.offers),
      offers_deadline: update.offersDeadline,
      slot_id: update.slotId,
    })),
  );
  await tx.execute(sql`
    update logbook_lines l set response = x.response, offers = x.offers::jsonb, offers_deadline = x.offers_deadline,
      slot_id = coalesce(x.slot_id, l.slot_id)
    from ${source} where l.id = x.id`);
}

/** A part's reply text and its request's reply date. */
export async function storeReply(db: Database, partId: number, requestId: number, responseText: string, at: Date): Promise<void> {
  await db.update(logbookParts).set({ responseText }).where(eq(logbookParts.id, partId));
  await db.update(logbookRequests).set({ responseDate: at }).where(eq(logbookRequests.id, requestId));
}

/** A line's reply code (the Admin's K/U toggle) and the slot it now points to; the line as stored. */
export async function setLineResponse(db: Database, lineId: number, response: string, slotId: number | null) {
  const [row] = await db.update(logbookLines).set({ response, slotId }).where(eq(logbookLines.id, lineId)).returning();
  return row;
}

/** A request already sent and (maybe) answered, with its one part and lines: what a loaded register brings along. */
export type RecordedLogbookRequest = Pick<
  typeof logbookRequests.$inferInsert,
  "seasonId" | "reference" | "type" | "airport" | "requestDate" | "responseDate" | "responsibleName" | "si"
> & {
  requestText: string;
  responseText: string | null;
  lines: readonly Omit<NewLogbookLine, "partId" | "position">[];
};

/**
 * Requests of the past in bulk (the demo season's corrective SCRs): each with part 1 and its lines,
 * numbered from 1. The references must be free; the ids of the requests, in order.
 */
export async function insertRecordedRequests(db: Database, requests: readonly RecordedLogbookRequest[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < requests.length; i += 500) {
    const chunk = requests.slice(i, i + 500);
    const inserted = await db
      .insert(logbookRequests)
      .values(
        chunk.map((r) => ({
          seasonId: r.seasonId,
          reference: r.reference,
          type: r.type,
          airport: r.airport,
          requestDate: r.requestDate,
          responseDate: r.responseDate,
          responsibleName: r.responsibleName,
          si: r.si,
        })),
      )
      .returning({ id: logbookRequests.id, reference: logbookRequests.reference });
    const idByReference = new Map(inserted.map((row) => [row.reference, row.id]));
    const parts = await db
      .insert(logbookParts)
      .values(
        chunk.map((request) => {
          const requestId = idByReference.get(request.reference);
          if (requestId === undefined) throw new Error(`logbook request ${request.reference} was not inserted`);
          ids.push(requestId);
          return { requestId, partNumber: 1, requestText: request.requestText, responseText: request.responseText };
        }),
      )
      .returning({ id: logbookParts.id, requestId: logbookParts.requestId });
    const partByRequest = new Map(parts.map((part) => [part.requestId, part.id]));
    const lines: NewLogbookLine[] = [];
    for (const request of chunk) {
      const partId = partByRequest.get(idByReference.get(request.reference) ?? -1);
      if (partId === undefined) throw new Error(`logbook part of ${request.reference} was not inserted`);
      request.lines.forEach((line, position) => lines.push({ ...line, partId, position: position + 1 }));
    }
    await insertLogbookLines(db, lines);
  }
  return ids;
}

/** The airport of a logbook line's request (issue 37), or null when there is no such line. */
export async function lineAirport(db: Database, lineId: number): Promise<string | null> {
  const [row] = await db
    .select({ airport: logbookRequests.airport })
    .from(logbookLines)
    .innerJoin(logbookParts, eq(logbookParts.id, logbookLines.partId))
    .innerJoin(logbookRequests, eq(logbookRequests.id, logbookParts.requestId))
    .where(eq(logbookLines.id, lineId));
  return row?.airport ?? null;
}

/** The airport of a logbook part's request (issue 37), or null when there is no such part. */
export async function partAirport(db: Database, partId: number): Promise<string | null> {
  const [row] = await db
    .select({ airport: logbookRequests.airport })
    .from(logbookParts)
    .innerJoin(logbookRequests, eq(logbookRequests.id, logbookParts.requestId))
    .where(eq(logbookParts.id, partId));
  return row?.airport ?? null;
}

/** The airport of a logbook request (issue 37), or null when there is no such request. */
export async function requestAirport(db: Database, requestId: number): Promise<string | null> {
  const [row] = await db.select({ airport: logbookRequests.airport }).from(logbookRequests).where(eq(logbookRequests.id, requestId));
  return row?.airport ?? null;
}
