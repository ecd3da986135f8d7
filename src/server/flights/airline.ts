/** The airline's designators (IATA and ICAO): what its feeds name, and what other airlines' lines are not. */
export const AIRLINE_DESIGNATORS = ["VB", "VIV"];
