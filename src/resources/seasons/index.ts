/** The seasons' front door: their list (an admin tab). */
export { SeasonList } from "./SeasonList";
