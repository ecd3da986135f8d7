/**
 * The match viewer's front door: the viewer other views open (its dialog loads when first opened),
 * and the changes panel the reports show.
 */
export { ChangesPanel } from "./ChangesPanel";
export { MatchViewer } from "./MatchViewer";
