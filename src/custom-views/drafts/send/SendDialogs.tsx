/** The two dialogs of the send view: the reference in use (seed 000 §5.3) and the slots in process (§8). */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "@mui/material";
import { useId } from "react";
import { useTranslate } from "react-admin";
import type { components } from "../../../generated/openapi";
import "./texts";

type SlotInProcess = components["schemas"]["SlotInProcess"];

export const ReferenceInUseDialog = ({
  open,
  next,
  onUse,
  onClose,
}: {
  open: boolean;
  /** The next free reference, offered as a one-click fix. */
  next: number | null;
  onUse: (next: number) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{translate("slotdesk.send.reference_dialog.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{translate("slotdesk.send.reference_dialog.body")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("slotdesk.send.reference_dialog.close")}</Button>
        {next !== null ? (
          <Button variant="contained" onClick={() => onUse(next)}>
            {translate("slotdesk.send.reference_dialog.use", { next })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};

/** `2026-11-03` → `03/11/2026`. */
const displayDate = (date: string) => {
  const [year, month, day] = date.split("-");
  return year && month && day ? `${day}/${month}/${year}` : date;
};

export const SlotsInProcessDialog = ({
  open,
  slots,
  onClose,
}: {
  open: boolean;
  slots: SlotInProcess[];
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate("slotdesk.send.slots_dialog.title")}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate("slotdesk.send.slots_dialog.name")}</TableCell>
              <TableCell>{translate("slotdesk.send.slots_dialog.date")}</TableCell>
              <TableCell>{translate("slotdesk.send.slots_dialog.time")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {slots.map((slot) => (
              <TableRow key={`${slot.id}-${slot.date}-${slot.time}`}>
                <TableCell>{slot.name}</TableCell>
                <TableCell>{displayDate(slot.date)}</TableCell>
                <TableCell>{slot.time}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("slotdesk.send.slots_dialog.close")}</Button>
      </DialogActions>
    </Dialog>
  );
};
