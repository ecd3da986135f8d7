/**
 * Each user's drafts of SCR requests (seed 000 §3, §4): altas, modificaciones, cancelaciones.
 * One row per user, kept across sign-out and restart; each section is for the roles that may
 * request it. What a save must respect is checked in queries.ts, in the save's transaction.
 */
import { hasCapability } from "../../generated/access";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { expectedVersion } from "../http/versions";
import { clearDraftSection, saveDraftSections, SECTION_LABEL } from "./queries";
import { resolveAirport } from "../airports/access";
import { type DraftSection, loadAt, SECTION_OF_TYPE } from "./store";

const SECTION_CAPABILITY = {
  new_slot_data: "draftNew",
  modification_data: "draftModify",
  cancellation_data: "draftCancel",
} as const;

function assertMayUse(user: AuthenticatedUser, section: DraftSection): void {
  if (!hasCapability(user.role, SECTION_CAPABILITY[section])) {
    throw new HttpError(403, `Su rol no puede usar el borrador de ${SECTION_LABEL[section]}.`);
  }
}

export const getDrafts: Handler<"getDrafts"> = async ({ query, user, services }) => {
  const airport = (await resolveAirport(services, user, query.airport)).code;
  return { status: 200, body: await loadAt(services.db, services.schemas, user.id, airport) };
};

export const saveDrafts: Handler<"saveDrafts"> = async ({ query, body, user, request, services }) => {
  for (const key of Object.keys(body)) {
    if (key === "new_slot_data" || key === "modification_data" || key === "cancellation_data") assertMayUse(user, key);
  }
  const expected = expectedVersion(request, body.version);
  const airport = (await resolveAirport(services, user, query.airport)).code;
  return { status: 200, body: await saveDraftSections(services.db, services.schemas, user, airport, body, expected, services.now()) };
};

export const deleteDraft: Handler<"deleteDraft"> = async ({ query, user, request, services }) => {
  const section = SECTION_OF_TYPE[query.type];
  assertMayUse(user, section);
  const expected = expectedVersion(request);
  const airport = (await resolveAirport(services, user, query.airport)).code;
  return { status: 200, body: await clearDraftSection(services.db, services.schemas, user, airport, section, expected, services.now()) };
};
