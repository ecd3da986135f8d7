/**
 * Aircraft movement messages (MVT, IATA AHM 780): the reader. Pure: no I/O. What a message says
 * is applied to flights elsewhere (issue 23, item 2); the reader only reads, with the problems of
 * the shared reading model (src/domain/reading).
 */
export type { MvtDelay, MvtDiversion, MvtMessage, MvtReadOptions, MvtReturn, MvtTime } from "./types";
export { MIDNIGHT_CROSSING_MAX_MINUTES, readMvt } from "./read";
export {
  type ActualTimeSource,
  applyMvt,
  HOME_STATION,
  isInboundEstimate,
  type MvtApplied,
  type MvtFlightKey,
  mvtFlightKey,
  mvtFlightLabel,
  mvtForStation,
  type MvtFlightState,
  mvtDelays,
  resolveMvtTime,
  sameFlightState,
} from "./resolve";
