/**
 * The coordinator's offers (issue 12 item 6; SSIM Ch. 6 action `O`): the lines of a season with
 * offers not answered yet, and the answer — A accept, P accept and keep the request pending, Z
 * decline — built as an SCR and sent like a request from the drafts: recorded in the logbook under
 * the next reference and e-mailed to the coordinator, in one transaction with the line's answer.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { buildScr, greeting, isoToScrDate, offerAnswerLines, OfferAnswerError, parseScr } from "../../domain/scr";
import { todayInZone } from "../../domain/seasons";
import type { components, operations } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import type { Services } from "../services";
import { logbookLines, logbookParts, logbookRequests } from "../db/schema";
import { HttpError } from "../http/errors";
import { coordinatorAddress, REQUEST_AIRPORT, scrCreator, subjectOf } from "../requests/envelope";
import { findSeason } from "../seasons/find";
import { insertLogbookLines, insertLogbookPart, insertLogbookRequest, lockLogbookLine } from "./records";
import { nextReference } from "./references";
import { lineBody, logbookType, offerAction } from "./rows";

type LogbookOffer = components["schemas"]["LogbookOffer"];
type OfferAction = components["schemas"]["LogbookOfferAction"];
type OfferAnswerBody = operations["answerLogbookOffer"]["requestBody"]["content"]["application/json"];

/** A season's lines with offers nobody answered yet, soonest deadline first; 404 without the season. */
export async function openOffers(db: Database, seasonId: number): Promise<LogbookOffer[]> {
  const query = { season_id: seasonId };
  await findSeason(db, query.season_id);
  const rows = await db
    .select({ line: logbookLines, part: logbookParts.partNumber, partId: logbookParts.id, request: logbookRequests })
    .from(logbookLines)
    .innerJoin(logbookParts, eq(logbookParts.id, logbookLines.partId))
    .innerJoin(logbookRequests, eq(logbookRequests.id, logbookParts.requestId))
    .where(
      and(
        eq(logbookRequests.seasonId, query.season_id),
        isNull(logbookLines.offerAnswer),
        sql`jsonb_array_length(${logbookLines.offers}) > 0`,
      ),
    )
    .orderBy(sql`${logbookLines.offersDeadline} asc nulls last`, asc(logbookRequests.reference), asc(logbookParts.partNumber), asc(logbookLines.position));
  return rows.map(
    ({ line, part, partId, request }): LogbookOffer => ({
      line_id: line.id,
      part_id: partId,
      request_id: request.id,
      reference: request.reference,
      part,
      type: logbookType(request.type),
      actual: line.actual,
      request: line.request,
      response: line.response,
      offers: line.offers,
      offers_deadline: line.offersDeadline,
    }),
  );
}

const ANSWER_NAME: Record<OfferAction, string> = { A: "Aceptada", P: "Aceptada, solicitud pendiente", Z: "Rechazada" };

/** Thrown inside the transaction when the next reference was taken meanwhile. */
class ReferenceTaken extends Error {}

/** Answers an offer: the answer's SCR recorded under the next reference and e-mailed, in one transaction. */
export async function answerOffer(services: Services, user: AuthenticatedUser, lineId: number, body: OfferAnswerBody) {
  const params = { id: lineId };
  const coordinator = await coordinatorAddress(services);
  const now = services.now();
  try {
    const result = await services.db.transaction(async (tx) => {
      const row = await lockLogbookLine(tx, params.id);
      if (!row) throw new HttpError(404, `No existe la línea ${params.id} de la bitácora.`);
      const { line, request, season } = row;
      const answered = offerAction(line.offerAnswer);
      if (answered) {
        throw new HttpError(409, `La oferta de esta línea ya fue respondida (${answered}: ${ANSWER_NAME[answered]}).`);
      }
      let answerLines: string[];
      try {
        answerLines = offerAnswerLines(line.offers, body.answer, season.name, body.offer);
      } catch (error) {
        if (error instanceof OfferAnswerError) throw new HttpError(400, error.message, [{ field: "offer", message: error.message }]);
        throw error;
      }
      const parsed = parseScr(`SCR\n${season.name}\n01JAN\n${REQUEST_AIRPORT}\n${answerLines.join("\n")}`).lines;
      const si = [`ANSWER TO OFFER REF ${request.reference}${row.part.partNumber > 1 ? `-${row.part.partNumber}` : ""}`];
      const gi = [greeting(user.name, user.lastName)];
      const text = buildScr({
        header: {
          smi: "SCR",
          creator: scrCreator(services.config),
          season: season.name,
          date: isoToScrDate(todayInZone(now)),
          airport: REQUEST_AIRPORT,
          reyt: null,
        },
        lines: parsed,
        si,
        gi,
      });
      const reference = await nextReference(tx, season.id);
      const answerRequestId = await insertLogbookRequest(tx, {
        seasonId: season.id,
        reference,
        type: request.type,
        airport: REQUEST_AIRPORT,
        responsible: user,
        requestDate: now,
        si: si.join("\n"),
        gi: gi.join("\n"),
      });
      if (answerRequestId === null) throw new ReferenceTaken();
      const part = { id: await insertLogbookPart(tx, { requestId: answerRequestId, partNumber: 1, requestText: text }) };
      await insertLogbookLines(
        tx,
        answerLines.map((answerLine, index) => ({ partId: part.id, position: index + 1, slotId: line.slotId, actual: null, request: answerLine })),
      );
      const [updated] = await tx
        .update(logbookLines)
        .set({ offerAnswer: body.answer, offerAnswerRequestId: answerRequestId })
        .where(eq(logbookLines.id, line.id))
        .returning();
      if (!updated) throw new Error("logbook line update returned no row");
      await recordAudit(tx, user, now, {
        action: "request.offer_answer",
        targetType: "request",
        targetId: answerRequestId,
        targetLabel: `${season.name} REF ${reference}`,
        details: {
          season: season.name,
          reference,
          answer: `${body.answer} (${ANSWER_NAME[body.answer]}) a la referencia ${request.reference}`,
          lines: answerLines.length,
          to: coordinator,
        },
      });
      // Last: a refused e-mail (502) rolls the answer back and the offer stays open.
      const mail = await services.mailer.send(tx, {
        purpose: "scr_request",
        to: [coordinator],
        cc: [],
        subject: subjectOf({ name: season.name }, reference, 1, 1),
        text,
      });
      return { line: lineBody(updated), reference, logbook_id: answerRequestId, text, mail_status: mail.status };
    });
    return result;
  } catch (error) {
    if (error instanceof ReferenceTaken) {
      throw new HttpError(409, "Otra solicitud tomó la siguiente referencia al mismo tiempo; intente de nuevo.");
    }
    throw error;
  }
}
