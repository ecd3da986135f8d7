/**
 * A dialog holding a form generated from one of the contract's request schemas (@rjsf/mui).
 * Labels and messages come from the i18n catalog; the server's field errors (`errors[].field`
 * of the Error body) are shown under their fields, and its message above the form.
 *
 * When another person saved the record first (409 `STALE VERSION`, issue 25) the message names
 * them and when, the fields keep what this person typed, and 'Recargar' loads the current record
 * into the form while listing what they had typed, with a button to put it back: nothing typed
 * is lost, and the next save is made from the current version.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import Form from "@rjsf/mui";
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from "@rjsf/utils";
import { FORM_SCHEMAS, type FormSchemaName } from "../../generated/forms";
import { formValidator, spanishErrors } from "../schema/validator";
import { type ReactNode, useId, useState } from "react";
import { HttpError, useTranslate } from "react-admin";
import { type StaleVersion, staleVersionOf } from "../queries/request";
import { StaleVersionAlert } from "../ui/StaleVersionAlert";
import "../i18n/formsTexts";

export type FormValues = Record<string, unknown>;

export interface SchemaFormDialogProps {
  open: boolean;
  title: string;
  /** The contract's request schema the form is generated from; its `title`s are the labels. */
  form: FormSchemaName;
  /** Per-field ui options (widgets, read-only, placeholders): what the contract cannot say. */
  uiSchema?: UiSchema;
  initialValues?: FormValues;
  /** Something to say above the form (a hint, read-only values). */
  intro?: ReactNode;
  submitLabel?: string;
  /** Called with valid values; reject with a react-admin HttpError to show the server's answer. */
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
  /** Lets a form derive fields from others while typing (e.g. season dates from the code). */
  onValuesChange?: (values: FormValues) => FormValues;
  /**
   * After a stale-version refusal: reads the record as it is now, makes it the base of the next
   * save, and answers its values for the form. Without it the form offers no 'Recargar'.
   */
  onReload?: () => Promise<FormValues>;
}

/** A form value as a person reads it in the list of what they typed: a choice by its title, a checkbox as Sí/No. */
const shownValue = (schema: RJSFSchema, field: string, value: unknown, words: { empty: string; yes: string; no: string }): string => {
  if (value === undefined || value === null || value === "") return words.empty;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  const property: unknown = typeof schema.properties === "object" ? schema.properties[field] : undefined;
  const options: unknown = isFormValues(property) ? property.oneOf : undefined;
  const chosen = Array.isArray(options) ? options.find((option) => isFormValues(option) && option.const === value) : undefined;
  if (isFormValues(chosen) && typeof chosen.title === "string") return chosen.title;
  return Array.isArray(value) ? value.join(", ") : String(value);
};

const NO_CONST_DEFAULTS = { constAsDefaults: "never" } as const;

const isFormValues = (value: unknown): value is FormValues =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const SchemaFormDialog = ({
  open,
  title,
  form,
  uiSchema = {},
  initialValues = {},
  intro,
  submitLabel,
  onSubmit,
  onClose,
  onValuesChange,
  onReload,
}: SchemaFormDialogProps) => {
  const translate = useTranslate();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(initialValues);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  /** A save was refused because the record changed meanwhile: 'Recargar' is offered. */
  const [stale, setStale] = useState<StaleVersion | null>(null);
  /** What the person had typed when they reloaded, for them to see and put back. */
  const [typed, setTyped] = useState<FormValues | null>(null);

  const schema: RJSFSchema = FORM_SCHEMAS[form];
  const validator = formValidator(form);
  /** Each field's label, as the contract titles it (the list of what a person had typed names them so). */
  const labels: Record<string, string> = Object.fromEntries(
    Object.entries(typeof schema.properties === "object" ? schema.properties : {}).flatMap(([field, property]) =>
      isFormValues(property) && typeof property.title === "string" ? [[field, property.title]] : [],
    ),
  );
  // An order written for some fields leaves the rest (a property the contract added) after them.
  const order = uiSchema["ui:order"];
  const fullUiSchema: UiSchema = {
    ...uiSchema,
    ...(Array.isArray(order) && !order.includes("*") ? { "ui:order": [...order, "*"] } : {}),
    "ui:submitButtonOptions": { norender: true },
  };

  const transformErrors = (errors: RJSFValidationError[]): RJSFValidationError[] => spanishErrors(errors, schema);

  const submit = async (formData: unknown) => {
    if (!isFormValues(formData)) return;
    setSaving(true);
    setServerMessage(null);
    setServerErrors(undefined);
    setStale(null);
    try {
      await onSubmit(formData);
      setTyped(null);
    } catch (error) {
      if (error instanceof HttpError) {
        setServerMessage(error.message);
        const body: unknown = error.body;
        setStale(isFormValues(body) ? staleVersionOf(body.error) : null);
        const fields = isFormValues(body) && isFormValues(body.errors) ? body.errors : {};
        const schemaErrors: ErrorSchema = {};
        for (const [field, message] of Object.entries(fields)) {
          Object.assign(schemaErrors, { [field]: { __errors: [String(message)] } });
        }
        setServerErrors(Object.keys(schemaErrors).length > 0 ? schemaErrors : undefined);
      } else {
        setServerMessage(translate("slotdesk.errors.generic"));
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    if (!onReload) return;
    setSaving(true);
    try {
      const current = await onReload();
      setTyped(values);
      setValues(current);
      setStale(null);
      setServerMessage(null);
      setServerErrors(undefined);
    } catch (error) {
      setServerMessage(translate("slotdesk.forms.reload_failed", { message: error instanceof Error ? error.message : "" }));
    } finally {
      setSaving(false);
    }
  };

  /** The fields whose typed value differs from the reloaded one, by their label. */
  const typedChanges = typed
    ? Object.keys(typed).filter((field) => field in labels && JSON.stringify(typed[field]) !== JSON.stringify(values[field]))
    : [];

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{title}</DialogTitle>
      <DialogContent>
        {intro ? <Box sx={{ mb: 2 }}>{typeof intro === "string" ? <Typography variant="body2">{intro}</Typography> : intro}</Box> : null}
        {stale && onReload ? (
          // Someone saved first: the same alert as every other editor's (who, when, 'Recargar').
          <Box sx={{ mb: 2 }}>
            <StaleVersionAlert stale={stale} onReload={reload} />
          </Box>
        ) : serverMessage ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverMessage}
          </Alert>
        ) : null}
        {typed && typedChanges.length > 0 ? (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                disabled={saving}
                onClick={() => {
                  setValues({ ...values, ...typed });
                  setTyped(null);
                }}
              >
                {translate("slotdesk.forms.restore")}
              </Button>
            }
          >
            <Typography variant="body2">{translate("slotdesk.forms.reloaded")}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label={translate("slotdesk.forms.restore")}>
              {typedChanges.map((field) => (
                <li key={field}>
                  <Typography variant="body2">
                    {labels[field]}: {shownValue(schema, field, typed[field], {
                      empty: translate("slotdesk.forms.empty_value"),
                      yes: translate("slotdesk.forms.yes"),
                      no: translate("slotdesk.forms.no"),
                    })}
                  </Typography>
                </li>
              ))}
            </Box>
          </Alert>
        ) : null}
        <Form
          id={formId}
          schema={schema}
          uiSchema={fullUiSchema}
          formData={values}
          validator={validator}
          // rjsf's default would pre-select the first option of a `oneOf` choice (e.g. the first
          // role, Admin): a form generated from the contract holds only values someone entered.
          experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
          transformErrors={transformErrors}
          extraErrors={serverErrors}
          showErrorList={false}
          noHtml5Validate
          // The fields show their own messages; without onError rjsf logs 'Form validation failed'
          // to the console on every check (issue 24 item 10).
          onError={() => undefined}
          onChange={({ formData }) => {
            if (isFormValues(formData)) setValues(onValuesChange ? onValuesChange(formData) : formData);
          }}
          onSubmit={({ formData }) => void submit(formData)}
          disabled={saving}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate("slotdesk.admin.cancel")}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={saving}>
          {submitLabel ?? translate("slotdesk.admin.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
