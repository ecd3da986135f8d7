/**
 * A form's validator: the functions `npm run generate` precompiled from its schema (so the page
 * never compiles code: no 'unsafe-eval' in the Content-Security-Policy), with Ajv's messages in
 * Spanish (ajv-i18n) and ours over the common ones (src/client/i18n/es-MX-forms.ts).
 */
import type { RJSFSchema, RJSFValidationError, ValidatorType } from "@rjsf/utils";
import { createPrecompiledValidator, type Localizer } from "@rjsf/validator-ajv8";
import localizeEs from "ajv-i18n/localize/es";
import { FORM_SCHEMAS, type FormSchemaName } from "../../generated/forms";
import { VALIDATORS } from "../../generated/validators";
import { translate } from "../i18n/i18nProvider";
import "../i18n/formsTexts";

const localize: Localizer = (errors) => localizeEs(errors ?? null);

const validators = new Map<FormSchemaName, ValidatorType>();

/** The validator of one generated form, made once. */
export function formValidator(form: FormSchemaName): ValidatorType {
  let validator = validators.get(form);
  if (!validator) {
    validator = createPrecompiledValidator(VALIDATORS[form], FORM_SCHEMAS[form], localize);
    validators.set(form, validator);
  }
  return validator;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The schema of the field an error names (`.name`, `.delay_codes.0`), for its help line. */
const fieldSchema = (schema: RJSFSchema, property: string | undefined): Record<string, unknown> | null => {
  let current: unknown = schema;
  for (const key of (property ?? "").split(".").filter(Boolean)) {
    if (!isObject(current)) return null;
    current = isObject(current.properties) && key in current.properties ? current.properties[key] : /^[0-9]+$/.test(key) ? current.items : null;
  }
  return isObject(current) ? current : null;
};

/**
 * A file's limit as a person reads it: a data URL of `length` characters carries at most three
 * quarters of them in bytes (base64), written in MB, KB or bytes ("5 MB", "2.9 KB").
 */
export function fileSize(length: number): string {
  const bytes = Math.floor((length * 3) / 4);
  const [amount, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "MB"] : bytes >= 1024 ? [bytes / 1024, "KB"] : [bytes, "bytes"];
  // Down, never up: the limit named is one the file can really have.
  const shown = Math.floor(amount * 10) / 10;
  return `${new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 }).format(shown)} ${unit}`;
}

/**
 * Our sentences for the common keywords; anything else keeps ajv-i18n's Spanish. A person never
 * reads a field's code name: `required` (whose Ajv text names the property) is always ours, and a
 * value off its pattern is explained by the field's help (the contract's `x-help`), and a file
 * (`format: data-url`) over its `maxLength` is named by the size it may have.
 */
export function spanishErrors(errors: RJSFValidationError[], schema: RJSFSchema = {}): RJSFValidationError[] {
  return errors.map((error) => {
    const params: unknown = error.params;
    const limit = isObject(params) && typeof params.limit === "number" ? params.limit : 0;
    const format = isObject(params) && typeof params.format === "string" ? params.format : "";
    const field = fieldSchema(schema, error.property);
    const help = field?.description;
    const message =
      error.name === "required" || (error.name === "minLength" && limit <= 1)
        ? translate("slotdesk.forms.required")
        : error.name === "maxLength" && field?.format === "data-url"
          ? translate("slotdesk.forms.file_too_large", { size: fileSize(limit) })
          : error.name === "maxLength"
          ? translate("slotdesk.forms.max_length", { limit })
          : error.name === "minimum"
            ? translate("slotdesk.forms.minimum", { limit })
            : error.name === "maximum"
              ? translate("slotdesk.forms.maximum", { limit })
              : error.name === "format" && format === "email"
                ? translate("slotdesk.forms.email")
                : error.name === "format" && format === "date"
                  ? translate("slotdesk.forms.date")
                  : error.name === "pattern" && typeof help === "string"
                    ? help
                    : error.name === "pattern" || error.name === "enum" || error.name === "const" || error.name === "oneOf"
                      ? translate("slotdesk.forms.invalid")
                      : (error.message ?? translate("slotdesk.forms.invalid"));
    return { ...error, message, stack: message };
  });
}
