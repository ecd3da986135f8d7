/**
 * The coordinator's list against the register (issue 23 item 3): reading a SIR, SAL or SHL for a
 * season and comparing it with the slots Slotdesk holds, series by series and date by date.
 */
export {
  COORDINATOR_LIST_AIRPORT,
  COORDINATOR_LIST_TYPES,
  readCoordinatorList,
  type CoordinatorListMessage,
  type CoordinatorListType,
  type ListRefusal,
  type ListRefusalDetail,
} from "./read";
export {
  compareCoordinatorList,
  DIFFERENCE_KINDS,
  type CoordinatorListResult,
  type DifferenceEntry,
  type DifferenceKind,
  type ListSlot,
  type PlannedDifference,
  type RegisterSlot,
} from "./compare";
export { differenceColumns, directionLabels, kindEffects, kindLabels, sheetNames } from "./columnTexts";
