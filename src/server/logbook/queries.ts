/** The logbook's reads and its requests' notes and deletion (records.ts: the rows other concepts write through). */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { logbookLines, logbookParts, logbookRequests, seasons } from "../db/schema";
import { queryRows } from "../db/sql";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { findSeason } from "../seasons/find";
import { filesOfParts } from "./files";
import { lockRequestVersion } from "./records";
import { lineBody, logbookType } from "./rows";

type LogbookRow = components["schemas"]["LogbookRow"];
type LogbookType = components["schemas"]["LogbookType"];
type LogbookPart = components["schemas"]["LogbookPart"];

/** Up to three slots in process (WIP) whose line of the request still waits for the coordinator. */
export function linesWaitingInProcess(db: Database, requestId: number) {
  return queryRows<{ flight_number: string; date: string; time: string }>(
    db,
    sql`select s.flight_number, s.date, s.time
        from logbook_lines l join logbook_parts p on p.id = l.part_id join slots s on s.id = l.slot_id
        where p.request_id = ${requestId} and l.response is null and s.status = 'WIP'
        order by s.date, s.time limit 3`,
  );
}

/** How the audit log names a request's type. */
const LOGBOOK_TYPE_NAMES: Record<LogbookType, string> = { 1: "Inicio de temporada", 2: "Alta", 3: "Cancelación", 4: "Modificación" };

/**
 * A season's logbook, one row per reference, newest first; 404 without the season. `airport`
 * keeps that airport's rows only (issue 37: none when the season is another airport's).
 */
export async function logbookRows(db: Database, seasonId: number, airport?: string): Promise<LogbookRow[]> {
  await findSeason(db, seasonId);
  const requests = await db
    .select()
    .from(logbookRequests)
    .where(and(eq(logbookRequests.seasonId, seasonId), airport === undefined ? undefined : eq(logbookRequests.airport, airport)))
    .orderBy(desc(logbookRequests.reference));
  const parts =
    requests.length === 0
      ? []
      : await db
          .select({ id: logbookParts.id, requestId: logbookParts.requestId })
          .from(logbookParts)
          .where(
            inArray(
              logbookParts.requestId,
              requests.map((r) => r.id),
            ),
          )
          .orderBy(asc(logbookParts.partNumber));
  const files = await filesOfParts(db, parts.map((part) => part.id));
  return requests.map((request): LogbookRow => {
    const own = parts.filter((part) => part.requestId === request.id);
    return {
      id: request.id,
      reference: request.reference,
      airport: request.airport,
      type: logbookType(request.type),
      parts: own.map((part) => part.id),
      request_date: request.requestDate.toISOString(),
      response_date: request.responseDate?.toISOString() ?? null,
      commentary: request.commentary,
      tracing: request.tracing,
      responsible: request.responsibleName,
      delay_code: request.delayCode,
      // A reference has a file when any of its parts has it (each part's files are in the viewer).
      is_request_text: own.some((part) => files.get(part.id)?.is_request_text === true),
      is_response_text: own.some((part) => files.get(part.id)?.is_response_text === true),
      is_request_pdf: own.some((part) => files.get(part.id)?.is_request_pdf === true),
      is_response_pdf: own.some((part) => files.get(part.id)?.is_response_pdf === true),
      version: request.version,
    };
  });
}

/** One part with its request, lines and files; 404 without it. */
export async function logbookPart(db: Database, id: number): Promise<LogbookPart> {
  const params = { id };
  const [row] = await db
    .select({ part: logbookParts, request: logbookRequests })
    .from(logbookParts)
    .innerJoin(logbookRequests, eq(logbookRequests.id, logbookParts.requestId))
    .where(eq(logbookParts.id, params.id));
  if (!row) throw new HttpError(404, `No existe la parte ${params.id} de la bitácora.`);
  const { part, request } = row;
  const [season, lines, files] = await Promise.all([
    findSeason(db, request.seasonId),
    db.select().from(logbookLines).where(eq(logbookLines.partId, part.id)).orderBy(asc(logbookLines.position)),
    filesOfParts(db, [part.id]),
  ]);
  return {
      id: part.id,
      request_id: request.id,
      season,
      reference: request.reference,
      part: part.partNumber,
      airport: request.airport,
      type: logbookType(request.type),
      request_date: request.requestDate.toISOString(),
      response_date: request.responseDate?.toISOString() ?? null,
      responsible: request.responsibleName,
      commentary: request.commentary,
      tracing: request.tracing,
      si: request.si,
      gi: request.gi,
      request_text: part.requestText,
      response_text: part.responseText,
      is_request_text: part.requestText !== null,
      is_response_text: part.responseText !== null,
      is_request_pdf: files.get(part.id)?.is_request_pdf === true,
      is_response_pdf: files.get(part.id)?.is_response_pdf === true,
      lines: lines.map(lineBody),
      version: request.version,
  };
}

/** What a stale write's 409 calls a request: "Ana Pérez cambió esta solicitud a las 10:42". */
export const THIS_REQUEST = "esta solicitud";

/** Commentary or tracing, one per call (seed 002 §5: saved on blur when changed). */
export function updateNotes(
  db: Database,
  user: AuthenticatedUser,
  id: number,
  changes: { commentary: string } | { tracing: string },
  expected: number | null,
  now: Date,
) {
  const params = { id };
  return db.transaction(async (tx) => {
    const current = await lockRequestVersion(tx, params.id);
    if (!current) throw new HttpError(404, `No existe la solicitud ${params.id} de la bitácora.`);
    checkVersion(expected, current, THIS_REQUEST);
    const [updated] = await tx
      .update(logbookRequests)
      .set({ ...changes, version: sql`${logbookRequests.version} + 1`, updatedBy: authorName(user), updatedAt: now })
      .where(eq(logbookRequests.id, params.id))
      .returning({
        id: logbookRequests.id,
        commentary: logbookRequests.commentary,
        tracing: logbookRequests.tracing,
        version: logbookRequests.version,
      });
    if (!updated) throw new Error(`logbook request ${params.id} vanished`);
    return updated;
  });
}

/**
 * Deletes a reference: its parts, lines (and with them their files) go by cascade. Refused while
 * a line still waits for the coordinator on a slot in process (WIP): the slot would stay in
 * process with no request behind it.
 */
export async function deleteRequest(db: Database, user: AuthenticatedUser, id: number, expected: number | null, now: Date): Promise<void> {
  const params = { id };
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: logbookRequests.id, reference: logbookRequests.reference, type: logbookRequests.type, season: seasons.name })
      .from(logbookRequests)
      .innerJoin(seasons, eq(seasons.id, logbookRequests.seasonId))
      .where(eq(logbookRequests.id, params.id))
      .for("update");
    if (!request) throw new HttpError(404, `No existe la solicitud ${params.id} de la bitácora.`);
    const current = await lockRequestVersion(tx, request.id);
    if (current) checkVersion(expected, current, THIS_REQUEST);
    const waiting = await linesWaitingInProcess(tx, request.id);
    if (waiting.length > 0) {
      const named = waiting.map((slot) => `${slot.flight_number} ${slot.date} ${slot.time}`).join(", ");
      throw new HttpError(
        409,
        `La referencia ${request.reference} tiene slots en proceso esperando la respuesta del coordinador (${named}); ` +
          "no se puede eliminar hasta cargar su respuesta.",
      );
    }
    await tx.delete(logbookRequests).where(eq(logbookRequests.id, request.id));
    await recordAudit(tx, user, now, {
      action: "request.delete",
      targetType: "request",
      targetId: request.id,
      targetLabel: `${request.season} REF ${request.reference}`,
      details: { season: request.season, reference: request.reference, type: LOGBOOK_TYPE_NAMES[logbookType(request.type)] },
    });
  });
}

