/**
 * A season's rule (issue 27 item 1): what the coordinator counts as a used slot. Kept per season,
 * because the rule changes: AICM's rule of October 2025 is 80 % with ±15 minutes and an
 * operation outside the tolerance not counted as used; earlier seasons had 50 % (W21) and 75 % (S22).
 */
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
