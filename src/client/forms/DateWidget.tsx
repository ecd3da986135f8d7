/**
 * The date widget of the contract's forms (`format: date`, e.g. a season's start and end): typed
 * and shown dd/mm/aaaa whatever the browser's locale, valued `yyyy-MM-dd` as the contract wants.
 */
import type { WidgetProps } from "@rjsf/utils";
import { DateInput } from "../dates/DateInput";

export const DateWidget = ({ id, label, value, required, disabled, readonly, rawErrors, onChange, onBlur, options }: WidgetProps) => (
  <DateInput
    id={id}
    label={label}
    value={typeof value === "string" ? value : ""}
    required={required}
    disabled={disabled || readonly}
    error={(rawErrors ?? []).length > 0}
    fullWidth
    onChange={(next) => onChange(next === "" ? options.emptyValue : next)}
    onBlur={() => onBlur(id, value)}
  />
);
