/**
 * A user's airports in the generated user forms (issue 37 item 6): the restriction as a multiple
 * choice among the airports the team holds (none chosen: every airport), and the default airport
 * as one choice among them (or the install's).
 */
import { MenuItem, TextField } from "@mui/material";
import type { FieldProps, WidgetProps } from "@rjsf/utils";
import { useTranslate } from "react-admin";
import { useAirports } from "../../client/queries/airports";

/** The held airports as choices: `JFK · Nueva York`. */
function useHeldChoices() {
  const { data = [] } = useAirports();
  return data.filter((airport) => airport.active).map((airport) => ({ value: airport.code, label: `${airport.code} · ${airport.city}` }));
}

export const AirportsField = ({ formData, onChange, schema, disabled, readonly, fieldPathId, rawErrors }: FieldProps) => {
  const translate = useTranslate();
  const choices = useHeldChoices();
  const chosen = Array.isArray(formData) ? formData.filter((item): item is string => typeof item === "string") : [];
  return (
    <TextField
      select
      id={fieldPathId.$id}
      label={typeof schema.title === "string" ? schema.title : ""}
      value={chosen}
      disabled={disabled || readonly}
      error={(rawErrors?.length ?? 0) > 0}
      helperText={translate("slotdesk.users.airports_hint")}
      fullWidth
      margin="normal"
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (value) => (Array.isArray(value) && value.length > 0 ? value.map(String).join(", ") : translate("slotdesk.users.every_airport")),
        },
      }}
      onChange={(event) => {
        const value: unknown = event.target.value;
        onChange(Array.isArray(value) ? value.map(String) : [], fieldPathId.path);
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

export const DefaultAirportWidget = ({ id, label, value, disabled, readonly, onChange, rawErrors }: WidgetProps) => {
  const translate = useTranslate();
  const choices = useHeldChoices();
  const selected = typeof value === "string" && choices.some((choice) => choice.value === value) ? value : "";
  return (
    <TextField
      select
      id={id}
      label={label}
      value={selected}
      disabled={disabled || readonly}
      error={(rawErrors?.length ?? 0) > 0}
      onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
      fullWidth
      margin="normal"
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{translate("slotdesk.users.no_default_airport")}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
};
