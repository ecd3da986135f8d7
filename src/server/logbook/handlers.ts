/**
 * The logbook of requests and their references (seed 002 §3, §7): the rows of a season, one per
 * reference; one part with its lines and the message as e-mailed; a request's commentary and
 * tracing; the next free reference and whether one is free. References are unique per season (the table's unique index decides).
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Handler } from "../contract/routes";
import { logbookLines, logbookParts, logbookRequests, seasons } from "../db/schema";
import { recordAudit } from "../audit/record";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion, expectedVersion } from "../http/versions";
import { findSeason } from "../seasons/find";
import { filesOfParts } from "./files";
import { linesWaitingInProcess } from "./queries";
import { lockRequestVersion } from "./records";
import { lineBody, logbookType } from "./rows";
import { isReferenceTaken, nextReference } from "./references";

type LogbookRow = components["schemas"]["LogbookRow"];
type LogbookType = components["schemas"]["LogbookType"];

/** How the audit log names a request's type. */
const LOGBOOK_TYPE_NAMES: Record<LogbookType, string> = { 1: "Inicio de temporada", 2: "Alta", 3: "Cancelación", 4: "Modificación" };

export const listLogbook: Handler<"listLogbook"> = async ({ query, services }) => {
  const db = services.db;
  await findSeason(db, query.season_id);
  const requests = await db
    .select()
    .from(logbookRequests)
    .where(eq(logbookRequests.seasonId, query.season_id))
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
  const body = requests.map((request): LogbookRow => {
    const own = parts.filter((part) => part.requestId === request.id);
    return {
      id: request.id,
      reference: request.reference,
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
  return { status: 200, body };
};

export const getLogbookPart: Handler<"getLogbookPart"> = async ({ params, services }) => {
  const db = services.db;
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
    status: 200,
    body: {
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
    },
  };
};

/** What a stale write's 409 calls a request: "Ana Pérez cambió esta solicitud a las 10:42". */
export const THIS_REQUEST = "esta solicitud";

/** Commentary or tracing, one per call, trimmed (seed 002 §5: saved on blur when changed). */
export const updateLogbookNotes: Handler<"updateLogbookNotes"> = async ({ params, body, user, request, services }) => {
  if ((body.commentary === undefined) === (body.tracing === undefined)) {
    throw new HttpError(400, "Envíe el comentario o el seguimiento, uno por vez.");
  }
  const expected = expectedVersion(request, body.version);
  const changes =
    body.commentary !== undefined ? { commentary: body.commentary.trim() } : { tracing: (body.tracing ?? "").trim() };
  const row = await services.db.transaction(async (tx) => {
    const current = await lockRequestVersion(tx, params.id);
    if (!current) throw new HttpError(404, `No existe la solicitud ${params.id} de la bitácora.`);
    checkVersion(expected, current, THIS_REQUEST);
    const [updated] = await tx
      .update(logbookRequests)
      .set({ ...changes, version: sql`${logbookRequests.version} + 1`, updatedBy: authorName(user), updatedAt: services.now() })
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
  return { status: 200, body: row };
};

/**
 * Deletes a reference: its parts, lines (and with them their files) go by cascade. Refused while
 * a line still waits for the coordinator on a slot in process (WIP): the slot would stay in
 * process with no request behind it.
 */
export const deleteLogbookRequest: Handler<"deleteLogbookRequest"> = async ({ params, user, request: http, services }) => {
  const expected = expectedVersion(http);
  await services.db.transaction(async (tx) => {
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
    await recordAudit(tx, user, services.now(), {
      action: "request.delete",
      targetType: "request",
      targetId: request.id,
      targetLabel: `${request.season} REF ${request.reference}`,
      details: { season: request.season, reference: request.reference, type: LOGBOOK_TYPE_NAMES[logbookType(request.type)] },
    });
  });
  return { status: 204 };
};

export const nextAvailableReference: Handler<"nextAvailableReference"> = async ({ query, services }) => {
  await findSeason(services.db, query.season);
  return { status: 200, body: { next_reference: await nextReference(services.db, query.season) } };
};

export const checkReferenceAvailability: Handler<"checkReferenceAvailability"> = async ({ query, services }) => {
  await findSeason(services.db, query.season);
  const [taken, recommended] = await Promise.all([
    isReferenceTaken(services.db, query.season, query.reference),
    nextReference(services.db, query.season),
  ]);
  return { status: 200, body: { is_available: !taken, recommended_reference: recommended } };
};
