/** The Bitácora's front door: the type labels another view shows and the data provider's handlers (the view itself is lazy in the shell's views table). */
export { LOGBOOK_TYPE_KEYS, logbook, logbookParts } from "./data";
