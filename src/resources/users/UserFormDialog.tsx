/**
 * Add and edit user (seed 000 §2.2), generated from the contract's UserAddRequest and
 * UserUpdateRequest schemas. A new user needs an e-mail and a role and receives an invitation;
 * in edit, name and e-mail are read-only, the role field shows the user's own role, and a role
 * is sent only when the Admin chose another one: saving untouched never changes the role.
 */
import type { RJSFSchema } from "@rjsf/utils";
import { useState } from "react";
import { useDataProvider, useGetList, useTranslate, useUpdate } from "react-admin";
import { FORM_SCHEMAS } from "../../generated/forms";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { inviteUser, type Role, type User, type UserMailResult } from "./data";
import "../../client/i18n/adminTexts";

export interface UserFormDialogProps {
  /** The user to edit; null to add one. */
  user: User | null;
  onClose: () => void;
  /** `invited`: the new user and whether the invitation was sent or kept in the outbox. */
  onSaved: (saved: { mode: "add"; invited: UserMailResult } | { mode: "edit" }) => void;
}

/** The roles the edit form offers: the server's list, with the user's own role always among them. */
const roleChoices = (roles: Role[], current: Role): Role[] =>
  roles.some((role) => role.id === current.id) ? roles : [current, ...roles];

const editSchema = (roles: Role[]): RJSFSchema => {
  const base = FORM_SCHEMAS.UserUpdateRequest;
  const properties = typeof base.properties === "object" ? { ...base.properties } : {};
  delete properties.user_id;
  delete properties.version;
  return {
    ...base,
    required: [],
    properties: {
      ...properties,
      // Read-only here: a person invited without a name must still be editable.
      name: { type: "string" },
      role_id: { type: "integer", oneOf: roles.map((role) => ({ const: role.id, title: role.name })) },
    },
  };
};

export const UserFormDialog = ({ user, onClose, onSaved }: UserFormDialogProps) => {
  const translate = useTranslate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider();
  // The user as the form last read them: the version the next save is made from ('Recargar' renews it).
  const [base, setBase] = useState<User | null>(user);
  const { data: roles = [] } = useGetList<Role>("roles", {
    pagination: { page: 1, perPage: 100 },
    sort: { field: "id", order: "ASC" },
  });
  const labels = {
    name: translate("slotdesk.users.fields.name"),
    last_name: translate("slotdesk.users.fields.last_name"),
    email: translate("slotdesk.users.fields.email"),
    role: translate("slotdesk.users.fields.role"),
    role_id: translate("slotdesk.users.fields.role"),
  };

  if (!user || !base) {
    return (
      <SchemaFormDialog
        open
        title={translate("slotdesk.users.add_title")}
        schema={FORM_SCHEMAS.UserAddRequest}
        uiSchema={{
          "ui:order": ["name", "last_name", "email", "role"],
          email: { "ui:widget": "email", "ui:autocomplete": "off" },
          role: { "ui:placeholder": " " },
        }}
        labels={labels}
        intro={translate("slotdesk.users.invite_hint")}
        onSubmit={async (values: FormValues) => {
          onSaved({ mode: "add", invited: await inviteUser(values) });
        }}
        onClose={onClose}
      />
    );
  }

  return (
    <SchemaFormDialog
      open
      title={translate("slotdesk.users.edit_title")}
      schema={editSchema(roleChoices(roles, base.role))}
      uiSchema={{
        "ui:order": ["name", "last_name", "role_id"],
        name: { "ui:readonly": true },
      }}
      labels={labels}
      initialValues={{ name: user.name, last_name: user.last_name, role_id: user.role.id }}
      intro={`${translate("slotdesk.users.fields.email")}: ${user.email}`}
      onSubmit={async ({ role_id: roleId, ...rest }: FormValues) => {
        // The role goes to the server only when the Admin picked a different one.
        const data = roleId === base.role.id ? rest : { ...rest, role_id: roleId };
        await update("users", { id: base.id, data, previousData: base }, { returnPromise: true, mutationMode: "pessimistic" });
        onSaved({ mode: "edit" });
      }}
      onReload={async () => {
        const { data } = await dataProvider.getOne<User>("users", { id: base.id });
        setBase(data);
        return { name: data.name, last_name: data.last_name, role_id: data.role.id };
      }}
      onClose={onClose}
    />
  );
};
