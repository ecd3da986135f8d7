/** Encoding drafts as SCR lines and sending the request to the coordinator (seed 000 §2.4). */
import { resolveAirport } from "../airports/access";
import type { Handler } from "../contract/routes";
import { encodeDraftSlots } from "./encode";
import { generateOrSend, sendStatus } from "./generate";

export const encodeDraft: Handler<"encodeDraft"> = async ({ body, user, services }) => {
  return { status: 200, body: { encoded_slots: await encodeDraftSlots(services.db, user, body) } };
};

export const generateRequest: Handler<"generateRequest"> = async ({ body, user, services }) => {
  return { status: 200, body: await generateOrSend(services, user, body) };
};

/** What the send view warns about before a send: no coordinator address, e-mail kept in the outbox. */
export const getSendStatus: Handler<"getSendStatus"> = async ({ query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  return { status: 200, body: await sendStatus(services, airport.code) };
};
