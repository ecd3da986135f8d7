/**
 * The 'Solicitud' dialog's new-request upload form (seed 002 §2, §3 'Log creation payload', §4,
 * §5, §7, §8): a request sent outside Slotdesk, recorded by hand. The type comes first (until then
 * the request txt cannot be chosen: 'Selecciona el tipo de solicitud'); the txt is analysed by the
 * server to fill the lines, date, S.I., G.I., reference and part; the reference is checked on blur;
 * the airport is MEX; the official letter (PDF) is optional. Closing with unsaved changes asks
 * 'Cambios sin guardar' / 'Cerrar sin guardar'.
 */
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type ReactNode, useId, useRef, useState } from "react";
import { Confirm, useGetOne, useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { analyseRequestFile, checkReference as checkAvailability, nextReference, useCreateLogbookRequest } from "../../client/queries/logbook";
import { hasCapability, useRole } from "../../client/auth/capabilities";
import { getStoredUser } from "../../client/auth/session";
import { SCR_TEXT } from "../../client/ui/scrText";
import { todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import "../../client/i18n/logbookTexts";
import { ReadProblems } from "../../client/ui/ReadProblems";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";

type Season = components["schemas"]["Season"];
type Line = components["schemas"]["LogbookAnalysis"]["lines"][number];
type RequestType = "2" | "3" | "4";
const FIELDS = ["type", "request_file", "reference", "part_number", "date", "airport", "responsible", "request_pdf"] as const;
type Field = (typeof FIELDS)[number];
const isField = (value: string | undefined): value is Field => FIELDS.some((field) => field === value);

/** Seed 002 §4: Alta 2, Cancelación 3, Modificación 4, and the capability that may request each (seed 000 §6). */
const TYPES: ReadonlyArray<{ value: RequestType; key: string; capability: "draftNew" | "draftCancel" | "draftModify" }> = [
  { value: "2", key: "slotdesk.logbook.types.new", capability: "draftNew" },
  { value: "3", key: "slotdesk.logbook.types.cancel", capability: "draftCancel" },
  { value: "4", key: "slotdesk.logbook.types.modify", capability: "draftModify" },
];
const AIRPORT = "MEX";

/** Seed 002 §5: a positive integer, required; the message key of what is wrong, or null. */
export function positiveIntegerProblem(value: string): string | null {
  const text = value.trim();
  if (text === "") return "slotdesk.logbook.form.required";
  if (!/^-?\d+$/.test(text)) return "slotdesk.logbook.form.integer";
  if (Number(text) <= 0) return "slotdesk.logbook.form.positive";
  if (Number(text) > 2147483647) return "slotdesk.logbook.form.invalid_value";
  return null;
}

const FileButton = ({
  label,
  accept,
  file,
  disabled,
  error,
  onFile,
}: {
  label: string;
  accept: string;
  file: File | null;
  disabled?: boolean;
  error?: string;
  onFile: (file: File) => void;
}) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <span>
          <Button variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={disabled} onClick={() => input.current?.click()}>
            {translate("slotdesk.logbook.form.choose_file")}
          </Button>
        </span>
        <Typography variant="body2" color="text.secondary">
          {file?.name ?? translate("slotdesk.logbook.form.no_file")}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          if (chosen) onFile(chosen);
        }}
      />
      {error ? (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      ) : null}
    </Stack>
  );
};

const Row = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "flex-start" }}>
    {children}
  </Stack>
);

export const LogbookRequestForm = ({ seasonId, onClose, onSaved }: { seasonId: number; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { role } = useRole();
  const user = getStoredUser();
  const { data: season } = useGetOne<Season>("seasons", { id: seasonId });
  const [type, setType] = useState<RequestType | "">("");
  const [requestFile, setRequestFile] = useState<File | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [reference, setReference] = useState("");
  const [part, setPart] = useState("1");
  const [date, setDate] = useState(() => todayInZone(new Date()));
  const [si, setSi] = useState("");
  const [gi, setGi] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [analysisError, setAnalysisError] = useState<string | null>(null);
  const [readWarnings, setReadWarnings] = useState<components["schemas"]["ReadProblem"][]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<"analysing" | "saving" | null>(null);
  const [closing, setClosing] = useState(false);
  const { mutateAsync: createRequest } = useCreateLogbookRequest();

  const change = <T,>(setter: (value: T) => void, field?: Field) => (value: T) => {
    setter(value);
    setDirty(true);
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const close = () => (dirty ? setClosing(true) : onClose());

  const checkReference = async (value: string) => {
    const problem = positiveIntegerProblem(value);
    if (problem) {
      setErrors((current) => ({ ...current, reference: translate(problem) }));
      return;
    }
    const { data } = await checkAvailability(seasonId, Number(value)).catch(() => ({ data: undefined }));
    if (!data) return;
    setErrors((current) => ({
      ...current,
      reference: data.is_available
        ? undefined
        : translate("slotdesk.logbook.form.reference_in_use", {
            recommended: data.recommended_reference > 0 ? data.recommended_reference : translate("slotdesk.logbook.form.other"),
          }),
    }));
  };

  const analyse = async (file: File, chosenType: RequestType) => {
    setAnalysisError(null);
    if (!file.name.toLowerCase().endsWith(".txt")) {
      setErrors((current) => ({ ...current, request_file: translate("slotdesk.logbook.form.wrong_txt") }));
      return;
    }
    setRequestFile(file);
    setDirty(true);
    setErrors((current) => ({ ...current, request_file: undefined }));
    setBusy("analysing");
    const result = await analyseRequestFile(chosenType, file).catch(() => null);
    setBusy(null);
    setReadWarnings(result?.data?.warnings ?? []);
    if (!result?.data) {
      setLines([]);
      notify("slotdesk.logbook.form.upload_failed", { type: "error" });
      if (result?.error) setAnalysisError(apiErrorMessage(result.error));
      return;
    }
    const analysis = result.data;
    setLines(analysis.lines);
    if (analysis.date) setDate(analysis.date);
    setSi(analysis.si);
    setGi(analysis.gi);
    if (analysis.part_number !== null) setPart(String(analysis.part_number));
    let proposed = analysis.reference;
    if (proposed === null) {
      const next = await nextReference(seasonId).catch(() => ({ data: undefined }));
      proposed = next.data?.next_reference ?? null;
    }
    if (proposed !== null) {
      setReference(String(proposed));
      void checkReference(String(proposed));
    }
  };

  const validate = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    if (type === "") found.type = translate("slotdesk.logbook.form.required");
    if (!requestFile) found.request_file = translate("slotdesk.logbook.form.required");
    const referenceProblem = positiveIntegerProblem(reference);
    if (referenceProblem) found.reference = translate(referenceProblem);
    else if (errors.reference) found.reference = errors.reference;
    const partProblem = positiveIntegerProblem(part);
    if (partProblem) found.part_number = translate(partProblem);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = translate(date === "" ? "slotdesk.logbook.form.required" : "slotdesk.logbook.form.invalid");
    if (AIRPORT.length !== 3) found.airport = translate("slotdesk.logbook.form.length", { length: 3 });
    if (!user) found.responsible = translate("slotdesk.logbook.form.required");
    if (pdf && !pdf.name.toLowerCase().endsWith(".pdf")) found.request_pdf = translate("slotdesk.logbook.form.wrong_pdf");
    setErrors(found);
    return Object.values(found).every((message) => message === undefined) && lines.length > 0;
  };

  const save = async () => {
    if (!validate() || !requestFile || !user || type === "") return;
    setBusy("saving");
    const fields = {
      reference: reference.trim(),
      part_number: part.trim(),
      season: String(seasonId),
      date,
      airport: AIRPORT,
      type,
      responsible: String(user.id),
      si: si.trim(),
      gi: gi.trim(),
    };
    const result = await createRequest({ fields, requestFile, pdf });
    setBusy(null);
    if (result?.data) {
      notify("slotdesk.logbook.form.saved", { type: "success" });
      onSaved();
      return;
    }
    const status = result?.response.status;
    if (status === 409 && result?.error) {
      const recommended = result.error.recommended_reference;
      setErrors((current) => ({
        ...current,
        reference: translate("slotdesk.logbook.form.reference_in_use", {
          recommended: typeof recommended === "number" ? recommended : translate("slotdesk.logbook.form.other"),
        }),
      }));
      return;
    }
    if (status === 400 && result?.error) {
      const byField: Partial<Record<Field, string>> = {};
      for (const detail of result.error.errors ?? []) {
        if (isField(detail.field)) byField[detail.field] ??= detail.message;
      }
      setErrors((current) => ({ ...current, ...byField }));
      setAnalysisError(apiErrorMessage(result.error));
    } else if (status === 413 && result?.error) {
      setAnalysisError(apiErrorMessage(result.error));
    }
    notify("slotdesk.logbook.form.save_failed", { type: "error" });
  };

  const typeChosen = type !== "";
  return (
    <Dialog open fullScreen onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {translate("slotdesk.logbook.form.title")} · {translate("slotdesk.logbook.new_request")}
        <DialogCloseButton label={translate("slotdesk.logbook.viewer.close")} onClick={close} />
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ maxWidth: 1100 }}>
          <Row>
            <TextField
              select
              label={translate("slotdesk.logbook.form.type")}
              value={type}
              onChange={(event) => {
                const value = TYPES.find((option) => option.value === event.target.value)?.value ?? "";
                change(setType, "type")(value);
                if (value !== "" && requestFile) void analyse(requestFile, value);
              }}
              error={Boolean(errors.type)}
              helperText={errors.type ?? " "}
              fullWidth={false}
              sx={{ width: 260 }}
            >
              {TYPES.map((option) => (
                <MenuItem key={option.value} value={option.value} disabled={role !== undefined && !hasCapability(role, option.capability)}>
                  {translate(option.key)}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={typeChosen ? "" : translate("slotdesk.logbook.form.type_first")} placement="top">
              <Box>
                <FileButton
                  label={translate("slotdesk.logbook.form.request_file")}
                  accept=".txt,text/plain"
                  file={requestFile}
                  disabled={!typeChosen || busy !== null}
                  error={errors.request_file}
                  onFile={(file) => {
                    if (type !== "") void analyse(file, type);
                  }}
                />
              </Box>
            </Tooltip>
            <FileButton
              label={translate("slotdesk.logbook.form.pdf_file")}
              accept=".pdf,application/pdf"
              file={pdf}
              disabled={busy !== null}
              error={errors.request_pdf}
              onFile={(file) => {
                if (!file.name.toLowerCase().endsWith(".pdf")) {
                  setErrors((current) => ({ ...current, request_pdf: translate("slotdesk.logbook.form.wrong_pdf") }));
                  return;
                }
                change(setPdf, "request_pdf")(file);
              }}
            />
          </Row>
          {busy === "analysing" ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
              <CircularProgress size={18} aria-hidden />
              <Typography>{translate("slotdesk.logbook.form.analysing")}</Typography>
            </Stack>
          ) : null}
          {analysisError ? <Alert severity="error">{analysisError}</Alert> : null}
          <ReadProblems problems={readWarnings} />
          <Row>
            <TextField
              label={translate("slotdesk.logbook.form.reference")}
              value={reference}
              onChange={(event) => change(setReference, "reference")(event.target.value)}
              onBlur={() => void checkReference(reference)}
              error={Boolean(errors.reference)}
              helperText={errors.reference ?? " "}
              required
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 10 } }}
              sx={{ width: 200 }}
            />
            <TextField
              label={translate("slotdesk.logbook.form.part")}
              value={part}
              onChange={(event) => change(setPart, "part_number")(event.target.value)}
              onBlur={() => {
                const problem = positiveIntegerProblem(part);
                if (problem) setErrors((current) => ({ ...current, part_number: translate(problem) }));
              }}
              error={Boolean(errors.part_number)}
              helperText={errors.part_number ?? " "}
              required
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 10 } }}
              sx={{ width: 120 }}
            />
            <TextField label={translate("slotdesk.logbook.form.season")} value={season?.name ?? ""} disabled sx={{ width: 140 }} helperText=" " />
            <TextField
              type="date"
              label={translate("slotdesk.logbook.form.date")}
              value={date}
              onChange={(event) => change(setDate, "date")(event.target.value)}
              error={Boolean(errors.date)}
              helperText={errors.date ?? " "}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 180 }}
            />
            <TextField
              label={translate("slotdesk.logbook.form.airport")}
              value={AIRPORT}
              disabled
              error={Boolean(errors.airport)}
              helperText={errors.airport ?? " "}
              sx={{ width: 120 }}
            />
            <TextField
              label={translate("slotdesk.logbook.form.responsible")}
              value={user ? `${user.name} ${user.last_name}`.trim() : ""}
              disabled
              required
              error={Boolean(errors.responsible)}
              helperText={errors.responsible ?? " "}
              fullWidth={false}
              sx={{ width: 280 }}
            />
          </Row>
          <Row>
            <TextField
              label={translate("slotdesk.logbook.form.si")}
              value={si}
              onChange={(event) => change(setSi)(event.target.value)}
              multiline
              minRows={2}
              sx={{ flex: 1, minWidth: 300 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <TextField
              label={translate("slotdesk.logbook.form.gi")}
              value={gi}
              onChange={(event) => change(setGi)(event.target.value)}
              multiline
              minRows={2}
              sx={{ flex: 1, minWidth: 300 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Row>
          {lines.length > 0 ? (
            <Paper variant="outlined">
              <Table size="small" aria-label={translate("slotdesk.logbook.form.lines")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate("slotdesk.logbook.viewer.actual")}</TableCell>
                    <TableCell>{translate("slotdesk.logbook.viewer.request")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((line, index) => (
                    <TableRow key={`${index}-${line.request}`}>
                      <TableCell sx={SCR_TEXT}>{line.actual ?? "—"}</TableCell>
                      <TableCell sx={SCR_TEXT}>{line.request}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate("slotdesk.logbook.form.cancel")}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy !== null} loading={busy === "saving"}>
          {translate("slotdesk.logbook.form.save")}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={closing}
        title="slotdesk.logbook.form.unsaved_title"
        content="slotdesk.logbook.form.unsaved_text"
        confirm="slotdesk.logbook.form.close_unsaved"
        cancel="slotdesk.logbook.form.keep_editing"
        onConfirm={onClose}
        onClose={() => setClosing(false)}
      />
    </Dialog>
  );
};
