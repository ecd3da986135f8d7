/** Demo data: a seeded, deterministic season of the demo airline at MEX. */
export * from "./season";
export { AIRCRAFT_SEATS, DEMO_STATIONS, type DemoAircraftType, type DemoStation } from "./routes";
export { mulberry32, Random } from "./random";
