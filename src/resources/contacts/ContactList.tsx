/** Directorio tab (seed 000 §2.2): avatar, name, e-mail, Anotaciones; Editar / Eliminar per row. */
import { Box, ListItemText, MenuItem } from "@mui/material";
import { useState } from "react";
import {
  Confirm,
  FunctionField,
  type RaRecord,
  TextField,
  useCreate,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { FORM_SCHEMAS } from "../../generated/forms";
import { AdminGrid, AdminList, Menu, NameAvatar, useRowMenu } from "../../client/ui/grid";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { isStaleVersion } from "../../client/data/resourceHandlers";
import type { Contact } from "./data";
import "../../client/i18n/adminTexts";
import "../../client/i18n/formsTexts";

const isContact = (record: RaRecord): record is Contact =>
  typeof record.email === "string" && typeof record.name === "string" && typeof record.notes === "string";

export const ContactList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const [create] = useCreate();
  const [update] = useUpdate();
  const menu = useRowMenu<Contact>();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<{ contact: Contact | null } | null>(null);
  const selected = menu.record;

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dataProvider.delete("contacts", { id: deleting.id, previousData: deleting });
      notify("slotdesk.admin.updated", { type: "success" });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : translate("slotdesk.errors.generic"), { type: "error" });
      // Someone changed the contact meanwhile: the message names them, the list shows the change.
      if (isStaleVersion(error)) refresh();
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const editing = form?.contact ?? null;
  return (
    <Box {...menu.captureProps}>
      <AdminList
        resource="contacts"
        sort={{ field: "name", order: "ASC" }}
        add={{ labelKey: "slotdesk.contacts.add", onClick: () => setForm({ contact: null }) }}
      >
        <AdminGrid isRecord={isContact} onRow={menu.open} emptyKey="slotdesk.admin.empty_contacts">
          <FunctionField<Contact>
            label="slotdesk.contacts.fields.avatar"
            sortable={false}
            render={(contact) => <NameAvatar name={contact.name} />}
          />
          <TextField source="name" label="slotdesk.contacts.fields.name" />
          <TextField source="email" label="slotdesk.contacts.fields.email" />
          <TextField source="notes" label="slotdesk.contacts.fields.notes" />
        </AdminGrid>
      </AdminList>

      <Menu {...menu.menuProps(translate("slotdesk.admin.row_actions", { name: selected?.name ?? "" }))}>
        <MenuItem
          onClick={() => {
            if (selected) setForm({ contact: selected });
            menu.close();
          }}
        >
          <ListItemText>{translate("slotdesk.contacts.actions.edit")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (selected) setDeleting(selected);
            menu.close();
          }}
        >
          <ListItemText>{translate("slotdesk.contacts.actions.delete")}</ListItemText>
        </MenuItem>
      </Menu>

      {deleting ? (
        <Confirm
          isOpen
          loading={busy}
          title={translate("slotdesk.contacts.confirm.delete_title")}
          content={translate("slotdesk.contacts.confirm.delete", { email: deleting.email })}
          confirm="slotdesk.admin.confirm"
          cancel="slotdesk.admin.cancel"
          onConfirm={() => void remove()}
          onClose={() => setDeleting(null)}
        />
      ) : null}

      {form ? (
        <SchemaFormDialog
          open
          title={translate(editing ? "slotdesk.contacts.edit_title" : "slotdesk.contacts.add_title")}
          schema={FORM_SCHEMAS.ContactCreateRequest}
          uiSchema={{
            "ui:order": ["name", "email", "notes"],
            email: { "ui:widget": "email" },
            notes: { "ui:widget": "textarea", "ui:options": { rows: 2 } },
          }}
          labels={{
            name: translate("slotdesk.contacts.fields.name"),
            email: translate("slotdesk.contacts.fields.email"),
            notes: translate("slotdesk.contacts.fields.notes"),
          }}
          initialValues={editing ? { name: editing.name, email: editing.email, notes: editing.notes } : {}}
          onSubmit={async (values: FormValues) => {
            if (editing) {
              await update("contacts", { id: editing.id, data: values, previousData: editing }, { returnPromise: true, mutationMode: "pessimistic" });
            } else {
              await create("contacts", { data: values }, { returnPromise: true });
            }
            setForm(null);
            notify(editing ? "slotdesk.admin.updated" : "slotdesk.admin.saved", { type: "success" });
            refresh();
          }}
          onReload={
            editing
              ? async () => {
                  // The contact as it is now becomes the base of the next save.
                  const { data } = await dataProvider.getOne<Contact>("contacts", { id: editing.id });
                  setForm({ contact: data });
                  return { name: data.name, email: data.email, notes: data.notes };
                }
              : undefined
          }
          onClose={() => setForm(null)}
        />
      ) : null}
    </Box>
  );
};
