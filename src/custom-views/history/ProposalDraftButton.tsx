/**
 * 'Añadir al borrador de modificaciones' on a flagged series' card (issue 27 item 4): the series'
 * slots still ahead go into the caller's modification draft with the request line at the proposed
 * time, through the drafts API (read the drafts as stored now, encode the slots, save from the
 * version read). Shown to the roles that may draft modifications (`draftModify`).
 */
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import { Button, Tooltip } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useCapability } from "../../client/auth/capabilities";
import { encodeDraftItems, useReadDrafts, useSaveDrafts } from "../../client/queries/drafts";
import { failureText } from "../../client/queries/request";
import { planProposalDraft, withProposal } from "../../domain/history/proposalDraft";
import { DEFAULT_ENCODE_ACTION } from "../../domain/scr";
import type { components } from "../../generated/openapi";
import "./texts";

type Proposal = NonNullable<components["schemas"]["HistoryPunctuality"]["proposal"]>;
type Season = components["schemas"]["Season"];

/** The letter the draft's request lines already use (the editor's L/R switch); R when none. */
const letterOf = (encoded: components["schemas"]["Drafts"]["modification_data"]["encoded"]): "L" | "R" => {
  const first = encoded.find((entry) => !entry.data.request.ghost)?.data.request.line[0];
  return first === "L" ? "L" : "R";
};

export const ProposalDraftButton = ({ proposal, season }: { proposal: Proposal; season: Season }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const canModify = useCapability("draftModify");
  const readDrafts = useReadDrafts();
  const { mutateAsync: saveDrafts } = useSaveDrafts();
  const [busy, setBusy] = useState(false);
  if (!canModify) return null;

  const add = async () => {
    setBusy(true);
    try {
      const drafts = await readDrafts();
      const plan = planProposalDraft(drafts, season.name, proposal.slot_ids);
      if (plan.kind === "none") {
        notify("slotdesk.history.punctuality.add_none", { type: "info" });
        return;
      }
      if (plan.kind === "other_season") {
        notify("slotdesk.history.punctuality.other_season", { type: "warning", messageArgs: { season: plan.season } });
        return;
      }
      if (plan.kind === "already") {
        notify("slotdesk.history.punctuality.already", { type: "info" });
        return;
      }
      const { encoded_slots } = await encodeDraftItems({
        draft_type: "modify",
        modification_action_code: 4,
        season_id: season.id,
        items: [...plan.rows, ...plan.add],
        encode_action: DEFAULT_ENCODE_ACTION,
        request_letter: letterOf(drafts.modification_data.encoded),
      });
      const { update, added } = withProposal(drafts, season.name, plan.add, encoded_slots, proposal.shift);
      if (added === 0) {
        notify("slotdesk.history.punctuality.add_none", { type: "info" });
        return;
      }
      await saveDrafts({ modification_data: update, version: drafts.version });
      notify("slotdesk.history.punctuality.added", { type: "success", messageArgs: { smart_count: added, time: proposal.time } });
    } catch (error) {
      notify("slotdesk.history.punctuality.add_failed", { type: "error", messageArgs: { message: failureText(error) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip
      title={
        proposal.slot_ids.length > 0
          ? translate("slotdesk.history.punctuality.add_to_draft_hint", { smart_count: proposal.slot_ids.length })
          : translate("slotdesk.history.punctuality.add_none")
      }
      describeChild
    >
      <span>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PlaylistAddIcon />}
          disabled={busy || proposal.slot_ids.length === 0}
          onClick={() => void add()}
        >
          {translate("slotdesk.history.punctuality.add_to_draft")}
        </Button>
      </span>
    </Tooltip>
  );
};
