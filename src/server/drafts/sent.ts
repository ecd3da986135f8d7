/** A sent request leaves the sender's draft (seed 000 §4.3), in the send's transaction. */
import { isDeepStrictEqual } from "node:util";
import type { components } from "../../generated/openapi";
import type { SchemaValidator } from "../contract/schemas";
import type { Database } from "../db/client";
import { type DraftSections, emptyDrafts, loadForWrite, normalise, SECTION_OF_TYPE, store } from "./store";

type DraftType = components["schemas"]["DraftType"];

/**
 * The drafts without what a request carried (its rows' ids: slot ids, or altas' draft ids). A
 * slot sent in any row leaves the draft with all its rows (it is in process now); the slots and
 * altas the request did not carry stay with their editor rows, and the section keeps its season
 * and action. A section left without items is the empty one (seed 000 §4.3).
 */
export function withoutSent(value: DraftSections, type: DraftType, sentIds: ReadonlySet<string>): DraftSections {
  const section = SECTION_OF_TYPE[type];
  const kept = (id: number | string) => !sentIds.has(String(id));
  const next = normalise(value);
  if (section === "new_slot_data") {
    next.new_slot_data.list = next.new_slot_data.list.filter((item) => kept(item.id));
  } else if (section === "modification_data") {
    next.modification_data.ids = next.modification_data.ids.filter(kept);
    next.modification_data.encoded = next.modification_data.encoded.filter((entry) => kept(entry.id));
  } else {
    next.cancellation_data.ids = next.cancellation_data.ids.filter(kept);
  }
  const left =
    section === "new_slot_data"
      ? next.new_slot_data.list.length
      : section === "modification_data"
        ? next.modification_data.ids.length + next.modification_data.encoded.length
        : next.cancellation_data.ids.length;
  return normalise(left === 0 ? { ...next, [section]: emptyDrafts()[section] } : next);
}

/**
 * After a send, in its transaction: the caller's draft of that type keeps only what was not sent
 * (a new version of the drafts, made by `author`, when that changed them).
 */
export async function removeSentFromDraft(
  db: Database,
  schemas: SchemaValidator,
  userId: number,
  author: string,
  type: DraftType,
  sentIds: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  const { drafts } = await loadForWrite(db, schemas, userId);
  const before = normalise(drafts);
  const after = withoutSent(before, type, sentIds);
  if (!isDeepStrictEqual(after, before)) await store(db, userId, after, author, now);
}
