import { Box, IconButton, Tooltip } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslate } from "react-admin";
import { Link, useLocation } from "react-router-dom";
import { hasCapability, useRole } from "../../client/auth/capabilities";
import { HOME_PATH } from "../../client/auth/session";
import { findView, VIEWS } from "../views";

/** Seed 000 §2.1 and seed 002 §2: the side menu is 70 px wide. */
export const SIDE_MENU_WIDTH = 70;

/** The side menu: one icon button per view the role holds, with a Spanish tooltip. */
export const SideMenu = () => {
  const translate = useTranslate();
  const { role } = useRole();
  const current = findView(useLocation().pathname);
  const visible = VIEWS.filter((view) => hasCapability(role, view.capability));
  const queryClient = useQueryClient();
  const home = visible.find((view) => view.path === HOME_PATH);

  // Once the shell is idle, the default view's code loads (Entrega de turno, where a handover
  // starts): going back to it from any other view then waits only for its rows (issue 35).
  useEffect(() => {
    if (!home?.preload) return;
    const preload = home.preload;
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(preload, 1_000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 5_000 });
    return () => window.cancelIdleCallback(idle);
  }, [home]);

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
              // A view's code loads as the pointer comes over its entry (or the keyboard reaches
              // it), and its first read leaves with the click, before the code has arrived.
              onPointerEnter={view.preload}
              onFocus={view.preload}
              onClick={() => {
                if (selected) return;
                view.preload?.();
                view.prefetch?.(queryClient);
              }}
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
