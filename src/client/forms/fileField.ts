/**
 * Whether a contract's form takes a chosen file: the file field alone validated against the
 * form's schema (its `maxLength`, its pattern), with the Spanish message a person reads. A view
 * that refuses a file drops it and says why.
 */
import type { RJSFValidationError } from "@rjsf/utils";
import { FORM_SCHEMAS, type FormSchemaName } from "../../generated/forms";
import { formValidator, spanishErrors } from "../schema/validator";

/** The error that refuses `dataUrl` in `field` of `form` (`name` is the keyword: `pattern`, `maxLength`), or undefined when it is taken. */
export function refusedFile(form: FormSchemaName, field: string, dataUrl: string): RJSFValidationError | undefined {
  const schema = FORM_SCHEMAS[form];
  const { errors } = formValidator(form).validateFormData({ [field]: dataUrl }, schema, undefined, (found) => spanishErrors(found, schema));
  return errors.find((error) => error.name !== "required" && (error.property ?? "").replace(/^\./, "") === field);
}
