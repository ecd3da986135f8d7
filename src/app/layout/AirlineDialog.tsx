/**
 * The airline's designators (setting `airline`, issue 22 item 4), from the top bar's 'Aerolínea'
 * button (SettingsMenu; Admin and Slot): loaded when first opened.
 */
import { Alert, CircularProgress, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { airlineFileBaseName } from "../../domain/airline";
import { SettingSaveError, useAirlineSetting, useModifySetting } from "../../client/queries/settings";
import { DialogForm } from "../account/DialogForm";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import "../../client/i18n/settingsTexts";
import "../../client/i18n/formsTexts";

// The contract's patterns (AirlineValue), checked here only to name the field before asking.
const IATA = /^([A-Z][A-Z0-9]|[0-9][A-Z])$/;
const ICAO = /^[A-Z]{3}$/;
const DESIGNATOR = /^([A-Z][A-Z0-9]|[0-9][A-Z]|[A-Z]{3})$/;

type Draft = { iata: string; icao: string; others: string };
type Problems = { iata?: string; icao?: string; others?: string; save?: string; stale?: boolean };

const codesOf = (text: string) => [...new Set(text.toUpperCase().split(/[\s,;]+/).filter((code) => code !== ""))];

export const AirlineDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const setting = useAirlineSetting();
  const modify = useModifySetting();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Problems>({});

  const stored = setting.data;
  const shown: Draft | null =
    draft ?? (stored ? { iata: stored.value.iata, icao: stored.value.icao, others: stored.value.other_designators.join(", ") } : null);
  const edit = (patch: Partial<Draft>) => {
    if (shown) setDraft({ ...shown, ...patch });
    setProblems({});
  };

  const save = () => {
    if (!stored || !shown) return;
    const iata = shown.iata.trim().toUpperCase();
    const icao = shown.icao.trim().toUpperCase();
    const others = codesOf(shown.others);
    const wrong = others.filter((code) => !DESIGNATOR.test(code));
    const found: Problems = {
      ...(IATA.test(iata) ? {} : { iata: translate("slotdesk.settings.airline.invalid_iata") }),
      ...(ICAO.test(icao) ? {} : { icao: translate("slotdesk.settings.airline.invalid_icao") }),
      ...(wrong.length === 0 ? {} : { others: translate("slotdesk.settings.airline.invalid_others", { codes: wrong.join(", ") }) }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    modify.mutate(
      {
        id: stored.id,
        value: { iata, icao, other_designators: others.filter((code) => code !== iata && code !== icao) },
        // Made from the version read: a save after another person's is refused (409), not undoing theirs.
        version: stored.version,
      },
      {
        onSuccess: () => {
          notify("slotdesk.settings.airline.saved", { type: "success" });
          onClose();
        },
        onError: (error) => {
          if (error instanceof SettingSaveError && error.status === 401) return;
          if (error instanceof SettingSaveError && error.stale) {
            // Who changed it and when; the fields keep what was typed.
            setProblems({ save: error.message, stale: true });
            return;
          }
          setProblems({ save: error instanceof SettingSaveError ? (error.detail ?? error.message) : error.message });
          notify("slotdesk.settings.airline.failed", { type: "error" });
        },
      },
    );
  };

  const busy = modify.isPending;
  // The file name the ICAO code gives, as typed once it is a valid one.
  const typedIcao = shown?.icao.trim().toUpperCase() ?? "";
  const example = stored ? `${airlineFileBaseName({ ...stored.value, icao: ICAO.test(typedIcao) ? typedIcao : stored.value.icao }, "W26", 1, 1)}.txt` : "";
  return (
    <DialogForm
      open
      onClose={onClose}
      titleKey="slotdesk.settings.airline.title"
      submitKey="slotdesk.settings.airline.save"
      busy={busy || setting.isPending}
      done={setting.isError}
      onSubmit={save}
    >
      <Typography variant="body2" color="text.secondary">
        {translate("slotdesk.settings.airline.intro", { example })}
      </Typography>
      {setting.isPending ? <CircularProgress size={24} aria-label={translate("ra.page.loading")} /> : null}
      {setting.isError ? (
        <Alert severity="error">{translate("slotdesk.settings.airline.load_failed", { message: setting.error.message })}</Alert>
      ) : null}
      {shown ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={2}>
            <TextField
              label={translate("slotdesk.settings.airline.iata")}
              value={shown.iata}
              onChange={(event) => edit({ iata: event.target.value.toUpperCase() })}
              disabled={busy}
              error={problems.iata !== undefined}
              helperText={problems.iata ?? translate("slotdesk.settings.airline.iata_help")}
              slotProps={{ htmlInput: { maxLength: 2 } }}
              autoFocus
              fullWidth
            />
            <TextField
              label={translate("slotdesk.settings.airline.icao")}
              value={shown.icao}
              onChange={(event) => edit({ icao: event.target.value.toUpperCase() })}
              disabled={busy}
              error={problems.icao !== undefined}
              helperText={problems.icao ?? translate("slotdesk.settings.airline.icao_help")}
              slotProps={{ htmlInput: { maxLength: 3 } }}
              fullWidth
            />
          </Stack>
          <TextField
            label={translate("slotdesk.settings.airline.others")}
            value={shown.others}
            onChange={(event) => edit({ others: event.target.value.toUpperCase() })}
            disabled={busy}
            error={problems.others !== undefined}
            helperText={problems.others ?? translate("slotdesk.settings.airline.others_help")}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            fullWidth
          />
          {problems.save && problems.stale ? (
            // 'Recargar' reads the setting as saved now: the next save is made from it; what was typed stays.
            <StaleVersionAlert stale={{ message: problems.save }} onReload={() => setting.refetch().then(() => setProblems({}))} />
          ) : problems.save ? (
            <Alert severity="error">{problems.save}</Alert>
          ) : null}
        </Stack>
      ) : null}
    </DialogForm>
  );
};
