/** The seasons' front door: their list (an admin tab) and the data provider's handlers. */
export { seasons } from "./data";
export { SeasonList } from "./SeasonList";
