/** Stored logbook values as the contract shows them: a line, an offer's answer, a request's type. */
import type { components } from "../../generated/openapi";
import type { logbookLines } from "../db/schema";

type LogbookLine = components["schemas"]["LogbookLine"];
type LogbookType = components["schemas"]["LogbookType"];
type OfferAction = components["schemas"]["LogbookOfferAction"];
type LineRow = typeof logbookLines.$inferSelect;

export const offerAction = (value: string | null): OfferAction | null => (value === "A" || value === "P" || value === "Z" ? value : null);

export const logbookType = (value: number): LogbookType => {
  if (value === 1 || value === 2 || value === 3 || value === 4) return value;
  throw new Error(`logbook request holds type ${value}, outside 1..4`);
};

/** A stored line as the contract shows it. */
export function lineBody(line: LineRow): LogbookLine {
  return {
    id: line.id,
    slot_id: line.slotId,
    actual: line.actual,
    request: line.request,
    response: line.response,
    offers: line.offers,
    offers_deadline: line.offersDeadline,
    offer_answer: offerAction(line.offerAnswer),
    offer_answer_request_id: line.offerAnswerRequestId,
  };
}
