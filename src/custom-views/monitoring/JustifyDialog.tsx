/**
 * Justifying a slot (issue 27 item 2): a slot not used, or an operation outside the season's
 * tolerance, with a reason coordinators accept, a note and an optional PDF. The reason the
 * flight's delay codes propose comes pre-selected with a hint; the person confirms it or picks
 * another. An existing justification is edited or withdrawn from the version it was read at: a
 * save after someone else's is refused (409) with who and when, 'Recargar' shows what they saved,
 * and what this person typed stays in the fields. What was typed (reason and note) is also kept
 * for the tab in sessionStorage until it is saved, so closing the dialog by accident loses nothing.
 */
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DownloadIcon from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useRef, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { saveDownload } from "../../client/files/download";
import {
  downloadJustificationFile,
  type Justification,
  type JustificationKind,
  readJustifications,
  useCreateJustification,
  useDeleteJustification,
  useJustificationReasons,
  useUpdateJustification,
} from "../../client/queries/justifications";
import { ApiFailure, failureText, type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { LOCAL_ZONE, zonedDateTime } from "../../domain/zones";
import "../../client/i18n/justificationsTexts";

export interface JustifyDialogProps {
  open: boolean;
  slotId: number;
  /** What is justified; an existing justification's own kind wins. */
  kind: JustificationKind;
  /** The reason the flight's delay codes propose (`proposeJustification` in src/domain/monitoring/justification.ts). */
  proposal?: { reasonId: number; code: string } | null;
  /** The slot's justification, to edit or withdraw; null or absent to justify the slot. */
  existing?: Justification | null;
  /** Closed by the person (Cancelar, Escape, the backdrop) or after a save or a withdrawal. */
  onClose(): void;
  /** After a save, with the justification as stored (then `onClose`). */
  onSaved?(justification: Justification): void;
  /** After a withdrawal (then `onClose`). */
  onDeleted?(): void;
}

/** The server's limit (a larger file is refused there too). */
const MAX_PDF_BYTES = 5 * 1024 * 1024;
const NOTE_MAX = 2000;

/** What the person typed, kept per slot for the tab until it is saved or discarded. */
type Typed = { reasonId: number | ""; note: string };
const draftKey = (slotId: number) => `justify_draft:${slotId}`;

function readDraft(slotId: number): Typed | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(draftKey(slotId)) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const reasonId: unknown = Reflect.get(value, "reasonId");
    const note: unknown = Reflect.get(value, "note");
    if ((typeof reasonId !== "number" && reasonId !== "") || typeof note !== "string") return null;
    return { reasonId, note };
  } catch {
    return null;
  }
}

function keepDraft(slotId: number, typed: Typed): void {
  try {
    sessionStorage.setItem(draftKey(slotId), JSON.stringify(typed));
  } catch {
    // A full or blocked storage only loses the safety net.
  }
}

const forgetDraft = (slotId: number) => sessionStorage.removeItem(draftKey(slotId));

/** "20/11/2026 10:42" in Mexico City. */
const localStamp = (iso: string) => {
  const local = zonedDateTime(Date.parse(iso), LOCAL_ZONE);
  return `${local.date} ${local.time}`;
};

/** What a dialog opening shows: the draft kept for the slot, else the justification, else the proposal. */
function initialTyped(slotId: number, existing: Justification | null, proposal: JustifyDialogProps["proposal"]): { typed: Typed; restored: boolean } {
  const draft = readDraft(slotId);
  if (draft) return { typed: draft, restored: true };
  if (existing) return { typed: { reasonId: existing.reason.id, note: existing.note }, restored: false };
  return { typed: { reasonId: proposal?.reasonId ?? "", note: "" }, restored: false };
}

export const JustifyDialog = ({ open, slotId, kind, proposal = null, existing = null, onClose, onSaved, onDeleted }: JustifyDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const reasonsQuery = useJustificationReasons();
  const create = useCreateJustification();
  const update = useUpdateJustification();
  const remove = useDeleteJustification();

  // The justification the next save is made from: the one given, or the one read after a 409.
  const [base, setBase] = useState<Justification | null>(existing);
  const [typed, setTyped] = useState<Typed>(() => initialTyped(slotId, existing, proposal).typed);
  const [restored, setRestored] = useState(() => initialTyped(slotId, existing, proposal).restored);
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [stale, setStale] = useState<StaleVersion | null>(null);
  /** What another person saved, shown after 'Recargar' above the fields that keep what was typed. */
  const [savedNow, setSavedNow] = useState<Justification | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Each opening (or another slot, or another justification given) starts from what is kept.
  const opening = open ? `${slotId}:${existing?.id ?? 0}:${existing?.version ?? 0}` : null;
  const [lastOpening, setLastOpening] = useState(opening);
  if (opening !== lastOpening) {
    setLastOpening(opening);
    if (opening !== null) {
      const start = initialTyped(slotId, existing, proposal);
      setBase(existing);
      setTyped(start.typed);
      setRestored(start.restored);
      setFile(null);
      setRemoveFile(false);
      setMessage(null);
      setSubmitted(false);
      setStale(null);
      setSavedNow(null);
    }
  }

  const shownKind = base?.kind ?? kind;
  const busy = create.isPending || update.isPending || remove.isPending;
  const reasons = reasonsQuery.data ?? [];
  // A justification keeps its reason even after Admin stopped offering it.
  const options =
    base && !reasons.some((reason) => reason.id === base.reason.id)
      ? [...reasons, { id: base.reason.id, label: translate("slotdesk.justifications.reason_inactive", { label: base.reason.label }) }]
      : reasons;
  const proposed = proposal ? reasons.find((reason) => reason.id === proposal.reasonId) : undefined;
  // A reason no longer offered (or a proposal of one) is not a choice: the select shows none.
  const chosen = options.some((reason) => reason.id === typed.reasonId) ? typed.reasonId : "";
  const reasonMissing = chosen === "";

  const change = (next: Typed) => {
    setTyped(next);
    keepDraft(slotId, next);
  };

  const chooseFile = (chosen: File | null) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_PDF_BYTES) {
      setMessage(translate("slotdesk.justifications.file_too_large"));
      return;
    }
    if (chosen.type !== "" && chosen.type !== "application/pdf" && !/\.pdf$/i.test(chosen.name)) {
      setMessage(translate("slotdesk.justifications.file_not_pdf", { name: chosen.name }));
      return;
    }
    setMessage(null);
    setFile(chosen);
    setRemoveFile(false);
  };

  /** A refused write: a stale version (or a slot justified meanwhile) offers 'Recargar'; anything else says why. */
  const refused = (error: unknown) => {
    const staleVersion = staleVersionOf(error);
    if (staleVersion) setStale(staleVersion);
    else if (error instanceof ApiFailure && error.body?.code === "ALREADY JUSTIFIED") {
      setStale({ message: error.body.message, changedBy: error.body.changed_by ?? "", changedAt: error.body.changed_at ?? "", currentVersion: 0 });
    } else setMessage(failureText(error));
  };

  const reload = async () => {
    const [current] = await readJustifications([slotId]);
    setStale(null);
    setBase(current ?? null);
    setSavedNow(current ?? null);
  };

  const finish = (saved: Justification | null) => {
    forgetDraft(slotId);
    if (saved) {
      notify("slotdesk.justifications.saved", { type: "success" });
      onSaved?.(saved);
    } else {
      notify("slotdesk.justifications.deleted", { type: "success" });
      onDeleted?.();
    }
    onClose();
  };

  const save = async () => {
    setSubmitted(true);
    setMessage(null);
    if (chosen === "") return;
    try {
      const saved = base
        ? await update.mutateAsync({
            id: base.id,
            version: base.version,
            reasonId: chosen,
            note: typed.note,
            file: file ?? (removeFile ? "remove" : null),
          })
        : await create.mutateAsync({ slotId, kind, reasonId: chosen, note: typed.note, file });
      finish(saved);
    } catch (error) {
      refused(error);
    }
  };

  const withdraw = async () => {
    if (!base) return;
    setConfirming(false);
    setMessage(null);
    try {
      await remove.mutateAsync({ id: base.id, version: base.version });
      finish(null);
    } catch (error) {
      refused(error);
    }
  };

  const download = async () => {
    if (!base?.file_name) return;
    try {
      const { data, error, response } = await downloadJustificationFile(base.id);
      if (!data) throw new Error(failureText(error));
      saveDownload(data, response, base.file_name);
    } catch (error) {
      setMessage(translate("slotdesk.justifications.download_failed", { message: failureText(error) }));
    }
  };

  const cancel = () => {
    forgetDraft(slotId);
    onClose();
  };

  const attachedName = base?.file_name ?? null;

  return (
    <>
      <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {translate(
            base
              ? "slotdesk.justifications.title_edit"
              : shownKind === "not_used"
                ? "slotdesk.justifications.title_not_used"
                : "slotdesk.justifications.title_off_tolerance",
          )}
          <DialogCloseButton onClick={onClose} disabled={busy} label={translate("slotdesk.justifications.close")} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {base
                ? translate(shownKind === "not_used" ? "slotdesk.justifications.kinds.not_used" : "slotdesk.justifications.kinds.off_tolerance")
                : translate("slotdesk.justifications.intro")}
            </Typography>
            {base ? (
              <Typography variant="body2" color="text.secondary">
                {translate("slotdesk.justifications.justified_by", {
                  name: base.created_by_name ?? "—",
                  date: localStamp(base.created_at),
                })}
                {base.version > 1 && base.updated_by_name
                  ? ` ${translate("slotdesk.justifications.changed_by", { name: base.updated_by_name, date: localStamp(base.updated_at) })}`
                  : ""}
              </Typography>
            ) : null}
            {restored ? (
              <Alert severity="info" onClose={() => setRestored(false)}>
                {translate("slotdesk.justifications.restored")}
              </Alert>
            ) : null}
            {stale ? <StaleVersionAlert stale={stale} onReload={reload} /> : null}
            {savedNow ? (
              <Typography variant="body2" color="info.main" role="status">
                {translate("slotdesk.justifications.saved_now", {
                  reason: savedNow.reason.label,
                  note: savedNow.note ? ` · ${savedNow.note}` : "",
                })}
              </Typography>
            ) : null}
            {message ? (
              <Alert severity="error" role="alert">
                {message}
              </Alert>
            ) : null}
            {reasonsQuery.error ? (
              <Alert severity="error">{translate("slotdesk.justifications.reasons_failed", { message: reasonsQuery.error.message })}</Alert>
            ) : null}
            <TextField
              select
              required
              label={translate("slotdesk.justifications.reason")}
              value={chosen}
              onChange={(event) => change({ ...typed, reasonId: event.target.value === "" ? "" : Number(event.target.value) })}
              error={submitted && reasonMissing}
              disabled={!reasonsQuery.data || busy}
              helperText={
                submitted && reasonMissing
                  ? translate("slotdesk.justifications.reason_required")
                  : !reasonsQuery.data && !reasonsQuery.error
                    ? translate("slotdesk.justifications.reasons_loading")
                    : proposal && proposed && chosen === proposal.reasonId
                      ? translate("slotdesk.justifications.proposal_hint", { code: proposal.code })
                      : proposal && proposed
                        ? translate("slotdesk.justifications.proposal", { reason: proposed.label, code: proposal.code })
                        : " "
              }
            >
              {options.map((reason) => (
                <MenuItem key={reason.id} value={reason.id}>
                  {reason.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate("slotdesk.justifications.note")}
              value={typed.note}
              onChange={(event) => change({ ...typed, note: event.target.value })}
              multiline
              minRows={2}
              maxRows={6}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
              helperText={translate("slotdesk.justifications.note_hint")}
            />
            <Box>
              <input
                ref={fileInput}
                type="file"
                accept="application/pdf,.pdf"
                hidden
                aria-label={translate(attachedName || file ? "slotdesk.justifications.replace" : "slotdesk.justifications.attach")}
                onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
              />
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <Button startIcon={<AttachFileIcon />} variant="outlined" size="small" disabled={busy} onClick={() => fileInput.current?.click()}>
                  {translate(attachedName || file ? "slotdesk.justifications.replace" : "slotdesk.justifications.attach")}
                </Button>
                {file ? <Typography variant="body2">{translate("slotdesk.justifications.chosen", { name: file.name })}</Typography> : null}
                {!file && attachedName && !removeFile ? (
                  <>
                    <Link component="button" type="button" variant="body2" onClick={() => void download()}>
                      <DownloadIcon fontSize="inherit" sx={{ verticalAlign: "middle", mr: 0.5 }} />
                      {translate("slotdesk.justifications.download", { name: attachedName })}
                    </Link>
                    <Button size="small" color="warning" disabled={busy} onClick={() => setRemoveFile(true)}>
                      {translate("slotdesk.justifications.remove_file")}
                    </Button>
                  </>
                ) : null}
                {!file && attachedName && removeFile ? (
                  <>
                    <Typography variant="body2" color="warning.main">
                      {translate("slotdesk.justifications.file_removed", { name: attachedName })}
                    </Typography>
                    <Button size="small" disabled={busy} onClick={() => setRemoveFile(false)}>
                      {translate("slotdesk.justifications.keep_file")}
                    </Button>
                  </>
                ) : null}
              </Stack>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          {base ? (
            <Button color="error" disabled={busy} onClick={() => setConfirming(true)} sx={{ mr: "auto" }}>
              {translate("slotdesk.justifications.delete")}
            </Button>
          ) : null}
          <Button onClick={cancel} disabled={busy}>
            {translate("slotdesk.justifications.cancel")}
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={busy || !reasonsQuery.data}>
            {translate("slotdesk.justifications.save")}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirming}
        title={translate("slotdesk.justifications.delete_confirm_title")}
        content={translate("slotdesk.justifications.delete_confirm")}
        confirm="slotdesk.justifications.confirm"
        cancel="slotdesk.justifications.cancel"
        onConfirm={() => void withdraw()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

export default JustifyDialog;
