/**
 * SCR messages (IATA SSIM Chapter 6): parse and build whole messages, resolve their dates within a
 * season, and validate the draft editor's change/request lines (seed 000 §5.1). Pure: no I/O.
 */
export type {
  ScrAction,
  ScrArrival,
  ScrDataLine,
  ScrDeparture,
  ScrError,
  ScrHeader,
  ScrMessage,
  ScrReplyAction,
  ScrRequestAction,
} from "./types";
export { SCR_REPLY_ACTIONS, SCR_REQUEST_ACTIONS } from "./types";
export { isFooterLine, looksLikeDataLine, parseScr } from "./parse";
export {
  buildScr,
  buildScrLine,
  checkScrMessage,
  ScrBuildError,
  withCanonicalLineNumbers,
  type ScrBuildProblem,
  type ScrDataLineInput,
  type ScrMessageInput,
} from "./build";
export { changedFields, LINE_FIELDS, lineFields, type LineField, type LineToken } from "./compare";
export { decodeScrMessage, type ScrDecodeResult } from "./decode";
export {
  pairReply,
  requestItems,
  type ReplyItem,
  type ReplyItemKind,
  type ReplyOutcome,
  type ReplyPairing,
} from "./reply";
export {
  isoToScrDate,
  resolveScrDate,
  ScrDateResolver,
  scrDateToIso,
  scrPeriodToIso,
  WEEKDAYS_ES,
  type ScrDateInfo,
} from "./dates";
export { isActionCode, isDdmmm as isScrDate, isDesignator, isStation, isTime } from "./tokens";
export {
  isServiceTypeCode,
  SERVICE_TYPE_CODES,
  SERVICE_TYPES,
  type ServiceType,
  type ServiceTypeCode,
} from "./serviceTypes";
export {
  DRAFT_LINE_MAX_LENGTH,
  DRAFT_LINE_MESSAGES,
  draftLineLetter,
  validateDraftLine,
  validateDraftLineAll,
  type DraftLineError,
  type DraftLineKind,
  type DraftLineOptions,
} from "./lineValidator";
export {
  DEFAULT_ENCODE_ACTION,
  editorDesignator,
  ENCODE_ACTION_LIST,
  ENCODE_ACTIONS,
  encodeActionOrDefault,
  encodeModification,
  firstFreeSuffix,
  isEncodeAction,
  newSlotLine,
  SEATS_BY_AIRCRAFT,
  slotLine,
  type DraftLineLetter,
  type EncodableSlot,
  type EncodeAction,
  type EncodedModification,
  type MatchedFlight,
  type ModificationInput,
  type NewSlotInput,
} from "./encode";
export {
  composeScrRequest,
  datePeriods,
  type DatePeriod,
  footerEntries,
  greeting,
  MAX_LINES_PER_PART,
  periodUnits,
  requestUnits,
  splitUnits,
  type RequestActionCode,
  type RequestProblem,
  type RequestRow,
  type RequestUnit,
  type ScrRequestInput,
  type ScrRequestPart,
} from "./request";
export {
  addWorkingDays,
  deadlineInReply,
  isOfferAnswer,
  OFFER_ANSWERS,
  OFFER_WORKING_DAYS,
  offerAnswerLines,
  OfferAnswerError,
  offersDeadline,
  type OfferAnswer,
} from "./offers";
