/** Where each user's drafts are kept: one row per user, read back in the contract's shape. */
import { eq, sql } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";
import type { components } from "../../generated/openapi";
import type { SchemaValidator } from "../contract/schemas";
import type { Database } from "../db/client";
import { drafts } from "../db/schema";
import type { CurrentVersion } from "../http/versions";

type Drafts = components["schemas"]["Drafts"];
type DraftType = components["schemas"]["DraftType"];
/** The three sections of the drafts, without their version. */
export type DraftSections = Omit<Drafts, "version">;
export type DraftSection = keyof DraftSections;

export const emptyDrafts = (): DraftSections => ({
  new_slot_data: { season: null, form: {}, list: [] },
  modification_data: { season: null, ids: [], action: 5, encoded: [] },
  cancellation_data: { season: null, ids: [] },
});

export const SECTION_OF_TYPE: Record<DraftType, DraftSection> = {
  new: "new_slot_data",
  modify: "modification_data",
  cancel: "cancellation_data",
};

/** Seed 000 §4.3: a section with a season but no items loses its season. */
export function normalise(value: DraftSections): DraftSections {
  const out: DraftSections = {
    new_slot_data: structuredClone(value.new_slot_data),
    modification_data: structuredClone(value.modification_data),
    cancellation_data: structuredClone(value.cancellation_data),
  };
  if (out.new_slot_data.list.length === 0) out.new_slot_data.season = null;
  if (out.modification_data.ids.length === 0 && out.modification_data.encoded.length === 0) out.modification_data.season = null;
  if (out.cancellation_data.ids.length === 0) out.cancellation_data.season = null;
  return out;
}

/** The drafts a user has before any save: empty, version 1. */
const FIRST_VERSION = 1;

/**
 * The stored drafts with their version, checked against the contract's shape (empty ones when
 * missing or stale).
 */
export async function load(db: Database, schemas: SchemaValidator, userId: number): Promise<Drafts> {
  return (await read(db, schemas, userId, false)).drafts;
}

/**
 * For a write, in its transaction: the drafts and who made their current version, the row locked
 * until the transaction ends (created empty first, so two first saves also queue on it).
 */
export async function loadForWrite(
  db: Database,
  schemas: SchemaValidator,
  userId: number,
): Promise<{ drafts: Drafts; current: CurrentVersion; airport: string }> {
  const empty = emptyDrafts();
  await db
    .insert(drafts)
    .values({
      userId,
      newSlotData: empty.new_slot_data,
      modificationData: empty.modification_data,
      cancellationData: empty.cancellation_data,
    })
    .onConflictDoNothing({ target: drafts.userId });
  return read(db, schemas, userId, true);
}

async function read(db: Database, schemas: SchemaValidator, userId: number, lock: boolean) {
  const query = db.select().from(drafts).where(eq(drafts.userId, userId));
  const [row] = lock ? await query.for("update") : await query;
  const empty = emptyDrafts();
  if (!row) {
    return {
      drafts: { ...empty, version: FIRST_VERSION },
      current: { version: FIRST_VERSION, changedBy: null, changedAt: new Date() },
      airport: DEFAULT_AIRPORT,
    };
  }
  const candidate = {
    new_slot_data: row.newSlotData,
    modification_data: row.modificationData,
    cancellation_data: row.cancellationData,
  };
  const sections = schemas.is("Drafts", candidate) ? normalise(candidate) : empty;
  return {
    drafts: { ...sections, version: row.version },
    current: { version: row.version, changedBy: row.updatedBy, changedAt: row.updatedAt },
    /** The airport the drafts are for (issue 37). */
    airport: row.airport,
  };
}

/** Whether no section holds an item: drafts that may pass to another airport. */
export const isEmptyDrafts = (value: DraftSections): boolean =>
  value.new_slot_data.list.length === 0 &&
  value.modification_data.ids.length === 0 &&
  value.modification_data.encoded.length === 0 &&
  value.cancellation_data.ids.length === 0;

/**
 * The drafts as `airport` sees them (issue 37): the stored ones when they are its own or empty;
 * another airport's answer empty (the stored version kept, so a save from them is still checked).
 */
export async function loadAt(db: Database, schemas: SchemaValidator, userId: number, airport: string): Promise<Drafts> {
  const stored = await read(db, schemas, userId, false);
  return stored.airport === airport ? stored.drafts : { ...emptyDrafts(), version: stored.drafts.version };
}

/** The drafts replaced by `value`, as `author` (a full name) made them: their new version. */
export async function store(db: Database, userId: number, value: DraftSections, author: string, now: Date, airport?: string): Promise<number> {
  const sections = {
    newSlotData: value.new_slot_data,
    modificationData: value.modification_data,
    cancellationData: value.cancellation_data,
    // A send leaves the drafts' airport as it was (undefined); a save names its own.
    ...(airport === undefined ? {} : { airport }),
  };
  const [row] = await db
    .insert(drafts)
    .values({ userId, ...sections, updatedAt: now, updatedBy: author, version: FIRST_VERSION + 1 })
    .onConflictDoUpdate({
      target: drafts.userId,
      set: { ...sections, updatedAt: now, updatedBy: author, version: sql`${drafts.version} + 1` },
    })
    .returning({ version: drafts.version });
  if (!row) throw new Error(`drafts of user ${userId} not stored`);
  return row.version;
}
