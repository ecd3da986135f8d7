/**
 * Justifying a slot (issue 27 item 2): a slot not used, or an operation outside the season's
 * tolerance, with a reason coordinators accept, a note and an optional PDF. The reason the
 * flight's delay codes propose comes pre-selected with a hint; the person confirms it or picks
 * another. An existing justification is edited or withdrawn from the version it was read at: a
 * save after someone else's is refused (409) with who and when, 'Recargar' shows what they saved,
 * and what this person typed stays in the fields. What was typed (reason and note) is also kept
 * for the tab in sessionStorage until it is saved, so closing the dialog by accident loses nothing.
 *
 * The fields are a form generated from the contract's `JustifyForm` (@rjsf/mui, its precompiled
 * validator): the labels are its titles, the note's help its `x-help`, and the PDF's limit (size
 * as the data URL's `maxLength`, type as its pattern) is the contract's, with Spanish messages.
 * `justificationOf` turns what the form holds into the multipart operations' fields.
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
import Form from "@rjsf/mui";
import type { RegistryWidgetsType, RJSFSchema, RJSFValidationError, UiSchema, WidgetProps } from "@rjsf/utils";
import { useId, useRef, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { dataUrlName, dataUrlToFile, fileToDataUrl } from "../../client/files/dataUrl";
import { saveDownload } from "../../client/files/download";
import {
  downloadJustificationFile,
  type Justification,
  type JustificationKind,
  useCreateJustification,
  useDeleteJustification,
  useJustificationReasons,
  useReadJustifications,
  useUpdateJustification,
} from "../../client/queries/justifications";
import { ApiFailure, failureText, type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";
import { BareField, StackedFields } from "../../client/forms/layout";
import { formValidator, spanishErrors } from "../../client/schema/validator";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { formatDate } from "../../domain/dateRange";
import { zonedDateTime } from "../../domain/zones";
import { useAirport } from "../../client/airport/useAirport";
import { FORM_SCHEMAS } from "../../generated/forms";
import type { components } from "../../generated/openapi";
import "../../client/i18n/formsTexts";
import "../../client/i18n/justificationsTexts";

export interface JustifyDialogProps {
  open: boolean;
  slotId: number;
  /** The slot it is for, named under the title: flight, UTC date and time, arrival or departure. */
  slot: { flight: string; date: string; time: string; isArrival: boolean };
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

type JustifyForm = components["schemas"]["JustifyForm"];
type JustifyValues = Partial<JustifyForm>;

const SCHEMA = FORM_SCHEMAS.JustifyForm;

/** The form's values as the contract names them (rjsf hands back `unknown`). */
const justifyValues = (value: unknown): JustifyValues => {
  if (typeof value !== "object" || value === null) return {};
  const reason = "reason_id" in value && typeof value.reason_id === "number" ? value.reason_id : undefined;
  const note = "note" in value && typeof value.note === "string" ? value.note : undefined;
  const file = "file" in value && typeof value.file === "string" ? value.file : undefined;
  return { ...(reason !== undefined ? { reason_id: reason } : {}), ...(note !== undefined ? { note } : {}), ...(file !== undefined ? { file } : {}) };
};

/** What the form holds as the multipart operations take it: the PDF, a data URL, back to a file. */
export const justificationOf = (values: JustifyForm): { reasonId: number; note: string; file: File | null } => ({
  reasonId: values.reason_id,
  note: values.note ?? "",
  file: values.file ? dataUrlToFile(values.file) : null,
});

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

/** "20/11/2026 10:42" in the chosen airport's local time (issue 37). */
const localStamp = (iso: string, timeZone: string) => {
  const local = zonedDateTime(Date.parse(iso), timeZone);
  return `${local.date} ${local.time}`;
};

/** What a dialog opening shows: the draft kept for the slot, else the justification, else the proposal. */
function initialTyped(slotId: number, existing: Justification | null, proposal: JustifyDialogProps["proposal"]): { typed: Typed; restored: boolean } {
  const draft = readDraft(slotId);
  if (draft) return { typed: draft, restored: true };
  if (existing) return { typed: { reasonId: existing.reason.id, note: existing.note }, restored: false };
  return { typed: { reasonId: proposal?.reasonId ?? "", note: "" }, restored: false };
}

export const JustifyDialog = ({ open, slotId, slot, kind, proposal = null, existing = null, onClose, onSaved, onDeleted }: JustifyDialogProps) => {
  const { timeZone } = useAirport();
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const reasonsQuery = useJustificationReasons();
  const create = useCreateJustification();
  const update = useUpdateJustification();
  const remove = useDeleteJustification();
  const readJustifications = useReadJustifications();

  // The justification the next save is made from: the one given, or the one read after a 409.
  const [base, setBase] = useState<Justification | null>(existing);
  const [typed, setTyped] = useState<Typed>(() => initialTyped(slotId, existing, proposal).typed);
  const [restored, setRestored] = useState(() => initialTyped(slotId, existing, proposal).restored);
  /** The PDF chosen, as the form holds it (a data URL); not kept with the draft. */
  const [file, setFile] = useState<string | undefined>(undefined);
  const [removeFile, setRemoveFile] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
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
      setFile(undefined);
      setRemoveFile(false);
      setMessage(null);
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
  const values: JustifyValues = { ...(chosen !== "" ? { reason_id: chosen } : {}), note: typed.note, ...(file !== undefined ? { file } : {}) };

  const change = (next: Typed) => {
    setTyped(next);
    keepDraft(slotId, next);
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

  const save = async (form: JustifyForm) => {
    setMessage(null);
    const { reasonId, note, file: pdf } = justificationOf(form);
    try {
      const saved = base
        ? await update.mutateAsync({ id: base.id, version: base.version, reasonId, note, file: pdf ?? (removeFile ? "remove" : null) })
        : await create.mutateAsync({ slotId, kind, reasonId, note, file: pdf });
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
  const formId = `${titleId}-form`;

  const context: JustifyContext = {
    reasons: options,
    reasonsReady: Boolean(reasonsQuery.data),
    hint: !reasonsQuery.data && !reasonsQuery.error
      ? translate("slotdesk.justifications.reasons_loading")
      : proposal && proposed && chosen === proposal.reasonId
        ? translate("slotdesk.justifications.proposal_hint", { code: proposal.code })
        : proposal && proposed
          ? translate("slotdesk.justifications.proposal", { reason: proposed.label, code: proposal.code })
          : " ",
    attachedName,
    removeFile,
    busy,
    onRemoveFile: setRemoveFile,
    onDownload: () => void download(),
  };

  const uiSchema: UiSchema = {
    "ui:submitButtonOptions": { norender: true },
    reason_id: { "ui:widget": "reason", "ui:options": { label: false }, "ui:hideError": true },
    note: { "ui:widget": "note", "ui:options": { label: false }, "ui:hideError": true },
    file: { "ui:widget": "pdf", "ui:options": { label: false }, "ui:hideError": true },
  };

  // Spanish from the contract, and the seed's sentence for a reason not chosen.
  const transformErrors = (errors: RJSFValidationError[]): RJSFValidationError[] =>
    spanishErrors(errors, SCHEMA).map((error) =>
      error.name === "required" && error.property?.replace(/^\./, "") === "reason_id"
        ? { ...error, message: translate("slotdesk.justifications.reason_required"), stack: translate("slotdesk.justifications.reason_required") }
        : error,
    );

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
          <Typography variant="body2" color="text.secondary" data-testid="justify-slot" sx={{ mb: 1 }}>
            {translate("slotdesk.justifications.slot_named", {
              flight: slot.flight,
              date: formatDate(slot.date),
              time: slot.time,
              direction: translate(slot.isArrival ? "slotdesk.justifications.arrival" : "slotdesk.justifications.departure"),
            })}
          </Typography>
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
                  date: localStamp(base.created_at, timeZone),
                })}
                {base.version > 1 && base.updated_by_name
                  ? ` ${translate("slotdesk.justifications.changed_by", { name: base.updated_by_name, date: localStamp(base.updated_at, timeZone) })}`
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
            <Form
              id={formId}
              schema={SCHEMA}
              uiSchema={uiSchema}
              widgets={WIDGETS}
              templates={{ ObjectFieldTemplate: StackedFields, FieldTemplate: BareField }}
              formContext={context}
              formData={values}
              validator={formValidator("JustifyForm")}
              transformErrors={transformErrors}
              showErrorList={false}
              noHtml5Validate
              // The fields show their own messages; rjsf would also log them to the console.
              onError={() => undefined}
              disabled={busy}
              onChange={({ formData }) => {
                const next = justifyValues(formData);
                if (next.file !== file) {
                  setFile(next.file);
                  if (next.file !== undefined) setRemoveFile(false);
                }
                if (next.reason_id !== (chosen === "" ? undefined : chosen) || (next.note ?? "") !== typed.note) {
                  change({ reasonId: next.reason_id ?? "", note: next.note ?? "" });
                }
              }}
              onSubmit={({ formData }) => {
                const form = justifyValues(formData);
                if (form.reason_id !== undefined) void save({ ...form, reason_id: form.reason_id });
              }}
            />
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
          <Button type="submit" form={formId} variant="contained" disabled={busy || !reasonsQuery.data}>
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

/** What the fields need beyond their schema: the reasons offered, the hint, the PDF already attached. */
interface JustifyContext {
  reasons: ReadonlyArray<{ id: number; label: string }>;
  reasonsReady: boolean;
  /** The reason's help line: loading, or the proposal of the flight's delay codes. */
  hint: string;
  attachedName: string | null;
  removeFile: boolean;
  busy: boolean;
  onRemoveFile(remove: boolean): void;
  onDownload(): void;
}

type JustifyWidgetProps = WidgetProps<JustifyValues, RJSFSchema, JustifyContext>;

/** The reason: a choice among the reasons the server offers (the contract names only its id). */
function ReasonWidget({ id, value, label, required, disabled, rawErrors = [], onChange, registry }: JustifyWidgetProps) {
  const { reasons, reasonsReady, hint } = registry.formContext;
  const current: unknown = value;
  return (
    <TextField
      id={id}
      select
      required={required}
      label={label}
      value={typeof current === "number" ? current : ""}
      onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
      error={rawErrors.length > 0}
      disabled={!reasonsReady || disabled}
      helperText={rawErrors[0] ?? hint}
    >
      {reasons.map((reason) => (
        <MenuItem key={reason.id} value={reason.id}>
          {reason.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The note: a few lines, the contract's help under them. */
function NoteWidget({ id, value, label, disabled, rawErrors = [], onChange, schema }: JustifyWidgetProps) {
  const current: unknown = value;
  return (
    <TextField
      id={id}
      label={label}
      value={typeof current === "string" ? current : ""}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
      multiline
      minRows={2}
      maxRows={6}
      disabled={disabled}
      error={rawErrors.length > 0}
      helperText={rawErrors[0] ?? schema.description}
    />
  );
}

/** The PDF: a button that reads the file into the form (a data URL), and the one attached before. */
function PdfWidget({ value, label, disabled, rawErrors = [], onChange, registry }: JustifyWidgetProps) {
  const translate = useTranslate();
  const { attachedName, removeFile, busy, onRemoveFile, onDownload } = registry.formContext;
  const fileInput = useRef<HTMLInputElement | null>(null);
  const current: unknown = value;
  const chosen = typeof current === "string" ? (dataUrlName(current) ?? "") : null;
  const action = attachedName || chosen !== null ? translate("slotdesk.justifications.replace") : label;
  const choose = async (picked: File | null) => {
    if (fileInput.current) fileInput.current.value = "";
    if (picked) onChange(await fileToDataUrl(picked));
  };
  return (
    <Box>
      <input
        ref={fileInput}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-label={action}
        onChange={(event) => void choose(event.target.files?.[0] ?? null)}
      />
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button startIcon={<AttachFileIcon />} variant="outlined" size="small" disabled={disabled} onClick={() => fileInput.current?.click()}>
          {action}
        </Button>
        {chosen !== null ? <Typography variant="body2">{translate("slotdesk.justifications.chosen", { name: chosen })}</Typography> : null}
        {chosen === null && attachedName && !removeFile ? (
          <>
            <Link component="button" type="button" variant="body2" onClick={onDownload}>
              <DownloadIcon fontSize="inherit" sx={{ verticalAlign: "middle", mr: 0.5 }} />
              {translate("slotdesk.justifications.download", { name: attachedName })}
            </Link>
            <Button size="small" color="warning" disabled={busy} onClick={() => onRemoveFile(true)}>
              {translate("slotdesk.justifications.remove_file")}
            </Button>
          </>
        ) : null}
        {chosen === null && attachedName && removeFile ? (
          <>
            <Typography variant="body2" color="warning.main">
              {translate("slotdesk.justifications.file_removed", { name: attachedName })}
            </Typography>
            <Button size="small" disabled={busy} onClick={() => onRemoveFile(false)}>
              {translate("slotdesk.justifications.keep_file")}
            </Button>
          </>
        ) : null}
      </Stack>
      {rawErrors.length > 0 ? (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
          {rawErrors[0]}
        </Typography>
      ) : null}
    </Box>
  );
}

const WIDGETS: RegistryWidgetsType<JustifyValues, RJSFSchema, JustifyContext> = { reason: ReasonWidget, note: NoteWidget, pdf: PdfWidget };

export default JustifyDialog;
