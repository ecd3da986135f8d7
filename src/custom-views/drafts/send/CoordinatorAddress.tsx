/**
 * The coordinator's address, set right in the send view when it is missing (issue 24 item 4): on
 * a fresh install the first SCR would only be refused, and the top bar's @ button is behind the
 * full-screen window. Only the roles that may modify settings (Admin, Slot) get the field; the
 * others are told who can set it.
 */
import { Alert, Box, Button, TextField } from "@mui/material";
import { type JSX, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../../client/api/client";
import { getStoredUser } from "../../../client/auth/session";
import { useSaveSetting, useSettings } from "../../../client/queries/settings";
import { hasCapability } from "../../../generated/access";
import "./texts";
import "../../../client/i18n/settingsTexts";

/** Loose check before asking the server, which validates the address for real. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export function CoordinatorAddress({ onSaved }: { onSaved: () => void }): JSX.Element {
  const translate = useTranslate();
  const canModify = hasCapability(getStoredUser()?.role, "settingsModify");
  if (!canModify) return <Alert severity="error">{translate("slotdesk.send.mail.no_coordinator")}</Alert>;
  return <CoordinatorAddressForm onSaved={onSaved} />;
}

function CoordinatorAddressForm({ onSaved }: { onSaved: () => void }): JSX.Element {
  const translate = useTranslate();
  const notify = useNotify();
  const settings = useSettings("coordinator_email");
  const save = useSaveSetting();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const setting = settings.data?.find((entry) => entry.name === "coordinator_email");

  const submit = async () => {
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setError(translate("slotdesk.settings.coordinator_invalid"));
      return;
    }
    if (!setting) {
      setError(settings.error ? translate("slotdesk.settings.coordinator_load_failed", { message: settings.error.message }) : null);
      return;
    }
    // From the version read: if someone set the address meanwhile, the 409 names them (issue 25).
    const result = await save.mutateAsync({ id: setting.id, value: { email: address }, version: setting.version });
    if (result?.data) {
      notify("slotdesk.settings.coordinator_saved", { type: "success" });
      onSaved();
      return;
    }
    if (result?.response.status === 401) return;
    // What they typed stays in the field; the current address is read again (it may now be set).
    if (result?.response.status === 409) void settings.refetch();
    setError(result?.error?.errors?.[0]?.message ?? apiErrorMessage(result?.error ?? null));
  };

  return (
    <Alert severity="error" sx={{ "& .MuiAlert-message": { flex: 1 } }}>
      {translate("slotdesk.send.mail.no_coordinator_here")}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", mt: 1.5 }}>
        <TextField
          size="small"
          type="email"
          label={translate("slotdesk.send.mail.coordinator_label")}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Enter saves the address, never submits the send form around it.
            if (event.key === "Enter") {
              event.preventDefault();
              void submit();
            }
          }}
          disabled={save.isPending}
          error={error !== null}
          helperText={error ?? " "}
          slotProps={{ htmlInput: { maxLength: 256 } }}
          sx={{ flex: 1, "& .MuiInputBase-root": { bgcolor: "background.paper" } }}
        />
        <Button type="button" variant="contained" color="error" onClick={() => void submit()} loading={save.isPending} disabled={!setting}>
          {translate("slotdesk.send.mail.coordinator_save")}
        </Button>
      </Box>
    </Alert>
  );
}
