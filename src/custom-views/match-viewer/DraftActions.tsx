/**
 * The viewer's draft buttons (seed 001 §2.6, §4.2, §8): 'Solicitar slot' puts a flight without
 * slot in the Altas draft; 'Agregar a borrador' toggles a slot in or out of Modificaciones or
 * Cancelaciones — never both, each option disabled while the slot is in the other, the whole
 * button disabled for SOBC, CAN and WIP slots. Each kind needs the role's draft capability.
 */
import AddTaskIcon from "@mui/icons-material/AddTask";
import CheckIcon from "@mui/icons-material/Check";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { useId, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { useDrafts, useSaveDrafts } from "../../client/queries/drafts";
import { failureText } from "../../client/queries/request";
import { useCapability } from "../../client/auth/capabilities";
import {
  DATE_FORMAT,
  draftItemDate,
  formatMs,
  isPastModificationCutoff,
  isSelectableForDraft,
  planDraftAdd,
  planSlotRemoval,
  slotDraftOf,
  slotMs,
  type ShownZone,
} from "../../domain/turnover";
import type { components } from "../../generated/openapi";
import { DRAFT_NAME_KEYS } from "../drafts";
import { formatDate } from "../../domain/dateRange";
import type { TurnoverRow } from "../../client/status/statusDisplay";
import "./texts";

type DraftsUpdate = components["schemas"]["DraftsUpdate"];
type SlotDraft = "modify" | "cancel";

export const DraftActions = ({ match, zone, now = () => new Date() }: { match: TurnoverRow; zone: ShownZone; now?: () => Date }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const menuId = useId();
  const canNew = useCapability("draftNew");
  const canModify = useCapability("draftModify");
  const canCancel = useCapability("draftCancel");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const needsDrafts = canNew || canModify || canCancel;
  const drafts = useDrafts(needsDrafts).data ?? null;
  const saveDrafts = useSaveDrafts();

  const save = async (update: DraftsUpdate): Promise<boolean> => {
    try {
      await saveDrafts.mutateAsync(update);
      return true;
    } catch (error) {
      notify(failureText(error), { type: "error" });
      return false;
    }
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(apiErrorMessage(error), { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  const seasonWarning = (season: string | null) =>
    notify("slotdesk.turnover.bulk.season", {
      type: "warning",
      messageArgs: {
        season: season ?? "",
        match: match.flight_name ?? match.slot_name ?? match.id,
        date: formatDate(draftItemDate(match)),
      },
    });

  const requestSlot = () =>
    run(async () => {
      if (!drafts) return;
      const plan = planDraftAdd("new", [match], drafts);
      if (plan.duplicates.length > 0) {
        notify("slotdesk.match_viewer.drafts.already_requested", { type: "warning" });
      } else if (plan.outOfSeason.length > 0) {
        seasonWarning(plan.season);
      } else if (plan.update && (await save(plan.update))) {
        notify("slotdesk.match_viewer.drafts.requested", { type: "success" });
      } else if (!plan.update) {
        notify("slotdesk.turnover.bulk.unusable", { type: "warning", messageArgs: { smart_count: 1 } });
      }
    });

  const toggle = (kind: SlotDraft) =>
    run(async () => {
      setAnchor(null);
      if (!drafts || match.slot_id === null) return;
      const draft = translate(DRAFT_NAME_KEYS[kind]);
      if (slotDraftOf(match.slot_id, drafts) === kind) {
        if (await save(planSlotRemoval(kind, match.slot_id, drafts))) {
          notify("slotdesk.match_viewer.drafts.removed", { type: "info", messageArgs: { draft } });
        }
        return;
      }
      if (kind === "modify" && isPastModificationCutoff(match.slot_date, match.slot_time, now())) {
        const ms = slotMs(match.slot_date, match.slot_time);
        notify("slotdesk.turnover.bulk.cutoff", {
          type: "warning",
          messageArgs: {
            slot: match.slot_name ?? match.id,
            date: ms === null ? formatDate(match.date) : formatMs(ms, zone.timeZone, DATE_FORMAT),
          },
        });
        return;
      }
      const plan = planDraftAdd(kind, [match], drafts);
      if (plan.outOfSeason.length > 0) {
        seasonWarning(plan.season);
      } else if (plan.update && (await save(plan.update))) {
        notify("slotdesk.match_viewer.drafts.added", { type: "success", messageArgs: { draft } });
      }
    });

  if (!drafts) return null;

  if (match.slot_id === null) {
    if (!canNew || match.flight_id === null) return null;
    return (
      <Button size="small" variant="outlined" startIcon={<AddTaskIcon />} disabled={busy} onClick={() => void requestSlot()}>
        {translate("slotdesk.match_viewer.actions.request_slot")}
      </Button>
    );
  }

  const kinds: SlotDraft[] = [...(canModify ? (["modify"] as const) : []), ...(canCancel ? (["cancel"] as const) : [])];
  if (kinds.length === 0) return null;
  const current = slotDraftOf(match.slot_id, drafts);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PlaylistAddIcon />}
        endIcon={<ExpandMoreIcon />}
        disabled={busy || !isSelectableForDraft(match)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate("slotdesk.match_viewer.actions.add_to_draft")}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {kinds.map((kind) => (
          <MenuItem
            key={kind}
            selected={current === kind}
            disabled={current !== null && current !== kind}
            aria-checked={current === kind}
            role="menuitemcheckbox"
            onClick={() => void toggle(kind)}
          >
            <ListItemIcon>{current === kind ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{translate(DRAFT_NAME_KEYS[kind])}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
