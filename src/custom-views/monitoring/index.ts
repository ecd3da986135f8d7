/** The room's front door: what the shell and other rooms may use. */
export { view } from "./view";
