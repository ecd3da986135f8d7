/**
 * Edit delays (seed 001 §2.6, §3, §5, §8): up to four entries of code (from the IATA list, a
 * chooser at most 300 px high), minutes (digits only) and cause (the seed's characters only),
 * plus observations. Saved through evaluateMatchDelays; 200 → 'Información actualizada'.
 */
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { Alert, AlertTitle, Autocomplete, Box, Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useEvaluateDelays } from "../../client/queries/matchViewer";
import { failureText, type StaleVersion, staleVersionOf } from "../../client/queries/request";
import {
  filterDelayCause,
  filterDelayMinutes,
  MAX_DELAY_MINUTES,
  MAX_DELAYS,
  parseDelayMinutes,
} from "../../domain/turnover";
import type { components } from "../../generated/openapi";
import type { TurnoverRow } from "../../client/status/statusDisplay";
import { type DelayCode, useDelayCodes } from "../../client/queries/delayCodes";
import { delaysOf, ORDINAL_KEYS } from "./MatchCards";
import "./texts";

/** No codes yet (or none could be read): one empty list, not a new one each render. */
const NO_CODES: readonly DelayCode[] = [];

type DelayEntry = components["schemas"]["DelayEntry"];

type EditableDelay = { key: number; code: string | null; minutes: string; cause: string };

let lastKey = 0;
const newEntry = (code: string | null = null, minutes = "", cause = ""): EditableDelay => ({
  key: ++lastKey,
  code,
  minutes,
  cause,
});

const codeLabel = (option: DelayCode) => (option.description ? `${option.code} · ${option.description}` : option.code);

interface DelayEditorPanelProps {
  match: TurnoverRow;
  /** The minutes being entered, for the live 'por justificar'. */
  onMinutesChange: (minutes: (number | null)[]) => void;
  onSaved: (match: TurnoverRow) => void;
  /** Someone else changed the match since it was read (409): the viewer says who and offers to reload. */
  onStale: (stale: StaleVersion) => void;
}

/** "93 20 min (Falla en APU), 41 5 min": a row's saved delays as a person reads them. */
const delaysText = (match: TurnoverRow) =>
  delaysOf(match)
    .filter((delay) => delay.code !== null)
    .map((delay) => `${delay.code ?? ""} ${delay.minutes ?? 0} min${delay.cause ? ` (${delay.cause})` : ""}`)
    .join(", ");

/** The fields as the saved row fills them: its delays, or one empty entry. */
const entriesOf = (match: TurnoverRow): EditableDelay[] => {
  const existing = delaysOf(match)
    .filter((delay) => delay.code !== null)
    .map((delay) => newEntry(delay.code, delay.minutes === null ? "" : String(delay.minutes), delay.cause ?? ""));
  return existing.length > 0 ? existing : [newEntry()];
};

export const DelayEditorPanel = ({ match, onMinutesChange, onSaved, onStale }: DelayEditorPanelProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [entries, setEntries] = useState<EditableDelay[]>(() => entriesOf(match));
  const [observations, setObservations] = useState(match.observations);
  // The version the fields started from (or were last saved as), and whether the user has typed
  // since. A newer row (a reopened viewer's refetch, a reload after someone else's change) refills
  // fields nobody typed in; over typed ones its saved values are shown above, the fields kept.
  const [baseVersion, setBaseVersion] = useState(match.version);
  const [typed, setTyped] = useState(false);
  if (!typed && match.version !== baseVersion) {
    setEntries(entriesOf(match));
    setObservations(match.observations);
    setBaseVersion(match.version);
  }
  const reloadedOver = match.version !== baseVersion;
  const evaluate = useEvaluateDelays();
  const codesQuery = useDelayCodes();
  const codes = codesQuery.data ?? NO_CODES;
  const codesError = codesQuery.error ? failureText(codesQuery.error) : null;
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    onMinutesChange(entries.map((entry) => parseDelayMinutes(entry.minutes)));
  }, [entries, onMinutesChange]);

  const edit = (change: (current: EditableDelay[]) => EditableDelay[]) => {
    setTyped(true);
    setEntries(change);
  };
  const update = (key: number, change: Partial<EditableDelay>) =>
    edit((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const problems = entries.map((entry) => {
    const minutes = parseDelayMinutes(entry.minutes);
    return {
      code: entry.code ? null : "slotdesk.match_viewer.delay_editor.code_required",
      minutes:
        minutes === null
          ? "slotdesk.match_viewer.delay_editor.minutes_required"
          : minutes > MAX_DELAY_MINUTES
            ? "slotdesk.match_viewer.delay_editor.minutes_max"
            : null,
    };
  });
  const valid = problems.every((problem) => problem.code === null && problem.minutes === null);

  const save = async () => {
    setSubmitted(true);
    if (!valid) return;
    const delays: DelayEntry[] = entries.map((entry) => {
      const cause = entry.cause.trim();
      return { code: entry.code ?? "", minutes: parseDelayMinutes(entry.minutes) ?? 0, ...(cause ? { cause } : {}) };
    });
    setSaving(true);
    try {
      const version = match.version;
      const { data, error } = await evaluate.mutateAsync({
        matchId: match.id,
        body: { delays, observations, ...(version !== undefined ? { version } : {}) },
      });
      const stale = staleVersionOf(error);
      if (stale) {
        onStale(stale);
        return;
      }
      if (!data) {
        notify("slotdesk.match_viewer.delay_editor.failed", { type: "error" });
        return;
      }
      notify("slotdesk.match_viewer.delay_editor.saved", { type: "success" });
      setBaseVersion(data.version);
      setTyped(false);
      onSaved(data);
    } catch {
      notify("slotdesk.match_viewer.delay_editor.failed", { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      {codesError ? <Typography color="error">{codesError}</Typography> : null}
      {reloadedOver ? (
        <Alert severity="info" role="status" aria-label={translate("slotdesk.match_viewer.delay_editor.current_title")}>
          <AlertTitle>{translate("slotdesk.match_viewer.delay_editor.current_title")}</AlertTitle>
          <div>
            {translate("slotdesk.match_viewer.delay_editor.current_delays", {
              delays: delaysText(match) || translate("slotdesk.match_viewer.delay_editor.current_none"),
            })}
          </div>
          <div>{translate("slotdesk.match_viewer.delay_editor.current_observations", { observations: match.observations || "—" })}</div>
          <div>{translate("slotdesk.match_viewer.delay_editor.current_kept")}</div>
        </Alert>
      ) : null}
      {entries.map((entry, index) => {
        const ordinal = translate(ORDINAL_KEYS[index] ?? ORDINAL_KEYS[0]);
        const problem = problems[index];
        const value = entry.code ? (codes.find((option) => option.code === entry.code) ?? { code: entry.code }) : null;
        return (
          <Box key={entry.key} role="group" aria-label={ordinal} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
            <Typography variant="body2" sx={{ width: 92, pt: 1, flexShrink: 0 }}>
              {ordinal}
            </Typography>
            <Autocomplete<DelayCode>
              sx={{ width: 300, flexShrink: 0 }}
              size="small"
              options={codes}
              value={value}
              onChange={(_event, option) => update(entry.key, { code: option?.code ?? null })}
              isOptionEqualToValue={(option, selected) => option.code === selected.code}
              getOptionLabel={codeLabel}
              noOptionsText={translate("slotdesk.match_viewer.delay_editor.no_results")}
              slotProps={{ listbox: { style: { maxHeight: 300 } } }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate("slotdesk.match_viewer.delay_editor.code")}
                  error={submitted && problem?.code !== null}
                  helperText={submitted && problem?.code ? translate(problem.code) : undefined}
                />
              )}
            />
            <TextField
              size="small"
              sx={{ width: 110, flexShrink: 0 }}
              label={translate("slotdesk.match_viewer.delay_editor.minutes")}
              value={entry.minutes}
              onChange={(event) => update(entry.key, { minutes: filterDelayMinutes(event.target.value) })}
              error={(submitted || problem?.minutes === "slotdesk.match_viewer.delay_editor.minutes_max") && problem?.minutes !== null}
              helperText={
                problem?.minutes && (submitted || problem.minutes === "slotdesk.match_viewer.delay_editor.minutes_max")
                  ? translate(problem.minutes)
                  : undefined
              }
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
            <TextField
              size="small"
              sx={{ flex: 1 }}
              label={translate("slotdesk.match_viewer.delay_editor.cause")}
              value={entry.cause}
              onChange={(event) => update(entry.key, { cause: filterDelayCause(event.target.value) })}
            />
            <IconButton
              aria-label={`${translate("slotdesk.match_viewer.delay_editor.remove")} (${ordinal})`}
              onClick={() => edit((current) => current.filter((item) => item.key !== entry.key))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={entries.length >= MAX_DELAYS}
          onClick={() => edit((current) => [...current, newEntry()])}
        >
          {translate("slotdesk.match_viewer.delay_editor.add")}
        </Button>
      </Box>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={translate("slotdesk.match_viewer.delay_editor.observations")}
        value={observations}
        onChange={(event) => {
          setTyped(true);
          setObservations(event.target.value.slice(0, 1000));
        }}
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" size="small" disabled={saving}>
          {translate("slotdesk.match_viewer.delay_editor.save")}
        </Button>
      </Box>
    </Stack>
  );
};
