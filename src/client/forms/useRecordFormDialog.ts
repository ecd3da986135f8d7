/**
 * The add/edit dialog of an admin list (contacts, seasons, justification reasons): which record
 * the dialog edits (null to add one), saving through react-admin's create or update with the
 * record as read (its version: a record changed meanwhile is refused with 409 `STALE VERSION`),
 * and 'Recargar', which reads the record again and makes it the base of the next save. The list
 * renders `SchemaFormDialog` with `dialogProps` while `isOpen`, adding its own title, schema,
 * labels and hints.
 */
import { useState } from "react";
import { type RaRecord, useCreate, useDataProvider, useNotify, useRefresh, useUpdate } from "react-admin";
import { FORM_SCHEMAS, type FormSchemaName } from "../../generated/forms";
import { RESOURCE_REGISTRY, type ResourceName } from "../../generated/resources";
import type { FormValues, SchemaFormDialogProps } from "./SchemaFormDialog";
import "../i18n/formsTexts";

export type RecordFormDialogProps = Required<Pick<SchemaFormDialogProps, "open" | "form" | "initialValues" | "onSubmit" | "onClose">> &
  Pick<SchemaFormDialogProps, "onReload">;

/** The form a resource's create or update is generated from (src/generated/resources.ts). */
export function formOf(resource: ResourceName, action: "create" | "update"): FormSchemaName {
  const form = RESOURCE_REGISTRY[resource].operations[action]?.[0]?.form;
  if (!form) throw new Error(`the contract describes no ${action} form for ${resource}`);
  return form;
}

/** A stored record's values for a form: each of the form's fields that the record holds. */
export function recordValues(form: FormSchemaName, record: object): FormValues {
  const properties = FORM_SCHEMAS[form].properties;
  const fields = typeof properties === "object" ? Object.keys(properties) : [];
  return Object.fromEntries(fields.flatMap((field) => (field in record ? [[field, Reflect.get(record, field)]] : [])));
}

export interface RecordFormDialog<R extends RaRecord> {
  isOpen: boolean;
  /** The record being edited; null while adding one (or while closed). */
  editing: R | null;
  /** Opens the dialog to add a record. */
  add: () => void;
  /** Opens the dialog to edit `record`. */
  edit: (record: R) => void;
  close: () => void;
  /** What `SchemaFormDialog` needs to save, reload and close. */
  dialogProps: RecordFormDialogProps;
}

/**
 * @param resource the react-admin resource saved to; its create and update forms come from the contract.
 * @param newValues the form's values for a new record.
 * @param formValues the form's values of a stored record (the edit form's start, and after
 *        'Recargar'); by default every field of the update form that the record holds.
 */
export function useRecordFormDialog<R extends RaRecord>(
  resource: ResourceName,
  newValues: FormValues = {},
  formValues: (record: R) => FormValues = (record) => recordValues(formOf(resource, "update"), record),
): RecordFormDialog<R> {
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider();
  const [form, setForm] = useState<{ record: R | null } | null>(null);
  const editing = form?.record ?? null;
  const close = () => setForm(null);

  return {
    isOpen: form !== null,
    editing,
    add: () => setForm({ record: null }),
    edit: (record) => setForm({ record }),
    close,
    dialogProps: {
      open: true,
      form: formOf(resource, editing ? "update" : "create"),
      initialValues: editing ? formValues(editing) : newValues,
      onSubmit: async (values: FormValues) => {
        if (editing) {
          await update(resource, { id: editing.id, data: values, previousData: editing }, { returnPromise: true, mutationMode: "pessimistic" });
        } else {
          await create(resource, { data: values }, { returnPromise: true });
        }
        setForm(null);
        notify(editing ? "slotdesk.admin.updated" : "slotdesk.admin.saved", { type: "success" });
        refresh();
      },
      onReload: editing
        ? async () => {
            // The record as it is now becomes the base of the next save.
            const { data } = await dataProvider.getOne<R>(resource, { id: editing.id });
            setForm({ record: data });
            return formValues(data);
          }
        : undefined,
      onClose: close,
    },
  };
}
