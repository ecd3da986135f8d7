/**
 * A list of codes chosen from a catalogue the contract does not carry (the IATA delay codes): an
 * rjsf field for an array of strings, shown as a multiple choice with each code's meaning. The
 * schema (pattern, length, uniqueness) still validates what is chosen.
 */
import { Autocomplete, TextField } from "@mui/material";
import type { FieldProps } from "@rjsf/utils";

export interface Choice {
  value: string;
  label: string;
}

export const choicesField =
  (choices: readonly Choice[]) =>
  ({ formData, onChange, schema, disabled, readonly, fieldPathId }: FieldProps) => {
    const chosen = Array.isArray(formData) ? formData.filter((item): item is string => typeof item === "string") : [];
    const label = typeof schema.title === "string" ? schema.title : "";
    return (
      <Autocomplete
        multiple
        id={fieldPathId.$id}
        options={choices.map((choice) => choice.value)}
        getOptionLabel={(value) => choices.find((choice) => choice.value === value)?.label ?? value}
        value={chosen}
        disabled={disabled || readonly}
        onChange={(_event, value) => onChange(value, fieldPathId.path)}
        renderInput={(params) => <TextField {...params} label={label} margin="normal" />}
      />
    );
  };
