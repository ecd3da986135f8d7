/**
 * Puts a Monitoreo row's corrective slots into the caller's drafts: Cancelaciones for a slot not
 * used, Modificaciones for the series' later slots, whose lines the editor writes (an early
 * warning's retime goes through Histórico's `ProposalDraftButton`). The drafts are read fresh,
 * planned by `planCorrectiveDraft` and saved from the version read; the person is told what went
 * in and what did not, and why.
 */
import { useCallback } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useReadDrafts, useSaveDrafts } from "../../client/queries/drafts";
import { failureText } from "../../client/queries/request";
import { type CorrectiveDraftKind, planCorrectiveDraft } from "../../domain/monitoring/drafts";
import { DRAFT_KEYS } from "./labels";

export function useCorrectiveDraft() {
  const translate = useTranslate();
  const notify = useNotify();
  const readDrafts = useReadDrafts();
  const saveDrafts = useSaveDrafts();

  return useCallback(
    async (kind: CorrectiveDraftKind, season: string, slotIds: readonly number[]): Promise<boolean> => {
      const draft = translate(DRAFT_KEYS[kind]);
      try {
        const plan = planCorrectiveDraft(kind, season, slotIds, await readDrafts());
        if (plan.otherSeason !== null) {
          notify("slotdesk.monitoring.drafts.season", { type: "warning", messageArgs: { draft, season: plan.otherSeason, other: season } });
          return false;
        }
        if (plan.inOtherDraft.length > 0) {
          notify("slotdesk.monitoring.drafts.other_draft", { type: "warning", messageArgs: { smart_count: plan.inOtherDraft.length } });
        }
        if (plan.update) {
          await saveDrafts.mutateAsync(plan.update);
          notify("slotdesk.monitoring.drafts.added", { type: "success", messageArgs: { smart_count: plan.added.length, draft } });
        }
        // Slots already in the draft keep what they had there (their lines included).
        if (plan.duplicates.length > 0) {
          notify("slotdesk.monitoring.drafts.already", { type: "info", messageArgs: { smart_count: plan.duplicates.length, draft } });
        }
        return plan.update !== null;
      } catch (error) {
        notify(failureText(error), { type: "error" });
        return false;
      }
    },
    [translate, notify, readDrafts, saveDrafts],
  );
}
