/**
 * The match viewer (seed 001 §2.6, §4.2, §5, §8): header chip (general status, season, id), the
 * AIMS cancellation banner, flight and slot cards, delays 1st–4th, differences (scheduled, real,
 * to justify), and the panels: assign a leftover slot, slot changes, edit delays, affectations.
 * Separate (any flight–slot pair) and assign ask first; after either the table reloads and the dialog closes.
 * Buttons the role may not use are not shown (the server refuses them anyway).
 */
import CallSplitIcon from "@mui/icons-material/CallSplit";
import EditNoteIcon from "@mui/icons-material/EditNote";
import GroupsIcon from "@mui/icons-material/Groups";
import HistoryIcon from "@mui/icons-material/History";
import LinkIcon from "@mui/icons-material/Link";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { useMatch, useReloadMatch, useSeparateMatch } from "../../client/queries/matchViewer";
import { type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { useCapability } from "../../client/auth/capabilities";
import { DATE_FORMAT, formatMs, instantMs, TIME_FORMAT, type ShownZone } from "../../domain/turnover";
import { isSeparable } from "../../domain/matching";
import { GENERAL_STATUS_COLORS, generalStatusLabelKey, type TurnoverRow } from "../../client/status/statusDisplay";
import { AffectationsPanel } from "./AffectationsPanel";
import { ChangesPanel } from "./ChangesPanel";
import { DelayEditorPanel } from "./DelayEditorPanel";
import { DraftActions } from "./DraftActions";
import { LeftoverPanel } from "./LeftoverPanel";
import { DelaysCard, delaysOf, DifferencesCard, FlightCard, SlotCard } from "./MatchCards";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";
import { MatchLiveNotice } from "../../client/live/MatchLiveNotice";
import "./texts";

export type MatchViewerPanel = "assign" | "changes" | "delays" | "affectations";
type Panel = MatchViewerPanel;

type Loaded = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; match: TurnoverRow };

const PANEL_TITLES: Readonly<Record<Panel, string>> = {
  assign: "slotdesk.match_viewer.leftovers.title",
  changes: "slotdesk.match_viewer.changes.title",
  delays: "slotdesk.match_viewer.delay_editor.title",
  affectations: "slotdesk.match_viewer.affectations.title",
};

export interface MatchViewerDialogProps {
  matchId: number;
  zone: ShownZone;
  onClose: () => void;
  /** The match changed on the server: the table reloads. */
  onChanged: () => void;
  /** The panel open on arrival: Histórico opens the viewer on the slot's changes (seed 002 §2). */
  initialPanel?: MatchViewerPanel;
}

export const MatchViewerDialog = ({ matchId, zone, onClose, onChanged, initialPanel }: MatchViewerDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const panelTitleId = useId();
  const canEdit = useCapability("matchEdit");
  const matchQuery = useMatch(matchId);
  const separateMatch = useSeparateMatch();
  const reloadMatch = useReloadMatch(matchId);
  // A write refused because someone else changed the match first (409): who and when, and
  // 'Recargar'; the open panel keeps what was typed and shows the reloaded values beside it.
  const [stale, setStale] = useState<StaleVersion | null>(null);
  const reload = useCallback(async () => {
    await reloadMatch();
    setStale(null);
  }, [reloadMatch]);
  const loaded = useMemo<Loaded>(() => {
    const match = matchQuery.data?.[0];
    if (match) return { status: "ready", match };
    if (matchQuery.data) return { status: "error", message: translate("slotdesk.match_viewer.not_found", { id: matchId }) };
    if (matchQuery.error) return { status: "error", message: matchQuery.error.message };
    return { status: "loading" };
  }, [matchQuery.data, matchQuery.error, matchId, translate]);
  const [panel, setPanel] = useState<Panel | null>(initialPanel ?? null);
  // An opened panel sits below the cards and the actions, out of sight on a short screen: it is
  // brought into view (its top first, as its content loads below it) (issue 11, item 6).
  const panelRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (panel !== null) panelRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, [panel]);
  const [editorMinutes, setEditorMinutes] = useState<(number | null)[] | null>(null);
  const [confirmingSeparate, setConfirmingSeparate] = useState(false);
  const [separating, setSeparating] = useState(false);

  const togglePanel = (next: Panel) => {
    setEditorMinutes(null);
    setPanel((current) => (current === next ? null : next));
  };

  const finishChange = useCallback(() => {
    onChanged();
    onClose();
  }, [onChanged, onClose]);

  const separate = async () => {
    setSeparating(true);
    try {
      const { data, error } = await separateMatch.mutateAsync({ matchId, version: matchQuery.data?.[0]?.version });
      const refused = staleVersionOf(error);
      if (refused) {
        setStale(refused);
        return;
      }
      if (!data) {
        notify("slotdesk.match_viewer.separate.failed", { type: "error" });
        return;
      }
      notify("slotdesk.match_viewer.separate.success", { type: "success" });
      finishChange();
    } catch {
      notify("slotdesk.match_viewer.separate.failed", { type: "error" });
    } finally {
      setSeparating(false);
      setConfirmingSeparate(false);
    }
  };

  const match = loaded.status === "ready" ? loaded.match : null;
  const canSeparate = canEdit && match !== null && isSeparable(match);
  const canAssign = canEdit && match !== null && match.flight_id !== null && match.slot_id === null;
  const canEditDelays = canEdit && match !== null && match.flight_id !== null;
  const delayMinutes = match
    ? panel === "delays" && editorMinutes
      ? editorMinutes
      : delaysOf(match).map((delay) => delay.minutes)
    : [];

  const panelButton = (id: Panel, icon: ReactNode, labelKey: string) => (
    <Button
      size="small"
      variant={panel === id ? "contained" : "outlined"}
      startIcon={icon}
      aria-pressed={panel === id}
      onClick={() => togglePanel(id)}
    >
      {translate(labelKey)}
    </Button>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: "flex", alignItems: "center", gap: 1.5, pr: 6 }}>
        {translate("slotdesk.match_viewer.title", { id: matchId })}
        {match ? (
          <Chip
            size="small"
            color={GENERAL_STATUS_COLORS[match.general_status]}
            label={translate("slotdesk.match_viewer.header_chip", {
              status: match.general_status,
              season: match.season,
              id: match.id,
            })}
            title={translate(generalStatusLabelKey(match.general_status))}
          />
        ) : null}
        <DialogCloseButton label={translate("slotdesk.match_viewer.close")} onClick={onClose} />
      </DialogTitle>
      <DialogContent dividers>
        <MatchLiveNotice matchId={matchId} />
        {loaded.status === "loading" ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
            <CircularProgress />
          </Box>
        ) : null}
        {loaded.status === "error" ? <Alert severity="error">{loaded.message}</Alert> : null}
        {match ? (
          <Stack spacing={1.5}>
            {match.flight_cancellation ? (
              <Alert severity="error" variant="filled">
                <AlertTitle>{translate("slotdesk.match_viewer.cancelled_alert")}</AlertTitle>
                {match.flight_cancellation.timestamp ? (
                  <div>
                    {translate("slotdesk.match_viewer.cancelled_time", {
                      time: formatMs(instantMs(match.flight_cancellation.timestamp), zone.timeZone, `${DATE_FORMAT} ${TIME_FORMAT}`),
                    })}
                  </div>
                ) : null}
                <div>
                  {translate("slotdesk.match_viewer.cancelled_description", {
                    description: match.flight_cancellation.description,
                  })}
                </div>
              </Alert>
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {zone.mode === "utc" ? translate("slotdesk.turnover.utc_hint") : translate("slotdesk.turnover.local_hint", { zone: zone.timeZone })}
            </Typography>
            <Stack direction="row" spacing={1.5}>
              <FlightCard match={match} zone={zone} />
              <SlotCard match={match} zone={zone} />
            </Stack>
            <Stack direction="row" spacing={1.5}>
              <DelaysCard match={match} />
              <DifferencesCard match={match} delayMinutes={delayMinutes} />
            </Stack>
            <Box
              role="toolbar"
              aria-label={translate("slotdesk.match_viewer.actions.label")}
              sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}
            >
              {canSeparate ? (
                <Button
                  size="small"
                  color="warning"
                  variant="outlined"
                  startIcon={<CallSplitIcon />}
                  onClick={() => setConfirmingSeparate(true)}
                >
                  {translate("slotdesk.match_viewer.actions.separate")}
                </Button>
              ) : null}
              {canAssign ? panelButton("assign", <LinkIcon />, "slotdesk.match_viewer.actions.assign") : null}
              {panelButton("changes", <HistoryIcon />, "slotdesk.match_viewer.actions.changes")}
              {canEditDelays ? panelButton("delays", <EditNoteIcon />, "slotdesk.match_viewer.actions.delays") : null}
              {panelButton("affectations", <GroupsIcon />, "slotdesk.match_viewer.actions.affectations")}
              <DraftActions match={match} zone={zone} />
            </Box>
            {stale ? <StaleVersionAlert stale={stale} onReload={reload} /> : null}
            {panel ? (
              <Paper ref={panelRef} variant="outlined" component="section" aria-labelledby={panelTitleId} sx={{ p: 1.5, scrollMarginTop: 8 }}>
                <Typography id={panelTitleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {translate(PANEL_TITLES[panel])}
                </Typography>
                {panel === "assign" ? <LeftoverPanel match={match} zone={zone} onAssigned={finishChange} onStale={setStale} /> : null}
                {panel === "changes" ? <ChangesPanel matchId={match.id} zone={zone} /> : null}
                {panel === "delays" ? (
                  <DelayEditorPanel
                    key={match.id}
                    match={match}
                    onMinutesChange={setEditorMinutes}
                    // The saved row is the match's cached row now (useEvaluateDelays).
                    onSaved={onChanged}
                    onStale={setStale}
                  />
                ) : null}
                {panel === "affectations" ? (
                  <AffectationsPanel matchId={match.id} editable={canEdit} version={match.version} onStale={setStale} />
                ) : null}
              </Paper>
            ) : null}
          </Stack>
        ) : null}
      </DialogContent>
      <Confirm
        isOpen={confirmingSeparate && match !== null}
        loading={separating}
        title="slotdesk.match_viewer.separate.title"
        content="slotdesk.match_viewer.separate.confirm"
        contentTranslateOptions={{ flight: match?.flight_name ?? "", slot: match?.slot_name ?? "" }}
        confirm="slotdesk.match_viewer.confirm"
        cancel="slotdesk.match_viewer.cancel"
        onConfirm={() => void separate()}
        onClose={() => setConfirmingSeparate(false)}
      />
    </Dialog>
  );
};
