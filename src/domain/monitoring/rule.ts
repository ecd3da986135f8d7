/**
 * A season's rule (issue 27 item 1): what the coordinator counts as a used slot. Kept per season,
 * because the rule changes: AICM's rule of October 2025 is 80 % with ±15 minutes and an
 * operation outside the tolerance not counted as used; earlier seasons had 50 % (W21) and 75 % (S22).
 */
import { withinTolerance } from "./deviation";

export type SeasonRule = {
  /** Usage threshold, percent (0–100). */
  threshold: number;
  /** Punctuality tolerance, minutes either side of the slot time (≥ 0). */
  tolerance: number;
  /** Whether an operation outside the tolerance still counts as used. */
  outsideCountsAsUsed: boolean;
};

/** AICM's current rule: the defaults of a new season. */
export const AICM_RULE: SeasonRule = { threshold: 80, tolerance: 15, outsideCountsAsUsed: false };

/**
 * Within the season's punctuality tolerance: at most `rule.tolerance` minutes off the slot either
 * way (±15: 15 is within, 16 is not). `deviation` is signed minutes, operation − slot.
 */
export const isWithinTolerance = (deviation: number, rule: Pick<SeasonRule, "tolerance">): boolean =>
  withinTolerance(deviation, rule.tolerance);

/**
 * Whether the coordinator counts an operation `deviation` minutes off its slot as a use of it under
 * the season's rule: within the tolerance, or outside it when the season counts those as used. An
 * operation whose deviation is unknown (null: no time to compare) is not held against the airline.
 * Delay codes and justifications are the caller's (Histórico's `slotOutcome`).
 */
export function operationCountsAsUsed(deviation: number | null, rule: SeasonRule): boolean {
  if (deviation === null) return true;
  return rule.outsideCountsAsUsed || isWithinTolerance(deviation, rule);
}
