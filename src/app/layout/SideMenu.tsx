import { Box, IconButton, Tooltip } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link, useLocation } from "react-router-dom";
import { hasCapability, useRole } from "../../client/auth/capabilities";
import { findView, VIEWS } from "../views";

/** Seed 000 §2.1 and seed 002 §2: the side menu is 70 px wide. */
export const SIDE_MENU_WIDTH = 70;

/** The side menu: one icon button per view the role holds, with a Spanish tooltip. */
export const SideMenu = () => {
  const translate = useTranslate();
  const { role } = useRole();
  const current = findView(useLocation().pathname);
  const visible = VIEWS.filter((view) => hasCapability(role, view.capability));

  return (
    <Box
      component="nav"
      aria-label={translate("slotdesk.menu.side")}
      sx={{
        width: SIDE_MENU_WIDTH,
        flexShrink: 0,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 0.5,
        py: 1,
        bgcolor: "primary.dark",
        color: "primary.contrastText",
      }}
    >
      {visible.map((view) => {
        const label = translate(view.labelKey);
        const selected = current?.id === view.id;
        const Icon = view.icon;
        return (
          <Tooltip key={view.id} title={label} placement="right">
            <IconButton
              component={Link}
              to={view.path}
              aria-label={label}
              aria-current={selected ? "page" : undefined}
              sx={{
                width: 48,
                height: 48,
                borderRadius: 1.5,
                color: selected ? "primary.dark" : "inherit",
                bgcolor: selected ? "primary.contrastText" : "transparent",
                "&:hover": { bgcolor: selected ? "primary.contrastText" : "rgba(255, 255, 255, 0.12)" },
                "&.Mui-focusVisible": { outline: "2px solid", outlineColor: "secondary.light" },
              }}
            >
              <Icon />
            </IconButton>
          </Tooltip>
        );
      })}
    </Box>
  );
};
