/**
 * One edge of the top bar's range as MUI's date picker (its calendar, date-fns in Spanish). Loaded
 * on demand by DateRangeBar, the first time a date field is pointed at or opened: the pickers and
 * their adapter are tens of KB and a costly first render the views do not need to show their rows
 * (issue 35).
 */
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DesktopDatePicker } from "@mui/x-date-pickers/DesktopDatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { esES } from "@mui/x-date-pickers/locales";
import { format, isValid } from "date-fns";
import { es } from "date-fns/locale";
import { RANGE_INPUT_FORMAT, type RangeDateFieldProps, rangeFieldSx } from "./RangeDateField";

const pickerLocaleText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** A calendar date `yyyy-MM-dd` as a local-midnight Date, the form the pickers work with. */
function toPickerDate(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(year, month - 1, day);
}

export default function RangeDatePicker({ label, date, open, compact, onOpen, onClose, onPick }: RangeDateFieldProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={pickerLocaleText}>
      <DesktopDatePicker
        label={label}
        value={toPickerDate(date)}
        format={RANGE_INPUT_FORMAT}
        enableAccessibleFieldDOMStructure={false}
        open={open}
        onOpen={onOpen}
        onClose={onClose}
        onAccept={(value) => {
          if (value !== null && isValid(value)) onPick(format(value, "yyyy-MM-dd"));
        }}
        slotProps={{
          field: { readOnly: true },
          textField: {
            size: "small",
            onClick: onOpen,
            sx: rangeFieldSx(compact),
          },
          openPickerButton: { size: "small" },
        }}
      />
    </LocalizationProvider>
  );
}
