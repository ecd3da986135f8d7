/** Where each user's drafts are kept: one row per user, read back in the contract's shape. */
import { eq } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { SchemaValidator } from "../contract/schemas";
import type { Database } from "../db/client";
import { drafts } from "../db/schema";

type Drafts = components["schemas"]["Drafts"];
type DraftType = components["schemas"]["DraftType"];

export const emptyDrafts = (): Drafts => ({
  new_slot_data: { season: null, form: {}, list: [] },
  modification_data: { season: null, ids: [], action: 5, encoded: [] },
  cancellation_data: { season: null, ids: [] },
});

export const SECTION_OF_TYPE: Record<DraftType, keyof Drafts> = {
  new: "new_slot_data",
  modify: "modification_data",
  cancel: "cancellation_data",
};

/** Seed 000 §4.3: a section with a season but no items loses its season. */
export function normalise(value: Drafts): Drafts {
  const out = structuredClone(value);
  if (out.new_slot_data.list.length === 0) out.new_slot_data.season = null;
  if (out.modification_data.ids.length === 0 && out.modification_data.encoded.length === 0) out.modification_data.season = null;
  if (out.cancellation_data.ids.length === 0) out.cancellation_data.season = null;
  return out;
}

/**
 * The stored drafts, checked against the contract's shape (empty ones when missing or stale);
 * `lock` holds the row until the caller's transaction ends.
 */
export async function load(db: Database, schemas: SchemaValidator, userId: number, lock = false): Promise<Drafts> {
  const query = db.select().from(drafts).where(eq(drafts.userId, userId));
  const [row] = lock ? await query.for("update") : await query;
  const empty = emptyDrafts();
  if (!row) return empty;
  const candidate = {
    new_slot_data: row.newSlotData,
    modification_data: row.modificationData,
    cancellation_data: row.cancellationData,
  };
  return schemas.is("Drafts", candidate) ? normalise(candidate) : empty;
}

export async function store(db: Database, userId: number, value: Drafts, now: Date): Promise<void> {
  await db
    .insert(drafts)
    .values({
      userId,
      newSlotData: value.new_slot_data,
      modificationData: value.modification_data,
      cancellationData: value.cancellation_data,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: drafts.userId,
      set: {
        newSlotData: value.new_slot_data,
        modificationData: value.modification_data,
        cancellationData: value.cancellation_data,
        updatedAt: now,
      },
    });
}
