/**
 * The 'Solicitud' dialog's new-request upload form (seed 002 §2, §3 'Log creation payload', §4,
 * §5, §7, §8): a request sent outside Slotdesk, recorded by hand. The type comes first (until then
 * the request txt cannot be chosen: 'Selecciona el tipo de solicitud'); the txt is analysed by the
 * server to fill the lines, date, S.I., G.I., reference and part; the reference is checked on blur;
 * the airport is the one the Bitácora shows (issue 37); the official letter (PDF) is optional. Closing with unsaved changes asks
 * 'Cambios sin guardar' / 'Cerrar sin guardar'.
 *
 * The fields are a form generated from the contract's LogbookRecordForm: its titles are the
 * labels, the type's choices its `oneOf` titles, and its limits (each file's pattern and size as
 * the data URL's `maxLength`, the texts' lengths) are validated with Spanish messages; seed 002
 * §5's own words stay for the reference and the part. `logbookCreateOf` turns what the form
 * holds into the multipart create operation's fields and files.
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
import Form from "@rjsf/mui";
import type { ObjectFieldTemplateProps, RegistryWidgetsType, RJSFSchema, UiSchema, WidgetProps } from "@rjsf/utils";
import { type ReactNode, useId, useRef, useState } from "react";
import { Confirm, useGetOne, useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { dataUrlName, dataUrlToFile, fileToDataUrl } from "../../client/files/dataUrl";
import { refusedFile } from "../../client/forms/fileField";
import { BareField } from "../../client/forms/layout";
import { formValidator, spanishErrors } from "../../client/schema/validator";
import { FORM_SCHEMAS } from "../../generated/forms";
import { analyseRequestFile, useCreateLogbookRequest, useReferenceChecks } from "../../client/queries/logbook";
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

/** Seed 002 §5: a positive integer, required; the message key of what is wrong, or null. */
export function positiveIntegerProblem(value: string): string | null {
  const text = value.trim();
  if (text === "") return "slotdesk.logbook.form.required";
  if (!/^-?\d+$/.test(text)) return "slotdesk.logbook.form.integer";
  if (Number(text) <= 0) return "slotdesk.logbook.form.positive";
  if (Number(text) > 2147483647) return "slotdesk.logbook.form.invalid_value";
  return null;
}

/** What the form holds: the contract's LogbookRecordForm, each field until it is filled. */
type RecordValues = Partial<components["schemas"]["LogbookRecordForm"]>;
type RecordField = keyof RecordValues;
const RECORD_FIELDS: readonly RecordField[] = ["type", "request_file", "request_pdf", "reference", "part_number", "date", "si", "gi"];
const SCHEMA = FORM_SCHEMAS.LogbookRecordForm;
const isRequestType = (value: unknown): value is RequestType => TYPES.some((option) => option.value === value);

/** The form's values as the contract names them (rjsf hands back `unknown`). */
const recordValues = (value: unknown): RecordValues => {
  const values: RecordValues = {};
  if (typeof value !== "object" || value === null) return values;
  for (const field of RECORD_FIELDS) {
    const item: unknown = Reflect.get(value, field);
    if (field === "type") {
      if (isRequestType(item)) values.type = item;
    } else if (typeof item === "string") values[field] = item;
  }
  return values;
};

/** What the form holds as the create operation takes it (`LogbookCreateForm`, multipart): the files back to files, the season, its airport and the person. */
export const logbookCreateOf = (values: components["schemas"]["LogbookRecordForm"], seasonId: number, airport: string, responsible: number) => {
  const requestFile = dataUrlToFile(values.request_file);
  const pdf = values.request_pdf ? dataUrlToFile(values.request_pdf) : null;
  if (!requestFile) return null;
  const fields = {
    reference: values.reference.trim(),
    part_number: values.part_number.trim(),
    season: String(seasonId),
    date: values.date,
    airport,
    type: values.type,
    responsible: String(responsible),
    si: (values.si ?? "").trim(),
    gi: (values.gi ?? "").trim(),
  };
  return { fields, requestFile, pdf };
};

/** What the fields need beyond their schema: the messages, what is disabled, and the parts drawn between them. */
interface RecordContext {
  errors: Partial<Record<Field, string>>;
  /** The request types this person may not record (seed 000 §6). */
  forbiddenTypes: ReadonlySet<string>;
  typeChosen: boolean;
  busy: boolean;
  onBlurField(field: Field, value: string): void;
  /** Drawn after the files: the analysis's progress, its refusal, what the reader assumed. */
  afterFiles: ReactNode;
  /** The fields the contract does not hold (season, airport, person), drawn among the others. */
  season: ReactNode;
  fixed: ReactNode;
  /** Drawn after the fields: the lines read. */
  after: ReactNode;
}
type RecordWidgetProps = WidgetProps<RecordValues, RJSFSchema, RecordContext>;

const fieldError = (props: RecordWidgetProps): string | undefined => {
  const { errors } = props.registry.formContext;
  return isField(props.name) ? errors[props.name] : undefined;
};
const widthOf = (props: RecordWidgetProps): number | undefined => (typeof props.options.width === "number" ? props.options.width : undefined);

/** The request type, its choices the contract's titles; those this person may not record are disabled. */
function TypeWidget(props: RecordWidgetProps) {
  const { id, value, label, onChange, schema, registry } = props;
  const error = fieldError(props);
  const options = (schema.oneOf ?? []).flatMap((option) =>
    typeof option === "object" && typeof option.const === "string" ? [{ value: option.const, title: option.title ?? option.const }] : [],
  );
  const current: unknown = value;
  return (
    <TextField
      id={id}
      select
      label={label}
      value={typeof current === "string" ? current : ""}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
      error={Boolean(error)}
      helperText={error ?? " "}
      fullWidth={false}
      sx={{ width: widthOf(props) }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={registry.formContext.forbiddenTypes.has(option.value)}>
          {option.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A file: its title above, 'Seleccionar archivo' and the chosen name; read into the form as a data URL. */
function FileWidget(props: RecordWidgetProps) {
  const { value, label, onChange, options, registry } = props;
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { typeChosen, busy } = registry.formContext;
  const error = fieldError(props);
  // The request's txt waits for the type ('Selecciona el tipo de solicitud').
  const needsType = options.needsType === true;
  const disabled = busy || (needsType && !typeChosen);
  const current: unknown = value;
  const name = typeof current === "string" && current !== "" ? dataUrlName(current) : null;
  const choose = async (file: File | undefined) => {
    if (file) onChange(await fileToDataUrl(file));
  };
  const button = (
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
          {name ?? translate("slotdesk.logbook.form.no_file")}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={typeof options.accept === "string" ? options.accept : undefined}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          void choose(chosen);
        }}
      />
      {error ? (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      ) : null}
    </Stack>
  );
  return needsType ? (
    <Tooltip title={typeChosen ? "" : translate("slotdesk.logbook.form.type_first")} placement="top">
      <Box>{button}</Box>
    </Tooltip>
  ) : (
    button
  );
}

/** A text field: its limit the contract's `maxLength`; the reference and the part are checked when left. */
function TextWidget(props: RecordWidgetProps) {
  const { id, name, value, label, required, onChange, schema, options, registry } = props;
  const error = fieldError(props);
  const current: unknown = value;
  const text = typeof current === "string" ? current : "";
  const multiline = options.multiline === true;
  return (
    <TextField
      id={id}
      type={options.inputType === "date" ? "date" : undefined}
      label={label}
      value={text}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
      onBlur={() => {
        if (isField(name)) registry.formContext.onBlurField(name, text);
      }}
      required={required}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={Boolean(error)}
      helperText={multiline ? undefined : (error ?? " ")}
      sx={multiline ? { flex: 1, minWidth: 300 } : { width: widthOf(props) }}
      slotProps={{
        htmlInput: { maxLength: schema.maxLength, ...(options.numeric === true ? { inputMode: "numeric" as const } : {}) },
        ...(options.inputType === "date" ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );
}

const WIDGETS: RegistryWidgetsType<RecordValues, RJSFSchema, RecordContext> = { requestType: TypeWidget, scrFile: FileWidget, text: TextWidget };

/** The fields in the seed's rows, with what the contract does not hold drawn among them. */
function RecordLayout({ properties, registry }: ObjectFieldTemplateProps<RecordValues, RJSFSchema, RecordContext>) {
  const field = (name: RecordField) => properties.find((property) => property.name === name)?.content ?? null;
  const context = registry.formContext;
  return (
    <Stack spacing={2}>
      <Row>
        {field("type")}
        {field("request_file")}
        {field("request_pdf")}
      </Row>
      {context.afterFiles}
      <Row>
        {field("reference")}
        {field("part_number")}
        {context.season}
        {field("date")}
        {context.fixed}
      </Row>
      <Row>
        {field("si")}
        {field("gi")}
      </Row>
      {context.after}
    </Stack>
  );
}

const UI_SCHEMA: UiSchema = {
  "ui:submitButtonOptions": { norender: true },
  type: { "ui:widget": "requestType", "ui:options": { label: false, width: 260 } },
  request_file: { "ui:widget": "scrFile", "ui:options": { label: false, accept: ".txt,text/plain", needsType: true } },
  request_pdf: { "ui:widget": "scrFile", "ui:options": { label: false, accept: ".pdf,application/pdf" } },
  reference: { "ui:widget": "text", "ui:options": { label: false, width: 200, numeric: true } },
  part_number: { "ui:widget": "text", "ui:options": { label: false, width: 120, numeric: true } },
  date: { "ui:widget": "text", "ui:options": { label: false, width: 180, inputType: "date" } },
  si: { "ui:widget": "text", "ui:options": { label: false, multiline: true } },
  gi: { "ui:widget": "text", "ui:options": { label: false, multiline: true } },
};

const Row = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: "flex-start" }}>
    {children}
  </Stack>
);

/** `airport`: the one the Bitácora shows (issue 37); the server checks the season is its. */
export const LogbookRequestForm = ({ seasonId, airport, onClose, onSaved }: { seasonId: number; airport: string; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { role } = useRole();
  const user = getStoredUser();
  const { data: season } = useGetOne<Season>("seasons", { id: seasonId });
  const [values, setValues] = useState<RecordValues>(() => ({ part_number: "1", date: todayInZone(new Date()) }));
  /** Changed when a refused file is dropped: rjsf keeps its own copy of values equal to the last ones given. */
  const [formKey, setFormKey] = useState(0);
  const [lines, setLines] = useState<Line[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [analysisError, setAnalysisError] = useState<string | null>(null);
  const [readWarnings, setReadWarnings] = useState<components["schemas"]["ReadProblem"][]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<"analysing" | "saving" | null>(null);
  const [closing, setClosing] = useState(false);
  const { mutateAsync: createRequest } = useCreateLogbookRequest();
  const references = useReferenceChecks();
  const validator = formValidator("LogbookRecordForm");

  const close = () => (dirty ? setClosing(true) : onClose());

  const checkReference = async (value: string) => {
    const problem = positiveIntegerProblem(value);
    if (problem) {
      setErrors((current) => ({ ...current, reference: translate(problem) }));
      return;
    }
    const data = await references.check(seasonId, Number(value)).catch(() => null);
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

  /** The txt read by the server: the lines, and the date, S.I., G.I., reference and part it names. */
  const analyse = async (dataUrl: string, chosenType: RequestType) => {
    setAnalysisError(null);
    const file = dataUrlToFile(dataUrl);
    if (!file) return;
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
    setValues((current) => ({
      ...current,
      ...(analysis.date ? { date: analysis.date } : {}),
      si: analysis.si || undefined,
      gi: analysis.gi || undefined,
      ...(analysis.part_number !== null ? { part_number: String(analysis.part_number) } : {}),
    }));
    let proposed = analysis.reference;
    if (proposed === null) {
      const next = await references.next(seasonId).catch(() => null);
      proposed = next?.next_reference ?? null;
    }
    if (proposed !== null) {
      const reference = String(proposed);
      setValues((current) => ({ ...current, reference }));
      void checkReference(reference);
    }
  };

  /** A change in the form: its fields' messages cleared; a file the contract refuses is not kept; a new txt (or type) is analysed. */
  const change = (formData: unknown) => {
    const next = recordValues(formData);
    const changed = RECORD_FIELDS.filter((field) => next[field] !== values[field]);
    if (changed.length === 0) return;
    const cleared: Partial<Record<Field, string>> = {};
    for (const field of changed) if (isField(field)) cleared[field] = undefined;
    for (const field of ["request_file", "request_pdf"] as const) {
      const chosen = next[field];
      if (chosen === undefined || chosen === values[field]) continue;
      const refused = refusedFile("LogbookRecordForm", field, chosen);
      if (refused) {
        delete next[field];
        if (values[field] !== undefined) next[field] = values[field];
        cleared[field] = refused.message ?? translate("slotdesk.logbook.form.invalid");
        setFormKey((key) => key + 1);
      }
    }
    setErrors((current) => ({ ...current, ...cleared }));
    setValues(next);
    setDirty(true);
    const fileChanged = next.request_file !== values.request_file && next.request_file !== undefined;
    const typeChanged = next.type !== values.type && next.type !== undefined;
    if (next.type !== undefined && next.request_file !== undefined && (fileChanged || typeChanged)) void analyse(next.request_file, next.type);
  };

  const onBlurField = (field: Field, value: string) => {
    if (field === "reference") void checkReference(value);
    if (field === "part_number") {
      const problem = positiveIntegerProblem(value);
      if (problem) setErrors((current) => ({ ...current, part_number: translate(problem) }));
    }
  };

  /** The contract's messages (Spanish), with seed 002 §5's on the reference and the part. */
  const validate = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    const { errors: contractErrors } = validator.validateFormData(values, SCHEMA, undefined, (raw) => spanishErrors(raw, SCHEMA));
    for (const error of contractErrors) {
      const field = (error.property ?? "").replace(/^\./, "");
      if (isField(field)) found[field] ??= error.message;
    }
    const referenceProblem = positiveIntegerProblem(values.reference ?? "");
    if (referenceProblem) found.reference = translate(referenceProblem);
    else if (errors.reference) found.reference = errors.reference;
    const partProblem = positiveIntegerProblem(values.part_number ?? "");
    if (partProblem) found.part_number = translate(partProblem);
    if (!user) found.responsible = translate("slotdesk.logbook.form.required");
    setErrors(found);
    return Object.values(found).every((message) => message === undefined) && lines.length > 0;
  };

  const isComplete = (form: RecordValues): form is components["schemas"]["LogbookRecordForm"] =>
    form.type !== undefined && form.request_file !== undefined && form.reference !== undefined && form.part_number !== undefined && form.date !== undefined;

  const save = async () => {
    if (!validate() || !user || !isComplete(values)) return;
    const create = logbookCreateOf(values, seasonId, airport, user.id);
    if (!create) return;
    setBusy("saving");
    const result = await createRequest(create);
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

  const context: RecordContext = {
    errors,
    forbiddenTypes: new Set(TYPES.filter((option) => role !== undefined && !hasCapability(role, option.capability)).map((option) => option.value)),
    typeChosen: values.type !== undefined,
    busy: busy !== null,
    onBlurField,
    afterFiles: (
      <>
        {busy === "analysing" ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
            <CircularProgress size={18} aria-hidden />
            <Typography>{translate("slotdesk.logbook.form.analysing")}</Typography>
          </Stack>
        ) : null}
        {analysisError ? <Alert severity="error">{analysisError}</Alert> : null}
        <ReadProblems problems={readWarnings} />
      </>
    ),
    season: <TextField label={translate("slotdesk.logbook.form.season")} value={season?.name ?? ""} disabled sx={{ width: 140 }} helperText=" " />,
    fixed: (
      <>
        <TextField
          label={translate("slotdesk.logbook.form.airport")}
          value={airport}
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
      </>
    ),
    after:
      lines.length > 0 ? (
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
      ) : null,
  };

  return (
    <Dialog open fullScreen onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {translate("slotdesk.logbook.form.title")} · {translate("slotdesk.logbook.new_request")}
        <DialogCloseButton label={translate("slotdesk.logbook.viewer.close")} onClick={close} />
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ maxWidth: 1100 }}>
          <Form
            key={formKey}
            tagName="div"
            schema={SCHEMA}
            uiSchema={UI_SCHEMA}
            widgets={WIDGETS}
            templates={{ ObjectFieldTemplate: RecordLayout, FieldTemplate: BareField }}
            formContext={context}
            formData={values}
            validator={validator}
            // rjsf would pre-select the type's first choice: the form holds only what the person chose.
            experimental_defaultFormStateBehavior={{ constAsDefaults: "never" }}
            showErrorList={false}
            noHtml5Validate
            onChange={({ formData }) => change(formData)}
          />
        </Box>
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
