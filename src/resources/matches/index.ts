/** The matches room's front door: nothing the shell needs beyond its lazy view (the data go through the contract's data provider). */
export type { MatchGeneration } from "./data";
export { view } from "./view";
