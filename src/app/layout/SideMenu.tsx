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

  // Once the shell is idle, the views' code loads, the default view first (Entrega de turno, where
  // a handover starts), then the others the role holds, one per idle moment: a click on a view
  // then waits only for its data (issue 35). The download is the same the route would start.
  useEffect(() => {
    const held = VIEWS.filter((view) => hasCapability(role, view.capability));
    const first = held.filter((view) => view.path === HOME_PATH);
    const queue = [...first, ...held.filter((view) => view.path !== HOME_PATH)].flatMap((view) => (view.preload ? [view.preload] : []));
    let cancel = () => {};
    const next = () => {
      const preload = queue.shift();
      if (!preload) return;
      preload();
      schedule();
    };
    const schedule = () => {
      if (typeof window.requestIdleCallback !== "function") {
        const timer = window.setTimeout(next, 1_000);
        cancel = () => window.clearTimeout(timer);
        return;
      }
      const idle = window.requestIdleCallback(next, { timeout: 5_000 });
      cancel = () => window.cancelIdleCallback(idle);
    };
    schedule();
    return () => cancel();
  }, [role]);

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
