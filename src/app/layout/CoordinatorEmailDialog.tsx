/**
 * The coordinator's e-mail dialog of the top bar ('Correo del coordinador', SettingsMenu): loaded
 * when first opened, so the shell does not carry its form.
 */
import { Alert, CircularProgress, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { DialogForm } from "../account/DialogForm";
import { apiClient, apiErrorMessage } from "../../client/api/client";

/** Loose check before asking the server, which validates the address for real. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

type CoordinatorState =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; id: number; email: string; error: string | null };

/** The coordinator's address (setting `coordinator_email`): SCR requests are e-mailed there. */
export const CoordinatorEmailDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<CoordinatorState>({ kind: "loading" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .GET("/api/list-settings/", { params: { query: { names: "coordinator_email" } }, signal: controller.signal })
      .then(({ data, error }) => {
        const setting = data?.find((entry) => entry.name === "coordinator_email");
        if (setting && setting.name === "coordinator_email") {
          setState({ kind: "ready", id: setting.id, email: setting.value.email ?? "", error: null });
        } else {
          setState({ kind: "failed", message: apiErrorMessage(error) });
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: "failed", message: apiErrorMessage(null) });
      });
    return () => controller.abort();
  }, []);

  const save = async () => {
    if (state.kind !== "ready") return;
    const email = state.email.trim();
    if (email !== "" && !looksLikeEmail(email)) {
      setState({ ...state, error: translate("slotdesk.settings.coordinator_invalid") });
      return;
    }
    setBusy(true);
    const result = await apiClient
      .POST("/api/settings/modify/", { body: { id: state.id, value: { email: email === "" ? null : email } } })
      .catch(() => null);
    setBusy(false);
    if (result?.data) {
      notify("slotdesk.settings.coordinator_saved", { type: "success" });
      onClose();
      return;
    }
    if (result?.response.status === 401) return;
    const detail = result?.error?.errors?.[0]?.message;
    setState({ ...state, error: detail ?? (result?.error ? apiErrorMessage(result.error) : null) });
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
          onChange={(event) => setState({ ...state, email: event.target.value, error: null })}
          disabled={busy}
          error={state.error !== null}
          helperText={state.error ?? " "}
          slotProps={{ htmlInput: { maxLength: 256 } }}
          autoFocus
          fullWidth
        />
      ) : null}
    </DialogForm>
  );
};
