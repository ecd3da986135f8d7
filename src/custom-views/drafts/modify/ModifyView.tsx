/**
 * The Modificaciones draft (seed 000 §2.3, §4.1, §4.2): the draft's slots, the five encode actions
 * (choosing another one asks first, then encodes the lines again), the L/R switch with its SSIM
 * meaning, and the editor of the C and R/L lines, saved after every change.
 */
import { Box, FormControlLabel, Paper, Switch, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import type { components } from "../../../generated/openapi";
import { DraftEditor } from "../editor/DraftEditor";
import { keepIds, pairsToDraft } from "../editor/pairs";
import type { DraftViewProps } from "../kinds";
import { RemoveSlotConfirm, SlotsTable, useSlotRows } from "../slots/SlotsTable";
import { ENCODE_ACTION_LIST, type EncodeAction, encodeActionOrDefault, isEncodeAction } from "../../../domain/scr";
import { editorBindings } from "../useDraftEditors";
import "../../../client/i18n/draftsTexts";

type TurnoverRow = components["schemas"]["TurnoverRow"];

const ACTION_KEYS: Readonly<Record<EncodeAction, { label: string; help: string }>> = {
  1: { label: "slotdesk.drafts.modify_view.actions.suffix_name_route", help: "slotdesk.drafts.modify_view.actions.suffix_name_route_help" },
  2: { label: "slotdesk.drafts.modify_view.actions.leftover_suffix", help: "slotdesk.drafts.modify_view.actions.leftover_suffix_help" },
  3: { label: "slotdesk.drafts.modify_view.actions.remove_suffix", help: "slotdesk.drafts.modify_view.actions.remove_suffix_help" },
  4: { label: "slotdesk.drafts.modify_view.actions.match_itinerary", help: "slotdesk.drafts.modify_view.actions.match_itinerary_help" },
  5: { label: "slotdesk.drafts.modify_view.actions.copy_slot", help: "slotdesk.drafts.modify_view.actions.copy_slot_help" },
};

export type ModifyViewProps = DraftViewProps;

export const ModifyView = ({ drafts, store, editors, context }: ModifyViewProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const section = drafts.modification_data;
  const slots = useSlotRows(section.ids);
  const action = encodeActionOrDefault(section.action);
  const pairs = editors.pairs("modify");
  const [pendingAction, setPendingAction] = useState<EncodeAction | null>(null);
  const [removing, setRemoving] = useState<TurnoverRow | null>(null);
  const [busy, setBusy] = useState(false);

  const applyAction = async (next: EncodeAction) => {
    setPendingAction(null);
    setBusy(true);
    try {
      if (await editors.changeAction(next)) notify("slotdesk.drafts.toasts.updated", { type: "success" });
    } finally {
      setBusy(false);
    }
  };

  const chooseAction = (next: EncodeAction) => {
    if (next === action || busy) return;
    // Nothing in the editor to lose: no need to ask.
    if (!pairs || pairs.length === 0) void applyAction(next);
    else setPendingAction(next);
  };

  const remove = async () => {
    const row = removing;
    setRemoving(null);
    if (!row || row.slot_id === null) return;
    editors.discardPendingSave();
    const ids = section.ids.filter((id) => id !== row.slot_id);
    const encoded = pairsToDraft(keepIds(pairs ?? [], new Set(ids.map(String))));
    const saved = await store.save({
      modification_data: { ...section, ids, season: ids.length > 0 ? section.season : null, encoded: ids.length > 0 ? encoded : [] },
    });
    if (saved) notify("slotdesk.drafts.toasts.removed_modify", { type: "info" });
  };

  const letter = editors.requestLetter;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {translate("slotdesk.drafts.slots")}
        </Typography>
        <SlotsTable
          variant="modify"
          slots={slots}
          emptyText={translate("slotdesk.drafts.modify_view.empty")}
          onRemove={setRemoving}
          disabled={busy}
        />
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p" id="modify-action-label">
            {translate("slotdesk.drafts.modify_view.action")}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={action}
            disabled={busy}
            aria-labelledby="modify-action-label"
            onChange={(_, value: number | null) => {
              if (value !== null && isEncodeAction(value)) chooseAction(value);
            }}
          >
            {ENCODE_ACTION_LIST.map((code) => (
              <Tooltip key={code} describeChild title={translate(ACTION_KEYS[code].help)}>
                <ToggleButton value={code} sx={{ textTransform: "none" }}>
                  {translate(ACTION_KEYS[code].label)}
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={letter === "R"}
                disabled={busy}
                onChange={(event) => editors.setRequestLetter(event.target.checked ? "R" : "L")}
                slotProps={{ input: { "aria-describedby": "modify-letter-state modify-letter-help" } }}
              />
            }
            label={translate("slotdesk.drafts.modify_view.letter_label")}
          />
          <Typography variant="body2" id="modify-letter-state" sx={{ ml: 6 }}>
            {translate(letter === "R" ? "slotdesk.drafts.modify_view.letter_r" : "slotdesk.drafts.modify_view.letter_l")}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" id="modify-letter-help" sx={{ ml: 6, maxWidth: 360 }}>
            {translate("slotdesk.drafts.modify_view.letter_help")}
          </Typography>
        </Box>
      </Paper>

      <DraftEditor {...editorBindings(editors, "modify")} context={context} />

      <Confirm
        isOpen={pendingAction !== null}
        title="slotdesk.drafts.confirm.action_title"
        content="slotdesk.drafts.confirm.action"
        contentTranslateOptions={{ action: pendingAction ? translate(ACTION_KEYS[pendingAction].label) : "" }}
        confirm="slotdesk.drafts.confirm.accept"
        cancel="slotdesk.drafts.confirm.cancel"
        onConfirm={() => {
          if (pendingAction !== null) void applyAction(pendingAction);
        }}
        onClose={() => setPendingAction(null)}
      />
      <RemoveSlotConfirm slot={removing} onConfirm={() => void remove()} onClose={() => setRemoving(null)} />
    </Box>
  );
};
