/**
 * Add and edit user (seed 000 §2.2), generated from the contract's UserAddRequest and
 * UserUpdateRequest schemas and saved through the contract's data provider. A new user needs an
 * e-mail and a role and receives an invitation; in edit the e-mail is shown above the form, the
 * name is read-only, and the role is chosen among the server's roles.
 */
import { useState } from "react";
import { useDataProvider, useTranslate, useUpdate } from "react-admin";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { mailStatusOf, type User, type UserMailResult } from "./data";
import { AirportsField, DefaultAirportWidget } from "./AirportFields";
import { RoleWidget } from "./RoleWidget";
import "../../client/i18n/adminTexts";

export interface UserFormDialogProps {
  /** The user to edit; null to add one. */
  user: User | null;
  onClose: () => void;
  /** `invited`: the new user and whether the invitation was sent or kept in the outbox. */
  onSaved: (saved: { mode: "add"; invited: UserMailResult } | { mode: "edit" }) => void;
}

/** The edit form's values: a person invited without a name has none to send (the contract wants one when sent). */
const editValues = (user: User): FormValues => ({
  ...(user.name ? { name: user.name } : {}),
  last_name: user.last_name,
  role_id: user.role.id,
  // Sent only when the person chooses (an untouched form changes nothing); none chosen is every airport.
  ...(user.airports ? { airports: user.airports } : {}),
  ...(user.default_airport ? { default_airport: user.default_airport } : {}),
});

/** The user's airports (issue 37): chosen among the held ones. */
const AIRPORT_FIELDS = { airports: { "ui:field": AirportsField }, default_airport: { "ui:widget": DefaultAirportWidget } };

export const UserFormDialog = ({ user, onClose, onSaved }: UserFormDialogProps) => {
  const translate = useTranslate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider();
  // The user as the form last read them: the version the next save is made from ('Recargar' renews it).
  const [base, setBase] = useState<User | null>(user);

  if (!user || !base) {
    return (
      <SchemaFormDialog
        open
        title={translate("slotdesk.users.add_title")}
        form="UserAddRequest"
        uiSchema={{ email: { "ui:autocomplete": "off" }, role: { "ui:placeholder": " " }, ...AIRPORT_FIELDS }}
        intro={translate("slotdesk.users.invite_hint")}
        onSubmit={async (values: FormValues) => {
          const { data, meta } = await dataProvider.create<User>("users", { data: values });
          onSaved({ mode: "add", invited: { user: data, mail_status: mailStatusOf(meta) ?? "kept" } });
        }}
        onClose={onClose}
      />
    );
  }

  return (
    <SchemaFormDialog
      open
      title={translate("slotdesk.users.edit_title")}
      form="UserUpdateRequest"
      uiSchema={{ name: { "ui:readonly": true }, role_id: { "ui:widget": RoleWidget }, ...AIRPORT_FIELDS }}
      initialValues={editValues(user)}
      intro={`${translate("slotdesk.users.fields.email")}: ${user.email}`}
      onSubmit={async (values: FormValues) => {
        await update("users", { id: base.id, data: values, previousData: base }, { returnPromise: true, mutationMode: "pessimistic" });
        onSaved({ mode: "edit" });
      }}
      onReload={async () => {
        const { data } = await dataProvider.getOne<User>("users", { id: base.id });
        setBase(data);
        return editValues(data);
      }}
      onClose={onClose}
    />
  );
};
