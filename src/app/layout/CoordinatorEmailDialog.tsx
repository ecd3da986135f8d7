/**
 * The coordinator's e-mail dialog of the top bar ('Correo del coordinador', SettingsMenu): loaded
 * when first opened, so the shell does not carry its form.
 */
import { Alert, CircularProgress, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { DialogForm } from "../account/DialogForm";
import { apiErrorMessage } from "../../client/api/client";
import { staleVersionOf } from "../../client/queries/request";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { useSaveSetting, useSettings } from "../../client/queries/settings";
import type { components } from "../../generated/openapi";
import "../../client/i18n/settingsTexts";
import "../../client/i18n/formsTexts";

/** Loose check before asking the server, which validates the address for real. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

type Setting = components["schemas"]["Setting"];
type CoordinatorSetting = Extract<Setting, { name: "coordinator_email" }>;
const isCoordinatorEmail = (setting: Setting): setting is CoordinatorSetting => setting.name === "coordinator_email";

type CoordinatorState =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; id: number; version: number; email: string; error: string | null; stale: boolean };

/** The coordinator's address (setting `coordinator_email`): SCR requests are e-mailed there. */
export const CoordinatorEmailDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const query = useSettings("coordinator_email");
  const { mutateAsync: saveSetting, isPending: busy } = useSaveSetting();
  // What the person typed, and the refusal it met; the stored address until they type.
  // `stale`: another person saved the address after it was read (409); 'Recargar' is offered.
  const [edit, setEdit] = useState<{ email: string; error: string | null; stale?: boolean } | null>(null);
  const setting = query.data?.find(isCoordinatorEmail);
  const state: CoordinatorState = setting
    ? {
        kind: "ready",
        id: setting.id,
        version: setting.version,
        email: edit?.email ?? setting.value.email ?? "",
        error: edit?.error ?? null,
        stale: edit?.stale ?? false,
      }
    : query.isPending
      ? { kind: "loading" }
      : { kind: "failed", message: query.error?.message ?? apiErrorMessage(null) };

  const save = async () => {
    if (state.kind !== "ready") return;
    const email = state.email.trim();
    if (email !== "" && !looksLikeEmail(email)) {
      setEdit({ email: state.email, error: translate("slotdesk.settings.coordinator_invalid") });
      return;
    }
    const result = await saveSetting({ id: state.id, value: { email: email === "" ? null : email }, version: state.version });
    if (result?.data) {
      notify("slotdesk.settings.coordinator_saved", { type: "success" });
      onClose();
      return;
    }
    if (result?.response.status === 401) return;
    if (staleVersionOf(result?.error) !== null) {
      // Who changed it and when; the field keeps what was typed.
      setEdit({ email: state.email, error: apiErrorMessage(result?.error), stale: true });
      return;
    }
    const detail = result?.error?.errors?.[0]?.message;
    setEdit({ email: state.email, error: detail ?? (result?.error ? apiErrorMessage(result.error) : null) });
    notify("slotdesk.settings.coordinator_failed", { type: "error" });
  };

  return (
    <DialogForm
      open
      onClose={onClose}
      titleKey="slotdesk.settings.coordinator_title"
      submitKey="slotdesk.settings.coordinator_save"
      busy={busy || state.kind === "loading"}
      done={state.kind === "failed"}
      onSubmit={() => void save()}
    >
      <Typography variant="body2" color="text.secondary">
        {translate("slotdesk.settings.coordinator_intro")}
      </Typography>
      {state.kind === "loading" ? <CircularProgress size={24} aria-label={translate("ra.page.loading")} /> : null}
      {state.kind === "failed" ? (
        <Alert severity="error">{translate("slotdesk.settings.coordinator_load_failed", { message: state.message })}</Alert>
      ) : null}
      {state.kind === "ready" ? (
        <TextField
          label={translate("slotdesk.settings.coordinator_email")}
          type="email"
          value={state.email}
          onChange={(event) => setEdit({ email: event.target.value, error: null })}
          disabled={busy}
          error={state.error !== null}
          helperText={state.stale ? " " : (state.error ?? " ")}
          slotProps={{ htmlInput: { maxLength: 256 } }}
          autoFocus
          fullWidth
        />
      ) : null}
      {state.kind === "ready" && state.stale ? (
        <StaleVersionAlert
          stale={{ message: state.error ?? "" }}
          onReload={() => query.refetch().then(() => setEdit({ email: state.email, error: null }))}
        />
      ) : null}
    </DialogForm>
  );
};
