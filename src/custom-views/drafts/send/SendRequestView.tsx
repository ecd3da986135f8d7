/**
 * 'Confirmar envío de solicitud' (seed 000 §2.4, §4.4, §5.3, §8): the header of the SCR, the
 * lines to send and the exact message (a preview the server builds without sending), and the
 * send form: S.I. (upper-case), the reference (checked when the field is left), cc contacts, the
 * delay code of a cancellation and the confirmation. 'Solicitar SCR' sends it; each refusal the
 * server names gets its own message. Before the send it says where the e-mail goes, or warns
 * that it will be refused (no coordinator address) or kept in the outbox (no SMTP), and which
 * modification pairs change nothing.
 */
import { TZDate } from "@date-fns/tz";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SendIcon from "@mui/icons-material/Send";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Divider,
  FormControlLabel,
  IconButton,
  Link,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { format } from "date-fns";
import { type ChangeEvent, type JSX, useEffect, useMemo, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { failureText } from "../../../client/queries/request";
import { getStoredUser } from "../../../client/auth/session";
import { greeting as greetingOf } from "../../../domain/scr";
import { DEFAULT_TIME_ZONE } from "../../../domain/seasons";
import type { components } from "../../../generated/openapi";
import { useContacts } from "../../../client/queries/contacts";
import { useSendRequest } from "../../../client/queries/drafts";
import { DEFAULT_CHOSEN_AIRPORT, useAirport } from "../../../client/airport/useAirport";
import type { DelayCode } from "../../../client/queries/delayCodes";
import { useDelayCodes } from "../../../client/queries/delayCodes";
import { CoordinatorAddress } from "./CoordinatorAddress";
import { ReferenceInUseDialog, SlotsInProcessDialog } from "./SendDialogs";
import { LinesSummary, MessagePreview, unchangedRows } from "./SendSummary";
import { usePreview } from "./usePreview";
import { parseReference, type ReferenceState, useReference } from "./useReference";
import { useSendStatus } from "./useSendStatus";
import { Fact } from "../../../client/ui/Fact";
import "./texts";

type ActionCode = components["schemas"]["ActionCode"];
type Contact = components["schemas"]["Contact"];

const NO_CONTACTS: Contact[] = [];
type GenerateRequest = components["schemas"]["GenerateRequest"];
type SlotInProcess = components["schemas"]["SlotInProcess"];

export interface SendRequestViewProps {
  actionCode: ActionCode;
  season: { id: number; name: string };
  /** The editor's rows in order. */
  pairs: components["schemas"]["RequestLinePair"][];
  requestLetter: components["schemas"]["RequestLetter"];
  /** Back to the editor. */
  onBack: () => void;
  /** After success: reload the drafts (the server already emptied that draft). */
  onSent: () => void;
  /**
   * Whether the person typed something in the send form (S.I., cc, delay code, confirmation),
   * which the draft does not keep: the modal asks before closing (issue 24 item 3).
   */
  onDirtyChange?: (dirty: boolean) => void;
}


const KIND_KEYS: Record<ActionCode, string> = {
  2: "slotdesk.send.kinds.new",
  3: "slotdesk.send.kinds.cancel",
  4: "slotdesk.send.kinds.modify",
};

/** The last refusal, kept in the form after its toast is gone. */
type Failure = { message: string; details: string[]; slots: SlotInProcess[] };


const referenceHelp = (state: ReferenceState, translate: (key: string, options?: object) => string): string => {
  switch (state.kind) {
    case "loading":
    case "checking":
      return translate("slotdesk.send.form.reference_checking");
    case "available":
      return translate("slotdesk.send.form.reference_available");
    case "unchecked":
      return translate("slotdesk.send.form.reference_unchecked");
    case "invalid":
      return translate("slotdesk.send.form.reference_invalid");
    case "in_use":
      return translate("slotdesk.send.form.reference_in_use", { next: state.next });
    case "error":
      return state.message || translate("slotdesk.send.form.reference_check_failed");
  }
};

export function SendRequestView({ actionCode, season, pairs, requestLetter, onBack, onSent, onDirtyChange }: SendRequestViewProps): JSX.Element {
  const translate = useTranslate();
  const notify = useNotify();
  // The request is the chosen airport's (issue 37): its header, its season, its coordinator.
  const airport = useAirport();
  const reference = useReference(season.id);
  const sendStatus = useSendStatus(airport.code);
  const [si, setSi] = useState("");
  const [siTouched, setSiTouched] = useState(false);
  const contactsQuery = useContacts();
  const contacts = contactsQuery.data ?? NO_CONTACTS;
  const contactsError = contactsQuery.error
    ? `${translate("slotdesk.send.errors.contacts")}: ${contactsQuery.error.message}`
    : null;
  const sendRequest = useSendRequest();
  const [cc, setCc] = useState<Contact[]>([]);
  const [delayCode, setDelayCode] = useState<DelayCode | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [referenceDialog, setReferenceDialog] = useState(false);
  const [slotsDialog, setSlotsDialog] = useState<SlotInProcess[] | null>(null);

  const isCancel = actionCode === 3;
  // The same greeting the server writes; empty (the server then uses the caller's) without a stored user.
  const greeting = useMemo(() => {
    const user = getStoredUser();
    return user ? greetingOf(user.name, user.last_name) : "";
  }, []);
  const [today] = useState(() => format(new TZDate(Date.now(), DEFAULT_TIME_ZONE), "dd/MM/yyyy"));

  // The codes a cancellation names (read once per page, only when the request cancels).
  const codes = useDelayCodes(isCancel);
  const delayCodes = codes.data ?? [];
  const delayCodesError = codes.error ? `${translate("slotdesk.send.errors.delay_codes")}: ${failureText(codes.error)}` : null;

  const dirty = si.trim() !== "" || cc.length > 0 || delayCode !== null || confirmed;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const referenceNumber = parseReference(reference.value);
  const specialInformation = si.trim();

  /** The request as the form stands; null while it cannot be built. */
  const request: GenerateRequest | null =
    referenceNumber !== null && specialInformation !== "" && pairs.length > 0
      ? {
          airport: airport.code,
          season: season.id,
          reference: referenceNumber,
          special_information: specialInformation,
          general_information: greeting,
          action_code: actionCode,
          cc: cc.map((contact) => contact.email),
          slots: pairs,
          send_request: false,
          ...(actionCode === 4 ? { request_letter: requestLetter } : {}),
          ...(isCancel ? { delay_code: delayCode?.code ?? null } : {}),
        }
      : null;
  // The cc list does not change the message: leave it out of what triggers a new preview. A
  // cancellation without its delay code would only be refused.
  const previewBody = request && (!isCancel || delayCode !== null) ? { ...request, cc: [] } : null;
  const preview = usePreview(previewBody);

  // Without the coordinator's address the server can only refuse (issue 24 item 4).
  const noCoordinator = sendStatus.kind === "ready" && sendStatus.status.coordinator_email === null;
  const canSend =
    request !== null &&
    !noCoordinator &&
    confirmed &&
    reference.state.kind === "available" &&
    (!isCancel || delayCode !== null) &&
    !sending;

  const onSiChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Upper-case as typed, keeping the caret where it was.
    const input = event.target;
    const start = input.selectionStart;
    const end = input.selectionEnd;
    const upper = input.value.toUpperCase();
    if (upper !== input.value) {
      input.value = upper;
      if (start !== null && end !== null) input.setSelectionRange(start, end);
    }
    setSi(upper);
  };

  const onReferenceBlur = async () => {
    if (reference.state.kind !== "unchecked" && reference.state.kind !== "error" && reference.state.kind !== "invalid") return;
    const state = await reference.check(reference.value);
    if (state.kind === "in_use") setReferenceDialog(true);
  };

  const slotsLink = (slots: SlotInProcess[]) => (
    <Link component="button" type="button" color="inherit" sx={{ fontWeight: 600 }} onClick={() => setSlotsDialog(slots)}>
      {translate("slotdesk.send.errors.details")}
    </Link>
  );

  const send = async () => {
    if (!request || !canSend) return;
    setSending(true);
    setFailure(null);
    try {
      const { data, error } = await sendRequest.mutateAsync(request);
      if (data) {
        if (data.mail_status === "kept") {
          notify("slotdesk.send.kept", { type: "warning", messageArgs: { reference: data.reference } });
        } else {
          notify("slotdesk.send.success", { type: "success" });
        }
        setConfirmed(false);
        onSent();
        return;
      }
      const details = (error?.errors ?? []).map((detail) => detail.message);
      if (error?.code === "SLOTS IN PROCESS") {
        const slots = error.slots ?? [];
        const message = translate("slotdesk.send.errors.slots_in_process");
        notify(
          <Alert severity="error" variant="filled" action={slotsLink(slots)}>
            {message}
          </Alert>,
          { type: "error" },
        );
        setFailure({ message, details: [], slots });
      } else if (error?.code === "Could not get aircraft capacity from line") {
        const message = translate("slotdesk.send.errors.no_capacity");
        notify("slotdesk.send.errors.no_capacity", { type: "error" });
        setFailure({ message, details, slots: [] });
      } else if (error?.code === "REFERENCE IN USE") {
        reference.markInUse(error.recommended_reference ?? (referenceNumber ?? 0) + 1);
        setReferenceDialog(true);
      } else {
        // The server's Spanish sentence names what is wrong (a line, the coordinator address…).
        const key = error?.message ? "slotdesk.send.errors.generic_detail" : "slotdesk.send.errors.generic";
        const args = { message: error?.message ?? "" };
        const message = translate(key, args);
        notify(key, { type: "error", messageArgs: args });
        setFailure({ message, details, slots: [] });
      }
    } catch {
      const message = translate("slotdesk.send.errors.generic");
      notify("slotdesk.send.errors.generic", { type: "error" });
      setFailure({ message, details: [], slots: [] });
    } finally {
      setSending(false);
    }
  };

  const referenceInUse = reference.state.kind === "in_use";
  // Modifications that ask for the slot as it is (issue 11 item 10): named before the send.
  const unchanged = actionCode === 4 ? unchangedRows(pairs) : [];
  const disabled = sending;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2, minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Tooltip title={translate("slotdesk.send.back")}>
          <span>
            <IconButton aria-label={translate("slotdesk.send.back")} onClick={onBack} disabled={sending}>
              <ArrowBackIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="h6" component="h2">
          {translate("slotdesk.send.title")}
        </Typography>
      </Stack>

      <Stack
        direction="row"
        spacing={4}
        useFlexGap
        sx={{ flexWrap: "wrap", px: 1 }}
        role="group"
        aria-label={translate("slotdesk.send.title")}
      >
        <Fact label={translate("slotdesk.send.header.type")}>SCR</Fact>
        <Fact label={translate("slotdesk.send.header.kind")}>{translate(KIND_KEYS[actionCode])}</Fact>
        <Fact label={translate("slotdesk.send.header.season")}>{season.name}</Fact>
        <Fact label={translate("slotdesk.send.header.date")}>{today}</Fact>
        <Fact label={translate("slotdesk.send.header.airport")}>{airport.code}</Fact>
        <Fact label={translate("slotdesk.send.header.reference")}>{reference.value || "—"}</Fact>
      </Stack>
      {actionCode === 4 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {translate(requestLetter === "R" ? "slotdesk.send.letter_r" : "slotdesk.send.letter_l")}
        </Typography>
      ) : null}
      <Divider />

      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(320px, 1fr)", gap: 3, alignItems: "start" }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <LinesSummary pairs={pairs} showChange={actionCode === 4} />
          <MessagePreview preview={preview} />
        </Stack>

        <Box
          component="form"
          noValidate
          aria-label={translate("slotdesk.send.form.title")}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {translate("slotdesk.send.form.title")}
            </Typography>
            {sendStatus.kind === "failed" ? (
              <Alert severity="warning">{translate("slotdesk.send.mail.failed", { message: sendStatus.message })}</Alert>
            ) : null}
            {/* The top bar's address is the install's airport's (MEX); another's is set in Aeropuertos (issue 37). */}
            {noCoordinator && airport.code === DEFAULT_CHOSEN_AIRPORT.code ? <CoordinatorAddress onSaved={sendStatus.reload} /> : null}
            {noCoordinator && airport.code !== DEFAULT_CHOSEN_AIRPORT.code ? (
              <Alert severity="error">{translate("slotdesk.send.mail.no_coordinator_airport", { airport: airport.code })}</Alert>
            ) : null}
            {sendStatus.kind === "ready" && sendStatus.status.coordinator_email !== null ? (
              <Typography variant="body2">{translate("slotdesk.send.mail.to", { email: sendStatus.status.coordinator_email })}</Typography>
            ) : null}
            {sendStatus.kind === "ready" && sendStatus.status.mail_delivery === "outbox" ? (
              <Alert severity="warning">{translate("slotdesk.send.mail.outbox")}</Alert>
            ) : null}
            <TextField
              label={translate("slotdesk.send.form.si")}
              value={si}
              onChange={onSiChange}
              onBlur={() => setSiTouched(true)}
              required
              disabled={disabled}
              error={siTouched && specialInformation === ""}
              helperText={siTouched && specialInformation === "" ? translate("slotdesk.send.form.si_required") : " "}
              slotProps={{ htmlInput: { maxLength: 600, autoCapitalize: "characters", spellCheck: false } }}
              fullWidth
            />
            <TextField
              label={translate("slotdesk.send.form.gi")}
              value={greeting}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
            <TextField
              label={translate("slotdesk.send.form.reference")}
              value={reference.value}
              onChange={(event) => reference.setValue(event.target.value)}
              onBlur={() => void onReferenceBlur()}
              required
              disabled={disabled || reference.state.kind === "loading"}
              error={referenceInUse || reference.state.kind === "invalid" || reference.state.kind === "error"}
              helperText={referenceHelp(reference.state, translate)}
              slotProps={{
                htmlInput: { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 },
                input: {
                  endAdornment:
                    reference.state.kind === "checking" || reference.state.kind === "loading" ? (
                      <CircularProgress size={18} aria-hidden />
                    ) : undefined,
                },
              }}
              fullWidth
            />
            <Autocomplete<Contact, true>
              multiple
              options={contacts}
              value={cc}
              onChange={(_event, value) => setCc(value)}
              disabled={disabled}
              getOptionLabel={(contact) => `${contact.name} <${contact.email}>`}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              noOptionsText={translate("slotdesk.send.form.cc_empty")}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate("slotdesk.send.form.cc")}
                  error={contactsError !== null}
                  helperText={contactsError ?? " "}
                />
              )}
            />
            {isCancel ? (
              <Autocomplete<DelayCode>
                options={delayCodes}
                value={delayCode}
                onChange={(_event, value) => setDelayCode(value)}
                disabled={disabled}
                getOptionLabel={(code) => `${code.code} — ${code.description}`}
                isOptionEqualToValue={(option, value) => option.code === value.code}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    required
                    label={translate("slotdesk.send.form.delay_code")}
                    error={delayCodesError !== null}
                    helperText={delayCodesError ?? (delayCode ? " " : translate("slotdesk.send.form.delay_code_required"))}
                  />
                )}
              />
            ) : null}
            <FormControlLabel
              control={<Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} disabled={disabled} />}
              label={translate("slotdesk.send.form.confirm")}
            />
            {unchanged.length > 0 ? (
              <Alert severity="warning">
                {translate("slotdesk.send.changes.none_summary", { smart_count: unchanged.length, rows: unchanged.join(", ") })}
              </Alert>
            ) : null}
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={!canSend}
                startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}
              >
                {translate(sending ? "slotdesk.send.form.sending" : "slotdesk.send.form.submit")}
              </Button>
            </Box>
            {failure ? (
              <Alert severity="error" action={failure.slots.length > 0 ? slotsLink(failure.slots) : undefined}>
                {failure.message}
                {failure.details.length > 0 ? (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {failure.details.map((detail, index) => (
                      <li key={`${index}-${detail}`}>{detail}</li>
                    ))}
                  </Box>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
        </Box>
      </Box>

      <ReferenceInUseDialog
        open={referenceDialog}
        next={reference.state.kind === "in_use" ? reference.state.next : null}
        onClose={() => setReferenceDialog(false)}
        onUse={(next) => {
          reference.takeSuggestion(next);
          setReferenceDialog(false);
        }}
      />
      <SlotsInProcessDialog open={slotsDialog !== null} slots={slotsDialog ?? []} onClose={() => setSlotsDialog(null)} />
    </Box>
  );
}
