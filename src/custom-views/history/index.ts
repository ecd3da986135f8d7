/**
 * Histórico's front door: the early warning's lines and picture of a series, and the button that
 * puts its proposal into the modification draft, which Monitoreo shows too.
 */
export { ProposalDraftButton } from "./ProposalDraftButton";
export { DeviationChart } from "./charts";
export { punctualityLines } from "./punctualityLines";
export type { SeriesOperation } from "./Punctuality";
export { view } from "./view";
