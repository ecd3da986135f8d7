/** Bitácora: its lines' parts, notes, offers and files, and the request references. */
import { apiClient } from "../api/client";

/** The season's next free reference (`next_available`); the whole result for the caller to read. */
export const nextReference = (season: number, signal: AbortSignal) =>
  apiClient.GET("/api/logbook/references/next_available/", { params: { query: { season } }, signal });

/** Whether a reference is free in the season, else the next free one (`check_availability`). */
export const checkReference = (season: number, reference: number) =>
  apiClient.GET("/api/logbook/references/check_availability/", { params: { query: { season, reference } } });
