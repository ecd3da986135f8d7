/** The edit form's role: a choice among the server's roles (the contract types it as a role id). */
import { MenuItem, TextField } from "@mui/material";
import type { WidgetProps } from "@rjsf/utils";
import { useGetList } from "react-admin";
import type { Role } from "./data";

export const RoleWidget = ({ id, label, value, required, disabled, readonly, onChange, rawErrors }: WidgetProps) => {
  const { data: roles = [] } = useGetList<Role>("roles", { pagination: { page: 1, perPage: 100 }, sort: { field: "id", order: "ASC" } });
  const selected = typeof value === "number" && roles.some((role) => role.id === value) ? value : "";
  return (
    <TextField
      select
      id={id}
      label={label}
      value={selected}
      required={required}
      disabled={disabled || readonly}
      error={(rawErrors?.length ?? 0) > 0}
      onChange={(event) => onChange(Number(event.target.value))}
      fullWidth
      margin="normal"
    >
      {roles.map((role) => (
        <MenuItem key={role.id} value={role.id}>
          {role.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
