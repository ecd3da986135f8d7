import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from "@mui/material";
import { type FormEvent, type ReactNode, useId } from "react";
import { useTranslate } from "../../client/i18n/translate";
import { DialogCloseButton } from "../../client/ui/DialogCloseButton";

export interface DialogFormProps {
  open: boolean;
  onClose: () => void;
  /** Catalog key of the title (the dialog's accessible name). */
  titleKey: string;
  /** Catalog key of the submit button. */
  submitKey: string;
  /** Catalog key of the submit button while the call runs. */
  busyKey?: string;
  /** While the call runs: fields and buttons are disabled and the dialog cannot be dismissed. */
  busy: boolean;
  /** The form has done its work: only a close button is left. */
  done?: boolean;
  /** False while the fields are not complete: the submit button is disabled. */
  canSubmit?: boolean;
  onSubmit: () => void;
  /** The fields. */
  children: ReactNode;
}

/** A small modal form of the user's own account: title, close button, fields, Cancelar and submit. */
export const DialogForm = ({
  open,
  onClose,
  titleKey,
  submitKey,
  busyKey = "slotdesk.account.saving",
  busy,
  done = false,
  canSubmit = true,
  onSubmit,
  children,
}: DialogFormProps) => {
  const translate = useTranslate();
  const titleId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles the event to any form around its owner.
    event.stopPropagation();
    if (!busy && !done && canSubmit) onSubmit();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {translate(titleKey)}
        </DialogTitle>
        <DialogCloseButton label={translate("slotdesk.account.close")} onClick={onClose} disabled={busy} />
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {done ? (
            <Button variant="contained" onClick={onClose}>
              {translate("slotdesk.account.close")}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy}>
                {translate("slotdesk.account.cancel")}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || !canSubmit}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate(busy ? busyKey : submitKey)}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
};
