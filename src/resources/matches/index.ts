/** The matches room's front door: the data provider's handlers (the view itself is lazy in the shell's views table). */
export { matches } from "./data";
