/**
 * Before flights without slot go into the Altas draft (seed 001 §4.3): the team may request all
 * of them at another time. The change is optional; once chosen, the time is required, a real
 * hour and a multiple of 5 minutes (as every request line's time). Times are UTC, as in the SCR.
 */
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  TextField,
} from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { type RequestTimeProblem, requestTimeProblem } from "../../domain/turnover";
import "./texts";

const PROBLEM_KEYS: Readonly<Record<RequestTimeProblem, string>> = {
  empty: "slotdesk.turnover.bulk.new_time.empty",
  invalid: "slotdesk.turnover.bulk.new_time.invalid",
  not_multiple_of_5: "slotdesk.turnover.bulk.new_time.not_multiple_of_5",
};

interface NewSlotTimeDialogProps {
  count: number;
  /** `time` is the UTC `HH:mm` chosen, or undefined to keep each flight's own time. */
  onConfirm: (time: string | undefined) => void;
  onCancel: () => void;
}

export function NewSlotTimeDialog({ count, onConfirm, onCancel }: NewSlotTimeDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [change, setChange] = useState(false);
  const [time, setTime] = useState("");
  const [touched, setTouched] = useState(false);
  const problem = change ? requestTimeProblem(time) : null;
  const shownProblem = touched ? problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    onConfirm(change ? time.trim() : undefined);
  };

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate("slotdesk.turnover.bulk.new_time.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate("slotdesk.turnover.bulk.new_time.summary", { smart_count: count })}
          </DialogContentText>
          <FormControlLabel
            control={<Checkbox checked={change} onChange={(event) => setChange(event.target.checked)} />}
            label={translate("slotdesk.turnover.bulk.new_time.change")}
          />
          {change ? (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              type="time"
              required
              label={translate("slotdesk.turnover.bulk.new_time.time")}
              value={time}
              onChange={(event) => setTime(event.target.value)}
              onBlur={() => setTouched(true)}
              error={shownProblem !== null}
              helperText={shownProblem ? translate(PROBLEM_KEYS[shownProblem]) : " "}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
            />
          ) : (
            <DialogContentText variant="body2">{translate("slotdesk.turnover.bulk.new_time.change_hint")}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{translate("slotdesk.turnover.bulk.new_time.cancel")}</Button>
          <Button type="submit" variant="contained">
            {translate("slotdesk.turnover.bulk.new_time.confirm")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
