/** The airports' front door: their list (an admin tab). */
export { AirportList } from "./AirportList";
