/**
 * A list of codes chosen from a catalogue the contract does not carry (the IATA delay codes): an
 * rjsf field for an array of strings, shown as rjsf shows a multiple choice (a select whose value
 * reads as the chosen items, comma-separated), each option with its meaning. The schema
 * (pattern, length, uniqueness) still validates what is chosen.
 */
import { MenuItem, TextField } from "@mui/material";
import type { FieldProps } from "@rjsf/utils";

export interface Choice {
  value: string;
  label: string;
}

export const choicesField =
  (choices: readonly Choice[]) =>
  ({ formData, onChange, schema, disabled, readonly, fieldPathId, rawErrors }: FieldProps) => {
    const chosen = Array.isArray(formData) ? formData.filter((item): item is string => typeof item === "string") : [];
    const labelOf = (value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
    return (
      <TextField
        select
        id={fieldPathId.$id}
        label={typeof schema.title === "string" ? schema.title : ""}
        value={chosen}
        disabled={disabled || readonly}
        error={(rawErrors?.length ?? 0) > 0}
        fullWidth
        slotProps={{
          select: {
            multiple: true,
            renderValue: (value) => (Array.isArray(value) ? value.map((item) => labelOf(String(item))).join(", ") : ""),
          },
        }}
        onChange={(event) => {
          const value: unknown = event.target.value;
          onChange(Array.isArray(value) ? value.map(String) : String(value).split(","), fieldPathId.path);
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
