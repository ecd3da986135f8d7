/**
 * The Cancelaciones draft (seed 000 §2.3): the draft's slots; choosing one opens a form with its
 * D line (validated as it is typed); the editor of every D line below.
 */
import { Alert, Box, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useStoredZone } from "../../../client/dates/rangeStorage";
import { SCR_FONT } from "../../../client/ui/scrText";
import type { components } from "../../../generated/openapi";
import { planSlotRemoval, rowDateTimes } from "../../../domain/turnover";
import { useShownZone } from "../../../client/airport/useShownZone";
import { DraftEditor } from "../editor/DraftEditor";
import { lineProblem } from "../editor/lineRules";
import { setLine } from "../editor/pairs";
import type { DraftViewProps } from "../kinds";
import { RemoveSlotConfirm, SlotsTable, useSlotRows } from "../slots/SlotsTable";
import { editorBindings } from "../useDraftEditors";
import "../../../client/i18n/draftsTexts";

type TurnoverRow = components["schemas"]["TurnoverRow"];

export type CancelViewProps = DraftViewProps;

export const CancelView = ({ drafts, store, editors, context }: CancelViewProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const section = drafts.cancellation_data;
  const slots = useSlotRows(section.ids);
  const pairs = editors.pairs("cancel");
  const [selected, setSelected] = useState<TurnoverRow | null>(null);
  const [removing, setRemoving] = useState<TurnoverRow | null>(null);
  const mode = useStoredZone();
  // LOCAL: the chosen airport's zone (issue 37).
  const zone = useShownZone(mode).timeZone;

  const current = selected !== null && selected.slot_id !== null && section.ids.includes(selected.slot_id) ? selected : null;
  const rowIndex = current && pairs ? pairs.findIndex((pair) => pair.id === String(current.slot_id) && pair.request !== null) : -1;
  const line = rowIndex >= 0 ? (pairs?.[rowIndex]?.request ?? null) : null;
  const problem = line !== null ? lineProblem(line, "request", context) : null;

  const remove = async () => {
    const row = removing;
    setRemoving(null);
    if (!row || row.slot_id === null) return;
    const saved = await store.save(planSlotRemoval("cancel", row.slot_id, drafts));
    if (saved) notify("slotdesk.drafts.toasts.removed_cancel", { type: "info" });
  };

  // The slot's date as the table beside it (and Entrega de turno) shows it, in the chosen zone.
  const currentDate = current ? (rowDateTimes(current, zone).slot?.date ?? "") : "";
  const currentName = current ? `${current.slot_name ?? current.slot_id} ${currentDate}`.trim() : "";

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(300px, 380px) 1fr", gap: 2, alignItems: "start" }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
            {translate("slotdesk.drafts.cancel_view.form_title")}
          </Typography>
          {current === null ? (
            <Typography variant="body2" color="text.secondary">
              {translate("slotdesk.drafts.cancel_view.choose")}
            </Typography>
          ) : line === null || !pairs ? (
            <Alert severity="info">{translate("slotdesk.drafts.cancel_view.no_line", { slot: currentName })}</Alert>
          ) : (
            <TextField
              fullWidth
              // The whole line (up to 48 characters) is seen: it wraps instead of scrolling out of
              // the narrow form (issue 11, item 6). It stays one line: Enter adds no line break.
              multiline
              size="small"
              label={translate("slotdesk.drafts.cancel_view.line", { slot: currentName })}
              value={line}
              error={problem !== null}
              helperText={problem ?? " "}
              onKeyDown={(event) => {
                if (event.key === "Enter") event.preventDefault();
              }}
              onChange={(event) =>
                editors.change("cancel", setLine(pairs, rowIndex, "request", event.target.value.replace(/[\r\n]+/g, "").toUpperCase()))
              }
              slotProps={{
                htmlInput: { maxLength: 48, spellCheck: false, style: { fontFamily: SCR_FONT } },
              }}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {translate("slotdesk.drafts.slots")}
          </Typography>
          <SlotsTable
            variant="cancel"
            slots={slots}
            emptyText={translate("slotdesk.drafts.cancel_view.empty")}
            onRemove={setRemoving}
            selected={current?.slot_id ?? null}
            onSelect={setSelected}
          />
        </Paper>
      </Box>

      <DraftEditor {...editorBindings(editors, "cancel")} context={context} />

      <RemoveSlotConfirm slot={removing} onConfirm={() => void remove()} onClose={() => setRemoving(null)} />
    </Box>
  );
};
