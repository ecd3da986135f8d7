/**
 * A flagged series' proposal as modification lines (issue 27 item 4): the series' slots still
 * ahead go into the caller's modification draft, each with its change line (C, the slot as held)
 * and its request line at the proposed time, ready to send. The drafts API's rules apply: one
 * season per draft, a slot never in both the modification and the cancellation draft. Pure: the
 * caller reads the drafts, encodes the slots (`POST /api/turnover/requests/encode/`) and saves.
 */
import type { components } from "../../generated/openapi";
import { shiftedLineTime } from "../scr";

type Drafts = components["schemas"]["Drafts"];
type ModificationDraft = components["schemas"]["ModificationDraft"];
type EncodedSlot = components["schemas"]["EncodedSlot"];
type EncodedDraftEntry = components["schemas"]["EncodedDraftEntry"];

export type ProposalDraftPlan =
  /** The proposal moves no slot (none left beyond the 12-hour cutoff). */
  | { kind: "none" }
  /** The modification draft holds another season's slots. */
  | { kind: "other_season"; season: string }
  /** Every slot is in a draft already. */
  | { kind: "already" }
  /** Encode `add` (to be retimed) and `rows` (slots of the draft that have no lines yet, copied as held). */
  | { kind: "encode"; add: number[]; rows: number[] };

/** What adding the proposal's slots of `season` to the drafts would do. */
export function planProposalDraft(drafts: Drafts, season: string, slotIds: readonly number[]): ProposalDraftPlan {
  if (slotIds.length === 0) return { kind: "none" };
  const modification = drafts.modification_data;
  if (modification.ids.length > 0 && modification.season !== null && modification.season !== season) {
    return { kind: "other_season", season: modification.season };
  }
  const taken = new Set([...modification.ids, ...drafts.cancellation_data.ids]);
  const add = slotIds.filter((id) => !taken.has(id));
  if (add.length === 0) return { kind: "already" };
  // A draft whose lines were never written (slots added from Entrega de turno, editor not opened)
  // gets its lines now too, or the editor would show only these.
  const rows = modification.encoded.length === 0 ? modification.ids : [];
  return { kind: "encode", add, rows };
}

const line = (text: string | null) => (text === null ? { line: "", ghost: true } : { line: text, ghost: false });

/**
 * The modification draft with the encoded slots added: the proposal's (`add`) with their request
 * line moved by `shift` minutes, the others as encoded. A slot whose line cannot be moved (not in
 * the editor's shape, or leaving its date) is left out. `added` counts the proposal's slots added.
 */
export function withProposal(
  drafts: Drafts,
  season: string,
  add: readonly number[],
  encoded: readonly EncodedSlot[],
  shift: number,
): { update: ModificationDraft; added: number } {
  const toRetime = new Set(add.map(String));
  const modification = drafts.modification_data;
  const entries: EncodedDraftEntry[] = [];
  const addedIds: number[] = [];
  for (const slot of encoded) {
    const request = toRetime.has(slot.id) ? (slot.request === null ? null : shiftedLineTime(slot.request, shift)) : slot.request;
    if (toRetime.has(slot.id)) {
      if (request === null) continue;
      addedIds.push(Number(slot.id));
    }
    entries.push({ id: slot.id, linked: slot.change !== null && request !== null, data: { actual: line(slot.change), request: line(request) } });
  }
  return {
    update: {
      ...modification,
      season,
      ids: [...modification.ids, ...addedIds],
      encoded: [...modification.encoded, ...entries],
    },
    added: addedIds.length,
  };
}
