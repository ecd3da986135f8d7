/** The justification reasons' front door: their list (an admin tab) and the data provider's handlers. */
export { justificationReasons } from "./data";
export { JustificationReasonList } from "./JustificationReasonList";
