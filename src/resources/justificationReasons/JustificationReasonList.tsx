/**
 * Motivos de justificación (an admin tab, issue 27 item 2): the reasons coordinators accept for a
 * slot not used or an operation outside the tolerance, each with the delay codes that propose it.
 * Admin adds and edits them; a reason is never deleted, only deactivated.
 */
import { TextField, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { DELAY_CODES } from "../../domain/matching/delayCodes";
import { choicesField } from "../../client/forms/ChoicesField";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { useRecordFormDialog } from "../../client/forms/useRecordFormDialog";
import { AdminList } from "../../client/ui/grid";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import type { JustificationReason } from "./data";
import "../../client/i18n/justificationsTexts";
import "../../client/i18n/formsTexts";

/** The delay codes as a choice of the IATA catalogue (code and meaning), which the contract does not carry. */
const DelayCodesField = choicesField(DELAY_CODES.map((code) => ({ value: code.code, label: `${code.code} · ${code.description}` })));

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

export const JustificationReasonList = () => {
  const translate = useTranslate();
  const form = useRecordFormDialog<JustificationReason>("justificationReasons", NEW_REASON);
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
        <ResourceGrid resource="justificationReasons" onRow={form.edit} />
      </AdminList>
      {form.isOpen ? (
        <SchemaFormDialog
          {...form.dialogProps}
          title={translate(editing ? "slotdesk.justifications.reasons.edit_title" : "slotdesk.justifications.reasons.add_title")}
          uiSchema={{ "ui:order": ["label", "code", "delay_codes", "position", "active"], delay_codes: { "ui:field": DelayCodesField } }}
          // The code names the reason for good: an edit shows it and cannot change it.
          intro={
            editing ? (
              <TextField label={translate("slotdesk.justifications.reasons.fields.code")} value={editing.code} disabled fullWidth required variant="filled" />
            ) : undefined
          }
          onValuesChange={editing ? undefined : withCleanCode}
        />
      ) : null}
    </>
  );
};
