/**
 * Date inputs in es-MX (issue 11, item 4): a day is typed and shown dd/mm/aaaa and a moment
 * dd/mm/aaaa hh:mm, whatever the browser's own locale (a native `type="date"` follows the browser
 * and shows mm/dd/yyyy in an en-US one). The values stay the forms' plain strings: `yyyy-MM-dd`
 * for a day and `yyyy-MM-ddTHH:mm` for a moment; '' when empty and `INVALID_DATE` while what is
 * typed is not a date yet, so a form can say so.
 */
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DesktopDatePicker } from "@mui/x-date-pickers/DesktopDatePicker";
import { DesktopDateTimePicker } from "@mui/x-date-pickers/DesktopDateTimePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { esES } from "@mui/x-date-pickers/locales";
import { format, isValid, parse } from "date-fns";
import { es } from "date-fns/locale";
import { type ReactNode, useState } from "react";

/** What a day input shows: 24/11/2026. */
export const DAY_INPUT_FORMAT = "dd/MM/yyyy";
/** What a moment input shows: 24/11/2026 18:30. */
export const MOMENT_INPUT_FORMAT = "dd/MM/yyyy HH:mm";
/** The value while the text typed is not (yet) a date. */
export const INVALID_DATE = "invalid";

const DAY_VALUE = "yyyy-MM-dd";
const MOMENT_VALUE = "yyyy-MM-dd'T'HH:mm";

const localeText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** The pickers of these inputs in Spanish (calendar, placeholders dd/mm/aaaa). */
export const EsDatesProvider = ({ children }: { children: ReactNode }) => (
  <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={localeText}>
    {children}
  </LocalizationProvider>
);

const toDate = (value: string, pattern: string): Date | null => {
  if (value === "") return null;
  const date = parse(value, pattern, new Date(2000, 0, 1));
  return isValid(date) ? date : new Date(Number.NaN);
};

const fromDate = (date: Date | null, pattern: string): string => {
  if (date === null) return "";
  return isValid(date) ? format(date, pattern) : INVALID_DATE;
};

/**
 * The picker's own Date for a string value. The picker is given back the very Date it emitted
 * while the value is still the one it emitted, so a half-typed date is not reset on re-render.
 */
function usePickerValue(value: string, pattern: string): [Date | null, (date: Date | null) => string] {
  const [last, setLast] = useState<{ value: string; date: Date | null }>(() => ({ value, date: toDate(value, pattern) }));
  const date = last.value === value ? last.date : toDate(value, pattern);
  const accept = (next: Date | null) => {
    const emitted = fromDate(next, pattern);
    setLast({ value: emitted, date: next });
    return emitted;
  };
  return [date, accept];
}

interface CommonProps {
  label: string;
  /** `yyyy-MM-dd` (day) or `yyyy-MM-ddTHH:mm` (moment); '' when empty. */
  value: string;
  onChange(value: string): void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: "small" | "medium";
  fullWidth?: boolean;
  /** Earliest day the calendar offers, `yyyy-MM-dd`. */
  min?: string;
  /** Latest day the calendar offers, `yyyy-MM-dd`. */
  max?: string;
  id?: string;
  onBlur?(): void;
}

const fieldProps = ({ error, helperText, required, size, fullWidth, id, onBlur }: CommonProps) => ({
  textField: { error, helperText, required, size, fullWidth, id, onBlur },
  openPickerButton: { size: "small" as const },
});

const bound = (day: string | undefined): Date | undefined => {
  if (day === undefined) return undefined;
  const date = toDate(day, DAY_VALUE);
  return date !== null && isValid(date) ? date : undefined;
};

/**
 * What both pickers take: the value in the pattern's text, one plain <input> (typed text, labels
 * and tests as with any text field), the bounds and the field's props.
 */
function usePickerProps(props: CommonProps, pattern: string, format: string) {
  const [date, accept] = usePickerValue(props.value, pattern);
  return {
    label: props.label,
    value: date,
    format,
    enableAccessibleFieldDOMStructure: false,
    disabled: props.disabled,
    minDate: bound(props.min),
    maxDate: bound(props.max),
    onChange: (next: Date | null) => props.onChange(accept(next)),
    slotProps: fieldProps(props),
  } as const;
}

/** A day, typed or picked as dd/mm/aaaa. */
export const DateInput = (props: CommonProps) => {
  const pickerProps = usePickerProps(props, DAY_VALUE, DAY_INPUT_FORMAT);
  return (
    <EsDatesProvider>
      <DesktopDatePicker {...pickerProps} />
    </EsDatesProvider>
  );
};

/** A day and time, typed or picked as dd/mm/aaaa hh:mm (24 h). */
export const DateTimeInput = (props: CommonProps) => {
  const pickerProps = usePickerProps(props, MOMENT_VALUE, MOMENT_INPUT_FORMAT);
  return (
    <EsDatesProvider>
      <DesktopDateTimePicker {...pickerProps} ampm={false} />
    </EsDatesProvider>
  );
};
