import CloseIcon from "@mui/icons-material/Close";
import { Dialog, DialogContent, DialogTitle, IconButton } from "@mui/material";
import { useId } from "react";
import { useTranslate } from "react-admin";
import { ComingSoon } from "../../custom-views/ComingSoon";

export interface ComingSoonDialogProps {
  open: boolean;
  onClose: () => void;
  /** Catalog key of the dialog title. */
  titleKey: string;
  /** Catalog key of the "not available yet" text. */
  messageKey?: string;
}

/** A dialog for a feature that is not built yet: its real title, an honest notice and a close button. */
export const ComingSoonDialog = ({
  open,
  onClose,
  titleKey,
  messageKey = "slotdesk.coming_soon.feature",
}: ComingSoonDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {translate(titleKey)}
      </DialogTitle>
      <IconButton
        aria-label={translate("ra.action.close")}
        onClick={onClose}
        sx={{ position: "absolute", right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <ComingSoon message={translate(messageKey)} />
      </DialogContent>
    </Dialog>
  );
};
