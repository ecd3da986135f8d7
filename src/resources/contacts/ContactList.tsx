/** Directorio tab (seed 000 §2.2): avatar, name, e-mail, Anotaciones; Editar / Eliminar per row. */
import { Box, ListItemText, MenuItem } from "@mui/material";
import { useState } from "react";
import { Confirm, FunctionField, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { AdminList, Menu, NameAvatar, useRowMenu } from "../../client/ui/grid";
import { SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { useRecordFormDialog } from "../../client/forms/useRecordFormDialog";
import { isStaleVersion } from "../../client/data/resourceHandlers";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import type { Contact } from "./data";
import "../../client/i18n/adminTexts";
import "../../client/i18n/formsTexts";

export const ContactList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const menu = useRowMenu<Contact>();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRecordFormDialog<Contact>("contacts");
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

  const editing = form.editing;
  return (
    <Box {...menu.captureProps}>
      <AdminList
        resource="contacts"
        sort={{ field: "name", order: "ASC" }}
        add={{ labelKey: "slotdesk.contacts.add", onClick: form.add }}
      >
        <ResourceGrid
          resource="contacts"
          onRow={menu.open}
          emptyKey="slotdesk.admin.empty_contacts"
          leading={
            <FunctionField<Contact>
              label="slotdesk.contacts.fields.avatar"
              sortable={false}
              render={(contact) => <NameAvatar name={contact.name} />}
            />
          }
        />
      </AdminList>

      <Menu {...menu.menuProps(translate("slotdesk.admin.row_actions", { name: selected?.name ?? "" }))}>
        <MenuItem
          onClick={() => {
            if (selected) form.edit(selected);
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

      {form.isOpen ? (
        <SchemaFormDialog
          {...form.dialogProps}
          title={translate(editing ? "slotdesk.contacts.edit_title" : "slotdesk.contacts.add_title")}
          uiSchema={{ notes: { "ui:widget": "textarea", "ui:options": { rows: 2 } } }}
        />
      ) : null}
    </Box>
  );
};
