/** The match viewer's front door: the dialog other views open, and the changes panel the reports show. */
export { ChangesPanel } from "./ChangesPanel";
export { MatchViewerDialog } from "./MatchViewerDialog";
