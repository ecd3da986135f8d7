/** What encoding and sending share: who may request each action, and the slots of a draft. */
import { inArray } from "drizzle-orm";
import { hasCapability } from "../../generated/access";
import type { components } from "../../generated/openapi";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { slots } from "../db/schema";
import { HttpError } from "../http/errors";
import type { SlotRecord } from "../slots/register";

type ActionCode = components["schemas"]["ActionCode"];

const CAPABILITY_OF_ACTION = { 2: "draftNew", 3: "draftCancel", 4: "draftModify" } as const;
export const ACTION_LABEL: Record<ActionCode, string> = { 2: "altas", 3: "cancelaciones", 4: "modificaciones" };
/** The draft section each action code empties once sent. */
export const DRAFT_TYPE_OF_ACTION = { 2: "new", 3: "cancel", 4: "modify" } as const;
/** The slot history's name of each request type. */
export const REQUEST_TYPE_NAME: Record<ActionCode, string> = { 2: "Alta", 3: "Cancelación", 4: "Modificación" };

/** 403 unless the caller's role may request this action (seed 000 §6: Seguimiento only altas). */
export function assertMayRequest(user: AuthenticatedUser, action: ActionCode): void {
  if (!hasCapability(user.role, CAPABILITY_OF_ACTION[action])) throw new HttpError(403, `Su rol no puede solicitar ${ACTION_LABEL[action]}.`);
}

/** `VB1102 del día 2027-01-12`: how a slot is named in messages. */
export const slotLabel = (slot: Pick<SlotRecord, "flightNumber" | "date">) => `${slot.flightNumber} del día ${slot.date}`;

/**
 * The slots with these ids, by id. 404 naming the ids that no longer exist (a slot deleted since
 * it was added to the draft); 400 when one belongs to another season.
 */
export async function draftSlots(db: Database, ids: readonly number[], season: string, airport = "MEX"): Promise<Map<number, SlotRecord>> {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await db.select().from(slots).where(inArray(slots.id, unique));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new HttpError(
      404,
      missing.length === 1
        ? `El slot ${missing[0]} del borrador ya no existe: quítelo del borrador.`
        : `Los slots ${missing.join(", ")} del borrador ya no existen: quítelos del borrador.`,
    );
  }
  const foreign = rows.filter((row) => row.season !== season);
  if (foreign.length > 0) {
    const message = `El borrador es de la temporada ${season} y no puede incluir ${foreign.map(slotLabel).join(", ")}.`;
    throw new HttpError(400, message);
  }
  // Issue 37: a request is one airport's, and carries only its slots.
  const elsewhere = rows.filter((row) => row.airport !== airport);
  if (elsewhere.length > 0) {
    const message = `La solicitud es del aeropuerto ${airport} y no puede incluir ${elsewhere.map(slotLabel).join(", ")}, de ${elsewhere[0]?.airport ?? ""}.`;
    throw new HttpError(400, message);
  }
  return byId;
}
