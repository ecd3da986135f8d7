/**
 * The match viewer's front door: the viewer other views open and the changes panel the reports
 * show, each loaded when first shown (a view that only opens the viewer carries none of its code).
 */
export { ChangesPanel, MatchViewer } from "./MatchViewer";
