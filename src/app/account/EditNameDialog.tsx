import { TextField } from "@mui/material";
import { useState } from "react";
import { useGetIdentity, useNotify, useTranslate } from "react-admin";
import { getStoredUser } from "../../client/auth/session";
import { useChangeName } from "../../client/queries/account";
import { DialogForm } from "./DialogForm";
import { MAX_NAME_LENGTH, serverFieldMessage } from "./accountRules";

interface NameErrors {
  name?: string;
  last_name?: string;
}

interface NameForm {
  name: string;
  lastName: string;
  errors: NameErrors;
}

/** The form as it opens: the session user's current name. */
const initialForm = (): NameForm => {
  const user = getStoredUser();
  return { name: user?.name ?? "", lastName: user?.last_name ?? "", errors: {} };
};

export interface EditNameDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Editar nombre' (seed 002 "Edit dialogs", "Session dialogs"): the name is required. A saved
 * name replaces the session user of this tab and react-admin's identity, so the avatar and the
 * user menu show it at once. A failure gives the seed's toast, and the server's own words under
 * the field they are about.
 */
export const EditNameDialog = ({ open, onClose }: EditNameDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const [form, setForm] = useState<NameForm>(initialForm);
  // Busy until the identity shows the new name, not only while the call runs.
  const [busy, setBusy] = useState(false);
  const { mutateAsync: changeName } = useChangeName();
  const [wasOpen, setWasOpen] = useState(open);

  // Each opening starts from the name as it is now.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setForm(initialForm());
  }

  const save = async () => {
    const name = form.name.trim();
    if (name === "") {
      setForm((current) => ({ ...current, errors: { name: translate("slotdesk.account.name_required") } }));
      return;
    }
    setForm((current) => ({ ...current, errors: {} }));
    setBusy(true);
    const result = await changeName({ name, last_name: form.lastName.trim() });
    if (result?.data) {
      await refetchIdentity();
      setBusy(false);
      notify("slotdesk.account.name_updated", { type: "success" });
      onClose();
      return;
    }
    setBusy(false);
    // A 401 ends the session (the API client sends the user to the login page): nothing to add.
    if (result?.response.status === 401) return;
    setForm((current) => ({
      ...current,
      errors: {
        name: serverFieldMessage(result?.error, "name"),
        last_name: serverFieldMessage(result?.error, "last_name"),
      },
    }));
    notify("slotdesk.account.name_failed", { type: "error" });
  };

  return (
    <DialogForm
      open={open}
      onClose={onClose}
      titleKey="slotdesk.user.edit_name"
      submitKey="ra.action.save"
      busy={busy}
      onSubmit={() => void save()}
    >
      <TextField
        label={translate("slotdesk.account.name")}
        name="name"
        autoComplete="given-name"
        required
        autoFocus
        value={form.name}
        onChange={(event) => setForm((current) => ({ ...current, name: event.target.value }))}
        error={Boolean(form.errors.name)}
        helperText={form.errors.name}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
      />
      <TextField
        label={translate("slotdesk.account.last_name")}
        name="last_name"
        autoComplete="family-name"
        value={form.lastName}
        onChange={(event) => setForm((current) => ({ ...current, lastName: event.target.value }))}
        error={Boolean(form.errors.last_name)}
        helperText={form.errors.last_name}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
      />
    </DialogForm>
  );
};
