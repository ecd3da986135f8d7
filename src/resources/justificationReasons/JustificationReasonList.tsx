/**
 * Motivos de justificación (an admin tab, issue 27 item 2): the reasons coordinators accept for a
 * slot not used or an operation outside the tolerance, each with the delay codes that propose it.
 * Admin adds and edits them; a reason is never deleted, only deactivated.
 */
import type { RJSFSchema } from "@rjsf/utils";
import { Typography } from "@mui/material";
import { FunctionField, NumberField, type RaRecord, TextField, useTranslate } from "react-admin";
import { DELAY_CODES } from "../../domain/matching/delayCodes";
import { FORM_SCHEMAS } from "../../generated/forms";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { useRecordFormDialog } from "../../client/forms/useRecordFormDialog";
import { AdminGrid, AdminList } from "../../client/ui/grid";
import type { JustificationReason } from "./data";
import "../../client/i18n/justificationsTexts";
import "../../client/i18n/formsTexts";

const isReason = (record: RaRecord): record is JustificationReason =>
  typeof record.code === "string" && typeof record.label === "string" && Array.isArray(record.delay_codes);

const WRITE = FORM_SCHEMAS.JustificationReasonWrite;
const writeProperties = typeof WRITE.properties === "object" ? WRITE.properties : {};

/**
 * The contract's form with the delay codes as a choice of the IATA catalogue (code and meaning),
 * and the code's pattern left to `withCleanCode`, which makes any typed text fit it.
 */
const FORM_SCHEMA: RJSFSchema = {
  ...WRITE,
  properties: {
    ...writeProperties,
    code: { type: "string", minLength: 2, maxLength: 40 },
    delay_codes: {
      type: "array",
      uniqueItems: true,
      maxItems: 40,
      items: { type: "string", oneOf: DELAY_CODES.map((code) => ({ const: code.code, title: `${code.code} · ${code.description}` })) },
    },
  },
};

/** "Ceniza volcánica" → "ceniza_volcanica": lower case, no accents, `_` for anything else, starting with a letter. */
const cleanCode = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+/, "")
    .slice(0, 40);

const withCleanCode = (values: FormValues): FormValues =>
  typeof values.code === "string" ? { ...values, code: cleanCode(values.code) } : values;

/** A new reason is active and proposed by no delay code until some are chosen. */
const NEW_REASON: FormValues = { active: true, delay_codes: [] };

const formValues = (reason: JustificationReason): FormValues => ({
  code: reason.code,
  label: reason.label,
  delay_codes: reason.delay_codes,
  active: reason.active,
  position: reason.position,
});

export const JustificationReasonList = () => {
  const translate = useTranslate();
  const form = useRecordFormDialog("justificationReasons", formValues, NEW_REASON);
  const editing = form.editing;

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate("slotdesk.justifications.reasons.hint")}
      </Typography>
      <AdminList
        resource="justificationReasons"
        sort={{ field: "position", order: "ASC" }}
        add={{ labelKey: "slotdesk.justifications.reasons.add", onClick: form.add }}
      >
        <AdminGrid isRecord={isReason} onRow={form.edit}>
          <NumberField source="position" label="slotdesk.justifications.reasons.fields.position" />
          <TextField source="label" label="slotdesk.justifications.reasons.fields.label" />
          <TextField source="code" label="slotdesk.justifications.reasons.fields.code" />
          <FunctionField<JustificationReason>
            source="delay_codes"
            sortable={false}
            label="slotdesk.justifications.reasons.fields.delay_codes"
            render={(reason) => (reason.delay_codes.length > 0 ? reason.delay_codes.join(", ") : translate("slotdesk.justifications.reasons.none"))}
          />
          <FunctionField<JustificationReason>
            source="active"
            label="slotdesk.justifications.reasons.fields.active"
            render={(reason) => translate(reason.active ? "slotdesk.justifications.reasons.yes" : "slotdesk.justifications.reasons.no")}
          />
        </AdminGrid>
      </AdminList>
      {form.isOpen ? (
        <SchemaFormDialog
          {...form.dialogProps}
          title={translate(editing ? "slotdesk.justifications.reasons.edit_title" : "slotdesk.justifications.reasons.add_title")}
          schema={FORM_SCHEMA}
          uiSchema={{
            "ui:order": ["label", "code", "delay_codes", "position", "active"],
            // The code names the reason for good: fixed once created.
            code: editing ? { "ui:readonly": true } : { "ui:help": translate("slotdesk.justifications.reasons.code_hint") },
          }}
          labels={{
            code: translate("slotdesk.justifications.reasons.fields.code"),
            label: translate("slotdesk.justifications.reasons.fields.label"),
            delay_codes: translate("slotdesk.justifications.reasons.fields.delay_codes"),
            active: translate("slotdesk.justifications.reasons.fields.active"),
            position: translate("slotdesk.justifications.reasons.fields.position"),
          }}
          onValuesChange={editing ? undefined : withCleanCode}
        />
      ) : null}
    </>
  );
};
