/** The timeline's pure helpers: geometry (instants → pixels, virtualisation) and content (rows, chips, hourly load). */
export * from "./geometry";
export * from "./rows";
