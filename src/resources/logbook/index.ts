/** The Bitácora's front door: the type labels another view shows (the view itself is lazy in the shell's views table). */
export { LOGBOOK_TYPE_KEYS } from "./data";
export { view } from "./view";
