/**
 * Usuarios tab of the Panel de administrador (seed 000 §2.2, §4.5): avatar, name, e-mail (a
 * warning dot for a pending user), a role dropdown that applies at once, last login in Mexico
 * City time; a row click opens Reestablecer / Editar / Eliminar / Bloquear or Desbloquear.
 */
import { TZDate } from "@date-fns/tz";
import { Badge, Box, Chip, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { format } from "date-fns";
import { useState } from "react";
import {
  Confirm,
  FunctionField,
  useDataProvider,
  useGetList,
  useNotify,
  useRefresh,
  useTranslate,
} from "react-admin";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";
import { AdminList, Menu, NameAvatar, useRowMenu } from "../../client/ui/grid";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import { isStaleVersion } from "../../client/data/resourceHandlers";
import { type Role, runUserAction, sendPasswordReset, type User, type UserAction, type UserMailResult } from "./data";
import { UserFormDialog } from "./UserFormDialog";
import "../../client/i18n/adminTexts";
import "../../client/i18n/formsTexts";

const fullName = (user: User) => `${user.name} ${user.last_name}`.trim();

/** dd/MM/yyyy in Mexico City time, or '---' (seed 000 §2.2). */
export const formatLastLogin = (iso: string | null, never: string) =>
  iso ? format(new TZDate(new Date(iso).getTime(), DEFAULT_TIME_ZONE), "dd/MM/yyyy") : never;

const errorMessage = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** The role dropdown of a row: applies the new role at once (seed 000 §4.5). */
const RoleSelect = ({ user }: { user: User }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  const { data: roles, isPending } = useGetList<Role>("roles", {
    pagination: { page: 1, perPage: 100 },
    sort: { field: "id", order: "ASC" },
  });
  const options = roles && roles.length > 0 ? roles : [];
  const change = async (roleId: number) => {
    if (roleId === user.role.id) return;
    setSaving(true);
    try {
      await runUserAction("role", user, roleId);
      notify("slotdesk.admin.updated", { type: "success" });
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate("slotdesk.errors.generic")), { type: "error" });
      // Someone changed the user meanwhile: the message names them, the list shows the change.
      if (isStaleVersion(error)) refresh();
    } finally {
      setSaving(false);
    }
  };
  return (
    // Clicks inside the dropdown (and its menu, rendered in a portal) must not open the row menu.
    <Box onClick={(event) => event.stopPropagation()}>
      <TextField
        select
        size="small"
        variant="outlined"
        margin="none"
        value={user.role.id}
        disabled={saving}
        onChange={(event) => void change(Number(event.target.value))}
        slotProps={{ htmlInput: { "aria-label": translate("slotdesk.users.role_of", { name: fullName(user) || user.email }) } }}
        sx={{ minWidth: 160 }}
      >
        {options.some((role) => role.id === user.role.id) ? null : (
          <MenuItem value={user.role.id}>{user.role.name}</MenuItem>
        )}
        {isPending ? (
          <MenuItem disabled value="">
            {translate("slotdesk.users.role_loading")}
          </MenuItem>
        ) : options.length === 0 ? (
          <MenuItem disabled value="">
            {translate("slotdesk.users.role_empty")}
          </MenuItem>
        ) : (
          options.map((role) => (
            <MenuItem key={role.id} value={role.id}>
              {role.name}
            </MenuItem>
          ))
        )}
      </TextField>
    </Box>
  );
};

const EmailCell = ({ user }: { user: User }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {user.is_pendent ? (
        <Tooltip title={translate("slotdesk.users.pending")}>
          <Badge variant="dot" color="warning" data-testid="pending-dot" aria-label={translate("slotdesk.users.pending")}>
            <Typography variant="body2">{user.email}</Typography>
          </Badge>
        </Tooltip>
      ) : (
        <Typography variant="body2">{user.email}</Typography>
      )}
      {user.is_blocked ? <Chip size="small" color="error" variant="outlined" label={translate("slotdesk.users.blocked")} /> : null}
    </Stack>
  );
};

type Pending = { action: Exclude<UserAction, "role"> | "reset" | "delete"; user: User } | null;

export const UserList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const menu = useRowMenu<User>();
  const [confirming, setConfirming] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<{ mode: "add" } | { mode: "edit"; user: User } | null>(null);

  /** 'Correo enviado' only when it was: without SMTP the e-mail stays in Correos, 'Sin enviar' (issue 24 item 6). */
  const notifyMail = (result: UserMailResult, kind: "invitation" | "reset") => {
    if (result.mail_status === "sent") notify("slotdesk.admin.mail_sent", { type: "success" });
    else {
      const key = kind === "invitation" ? "slotdesk.users.mail_kept.invitation" : "slotdesk.users.mail_kept.reset";
      notify(key, { type: "warning", messageArgs: { email: result.user.email }, autoHideDuration: 10_000 });
    }
  };

  const ask = (action: NonNullable<Pending>["action"]) => {
    if (menu.record) setConfirming({ action, user: menu.record });
    menu.close();
  };

  const run = async () => {
    if (!confirming) return;
    const { action, user } = confirming;
    setBusy(true);
    try {
      if (action === "delete") {
        await dataProvider.delete("users", { id: user.id, previousData: user });
        notify("slotdesk.admin.updated", { type: "success" });
      } else if (action === "reset") {
        notifyMail(await sendPasswordReset(user), user.is_pendent ? "invitation" : "reset");
      } else {
        await runUserAction(action, user);
        notify("slotdesk.admin.updated", { type: "success" });
      }
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate("slotdesk.errors.generic")), { type: "error" });
      if (isStaleVersion(error)) refresh();
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const confirmText = (pending: NonNullable<Pending>) => {
    const email = pending.user.email;
    if (pending.action === "reset") {
      return {
        title: translate("slotdesk.users.confirm.reset_title"),
        content: translate(pending.user.is_pendent ? "slotdesk.users.confirm.reset_pending" : "slotdesk.users.confirm.reset", {
          email,
        }),
      };
    }
    const keys = {
      delete: ["slotdesk.users.confirm.delete_title", "slotdesk.users.confirm.delete"],
      block: ["slotdesk.users.confirm.block_title", "slotdesk.users.confirm.block"],
      unblock: ["slotdesk.users.confirm.unblock_title", "slotdesk.users.confirm.unblock"],
    } as const;
    const [title, content] = keys[pending.action];
    return { title: translate(title), content: translate(content, { email }) };
  };

  const selected = menu.record;
  return (
    <Box {...menu.captureProps}>
      <AdminList
        resource="users"
        sort={{ field: "name", order: "ASC" }}
        add={{ labelKey: "slotdesk.users.add", onClick: () => setForm({ mode: "add" }) }}
      >
        <ResourceGrid
          resource="users"
          onRow={menu.open}
          leading={<FunctionField<User> label="slotdesk.users.fields.avatar" sortable={false} render={(user) => <NameAvatar name={user.name || user.email} />} />}
          cells={{
            name: { render: (user) => fullName(user) },
            email: { render: (user) => <EmailCell user={user} /> },
            role: { render: (user) => <RoleSelect user={user} />, sortBy: "role.name" },
            last_login: { render: (user) => formatLastLogin(user.last_login, translate("slotdesk.users.never_logged_in")) },
            // No restriction reads as every airport (issue 37 item 6), never as an empty cell.
            airports: { render: (user) => (user.airports?.length ? user.airports.join(", ") : translate("slotdesk.users.every_airport")) },
          }}
        />
      </AdminList>

      <Menu {...menu.menuProps(translate("slotdesk.admin.row_actions", { name: selected ? fullName(selected) || selected.email : "" }))}>
        <MenuItem onClick={() => ask("reset")}>
          <ListItemText>{translate("slotdesk.users.actions.reset")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (selected) setForm({ mode: "edit", user: selected });
            menu.close();
          }}
        >
          <ListItemText>{translate("slotdesk.users.actions.edit")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => ask("delete")}>
          <ListItemText>{translate("slotdesk.users.actions.delete")}</ListItemText>
        </MenuItem>
        {selected?.is_blocked ? (
          <MenuItem onClick={() => ask("unblock")}>
            <ListItemText>{translate("slotdesk.users.actions.unblock")}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={() => ask("block")}>
            <ListItemText>{translate("slotdesk.users.actions.block")}</ListItemText>
          </MenuItem>
        )}
      </Menu>

      {confirming ? (
        <Confirm
          isOpen
          loading={busy}
          {...confirmText(confirming)}
          confirm="slotdesk.admin.confirm"
          cancel="slotdesk.admin.cancel"
          onConfirm={() => void run()}
          onClose={() => setConfirming(null)}
        />
      ) : null}

      {form ? (
        <UserFormDialog
          user={form.mode === "edit" ? form.user : null}
          onClose={() => setForm(null)}
          onSaved={(saved) => {
            setForm(null);
            if (saved.mode === "add") notifyMail(saved.invited, "invitation");
            else notify("slotdesk.admin.updated", { type: "success" });
            refresh();
          }}
        />
      ) : null}
    </Box>
  );
};
