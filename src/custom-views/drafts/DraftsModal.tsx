/**
 * The full-screen drafts modal (seed 000 §2.3, §2.4): side icons switch between the drafts the
 * role holds; the header shows the request (Tipo SCR, Temporada, Fecha, Aeropuerto), the mode
 * (Editor or 'Confirmar envío de solicitud'), the save indicator, the save-draft button and the
 * badge with the draft's item count, which leads to the send view once every line is valid.
 */
import CloseIcon from "@mui/icons-material/Close";
import SaveIcon from "@mui/icons-material/Save";
import SendIcon from "@mui/icons-material/Send";
import {
  Alert,
  AppBar,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  IconButton,
  Stack,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { useCallback, useId, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { formatDate } from "../../domain/dateRange";
import { INITIAL_FORM, type NewSlotForm, restoreForm, storedForm } from "./altas/rules";
import { AltasView } from "./altas/AltasView";
import { CancelView } from "./cancel/CancelView";
import { countLineProblems, type LineContext } from "./editor/lineRules";
import { useAirline } from "../../client/queries/settings";
import { pairsToDraft, pairsToRequest } from "./editor/pairs";
import type { DraftKind, DraftKindDefinition, DraftViewProps } from "./kinds";
import { ModifyView } from "./modify/ModifyView";
import { SendRequestView } from "./send/SendRequestView";
import { draftItemIds, draftSeasonName, useDraftEditors } from "./useDraftEditors";
import { type SaveIndicator, useDraftsStore } from "./useDraftsStore";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { useAirport } from "../../client/airport/useAirport";
import "../../client/i18n/draftsTexts";
import "../../client/i18n/formsTexts";

type Drafts = components["schemas"]["Drafts"];

/** The badge shows at most this number, then '99+' (seed 000 §9). */
export const BADGE_MAX = 99;

export interface DraftsModalProps {
  kinds: readonly DraftKindDefinition[];
  kind: DraftKind;
  onChangeKind(kind: DraftKind): void;
  onClose(): void;
}

/**
 * The save indicator keeps its place in the toolbar while hidden: were it to appear from nothing,
 * the buttons beside it would move under the pointer of someone about to click them.
 */
const SaveState = ({ indicator }: { indicator: SaveIndicator }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: 210, flexShrink: 0, display: "flex", justifyContent: "flex-end" }}>
      {indicator.spinning ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }} role="status">
          <CircularProgress size={18} color="inherit" aria-label={translate("slotdesk.drafts.saving_spinner")} />
          {indicator.saving ? (
            <Typography variant="body2" noWrap>
              {translate("slotdesk.drafts.saving")}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
};

export const DraftsModal = ({ kinds, kind, onChangeKind, onClose }: DraftsModalProps) => {
  const translate = useTranslate();
  // The drafts are the chosen airport's (issue 37): every request is for it.
  const airport = useAirport();
  const notify = useNotify();
  const titleId = useId();
  const store = useDraftsStore();
  const editors = useDraftEditors(store);
  const [mode, setMode] = useState<"editor" | "send">("editor");
  const [form, setForm] = useState<NewSlotForm | null>(null);
  // What the person typed in the send view (S.I., cc, confirmation) is not part of the draft:
  // leaving that view with it asks first, as the seed's other forms do (issue 24 item 3).
  const [sendDirty, setSendDirty] = useState(false);
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);
  const onSendDirtyChange = useCallback((dirty: boolean) => setSendDirty(dirty), []);
  const leaveSend = (action: () => void) => {
    if (mode === "send" && sendDirty) setPendingLeave(() => action);
    else action();
  };
  const definition = kinds.find((candidate) => candidate.kind === kind) ?? kinds[0];
  const drafts = store.drafts;
  const altasForm = form ?? (drafts ? restoreForm(drafts.new_slot_data.form) : INITIAL_FORM);

  const seasonName = drafts ? draftSeasonName(kind, drafts) : null;
  const season = store.seasonNamed(seasonName);
  const airline = useAirline();
  const context: LineContext = {
    flavour: kind,
    requestLetter: editors.requestLetter,
    airline,
    ...(season ? { season: { name: season.name, start_date: season.start_date, end_date: season.end_date } } : {}),
  };
  const pairs = editors.pairs(kind);
  const count = drafts ? draftItemIds(kind, drafts).length : 0;
  const invalid = pairs ? countLineProblems(pairs, context) : 0;
  const canSend = season !== undefined && pairs !== null && pairs.length > 0 && invalid === 0;
  const sendBlockedKey =
    pairs === null || pairs.length === 0
      ? "slotdesk.drafts.send_blocked_empty"
      : invalid > 0
        ? "slotdesk.drafts.send_blocked_invalid"
        : "slotdesk.drafts.send_blocked_season";

  const changeKind = (next: DraftKind) =>
    leaveSend(() => {
      editors.flush();
      setMode("editor");
      onChangeKind(next);
    });
  const close = () => leaveSend(onClose);

  const saveDraft = async (current: Drafts) => {
    editors.discardPendingSave();
    const update =
      kind === "new"
        ? { new_slot_data: { ...current.new_slot_data, form: storedForm(altasForm) } }
        : kind === "modify"
          ? // While the lines are being encoded there is nothing newer than what is stored.
            { modification_data: pairs ? { ...current.modification_data, encoded: pairsToDraft(pairs) } : current.modification_data }
          : { cancellation_data: current.cancellation_data };
    if (await store.save(update)) notify("slotdesk.drafts.toasts.saved", { type: "success" });
  };

  const goToSend = () => {
    if (!canSend) return;
    editors.flush();
    setMode("send");
  };

  const sent = () => {
    // The send invalidated the views that show its slots (useSendRequest).
    setMode("editor");
    // The server took only what was sent out of the draft: once it is read again, the editor
    // starts over from what is left (the slots or altas that were not sent).
    void store.reload().finally(() => editors.reset(kind));
  };

  const title = definition ? translate(definition.titleKey) : translate("slotdesk.drafts.menu");
  const sendLabel = translate(kind === "modify" ? "slotdesk.drafts.view_draft" : "slotdesk.drafts.request_scr");

  const body = () => {
    if (store.loadError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void store.reload()}>
              {translate("slotdesk.app.retry")}
            </Button>
          }
        >
          {store.loadError}
        </Alert>
      );
    }
    if (!drafts) {
      return (
        <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
          <CircularProgress aria-label={translate("slotdesk.drafts.loading")} />
        </Box>
      );
    }
    if (mode === "send" && definition && season && pairs) {
      return (
        <SendRequestView
          actionCode={definition.actionCode}
          season={{ id: season.id, name: season.name }}
          pairs={pairsToRequest(pairs)}
          requestLetter={editors.requestLetter}
          onBack={() => leaveSend(() => setMode("editor"))}
          onSent={sent}
          onDirtyChange={onSendDirtyChange}
        />
      );
    }
    const view: DraftViewProps = { drafts, store, editors, context };
    const editor =
      kind === "new" ? (
        <AltasView {...view} form={altasForm} onFormChange={setForm} />
      ) : kind === "modify" ? (
        <ModifyView {...view} />
      ) : (
        <CancelView {...view} />
      );
    if (!store.stale) return editor;
    // Another tab or session saved first: who and when, 'Recargar'; the editor keeps what was typed.
    return (
      <Stack spacing={1.5}>
        <StaleVersionAlert stale={store.stale} onReload={() => store.reloadStale()} />
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.version_conflict.kept")}
        </Typography>
        {editor}
      </Stack>
    );
  };

  const sending = mode === "send";

  return (
    <Dialog fullScreen open onClose={close} aria-labelledby={titleId}>
      <AppBar position="static" elevation={0}>
        <Toolbar variant="dense" sx={{ gap: 2, py: 0.5 }}>
          <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexShrink: 0 }}>
            {title}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            sx={{ color: "inherit", borderColor: "currentColor" }}
            label={translate(sending ? "slotdesk.drafts.mode_send" : "slotdesk.drafts.mode_editor")}
          />
          <Box sx={{ flex: 1 }} />
          <SaveState indicator={store.indicator} />
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            startIcon={<SaveIcon />}
            disabled={!drafts || store.indicator.saving}
            onClick={() => {
              if (drafts) void saveDraft(drafts);
            }}
          >
            {translate("slotdesk.drafts.save")}
          </Button>
          {!sending ? (
            <Tooltip title={canSend ? "" : translate(sendBlockedKey)}>
              <span>
                <Badge badgeContent={count} max={BADGE_MAX} color="secondary" showZero overlap="rectangular" data-testid="drafts-badge">
                  <Button color="inherit" variant="outlined" size="small" endIcon={<SendIcon />} disabled={!canSend} onClick={goToSend}>
                    {sendLabel}
                  </Button>
                </Badge>
              </span>
            </Tooltip>
          ) : null}
          <IconButton color="inherit" edge="end" aria-label={translate("ra.action.close")} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
        {/* A row of its own, so the buttons above never wrap or move. The send view shows these facts itself, with the reference, and its back button. */}
        <Box
          component="dl"
          aria-label={translate("slotdesk.drafts.header.label")}
          sx={{
            display: sending ? "none" : "flex",
            gap: 3,
            m: 0,
            px: 3,
            pb: 1,
            "& dt": { opacity: 0.75 },
            "& dd": { m: 0, fontWeight: 600 },
            "& div": { display: "flex", gap: 0.5 },
          }}
        >
          <div>
            <dt>{translate("slotdesk.drafts.header.scr_type")}</dt>
            <dd>{definition ? translate(definition.scrTypeKey) : ""}</dd>
          </div>
          <div>
            <dt>{translate("slotdesk.drafts.header.season")}</dt>
            <dd>{seasonName ?? "—"}</dd>
          </div>
          <div>
            <dt>{translate("slotdesk.drafts.header.date")}</dt>
            <dd>{formatDate(todayInZone(new Date()))}</dd>
          </div>
          <div>
            <dt>{translate("slotdesk.drafts.header.airport")}</dt>
            <dd>{airport.code}</dd>
          </div>
        </Box>
      </AppBar>
      <Box sx={{ display: "flex", flex: 1, minHeight: 0 }}>
        <Box
          component="nav"
          aria-label={translate("slotdesk.drafts.kinds")}
          sx={{ width: 70, flexShrink: 0, display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5, py: 1, borderRight: 1, borderColor: "divider" }}
        >
          {kinds.map((candidate) => {
            const Icon = candidate.icon;
            const label = translate(candidate.labelKey);
            const selected = candidate.kind === kind;
            return (
              <Tooltip key={candidate.kind} title={label} placement="right">
                <IconButton
                  aria-label={label}
                  aria-pressed={selected}
                  color={selected ? "primary" : "default"}
                  onClick={() => changeKind(candidate.kind)}
                >
                  <Icon />
                </IconButton>
              </Tooltip>
            );
          })}
        </Box>
        <Box sx={{ flex: 1, p: 2, overflow: "auto", minWidth: 0 }}>{body()}</Box>
      </Box>
      <Confirm
        isOpen={pendingLeave !== null}
        title="slotdesk.send.unsaved.title"
        content="slotdesk.send.unsaved.text"
        confirm="slotdesk.send.unsaved.close"
        cancel="slotdesk.send.unsaved.keep"
        onConfirm={() => {
          const action = pendingLeave;
          setPendingLeave(null);
          action?.();
        }}
        onClose={() => setPendingLeave(null)}
      />
    </Dialog>
  );
};
