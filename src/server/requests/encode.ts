/**
 * Encoding a draft's items as the editor's lines (seed 000 §3, §4.1): N lines for altas, D lines
 * for cancelaciones, and for modificaciones the C line of each slot with the R/L line its encode
 * action derives from the slot and the flight matched to it. Reads only; changes nothing.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  ENCODE_ACTIONS,
  encodeActionOrDefault,
  encodeModification,
  newSlotLine,
  slotLine,
  type EncodeAction,
  type MatchedFlight,
} from "../../domain/scr";
import type { components } from "../../generated/openapi";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { flights, matches, slots } from "../db/schema";
import { HttpError } from "../http/errors";
import { findSeason } from "../seasons/find";
import { storedAirline } from "../settings/airline";
import type { SlotRecord } from "../slots/register";
import { ACTION_LABEL, assertMayRequest, draftSlots } from "./common";

type DraftType = components["schemas"]["DraftType"];
type ActionCode = components["schemas"]["ActionCode"];
type EncodedSlot = components["schemas"]["EncodedSlot"];
type EncodeRequest = components["schemas"]["EncodeRequest"];

const ACTION_OF_DRAFT: Record<DraftType, ActionCode> = { new: 2, cancel: 3, modify: 4 };
const DRAFT_LABEL: Record<DraftType, string> = { new: "altas", cancel: "cancelaciones", modify: "modificaciones" };

/** The flight matched to each slot (the `matches` pairs), as the encoder needs it. */
async function matchedFlights(db: Database, slotIds: readonly number[]): Promise<Map<number, MatchedFlight>> {
  const rows = await db
    .select({ slotId: matches.slotId, flight: flights })
    .from(matches)
    .innerJoin(flights, eq(flights.id, matches.flightId))
    .where(and(inArray(matches.slotId, [...slotIds]), isNotNull(matches.flightId)));
  const out = new Map<number, MatchedFlight>();
  for (const { slotId, flight } of rows) {
    if (slotId === null) continue;
    out.set(slotId, {
      flightNumber: flight.flightNumber,
      route: flight.isArrival ? flight.origin : flight.destination,
      scheduledAtMex: (flight.isArrival ? flight.scheduledArrival : flight.scheduledDeparture).toISOString(),
      aircraftType: flight.aircraftType,
      seats: flight.seats,
    });
  }
  return out;
}

/** Names of the slots on these dates, per `date|direction`, for the suffix rule. */
async function namesByDay(db: Database, dates: readonly string[]): Promise<Map<string, { id: number; name: string }[]>> {
  const rows = await db
    .select({ id: slots.id, name: slots.flightNumber, date: slots.date, isArrival: slots.isArrival })
    .from(slots)
    .where(inArray(slots.date, [...new Set(dates)]));
  const out = new Map<string, { id: number; name: string }[]>();
  for (const row of rows) {
    const key = `${row.date}|${row.isArrival}`;
    const list = out.get(key) ?? [];
    list.push({ id: row.id, name: row.name });
    out.set(key, list);
  }
  return out;
}

async function encodeModifications(
  db: Database,
  ids: readonly number[],
  byId: Map<number, SlotRecord>,
  action: EncodeAction,
  letter: "L" | "R",
): Promise<EncodedSlot[]> {
  const records = ids.flatMap((id) => byId.get(id) ?? []);
  const [flightsBySlot, names] = await Promise.all([
    action === ENCODE_ACTIONS.addSuffixWithFlightName || action === ENCODE_ACTIONS.matchItinerary
      ? matchedFlights(db, ids)
      : Promise.resolve(new Map<number, MatchedFlight>()),
    action === ENCODE_ACTIONS.addSuffixWithFlightName || action === ENCODE_ACTIONS.addLeftoverSuffix
      ? namesByDay(db, records.map((slot) => slot.date))
      : Promise.resolve(new Map<string, { id: number; name: string }[]>()),
  ]);
  // Names given in this same encode count as used: two slots of one day never get one name.
  const given = new Map<string, string[]>();
  return records.map((slot) => {
    const key = `${slot.date}|${slot.isArrival}`;
    const otherNames = [
      ...(names.get(key) ?? []).filter((other) => other.id !== slot.id).map((other) => other.name),
      ...(given.get(key) ?? []),
    ];
    const encoded = encodeModification({ slot, flight: flightsBySlot.get(slot.id) ?? null, otherNames, action, letter });
    given.set(key, [...(given.get(key) ?? []), encoded.name]);
    return { id: String(slot.id), change: encoded.change, request: encoded.request };
  });
}

/** A draft's slots as SCR lines (the send view's preview); 400 when the action does not fit the draft. */
export async function encodeDraftSlots(db: Database, user: AuthenticatedUser, body: EncodeRequest): Promise<EncodedSlot[]> {
  const expected = ACTION_OF_DRAFT[body.draft_type];
  if (body.modification_action_code !== expected) {
    const message =
      `El código de acción ${body.modification_action_code} (${ACTION_LABEL[body.modification_action_code]}) no corresponde ` +
      `al borrador de ${DRAFT_LABEL[body.draft_type]}: use ${expected}.`;
    throw new HttpError(400, message, [{ field: "modification_action_code", message }]);
  }
  assertMayRequest(user, expected);
  const season = await findSeason(db, body.season_id);
  if (body.draft_type === "new") {
    const airline = await storedAirline(db);
    const encoded = (body.new_slots ?? []).map((item): EncodedSlot => ({ id: item.id, change: null, request: newSlotLine(item, airline) }));
    return encoded;
  }
  const ids = body.items ?? [];
  const byId = await draftSlots(db, ids, season.name);
  if (body.draft_type === "cancel") {
    const encoded = ids.flatMap((id): EncodedSlot[] => {
      const slot = byId.get(id);
      return slot ? [{ id: String(id), change: null, request: slotLine("D", slot) }] : [];
    });
    return encoded;
  }
  return encodeModifications(db, ids, byId, encodeActionOrDefault(body.encode_action), body.request_letter ?? "R");
}
