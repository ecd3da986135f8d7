import DownloadIcon from "@mui/icons-material/Download";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, AlertTitle, Box, Button, Link, TextField, Typography } from "@mui/material";
import { type ChangeEvent, useRef, useState } from "react";
import { saveDownload } from "../../client/files/download";
import { addDays, isSeasonCode, seasonBounds } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { DialogForm } from "../account/DialogForm";
import { downloadSeasonTemplate, useUploadSeason } from "../../client/queries/seasons";
import { getStoredSeason } from "../../client/auth/session";
import { DateInput, INVALID_DATE } from "../../client/dates/DateInput";
import { useTranslate } from "../../client/i18n/translate";
import { ReadProblems } from "../../client/ui/ReadProblems";
import "../../client/i18n/settingsTexts";

type UploadResult = components["schemas"]["SeasonUploadResult"];

/** The seed's spreadsheet, or the coordinator's SAL/SHL text list (issue 13). */
const ACCEPTED = [".xlsx", ".txt"];
const ACCEPT_ATTRIBUTE = [
  ".xlsx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".txt",
  "text/plain",
].join(",");

type Failure = { titleKey: string; text: string; details: string[] };
type State = { kind: "idle" } | { kind: "busy" } | { kind: "success"; result: UploadResult } | { kind: "error"; failure: Failure };

const acceptedFile = (file: File) => ACCEPTED.some((extension) => file.name.toLowerCase().endsWith(extension));

/**
 * 'Inicio de temporada' (seed 002 §2, §5, §7; issue 13): one season file (the .xlsx template's
 * layout, or a SAL/SHL list), the season's name and dates. Idle, success (the form is hidden) or
 * error (the seed's title and text, and the server's sheet/row/column details).
 */
export const SeasonStartDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const { mutateAsync: uploadSeason } = useUploadSeason();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const stored = getStoredSeason();
  // The seed: the first day a new season may start is the day after the stored season ends.
  const minDate = stored ? addDays(stored.end_date, 1) : undefined;

  const fail = (titleKey: string, text: string, details: string[] = []) =>
    setState({ kind: "error", failure: { titleKey, text, details } });

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!chosen) {
      setFile(null);
      fail("slotdesk.season_upload.no_file_title", translate("slotdesk.season_upload.no_file_text"));
      return;
    }
    if (!acceptedFile(chosen)) {
      setFile(null);
      fail("slotdesk.season_upload.wrong_type_title", translate("slotdesk.season_upload.wrong_type_text"));
      return;
    }
    setFile(chosen);
    setState({ kind: "idle" });
  };

  const changeName = (value: string) => {
    const code = value.trim().toUpperCase();
    setName(code);
    // A season's dates are the IATA dates of its name: offered, still editable.
    if (isSeasonCode(code)) {
      const bounds = seasonBounds(code);
      if (start === "") setStart(bounds.start_date);
      if (end === "") setEnd(bounds.end_date);
    }
  };

  const validDate = (value: string) => value !== "" && value !== INVALID_DATE;
  const beforeMin = (value: string) => minDate !== undefined && validDate(value) && value < minDate;
  const canSubmit =
    file !== null &&
    name !== "" &&
    validDate(start) &&
    validDate(end) &&
    start !== end &&
    !beforeMin(start) &&
    !beforeMin(end);

  const submit = async () => {
    if (!file) {
      fail("slotdesk.season_upload.no_file_title", translate("slotdesk.season_upload.no_file_text"));
      return;
    }
    setState({ kind: "busy" });
    const result = await uploadSeason({ fields: { season_name: name, season_start: start, season_end: end, airport: "2" }, file });
    if (result?.data) {
      // Season selectors and lists read the new season (and its slots) at once: the upload invalidated them.
      setState({ kind: "success", result: result.data });
      return;
    }
    const status = result?.response.status;
    if (status === 401) return;
    const details = (result?.error?.errors ?? []).map((detail) => detail.message);
    if (status === 409) fail("slotdesk.season_upload.failed_title", translate("slotdesk.season_upload.season_has_slots"));
    else if (status === 406)
      fail("slotdesk.season_upload.failed_title", translate("slotdesk.season_upload.wrong_format"), details);
    else
      fail(
        "slotdesk.season_upload.failed_title",
        translate("slotdesk.season_upload.server_error", { code: status ?? 0 }),
        result?.error?.message ? [result.error.message] : [],
      );
  };

  const downloadTemplate = async () => {
    const result = await downloadSeasonTemplate().catch(() => null);
    if (!result?.data) {
      fail("slotdesk.season_upload.failed_title", translate("slotdesk.season_upload.template_failed"));
      return;
    }
    saveDownload(result.data, result.response, translate("slotdesk.season_upload.template_file_name"));
  };

  const busy = state.kind === "busy";
  const dateHelper = (value: string) =>
    beforeMin(value) && minDate ? translate("slotdesk.season_upload.min_date", { date: minDate.split("-").reverse().join("/") }) : " ";

  return (
    <DialogForm
      open
      onClose={onClose}
      titleKey="slotdesk.settings.season_start_title"
      submitKey="slotdesk.season_upload.submit"
      busyKey="slotdesk.season_upload.uploading"
      busy={busy}
      done={state.kind === "success"}
      canSubmit={canSubmit}
      onSubmit={() => void submit()}
    >
      {state.kind === "success" ? (
        <Alert severity="success">
          <AlertTitle>{translate("slotdesk.season_upload.success_title")}</AlertTitle>
          {translate("slotdesk.season_upload.success_text", {
            season: state.result.season.name,
            series: state.result.series,
            slots: state.result.slots,
            historic: state.result.historic_slots,
            new: state.result.new_slots,
          })}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate("slotdesk.season_upload.intro")}{" "}
            <Link component="button" type="button" onClick={() => void downloadTemplate()} sx={{ verticalAlign: "baseline" }}>
              <DownloadIcon fontSize="inherit" sx={{ verticalAlign: "middle", mr: 0.25 }} />
              {translate("slotdesk.season_upload.template")}
            </Link>
          </Typography>
          <Box>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={ACCEPT_ATTRIBUTE}
              aria-label={translate("slotdesk.season_upload.file")}
              onChange={chooseFile}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => fileInput.current?.click()}>
              {translate("slotdesk.season_upload.choose_file")}
            </Button>
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="season-upload-file">
              {file ? file.name : translate("slotdesk.season_upload.no_file_chosen")}
            </Typography>
          </Box>
          <TextField
            label={translate("slotdesk.season_upload.name")}
            value={name}
            onChange={(event) => changeName(event.target.value)}
            disabled={busy}
            required
            helperText={translate("slotdesk.season_upload.name_help")}
            slotProps={{ htmlInput: { maxLength: 3 } }}
            fullWidth
          />
          <DateInput
            label={translate("slotdesk.season_upload.start")}
            value={start}
            onChange={setStart}
            min={minDate}
            disabled={busy}
            required
            error={beforeMin(start)}
            helperText={dateHelper(start)}
            fullWidth
          />
          <DateInput
            label={translate("slotdesk.season_upload.end")}
            value={end}
            onChange={setEnd}
            min={minDate}
            disabled={busy}
            required
            error={beforeMin(end) || (validDate(start) && start === end)}
            helperText={validDate(start) && start === end ? translate("slotdesk.season_upload.same_dates") : dateHelper(end)}
            fullWidth
          />
        </>
      )}
      {/* After a SAL/SHL list: what the reader assumed to read it. */}
      {state.kind === "success" ? <ReadProblems problems={state.result.warnings} /> : null}
      {state.kind === "error" ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{translate(state.failure.titleKey)}</AlertTitle>
          {state.failure.text}
          {state.failure.details.length > 0 ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2, maxHeight: 200, overflow: "auto" }}>
              {state.failure.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
    </DialogForm>
  );
};
