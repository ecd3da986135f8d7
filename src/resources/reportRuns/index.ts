/** The report runs' front door: their list (an admin tab). */
export { ReportRunsList } from "./ReportRunsList";
