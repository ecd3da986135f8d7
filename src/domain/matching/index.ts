/** Flight–slot matching: optimal matcher, greedy baseline, differences and the IATA delay codes. */
export * from "./types";
export {
  canonicalDesignator,
  classifyDifference,
  differenceToSlot,
  instantEpochMinutes,
  minutesBetween,
  offSlotMinutes,
  ON_SLOT_TOLERANCE_MINUTES,
  parseDesignator,
  parseInstant,
  slotEpochMinutes,
  utcDateOfEpochMinutes,
  type Designator,
} from "./differences";
export { maxWeightMatching, minCostAssignment } from "./assignment";
export { DEFAULT_WINDOW_MINUTES, flightOnlyStatus, pairStatus } from "./engine";
export { matchAll, matchDay, summarizeMatches, type MatchSummary } from "./matcher";
export { matchAllGreedy, matchDayGreedy } from "./greedy";
export * from "./delayCodes";
