import CloseIcon from "@mui/icons-material/Close";
import { IconButton } from "@mui/material";

/** The cross in a dialog's top right corner (its title keeps `pr: 6` free for it). */
export const DialogCloseButton = ({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) => (
  <IconButton aria-label={label} onClick={onClick} disabled={disabled} sx={{ position: "absolute", right: 8, top: 8 }}>
    <CloseIcon />
  </IconButton>
);
