/**
 * Saving and clearing a user's drafts, one transaction each (store.ts reads and writes the row):
 * the server enforces what the editor promises: a draft belongs to one season and its items fall
 * within it; a slot is never in both the modification and the cancellation draft.
 */
import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";

import type { components } from "../../generated/openapi";
import { isCalendarDate, isDateInSeason } from "../../domain/seasons";
import { MODIFICATION_CUTOFF_HOURS, NOT_DRAFTABLE_SLOT_STATUSES } from "../../domain/turnover/rules";
import type { AuthenticatedUser } from "../auth/sessions";
import type { SchemaValidator } from "../contract/schemas";
import type { Database } from "../db/client";
import { seasons, slots } from "../db/schema";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { type DraftSection, type DraftSections, emptyDrafts, isEmptyDrafts, loadForWrite, normalise, store } from "./store";

type Drafts = components["schemas"]["Drafts"];
type DraftsUpdate = components["schemas"]["DraftsUpdate"];
type ErrorDetail = components["schemas"]["ErrorDetail"];

/** Slot statuses a request cannot be drafted for: leftover, cancelled, in process (seed 001 §2.1). */
const NOT_DRAFTABLE: ReadonlySet<string> = new Set(NOT_DRAFTABLE_SLOT_STATUSES);

export const SECTION_LABEL: Record<DraftSection, string> = {
  new_slot_data: "Altas",
  modification_data: "Modificaciones",
  cancellation_data: "Cancelaciones",
};

/** What a stale save's 409 calls the drafts: "Ana Pérez cambió el borrador a las 10:42". */
const THE_DRAFTS = "el borrador";

/** `dd-MM-yyyy` → `yyyy-MM-dd`. */
const isoOf = (ddMMyyyy: string) => `${ddMMyyyy.slice(6, 10)}-${ddMMyyyy.slice(3, 5)}-${ddMMyyyy.slice(0, 2)}`;

const seasonMessage = (name: string) =>
  `El borrador está asignado a la temporada ${name}. Limpie el borrador o envíe la información actual para agregar esta solicitud.`;

async function requireSeason(db: Database, airport: string, name: string | null, section: DraftSection, hasItems: boolean): Promise<void> {
  if (!hasItems) return;
  if (!name) {
    throw new HttpError(400, `El borrador de ${SECTION_LABEL[section]} necesita una temporada.`, [
      { field: `${section}.season`, message: "Indique la temporada del borrador." },
    ]);
  }
  // The drafts' airport's season (issue 37): MEX's W26 is not JFK's.
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(and(eq(seasons.airport, airport), eq(seasons.name, name)));
  if (!season) {
    const message = airport === DEFAULT_AIRPORT ? `La temporada ${name} no existe.` : `La temporada ${name} no existe en ${airport}.`;
    throw new HttpError(400, message, [{ field: `${section}.season`, message }]);
  }
}

async function checkNewSlots(db: Database, airport: string, section: Drafts["new_slot_data"]): Promise<void> {
  await requireSeason(db, airport, section.season, "new_slot_data", section.list.length > 0);
  const season = section.season;
  if (!season) return;
  const errors: ErrorDetail[] = [];
  section.list.forEach((item, index) => {
    const start = isoOf(item.startDate);
    const end = isoOf(item.endDate);
    // The contract's pattern is dd-MM-yyyy's shape only: 31-02-2026 or 36-19-3182 pass it.
    const unreal = (["startDate", "endDate"] as const).filter((field) => !isCalendarDate(isoOf(item[field])));
    if (unreal.length > 0) {
      for (const field of unreal) {
        errors.push({ field: `new_slot_data.list[${index}].${field}`, message: `La fecha ${item[field]} no existe.` });
      }
    } else if (!isDateInSeason(start, season) || !isDateInSeason(end, season)) {
      errors.push({ field: `new_slot_data.list[${index}].startDate`, message: seasonMessage(season) });
    } else if (end < start) {
      errors.push({ field: `new_slot_data.list[${index}].endDate`, message: "La fecha final no puede ser anterior a la inicial." });
    }
  });
  const first = errors[0];
  if (first) throw new HttpError(400, first.message, errors);
}

/**
 * The slots of a modification or cancellation draft: they exist, belong to the draft's season
 * and may be requested; `added` (not in the stored draft) must also respect the 12-hour cutoff
 * for modifications.
 */
async function checkSlotIds(
  db: Database,
  airport: string,
  section: "modification_data" | "cancellation_data",
  season: string | null,
  ids: number[],
  added: Set<number>,
  now: Date,
): Promise<void> {
  await requireSeason(db, airport, season, section, ids.length > 0);
  if (ids.length === 0 || !season) return;
  const rows = await db
    .select({ id: slots.id, airport: slots.airport, season: slots.season, name: slots.flightNumber, date: slots.date, time: slots.time, status: slots.status })
    .from(slots)
    .where(inArray(slots.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: ErrorDetail[] = [];
  ids.forEach((id, index) => {
    const field = `${section}.ids[${index}]`;
    const slot = byId.get(id);
    if (!slot) {
      errors.push({ field, message: `El slot ${id} ya no existe: quítelo del borrador.` });
      return;
    }
    const label = `${slot.name} del día ${slot.date}`;
    if (slot.airport !== airport) {
      errors.push({ field, message: `El borrador es del aeropuerto ${airport}. El slot ${label} es de ${slot.airport} y no puede ser agregado.` });
    } else if (slot.season !== season || !isDateInSeason(slot.date, season)) {
      errors.push({ field, message: `El borrador está asignado a la temporada ${season}. El match ${label} no puede ser agregado.` });
    } else if (added.has(id) && NOT_DRAFTABLE.has(slot.status)) {
      errors.push({ field, message: `El slot ${label} no es válido para selección (estado ${slot.status === "S" ? "SOBC" : slot.status}).` });
    } else if (section === "modification_data" && added.has(id)) {
      const at = Date.parse(`${slot.date}T${slot.time}:00Z`);
      if (at - now.getTime() < MODIFICATION_CUTOFF_HOURS * 3_600_000) {
        errors.push({ field, message: `No se puede modificar el slot ${label}: ya pasó la fecha límite de 12 horas.` });
      }
    }
  });
  const first = errors[0];
  if (first) throw new HttpError(400, errors.length === 1 ? first.message : `${errors.length} slots del borrador no son válidos: ${first.message}`, errors);
}

/**
 * The drafts are for one airport, as for one season (issue 37): while they hold another airport's
 * items, they are sent or cleared there first. Empty ones pass to `airport`.
 */
function assertDraftsAirport(stored: { drafts: DraftSections; airport: string }, airport: string): DraftSections {
  if (stored.airport === airport) return stored.drafts;
  if (!isEmptyDrafts(stored.drafts)) {
    throw new HttpError(
      409,
      `El borrador está asignado al aeropuerto ${stored.airport}. Envíe o limpie el borrador de ${stored.airport} antes de preparar solicitudes de ${airport}.`,
    );
  }
  return emptyDrafts();
}

/** The sections `update` names, saved over the stored ones of `airport` from version `expected`. */
export function saveDraftSections(
  db: Database,
  schemas: SchemaValidator,
  user: AuthenticatedUser,
  airport: string,
  update: DraftsUpdate,
  expected: number | null,
  now: Date,
): Promise<Drafts> {
  return db.transaction(async (tx): Promise<Drafts> => {
    const stored = await loadForWrite(tx, schemas, user.id);
    const { current } = stored;
    checkVersion(expected, current, THE_DRAFTS);
    const before = assertDraftsAirport(stored, airport);
    const next: DraftSections = normalise({
      new_slot_data: update.new_slot_data ? { ...update.new_slot_data, form: update.new_slot_data.form ?? {} } : before.new_slot_data,
      modification_data: update.modification_data ?? before.modification_data,
      cancellation_data: update.cancellation_data ?? before.cancellation_data,
    });
    if (update.new_slot_data) await checkNewSlots(tx, airport, next.new_slot_data);
    if (update.modification_data) {
      const added = new Set(next.modification_data.ids.filter((id) => !before.modification_data.ids.includes(id)));
      await checkSlotIds(tx, airport, "modification_data", next.modification_data.season, next.modification_data.ids, added, now);
    }
    if (update.cancellation_data) {
      const added = new Set(next.cancellation_data.ids.filter((id) => !before.cancellation_data.ids.includes(id)));
      await checkSlotIds(tx, airport, "cancellation_data", next.cancellation_data.season, next.cancellation_data.ids, added, now);
    }
    const both = next.modification_data.ids.filter((id) => next.cancellation_data.ids.includes(id));
    if (both.length > 0) {
      const names = await tx.select({ name: slots.flightNumber, date: slots.date }).from(slots).where(inArray(slots.id, both));
      throw new HttpError(
        409,
        `Un slot no puede estar a la vez en el borrador de modificaciones y en el de cancelaciones: ${names
          .map((n) => `${n.name} del día ${n.date}`)
          .join(", ")}.`,
      );
    }
    return { ...next, version: await store(tx, user.id, next, authorName(user), now, airport) };
  });
}

/** One section of `airport`'s drafts emptied, from version `expected`. */
export function clearDraftSection(
  db: Database,
  schemas: SchemaValidator,
  user: AuthenticatedUser,
  airport: string,
  section: DraftSection,
  expected: number | null,
  now: Date,
): Promise<Drafts> {
  return db.transaction(async (tx): Promise<Drafts> => {
    const { drafts: before, current, airport: storedAt } = await loadForWrite(tx, schemas, user.id);
    checkVersion(expected, current, THE_DRAFTS);
    // Another airport's drafts are not this one's to empty: they answer empty here, as they read.
    if (storedAt !== airport) return { ...emptyDrafts(), version: current.version };
    const next: DraftSections = normalise({ ...before, [section]: emptyDrafts()[section] });
    return { ...next, version: await store(tx, user.id, next, authorName(user), now, airport) };
  });
}
