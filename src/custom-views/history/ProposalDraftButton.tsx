/**
 * A flagged series' proposal into the caller's modification draft (issue 27 item 4), the one path
 * Histórico's card and Monitoreo's early warning share: read the drafts as stored now, ask the
 * server for the series' lines at the draft's L/R letter (`GET /api/monitoring/retime/`: the C
 * line as held and the request line moved by the shift, across midnight UTC when it must), plan
 * them with the drafts' rules (`planCorrectiveDraft`) and save from the version read. Shown to the
 * roles that may draft modifications (`draftModify`); each view gives its own label.
 */
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import { Button, CircularProgress, Tooltip } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useCapability } from "../../client/auth/capabilities";
import { encodeDraftItems, useReadDrafts, useSaveDrafts } from "../../client/queries/drafts";
import { useRetimeLines } from "../../client/queries/monitoring";
import { failureText } from "../../client/queries/request";
import { planCorrectiveDraft, requestLetterOf, slotsWithoutLines, withHeldLines } from "../../domain/monitoring/drafts";
import { DEFAULT_ENCODE_ACTION } from "../../domain/scr";
import type { components } from "../../generated/openapi";
import "./texts";

type Proposal = NonNullable<components["schemas"]["HistoryPunctuality"]["proposal"]>;

/** Adds the series' proposal to the modification draft of `season`, and says what happened. */
function useProposalDraft(season: { id: number; name: string }, serie: number, proposal: Proposal) {
  const notify = useNotify();
  const readDrafts = useReadDrafts();
  const { mutateAsync: saveDrafts } = useSaveDrafts();
  const fetchRetime = useRetimeLines();
  return async () => {
    try {
      const read = await readDrafts();
      const letter = requestLetterOf(read);
      const { lines } = await fetchRetime({ season_id: season.id, serie, shift: proposal.shift, letter });
      const ids = lines.map((line) => line.slot_id);
      if (ids.length === 0) {
        notify("slotdesk.history.punctuality.add_none", { type: "info" });
        return;
      }
      let plan = planCorrectiveDraft("modify", season.name, ids, read, lines);
      if (plan.otherSeason !== null) {
        notify("slotdesk.history.punctuality.other_season", { type: "warning", messageArgs: { season: plan.otherSeason } });
        return;
      }
      // Slots already in either draft are skipped; none left to add.
      if (plan.update === null) {
        notify("slotdesk.history.punctuality.already", { type: "info" });
        return;
      }
      const rows = slotsWithoutLines(read);
      if (rows.length > 0) {
        const { encoded_slots } = await encodeDraftItems({
          draft_type: "modify",
          modification_action_code: 4,
          season_id: season.id,
          items: rows,
          encode_action: DEFAULT_ENCODE_ACTION,
          request_letter: letter,
        });
        plan = planCorrectiveDraft("modify", season.name, ids, withHeldLines(read, encoded_slots), lines);
      }
      if (plan.update === null) return;
      await saveDrafts({ ...plan.update, version: read.version });
      notify("slotdesk.history.punctuality.added", { type: "success", messageArgs: { smart_count: plan.added.length, time: proposal.time } });
    } catch (error) {
      notify("slotdesk.history.punctuality.add_failed", { type: "error", messageArgs: { message: failureText(error) } });
    }
  };
}

export const ProposalDraftButton = ({
  proposal,
  season,
  serie,
  label,
}: {
  proposal: Proposal;
  season: { id: number; name: string };
  serie: number;
  /** The button's text: each view words it its own way. */
  label: string;
}) => {
  const translate = useTranslate();
  const canModify = useCapability("draftModify");
  const add = useProposalDraft(season, serie, proposal);
  const [busy, setBusy] = useState(false);
  if (!canModify) return null;

  const onClick = async () => {
    setBusy(true);
    try {
      await add();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip
      title={
        proposal.slots > 0
          ? translate("slotdesk.history.punctuality.add_to_draft_hint", { smart_count: proposal.slots })
          : translate("slotdesk.history.punctuality.add_none")
      }
      describeChild
    >
      <span>
        <Button
          size="small"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <PlaylistAddIcon />}
          disabled={busy || proposal.slots === 0}
          onClick={() => void onClick()}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
};
