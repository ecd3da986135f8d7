/**
 * Writing turnover rows into the user's drafts (seed 001 §4.3) through the shared drafts cache
 * (src/client/queries/drafts.ts). The plan (what is added, what is skipped and why) is the pure
 * `planDraftAdd`; this hook reads the drafts as stored now, saves the section and reports.
 */
import { useMemo } from "react";
import { useClearDraft, useReadDrafts, useSaveDrafts } from "../../client/queries/drafts";
import { failureText } from "../../client/queries/request";
import { type DraftAddOptions, type DraftAddPlan, type DraftKind, draftSize, planDraftAdd } from "../../domain/turnover";
import type { TurnoverRow } from "../../client/status/statusDisplay";

export type DraftAddResult = { kind: "saved"; plan: DraftAddPlan } | { kind: "failed"; message: string };

export type DraftClearResult = { kind: "empty" } | { kind: "cleared" } | { kind: "failed"; message: string };

export type DraftCountResult = { kind: "counted"; count: number } | { kind: "failed"; message: string };

const failed = (error: unknown) => ({ kind: "failed", message: failureText(error) }) as const;

export function useDraftWrites() {
  const readDrafts = useReadDrafts();
  const { mutateAsync: saveDrafts } = useSaveDrafts();
  const { mutateAsync: clear } = useClearDraft();
  return useMemo(
    () => ({
      /** Reads the drafts, adds what may be added, and saves that one section when something changed. */
      async addRowsToDraft(kind: DraftKind, rows: readonly TurnoverRow[], options: DraftAddOptions = {}): Promise<DraftAddResult> {
        try {
          const plan = planDraftAdd(kind, rows, await readDrafts(), options);
          if (plan.update) await saveDrafts(plan.update);
          return { kind: "saved", plan };
        } catch (error) {
          return failed(error);
        }
      },

      /** How many items one draft holds now (what emptying it would remove). */
      async countDraft(kind: DraftKind): Promise<DraftCountResult> {
        try {
          return { kind: "counted", count: draftSize(kind, await readDrafts()) };
        } catch (error) {
          return failed(error);
        }
      },

      /** Empties one draft; says so when it already was empty. */
      async clearDraft(kind: DraftKind): Promise<DraftClearResult> {
        try {
          if (draftSize(kind, await readDrafts()) === 0) return { kind: "empty" };
          await clear(kind);
          return { kind: "cleared" };
        } catch (error) {
          return failed(error);
        }
      },
    }),
    [readDrafts, saveDrafts, clear],
  );
}
