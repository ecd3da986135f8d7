/** Pure rules of Entrega de turno and the match viewer (seed 001). */
export * from "./filters";
export * from "./rules";
export * from "./selection";
export * from "./sorting";
export * from "./time";
export * from "./drafts";
