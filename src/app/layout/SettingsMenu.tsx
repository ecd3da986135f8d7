import DriveFolderUploadIcon from "@mui/icons-material/DriveFolderUpload";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import { type MouseEvent, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { useCapability } from "../auth/capabilities";
import { ComingSoonDialog } from "./ComingSoonDialog";

/**
 * The settings menu (seed 002 §2): a file-upload icon, for the season-upload capability (Admin),
 * holding 'Inicio de Temp.', which opens the season-start dialog (not built yet).
 */
export const SettingsMenu = () => {
  const translate = useTranslate();
  const allowed = useCapability("seasonUpload");
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  if (!allowed) return null;

  const label = translate("slotdesk.settings.menu");
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <DriveFolderUploadIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialogOpen(true);
          }}
        >
          <ListItemIcon>
            <DriveFolderUploadIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("slotdesk.settings.season_start")}</ListItemText>
        </MenuItem>
      </Menu>
      <ComingSoonDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        titleKey="slotdesk.settings.season_start_title"
      />
    </>
  );
};
