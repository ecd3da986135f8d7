/**
 * Writing turnover rows into the user's drafts (seed 001 §4.3) through the drafts API
 * (`GET`/`POST`/`DELETE /api/turnover/drafts/`). The plan (what is added, what is skipped and
 * why) is the pure `planDraftAdd`; this module loads the drafts, saves the section and reports.
 */
import { apiClient, apiErrorMessage } from "../../client/api/client";
import { type DraftAddOptions, type DraftAddPlan, type DraftKind, draftSize, planDraftAdd } from "../../domain/turnover";
import type { TurnoverRow } from "../../client/status/statusDisplay";

export type DraftAddResult = { kind: "saved"; plan: DraftAddPlan } | { kind: "failed"; message: string };

export type DraftClearResult = { kind: "empty" } | { kind: "cleared" } | { kind: "failed"; message: string };

/** Loads the drafts, adds what may be added, and saves that one section when something changed. */
export async function addRowsToDraft(
  kind: DraftKind,
  rows: readonly TurnoverRow[],
  options: DraftAddOptions = {},
): Promise<DraftAddResult> {
  try {
    const { data: drafts, error } = await apiClient.GET("/api/turnover/drafts/");
    if (!drafts) return { kind: "failed", message: apiErrorMessage(error) };
    const plan = planDraftAdd(kind, rows, drafts, options);
    if (plan.update) {
      const { data: saved, error: saveError } = await apiClient.POST("/api/turnover/drafts/", { body: plan.update });
      if (!saved) return { kind: "failed", message: apiErrorMessage(saveError) };
    }
    return { kind: "saved", plan };
  } catch (error) {
    return { kind: "failed", message: apiErrorMessage(error) };
  }
}

export type DraftCountResult = { kind: "counted"; count: number } | { kind: "failed"; message: string };

/** How many items one draft holds now (what emptying it would remove). */
export async function countDraft(kind: DraftKind): Promise<DraftCountResult> {
  try {
    const { data: drafts, error } = await apiClient.GET("/api/turnover/drafts/");
    if (!drafts) return { kind: "failed", message: apiErrorMessage(error) };
    return { kind: "counted", count: draftSize(kind, drafts) };
  } catch (error) {
    return { kind: "failed", message: apiErrorMessage(error) };
  }
}

/** Empties one draft; says so when it already was empty. */
export async function clearDraft(kind: DraftKind): Promise<DraftClearResult> {
  try {
    const { data: drafts, error } = await apiClient.GET("/api/turnover/drafts/");
    if (!drafts) return { kind: "failed", message: apiErrorMessage(error) };
    if (draftSize(kind, drafts) === 0) return { kind: "empty" };
    const { data: cleared, error: clearError } = await apiClient.DELETE("/api/turnover/drafts/", {
      params: { query: { type: kind } },
    });
    if (!cleared) return { kind: "failed", message: apiErrorMessage(clearError) };
    return { kind: "cleared" };
  } catch (error) {
    return { kind: "failed", message: apiErrorMessage(error) };
  }
}
