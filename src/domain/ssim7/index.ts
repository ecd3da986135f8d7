/** The airline's schedule in IATA SSIM Chapter 7: reader and expansion into dated flights. */
export { legInstants, NEXT_DAY_ARRIVAL_MESSAGE, parseSsimDate, readSsim7, SSIM_RECORD_LENGTH } from "./read";
export type { Ssim7File, Ssim7Leg, Ssim7Problem, Ssim7ReadOptions, Ssim7TimeMode } from "./read";
export { expandLegs } from "./expand";
export type { PlannedFlight } from "./expand";
export { formatSsimDate, writeSsim7 } from "./write";
export type { Ssim7LegSpec } from "./write";
