import AlternateEmailIcon from "@mui/icons-material/AlternateEmail";
import BadgeOutlinedIcon from "@mui/icons-material/BadgeOutlined";
import DriveFolderUploadIcon from "@mui/icons-material/DriveFolderUpload";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import { lazy, type MouseEvent, Suspense, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { useCapability } from "../../client/auth/capabilities";

/**
 * 'Inicio de Temp.' is Admin-only and rare: its dialog (date pickers, its generated form) loads
 * when the menu holding it opens, so it is there, or nearly, when the item is chosen.
 */
const loadSeasonStart = () => import("./SeasonStartDialog");
const SeasonStartDialog = lazy(() => loadSeasonStart().then((module) => ({ default: module.SeasonStartDialog })));
/** The coordinator's e-mail form loads when opened too. */
const CoordinatorEmailDialog = lazy(() =>
  import("./CoordinatorEmailDialog").then((module) => ({ default: module.CoordinatorEmailDialog })),
);

/**
 * The settings of the top bar: the season-start menu (Admin) and, for whoever may modify
 * settings (Admin, Slot), the coordinator's e-mail address that SCR requests are sent to and the
 * airline's designators.
 */
export const SettingsMenu = () => (
  <>
    <SeasonStartMenu />
    <CoordinatorEmailButton />
    <AirlineButton />
  </>
);

/**
 * The settings menu (seed 002 §2): a file-upload icon, for the season-upload capability (Admin),
 * holding 'Inicio de Temp.', which opens the season-start dialog (SeasonStartDialog).
 */
const SeasonStartMenu = () => {
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
          onClick={(event: MouseEvent<HTMLElement>) => {
            setAnchor(event.currentTarget);
            void loadSeasonStart();
          }}
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
      {dialogOpen ? (
        <Suspense fallback={null}>
          <SeasonStartDialog onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};

/** 'Correo del coordinador': for the roles that may modify settings (Admin, Slot). */
const CoordinatorEmailButton = () => {
  const translate = useTranslate();
  const allowed = useCapability("settingsModify");
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const label = translate("slotdesk.settings.coordinator");
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <AlternateEmailIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <CoordinatorEmailDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};

/** The airline's designators (setting `airline`, issue 22 item 4): its form loads when opened. */
const AirlineDialog = lazy(() => import("./AirlineDialog").then((module) => ({ default: module.AirlineDialog })));

/** 'Aerolínea': for the roles that may modify settings (Admin, Slot). */
const AirlineButton = () => {
  const translate = useTranslate();
  const allowed = useCapability("settingsModify");
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const label = translate("slotdesk.settings.airline.button");
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <BadgeOutlinedIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <AirlineDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
