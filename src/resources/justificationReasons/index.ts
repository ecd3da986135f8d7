/** The justification reasons' front door: their list (an admin tab). */
export { JustificationReasonList } from "./JustificationReasonList";
