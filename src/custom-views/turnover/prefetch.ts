/**
 * Entrega de turno's first read, started by the shell (issue 35): with the click on the menu entry
 * the rows leave while the view's code loads and renders, under the very key and options
 * `useTurnoverRows` asks with, so the view finds them on their way or arrived.
 */
import type { QueryClient } from "@tanstack/react-query";
import { prefetchStoredTurnoverRows } from "../../client/queries/turnoverRequest";

/** Starts the read Entrega de turno will ask for when it mounts now. */
export const prefetchTurnoverRows = (queryClient: QueryClient): void => prefetchStoredTurnoverRows(queryClient);
