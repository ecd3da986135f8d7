/** Histórico's front door: the early warning's lines and picture of a series, which Monitoreo shows too. */
export { DeviationChart, punctualityLines, type SeriesOperation } from "./Punctuality";
