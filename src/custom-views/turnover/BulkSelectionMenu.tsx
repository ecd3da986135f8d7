/**
 * The bulk-selection menu of Entrega de turno (seed 001 §2.1, §4.3): what the selection allows
 * (Altas for flights without slot, Modificaciones and Cancelaciones for flights with slot, as the
 * role permits), each rule's Spanish message, opening a draft in the drafts modal, and emptying
 * a draft after a confirmation that says what will be lost (seed 000 §8). The selection outlives
 * the quick search: rows the search hides stay selected, the actions act on them, and the status
 * and the menu say how many they are.
 */
import ChecklistIcon from "@mui/icons-material/Checklist";
import DeselectIcon from "@mui/icons-material/Deselect";
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import { Box, Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from "@mui/material";
import { lazy, Suspense, useId, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import {
  bulkAddOutcome,
  checkSelection,
  DATE_FORMAT,
  DRAFT_KINDS,
  type DraftKind,
  draftItemDate,
  formatMs,
  type HeldDraftKinds,
  isPastModificationCutoff,
  type SelectionProblem,
  slotMs,
  type ShownZone,
} from "../../domain/turnover";
import { DRAFT_NAME_KEYS, useDraftsModal } from "../drafts";
import { formatDate } from "./columns";
import { useDraftWrites } from "./drafts";
import type { TurnoverRow } from "../../client/status/statusDisplay";

/** The Altas time question loads when first asked (not part of Entrega de turno's first load). */
/** The question before emptying a draft, loaded when first asked. */
const ClearDraftConfirm = lazy(() => import("./ClearDraftConfirm"));
const NewSlotTimeDialog = lazy(() => import("./NewSlotTimeDialog").then((module) => ({ default: module.NewSlotTimeDialog })));

const PROBLEM_KEYS: Readonly<Record<SelectionProblem, string>> = {
  empty: "slotdesk.turnover.bulk.hint",
  invalid_status: "slotdesk.turnover.bulk.invalid",
  mixed: "slotdesk.turnover.bulk.mixed",
  role: "slotdesk.turnover.bulk.role",
};

interface BulkSelectionMenuProps {
  /** Every selected row, the ones the search hides included. */
  selected: readonly TurnoverRow[];
  /** How many of `selected` the quick search hides. */
  hidden?: number;
  held: HeldDraftKinds;
  zone: ShownZone;
  /** After rows went into a draft (the table clears its selection). */
  onAdded: () => void;
  /** Unselects every row, the hidden ones too. */
  onClearSelection?: () => void;
  /** The clock, for the 12-hour cutoff. */
  now?: () => Date;
}

export const BulkSelectionMenu = ({
  selected,
  hidden = 0,
  held,
  zone,
  onAdded,
  onClearSelection,
  now = () => new Date(),
}: BulkSelectionMenuProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const menuId = useId();
  const statusId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const drafts = useDraftsModal();
  const { addRowsToDraft, countDraft, clearDraft } = useDraftWrites();
  /** Altas wait for the optional time change (seed 001 §4.3). */
  const [askingTime, setAskingTime] = useState(false);
  /** The draft waiting for the user's confirmation before it is emptied, with its item count. */
  const [clearing, setClearing] = useState<{ kind: DraftKind; count: number } | null>(null);
  const check = checkSelection(selected, held);
  const problem = check.ok
    ? translate("slotdesk.turnover.bulk.selected", { smart_count: selected.length })
    : translate(PROBLEM_KEYS[check.problem]);
  const status =
    hidden > 0
      ? `${problem} ${translate("slotdesk.turnover.hidden_by_search", { smart_count: hidden, count: hidden.toLocaleString("es-MX") })}`
      : problem;
  const heldKinds = DRAFT_KINDS.filter((kind) => held[kind]);

  const choose = (kind: DraftKind) => {
    setAnchor(null);
    if (kind === "new") setAskingTime(true);
    else void add(kind);
  };

  const add = async (kind: DraftKind, newSlotTime?: string) => {
    const draft = translate(DRAFT_NAME_KEYS[kind]);
    let rows = [...selected];
    if (kind === "modify") {
      const clock = now();
      const late = rows.filter((row) => isPastModificationCutoff(row.slot_date, row.slot_time, clock));
      const first = late[0];
      if (first) {
        const ms = slotMs(first.slot_date, first.slot_time);
        notify("slotdesk.turnover.bulk.cutoff", {
          type: "warning",
          messageArgs: {
            slot: first.slot_name ?? first.id,
            date: ms === null ? formatDate(first.date) : formatMs(ms, zone.timeZone, DATE_FORMAT),
          },
        });
        rows = rows.filter((row) => !late.includes(row));
        if (rows.length === 0) return;
      }
    }
    setBusy(true);
    try {
      const result = await addRowsToDraft(kind, rows, newSlotTime === undefined ? {} : { newSlotTime });
      if (result.kind === "failed") {
        notify(result.message, { type: "error" });
        return;
      }
      const { plan } = result;
      const outOfSeason = plan.outOfSeason[0];
      if (outOfSeason) {
        notify("slotdesk.turnover.bulk.season", {
          type: "warning",
          messageArgs: {
            season: plan.season ?? "",
            match: outOfSeason.flight_name ?? outOfSeason.slot_name ?? outOfSeason.id,
            date: formatDate(draftItemDate(outOfSeason)),
          },
        });
      }
      if (plan.inOtherDraft.length > 0) {
        notify("slotdesk.turnover.bulk.in_other_draft", {
          type: "warning",
          messageArgs: {
            smart_count: plan.inOtherDraft.length,
            other: translate(DRAFT_NAME_KEYS[kind === "modify" ? "cancel" : "modify"]),
          },
        });
      }
      if (plan.unusable.length > 0) {
        notify("slotdesk.turnover.bulk.unusable", { type: "warning", messageArgs: { smart_count: plan.unusable.length } });
      }
      const outcome = bulkAddOutcome(plan.added.length, plan.duplicates.length);
      if (outcome.kind === "nothing_added") {
        if (outcome.duplicates > 0) notify("slotdesk.turnover.bulk.all_duplicates", { type: "error", messageArgs: { draft } });
        return;
      }
      if (outcome.kind === "partial") {
        notify("slotdesk.turnover.bulk.partially_added", {
          type: "warning",
          messageArgs: { draft, added: outcome.added, duplicates: outcome.duplicates },
        });
      } else {
        notify("slotdesk.turnover.bulk.added", { type: "success", messageArgs: { draft } });
      }
      onAdded();
    } finally {
      setBusy(false);
    }
  };

  /** Asks before emptying a draft that holds something; an empty one is only reported. */
  const askClear = async (kind: DraftKind) => {
    setAnchor(null);
    setBusy(true);
    try {
      const result = await countDraft(kind);
      if (result.kind === "failed") {
        notify(result.message, { type: "error" });
      } else if (result.count === 0) {
        notify("slotdesk.turnover.bulk.draft_empty", { type: "warning", messageArgs: { draft: translate(DRAFT_NAME_KEYS[kind]) } });
      } else {
        setClearing({ kind, count: result.count });
      }
    } finally {
      setBusy(false);
    }
  };

  const clear = async (kind: DraftKind) => {
    setClearing(null);
    const draft = translate(DRAFT_NAME_KEYS[kind]);
    setBusy(true);
    try {
      const result = await clearDraft(kind);
      if (result.kind === "empty") {
        notify("slotdesk.turnover.bulk.draft_empty", { type: "warning", messageArgs: { draft } });
      } else if (result.kind === "cleared") {
        notify("slotdesk.turnover.bulk.emptied", { type: "info", autoHideDuration: 2500, messageArgs: { draft } });
      } else {
        notify(result.message, { type: "error" });
      }
    } finally {
      setBusy(false);
    }
  };

  if (heldKinds.length === 0) return null;

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Button
        size="small"
        startIcon={<ChecklistIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-describedby={statusId}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate("slotdesk.turnover.bulk.menu")}
      </Button>
      <Typography
        id={statusId}
        role="status"
        variant="body2"
        color={check.ok || check.problem === "empty" ? "text.secondary" : "error"}
        noWrap
      >
        {status}
      </Typography>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {check.ok && hidden > 0 ? (
          <MenuItem disabled>
            <ListItemText>{translate("slotdesk.turnover.bulk.includes_hidden", { smart_count: hidden })}</ListItemText>
          </MenuItem>
        ) : null}
        {check.ok
          ? check.kinds.map((kind) => (
              <MenuItem key={`add-${kind}`} onClick={() => choose(kind)}>
                <ListItemIcon>
                  <PlaylistAddIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>
                  {translate("slotdesk.turnover.bulk.add_to", { draft: translate(DRAFT_NAME_KEYS[kind]) })}
                </ListItemText>
              </MenuItem>
            ))
          : [
              <MenuItem key="problem" disabled>
                <ListItemText>{status}</ListItemText>
              </MenuItem>,
            ]}
        {onClearSelection && selected.length > 0 ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onClearSelection();
            }}
          >
            <ListItemIcon>
              <DeselectIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate("slotdesk.turnover.bulk.clear_selection")}</ListItemText>
          </MenuItem>
        ) : null}
        <Divider />
        {heldKinds.map((kind) => (
          <MenuItem
            key={`open-${kind}`}
            onClick={() => {
              setAnchor(null);
              drafts.open(kind);
            }}
          >
            <ListItemIcon>
              <OpenInFullIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate("slotdesk.turnover.bulk.open", { draft: translate(DRAFT_NAME_KEYS[kind]) })}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {heldKinds.map((kind) => (
          <MenuItem key={`clear-${kind}`} onClick={() => void askClear(kind)}>
            <ListItemIcon>
              <DeleteSweepIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate("slotdesk.turnover.bulk.clear", { draft: translate(DRAFT_NAME_KEYS[kind]) })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {clearing ? (
        <Suspense fallback={null}>
          <ClearDraftConfirm
            kind={clearing.kind}
            count={clearing.count}
            onConfirm={() => void clear(clearing.kind)}
            onClose={() => setClearing(null)}
          />
        </Suspense>
      ) : null}
      {askingTime ? (
        <Suspense fallback={null}>
          <NewSlotTimeDialog
            count={selected.length}
            onCancel={() => setAskingTime(false)}
            onConfirm={(time) => {
              setAskingTime(false);
              void add("new", time);
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
};
