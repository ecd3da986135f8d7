/** Entrega de turno's front door: the rows, filters and toolbar pieces the timeline shares (the view itself is lazy in the shell's views table). */
export { readStoredFilters, storeFilters } from "../../client/queries/turnoverRequest";
export { NomenclatureDialog } from "./NomenclatureDialog";
export { NomenclatureButton, RefreshControl, ZoneToggle } from "./TurnoverToolbar";
export { useTurnoverRows } from "./useTurnoverRows";
export { VisibilityFilter } from "./VisibilityFilter";
export { view } from "./view";
