/**
 * Putting corrective slots into the caller's drafts (issue 27 items 3 and 4): the slots of a
 * Monitoreo row's draft (a slot not used into Cancelaciones, a series' later slots into
 * Modificaciones) or a flagged series' retime lines (`retimeLines`, added from Histórico's card
 * and Monitoreo's early warning alike). The drafts' own rules apply, as when rows of
 * Entrega de turno are added (`planDraftAdd`): a draft holds one season's slots, a slot is never in
 * both slot drafts, and a slot already in the draft is left as it is — its lines included.
 * Pure: the caller reads the drafts and saves the section.
 */
import type { components } from "../../generated/openapi";

type Drafts = components["schemas"]["Drafts"];
type DraftsUpdate = components["schemas"]["DraftsUpdate"];
type EncodedDraftEntry = components["schemas"]["EncodedDraftEntry"];
type EncodedSlot = components["schemas"]["EncodedSlot"];
type RetimeLine = components["schemas"]["MonitoringRetimeLine"];

export type CorrectiveDraftKind = "modify" | "cancel";

export type CorrectivePlan = {
  /** The section to save; null when nothing is added. */
  update: DraftsUpdate | null;
  /** Slot ids added. */
  added: number[];
  /** Already in this draft: left as they are. */
  duplicates: number[];
  /** In the other slot draft: refused, a slot is never in both. */
  inOtherDraft: number[];
  /** The draft holds another season's slots: nothing is added (the season it holds). */
  otherSeason: string | null;
};

/**
 * Plans adding `slotIds` of `season` to the `kind` draft. For modifications, `lines` (a retime)
 * become the editor's rows of the slots added, linked C and R lines; without them the editor
 * encodes the slots when the draft is opened, as for rows of Entrega de turno.
 */
export function planCorrectiveDraft(
  kind: CorrectiveDraftKind,
  season: string,
  slotIds: readonly number[],
  drafts: Drafts,
  lines: readonly RetimeLine[] = [],
): CorrectivePlan {
  const section = kind === "modify" ? drafts.modification_data : drafts.cancellation_data;
  const plan: CorrectivePlan = { update: null, added: [], duplicates: [], inOtherDraft: [], otherSeason: null };
  if (section.season !== null && section.season !== season && section.ids.length > 0) {
    plan.otherSeason = section.season;
    return plan;
  }
  const present = new Set(section.ids);
  const other = new Set(kind === "modify" ? drafts.cancellation_data.ids : drafts.modification_data.ids);
  for (const id of slotIds) {
    if (present.has(id)) plan.duplicates.push(id);
    else if (other.has(id)) plan.inOtherDraft.push(id);
    else {
      present.add(id);
      plan.added.push(id);
    }
  }
  if (plan.added.length === 0) return plan;
  const ids = [...section.ids, ...plan.added];
  if (kind === "cancel") {
    plan.update = { cancellation_data: { ...drafts.cancellation_data, season, ids } };
    return plan;
  }
  const added = new Set(plan.added);
  const entries = lines
    .filter((line) => added.has(line.slot_id))
    .map(
      (line): EncodedDraftEntry => ({
        id: String(line.slot_id),
        linked: true,
        data: { actual: { line: line.change, ghost: false }, request: { line: line.request, ghost: false } },
      }),
    );
  plan.update = {
    modification_data: { ...drafts.modification_data, season, ids, encoded: [...drafts.modification_data.encoded, ...entries] },
  };
  return plan;
}

/** The letter the modification draft's request lines already use (the editor's L/R switch); R when none. */
export function requestLetterOf(drafts: Drafts): "L" | "R" {
  const first = drafts.modification_data.encoded.find((entry) => !entry.data.request.ghost)?.data.request.line[0];
  return first === "L" ? "L" : "R";
}

/**
 * The modification draft's slots to encode as held before lines are added: all of them when the
 * draft has none written yet (slots added from Entrega de turno or a Monitoreo row, the editor not
 * opened). The editor encodes only a draft without lines, so it would otherwise show only the new ones.
 */
export const slotsWithoutLines = (drafts: Drafts): number[] =>
  drafts.modification_data.encoded.length === 0 ? drafts.modification_data.ids : [];

const draftLine = (text: string | null) => (text === null ? { line: "", ghost: true } : { line: text, ghost: false });

/** The drafts with those slots' lines as encoded (`POST /api/turnover/requests/encode/`, copy the slot). */
export function withHeldLines(drafts: Drafts, encoded: readonly EncodedSlot[]): Drafts {
  const entries = encoded.map(
    (slot): EncodedDraftEntry => ({
      id: slot.id,
      linked: slot.change !== null && slot.request !== null,
      data: { actual: draftLine(slot.change), request: draftLine(slot.request) },
    }),
  );
  const modification = drafts.modification_data;
  return { ...drafts, modification_data: { ...modification, encoded: [...modification.encoded, ...entries] } };
}
