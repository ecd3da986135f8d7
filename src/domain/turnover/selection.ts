/**
 * Bulk selection of the turnover table for the drafts (seed 001 §2.1, §4.3, §6).
 *
 * - A row whose slot_status is empty is a flight with no slot.
 * - Rows whose slot is a leftover (S, shown as SOBC), cancelled (CAN) or in process (WIP) cannot
 *   be selected for draft actions.
 * - Flights with and without slot cannot be mixed.
 * - Only flights without slot → only 'Altas'; flights with slots → 'Modificaciones' and
 *   'Cancelaciones'; each kind further needs the role's draft capability.
 */
import type { components } from "../../generated/openapi";

type TurnoverRow = components["schemas"]["TurnoverRow"];
type SlotStatus = components["schemas"]["SlotStatus"];

/** The three drafts: altas (new slots), modificaciones, cancelaciones. */
export const DRAFT_KINDS = ["new", "modify", "cancel"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** Slot statuses that cannot go into a draft: leftover (S, the seed's SOBC), cancelled, in process. */
export const NON_SELECTABLE_SLOT_STATUSES: readonly SlotStatus[] = ["S", "CAN", "WIP"];

/** What a draft kind needs to know about the user: which kinds the role may add to. */
export type HeldDraftKinds = Readonly<Record<DraftKind, boolean>>;

type SelectionRow = Pick<TurnoverRow, "slot_status">;

/** A row with an empty slot_status is a flight with no slot (seed 001 §2.1). */
export const hasSlot = (row: SelectionRow): boolean => row.slot_status !== null;

/** False for rows whose slot is SOBC (S), CAN or WIP. */
export const isSelectableForDraft = (row: SelectionRow): boolean =>
  row.slot_status === null || !NON_SELECTABLE_SLOT_STATUSES.includes(row.slot_status);

export type SelectionProblem =
  /** Nothing selected: 'Selecciona registros para habilitar la selección'. */
  | "empty"
  /** A SOBC/CAN/WIP row is selected: 'Alguno de los registros no son validos para selección'. */
  | "invalid_status"
  /** Flights with and without slot together: 'No puedes combinar vuelos con y sin slot'. */
  | "mixed"
  /** A valid selection, but the role holds none of the kinds it allows. */
  | "role";

export type SelectionCheck =
  | { ok: false; problem: SelectionProblem }
  | {
      ok: true;
      /** True when every row has a slot, false when none has. */
      withSlot: boolean;
      /** The drafts the selection may go to, for this role, in the order Altas, Modificaciones, Cancelaciones. */
      kinds: DraftKind[];
    };

/** The draft kinds a selection allows by its shape alone: Altas without slot, the other two with. */
export const kindsForShape = (withSlot: boolean): DraftKind[] => (withSlot ? ["modify", "cancel"] : ["new"]);

/**
 * Checks a selection against every bulk rule, in this order: nothing selected, a row that is not
 * selectable, a mix of flights with and without slot, then the role.
 */
export function checkSelection(rows: readonly SelectionRow[], held: HeldDraftKinds): SelectionCheck {
  if (rows.length === 0) return { ok: false, problem: "empty" };
  if (!rows.every(isSelectableForDraft)) return { ok: false, problem: "invalid_status" };
  const withSlot = hasSlot(rows[0] as SelectionRow);
  if (!rows.every((row) => hasSlot(row) === withSlot)) return { ok: false, problem: "mixed" };
  const kinds = kindsForShape(withSlot).filter((kind) => held[kind]);
  if (kinds.length === 0) return { ok: false, problem: "role" };
  return { ok: true, withSlot, kinds };
}

/**
 * Splits candidate ids into those already in the draft (skipped) and those to add, keeping the
 * order of `candidates` and dropping repeated candidates.
 */
export function splitDuplicates<T extends string | number>(
  candidates: readonly T[],
  inDraft: readonly T[],
): { toAdd: T[]; duplicates: T[] } {
  const present = new Set<T>(inDraft);
  const seen = new Set<T>();
  const toAdd: T[] = [];
  const duplicates: T[] = [];
  for (const id of candidates) {
    if (seen.has(id)) continue;
    seen.add(id);
    (present.has(id) ? duplicates : toAdd).push(id);
  }
  return { toAdd, duplicates };
}

/** The notice of a bulk add: all duplicates → error, some → warning with the count added, none → success. */
export type BulkAddOutcome =
  | { kind: "nothing_added"; duplicates: number }
  | { kind: "partial"; added: number; duplicates: number }
  | { kind: "added"; added: number };

export function bulkAddOutcome(added: number, duplicates: number): BulkAddOutcome {
  if (added === 0) return { kind: "nothing_added", duplicates };
  if (duplicates > 0) return { kind: "partial", added, duplicates };
  return { kind: "added", added };
}
