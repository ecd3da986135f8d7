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

/** The three fields, in their order: the current password first (focused), then the new one twice. */
const FIELDS = [
  { key: "current", labelKey: "slotdesk.account.current_password", name: "current_password", autoComplete: "current-password" },
  { key: "password", labelKey: "slotdesk.account.new_password", name: "new_password", autoComplete: "new-password" },
  {
    key: "confirmation",
    labelKey: "slotdesk.account.new_password_confirmation",
    name: "new_password_confirmation",
    autoComplete: "new-password",
  },
] as const;

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
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={translate(field.labelKey)}
          type="password"
          name={field.name}
          autoComplete={field.autoComplete}
          autoFocus={field.key === "current"}
          value={form[field.key]}
          onChange={(event) => update(field.key, event.target.value)}
          error={Boolean(form.errors[field.key])}
          helperText={form.errors[field.key]}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: MAX_PASSWORD_LENGTH } }}
        />
      ))}
    </DialogForm>
  );
};
