/** The report runs' front door: their list (an admin tab) and the data provider's handlers. */
export { reportRuns } from "./data";
export { ReportRunsList } from "./ReportRunsList";
