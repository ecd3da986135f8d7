import DownloadIcon from "@mui/icons-material/Download";
import { Alert, AlertTitle, Box, Link, TextField, Typography } from "@mui/material";
import Form from "@rjsf/mui";
import type { RegistryWidgetsType, RJSFSchema, RJSFValidationError, UiSchema, WidgetProps } from "@rjsf/utils";
import { useState } from "react";
import { dataUrlToFile } from "../../client/files/dataUrl";
import { saveDownload } from "../../client/files/download";
import { FileButtonWidget } from "../../client/forms/FileButtonWidget";
import { BareField, StackedFields } from "../../client/forms/layout";
import { formValidator, spanishErrors } from "../../client/schema/validator";
import { addDays, isSeasonCode, seasonBounds } from "../../domain/seasons";
import { FORM_SCHEMAS } from "../../generated/forms";
import type { components } from "../../generated/openapi";
import { DialogForm } from "../account/DialogForm";
import { downloadSeasonTemplate, useUploadSeason } from "../../client/queries/seasons";
import { getStoredSeason } from "../../client/auth/session";
import { DateInput, INVALID_DATE } from "../../client/dates/DateInput";
import { useTranslate } from "../../client/i18n/translate";
import { useAirport } from "../../client/airport/useAirport";
import { ReadProblems } from "../../client/ui/ReadProblems";
import "../../client/i18n/settingsTexts";

type UploadResult = components["schemas"]["SeasonUploadResult"];
type SeasonStartForm = components["schemas"]["SeasonStartForm"];
type SeasonStartValues = Partial<SeasonStartForm>;

/** The fields, generated from the contract's SeasonStartForm: its titles, help, file limits and patterns. */
const SCHEMA = FORM_SCHEMAS.SeasonStartForm;
const FIELDS = ["file", "season_name", "season_start", "season_end"] as const;

/** The seed's spreadsheet, or the coordinator's SAL/SHL text list (issue 13); the contract's pattern decides. */
const ACCEPT_ATTRIBUTE = [
  ".xlsx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".txt",
  "text/plain",
].join(",");

type Failure = { titleKey: string; text: string; details: string[] };
type State = { kind: "idle" } | { kind: "busy" } | { kind: "success"; result: UploadResult } | { kind: "error"; failure: Failure };

/** The form's values as the contract names them (rjsf hands back `unknown`). */
const seasonStartValues = (value: unknown): SeasonStartValues => {
  const values: SeasonStartValues = {};
  if (typeof value !== "object" || value === null) return values;
  for (const field of FIELDS) {
    const item: unknown = Reflect.get(value, field);
    if (typeof item === "string") values[field] = item;
  }
  return values;
};

/**
 * What the form holds as the upload operation takes it (`SeasonUploadForm`, multipart): the data
 * URL back to a file, and the airport chosen in the top bar, whose season it is (issue 37).
 */
export const seasonUploadOf = (values: SeasonStartForm, airport: string) => {
  const file = dataUrlToFile(values.file);
  return file
    ? { fields: { season_name: values.season_name, season_start: values.season_start, season_end: values.season_end, airport }, file }
    : null;
};

/** The field an error names (`.season_name` → `season_name`). */
const fieldOf = (error: RJSFValidationError) => (error.property ?? "").replace(/^\./, "");

/**
 * 'Inicio de temporada' (seed 002 §2, §5, §7; issue 13): one season file (the .xlsx template's
 * layout, or a SAL/SHL list), the season's name and dates, a form generated from the contract's
 * SeasonStartForm. Idle, success (the form is hidden) or error (the seed's title and text, and
 * the server's sheet/row/column details). A file the contract refuses (type, size) is not kept.
 */
export const SeasonStartDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const airport = useAirport();
  const { mutateAsync: uploadSeason } = useUploadSeason();
  const [values, setValues] = useState<SeasonStartValues>({});
  const [state, setState] = useState<State>({ kind: "idle" });
  /** Changed when a refused file is dropped: rjsf keeps its own copy of values equal to the last ones given. */
  const [formKey, setFormKey] = useState(0);
  const stored = getStoredSeason();
  // The seed: the first day a new season may start is the day after the stored season ends.
  const minDate = stored ? addDays(stored.end_date, 1) : undefined;
  const validator = formValidator("SeasonStartForm");
  const transformErrors = (errors: RJSFValidationError[]) => spanishErrors(errors, SCHEMA);

  const fail = (titleKey: string, text: string, details: string[] = []) =>
    setState({ kind: "error", failure: { titleKey, text, details } });

  const change = (formData: unknown) => {
    const next = seasonStartValues(formData);
    if (next.file !== undefined && next.file !== values.file) {
      // A file the contract does not take (its type, its size) is not kept: the seed's alert says why.
      const refused = validator.validateFormData({ file: next.file }, SCHEMA, undefined, transformErrors).errors.find((error) => fieldOf(error) === "file");
      if (refused) {
        delete next.file;
        setFormKey((key) => key + 1);
        if (refused.name === "pattern") fail("slotdesk.season_upload.wrong_type_title", translate("slotdesk.season_upload.wrong_type_text"));
        else fail("slotdesk.season_upload.failed_title", refused.message ?? "");
      } else setState({ kind: "idle" });
    }
    // A season's dates are the IATA dates of its name: offered, still editable.
    if (next.season_name !== undefined && next.season_name !== values.season_name && isSeasonCode(next.season_name)) {
      const bounds = seasonBounds(next.season_name);
      next.season_start ??= bounds.start_date;
      next.season_end ??= bounds.end_date;
    }
    setValues(next);
  };

  const validDate = (value: string | undefined) => value !== undefined && value !== "" && value !== INVALID_DATE;
  const beforeMin = (value: string | undefined) => minDate !== undefined && validDate(value) && value !== undefined && value < minDate;
  const sameDates = validDate(values.season_start) && values.season_start === values.season_end;
  // Complete when the contract's schema takes the values, and the seed's rules on the dates hold.
  const errors = validator.validateFormData(values, SCHEMA, undefined, transformErrors).errors;
  const canSubmit = errors.length === 0 && !sameDates && !beforeMin(values.season_start) && !beforeMin(values.season_end);
  const fieldErrors: Partial<Record<string, string>> = Object.fromEntries(errors.map((error) => [fieldOf(error), error.message ?? ""]));

  const submit = async () => {
    const upload = seasonStartComplete(values) ? seasonUploadOf(values, airport.code) : null;
    if (!upload) {
      fail("slotdesk.season_upload.no_file_title", translate("slotdesk.season_upload.no_file_text"));
      return;
    }
    setState({ kind: "busy" });
    const result = await uploadSeason(upload);
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
  const dateHelper = (value: string | undefined) =>
    beforeMin(value) && minDate ? translate("slotdesk.season_upload.min_date", { date: minDate.split("-").reverse().join("/") }) : " ";
  const context: SeasonStartContext = {
    minDate,
    nameError: fieldErrors.season_name,
    dateError: {
      season_start: beforeMin(values.season_start) ? dateHelper(values.season_start) : undefined,
      season_end: sameDates ? translate("slotdesk.season_upload.same_dates") : beforeMin(values.season_end) ? dateHelper(values.season_end) : undefined,
    },
  };
  const uiSchema: UiSchema = {
    "ui:submitButtonOptions": { norender: true },
    file: {
      "ui:widget": "fileButton",
      "ui:options": {
        label: false,
        accept: ACCEPT_ATTRIBUTE,
        buttonLabel: translate("slotdesk.season_upload.choose_file"),
        emptyText: translate("slotdesk.season_upload.no_file_chosen"),
        testId: "season-upload-file",
      },
    },
    season_name: { "ui:widget": "seasonName", "ui:options": { label: false }, "ui:hideError": true },
    season_start: { "ui:widget": "seasonDate", "ui:options": { label: false }, "ui:hideError": true },
    season_end: { "ui:widget": "seasonDate", "ui:options": { label: false }, "ui:hideError": true },
  };

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
          <Typography variant="body2">{translate("slotdesk.season_upload.airport", { name: airport.name, code: airport.code })}</Typography>
          {/* A <div>: DialogForm's <form> submits it, and its button is enabled only when the values are complete. */}
          <Form
            key={formKey}
            tagName="div"
            schema={SCHEMA}
            uiSchema={uiSchema}
            widgets={WIDGETS}
            templates={{ ObjectFieldTemplate: StackedFields, FieldTemplate: BareField }}
            formContext={context}
            formData={values}
            validator={validator}
            transformErrors={transformErrors}
            showErrorList={false}
            noHtml5Validate
            disabled={busy}
            onChange={({ formData }) => change(formData)}
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

/** Whether the values hold every field the upload needs (what `canSubmit` checked against the schema). */
const seasonStartComplete = (values: SeasonStartValues): values is SeasonStartForm =>
  values.file !== undefined && values.season_name !== undefined && values.season_start !== undefined && values.season_end !== undefined;

/** What the fields need beyond their schema: the first day allowed and the seed's messages on the dates. */
interface SeasonStartContext {
  minDate: string | undefined;
  /** The contract's message on the name (its pattern), shown once the person leaves the field. */
  nameError: string | undefined;
  dateError: Partial<Record<string, string>>;
}

type SeasonWidgetProps = WidgetProps<SeasonStartValues, RJSFSchema, SeasonStartContext>;

/** The season's IATA code, upper case, its length the contract's `maxLength`, its help the contract's `x-help`. */
function SeasonNameWidget({ id, value, label, required, disabled, schema, onChange, registry }: SeasonWidgetProps) {
  const [left, setLeft] = useState(false);
  const current: unknown = value;
  const error = left ? registry.formContext.nameError : undefined;
  return (
    <TextField
      id={id}
      label={label}
      value={typeof current === "string" ? current : ""}
      onChange={(event) => {
        const code = event.target.value.trim().toUpperCase();
        onChange(code === "" ? undefined : code);
      }}
      onBlur={() => setLeft(true)}
      disabled={disabled}
      required={required}
      error={error !== undefined}
      helperText={error ?? schema.description}
      slotProps={{ htmlInput: { maxLength: schema.maxLength } }}
      fullWidth
    />
  );
}

/** A season's day, not before the day after the stored season ends. */
function SeasonDateWidget({ id, name, value, label, required, disabled, onChange, registry }: SeasonWidgetProps) {
  const { minDate, dateError } = registry.formContext;
  const current: unknown = value;
  const error = dateError[name];
  return (
    <DateInput
      id={id}
      label={label}
      value={typeof current === "string" ? current : ""}
      onChange={(next) => onChange(next === "" ? undefined : next)}
      min={minDate}
      disabled={disabled}
      required={required}
      error={error !== undefined}
      helperText={error ?? " "}
      fullWidth
    />
  );
}

const WIDGETS: RegistryWidgetsType<SeasonStartValues, RJSFSchema, SeasonStartContext> = {
  fileButton: FileButtonWidget,
  seasonName: SeasonNameWidget,
  seasonDate: SeasonDateWidget,
};
