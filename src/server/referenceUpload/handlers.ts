/**
 * Carga de referencias (seed 002, issue 12): a request sent outside Slotdesk, the coordinator's
 * reply, and the Admin's K/U toggle on a logbook line. request.ts, response.ts and lineStatus.ts
 * do the work, each in one transaction.
 */
import type { Handler } from "../contract/routes";
import { assertAirportAccess } from "../airports/access";
import { lineAirport } from "../logbook/records";
import { expectedVersion } from "../http/versions";
import { lineBody } from "../logbook/rows";
import { storedAirline } from "../settings/airline";
import { readReferenceForm } from "./common";
import { changeLineStatus } from "./lineStatus";
import { loadRequest } from "./request";
import { applyReply } from "./response";

export const computeReferenceRequest: Handler<"computeReferenceRequest"> = async ({ request, user, services }) => {
  const file = await readReferenceForm(request, await storedAirline(services.db));
  return { status: 200, body: await loadRequest(services, user, file) };
};

export const computeReferenceResponse: Handler<"computeReferenceResponse"> = async ({ request, user, services }) => {
  const file = await readReferenceForm(request, await storedAirline(services.db));
  return { status: 200, body: await applyReply(services, user, file) };
};

export const changeReferenceLineStatus: Handler<"changeReferenceLineStatus"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  // Issue 37: the line is its request's airport's; a caller restricted from it may not change it.
  const airport = await lineAirport(services.db, body.line_id);
  if (airport !== null) await assertAirportAccess(services, user, airport);
  return { status: 200, body: lineBody(await changeLineStatus(services.db, user, body, expected, services.now())) };
};
