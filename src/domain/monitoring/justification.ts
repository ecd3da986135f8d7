/**
 * Justified non-use (issue 27 item 2). A slot that was not used (no flight, or a cancelled one)
 * or an operation outside the season's tolerance can be justified with a reason coordinators
 * accept; a justified slot counts as used (src/domain/history). The reasons are data, each with
 * the IATA delay codes that propose it: a delay code outside the airline's control proposes the
 * justification, and a person confirms it.
 */
import type { components } from "../../generated/openapi";

export type JustificationKind = components["schemas"]["JustificationKind"];

/** What a proposal reads of a reason (the contract's JustificationReason has it all). */
export type ProposableReason = Pick<
  components["schemas"]["JustificationReason"],
  "id" | "code" | "label" | "delay_codes" | "active" | "position"
>;

/** The reason the flight's delay codes propose, and the code that proposed it. */
export type JustificationProposal = {
  reasonId: number;
  /** The reason's stable code (weather, atc_atfm…). */
  reasonCode: string;
  /** The reason's label, as people read it: "Meteorología". */
  label: string;
  /** The delay code that proposed it: "71". */
  code: string;
};

/**
 * The reason the flight's delay codes propose, or null. `delayCodes` are the flight's codes in
 * their order (the team's evaluation once the flight was evaluated, else AIMS's): the first code
 * that an active reason lists decides — the first code is the main cause of the delay. When two
 * active reasons list the same code (the server refuses it, but the data could hold it), the one
 * first by position wins.
 */
export function proposeJustification(
  delayCodes: readonly string[],
  reasons: readonly ProposableReason[],
): JustificationProposal | null {
  const active = reasons.filter((reason) => reason.active).sort((a, b) => a.position - b.position || a.id - b.id);
  for (const raw of delayCodes) {
    const code = raw.trim();
    const reason = active.find((candidate) => candidate.delay_codes.includes(code));
    if (reason) return { reasonId: reason.id, reasonCode: reason.code, label: reason.label, code };
  }
  return null;
}

/** What happened to a past slot, as far as justifying it goes. */
export type SlotUse = {
  /** Matched to a flight that was not cancelled. */
  operated: boolean;
  /** Minutes off the slot: actual − slot, else scheduled − slot; null without a flight. */
  difference: number | null;
};

/**
 * Which justification a past slot can take, or null when it needs none: `not_used` when it was
 * not operated, `off_tolerance` when it was operated more than `tolerance` minutes (either way)
 * off its time; an operation within the tolerance was used on time.
 */
export function justifiableKind(use: SlotUse, tolerance: number): JustificationKind | null {
  if (!use.operated) return "not_used";
  if (use.difference !== null && Math.abs(use.difference) > tolerance) return "off_tolerance";
  return null;
}

/** The kinds' names as people read them (audit details, messages). */
export const JUSTIFICATION_KIND_LABELS: Readonly<Record<JustificationKind, string>> = {
  not_used: "Slot no usado",
  off_tolerance: "Operación fuera de tolerancia",
};
