import { Alert, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslate } from "../../client/i18n/translate";
import { apiErrorMessage } from "../../client/api/client";
import { requestPasswordReset } from "../../client/queries/accountLinks";
import { AuthField } from "./AuthField";
import { DialogForm } from "./DialogForm";
import { MAX_EMAIL_LENGTH } from "./accountRules";

interface ForgotForm {
  email: string;
  error?: string;
  /** The server's answer: the same sentence for every address, by design. */
  notice: string | null;
  failure: string | null;
}

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the login form's e-mail field holds when the dialog opens. */
  initialEmail?: string;
}

/**
 * '¿Olvidó su contraseña?' on the login page: asks the server to e-mail a reset link and shows
 * its answer, which does not tell whether the address has an account.
 */
export const ForgotPasswordDialog = ({ open, onClose, initialEmail = "" }: ForgotPasswordDialogProps) => {
  const translate = useTranslate();
  const [form, setForm] = useState<ForgotForm>({ email: initialEmail, notice: null, failure: null });
  const [busy, setBusy] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);

  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setForm({ email: initialEmail, notice: null, failure: null });
  }

  const send = async () => {
    const email = form.email.trim();
    if (email === "") {
      setForm((current) => ({ ...current, error: translate("slotdesk.account.email_required"), failure: null }));
      return;
    }
    setForm((current) => ({ ...current, error: undefined, failure: null }));
    setBusy(true);
    const result = await requestPasswordReset(email).catch(() => null);
    setBusy(false);
    if (result?.data) {
      const { message } = result.data;
      setForm((current) => ({ ...current, notice: message }));
      return;
    }
    setForm((current) => ({ ...current, failure: apiErrorMessage(result?.error ?? null) }));
  };

  return (
    <DialogForm
      open={open}
      onClose={onClose}
      titleKey="slotdesk.account.forgot_title"
      submitKey="slotdesk.account.send_link"
      busyKey="slotdesk.account.sending"
      busy={busy}
      done={form.notice !== null}
      onSubmit={() => void send()}
    >
      {form.notice !== null ? (
        <Alert severity="success">{form.notice}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate("slotdesk.account.forgot_intro")}
          </Typography>
          {form.failure ? <Alert severity="error">{form.failure}</Alert> : null}
          <AuthField
            label={translate("slotdesk.account.email")}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={form.email}
            onChange={(event) => setForm((current) => ({ ...current, email: event.target.value }))}
            error={Boolean(form.error)}
            helperText={form.error}
            disabled={busy}
            maxLength={MAX_EMAIL_LENGTH}
          />
        </>
      )}
    </DialogForm>
  );
};
