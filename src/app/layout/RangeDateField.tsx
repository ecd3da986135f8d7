/**
 * One date of the top bar's range (Desde / Hasta): a read-only field that opens a calendar. Until
 * the person first points at it, focuses it or opens it, a plain field of the same look stands in
 * for MUI's date picker, whose code (tens of KB) and first render (its adapter, its field's
 * selection kept in the DOM) the views' first screen does not need (issue 35). The picker's code
 * starts loading when the field is pointed at or focused; opening the field (a click, or the
 * calendar button) puts the picker in its place, its calendar open as soon as the code is there.
 */
import CalendarIcon from "@mui/icons-material/CalendarMonth";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { lazy, Suspense, useState } from "react";
import { formatDate } from "../../domain/dateRange";

/** Display format of the picker inputs: dd/mm/aaaa, as the grids show dates (21/11/2026). */
export const RANGE_INPUT_FORMAT = "dd/MM/yyyy";

export interface RangeDateFieldProps {
  label: string;
  /** `yyyy-MM-dd`. */
  date: string;
  open: boolean;
  compact: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** A date picked in the calendar, `yyyy-MM-dd`. */
  onPick: (date: string) => void;
}

const loadPicker = () => import("./RangeDatePicker");
const RangeDatePicker = lazy(loadPicker);

/** Loads the picker's code (tests await it before they open a calendar). */
export const preloadRangeDatePicker = (): Promise<unknown> => loadPicker();
const preloadPicker = () => {
  // A failed download shows when the field is opened: Suspense's error reaches the boundary.
  preloadRangeDatePicker().catch(() => {});
};

/** The field's width and cursor, the same for the picker and its stand-in. */
export function rangeFieldSx(compact: boolean) {
  return {
    width: compact ? 136 : 158,
    "& .MuiInputBase-input": { cursor: "pointer", ...(compact ? { fontSize: 13, pr: 0 } : {}) },
  };
}

/** The picker's look without its code: the same label, date, width and calendar button. */
function StandIn({ label, date, compact, onOpen }: RangeDateFieldProps) {
  const shown = formatDate(date);
  return (
    <TextField
      size="small"
      label={label}
      value={shown}
      onClick={onOpen}
      onPointerEnter={preloadPicker}
      onFocus={preloadPicker}
      sx={rangeFieldSx(compact)}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={`Elige fecha, la fecha elegida es ${shown}`} onClick={onOpen}>
                <CalendarIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function RangeDateField(props: RangeDateFieldProps) {
  // Once opened, the real picker keeps the stand-in's place (until the date changes: a new key).
  const [opened, setOpened] = useState(false);
  const { onOpen } = props;
  const open = () => {
    setOpened(true);
    onOpen();
  };
  const standIn = <StandIn {...props} onOpen={open} />;
  if (!opened && !props.open) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangeDatePicker {...props} />
    </Suspense>
  );
}
