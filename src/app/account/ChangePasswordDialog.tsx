import { Alert, TextField } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { useChangePassword } from "../../client/queries/account";
import { DialogForm } from "./DialogForm";
import { checkNewPassword, MAX_PASSWORD_LENGTH } from "./accountRules";

interface PasswordErrors {
  current?: string;
  password?: string;
  confirmation?: string;
}

interface PasswordForm {
  current: string;
  password: string;
  confirmation: string;
  errors: PasswordErrors;
  /** The server's answer when it refused the change. */
  failure: string | null;
}

const EMPTY_FORM: PasswordForm = { current: "", password: "", confirmation: "", errors: {}, failure: null };

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Cambiar contraseña' (seed 002 "Session dialogs"): current password, new password (at least 12
 * characters) and its confirmation, checked before the call. The server ends every other session
 * of the user; this one stays open. A refusal (e.g. a wrong current password) is shown in the
 * dialog, which stays open.
 */
export const ChangePasswordDialog = ({ open, onClose }: ChangePasswordDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [form, setForm] = useState<PasswordForm>(EMPTY_FORM);
  const { mutateAsync: changePassword, isPending: busy } = useChangePassword();
  const [wasOpen, setWasOpen] = useState(open);

  // Each opening starts empty: passwords are not kept around.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setForm(EMPTY_FORM);
  }

  const update = (field: "current" | "password" | "confirmation", value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const save = async () => {
    const errors: PasswordErrors = checkNewPassword(form.password, form.confirmation, translate);
    if (form.current === "") errors.current = translate("slotdesk.account.current_password_required");
    setForm((current) => ({ ...current, errors, failure: null }));
    if (errors.current || errors.password || errors.confirmation) return;

    const result = await changePassword({
      current_password: form.current,
      new_password: form.password,
      new_password_confirmation: form.confirmation,
    });
    if (result?.response.ok) {
      setForm(EMPTY_FORM);
      notify("slotdesk.account.password_changed", { type: "success" });
      onClose();
      return;
    }
    // A 401 ends the session (the API client sends the user to the login page): nothing to add.
    if (result?.response.status === 401) return;
    setForm((current) => ({ ...current, failure: apiErrorMessage(result?.error ?? null) }));
  };

  return (
    <DialogForm
      open={open}
      onClose={onClose}
      titleKey="slotdesk.user.change_password"
      submitKey="ra.action.save"
      busy={busy}
      onSubmit={() => void save()}
    >
      {form.failure ? <Alert severity="error">{form.failure}</Alert> : null}
      <TextField
        label={translate("slotdesk.account.current_password")}
        type="password"
        name="current_password"
        autoComplete="current-password"
        autoFocus
        value={form.current}
        onChange={(event) => update("current", event.target.value)}
        error={Boolean(form.errors.current)}
        helperText={form.errors.current}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: MAX_PASSWORD_LENGTH } }}
      />
      <TextField
        label={translate("slotdesk.account.new_password")}
        type="password"
        name="new_password"
        autoComplete="new-password"
        value={form.password}
        onChange={(event) => update("password", event.target.value)}
        error={Boolean(form.errors.password)}
        helperText={form.errors.password}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: MAX_PASSWORD_LENGTH } }}
      />
      <TextField
        label={translate("slotdesk.account.new_password_confirmation")}
        type="password"
        name="new_password_confirmation"
        autoComplete="new-password"
        value={form.confirmation}
        onChange={(event) => update("confirmation", event.target.value)}
        error={Boolean(form.errors.confirmation)}
        helperText={form.errors.confirmation}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: MAX_PASSWORD_LENGTH } }}
      />
    </DialogForm>
  );
};
