/**
 * The upload's fields, a form generated from the contract's DataLoadForm (@rjsf/mui, as the
 * product's other schema forms): the kind of file and the file itself, read by the browser as a
 * data URL. Labels and messages come from the catalog.
 */
import PreviewIcon from "@mui/icons-material/Preview";
import { Button } from "@mui/material";
import Form from "@rjsf/mui";
import { englishStringTranslator, type RJSFValidationError, TranslatableString, type UiSchema } from "@rjsf/utils";
import { useTranslate } from "react-admin";
import { FORM_SCHEMAS } from "../../generated/forms";
import { formValidator } from "../../client/schema/validator";
import type { components } from "../../generated/openapi";
import "./texts";

type DataLoadForm = components["schemas"]["DataLoadForm"];
export type UploadValues = Partial<DataLoadForm>;

const SCHEMA = FORM_SCHEMAS.DataLoadForm;
const KINDS: readonly DataLoadForm["kind"][] = ["schedule", "flights", "mvt"];
const isKind = (value: unknown): value is DataLoadForm["kind"] => KINDS.some((kind) => kind === value);

/** The form's values as the contract names them (rjsf hands back `unknown`). */
export const uploadValues = (value: unknown): UploadValues => {
  if (typeof value !== "object" || value === null) return {};
  const kind = "kind" in value && isKind(value.kind) ? value.kind : undefined;
  const file = "file" in value && typeof value.file === "string" ? value.file : undefined;
  return { kind, file };
};

export function UploadForm({
  values,
  disabled,
  onChange,
  onSubmit,
}: {
  values: UploadValues;
  disabled: boolean;
  onChange: (values: UploadValues) => void;
  onSubmit: (values: DataLoadForm) => void;
}) {
  const translate = useTranslate();
  const uiSchema: UiSchema = {
    kind: {
      "ui:title": translate("slotdesk.loads.form.kind"),
      "ui:enumNames": { schedule: translate("slotdesk.loads.form.schedule"), flights: translate("slotdesk.loads.form.flights"), mvt: translate("slotdesk.loads.form.mvt") },
    },
    file: { "ui:title": translate("slotdesk.loads.form.file") },
  };

  // The file widget's own texts (the chosen file, its remove button) in Spanish.
  const translateString = (text: TranslatableString, params?: string[]): string => {
    if (text === TranslatableString.FilesInfo) {
      return translate("slotdesk.loads.form.file_info", { name: params?.[0] ?? "", size: params?.[2] ?? "0" });
    }
    if (text === TranslatableString.RemoveButton) return translate("slotdesk.loads.form.remove");
    return englishStringTranslator(text, params);
  };

  const transformErrors = (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => {
      const key =
        error.name === "required"
          ? "slotdesk.loads.form.required"
          : error.name === "maxLength"
            ? "slotdesk.loads.form.too_large"
            : "slotdesk.loads.form.invalid";
      const message = translate(key);
      return { ...error, message, stack: message };
    });

  return (
    <Form
      schema={SCHEMA}
      uiSchema={uiSchema}
      formData={values}
      validator={formValidator("DataLoadForm")}
      translateString={translateString}
      transformErrors={transformErrors}
      showErrorList={false}
      noHtml5Validate
      // The fields show their own messages; rjsf would also log them to the console.
      onError={() => undefined}
      disabled={disabled}
      onChange={({ formData }) => onChange(uploadValues(formData))}
      onSubmit={({ formData }) => {
        const chosen = uploadValues(formData);
        if (chosen.kind && chosen.file !== undefined) onSubmit({ kind: chosen.kind, file: chosen.file });
      }}
    >
      <Button type="submit" variant="contained" startIcon={<PreviewIcon />} disabled={disabled} sx={{ mt: 1 }}>
        {translate("slotdesk.loads.form.preview")}
      </Button>
    </Form>
  );
}
