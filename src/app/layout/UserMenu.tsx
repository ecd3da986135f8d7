import DriveFileRenameOutlineIcon from "@mui/icons-material/DriveFileRenameOutline";
import LogoutIcon from "@mui/icons-material/Logout";
import PasswordIcon from "@mui/icons-material/Password";
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from "@mui/material";
import { lazy, type MouseEvent, Suspense, useId, useState } from "react";
import { useGetIdentity, useTranslate } from "react-admin";
import { useSignOut } from "./SessionGate";

/** The account dialogs (forms) load when first asked for, not with the shell. */
const EditNameDialog = lazy(() => import("../account/EditNameDialog").then((module) => ({ default: module.EditNameDialog })));
const ChangePasswordDialog = lazy(() =>
  import("../account/ChangePasswordDialog").then((module) => ({ default: module.ChangePasswordDialog })),
);

type SessionDialog = "name" | "password";

/**
 * The user menu (seed 000 §2.1, seed 002 §2): an avatar with the first letter of the name;
 * 'Editar nombre' and 'Cambiar contraseña' (their dialogs) and 'Cerrar sesión'.
 */
export const UserMenu = () => {
  const translate = useTranslate();
  const signOut = useSignOut();
  const { identity } = useGetIdentity();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<SessionDialog | null>(null);

  const fullName = identity?.fullName ?? "";
  const email = typeof identity?.email === "string" ? identity.email : "";
  const initial = fullName.trim().charAt(0).toUpperCase();

  const openDialog = (next: SessionDialog) => {
    setAnchor(null);
    setDialog(next);
  };

  return (
    <>
      <IconButton
        aria-label={translate("slotdesk.user.menu")}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Avatar sx={{ width: 32, height: 32, bgcolor: "secondary.main", fontSize: 16 }}>{initial}</Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        {fullName ? (
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{fullName}</Typography>
            {email ? (
              <Typography variant="body2" color="text.secondary">
                {email}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {fullName ? <Divider /> : null}
        <MenuItem onClick={() => openDialog("name")}>
          <ListItemIcon>
            <DriveFileRenameOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("slotdesk.user.edit_name")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => openDialog("password")}>
          <ListItemIcon>
            <PasswordIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("slotdesk.user.change_password")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("slotdesk.user.logout")}</ListItemText>
        </MenuItem>
      </Menu>
      {dialog !== null ? (
        <Suspense fallback={null}>
          <EditNameDialog open={dialog === "name"} onClose={() => setDialog(null)} />
          <ChangePasswordDialog open={dialog === "password"} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
