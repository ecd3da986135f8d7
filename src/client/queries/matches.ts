/** Matches a mediano y corto plazo: a generation's file (the generations are the `matches` resource). */
import { apiClient } from "../api/client";

/** A generation's workbook (`GET /api/matches/{id}/download/`), for the caller to name and save. */
export const downloadMatches = (generationId: number) =>
  apiClient.GET("/api/matches/{id}/download/", { params: { path: { id: generationId } }, parseAs: "blob" });
